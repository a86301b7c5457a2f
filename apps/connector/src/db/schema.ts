// The Kysely types of the tables in the `connector` schema, which only this service touches.
import type { BusTables } from '@querylane/bus';

export type ConnectorTables = BusTables;
