// Turns the records extracted from an HTTP response into one zstd-compressed Parquet file.
//
// DuckDB reads the whole input to settle the schema (sample_size=-1: every key of every record
// becomes a column, typed from all its values) and copies it to Parquet. The input is one of two:
// - The body itself (fast path). When the caller hands over a whole JSON array or NDJSON body with
//   its parsed values (`JsonRecordsDocument`: one page, no response path), every value goes through
//   RecordNormalizer once without being copied; if no value needed a change (all plain objects, no
//   key renamed) the bytes as the target sent them are written to the scratch file unchanged, which
//   saves serializing every record again. Mixed-kind columns are collected in the same scan. If
//   DuckDB refuses the bytes (a duplicate key, a record over 16 MB, a lone surrogate), the values
//   take the other path.
// - Records streamed to a temporary NDJSON file, each shaped by RecordNormalizer (any other source,
//   and every body a rule below changes).
// Both give the same table; the only difference is that numbers keep the spelling the target used
// (`1.0` and `1e5` are DOUBLE from the body, BIGINT once JSON.parse and JSON.stringify had them).
// What the data becomes:
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
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
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

/**
 * A whole response body of records and the same records parsed, for the fast path: the bytes are
 * written to disk as they are unless a value needs shaping (see the top of this file).
 */
export interface JsonRecordsDocument {
  /** The body as the target sent it, in UTF-8. */
  json: Buffer;
  /** `array`: one JSON array whose items are the records; `newline_delimited`: one record a line. */
  format: 'array' | 'newline_delimited';
  /** The items of the array (or the lines) as JSON.parse gave them, before any `{ value }` wrapping. */
  values: readonly unknown[];
}

type RecordSource = AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>;

/** The scratch file DuckDB reads, and what writing it found out about the records. */
interface ScratchInput {
  /** `body`: the target's bytes as they are; `spool`: the records shaped and written one by one. */
  origin: 'body' | 'spool';
  path: string;
  format: JsonRecordsDocument['format'];
  rows: number;
  mixedColumns: string[];
  /** The longest record in UTF-16 units, where it is known. */
  maxRecordLength: number;
}

