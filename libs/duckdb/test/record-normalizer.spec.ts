// Unit tests of how records are shaped before DuckDB reads them.
import { describe, expect, it } from 'vitest';
import { RecordNormalizer } from '../src/record-normalizer.js';

describe('RecordNormalizer', () => {
  it('passes a plain record through untouched (same object)', () => {
    const normalizer = new RecordNormalizer();
    const record = { a: 1, b: { c: [1, { d: 2 }] } };
    expect(normalizer.normalize(record)).toBe(record);
  });

  it('wraps what is not a plain object as { value }', () => {
    const normalizer = new RecordNormalizer();
    expect(normalizer.normalize(5)).toEqual({ value: 5 });
    expect(normalizer.normalize([1, 2])).toEqual({ value: [1, 2] });
    expect(normalizer.normalize(null)).toEqual({ value: null });
    const when = new Date(0);
    expect(normalizer.normalize(when)).toEqual({ value: when });
    expect(normalizer.normalize(Object.create(null) as object)).toEqual({});
  });

  it('renames case-only duplicates the same way in every record, at every depth, without touching the input', () => {
    const normalizer = new RecordNormalizer();
    const first = { id: 1, user: { name: 'a', tags: [{ k: 1 }] } };
    const second = { ID: 2, user: { Name: 'b', name: 'c', tags: [{ K: 2 }] } };
    expect(normalizer.normalize(first)).toBe(first);
    expect(normalizer.normalize(second)).toEqual({ ID_1: 2, user: { Name_1: 'b', name: 'c', tags: [{ K_1: 2 }] } });
    expect(normalizer.normalize({ ID: 3, id_1: 4 })).toEqual({ ID_1: 3, id_1_1: 4 });
    expect(second).toEqual({ ID: 2, user: { Name: 'b', name: 'c', tags: [{ K: 2 }] } });
    expect(normalizer.columns()).toEqual(['id', 'user', 'ID_1', 'id_1_1']);
  });

  it('names empty keys and replaces NUL', () => {
    const normalizer = new RecordNormalizer();
    expect(normalizer.normalize({ '': 1, unnamed: 2, 'a\u0000': 3, n: { '': 4 } })).toEqual({ unnamed: 1, unnamed_1: 2, a_: 3, n: { unnamed: 4 } });
  });

  it('keeps a __proto__ key as a key when it copies', () => {
    const normalizer = new RecordNormalizer();
    const record = JSON.parse('{"A": 1, "a": 2, "__proto__": {"x": 1}}') as Record<string, unknown>;
    const shaped = normalizer.normalize(record);
    expect(JSON.stringify(shaped)).toBe('{"A":1,"a_1":2,"__proto__":{"x":1}}');
  });

  it('turns bigint into a number when safe and into exact text otherwise', () => {
    const normalizer = new RecordNormalizer();
    expect(JSON.stringify(normalizer.normalize({ a: 1n, b: [2n ** 64n] }))).toBe('{"a":1,"b":["18446744073709551616"]}');
  });

  it('lists the top-level keys whose values mix scalar kinds', () => {
    const normalizer = new RecordNormalizer();
    for (const record of [
      { text: 'a', num: 1, mix: 1, flag: true, obj: { a: 1 }, hetero: 1, nums: 1 },
      { text: 'b', num: 2.5, mix: 'x', flag: 1, obj: null, hetero: [1], nums: Number.NaN },
      { text: null, mix: new Date(0) },
    ]) {
      normalizer.normalize(record);
    }
    expect(normalizer.mixedScalarColumns()).toEqual(['mix', 'flag']);
  });

  it('refuses nesting deeper than 100 levels', () => {
    const normalizer = new RecordNormalizer();
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 120; i++) deep = { deeper: deep };
    expect(() => normalizer.normalize(deep)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
  });
});
