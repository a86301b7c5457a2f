// Numbers written as text. Many APIs send every number as a JSON string (Socrata's open data,
// CoinCap's `"priceUsd": "6929.82"`, FEC's `"Other_Loans": "0"`), and spreadsheets exported as CSV
// write them formatted (`"$4.99"`, `"45,571,090"`, `"12.5%"`). Stored as text, such a column can be
// neither summed nor ranged, and the generated queries would take it for a label. So once the
// Parquet is written, a top-level text column whose every value is such a number is stored as one
// (BIGINT, or DOUBLE when a value has a fraction or an exponent): one more scan of the text columns'
// first rows, and of the whole column only for those that pass it; the file is rewritten only when
// a column converts.
//
// What is a number here, for every non-null value of the column (one other value keeps it text):
// - as CSV writes one (the connector's rule for CSV cells): `-12`, `0.5`, `.5`, `1e-3`; no leading
//   zeros (`00501`, a ZIP code or an id, stays text), no `+`, no spaces;
// - formatted: thousands grouped by commas in threes (`1,234,567`), a currency sign before the
//   digits (`$4.99`, `-$5`, `€12`), a percent sign after them (`12.5%` is 12.5). The signs and
//   commas are dropped; the column's name still says what the number counts.
// - a whole number of at most 15 significant digits, so that a double holds it exactly (a 20-digit
//   id stays text); a fraction may have more, a double holding it as closely as any number type
//   would (CoinCap's `"priceUsd": "6929.8217756835584756"`).
// Numbers written as a European decimal comma (`1,5`), with a suffix (`19M`, `10,000+`) or beside
// words (`N/A`, `Varies with device`) leave the column text: reading them would be a guess.
// So does a column named for a code (`zip_code`, `postcode`, `fips`, `phone`, `isbn`): digits that
// name a place or a thing, sent as text, are labels to group and filter by, never a quantity.
import type { DuckDBConnection } from '@duckdb/node-api';
import type { ParquetColumn } from './parquet-writer.js';
import { quoteIdentifier, quoteLiteral } from './sql-identifier.js';

/** A number as CSV writes one (see the top of this file); the connector types CSV cells with it. */
const plainNumber = /^-?(?:(?:0|[1-9]\d*)(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?$/;

// Digits a double holds exactly: a longer whole number would come back different, so its column stays text.
const exactDigits = 15;

/** Whether text is a plain number (`plainNumber`): a whole one a double holds exactly, or a fraction. */
export function isPlainNumber(text: string): boolean {
  if (!plainNumber.test(text)) return false;
  const mantissa = text.replace(/^-/, '').replace(/[eE].*$/, '').replace('.', '').replace(/^0+/, '');
  return (mantissa.length <= exactDigits || /[.eE]/.test(text)) && Number.isFinite(Number(text));
}

// The same numbers, and formatted ones, for DuckDB's regular expressions (RE2).
const integerPart = String.raw`(?:0|[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d*)`;
const numberSql = String.raw`^(?:-?[$€£¥]?|[$€£¥]-)(?:${integerPart}(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?%?$`;
/** What the formatting adds to the digits, dropped before the cast. */
const formattingSql = '[$€£¥,%]';

// The words of a code's name (see the top of this file).
const codeWords = new Set(['zip', 'zipcode', 'postcode', 'postal', 'fips', 'phone', 'telephone', 'tel', 'mobile', 'fax', 'ssn', 'isbn', 'ean', 'upc', 'gtin', 'code', 'codes']);

/** Whether a column's name says it holds codes: a word of it, in any case or spelling (`zip_code`, `ZipCode`, `Postal Code`). */
export function codeNamed(name: string): boolean {
  return name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .some((word) => codeWords.has(word));
}

/** The digits of a number-text column's SQL, without its formatting. */
function unformatted(column: string): string {
  return `regexp_replace(${column}, ${quoteLiteral(formattingSql)}, '', 'g')`;
}

/** The rows whose text columns are tried first: a column failing on them is not read in full. */
const sampleRows = 2_048;

/**
 * The Parquet file at `path` with its number-text columns stored as numbers (rewritten through
 * `rewrite` only when one converts); gives the file's columns as they now are.
 */
export async function storeNumberText(
  connection: DuckDBConnection,
  path: string,
  columns: readonly ParquetColumn[],
  rewrite: (select: string) => Promise<ParquetColumn[]>,
): Promise<ParquetColumn[]> {
  const texts = columns.filter((column) => column.type === 'VARCHAR' && !codeNamed(column.name)).map((column) => column.name);
  if (!texts.length) return [...columns];
  const file = `read_parquet(${quoteLiteral(path)})`;
  const sampled = await allNumbers(connection, `(SELECT ${texts.map(quoteIdentifier).join(', ')} FROM ${file} LIMIT ${sampleRows})`, texts);
  const candidates = texts.filter((name) => sampled.get(name) !== 'text');
  if (!candidates.length) return [...columns];
  const whole = await allNumbers(connection, file, candidates);
  const numbers = candidates.flatMap((name) => {
    const kind = whole.get(name);
    return kind === 'integer' || kind === 'fraction' ? [{ name, type: kind === 'integer' ? 'BIGINT' : 'DOUBLE' }] : [];
  });
  if (!numbers.length) return [...columns];
  const cast = numbers.map(({ name, type }) => `CAST(${unformatted(quoteIdentifier(name))} AS ${type}) AS ${quoteIdentifier(name)}`);
  return rewrite(`SELECT * REPLACE (${cast.join(', ')}) FROM ${file}`);
}

/**
 * Per text column of `source`: `integer` or `fraction` when every non-null value is a number
 * (see the top of this file), `text` when one is not, `empty` when there is no value.
 */
async function allNumbers(connection: DuckDBConnection, source: string, names: readonly string[]): Promise<Map<string, 'integer' | 'fraction' | 'text' | 'empty'>> {
  const pattern = quoteLiteral(numberSql);
  const parts = names.flatMap((name) => {
    const column = quoteIdentifier(name);
    // Significant digits: the mantissa's digits without the leading zeros.
    const digits = `length(ltrim(regexp_replace(regexp_replace(${column}, '[eE].*$', ''), '[^0-9]', '', 'g'), '0'))`;
    return [
      `count(${column})`,
      // (A number past a double's range, `1e999`, is no number either: the cast would fail.)
      `count(*) FILTER (WHERE ${column} IS NOT NULL AND NOT coalesce(regexp_full_match(${column}, ${pattern}) AND (${digits} <= ${exactDigits} OR regexp_matches(${column}, '[.eE]')) AND isfinite(TRY_CAST(${unformatted(column)} AS DOUBLE)), false))`,
      `count(*) FILTER (WHERE regexp_matches(${column}, '[.eE]'))`,
    ];
  });
  const reader = await connection.runAndReadAll(`SELECT ${parts.join(', ')} FROM ${source}`);
  const row = reader.getRows()[0] ?? [];
  return new Map(
    names.map((name, index) => {
      const count = (offset: number): number => Number(row[index * 3 + offset] ?? 0);
      return [name, count(0) === 0 ? 'empty' : count(1) > 0 ? 'text' : count(2) > 0 ? 'fraction' : 'integer'];
    }),
  );
}
