// The Kysely types of the tables in the `catalog` schema, which only this service touches.
import type { BusTables } from '@querylane/bus';

export type CatalogTables = BusTables;
