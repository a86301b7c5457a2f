// The Kysely types of the tables in the `connector` schema, which only this service touches.
import type { ColumnType, JSONColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

export interface IdempotencyKeysTable {
  project_id: string;
  key: string;
  /** SHA-256 of the request, so the same key with another request is refused. */
  request_hash: string;
  /** Null while the request that claimed the key is still running. */
  answer: JSONColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export interface ConnectorTables extends BusTables {
  idempotency_keys: IdempotencyKeysTable;
}
