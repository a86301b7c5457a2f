// What a profile needs to know of a DuckDB column type: which family it belongs to, and how its
// values become JSON without losing anything (64-bit integers, decimals, timestamps).
import { DuckDBDecimalType, DuckDBTypeId, type DuckDBType, type JS } from '@duckdb/node-api';

export type TypeFamily =
  | 'boolean'
  | 'integer'
  | 'float'
  | 'decimal'
  | 'date'
  | 'timestamp'
  | 'timestamptz'
  | 'time'
  | 'interval'
  | 'string'
  | 'enum'
  | 'uuid'
  | 'binary'
  | 'nested';

export interface ColumnType {
  family: TypeFamily;
  /** Significant digits of a DECIMAL; the others have none. */
  decimalWidth?: number;
}

export type JsonScalar = string | number | boolean | null;

/** Strings longer than this are cut in a profile: a profile describes values, it does not copy them. */
export const maxProfileStringLength = 256;

// A DECIMAL of at most 15 significant digits survives the trip through a double exactly.
const maxExactDecimalDigits = 15;

export function columnType(type: DuckDBType): ColumnType {
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { family: 'boolean' };
    case DuckDBTypeId.TINYINT:
    case DuckDBTypeId.SMALLINT:
    case DuckDBTypeId.INTEGER:
    case DuckDBTypeId.BIGINT:
    case DuckDBTypeId.UTINYINT:
    case DuckDBTypeId.USMALLINT:
    case DuckDBTypeId.UINTEGER:
    case DuckDBTypeId.UBIGINT:
    case DuckDBTypeId.HUGEINT:
    case DuckDBTypeId.UHUGEINT:
    case DuckDBTypeId.BIGNUM:
      return { family: 'integer' };
    case DuckDBTypeId.FLOAT:
    case DuckDBTypeId.DOUBLE:
      return { family: 'float' };
    case DuckDBTypeId.DECIMAL:
      return { family: 'decimal', decimalWidth: type instanceof DuckDBDecimalType ? type.width : 38 };
    case DuckDBTypeId.DATE:
      return { family: 'date' };
    case DuckDBTypeId.TIMESTAMP:
    case DuckDBTypeId.TIMESTAMP_S:
    case DuckDBTypeId.TIMESTAMP_MS:
    case DuckDBTypeId.TIMESTAMP_NS:
      return { family: 'timestamp' };
    case DuckDBTypeId.TIMESTAMP_TZ:
      return { family: 'timestamptz' };
    case DuckDBTypeId.TIME:
    case DuckDBTypeId.TIME_TZ:
    case DuckDBTypeId.TIME_NS:
      return { family: 'time' };
    case DuckDBTypeId.INTERVAL:
      return { family: 'interval' };
    case DuckDBTypeId.VARCHAR:
      // JSON is a VARCHAR with an alias; its values are documents, not text.
      return { family: type.alias === 'JSON' ? 'nested' : 'string' };
    case DuckDBTypeId.ENUM:
      return { family: 'enum' };
    case DuckDBTypeId.UUID:
      return { family: 'uuid' };
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return { family: 'nested' };
    default:
      return { family: 'binary' };
  }
}

/** Families whose min and max mean something (numbers, instants, text in collation order). */
export function hasRange(family: TypeFamily): boolean {
  return ['integer', 'float', 'decimal', 'date', 'timestamp', 'timestamptz', 'time', 'string', 'enum'].includes(family);
}

/**
 * An SQL expression giving `expression` (a value of the family) in a form `toJsonScalar` turns
 * into JSON: dates and times as ISO 8601 text (timestamps with `T`, UTC ones with `Z`), decimals
 * as their exact text, integers and floats as themselves.
 */
export function jsonReadySql(expression: string, family: TypeFamily): string {
  switch (family) {
    case 'integer':
    case 'float':
    case 'boolean':
    case 'string':
      return expression;
    case 'timestamp':
      return `replace(CAST(${expression} AS VARCHAR), ' ', 'T')`;
    case 'timestamptz':
      return `replace(CAST(timezone('UTC', ${expression}) AS VARCHAR), ' ', 'T') || 'Z'`;
    default:
      return `CAST(${expression} AS VARCHAR)`;
  }
}

/**
 * A value read from `jsonReadySql` as JSON: integers beyond ±2^53 and decimals beyond 15 digits as
 * their exact text (a JSON number would round them), NaN and infinities as text, long strings cut.
 */
export function toJsonScalar(value: JS | undefined, type: ColumnType): JsonScalar {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    if (type.family === 'decimal' && (type.decimalWidth ?? Infinity) <= maxExactDecimalDigits) return Number(value);
    return truncate(value);
  }
  return truncate(String(value));
}

function truncate(value: string): string {
  return value.length > maxProfileStringLength ? `${value.slice(0, maxProfileStringLength)}…` : value;
}
