// The Kysely types of the tables in the `query` schema, which only this service touches.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

type Json<T extends object> = JSONColumnType<T, string, string>;

export interface QueryProgramsTable {
  id: string;
  project_id: string;
  name: string;
  version: number;
  prev_id: string | null;
  is_current: boolean;
  /** generated or hand_written */
  origin: string;
  family: string | null;
  query: string;
  description: string | null;
  reason: string | null;
  examples: Json<string[]>;
  query_program: string;
  steps: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  slots: Json<Record<string, unknown>[]>;
  stores: Json<string[]>;
  status: Generated<string>;
  invalid_reason: string | null;
  published: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  deleted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface QueryRuntimeTables extends BusTables {
  query_programs: QueryProgramsTable;
}
