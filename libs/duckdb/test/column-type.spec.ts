// Unit tests of how profile values become JSON without losing digits.
import { BIGINT, DECIMAL, DOUBLE, DuckDBVarCharType, HUGEINT, VARCHAR } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { columnType, maxProfileStringLength, toJsonScalar } from '../src/column-type.js';

describe('toJsonScalar', () => {
  it('keeps integers as numbers up to 2^53 and as exact text beyond', () => {
    const hugeint = columnType(HUGEINT);
    expect(toJsonScalar(2n ** 53n - 1n, hugeint)).toBe(9007199254740991);
    expect(toJsonScalar(-(2n ** 53n) + 1n, columnType(BIGINT))).toBe(-9007199254740991);
    expect(toJsonScalar(2n ** 53n + 1n, hugeint)).toBe('9007199254740993');
    expect(toJsonScalar(-(2n ** 100n), hugeint)).toBe('-1267650600228229401496703205376');
  });

  it('gives decimals of up to 15 digits as numbers and wider ones as their exact text', () => {
    expect(toJsonScalar('12.50', columnType(DECIMAL(10, 2)))).toBe(12.5);
    expect(toJsonScalar('123456789012.345', columnType(DECIMAL(15, 3)))).toBe(123456789012.345);
    expect(toJsonScalar('1234567890123.4567', columnType(DECIMAL(18, 4)))).toBe('1234567890123.4567');
  });

  it('spells out what JSON has no number for, and cuts long strings', () => {
    expect(toJsonScalar(Number.NaN, columnType(DOUBLE))).toBe('NaN');
    expect(toJsonScalar(-Infinity, columnType(DOUBLE))).toBe('-Infinity');
    expect(toJsonScalar(null, columnType(DOUBLE))).toBeNull();
    const long = 'x'.repeat(maxProfileStringLength + 10);
    expect(toJsonScalar(long, columnType(VARCHAR))).toBe(`${'x'.repeat(maxProfileStringLength)}…`);
  });

  it('sees JSON as nested, not text', () => {
    expect(columnType(DuckDBVarCharType.create('JSON')).family).toBe('nested');
    expect(columnType(VARCHAR).family).toBe('string');
  });
});
