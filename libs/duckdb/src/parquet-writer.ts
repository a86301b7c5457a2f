// Turns the records extracted from an HTTP response into one zstd-compressed Parquet file.
//
// The input is one of two:
// - The body itself (fast path). When the caller hands over a whole JSON array or NDJSON body
//   (`JsonRecordsDocument`: one page, no response path), its bytes go to a scratch file and DuckDB
//   converts them with the column types of a sample (its first 20,480 records) while a second
//   DuckDB instance reads the same bytes for a value those types would not hold as it is
//   (sample-check.ts): JavaScript never parses the body. When one turns up, or DuckDB refuses the
//   body (a key or a string the sample did not foresee, a duplicate key, a record that is not an
//   object), JavaScript parses the records and scans them once with RecordNormalizer; if none needs
//   shaping the bytes are converted again with every record typing the columns (sample_size=-1),
//   and otherwise the values take the other path.
// - Records streamed to a temporary NDJSON file, each shaped by RecordNormalizer (any other source,
//   and every body a rule below changes), typed from every record.
// Both give the same table; the difference is that numbers keep the spelling the target used
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
// - A top-level text column whose every value is a number written as text (`"12.5"`, `"$4.99"`,
//   `"45,571,090"`) is stored as numbers: number-text.ts says which.
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
import { storeNumberText } from './number-text.js';
import { RecordNormalizer } from './record-normalizer.js';
import { misfitSql, uncheckable, type SampledColumn } from './sample-check.js';
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

// DuckDB's default sample for typing JSON.
const sampledRecords = 20_480;

// DuckDB's default; raised to the longest record so one big record never fails the read.
const defaultMaxObjectBytes = 16 * 1024 * 1024;

/**
 * A whole response body of records and the same records parsed, for the fast path: the bytes are
 * written to disk as they are unless a value needs shaping (see the top of this file).
 */
export interface JsonRecordsDocument {
  /** The body as the target sent it, in UTF-8: its bytes, or the file they were written to as they arrived. */
  json: Buffer | JsonBodyFile;
  /** `array`: one JSON array whose items are the records; `newline_delimited`: one record a line. */
  format: 'array' | 'newline_delimited';
  /**
   * The items of the array (or the lines) as JSON.parse gave them, before any `{ value }` wrapping;
   * or a function that parses them when called (it throws the body's own error when it is not
   * JSON, and says which format the body turned out to be), so that a body DuckDB converts on its
   * own is never parsed here.
   */
  values: readonly unknown[] | (() => ParsedRecords | Promise<ParsedRecords>);
  /** Told how many records were written when they were written from the bytes (`values` may never have been read). */
  written?: (records: number) => void;
}

/** A body on disk: the writer reads it where it is (it stays the caller's to remove). */
export interface JsonBodyFile {
  path: string;
  bytes: number;
  /** The body holds `\u0000` as text (DuckDB ends a key at an escaped NUL). */
  nulEscape: boolean;
}

/** The records of a body as its parser reads them: an iterable that parses anew on each pass. */
export interface ParsedRecords {
  format: 'array' | 'newline_delimited';
  values: Iterable<unknown>;
}

/**
 * Thrown while the records of a body are read when the body turned out to be of the other format
 * (JSON Lines whose lines are arrays look like an array at first); asked again, the document's
 * `values` answers in the right one.
 */
