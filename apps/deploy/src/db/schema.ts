// The Kysely types of the tables in the `deploy` schema, which only this service touches.
import type { BusTables } from '@querylane/bus';

export type DeployTables = BusTables;
