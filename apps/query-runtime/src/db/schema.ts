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

export interface ConversationsTable {
  id: string;
  project_id: string;
  environment: string;
  api_key_id: string | null;
  user_id: string | null;
  /** The first question, shortened. */
  title: string;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface MessagesTable {
  id: string;
  conversation_id: string;
  /** user (the question) or assistant (what answered it, or why nothing did) */
  role: string;
  content: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface QueryResponsesTable {
  id: string;
  conversation_id: string;
  /** The user's message (the question). */
  message_id: string;
  project_id: string;
  question: string;
  /** answered, refused or failed */
  status: string;
  query_program_id: string | null;
  query_used: string | null;
  parameters: Json<Record<string, unknown>>;
  confidence: number | null;
  row_count: number | null;
  execution_time_ms: number | null;
  error: string | null;
  /** The closest candidates of a refusal: [{endpoint_name, score}]. */
  candidates: Json<unknown[]>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface QueryRuntimeTables extends BusTables {
  query_programs: QueryProgramsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  query_responses: QueryResponsesTable;
}
