// Test helper: runs SQL in a fresh DuckDB, apart from the library, to check what it wrote.
import { DuckDBInstance, type JS } from '@duckdb/node-api';

export type Row = Record<string, JS>;

/** Rows as plain values, BIGINT counts as numbers (every count in these tests is far below 2^53). */
export async function query(sql: string): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const connection = await instance.connect();
    try {
      const rows = (await connection.runAndReadAll(sql)).getRowObjectsJS();
      return rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'bigint' ? Number(value) : value])));
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** Runs several statements on one fresh database and returns the rows of the last. */
export async function script(statements: string[]): Promise<Row[]> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const connection = await instance.connect();
    try {
      let rows: Row[] = [];
      for (const sql of statements) rows = (await connection.runAndReadAll(sql)).getRowObjectsJS();
      return rows;
    } finally {
      connection.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
