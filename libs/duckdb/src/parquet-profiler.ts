// Profiles a Parquet file for the Dataline: per column its type, nulls, cardinality, range, most
// frequent values and meaning, plus the table's DDL. One aggregate scan computes every count and
// range at once (Parquet is columnar, so each aggregate reads only its own column), and a second
// the integer columns' distinct counts, which a compact range lets a bitmap count; then one
// GROUP BY per text column, which gives its distinct count, top values and value shape at once
// (a count(DISTINCT) beside it hashed every value a second time), and one per other column that
// gets top values.
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBStructType, type DuckDBConnection, type DuckDBType, type JS } from '@duckdb/node-api';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { columnType, hasRange, jsonReadySql, toJsonScalar, type ColumnType, type JsonScalar } from './column-type.js';
import { operationFailure, withDuckDB } from './duckdb-session.js';
import { describeParquet, tableNameMetadataKey, type ParquetColumn } from './parquet-writer.js';
import { classifyColumn, type SemanticType } from './semantic-classifier.js';
import { columnSql, quoteIdentifier, quoteLiteral } from './sql-identifier.js';
import { tableNameFromPath } from './table-name.js';

export interface ProfileParquetOptions {
  /** The table name in `schema_code`; defaults to the name writeParquet stored, else the file name. */
  tableName?: string;
  /** How many of the most frequent values to list per column (default 10). */
  topValues?: number;
  /**
   * Up to this many distinct values, any scalar column lists its values, and all of them rather than
   * the topValues most frequent (default 50): a column whose every value is known can be an enum
   * slot, and a question naming any of them is understood, not only the most frequent ten.
   */
  enumLimit?: number;
  /**
   * A categorical column (a label, not free text) lists every value up to this many distinct ones
   * (default 200): US states, countries, product lines are named in questions beyond the ten most
   * frequent, and the router knows a value only from this list. So does a text column of short
   * values (names: `shortNameLength`), such as one row per country or per state, whose values do
   * not repeat and so are no label. Codes (`shortCodeLength`: airports, tickers) are listed up to
   * `codeListFactor` times as many.
   */
  valueListLimit?: number;
  logger?: Logger;
  /** DuckDB's memory ceiling (default 1GB); beyond it DuckDB spills to scratchDir. */
  memoryLimit?: string;
  /** Where DuckDB may spill (the OS temp directory by default). */
  scratchDir?: string;
}

export interface TopValue {
  value: JsonScalar;
  count: number;
}

export interface ColumnProfile {
  /** The column's name; for a field of a STRUCT column, the path's names joined with dots (`properties.mag`). */
  name: string;
  /**
   * Only for a field of a STRUCT column (a nested object of the records): the names from the
   * top-level column down to the field (`["properties", "mag"]`). SQL reaches it as
   * `"properties"['mag']` (`columnSql`). Such fields follow the table's columns in `columns`;
   * `schema_code` lists the top-level columns only.
   */
  path?: string[];
  /** DuckDB SQL type, as written in `schema_code`. */
  type: string;
  /** Whether the data holds a null in this column (observed, not a constraint). */
  nullable: boolean;
  null_count: number;
  /** Exact count of distinct non-null values. */
  distinct_count: number;
  /**
   * For numbers, dates, times and text (in collation order); null for other types or without values.
   * Integers beyond ±2^53 and decimals beyond 15 digits are exact strings; dates and timestamps are
   * ISO 8601 strings (`2020-01-02`, `2020-01-02T03:04:05`, `…Z` for a timestamp with time zone).
   */
  min: JsonScalar;
  max: JsonScalar;
  /**
   * The most frequent values, most frequent first (ties in value order), for categorical and text
   * columns, and for any other non-nested column with at most `enumLimit` distinct values. Empty
   * otherwise: a top list of all-distinct numbers or instants says nothing.
   */
  top_values: TopValue[];
  semantic: SemanticType;
  /**
   * Only for a list of text (`VARCHAR[]`: an issue's `labels`, a film's `genres`): what its lists
   * hold, element by element — how many different elements, and the most frequent (every one up to
   * the values listed for a label column), each with the number of rows whose list holds it.
   * Also for text written as such a list (`separator`: Netflix's `listed_in` "Comedies, Dramas"),
   * where its elements repeat across values (fewer different elements than different values:
   * "SMITH, JESSE", a name written last name first, is no list).
   */
  elements?: { distinct_count: number; top_values: TopValue[]; separator?: string };
}

