// Unit tests of identifier and literal quoting.
import { describe, expect, it } from 'vitest';
import { quoteIdentifier, quoteLiteral } from '@querylane/duckdb';
import { query } from './duckdb-query.js';

describe('quoteIdentifier', () => {
  it('always quotes and doubles inner quotes', () => {
    expect(quoteIdentifier('id')).toBe('"id"');
    expect(quoteIdentifier('US Gross')).toBe('"US Gross"');
    expect(quoteIdentifier('say "hi"')).toBe('"say ""hi"""');
    expect(quoteIdentifier("it's")).toBe('"it\'s"');
    expect(quoteIdentifier('""')).toBe('""""""');
  });

  it('refuses what no quoting can carry', () => {
    expect(() => quoteIdentifier('')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    expect(() => quoteIdentifier('a\u0000b')).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });

  it('names exactly the column DuckDB made', async () => {
    const names = ['order', 'select', 'US Gross', 'a.b', 'say "hi"', "it's", 'MiXeD', '""', 'line\nbreak', 'ünï'];
    const select = names.map((name, i) => `${i} AS ${quoteIdentifier(name)}`).join(', ');
    const [row] = await query(`SELECT ${select}`);
    expect(Object.keys(row!)).toEqual(names);
  });
});

describe('quoteLiteral', () => {
  it('doubles single quotes', async () => {
    expect(quoteLiteral("it's")).toBe("'it''s'");
    const [row] = await query(`SELECT ${quoteLiteral("it's \\ \"fine\"")} AS v`);
    expect(row!.v).toBe('it\'s \\ "fine"');
  });
});
