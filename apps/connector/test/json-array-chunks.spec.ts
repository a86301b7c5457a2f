// The pieces a JSON array body is parsed in always give the items JSON.parse gives for the whole.
import { describe, expect, it } from 'vitest';
import { RecordsFormatChange } from '@querylane/duckdb';
import { jsonArrayItems } from '../src/target/json-array-chunks.js';

const whole = (text: string) => () => {
  const value = JSON.parse(text) as unknown;
  return Array.isArray(value) ? { array: true as const, items: value } : { array: false as const };
};
const items = (text: string, parseWhole = whole(text)) => [...jsonArrayItems(Buffer.from(text), parseWhole)];

// Records whose strings and nested lists hold what a piece boundary looks like: `},{`.
const tricky = Array.from({ length: 150_000 }, (_, i) => ({
  id: i,
  note: i % 3 === 0 ? 'a },{ b' : `plain ${'x'.repeat(i % 50)}`,
  items: i % 5 === 0 ? [{ n: 1 }, { n: 2 }] : [],
  nested: { deeper: i % 7 === 0 ? [{ a: '},{' }, { b: null }] : null },
  text: 'ünïcødé ✓ 😀',
}));

describe('jsonArrayItems', () => {
  it('gives the items of a body of several pieces, compact or pretty-printed, as JSON.parse does', () => {
    const compact = JSON.stringify(tricky);
    expect(compact.length).toBeGreaterThan(3 * 4 * 1024 * 1024);
    let wholeParses = 0;
    expect(items(compact, () => (wholeParses++, whole(compact)()))).toEqual(tricky);
    expect(wholeParses).toBe(0);
    const pretty = JSON.stringify(tricky, null, 2);
    expect(items(pretty)).toEqual(tricky);
  });

  it('reads anew on each pass, and gives an empty array no items', () => {
    const iterable = jsonArrayItems(Buffer.from('[{"a":1},{"a":2}]'), whole('[{"a":1},{"a":2}]'));
    expect([...iterable]).toEqual([{ a: 1 }, { a: 2 }]);
    expect([...iterable]).toEqual([{ a: 1 }, { a: 2 }]);
    expect(items(' [ ] \n')).toEqual([]);
  });

  it('leaves a body that is not one clean array to the whole parse, which gives its error', () => {
    const text = JSON.stringify(tricky);
    for (const broken of [`${text.slice(0, -1)},{"id":`, `${text}]`, `${text} trailing`, text.replace('"id":149999', '"id":149999,'), text.replace(/,\{"id":30000/, ',{"id":30000,,')]) {
      expect(() => items(broken)).toThrow(SyntaxError);
    }
  });

  it('says when the body is JSON Lines whose lines are arrays after all', () => {
    const lines = '[{"a":1},{"a":2}]\n[{"a":3}]\n';
    const parseWhole = () => ({ array: false as const });
    expect(() => items(lines, parseWhole)).toThrow(RecordsFormatChange);
  });
});