export interface DataProfile {
  table: string;
  row_count: number;
  columns: ColumnProfile[];
  /** `CREATE TABLE "<table>" ("col" TYPE, …);`, every identifier quoted. */
  schema_code: string;
}

interface ColumnPlan {
  column: ParquetColumn;
  /** A STRUCT field's path (see ColumnProfile.path). */
  path?: string[];
  /** The SQL expression of the column (a quoted name, or a STRUCT field's path). */
  sql: string;
  type: ColumnType;
  /** Positions in the scan's row; a text column's distinct count comes from its GROUP BY instead. */
  metrics: { nonNull: number; distinct?: number; min?: number; max?: number; avgLength?: number; maxLength?: number };
}

/** What a text column's GROUP BY tells (valueCounts). */
interface ValueCounts {
  distinct: number;
  top: TopValue[];
  hasWhitespace?: boolean;
  isoTemporalCount?: number;
}

/** Text whose values are this short (characters, on average and at most) is names, not prose: listed whole up to `valueListLimit`. */
const shortNameLength = { average: 24, most: 60 };
/** Labels this short on average (characters) are codes, listed whole up to `codeListFactor` × `valueListLimit`. */
const shortCodeLength = 6;
const codeListFactor = 5;

export async function profileParquet(path: string, options: ProfileParquetOptions = {}): Promise<DataProfile> {
  const started = Date.now();
  const topValues = checkCount(options.topValues ?? 10, 'topValues');
  const enumLimit = checkCount(options.enumLimit ?? 50, 'enumLimit');
  const valueListLimit = Math.max(enumLimit, checkCount(options.valueListLimit ?? 200, 'valueListLimit'));
  const logger = options.logger?.child({ component: 'parquet-profiler' });
  await stat(path).catch((error: unknown) => {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new AppError('not_found', 'the Parquet file to profile does not exist', undefined, { cause: error });
    throw operationFailure(error, 'opening the Parquet file');
  });
  const scratch = await mkdtemp(join(options.scratchDir ?? tmpdir(), 'querylane-profile-')).catch((error: unknown) => {
    throw operationFailure(error, 'creating a scratch directory');
  });
  try {
    const profile = await withDuckDB({ memoryLimit: options.memoryLimit, spillDirectory: scratch }, async (connection) => {
      const source = `read_parquet(${quoteLiteral(path)})`;
      const plans = await planColumns(connection, path, source);
      const table = options.tableName ?? (await storedTableName(connection, path)) ?? tableNameFromPath(path);
      const { rowCount, values } = await scan(connection, source, plans);
      const columns: ColumnProfile[] = [];
      // How many values a column's counts are read for: every one of an enumerable or categorical column.
      const listed = topValues > 0 ? Math.max(topValues, valueListLimit) : 0;
      for (const plan of plans) {
        const { metrics, type } = plan;
        const nonNull = Number(values[metrics.nonNull]);
        const min = metrics.min === undefined ? undefined : values[metrics.min];
        const max = metrics.max === undefined ? undefined : values[metrics.max];
        const counted = type.family === 'string' ? await valueCounts(connection, source, plan, listed * codeListFactor, { rowCount, nonNull, min, max }) : undefined;
        const distinct = counted ? counted.distinct : Number(values[metrics.distinct!]);
        const semantic = classifyColumn(
          {
            name: plan.column.name,
            family: type.family,
            rowCount,
            nonNullCount: nonNull,
            distinctCount: distinct,
            avgLength: optionalNumber(values, metrics.avgLength),
            maxLength: optionalNumber(values, metrics.maxLength),
            hasWhitespace: counted?.hasWhitespace,
            isoTemporalCount: counted?.isoTemporalCount,
          },
          enumLimit,
        );
        const names = semantic === 'text' && (optionalNumber(values, metrics.avgLength) ?? Infinity) <= shortNameLength.average && (optionalNumber(values, metrics.maxLength) ?? Infinity) <= shortNameLength.most;
        // (Codes, a few characters each — airports, tickers, currencies — are listed up to five times as many.)
        const codes = (optionalNumber(values, metrics.avgLength) ?? Infinity) <= shortCodeLength && distinct <= codeListFactor * valueListLimit;
        const shown = distinct <= enumLimit || ((semantic === 'categorical' || names) && (distinct <= valueListLimit || codes)) ? Math.max(listed, codes ? distinct : 0) : topValues;
        const wantsTop = topValues > 0 && distinct > 0 && type.family !== 'nested' && (semantic === 'categorical' || semantic === 'text' || distinct <= enumLimit);
        columns.push({
          name: plan.column.name,
          ...(plan.path ? { path: plan.path } : {}),
          type: plan.column.type,
          nullable: nonNull < rowCount,
          null_count: rowCount - nonNull,
          distinct_count: distinct,
          min: min === undefined ? null : toJsonScalar(min, type),
          max: max === undefined ? null : toJsonScalar(max, type),
          top_values: !wantsTop ? [] : counted ? counted.top.slice(0, shown) : await mostFrequent(connection, source, plan, shown),
          semantic,
          ...(!plan.path && textList.test(plan.column.type) && nonNull > 0 && topValues > 0 ? { elements: await listElements(connection, source, plan, listed) } : {}),
          ...(!plan.path && counted !== undefined && topValues > 0 && (semantic === 'categorical' || semantic === 'text') ? await separatedElements(connection, source, plan, listed, counted.top, distinct) : {}),
        });
      }
      return { table, row_count: rowCount, columns, schema_code: schemaCode(table, plans) };
    });
    logger?.info({ table: profile.table, rows: profile.row_count, columns: profile.columns.length, elapsed_ms: Date.now() - started }, 'parquet profiled');
    return profile;
  } catch (error) {
    const failure = operationFailure(error, 'profiling the Parquet file');
    if (failure.code === 'internal_error' || failure.code === 'service_unavailable') logger?.error({ err: error }, 'parquet profile failed');
    throw failure;
  } finally {
    await rm(scratch, { recursive: true, force: true }).catch((error: unknown) => logger?.warn({ err: error, scratch }, 'could not remove the scratch directory'));
  }
}