export class RecordsFormatChange extends Error {
  override readonly name = 'RecordsFormatChange';
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
  // The staged file again with its numbers written as text stored as numbers (number-text.ts).
  const retyped = `${staged}.numbers`;
  const settings = { memoryLimit: options.memoryLimit, spillDirectory: join(scratch, 'spill') };
  try {
    await mkdir(dirname(outputPath), { recursive: true }).catch((error: unknown) => {
      throw operationFailure(error, 'creating the output directory');
    });
    let written: { rows: number; columns: ParquetColumn[] } | undefined;
    let records: RecordSource | Iterable<unknown> = isJsonDocument(source) ? [] : source;
    if (isJsonDocument(source)) {
      const fromBody = await writeFromBody(source, scratch, staged, tableName, settings, logger);
      if ('columns' in fromBody) {
        written = fromBody;
        source.written?.(fromBody.rows);
      } else {
        records = fromBody.values;
      }
    }
    if (!written) {
      const input = await spooledInput(records, scratch, options.onProgress).catch(async (error: unknown) => {
        // The records ran into the body's real format after the scan stopped early: read them again.
        if (!(error instanceof RecordsFormatChange) || !isJsonDocument(source) || typeof source.values !== 'function') throw error;
        return spooledInput((await source.values()).values, scratch, options.onProgress);
      });
      logger?.debug({ origin: input.origin, rows: input.rows, elapsed_ms: Date.now() - started }, 'records staged');
      written = { rows: input.rows, columns: await withDuckDB(settings, (connection) => convert(connection, input, staged, tableName, 'whole')).catch(failed(logger)) };
    } else {
      options.onProgress?.(written.rows);
    }
    const columns = written.columns;
    written.columns = await withDuckDB(settings, (connection) =>
      storeNumberText(connection, staged, columns, async (select) => {
        await connection.run(`COPY (${select}) TO ${quoteLiteral(retyped)} ${parquetOptions(tableName)}`);
        await rename(retyped, staged);
        return describeParquet(connection, staged);
      }),
    ).catch(failed(logger));
    await rename(staged, outputPath).catch(failed(logger));
    const { size } = await stat(outputPath);
    logger?.info({ rows: written.rows, bytes: size, columns: written.columns.length, elapsed_ms: Date.now() - started }, 'parquet written');
    return { rows: written.rows, bytes: size, columns: written.columns };
  } finally {
    // A cleanup failure is logged, never thrown: it would hide the outcome of the conversion.
    await rm(scratch, { recursive: true, force: true }).catch((error: unknown) => logger?.warn({ err: error, scratch }, 'could not remove the scratch directory'));
    for (const file of [staged, retyped]) await rm(file, { force: true }).catch((error: unknown) => logger?.warn({ err: error, staged: file }, 'could not remove the staged Parquet file'));
  }
}

function failed(logger: Logger | undefined): (error: unknown) => never {
  return (error: unknown) => {
    logger?.error({ err: error }, 'parquet conversion failed');
    throw operationFailure(error, 'writing the response as Parquet');
  };
}

/**
 * The fast path: the body's own bytes go to DuckDB, typed from a sample of the records and checked
 * (sample-check.ts) on a second DuckDB instance while the first writes; JavaScript never parses
 * the body. When the sampled types do not hold every value, or DuckDB refuses the body, JavaScript
 * parses and scans the records: if none needs shaping the bytes are converted again with every
 * record typing the columns (sample_size = -1, mixed columns as text), otherwise (or if DuckDB
 * refuses them again: a duplicate key, a lone surrogate) the parsed values are handed back for the
 * spool.
 */
async function writeFromBody(
  document: JsonRecordsDocument,
  scratch: string,
  staged: string,
  tableName: string,
  settings: { memoryLimit: string | undefined; spillDirectory: string },
  logger: Logger | undefined,
): Promise<{ rows: number; columns: ParquetColumn[] } | { values: Iterable<unknown> }> {
  const started = Date.now();
  const { json } = document;
  // Bytes in memory are staged in the scratch directory; a body on disk is read where it is.
  const staging = Buffer.isBuffer(json);
  const path = staging ? join(scratch, 'body.json') : json.path;
  if (staging) {
    await writeFile(path, json).catch((error: unknown) => {
      throw operationFailure(error, 'writing the temporary records file');
    });
    logger?.debug({ bytes: json.length, elapsed_ms: Date.now() - started }, 'body staged');
  }
  const sampledInput: ScratchInput = { origin: 'body', path, format: document.format, rows: -1, mixedColumns: [], maxRecordLength: 0 };
  const nulEscape = staging ? json.includes('\\u0000') : json.nulEscape;
  const sampled = await convertSampled(sampledInput, nulEscape, scratch, staged, tableName, settings, logger);
  if (sampled) {
    logger?.debug({ origin: 'body', typing: 'sampled', rows: sampled.rows, elapsed_ms: Date.now() - started }, 'records written from the body');
    return sampled;
  }
  let parsed: ParsedRecords;
  let normalizer: RecordNormalizer;
  let usable: boolean;
  let rows: number;
  // A second reading is in the body's real format (RecordsFormatChange); there is no third.
  for (let reading = 1; ; reading += 1) {
    parsed = typeof document.values === 'function' ? await document.values() : { format: document.format, values: document.values };
    normalizer = new RecordNormalizer();
    usable = true;
    rows = 0;
    try {
      for (const value of parsed.values) {
        rows += 1;
        if (normalizer.normalize(value) !== value) {
          usable = false;
          break;
        }
      }
      break;
    } catch (error) {
      if (!(error instanceof RecordsFormatChange) || reading > 1) throw error;
    }
  }
  usable &&= rows > 0;
  logger?.debug({ rows, usable, elapsed_ms: Date.now() - started }, 'records parsed and scanned');
  if (!usable || normalizer.columns().length === 0) return { values: parsed.values };
  const input: ScratchInput = { origin: 'body', path, format: parsed.format, rows, mixedColumns: normalizer.mixedScalarColumns(), maxRecordLength: 0 };
  try {
    const columns = await withDuckDB({ ...settings, threads: threadsFor(parsed.format) }, (connection) => convert(connection, input, staged, tableName, 'whole'));
    logger?.debug({ origin: 'body', typing: 'whole', rows, elapsed_ms: Date.now() - started }, 'records written from the body');
    return { rows, columns };
  } catch (error) {
    // The body held something JSON.parse accepts and DuckDB does not; the shaped records will do.
    logger?.warn({ err: error }, 'DuckDB refused the body as sent; writing its records one by one');
    if (staging) await rm(path, { force: true });
    return { values: parsed.values };
  }
}

