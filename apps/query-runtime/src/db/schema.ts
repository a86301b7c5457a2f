// The Kysely types of the tables in the `query` schema, which only this service touches.
import type { BusTables } from '@querylane/bus';

export type QueryRuntimeTables = BusTables;