/** The same profile for the table under another name: its `table` and the name its `schema_code` creates. */
export function renamedProfile(profile: DataProfile, table: string): DataProfile {
  const created = `CREATE TABLE ${quoteIdentifier(profile.table)} (`;
  if (!profile.schema_code.startsWith(created)) throw new AppError('internal_error', 'the profile\'s schema_code does not create its table');
  return { ...profile, table, schema_code: `CREATE TABLE ${quoteIdentifier(table)} (${profile.schema_code.slice(created.length)}` };
}

/** `CREATE TABLE "t" ("a" BIGINT, …);` with no constraints: a newer response may hold nulls where this one has none. */
function schemaCode(table: string, plans: ColumnPlan[]): string {
  const columns = plans.filter((plan) => !plan.path).map(({ column }) => `  ${quoteIdentifier(column.name)} ${column.type}`);
  return `CREATE TABLE ${quoteIdentifier(table)} (\n${columns.join(',\n')}\n);`;
}

async function planColumns(connection: DuckDBConnection, path: string, source: string): Promise<ColumnPlan[]> {
  let columns: ParquetColumn[];
  let types;
  try {
    columns = await describeParquet(connection, path);
    // The SQL text of DESCRIBE is what a CREATE TABLE takes; the typed result gives the type ids.
    types = (await connection.runAndReadAll(`SELECT * FROM ${source} LIMIT 0`)).columnTypes();
  } catch (error) {
    throw new AppError('invalid_request', 'the file to profile is not a readable Parquet file', undefined, { cause: error });
  }
  const plans: ColumnPlan[] = columns.map((column, index) => {
    const type = types[index];
    if (!type) throw new AppError('internal_error', `DuckDB described ${columns.length} columns but typed ${types.length}`);
    return { column, sql: quoteIdentifier(column.name), type: columnType(type), metrics: { nonNull: -1, distinct: -1 } };
  });
  // The scalar fields of nested objects (a GeoJSON feature's `properties`, an API's `owner`) are
  // profiled as columns of their own, so that they are counted, ranged and queried like any other.
  const taken = new Set(columns.map((column) => column.name.toLowerCase()));
  const fields: ColumnPlan[] = [];
  const visit = (path: string[], type: DuckDBType) => {
    if (fields.length >= maxStructFields) return;
    if (type instanceof DuckDBStructType) {
      if (path.length > maxStructDepth) return;
      type.entryNames.forEach((entry, index) => visit([...path, entry], type.entryTypes[index]!));
      return;
    }
    const family = columnType(type);
    const name = path.join('.');
    // A field whose dotted name is already a column's (a key written `properties.mag`) stays unprofiled.
    if (path.length < 2 || family.family === 'nested' || family.family === 'binary' || taken.has(name.toLowerCase())) return;
    taken.add(name.toLowerCase());
    fields.push({ column: { name, type: type.toString() }, path, sql: columnSql({ name, path }), type: family, metrics: { nonNull: -1, distinct: -1 } });
  };
  columns.forEach((column, index) => {
    const type = types[index];
    if (type instanceof DuckDBStructType) visit([column.name], type);
  });
  return [...plans, ...fields];
}