// DuckDB reads one JSON array on one thread whatever it is given; further threads only hold
// buffers (a million records: +270 MB with two threads, +90 MB with one, same time). NDJSON
// splits across threads, which pays (1.8 s → 1.4 s).
function threadsFor(format: JsonRecordsDocument['format']): number | undefined {
  return format === 'array' ? 1 : undefined;
}

/**
 * The body converted with the types DuckDB infers from its first records, while a second DuckDB
 * instance looks for a value those types would not hold as it is (sample-check.ts). Undefined, with
 * the reason logged, when one turns up, when the sampled types cannot be checked (JSON, MAP, names
 * DuckDB made up), or when DuckDB refuses the body as typed (a key or a string the sample did not
 * foresee, a record that is not an object, a duplicate key, another format): the staged file is
 * then left for the caller to overwrite.
 */
async function convertSampled(
  input: ScratchInput,
  nulEscape: boolean,
  scratch: string,
  staged: string,
  tableName: string,
  settings: { memoryLimit: string | undefined; spillDirectory: string },
  logger: Logger | undefined,
): Promise<{ rows: number; columns: ParquetColumn[] } | undefined> {
  const skip = (reason: string, error?: unknown): undefined => {
    logger?.debug({ reason, err: error }, 'the sampled typing does not hold every record; typing them all');
    return undefined;
  };
  // DuckDB ends a key at an escaped NUL (it reads `a\u0000b` as `a`), so such a body is shaped in JavaScript.
  if (nulEscape) return skip('a NUL character');
  const threads = threadsFor(input.format);
  return withDuckDB({ ...settings, threads }, async (connection) => {
    let columns: SampledColumn[];
    try {
      const typed = await connection.runAndReadAll(`SELECT * FROM ${readJsonSql(input, 'sampled')} LIMIT 0`);
      const types = typed.columnTypes();
      columns = typed.columnNames().map((name, index) => ({ name, type: types[index]! }));
    } catch (error) {
      return skip('DuckDB could not type a sample of the body', error);
    }
    const reason = uncheckable(columns);
    if (reason !== undefined) return skip(reason);
    const misfits = misfitSql(columns, (parameter) => readJsonSql(input, 'sampled', parameter));
    // Whichever of the two fails first stops the other: its work would be thrown away.
    let checker: DuckDBConnection | undefined;
    let failedFirst: 'check' | 'copy' | undefined;
    const checked: Promise<{ fits: boolean; error?: unknown }> =
      misfits === undefined
        ? Promise.resolve({ fits: true })
        : withDuckDB({ ...settings, spillDirectory: join(scratch, 'spill-check'), threads }, async (opened) => {
            if (failedFirst) return { fits: false };
            checker = opened;
            try {
              return { fits: (await opened.runAndReadAll(misfits)).currentRowCount === 0 };
            } finally {
              checker = undefined; // before withDuckDB closes it
            }
          })
            .catch((error: unknown) => ({ fits: false, error }))
            .then((result) => {
              if (!result.fits && !failedFirst) {
                failedFirst = 'check';
                interrupt(connection);
              }
              return result;
            });
    const copied = connection.runAndReadAll(copySql(input, staged, tableName, 'sampled')).then(
      (reader) => ({ rows: Number(reader.getRowsJS()[0]?.[0]) }),
      (error: unknown) => {
        if (!failedFirst) {
          failedFirst = 'copy';
          if (checker) interrupt(checker);
        }
        return { rows: -1, error };
      },
    );
    const [check, copy] = await Promise.all([checked, copied]);
    if (failedFirst === 'copy') return skip('DuckDB refused the body as typed from its sample', 'error' in copy ? copy.error : undefined);
    if (failedFirst === 'check') return skip(check.error === undefined ? 'a value does not fit its sampled type' : 'DuckDB refused the body in the check', check.error);
    if (copy.rows === 0) return skip('no records');
    return { rows: copy.rows, columns: await describeParquet(connection, staged) };
  });
}

