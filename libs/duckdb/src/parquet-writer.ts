// Turns the records extracted from an HTTP response into one zstd-compressed Parquet file.
//
// Records are streamed to a temporary NDJSON file, then DuckDB reads the whole file to settle the
// schema (sample_size=-1: every key of every record becomes a column, typed from all its values)
// and copies it to Parquet. What the data becomes:
// - Column names are the keys as they are (`US Gross`, `order`, `a.b`, `say "hi"`). The exceptions
//   are names DuckDB cannot hold: an empty key becomes `unnamed`, a NUL becomes `_`, and a key that
//   differs from an earlier one only in ASCII case (`ID` after `id`) gets a suffix (`ID_1`),
//   because DuckDB identifiers ignore case.
// - Dates are DuckDB's detection, one format per column: ISO dates become DATE, ISO timestamps
//   TIMESTAMP (an offset is applied, then dropped: UTC), UUIDs UUID. A column with any value that
//   does not parse, or that mixes formats (`…05Z` and `…05.5Z`, `Z` and `+02:00`), stays VARCHAR; profileParquet still
//   calls it temporal when every value is an ISO date or timestamp.
// - Nested objects and arrays stay nested: STRUCT and LIST (MAP for objects used as dictionaries).
//   Later SQL reaches into them directly (`"owner"."login"`, `unnest("tags")`, `len("tags")`) with
//   real types, and Parquet stores each leaf as its own column. Where the shapes of one key disagree
//   (an object in one record, a list in another, a field that is a number here and a string there)
//   that value is JSON, still queryable with `->>`.
// - A top-level key holding numbers in some records and strings or booleans in others (movies.json's
//   `Title`: "Avatar", 1776) is VARCHAR with each value's JSON text ('1776', 'true'): DuckDB would
//   make it JSON, whose string values keep their quotes and match no `= 'Avatar'`.
// - A record that is not a plain object (a number, a string, an array) is stored as
//   `{ "value": record }`, so a response that is a list of ids becomes one column `value`.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { operationFailure, withDuckDB } from './duckdb-session.js';
import { spoolRecords } from './ndjson-spool.js';
import { RecordNormalizer } from './record-normalizer.js';
import { quoteIdentifier, quoteLiteral } from './sql-identifier.js';
import { tableNameFromPath } from './table-name.js';

export interface WriteParquetOptions {
  /** The table the data is known as; stored in the file's metadata for profileParquet. Defaults to the file name. */
  tableName?: string;
  /** Rows written so far, every 10,000 rows and once at the end. */
  onProgress?: (rows: number) => void;
  /** Where the temporary NDJSON file goes (the OS temp directory by default); it is always removed. */
  scratchDir?: string;
  logger?: Logger;
  /** DuckDB's memory ceiling for the conversion (default 1GB); beyond it DuckDB spills to scratchDir. */
  memoryLimit?: string;
}

export interface ParquetColumn {
  name: string;
  /** DuckDB SQL type, as in `CREATE TABLE` (`BIGINT`, `VARCHAR`, `STRUCT("a b" DOUBLE)`, `JSON`). */
  type: string;
}

export interface WriteParquetResult {
  rows: number;
  bytes: number;
  columns: ParquetColumn[];
}

/** The Parquet key-value metadata entry holding the table name. */
export const tableNameMetadataKey = 'querylane.table';

// DuckDB's default; raised to the longest record so one big record never fails the read.
const defaultMaxObjectBytes = 16 * 1024 * 1024;