// Nested objects are profiled three levels down at most, and for at most 64 scalar fields in all.
const maxStructDepth = 3;
const maxStructFields = 64;

// Space, tab, line feed, form feed and carriage return.
const whitespaceCodes = [32, 9, 10, 12, 13];

/** The one aggregate scan: row count, and per column counts, range and (for text) lengths. */
async function scan(connection: DuckDBConnection, source: string, plans: ColumnPlan[]): Promise<{ rowCount: number; values: JS[] }> {
  const select = ['count(*)'];
  const metric = (sql: string): number => select.push(sql) - 1;
  const counted: ColumnPlan[] = [];
  for (const plan of plans) {
    const column = plan.sql;
    const family = plan.type.family;
    plan.metrics = { nonNull: metric(`count(${column})`) };
    if (bitmapTypes.has(plan.column.type)) counted.push(plan);
    else if (family !== 'string') plan.metrics.distinct = metric(`count(DISTINCT ${column})`);
    if (hasRange(family)) {
      // An ENUM orders by its declaration; its range is given in text order like any label.
      const [ranged, as] = family === 'enum' ? [`CAST(${column} AS VARCHAR)`, 'string' as const] : [column, family];
      plan.metrics.min = metric(jsonReadySql(`min(${ranged})`, as));
      plan.metrics.max = metric(jsonReadySql(`max(${ranged})`, as));
    }
    if (family === 'string') {
      plan.metrics.avgLength = metric(`avg(length(${column}))`);
      plan.metrics.maxLength = metric(`max(length(${column}))`);
    }
  }
  const reader = await connection.runAndReadAll(`SELECT ${select.join(', ')} FROM ${source}`);
  const values = reader.getRowsJS()[0] ?? [];
  await countIntegers(connection, source, counted, values);
  return { rowCount: Number(values[0]), values };
}

// Integer types whose distinct values can be counted in a bitmap over their range.
const bitmapTypes = new Set(['TINYINT', 'SMALLINT', 'INTEGER', 'BIGINT', 'HUGEINT', 'UTINYINT', 'USMALLINT', 'UINTEGER', 'UBIGINT']);
// The widest range counted in a bitmap: 2^26 bits, 8 MiB a DuckDB thread.
const bitmapRange = 2n ** 26n;

/**
 * The distinct counts of integer columns, appended to the scan's values (each plan's `distinct`).
 * Where the column's range is compact (ids, years, counts, codes) its values are marked in a bitmap
 * over the range (`bitstring_agg`) and the marks counted: a million ids in a quarter of the time a
 * hashed count(DISTINCT) takes. A wider range is hashed as any other column. One query for all.
 */
async function countIntegers(connection: DuckDBConnection, source: string, plans: ColumnPlan[], values: JS[]): Promise<void> {
  const counted: { plan: ColumnPlan; sql: string }[] = [];
  for (const plan of plans) {
    const [min, max] = [values[plan.metrics.min!], values[plan.metrics.max!]];
    if (min === null || min === undefined || max === null || max === undefined) {
      plan.metrics.distinct = values.push(0) - 1; // no values
      continue;
    }
    const column = plan.sql;
    const [low, high] = [BigInt(String(min)), BigInt(String(max))];
    const type = plan.column.type;
    const bounds = `CAST('${low}' AS ${type}), CAST('${high}' AS ${type})`;
    counted.push({ plan, sql: high - low < bitmapRange ? `bit_count(bitstring_agg(${column}, ${bounds}))` : `count(DISTINCT ${column})` });
  }
  if (counted.length === 0) return;
  const counts = (await connection.runAndReadAll(`SELECT ${counted.map((entry) => entry.sql).join(', ')} FROM ${source}`)).getRowsJS()[0] ?? [];
  counted.forEach(({ plan }, index) => {
    plan.metrics.distinct = values.push(counts[index] ?? null) - 1;
  });
}

