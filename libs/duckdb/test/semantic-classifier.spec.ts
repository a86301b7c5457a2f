// Unit tests of the semantic rules, one fact at a time.
import { describe, expect, it } from 'vitest';
import { classifyColumn, looksLikeIdName, type ColumnFacts } from '@querylane/duckdb';

const base: ColumnFacts = { name: 'c', family: 'string', rowCount: 1000, nonNullCount: 1000, distinctCount: 10, avgLength: 6, maxLength: 10, hasWhitespace: false, isoTemporalCount: 0 };
const classify = (facts: Partial<ColumnFacts>, enumLimit = 50): string => classifyColumn({ ...base, ...facts }, enumLimit);

describe('classifyColumn', () => {
  it('follows the type first', () => {
    expect(classify({ family: 'nested' })).toBe('nested');
    expect(classify({ family: 'boolean' })).toBe('boolean');
    expect(classify({ family: 'date' })).toBe('temporal');
    expect(classify({ family: 'timestamptz' })).toBe('temporal');
    expect(classify({ family: 'uuid', distinctCount: 3 })).toBe('identifier');
    expect(classify({ family: 'float', distinctCount: 1000 })).toBe('numeric');
    expect(classify({ family: 'integer', distinctCount: 1000, name: 'votes' })).toBe('numeric');
  });

  it('calls text temporal when every value is an ISO date or timestamp', () => {
    expect(classify({ isoTemporalCount: 1000 })).toBe('temporal');
    expect(classify({ isoTemporalCount: 999 })).toBe('categorical');
    expect(classify({ nonNullCount: 0, distinctCount: 0, isoTemporalCount: 0 })).toBe('text');
  });

  it('finds identifiers by name (foreign keys too) or by unique key-shaped values', () => {
    expect(classify({ family: 'integer', name: 'id', distinctCount: 1000 })).toBe('identifier');
    expect(classify({ family: 'integer', name: 'user_id', distinctCount: 7 })).toBe('identifier');
    expect(classify({ name: 'sku', distinctCount: 1000, maxLength: 12 })).toBe('identifier');
    expect(classify({ name: 'title', distinctCount: 1000, hasWhitespace: true })).toBe('text');
    expect(classify({ name: 'sku', distinctCount: 1000, nonNullCount: 999 })).toBe('text');
    expect(classify({ name: 'blob', distinctCount: 1000, maxLength: 500 })).toBe('text');
  });

  it('separates categories from text by cardinality and length', () => {
    expect(classify({ distinctCount: 50 })).toBe('categorical');
    expect(classify({ distinctCount: 51 }, 50)).toBe('categorical'); // 5% of the rows
    expect(classify({ distinctCount: 101, hasWhitespace: true })).toBe('text');
    expect(classify({ rowCount: 100_000, nonNullCount: 100_000, distinctCount: 1001, hasWhitespace: true })).toBe('text');
    expect(classify({ rowCount: 100_000, nonNullCount: 100_000, distinctCount: 1000, hasWhitespace: true })).toBe('categorical');
    expect(classify({ distinctCount: 5, avgLength: 400 })).toBe('text');
    expect(classify({ rowCount: 3, nonNullCount: 3, distinctCount: 3, hasWhitespace: true })).toBe('text');
  });
});

describe('looksLikeIdName', () => {
  it('knows key names and leaves look-alikes alone', () => {
    for (const name of ['id', 'ID', 'Id', 'user_id', 'order-id', 'hotel key', 'userId', 'accountUUID', 'uuid', 'GUID', 'pk', 'apiKey']) expect(looksLikeIdName(name), name).toBe(true);
    for (const name of ['paid', 'Valid', 'grid', 'monkey', 'idea', 'identity', 'Cylinders']) expect(looksLikeIdName(name), name).toBe(false);
  });
});
