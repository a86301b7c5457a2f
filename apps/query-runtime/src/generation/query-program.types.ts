// The shape of a generated query program (DESIGN.md §5), as the catalog stores it and the router reads it.
import type { JsonScalar } from '@querylane/duckdb';

export type ProgramFamily = 'list' | 'lookup' | 'aggregate' | 'top_n' | 'count' | 'range' | 'time_series' | 'text_search';

export type SlotType = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'enum';

export interface Slot {
  /** A clean snake identifier, bound as `$name` in the SQL. */
  name: string;
  type: SlotType;
  required: boolean;
  /** Used when the caller gives no value; null means "no filter" for optional filters. */
  default: JsonScalar;
  description: string;
  enum_values?: (string | number | boolean)[];
  /** Bounds a value must keep (a limit's 1 to 10,000); outside them a call is refused. */
  minimum?: number | string;
  maximum?: number | string;
  /**
   * The data's extent when the program was generated (a range filter's column): told and used by
   * routing (a bound below it keeps the same rows; one beyond it finds nothing), never enforced.
   */
  observed_minimum?: number | string;
  observed_maximum?: number | string;
}

export interface ProgramFilter {
  column: string;
  /** `eq` for categorical filters, `gte`/`lte` for ranges, `ilike` for text search, `present` for a value being there (true) or missing (false), `contains` for a label a list holds. */
  op: 'eq' | 'gte' | 'lte' | 'ilike' | 'present' | 'contains';
  slot: string;
}

/** The structured plan behind the SQL, for a later editor or a rewrite of the SQL. */
export interface ProgramSteps {
  family: ProgramFamily;
  table: string;
  columns: string[];
  group_by?: string[];
  filters: ProgramFilter[];
  aggregate?: { function: 'count' | 'sum' | 'avg' | 'min' | 'max'; column: string | null };
  /** `chronological`: the column is a time, so `asc` is the oldest first and `desc` the most recent. */
  order?: { column: string; direction: 'asc' | 'desc' | 'slot'; slot?: string; chronological?: boolean };
  limit?: { slot: string } | null;
  interval?: { slot: string };
  /**
   * The slot choosing whether groups rank by the total or the average of the aggregated column;
   * `column`: the measure a time series ranks its periods by (its total or average), beside their count;
   * `adds`: whether that measure adds up (a quantity, summed first) or is a level (averaged first).
   */
  rank_by?: { slot: string; column?: string; adds?: boolean };
  /**
   * A program over any of several columns (a wide table's measures past those with programs of
   * their own): the enum `slot` names the column, and a filter or order on the column `$<slot>`
   * applies to the one it names.
   */
  column_choice?: { slot: string; columns: string[] };
}

export interface GeneratedProgram {
  name: string;
  family: ProgramFamily;
  query: string;
  description: string;
  reason: string;
  examples: string[];
  query_program: string;
  steps: ProgramSteps;
  slots: Slot[];
  stores: string[];
}