// An ISO 8601 date as a value begins, as the `iso` count below looks for it.
const isoDateStart = /^\d{4}-\d{2}-\d{2}/;

/**
 * A text column's distinct count and top values from one GROUP BY, and its value shape read from
 * the distinct values (each weighted by its count) rather than from every row. The shape is asked
 * only where it can change what the column means: whitespace only of a column without nulls whose
 * every value is distinct (only such a column can be a unique key), the ISO count only when the
 * column's least and greatest values both begin like an ISO date (else some value does not, and
 * the column is no timestamp).
 */
async function valueCounts(
  connection: DuckDBConnection,
  source: string,
  plan: ColumnPlan,
  limit: number,
  scanned: { rowCount: number; nonNull: number; min: JS | undefined; max: JS | undefined },
): Promise<ValueCounts> {
  const column = plan.sql;
  const wantsWhitespace = scanned.rowCount >= 2 && scanned.nonNull === scanned.rowCount;
  const looksIso = (value: JS | undefined) => typeof value === 'string' && isoDateStart.test(value);
  const wantsIso = scanned.nonNull > 0 && looksIso(scanned.min) && looksIso(scanned.max);
  // The whitespace of a regular expression's `\s` (space, tab, line feed, form feed, carriage
  // return), found without one: half the time on a million strings. Looked for only when every
  // value is distinct (the filter's count is taken once): in a text column of 909k distinct values
  // among 1M rows it had been a third of the column's time for nothing.
  const whitespace = `bool_or(${whitespaceCodes.map((code) => `contains(value, chr(${code}))`).join(' OR ')})`;
  // CASE, not AND: DuckDB evaluates both sides of an AND for every row, and the cast is the costly
  // part (half a second per million strings); CASE casts only the values that look ISO, and a dash
  // where an ISO date has its first one spares most others the regular expression.
  const iso = `coalesce(sum(n) FILTER (WHERE CASE WHEN substr(value, 5, 1) = '-' AND regexp_matches(value, '^\\d{4}-\\d{2}-\\d{2}') THEN TRY_CAST(value AS TIMESTAMPTZ) IS NOT NULL ELSE false END), 0)`;
  // The top rows (part 0, most frequent first, ties in value order) and one row of totals (part 1).
  // GROUP BY 1, not the name: the data may well have a column called "value" or "n".
  const sql = `WITH counts AS MATERIALIZED (SELECT ${column} AS value, count(*) AS n FROM ${source} WHERE ${column} IS NOT NULL GROUP BY 1)
    SELECT part, value, n, whitespace, iso FROM (
      SELECT 0 AS part, value, n, NULL AS whitespace, NULL AS iso FROM (SELECT value, n FROM counts ORDER BY n DESC, value LIMIT ${limit})
      UNION ALL
      SELECT 1, NULL, count(*), ${wantsWhitespace ? `(SELECT ${whitespace} FROM counts WHERE (SELECT count(*) FROM counts) = ${scanned.rowCount})` : 'NULL'}, ${wantsIso ? iso : 'NULL'} FROM counts
    ) ORDER BY part, n DESC, value`;
  const rows = (await connection.runAndReadAll(sql)).getRowsJS();
  const totals = rows.at(-1);
  if (!totals || totals[0] !== 1) throw new AppError('internal_error', 'the value counts of a column came back without their totals');
  return {
    distinct: Number(totals[2]),
    top: rows.slice(0, -1).map((row) => ({ value: toJsonScalar(row[1], plan.type), count: Number(row[2]) })),
    ...(wantsWhitespace && Number(totals[2]) === scanned.rowCount ? { hasWhitespace: totals[3] === true } : {}),
    ...(wantsIso ? { isoTemporalCount: Number(totals[4]) } : {}),
  };
}

