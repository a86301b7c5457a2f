import { AppError } from '@querylane/errors';
import { describe, expect, it } from 'vitest';
import { validateProgramSql } from '../src/execution/sql-guard.js';

const tables = ['cars', 'movies'];

async function refusal(sql: string): Promise<string> {
  const error: unknown = await validateProgramSql(sql, tables).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe('invalid_request');
  return String(appError.details?.reason);
}

describe('validateProgramSql refuses', () => {
  it('several statements, even when the second hides after a comment', async () => {
    expect(await refusal('SELECT 1 FROM cars; DROP TABLE cars')).toBe('multiple_statements');
    expect(await refusal('SELECT 1 FROM cars /* ; */; SELECT 2')).toBe('multiple_statements');
  });

  it.each([
    'INSERT INTO cars VALUES (1)',
    'UPDATE cars SET "Origin" = 1',
    'DELETE FROM cars',
    'CREATE TABLE x AS SELECT 1',
    'DROP TABLE cars',
    'ALTER TABLE cars ADD COLUMN x INT',
    "COPY cars TO '/tmp/cars.csv'",
    "ATTACH '/tmp/other.db' AS other",
    'DETACH other',
    'INSTALL httpfs',
    'LOAD httpfs',
    'PRAGMA database_size',
    "SET memory_limit = '10GB'",
    'CALL pragma_version()',
    "EXPORT DATABASE '/tmp/out'",
    'CHECKPOINT',
    'VACUUM',
    'EXPLAIN SELECT * FROM cars',
  ])('a statement that is not a SELECT: %s', async (sql) => {
    expect(await refusal(sql)).toBe('not_select');
  });

  it('IMPORT DATABASE, which the parser does not take apart', async () => {
    expect(await refusal("IMPORT DATABASE '/tmp/out'")).toMatch(/^(not_select|syntax_error)$/);
  });

  it.each([
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_csv_auto('x.csv')",
    "SELECT * FROM read_parquet('s3://bucket/x.parquet')",
    "SELECT * FROM parquet_scan('x.parquet')",
    "SELECT * FROM read_json_auto('https://example.com/x.json')",
    "SELECT * FROM glob('/etc/*')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM read_blob('/etc/hostname')",
    "SELECT * FROM sniff_csv('x.csv')",
    'SELECT * FROM duckdb_settings()',
    "SELECT * FROM query('SELECT 1')",
    'SELECT * FROM cars, (SELECT * FROM duckdb_tables()) t',
  ])('table functions that touch files, the network or the system: %s', async (sql) => {
    expect(await refusal(sql)).toBe('forbidden_function');
  });

  it.each([
    "SELECT getenv('HOME') FROM cars",
    "SELECT current_setting('enable_external_access')",
    'SELECT "Name" FROM cars WHERE "Origin" IN (SELECT database_name FROM (SELECT duckdb_version() AS database_name))',
    "SELECT (SELECT content FROM read_text('/etc/hostname')) FROM cars",
  ])('system functions anywhere in the tree: %s', async (sql) => {
    expect(await refusal(sql)).toBe('forbidden_function');
  });

  it.each(["SELECT * FROM 'cars.csv'", "FROM 'https://example.com/data.parquet'", 'SELECT * FROM "data.parquet"', "SELECT * FROM cars JOIN 's3://b/x.json' ON true"])(
    'files named as tables: %s',
    async (sql) => {
      expect(await refusal(sql)).toBe('file_reference');
    },
  );

  it.each(['SELECT * FROM orders', 'SELECT * FROM other.main.cars', 'SELECT * FROM information_schema.tables', 'SELECT * FROM cars WHERE x IN (SELECT y FROM secrets)'])(
    'tables that are not the project\'s: %s',
    async (sql) => {
      expect(await refusal(sql)).toBe('table_not_allowed');
    },
  );

  it('DESCRIBE, SHOW and SUMMARIZE', async () => {
    expect(await refusal('DESCRIBE cars')).toBe('forbidden_table_source');
    expect(await refusal('SHOW TABLES')).toBe('forbidden_table_source');
    expect(await refusal('SUMMARIZE cars')).toBe('forbidden_table_source');
  });

  it('syntax errors, with DuckDB\'s message', async () => {
    const error = await validateProgramSql('SELEC * FROM cars', tables).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).details?.reason).toBe('syntax_error');
    expect((error as AppError).message).toMatch(/syntax error at or near "SELEC"/);
    expect((error as AppError).message).not.toMatch(/LINE 1/);
  });

  it('empty SQL and positional parameters', async () => {
    expect(await refusal('  ;')).toBe('empty');
    expect(await refusal('-- nothing')).toBe('empty');
    expect(await refusal('SELECT * FROM cars WHERE "Origin" = ?')).toBe('positional_parameter');
    expect(await refusal('SELECT * FROM cars WHERE "Origin" = $1')).toBe('positional_parameter');
  });
});

describe('validateProgramSql accepts', () => {
  it('a SELECT with named slots, reporting tables and parameters', async () => {
    const result = await validateProgramSql('SELECT "Name", "Horsepower" FROM cars WHERE "Origin" = $origin AND "Horsepower" >= $min_hp LIMIT $limit;', tables);
    expect(result).toEqual({
      statement: 'SELECT "Name", "Horsepower" FROM cars WHERE "Origin" = $origin AND "Horsepower" >= $min_hp LIMIT $limit',
      tables: ['cars'],
      parameters: ['origin', 'min_hp', 'limit'],
    });
  });

  it('quoted identifiers with spaces, CTEs, window functions and FROM-first', async () => {
    const sql = `WITH ranked AS (
        SELECT "Title", "US Gross", "MPAA Rating",
               rank() OVER (PARTITION BY "MPAA Rating" ORDER BY "US Gross" DESC) AS r
        FROM movies WHERE "US Gross" > $min_gross)
      SELECT * FROM ranked WHERE r <= $top ORDER BY "MPAA Rating", r`;
    expect(await validateProgramSql(sql, tables)).toMatchObject({ tables: ['movies'], parameters: ['min_gross', 'top'] });
    expect(await validateProgramSql('FROM Cars SELECT count(*)', tables)).toMatchObject({ tables: ['cars'] });
    expect(await validateProgramSql('SELECT c."Origin", m."Title" FROM main.cars c CROSS JOIN movies m UNION ALL SELECT 1, 2', tables)).toMatchObject({
      tables: ['cars', 'movies'],
    });
    expect(await validateProgramSql("SELECT unnest([1, 2]), x FROM range(3) t(x) WHERE 'cars.csv' <> ''", tables)).toMatchObject({ tables: [] });
  });
});