export async function writeParquet(source: RecordSource | JsonRecordsDocument, outputPath: string, options: WriteParquetOptions = {}): Promise<WriteParquetResult> {
  const started = Date.now();
  const tableName = options.tableName ?? tableNameFromPath(outputPath);
  const logger = options.logger?.child({ component: 'parquet-writer', table: tableName });
  const scratch = await mkdtemp(join(options.scratchDir ?? tmpdir(), 'querylane-parquet-')).catch((error: unknown) => {
    throw operationFailure(error, 'creating a scratch directory');
  });
  // Written beside the target and renamed: a failed conversion never leaves half a file behind.
  const staged = join(dirname(outputPath), `.${basename(outputPath)}.${randomUUID()}.tmp`);
  try {
    let input = isJsonDocument(source) ? await bodyInput(source, scratch, options.onProgress) : undefined;
    const spool = async (): Promise<ScratchInput> => {
      const records = isJsonDocument(source) ? source.values : source;
      return spooledInput(records, scratch, options.onProgress);
    };
    input ??= await spool();
    logger?.debug({ origin: input.origin, rows: input.rows, elapsed_ms: Date.now() - started }, 'records staged');
    try {
      await mkdir(dirname(outputPath), { recursive: true });
      const settings = { memoryLimit: options.memoryLimit, spillDirectory: join(scratch, 'spill') };
      // DuckDB reads one JSON array on one thread whatever it is given; further threads only hold
      // buffers (a million records: +270 MB with two threads, +90 MB with one, same time).
      // NDJSON splits across threads, which pays (1.8 s → 1.4 s).
      const write = (from: ScratchInput): Promise<ParquetColumn[]> =>
        withDuckDB({ ...settings, threads: from.format === 'array' ? 1 : undefined }, (connection) => convert(connection, from, staged, tableName));
      let columns: ParquetColumn[];
      try {
        columns = await write(input);
      } catch (error) {
        if (input.origin === 'spool') throw error;
        // The body held something JSON.parse accepts and DuckDB does not; the shaped records will do.
        logger?.warn({ err: error }, 'DuckDB refused the body as sent; writing its records one by one');
        await rm(input.path, { force: true });
        input = await spool();
        logger?.debug({ origin: input.origin, rows: input.rows, elapsed_ms: Date.now() - started }, 'records staged');
        columns = await write(input);
      }
      await rename(staged, outputPath);
      const { size } = await stat(outputPath);
      logger?.info({ rows: input.rows, bytes: size, columns: columns.length, elapsed_ms: Date.now() - started }, 'parquet written');
      return { rows: input.rows, bytes: size, columns };
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

/**
 * The body written as it is, when RecordNormalizer leaves every value untouched (it returns the
 * very object it was given unless something must change); undefined when the records need shaping,
 * or are none or empty objects (the spool path reports those).
 */
async function bodyInput(document: JsonRecordsDocument, scratch: string, onProgress: ((rows: number) => void) | undefined): Promise<ScratchInput | undefined> {
  const path = join(scratch, 'body.json');
  // The disk writes while the values are scanned (the write is thrown away if they need shaping).
  const written = writeFile(path, document.json).then(
    () => undefined,
    (error: unknown) => operationFailure(error, 'writing the temporary records file'),
  );
  const normalizer = new RecordNormalizer();
  let usable = document.values.length > 0;
  try {
    for (const value of document.values) {
      if (normalizer.normalize(value) !== value) {
        usable = false;
        break;
      }
    }
  } finally {
    // Never left writing into a scratch directory that is being removed.
    await written;
  }
  const failure = await written;
  if (!usable || normalizer.columns().length === 0) {
    await rm(path, { force: true });
    return undefined;
  }
  if (failure) throw failure;
  onProgress?.(document.values.length);
  return { origin: 'body', path, format: document.format, rows: document.values.length, mixedColumns: normalizer.mixedScalarColumns(), maxRecordLength: 0 };
}

async function spooledInput(records: RecordSource | readonly unknown[], scratch: string, onProgress: ((rows: number) => void) | undefined): Promise<ScratchInput> {
  const normalizer = new RecordNormalizer();
  const path = join(scratch, 'records.ndjson');
  // Errors of the source itself (a page that failed) reach the caller as they are.
  const spooled = await spoolRecords(records, normalizer, path, { onProgress });
  if (spooled.rows === 0) {
    throw new AppError('invalid_request', 'the response has no records: the response path selected nothing to write to Parquet');
  }
  if (normalizer.columns().length === 0) {
    throw new AppError('invalid_request', `the response has no fields: its ${spooled.rows} records are all empty objects`);
  }
  return { origin: 'spool', path, format: 'newline_delimited', rows: spooled.rows, mixedColumns: normalizer.mixedScalarColumns(), maxRecordLength: spooled.maxLineLength };
}

async function convert(connection: DuckDBConnection, input: ScratchInput, staged: string, tableName: string): Promise<ParquetColumn[]> {
  const copied = await connection.runAndReadAll(copySql(input, staged, tableName));
  const count = Number(copied.getRowsJS()[0]?.[0]);
  if (count !== input.rows) throw new AppError('internal_error', `DuckDB wrote ${count} rows of ${input.rows}`);
  return describeParquet(connection, staged);
}

function copySql(input: ScratchInput, target: string, tableName: string): string {
  // UTF-16 units to UTF-8 bytes: at most three bytes each.
  const maxObjectBytes = Math.max(defaultMaxObjectBytes, input.maxRecordLength * 3 + 1);
  const source = `read_json(${quoteLiteral(input.path)}, format = '${input.format}', records = true, sample_size = -1, maximum_object_size = ${maxObjectBytes})`;
  // A JSON string gives its content, any other scalar its JSON text (`1776`, `true`, `2.5`).
  const asText = (column: string): string => {
    const json = `to_json(${quoteIdentifier(column)})`;
    return `CASE WHEN json_type(${json}) = 'VARCHAR' THEN ${json} ->> '$' ELSE CAST(${json} AS VARCHAR) END AS ${quoteIdentifier(column)}`;
  };
  const replace = input.mixedColumns.length > 0 ? ` REPLACE (${input.mixedColumns.map(asText).join(', ')})` : '';
  const metadata = `KV_METADATA {${quoteLiteral(tableNameMetadataKey)}: ${quoteLiteral(tableName)}}`;
  return `COPY (SELECT *${replace} FROM ${source}) TO ${quoteLiteral(target)} (FORMAT parquet, COMPRESSION zstd, ${metadata})`;
}

function isJsonDocument(source: RecordSource | JsonRecordsDocument): source is JsonRecordsDocument {
  return Buffer.isBuffer((source as Partial<JsonRecordsDocument>).json) && Array.isArray((source as Partial<JsonRecordsDocument>).values);
}

/** Names and SQL types of a Parquet file's columns, from its footer alone. */
export async function describeParquet(connection: DuckDBConnection, path: string): Promise<ParquetColumn[]> {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${quoteLiteral(path)})`);
  return reader.getRowObjectsJS().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
}
