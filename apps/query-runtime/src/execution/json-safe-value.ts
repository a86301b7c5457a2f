// DuckDB values as JSON a client can read without losing or inventing anything: big integers that
// a double cannot hold become strings, dates and times become ISO text, bytes become base64.
import {
  DuckDBArrayValue,
  DuckDBBlobValue,
  DuckDBDateValue,
  DuckDBDecimalValue,
  DuckDBListValue,
  DuckDBMapValue,
  DuckDBStructValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBUnionValue,
  type DuckDBValue,
} from '@duckdb/node-api';

export type JsonSafe = null | boolean | number | string | JsonSafe[] | { [key: string]: JsonSafe };

const maxSafe = BigInt(Number.MAX_SAFE_INTEGER);

export function toJsonSafe(value: DuckDBValue): JsonSafe {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  // NaN and ±Infinity have no JSON form; their names keep them distinct from null.
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value >= -maxSafe && value <= maxSafe ? Number(value) : value.toString();
  if (value instanceof DuckDBDecimalValue) return value.toDouble();
  if (value instanceof DuckDBDateValue) return value.toString();
  if (value instanceof DuckDBTimestampValue || value instanceof DuckDBTimestampTZValue) return isoFromMicros(value.micros, value.toString());
  if (value instanceof DuckDBTimestampMillisecondsValue) return isoFromMicros(value.millis * 1000n, value.toString());
  if (value instanceof DuckDBTimestampSecondsValue) return isoFromMicros(value.seconds * 1_000_000n, value.toString());
  if (value instanceof DuckDBTimestampNanosecondsValue) return isoFromMicros(value.nanos / 1000n, value.toString());
  if (value instanceof DuckDBBlobValue) return Buffer.from(value.bytes).toString('base64');
  if (value instanceof DuckDBListValue || value instanceof DuckDBArrayValue) return value.items.map(toJsonSafe);
  if (value instanceof DuckDBStructValue) {
    return Object.fromEntries(Object.entries(value.entries).map(([key, item]) => [key, toJsonSafe(item)]));
  }
  if (value instanceof DuckDBMapValue) {
    // JSON object keys are text; a map keyed by numbers or dates keeps each key's JSON-safe text.
    return Object.fromEntries(value.entries.map((entry) => [keyText(toJsonSafe(entry.key)), toJsonSafe(entry.value)]));
  }
  if (value instanceof DuckDBUnionValue) return toJsonSafe(value.value);
  // TIME, TIME WITH TIME ZONE, INTERVAL, UUID, BIT and the rest read best as DuckDB prints them.
  return value.toString();
}

function keyText(key: JsonSafe): string {
  return typeof key === 'string' ? key : JSON.stringify(key);
}

// ISO text covers the years 1 to 9999; beyond them (and for DuckDB's 'infinity') DuckDB's text stays,
// as in json-projection.ts.
const minIsoMillis = -62_135_596_800_000n; // 0001-01-01T00:00:00Z
const maxIsoMillis = 253_402_300_799_999n; // 9999-12-31T23:59:59.999Z

/** `2024-01-02T03:04:05.123456Z`: UTC with DuckDB's microseconds where there are any. */
function isoFromMicros(micros: bigint, fallback: string): string {
  const millis = micros / 1000n - (micros % 1000n < 0n ? 1n : 0n);
  if (millis > maxIsoMillis || millis < minIsoMillis) return fallback;
  const iso = new Date(Number(millis)).toISOString();
  const extraMicros = Number(micros - millis * 1000n);
  return extraMicros === 0 ? iso : `${iso.slice(0, -1)}${String(extraMicros).padStart(3, '0')}Z`;
}
