// The Kysely types of the tables in the `metering` schema, which only this service touches.
import type { BusTables } from '@querylane/bus';

export type MeteringTables = BusTables;
