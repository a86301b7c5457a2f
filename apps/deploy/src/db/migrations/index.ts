// Every migration of the `deploy` schema, by name (<epochMs>-<PascalName>); never edit one that shipped.
import type { Migration } from 'kysely';
import * as init from './1795239431867-Init.js';
import * as createDeployTables from './1795248981672-CreateDeployTables.js';

export const migrations: Record<string, Migration> = {
  '1795239431867-Init': init,
  '1795248981672-CreateDeployTables': createDeployTables,
};
