// Quoting for the SQL this library builds: column names come straight from the data (`US Gross`,
// `order`, `a"b`), so every identifier and literal goes through one of these two functions.
import { AppError } from '@querylane/errors';

/**
 * A DuckDB (and standard SQL) delimited identifier: the name in double quotes, inner quotes doubled.
 * Quoting always, not only when needed, keeps reserved words, mixed case and punctuation intact.
 */
export function quoteIdentifier(name: string): string {
  if (name.length === 0) throw new AppError('invalid_request', 'an SQL identifier cannot be empty');
  // DuckDB's parser ends a quoted identifier at a NUL character, so no quoting can carry one.
  if (name.includes('\u0000')) throw new AppError('invalid_request', `the SQL identifier ${JSON.stringify(name)} contains a NUL character`);
  return `"${name.replaceAll('"', '""')}"`;
}

/** A string literal for the places DuckDB takes no parameter (file paths in table functions, COPY options). */
export function quoteLiteral(value: string): string {
  if (value.includes('\u0000')) throw new AppError('invalid_request', 'an SQL string literal cannot contain a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
}

/**
 * The SQL of a profiled column: its quoted name, or for a field of a STRUCT column (`path`) the
 * top-level column followed by each field name in brackets (`"properties"['mag']`), which DuckDB
 * never reads as a table's column the way `"properties"."mag"` can be.
 */
export function columnSql(column: { name: string; path?: readonly string[] | undefined }): string {
  if (!column.path || column.path.length < 2) return quoteIdentifier(column.name);
  const [top, ...fields] = column.path;
  return `${quoteIdentifier(top!)}${fields.map((field) => `[${quoteLiteral(field)}]`).join('')}`;
}
