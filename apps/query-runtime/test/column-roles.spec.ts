// Which columns the generator reads as time: text dates DuckDB left as VARCHAR count when every
// sampled value has one of the known shapes, with or without leading zeros.
import type { ColumnProfile, DataProfile } from '@querylane/duckdb';
import { describe, expect, it } from 'vitest';
import { classifyColumns } from '../src/generation/column-roles.js';

function textColumn(name: string, values: string[]): ColumnProfile {
  const sorted = [...values].sort();
  return {
    name,
    type: 'VARCHAR',
    nullable: false,
    null_count: 0,
    distinct_count: values.length,
    min: sorted[0]!,
    max: sorted.at(-1)!,
    top_values: values.slice(0, 10).map((value) => ({ value, count: 1 })),
    semantic: 'text',
  };
}

function profileOf(columns: ColumnProfile[]): DataProfile {
  return { table: 't', row_count: 100, columns, schema_code: '' };
}

describe('classifyColumns', () => {
  it.each([
    ['month-name dates without a leading zero (stocks.csv)', ['Jan 1 2000', 'Feb 1 2000', 'Mar 1 2000', 'Apr 1 2000', 'Sep 1 2009', 'Dec 12 2004']],
    ['month-name dates with two-digit days (movies.json)', ['Jun 12 1998', 'Aug 07 1998', 'Dec 25 2001']],
    ['month-first dates without leading zeros', ['1/5/2000', '12/31/1999', '3/14/2001']],
  ])('reads %s as time', (_name, values) => {
    const roles = classifyColumns(profileOf([textColumn('date', values)]));
    expect(roles.times.map((time) => time.column.name)).toEqual(['date']);
  });

  it('leaves text that only looks like dates in places as text', () => {
    const roles = classifyColumns(profileOf([textColumn('label', ['Jan 1 2000', 'Batch 7', 'Feb 2 2001'])]));
    expect(roles.times).toEqual([]);
  });
});
