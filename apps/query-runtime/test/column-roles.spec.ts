// Which columns the generator reads as time: text dates DuckDB left as VARCHAR count when every
// sampled value has one of the known shapes, with or without leading zeros. And which numbers are
// measured: row numbers, years, calendar parts, codes and coordinates are not (or not averaged).
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

function profileOf(columns: ColumnProfile[], rows = 100): DataProfile {
  return { table: 't', row_count: rows, columns, schema_code: '' };
}

/** A BIGINT (or `type`) column holding these values, one per row, every value listed when ≤ 50. */
function numberColumn(name: string, values: number[], type = 'BIGINT'): ColumnProfile {
  const counts = new Map<number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const top = [...counts].sort(([a, ca], [b, cb]) => cb - ca || a - b).map(([value, count]) => ({ value, count }));
  return {
    name,
    type,
    nullable: false,
    null_count: 0,
    distinct_count: counts.size,
    min: Math.min(...values),
    max: Math.max(...values),
    top_values: counts.size <= 50 ? top : [],
    semantic: 'numeric',
  };
}

/** 100 rows: `values(i)` for row i. */
function rows(make: (index: number) => number): number[] {
  return Array.from({ length: 100 }, (_, index) => make(index));
}

function rolesOf(...columns: ColumnProfile[]) {
  const roles = classifyColumns(profileOf(columns));
  const names = (list: { column: ColumnProfile }[]) => list.map((item) => item.column.name);
  return {
    metrics: names(roles.metrics),
    measured: names(roles.metrics.filter((m) => m.measured)),
    aggregable: names(roles.metrics.filter((m) => m.aggregable)),
    dimensions: names(roles.dimensions),
    keys: names(roles.keys),
    times: names(roles.times),
  };
}

