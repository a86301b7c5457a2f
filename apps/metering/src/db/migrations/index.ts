// Every migration of the `metering` schema, by name (<epochMs>-<PascalName>); never edit one that shipped.
import type { Migration } from 'kysely';
import * as init from './1795239431867-Init.js';
import * as createMeteringTables from './1795260000000-CreateMeteringTables.js';
import * as createAlerts from './1795270000000-CreateAlerts.js';

export const migrations: Record<string, Migration> = {
  '1795239431867-Init': init,
  '1795260000000-CreateMeteringTables': createMeteringTables,
  '1795270000000-CreateAlerts': createAlerts,
};