/** Stops what the connection is running; a connection that just finished has nothing to stop. */
function interrupt(connection: DuckDBConnection): void {
  try {
    connection.interrupt();
  } catch {
    // Nothing was running any more.
  }
}

async function spooledInput(records: RecordSource | Iterable<unknown>, scratch: string, onProgress: ((rows: number) => void) | undefined): Promise<ScratchInput> {
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

async function convert(connection: DuckDBConnection, input: ScratchInput, staged: string, tableName: string, typing: Typing): Promise<ParquetColumn[]> {
  const copied = await connection.runAndReadAll(copySql(input, staged, tableName, typing));
  const count = Number(copied.getRowsJS()[0]?.[0]);
  if (count !== input.rows) throw new AppError('internal_error', `DuckDB wrote ${count} rows of ${input.rows}`);
  return describeParquet(connection, staged);
}

/** `whole`: every record types the columns (sample_size = -1); `sampled`: DuckDB's first 20,480 do. */
type Typing = 'whole' | 'sampled';

/** The read_json call of the input; given `columns` (a DuckDB `columns` parameter), it reads those alone. */
function readJsonSql(input: ScratchInput, typing: Typing, columns?: string): string {
  // UTF-16 units to UTF-8 bytes: at most three bytes each.
  const maxObjectBytes = Math.max(defaultMaxObjectBytes, input.maxRecordLength * 3 + 1);
  const typed = columns === undefined ? `sample_size = ${typing === 'whole' ? -1 : sampledRecords}` : `columns = ${columns}`;
  return `read_json(${quoteLiteral(input.path)}, format = '${input.format}', records = true, ${typed}, maximum_object_size = ${maxObjectBytes})`;
}

function copySql(input: ScratchInput, target: string, tableName: string, typing: Typing): string {
  const source = readJsonSql(input, typing);
  // A JSON string gives its content, any other scalar its JSON text (`1776`, `true`, `2.5`).
  const asText = (column: string): string => {
    const json = `to_json(${quoteIdentifier(column)})`;
    return `CASE WHEN json_type(${json}) = 'VARCHAR' THEN ${json} ->> '$' ELSE CAST(${json} AS VARCHAR) END AS ${quoteIdentifier(column)}`;
  };
  const replace = input.mixedColumns.length > 0 ? ` REPLACE (${input.mixedColumns.map(asText).join(', ')})` : '';
  return `COPY (SELECT *${replace} FROM ${source}) TO ${quoteLiteral(target)} ${parquetOptions(tableName)}`;
}

/** How every Parquet file is written: zstd, with the table's name in its metadata. */
function parquetOptions(tableName: string): string {
  return `(FORMAT parquet, COMPRESSION zstd, KV_METADATA {${quoteLiteral(tableNameMetadataKey)}: ${quoteLiteral(tableName)}})`;
}

function isJsonDocument(source: RecordSource | JsonRecordsDocument): source is JsonRecordsDocument {
  const { json, values } = source as Partial<JsonRecordsDocument>;
  const body = Buffer.isBuffer(json) || typeof (json as Partial<JsonBodyFile> | undefined)?.path === 'string';
  return body && (Array.isArray(values) || typeof values === 'function');
}

/** Names and SQL types of a Parquet file's columns, from its footer alone. */
export async function describeParquet(connection: DuckDBConnection, path: string): Promise<ParquetColumn[]> {
  const reader = await connection.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet(${quoteLiteral(path)})`);
  return reader.getRowObjectsJS().map((row) => ({ name: String(row.column_name), type: String(row.column_type) }));
}
