// Every migration of the `catalog` schema, by name (<epochMs>-<PascalName>); never edit one that shipped.
import type { Migration } from 'kysely';
import * as init from './1795239431867-Init.js';
import * as createCatalogTables from './1795240851580-CreateCatalogTables.js';

export const migrations: Record<string, Migration> = {
  '1795239431867-Init': init,
  '1795240851580-CreateCatalogTables': createCatalogTables,
};
