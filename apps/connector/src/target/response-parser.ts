// Turns a decoded response body into a value: JSON, NDJSON (JSON Lines) or CSV/TSV, chosen by the
// content type and, when that says nothing useful, by looking at the body.
import { TextDecoder } from 'node:util';
import { parse as parseCsv } from 'csv-parse/sync';
import { codeNamed, isPlainNumber } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';

export type TargetRecord = Record<string, unknown>;

export type ParsedBody =
  | { format: 'empty'; value: null }
  | { format: 'json'; value: unknown }
  | { format: 'ndjson'; value: unknown[] }
  | { format: 'csv'; value: TargetRecord[] }
  | { format: 'text'; value: string };

const ndjsonTypes = new Set(['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonl', 'application/jsonlines', 'application/x-jsonlines', 'application/json-seq']);
const csvTypes = new Set(['text/csv', 'application/csv', 'text/x-csv', 'text/comma-separated-values']);
const tsvTypes = new Set(['text/tab-separated-values', 'text/tsv']);

export function mediaType(contentType: string | null): string {
  return ((contentType ?? '').split(';')[0] ?? '').trim().toLowerCase();
}

function isJsonType(type: string): boolean {
  return type === 'application/json' || type === 'text/json' || type.endsWith('+json');
}

export function parseBody(body: Buffer, contentType: string | null): ParsedBody {
  const text = decodeText(body, contentType);
  if (text.trim() === '') return { format: 'empty', value: null };
  const type = mediaType(contentType);
  if (ndjsonTypes.has(type)) return { format: 'ndjson', value: parseNdjson(text) };
  if (csvTypes.has(type)) return { format: 'csv', value: parseDelimited(text, ',') };
  if (tsvTypes.has(type)) return { format: 'csv', value: parseDelimited(text, '\t') };
  const start = text.trimStart()[0];
  // JSON is tried for JSON types and for bodies that look like JSON whatever the label says
  // (text/plain and octet-stream are common for JSON); NDJSON is what such a body is when it
  // holds several values, one a line.
  if (isJsonType(type) || start === '{' || start === '[') {
    try {
      return { format: 'json', value: JSON.parse(text) };
    } catch (error) {
      const lines = sniffNdjson(text);
      if (lines) return { format: 'ndjson', value: lines };
      if (isJsonType(type) || type === '') {
        throw new AppError('upstream_error', `the target's ${type || 'unlabelled'} body is not valid JSON (${(error as Error).message.slice(0, 200)})`, { reason: 'invalid_body' });
      }
    }
  }
  return { format: 'text', value: text };
}

/**
 * What a body most likely holds, read from its label and first byte without parsing it: NDJSON
 * when it says so, an array of records when it is labelled JSON (or not at all) and starts with
 * `[`; undefined when only parsing can tell. parseBody has the last word.
 */
export function jsonRecordsFormat(body: Buffer, contentType: string | null): 'array' | 'newline_delimited' | undefined {
  const type = mediaType(contentType);
  if (ndjsonTypes.has(type)) return 'newline_delimited';
  if (!isJsonType(type) && type !== '') return undefined;
  let index = 0;
  while (index < body.length && (body[index] === 0x20 || body[index] === 0x09 || body[index] === 0x0a || body[index] === 0x0d)) index += 1;
  return body[index] === 0x5b ? 'array' : undefined; // `[`
}

/** The records a value stands for: an array's items, an object itself, nothing for null. */
export function toRecords(value: unknown): TargetRecord[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value.map(toRecord);
  return [toRecord(value)];
}

// A record must be an object; a bare value (a list of ids, say) becomes `{ value }`.
function toRecord(item: unknown): TargetRecord {
  return item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as TargetRecord) : { value: item };
}

/** The charset the content type names, lower-cased; empty when it names none. */
export function charset(contentType: string | null): string {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '')?.[1]?.toLowerCase() ?? '';
}

function decodeText(body: Buffer, contentType: string | null): string {
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset(contentType) || 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8'); // an unknown label: UTF-8 is what the target almost surely meant
  }
  try {
    return decoder.decode(body);
  } catch (error) {
    throw new AppError('payload_too_large', `the target's body is too large to read as text (${(error as Error).message})`, { reason: 'body_too_large_for_text' });
  }
}

