// Point lookups called side by side answered by one statement. A lookup program
// (`SELECT * FROM "t" WHERE "k" = $k LIMIT n`, the shape generated lookups have) costs DuckDB far
// more to plan than to run: it plans a statement with a parameter in its filter again at every run,
// so that the filter reaches the key's index. The lookups waiting for a lane when one becomes free
// run as `… WHERE "k" IN ($k0, …)`, planned once for all of them, and each caller gets the rows of
// its own key. One batch of a program runs at a time: calls arriving meanwhile wait for it and go
// together as the next (an IN list of more than 4 keys is a scan of the table whatever its length,
// so two half batches side by side cost nearly twice one whole). Measured in-process on 1M rows in
// random order with an index on the key (CPU per key, one DuckDB thread): 0.88 ms alone, 0.25 ms
// four at a time, 0.10 ms 16, 0.07 ms 32.
// The model is DataLoader's batching of keys requested in the same moment.
import type { DuckDBValue } from '@duckdb/node-api';

export interface PointLookup {
  /** The table, quoted as the program quotes it. */
  from: string;
  /** The key column, quoted as the program quotes it. */
  key: string;
  /** The key column's name (unquoted). */
  keyName: string;
  /** The slot the key is bound to. */
  slot: string;
  /** The program's LIMIT. */
  limit: number;
}

/** The most lookups one statement answers. */
export const maxLookupBatch = 64;

const quoted = String.raw`"(?:[^"]|"")+"`;
const lookupShape = new RegExp(String.raw`^\s*SELECT\s+\*\s+FROM\s+(${quoted})\s+WHERE\s+(${quoted})\s*=\s*\$([A-Za-z_][A-Za-z0-9_]*)\s+LIMIT\s+(\d+)\s*;?\s*$`, 'i');

/** The lookup a program's SQL is, when it is exactly a point lookup by one key; undefined otherwise. */
export function pointLookupOf(sql: string): PointLookup | undefined {
  const match = lookupShape.exec(sql);
  if (!match) return undefined;
  const [, from, key, slot, limit] = match as unknown as [string, string, string, string, string];
  return { from, key, keyName: key.slice(1, -1).replaceAll('""', '"'), slot, limit: Number(limit) };
}

/**
 * The statement answering `size` lookups: the program's rows for any of the keys `$k0 … $k<size-1>`,
 * each with the (1-based) position of its key in that list as the last column, `limit` rows at most.
 */
export function batchedLookupSql(lookup: PointLookup, size: number, limit: number): string {
  const keys = Array.from({ length: size }, (_, index) => `$k${index}`).join(', ');
  return `SELECT *, list_position([${keys}], ${lookup.key}) AS "__lookup_position" FROM ${lookup.from} WHERE ${lookup.key} IN (${keys}) LIMIT ${limit}`;
}

/**
 * Statements are prepared per size, so sizes are rounded up to a power of two (a few statements per
 * program) and the list padded with its last key, which changes no answer.
 */
export function batchSize(calls: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(2, calls)));
}

/**
 * Whether keys of this kind can share a statement on a key column of this DuckDB type: only where
 * two keys that differ here never equal each other there — whole numbers on an integer column, text
 * on a text column (`'5'` and `'05'` both equal 5 on an integer column; -0 and 0 are equal doubles).
 */
export function keysComparable(key: DuckDBValue, columnType: string): boolean {
  if (typeof key === 'bigint') return /^U?(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT)$/.test(columnType);
  if (typeof key === 'string') return columnType === 'VARCHAR';
  return false;
}