describe('classifyColumns', () => {
  it.each([
    ['month-name dates without a leading zero (stocks.csv)', ['Jan 1 2000', 'Feb 1 2000', 'Mar 1 2000', 'Apr 1 2000', 'Sep 1 2009', 'Dec 12 2004']],
    ['month-name dates with two-digit days (movies.json)', ['Jun 12 1998', 'Aug 07 1998', 'Dec 25 2001']],
    ['month-first dates without leading zeros', ['1/5/2000', '12/31/1999', '3/14/2001']],
    ['dates written out in prose (Netflix\'s date_added)', ['September 25, 2021', 'May 4, 2017', 'December 31, 2019']],
    ['abbreviated prose dates', ['Sep 25, 2021', 'May 4, 2017', 'Dec 31, 2019']],
    ['day-first prose dates', ['25 September 2021', '4 May 2017']],
  ])('reads %s as time', (_name, values) => {
    const roles = classifyColumns(profileOf([textColumn('date', values)]));
    expect(roles.times.map((time) => time.column.name)).toEqual(['date']);
    // (Also when they repeat enough to be profiled as labels: many rows added on one day.)
    const labels = classifyColumns(profileOf([{ ...textColumn('date_added', values), semantic: 'categorical' }]));
    expect(labels.times.map((time) => time.column.name)).toEqual(['date_added']);
    expect(labels.dimensions).toEqual([]);
  });

  it("puts the row's own time before a later one, a deadline or an outcome (invoices in 2024 are those issued in 2024)", () => {
    const dates = (name: string, days: number): ColumnProfile => ({
      name,
      type: 'DATE',
      nullable: false,
      null_count: 0,
      distinct_count: days,
      min: '2024-01-01',
      max: new Date(Date.UTC(2024, 0, days)).toISOString().slice(0, 10),
      top_values: [],
      semantic: 'temporal',
    });
    // `due_on` first and more spread out, as a profile may list them.
    for (const later of ['due_on', 'paid_on', 'closed_at', 'end_time']) {
      expect(rolesOf(dates(later, 100), dates('issued_on', 90)).times[0], later).toBe('issued_on');
    }
  });

  it('leaves text that only looks like dates in places as text', () => {
    const roles = classifyColumns(profileOf([textColumn('label', ['Jan 1 2000', 'Batch 7', 'Feb 2 2001'])]));
    expect(roles.times).toEqual([]);
  });

  it('gives a row number no role: unique consecutive whole numbers, or a column named like one', () => {
    const roles = rolesOf(
      numberColumn('index', rows((i) => i)),
      numberColumn('seq', rows((i) => 1001 + i)),
      numberColumn('Row Number', rows((i) => 3 * i)),
      numberColumn('score', rows((i) => (i * 37) % 90)),
    );
    expect(roles.metrics).toEqual(['score']);
    expect(roles.dimensions).toEqual([]);
    expect(roles.keys).toEqual([]);
    // Unique consecutive numbers that are not whole are measurements.
    expect(rolesOf(numberColumn('weight', rows((i) => i + 0.5), 'DOUBLE')).metrics).toEqual(['weight']);
  });

  it('reads whole numbers within calendar years named for a point in time as years: ranged, never measured', () => {
    const roles = rolesOf(
      numberColumn('start', rows((i) => 1500 + 3 * i)),
      numberColumn('end', rows((i) => 1503 + 3 * i)),
      numberColumn('Founded', rows((i) => 1800 + (i % 40))),
      numberColumn('valid_from', rows((i) => 1990 + (i % 30))),
      // Not named for a time, or not within calendar years: measured.
      numberColumn('Transfers_to_Committees', rows((i) => 1000 + i * 11)),
      numberColumn('start_weight', rows((i) => 40 + (i % 30))),
    );
    expect(roles.metrics).toEqual(expect.arrayContaining(['start', 'end', 'Founded', 'valid_from']));
    expect(roles.measured.sort()).toEqual(['Transfers_to_Committees', 'start_weight']);
    // Years held by one row each group nothing: a yearly series, not a dimension.
    expect(roles.dimensions).toEqual([]);
    expect(roles.times).toEqual(expect.arrayContaining(['start', 'end', 'Founded', 'valid_from']));
  });

  it('reads calendar parts (month, hour, weekday, quarter) within their range as labels, never measured', () => {
    const roles = rolesOf(
      numberColumn('month', rows((i) => 1 + (i % 12))),
      numberColumn('hour', rows((i) => i % 24)),
      numberColumn('weekday', rows((i) => i % 7)),
      numberColumn('Quarter', rows((i) => 1 + (i % 4))),
      // Durations, or numbers outside the part's range, are measured.
      numberColumn('days', rows((i) => i * 3)),
      numberColumn('month_total', rows((i) => 1 + (i % 12) * 7)),
      numberColumn('peak_hour', rows((i) => 30 + (i % 40))),
    );
    expect(roles.measured.sort()).toEqual(['days', 'month_total', 'peak_hour']);
    expect(roles.metrics).toEqual(expect.arrayContaining(['month', 'hour', 'weekday', 'Quarter']));
    expect(roles.dimensions).toEqual(expect.arrayContaining(['month', 'hour', 'weekday', 'Quarter']));
    expect(rolesOf(numberColumn('month', rows((i) => 200_001 + (i % 12)))).measured).toEqual(['month']);
  });

  it('never measures numbers that are codes: grouped by when few, looked up by when one per row', () => {
    const roles = rolesOf(
      numberColumn('Candidate_District', rows((i) => i % 17)),
      numberColumn('zip_code', rows((i) => 501 + i * 7)),
      numberColumn('countyId', rows((i) => 1001 + (i % 60) * 2)),
      numberColumn('flight_number', rows((i) => 100 + (i % 30))),
      numberColumn('FIPS', rows((i) => 6000 + (i % 9))),
      numberColumn('number_of_employees', rows((i) => 5 + i * 2)),
    );
    expect(roles.metrics).toEqual(['number_of_employees']);
    expect(roles.dimensions.sort()).toEqual(['Candidate_District', 'FIPS', 'flight_number']);
    expect(roles.keys).toEqual(['zip_code']);
  });

  it('ranks coordinates but never averages or sums them', () => {
    const roles = rolesOf(numberColumn('latitude', rows((i) => 20 + i / 7), 'DOUBLE'), numberColumn('Pickup Lon', rows((i) => -120 + i / 9), 'DOUBLE'), numberColumn('price', rows((i) => 3 + i / 3), 'DOUBLE'));
    expect(roles.measured.sort()).toEqual(['Pickup Lon', 'latitude', 'price']);
    expect(roles.aggregable).toEqual(['price']);
  });

  it('measures no time of day written as a number, nor a flight number ("dep_time" 1745, "op_carrier_fl_num")', () => {
    const roles = rolesOf(
      numberColumn('crs_dep_time', rows((i) => 600 + ((i * 17) % 1600))),
      numberColumn('arr_time', rows((i) => (i * 23) % 2400)),
      numberColumn('op_carrier_fl_num', rows((i) => 100 + ((i * 37) % 90))),
      numberColumn('air_time', rows((i) => 60 + ((i * 31) % 300))),
      numberColumn('dep_delay', rows((i) => ((i * 7) % 120) - 15)),
    );
    // A duration named "time" stays a measure.
    expect(roles.measured.sort()).toEqual(['air_time', 'dep_delay']);
    expect(roles.keys).not.toContain('crs_dep_time');
  });

  it('never adds up a running total beside what it adds, nor a population repeated row after row', () => {
    const roles = classifyColumns(
      profileOf([
        numberColumn('new_deaths', rows((i) => (i * 7) % 90)),
        numberColumn('total_deaths', rows((i) => 1000 + i * 45)),
        numberColumn('population', rows((i) => [83_000_000, 60_000_000, 126_000_000][i % 3]!)),
        numberColumn('total_amount', rows((i) => 10 + i * 3)),
      ]),
    );
    const of = (name: string) => roles.metrics.find((metric) => metric.column.name === name);
    expect([of('new_deaths')?.additive, of('new_deaths')?.aggregable]).toEqual([true, true]);
    // Ranked and bounded still ("the highest total deaths"), never summed or averaged.
    expect([of('total_deaths')?.measured, of('total_deaths')?.aggregable]).toEqual([true, false]);
    expect(of('population')?.additive).toBe(false);
    // A total with no running companion is a total.
    expect(of('total_amount')?.additive).toBe(true);
  });

  it('sums money that goes below zero (a loss is a negative profit) and averages fractions and what only contains a word of counting', () => {
    const additive = (...columns: ColumnProfile[]) =>
      Object.fromEntries(classifyColumns(profileOf(columns)).metrics.map((metric) => [metric.column.name, metric.additive]));
    expect(
      additive(
        numberColumn('Profit', rows((i) => (i % 5) * 40 - 60), 'DOUBLE'),
        numberColumn('net_income', rows((i) => i * 3 - 100), 'DOUBLE'),
        numberColumn('Discount', rows((i) => [0, 0, 0.2, 0.1, 0.4][i % 5]!), 'DOUBLE'),
        numberColumn('account_balance', rows((i) => 100 + i * 17), 'DOUBLE'),
        numberColumn('tax_rate_amount', rows((i) => (i % 7) / 10), 'DOUBLE'),
        numberColumn('view_count', rows((i) => i * 11), 'BIGINT'),
        numberColumn('temperature_change', rows((i) => i - 50), 'DOUBLE'),
      ),
    ).toEqual({ Profit: true, net_income: true, Discount: false, account_balance: false, tax_rate_amount: false, view_count: true, temperature_change: false });
  });

  it('labels rows by a handful of whole numbers named as a class, and averages a flag of 0 and 1 without ranking by it', () => {
    // Stop 61: a Titanic passenger's `Pclass` (1–3) was averaged and ranked by, `Survived` ranked by.
    const profile = profileOf([numberColumn('Pclass', rows((i) => 1 + (i % 3))), numberColumn('Survived', rows((i) => i % 2)), numberColumn('Cylinders', rows((i) => [4, 6, 8][i % 3]!)), numberColumn('Fare', rows((i) => 7 + i / 3), 'DOUBLE')]);
    const roles = classifyColumns(profile);
    expect(roles.metrics.map((metric) => metric.column.name).sort()).toEqual(['Cylinders', 'Fare', 'Survived']);
    expect(roles.dimensions.map((dimension) => dimension.column.name)).toContain('Pclass');
    expect(roles.metrics.filter((metric) => metric.flag).map((metric) => metric.column.name)).toEqual(['Survived']);
  });
});