function parseNdjson(text: string): unknown[] {
  const values: unknown[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    // RS (0x1e) starts each value in application/json-seq; CR ends lines written on Windows.
    const line = (raw.startsWith('\u001e') ? raw.slice(1) : raw).trim();
    if (line === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      throw new AppError('upstream_error', `line ${index + 1} of the target's NDJSON body is not valid JSON (${(error as Error).message.slice(0, 200)})`, { reason: 'invalid_body', line: index + 1 });
    }
  }
  return values;
}

/** Several lines, each a JSON object or array: JSON Lines sent with a JSON or no content type. */
function sniffNdjson(text: string): unknown[] | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return undefined;
  try {
    return lines.map((line) => {
      const first = line.trimStart()[0];
      if (first !== '{' && first !== '[') throw new Error('not a JSON line');
      return JSON.parse(line) as unknown;
    });
  } catch {
    return undefined;
  }
}

/**
 * CSV with a header row → one object per row. An empty field (or a missing one in a short row) is
 * null. CSV has no types, so a column is typed here from all its values (`typeColumns`): numbers and
 * booleans become JSON numbers and booleans, so the Parquet, the profile, the generated queries and
 * their slots see them as such; any other column stays text.
 */
function parseDelimited(text: string, delimiter: string): TargetRecord[] {
  let rows: string[][];
  try {
    rows = parseCsv(text, {
      delimiter,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      relax_quotes: true,
    }) as string[][];
  } catch (error) {
    throw new AppError('upstream_error', `the target's CSV body could not be parsed (${(error as Error).message.slice(0, 200)})`, { reason: 'invalid_body' });
  }
  const [header, ...data] = rows;
  if (!header) return [];
  const columns = uniqueColumns(header);
  const records = data.map((row) => {
    const record: TargetRecord = {};
    columns.forEach((column, index) => {
      record[column] = cell(row[index]);
    });
    // Cells beyond the header keep their place instead of vanishing.
    for (let index = columns.length; index < row.length; index += 1) record[`column_${index + 1}`] = cell(row[index]);
    return record;
  });
  typeColumns(records);
  return records;
}

const csvBoolean = /^(?:true|false)$/i;

/**
 * Types each column from every one of its values: a column whose non-null values are all numbers
 * becomes numbers (as `isPlainNumber` reads one; not a column named for a code, `zip_code`, whose
 * digits are labels: `codeNamed`), all true/false becomes booleans; one value of
 * another shape (N/A, 00501, a 20-digit id) keeps the whole column text, so nothing is half
 * converted or loses digits. (Numbers written formatted, `1,234` and `$4.99`, are the Parquet
 * writer's to read: @querylane/duckdb's number-text.ts.)
 */
function typeColumns(records: TargetRecord[]): void {
  const kinds = new Map<string, 'number' | 'boolean' | 'text'>();
  for (const record of records) {
    for (const [column, value] of Object.entries(record)) {
      if (typeof value !== 'string') continue;
      const known = kinds.get(column);
      if (known === 'text') continue;
      const kind = isPlainNumber(value) && !codeNamed(column) ? 'number' : csvBoolean.test(value) ? 'boolean' : 'text';
      kinds.set(column, known === undefined || known === kind ? kind : 'text');
    }
  }
  const numbers = [...kinds].filter(([, kind]) => kind === 'number').map(([column]) => column);
  const booleans = [...kinds].filter(([, kind]) => kind === 'boolean').map(([column]) => column);
  if (!numbers.length && !booleans.length) return;
  for (const record of records) {
    for (const column of numbers) if (typeof record[column] === 'string') record[column] = Number(record[column]);
    for (const column of booleans) if (typeof record[column] === 'string') record[column] = (record[column] as string).toLowerCase() === 'true';
  }
}

function cell(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/** Blank headers get `column_<n>`, repeated ones `_2`, `_3`, … so no cell overwrites another. */
function uniqueColumns(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, index) => {
    const base = raw.trim() === '' ? `column_${index + 1}` : raw;
    let candidate = base;
    for (let suffix = 2; seen.has(candidate); suffix += 1) candidate = `${base}_${suffix}`;
    seen.add(candidate);
    return candidate;
  });
}