async function mostFrequent(connection: DuckDBConnection, source: string, plan: ColumnPlan, limit: number): Promise<TopValue[]> {
  const column = plan.sql;
  const family = plan.type.family === 'enum' ? 'string' : plan.type.family;
  const value = plan.type.family === 'enum' ? `CAST(${column} AS VARCHAR)` : column;
  // Positions, not names, in ORDER BY: the data may well have a column called "count".
  const sql = `SELECT ${jsonReadySql(value, family)}, count(*) FROM ${source} WHERE ${column} IS NOT NULL GROUP BY ${column} ORDER BY 2 DESC, ${column} LIMIT ${limit}`;
  const rows = (await connection.runAndReadAll(sql)).getRowsJS();
  return rows.map((row) => ({ value: toJsonScalar(row[0], plan.type), count: Number(row[1]) }));
}

/** A top-level list of text (`VARCHAR[]`), whose elements are profiled (`ColumnProfile.elements`). */
const textList = /^VARCHAR\[\]$/;

/** A list column's elements: how many different ones, and the most frequent, each counted once per row that holds it. */
async function listElements(connection: DuckDBConnection, source: string, plan: ColumnPlan, limit: number): Promise<{ distinct_count: number; top_values: TopValue[] }> {
  // (A row whose list names an element twice counts once: the rows holding it, as a filter finds them.)
  const elements = `(SELECT DISTINCT row_number, element FROM (SELECT row_number() OVER () AS row_number, unnest(${plan.sql}) AS element FROM ${source}) WHERE element IS NOT NULL)`;
  // (One scan: the window counts the groups before the limit cuts them, the different elements.)
  const rows = (await connection.runAndReadAll(`SELECT element, count(*), count(*) OVER () FROM ${elements} GROUP BY element ORDER BY 2 DESC, element LIMIT ${limit}`)).getRowsJS();
  return { distinct_count: Number(rows[0]?.[2] ?? 0), top_values: rows.map((row) => ({ value: String(row[0]), count: Number(row[1]) })) };
}

/**
 * The separators of text written as a list of labels, the first a column's values hold taken:
 * Netflix's "Comedies, Dramas", MovieLens' "Adventure|Animation|Children", the Play Store's
 * "Art & Design;Pretend Play", IMDb's "Action,Adventure,Sci-Fi". (With its spaces, when the values
 * have them: the elements are the labels themselves.)
 */
const listSeparators = [', ', '; ', ';', ' | ', '|', ','];

/**
 * The elements of text written as a list (`ColumnProfile.elements` with its `separator`), when a
 * fifth of the values counted or more hold a separator and the elements repeat: fewer different
 * elements than different values ("SMITH, JESSE" and "Austin,TX" are no lists: their parts repeat
 * less than the values do). Read only for such columns (one more scan of them).
 */
async function separatedElements(connection: DuckDBConnection, source: string, plan: ColumnPlan, limit: number, top: readonly TopValue[], distinct: number): Promise<{ elements?: NonNullable<ColumnProfile['elements']> }> {
  const holding = (separator: string): number => top.filter((entry) => typeof entry.value === 'string' && entry.value.includes(separator)).length;
  const separator = listSeparators.find((candidate) => holding(candidate) >= Math.max(2, 0.2 * top.length));
  if (separator === undefined) return {};
  const elements = await listElements(connection, source, { ...plan, sql: `string_split(${plan.sql}, ${quoteLiteral(separator)})` }, limit);
  return elements.distinct_count >= 2 && elements.distinct_count < distinct ? { elements: { ...elements, separator } } : {};
}

async function storedTableName(connection: DuckDBConnection, path: string): Promise<string | undefined> {
  try {
    const reader = await connection.runAndReadAll(
      `SELECT decode(value) FROM parquet_kv_metadata(${quoteLiteral(path)}) WHERE decode(key) = ${quoteLiteral(tableNameMetadataKey)}`,
    );
    const name = reader.getRowsJS()[0]?.[0];
    return typeof name === 'string' && name.length > 0 ? name : undefined;
  } catch {
    // Metadata that is not UTF-8 names nothing; the file name will do.
    return undefined;
  }
}

function optionalNumber(values: JS[], index: number | undefined): number | undefined {
  if (index === undefined) return undefined;
  const value = values[index];
  return value === null || value === undefined ? undefined : Number(value);
}

function checkCount(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new AppError('invalid_request', `${name} must be a whole number of at least 0`);
  return value;
}