export async function writeParquet(
  records: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>,
  outputPath: string,
  options: WriteParquetOptions = {},
): Promise<WriteParquetResult> {
  const started = Date.now();
  const tableName = options.tableName ?? tableNameFromPath(outputPath);
  const logger = options.logger?.child({ component: 'parquet-writer', table: tableName });
  const scratch = await mkdtemp(join(options.scratchDir ?? tmpdir(), 'querylane-parquet-')).catch((error: unknown) => {
    throw operationFailure(error, 'creating a scratch directory');
  });
  // Written beside the target and renamed: a failed conversion never leaves half a file behind.
  const staged = join(dirname(outputPath), `.${basename(outputPath)}.${randomUUID()}.tmp`);
  try {
    const normalizer = new RecordNormalizer();
    // Errors of the source itself (a page that failed) reach the caller as they are.
    const spooled = await spoolRecords(records, normalizer, join(scratch, 'records.ndjson'), { onProgress: options.onProgress });
    if (spooled.rows === 0) {
      throw new AppError('invalid_request', 'the response has no records: the response path selected nothing to write to Parquet');
    }
    if (normalizer.columns().length === 0) {
      throw new AppError('invalid_request', `the response has no fields: its ${spooled.rows} records are all empty objects`);
    }
    logger?.debug({ rows: spooled.rows, elapsed_ms: Date.now() - started }, 'records spooled');
    try {
      await mkdir(dirname(outputPath), { recursive: true });
      const columns = await withDuckDB({ memoryLimit: options.memoryLimit, spillDirectory: join(scratch, 'spill') }, async (connection) => {
        const sql = copySql(join(scratch, 'records.ndjson'), staged, tableName, normalizer.mixedScalarColumns(), spooled.maxLineLength);
        const copied = await connection.runAndReadAll(sql);
        const count = Number(copied.getRowsJS()[0]?.[0]);
        if (count !== spooled.rows) throw new AppError('internal_error', `DuckDB wrote ${count} rows of ${spooled.rows}`);
        return describeParquet(connection, staged);
      });
      await rename(staged, outputPath);
      const { size } = await stat(outputPath);
      logger?.info({ rows: spooled.rows, bytes: size, columns: columns.length, elapsed_ms: Date.now() - started }, 'parquet written');
      return { rows: spooled.rows, bytes: size, columns };
    } catch (error) {
      const failure = operationFailure(error, 'writing the response as Parquet');
      logger?.error({ err: error }, 'parquet conversion failed');
      throw failure;
    }
  } finally {
    // A cleanup failure is logged, never thrown: it would hide the outcome of the conversion.
    await rm(scratch, { recursive: true, force: true }).catch((error: unknown) => logger?.warn({ err: error, scratch }, 'could not remove the scratch directory'));
    await rm(staged, { force: true }).catch((error: unknown) => logger?.warn({ err: error, staged }, 'could not remove the staged Parquet file'));
  }
}

function copySql(ndjsonPath: string, target: string, tableName: string, mixedColumns: string[], maxLineLength: number): string {
  // UTF-16 units to UTF-8 bytes: at most three bytes each.
  const maxObjectBytes = Math.max(defaultMaxObjectBytes, maxLineLength * 3 + 1);
  const source = `read_json(${quoteLiteral(ndjsonPath)}, format = 'newline_delimited', records = true, sample_size = -1, maximum_object_size = ${maxObjectBytes})`;
  // A JSON string gives its content, any other scalar its JSON text (`1776`, `true`, `2.5`).
  const asText = (column: string): string => {
    const json = `to_json(${quoteIdentifier(column)})`;
    return `CASE WHEN json_type(${json}) = 'VARCHAR' THEN ${json} ->> '$' ELSE CAST(${json} AS VARCHAR) END AS ${quoteIdentifier(column)}`;
  };
  const replace = mixedColumns.length > 0 ? ` REPLACE (${mixedColumns.map(asText).join(', ')})` : '';
  const metadata = `KV_METADATA {${quoteLiteral(tableNameMetadataKey)}: ${quoteLiteral(tableName)}}`;
  return `COPY (SELECT *${replace} FROM ${source}) TO ${quoteLiteral(target)} (FORMAT parquet, COMPRESSION zstd, ${metadata})`;
}

/** Names and SQL types of a Parquet file's columns, from its footer alone. */
export async function describeParquet(connection: DuckDBConnection, path: string): Promise<ParquetColumn[]> {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${quoteLiteral(path)})`);
  return reader.getRowObjectsJS().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
}
