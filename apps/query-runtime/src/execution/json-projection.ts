// Results as JSON text written by DuckDB itself. A program's rows are wrapped in
// `SELECT to_json({...}) FROM (<program>) q`, so DuckDB's C++ JSON writer produces each row and the
// service only joins the lines: no DuckDB value objects, no per-value conversion in JavaScript, no
// protobuf Struct. The projection applies the same rules as toJsonSafe (json-safe-value.ts), which
// stays the path for the types listed as unsupported below:
// - integers beyond ±2^53 become their decimal text; DECIMAL becomes a double;
// - NaN and ±Infinity become the strings "NaN", "Infinity", "-Infinity";
// - timestamps become ISO 8601 in UTC (`2024-01-02T03:04:05.123Z`, microseconds when there are any);
//   outside the years 1–9999 and for ±infinity DuckDB's text is kept;
// - DATE, UUID, ENUM and TIME become their text, BLOB base64, JSON columns their JSON text;
// - nested STRUCT and LIST values stay nested when every leaf is written the same by to_json
//   (booleans, integers within 32 bits, text, dates); any other nested type takes the fallback path.
import { DuckDBTypeId, type DuckDBType } from '@duckdb/node-api';
import { quoteIdentifier, quoteLiteral } from '@querylane/duckdb';

export interface ColumnShape {
  name: string;
  type: DuckDBType;
}

const maxSafe = '9007199254740991';

/** The wrapper's `to_json({...})` expression over `q`, or undefined when a column needs the JavaScript path. */
export function jsonRowExpression(columns: readonly ColumnShape[]): string | undefined {
  // `q."x"` cannot tell two columns named x apart (DuckDB compares names without ASCII case).
  const names = new Set(columns.map((column) => column.name.toLowerCase()));
  if (names.size !== columns.length || columns.length === 0) return undefined;
  const members: string[] = [];
  for (const column of columns) {
    const value = memberExpression(`q.${quoteIdentifier(column.name)}`, column.type);
    if (value === undefined) return undefined;
    members.push(`${quoteLiteral(column.name)}: ${value}`);
  }
  return `to_json({${members.join(', ')}})::VARCHAR`;
}

/** The program wrapped so that each row is one JSON object; `limit` rows at most. */
export function jsonWrappedSql(sql: string, rowExpression: string, limit: number): string {
  return `SELECT ${rowExpression} AS row_json FROM ${asSubquery(sql)} LIMIT ${limit}`;
}

/** The program's rows as they are, `limit` of them at most. */
export function limitedSql(sql: string, limit: number): string {
  return `SELECT * FROM ${asSubquery(sql)} LIMIT ${limit}`;
}

/** The program as the subquery `q` (its parameters unchanged). */
export function asSubquery(sql: string): string {
  // The newline ends a trailing `-- comment` of the program before the parenthesis.
  return `(${sql.replace(/[\s;]+$/, '')}\n) AS q`;
}

// Types to_json writes as toJsonSafe does, at the top level and nested alike.
const writtenAsIs = new Set<DuckDBTypeId>([
  DuckDBTypeId.BOOLEAN,
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.DATE,
  DuckDBTypeId.SQLNULL,
]);

function memberExpression(column: string, type: DuckDBType): string | undefined {
  if (writtenAsIs.has(type.typeId)) return column;
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      // A JSON column is text here as in toJsonSafe; to_json would splice it in as a value.
      return type.alias?.toUpperCase() === 'JSON' ? `${column}::VARCHAR` : column;
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.HUGEINT:
      return `CASE WHEN abs(${column}) <= ${maxSafe} THEN to_json(${column}) ELSE to_json(${column}::VARCHAR) END`;
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.UHUGEINT:
      return `CASE WHEN ${column} <= ${maxSafe} THEN to_json(${column}) ELSE to_json(${column}::VARCHAR) END`;
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return floatExpression(column);
    case DuckDBTypeId.DECIMAL:
      return floatExpression(`${column}::DOUBLE`);
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
    case DuckDBTypeId.TIMESTAMP_TZ:
      return timestampExpression(`${column}::TIMESTAMP`);
    case DuckDBTypeId.UUID:
    case DuckDBTypeId.ENUM:
    case DuckDBTypeId.TIME:
      return `${column}::VARCHAR`;
    case DuckDBTypeId.BLOB:
      return `to_base64(${column})`;
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.STRUCT:
      return nestedAsIs(type) ? column : undefined;
    default:
      // INTERVAL, TIME WITH TIME ZONE, MAP, UNION, BIT, BIGNUM, VARIANT, GEOMETRY: toJsonSafe.
      return undefined;
  }
}

function floatExpression(value: string): string {
  return `CASE WHEN ${value} IS NULL THEN NULL WHEN isfinite(${value}) THEN to_json(${value}) WHEN isnan(${value}) THEN '"NaN"'::JSON WHEN ${value} > 0 THEN '"Infinity"'::JSON ELSE '"-Infinity"'::JSON END`;
}

function timestampExpression(value: string): string {
  return (
    `CASE WHEN ${value} IS NULL THEN NULL ` +
    `WHEN NOT isfinite(${value}) OR year(${value}) NOT BETWEEN 1 AND 9999 THEN to_json(${value}::VARCHAR) ` +
    `WHEN microsecond(${value}) % 1000 = 0 THEN to_json(strftime(${value}, '%Y-%m-%dT%H:%M:%S.%gZ')) ` +
    `ELSE to_json(strftime(${value}, '%Y-%m-%dT%H:%M:%S.%fZ')) END`
  );
}

/** Whether to_json writes the nested value exactly as toJsonSafe would. */
function nestedAsIs(type: DuckDBType): boolean {
  if (writtenAsIs.has(type.typeId)) return true;
  switch (type.typeId) {
    case DuckDBTypeId.VARCHAR:
      return type.alias?.toUpperCase() !== 'JSON';
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
      return nestedAsIs(type.valueType);
    case DuckDBTypeId.STRUCT:
      return type.entryTypes.every(nestedAsIs);
    default:
      return false;
  }
}
