// profileParquet on files written by writeParquet and on files DuckDB writes with types JSON never
// produces (HUGEINT, DECIMAL, TIMESTAMPTZ, ENUM), checked against figures computed here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { profileParquet, writeParquet, type ColumnProfile, type DataProfile } from '@querylane/duckdb';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { literal, query, script } from './duckdb-query.js';

function column(profile: DataProfile, name: string): ColumnProfile {
  const found = profile.columns.find((c) => c.name === name);
  if (!found) throw new Error(`no column ${name} in ${profile.columns.map((c) => c.name).join(', ')}`);
  return found;
}

describe('profileParquet', () => {
  let dir: ScratchDir;
  const logger = testLogger();

  beforeEach(() => {
    dir = scratchDir('querylane-duckdb-profile-');
  });
  afterEach(() => dir.remove());

  it('measures each column and tells what it means', async () => {
    const statuses = ['open', 'closed', 'pending'];
    const records = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      sku: `SKU-${String(i).padStart(4, '0')}`,
      status: statuses[i % 3],
      title: `A long title number ${i} with several words`,
      amount: i % 10 === 0 ? null : i * 1.5,
      day: new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10),
      // DuckDB types one timestamp format per column; this one mixes two, so it stays text.
      seen: i % 2 === 0 ? `2021-03-04T05:06:${String(i % 60).padStart(2, '0')}Z` : `2021-03-04T05:06:07.${i}Z`,
      active: i % 4 === 0,
      big: 2 ** 60 + i * 1024,
      tags: ['x', String(i % 3)],
      user_id: i % 7,
      userName: `user${i % 7}`,
    }));
    const path = join(dir.path, 'orders.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });

    expect(profile.table).toBe('orders');
    expect(profile.row_count).toBe(200);
    expect(Object.fromEntries(profile.columns.map((c) => [c.name, c.semantic]))).toEqual({
      id: 'identifier',
      sku: 'identifier',
      status: 'categorical',
      title: 'text',
      amount: 'numeric',
      day: 'temporal',
      seen: 'temporal',
      active: 'boolean',
      big: 'numeric',
      tags: 'nested',
      user_id: 'identifier',
      userName: 'categorical',
    });

    // A list of text is profiled element by element: the rows holding each one.
    expect(column(profile, 'tags').elements).toEqual({
      distinct_count: 4,
      top_values: [
        { value: 'x', count: 200 },
        { value: '0', count: 67 },
        { value: '1', count: 67 },
        { value: '2', count: 66 },
      ],
    });
    expect(column(profile, 'status').elements).toBeUndefined();

    const amounts = records.map((r) => r.amount).filter((a): a is number => a !== null);
    expect(column(profile, 'amount')).toMatchObject({
      type: 'DOUBLE',
      nullable: true,
      null_count: 20,
      distinct_count: new Set(amounts).size,
      min: Math.min(...amounts),
      max: Math.max(...amounts),
      top_values: [],
    });
    expect(column(profile, 'id')).toMatchObject({ type: 'BIGINT', nullable: false, null_count: 0, distinct_count: 200, min: 1, max: 200, top_values: [] });
    expect(column(profile, 'status')).toMatchObject({
      type: 'VARCHAR',
      distinct_count: 3,
      min: 'closed',
      max: 'pending',
      top_values: [
        { value: 'open', count: 67 },
        { value: 'closed', count: 67 },
        { value: 'pending', count: 66 },
      ].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    });
    expect(column(profile, 'day')).toMatchObject({ type: 'DATE', min: '2020-01-01', max: records[199]!.day });
    expect(column(profile, 'seen')).toMatchObject({ type: 'VARCHAR', min: '2021-03-04T05:06:00Z' });
    expect(column(profile, 'active')).toMatchObject({
      type: 'BOOLEAN',
      min: null,
      max: null,
      top_values: [
        { value: false, count: 150 },
        { value: true, count: 50 },
      ],
    });
    // Past 2^53 a JSON number would round the figures, so they are the exact integers DuckDB holds:
    // those of the JSON text the records were written as (JavaScript prints 2^60 as …847000).
    expect(column(profile, 'big')).toMatchObject({ type: 'BIGINT', min: JSON.stringify(records[0]!.big), max: JSON.stringify(records[199]!.big) });
    expect(column(profile, 'big').min).toBe('1152921504606847000');
    expect(column(profile, 'tags')).toMatchObject({ type: 'VARCHAR[]', min: null, max: null, top_values: [], distinct_count: 3 });
    // A text column gets top values whatever its cardinality; here all 200 are distinct.
    expect(column(profile, 'title').top_values).toHaveLength(10);
    expect(column(profile, 'title').top_values[0]).toEqual({ value: 'A long title number 0 with several words', count: 1 });
  });

  it('profiles text written as a list of labels ("Comedies, Dramas") element by element, and no name or place written with a comma', async () => {
    const genres = ['Dramas', 'Comedies', 'Thrillers', 'Documentaries', 'Horror Movies', 'International Movies'];
    const records = Array.from({ length: 300 }, (_, i) => ({
      listed_in: [...new Set([genres[i % 6]!, genres[(i * 7 + 1) % 6]!, ...(i % 4 === 0 ? [genres[(i * 5 + 2) % 6]!] : [])])].join(', '),
      name: `LASTNAME${i}, First${i % 50}`,
      city: `City${i % 80}, ${['TX', 'CA', 'NY', 'WA'][i % 4]}`,
    }));
    const path = join(dir.path, 'shows.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    const holding = (genre: string) => records.filter((record) => record.listed_in.split(', ').includes(genre)).length;
    const elements = column(profile, 'listed_in').elements;
    expect(elements?.separator).toBe(', ');
    expect(elements?.distinct_count).toBe(6);
    expect(Object.fromEntries(elements!.top_values.map((top) => [top.value, top.count]))).toEqual(Object.fromEntries(genres.map((genre) => [genre, holding(genre)])));
    expect(column(profile, 'name').elements).toBeUndefined();
    expect(column(profile, 'city').elements).toBeUndefined();
  });

  it.each([
    ['|', 'Adventure|Animation|Children'],
    [';', 'Art & Design;Pretend Play'],
    ['; ', 'Art & Design; Pretend Play'],
    [',', 'Action,Adventure,Sci-Fi'],
  ])('profiles text written as a list with "%s" between its labels (%s), and no place written so', async (separator) => {
    const genres = ['Drama', 'Comedy', 'Sci-Fi', 'Art & Design', 'Pretend Play', 'Film-Noir'];
    const records = Array.from({ length: 300 }, (_, i) => ({
      genres: [...new Set([genres[i % 6]!, genres[(i * 7 + 1) % 6]!, ...(i % 4 === 0 ? [genres[(i * 5 + 2) % 6]!] : [])])].join(separator),
      city: `City${i % 80}${separator}${['TX', 'CA', 'NY', 'WA'][i % 4]}`,
    }));
    const path = join(dir.path, 'titles.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    const holding = (genre: string) => records.filter((record) => record.genres.split(separator).includes(genre)).length;
    const elements = column(profile, 'genres').elements;
    expect(elements?.separator).toBe(separator);
    expect(Object.fromEntries(elements!.top_values.map((top) => [top.value, top.count]))).toEqual(Object.fromEntries(genres.map((genre) => [genre, holding(genre)])));
    expect(column(profile, 'city').elements).toBeUndefined();
  });

  it('sees whitespace of every kind in text: a unique short code with a tab, line break or form feed is no identifier', async () => {
    const separators = { plain: '-', space: ' ', tab: '\t', newline: '\n', return: '\r', formfeed: '\f' };
    const records = Array.from({ length: 50 }, (_, i) => Object.fromEntries(Object.entries(separators).map(([name, separator]) => [name, `c${separator}${i}`])));
    const path = join(dir.path, 'codes.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    const semantics = Object.fromEntries(profile.columns.map((c) => [c.name, c.semantic]));
    expect(semantics.plain).toBe('identifier');
    for (const name of ['space', 'tab', 'newline', 'return', 'formfeed']) expect([name, semantics[name]]).not.toEqual([name, 'identifier']);
  });

  it('calls text temporal only when every value is an ISO date or timestamp, whatever its least and greatest values', async () => {
    const records = Array.from({ length: 120 }, (_, i) => {
      const day = `2020-${String((i % 12) + 1).padStart(2, '0')}-01`;
      return {
        // Two timestamp formats keep these text; nulls do not count against them.
        stamps: i % 5 === 0 ? null : i % 2 ? `${day}T00:00:00Z` : `${day}T00:00:00.5Z`,
        // One value in the middle begins like a date and is none: the least and greatest are dates.
        inner: i === 60 ? '2020-06-15 soon' : day,
        // The least value is no date.
        early: i === 0 ? '1999' : day,
      };
    });
    const path = join(dir.path, 'dates.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    expect(profile.columns.map((c) => [c.name, c.type, c.semantic])).toEqual([
      ['stamps', 'VARCHAR', 'temporal'],
      ['inner', 'VARCHAR', 'categorical'],
      ['early', 'VARCHAR', 'categorical'],
    ]);
    expect(column(profile, 'inner')).toMatchObject({ min: '2020-01-01', max: '2020-12-01', distinct_count: 13 });
    expect(column(profile, 'stamps')).toMatchObject({ null_count: 24, distinct_count: 12 });
  });

  it('lists every value of a scalar column with at most enumLimit distinct values, and the topValues most frequent of a text column with more', async () => {
    const records = Array.from({ length: 100 }, (_, i) => ({ cylinders: [4, 6, 8][i % 3]!, count: i % 5, value: `v${i % 5}`, n: i, city: `city number ${i % 7}` }));
    const path = join(dir.path, 'cars.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { topValues: 2, enumLimit: 5, valueListLimit: 5, logger });
    // A value named in a question is known whether or not it is among the most frequent.
    expect(column(profile, 'cylinders')).toMatchObject({
      semantic: 'numeric',
      top_values: [
        { value: 4, count: 34 },
        { value: 6, count: 33 },
        { value: 8, count: 33 },
      ],
    });
    // Columns named like the aliases a top-value query might use still work.
    expect(column(profile, 'count').top_values).toEqual([0, 1, 2, 3, 4].map((value) => ({ value, count: 20 })));
    expect(column(profile, 'value').top_values).toEqual([0, 1, 2, 3, 4].map((i) => ({ value: `v${i}`, count: 20 })));
    expect(column(profile, 'city')).toMatchObject({
      distinct_count: 7,
      top_values: [
        { value: 'city number 0', count: 15 },
        { value: 'city number 1', count: 15 },
      ],
    });
    expect(column(profile, 'n').top_values).toEqual([]);
    const none = await profileParquet(path, { topValues: 0, logger });
    expect(none.columns.every((c) => c.top_values.length === 0)).toBe(true);
  });

  it('lists every value of a categorical column up to valueListLimit distinct values, and only the most frequent of free text', async () => {
    // 120 labels (a state or country column), each on 10 rows; and a unique sentence per row.
    const records = Array.from({ length: 1200 }, (_, i) => ({ state: `State S${String(i % 120).padStart(3, '0')}`, note: `note number ${i} about something` }));
    const path = join(dir.path, 'states.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    expect(column(profile, 'state')).toMatchObject({ semantic: 'categorical', distinct_count: 120 });
    expect(column(profile, 'state').top_values.map((top) => top.value)).toEqual(Array.from({ length: 120 }, (_, i) => `State S${String(i).padStart(3, '0')}`));
    expect(column(profile, 'note').top_values.length).toBeLessThanOrEqual(10);
    const fewer = await profileParquet(path, { valueListLimit: 100, logger });
    expect(column(fewer, 'state').top_values).toHaveLength(10);
  });

  it('lists every value of a text column of short names, one per row, up to valueListLimit, and not of prose', async () => {
    // One row per country (or state): the names never repeat, so they are no label, yet a question
    // names any of them ("the population of Texas").
    const names = Array.from({ length: 150 }, (_, i) => `Land ${String.fromCharCode(65 + (i % 26))}${i}`);
    const records = names.map((name, i) => ({ country: name, population: 1000 + i, motto: `${name} says that every morning the sun rises over its hills and rivers` }));
    const path = join(dir.path, 'countries.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    expect(column(profile, 'country')).toMatchObject({ semantic: 'text', distinct_count: 150 });
    expect(column(profile, 'country').top_values.map((top) => top.value).sort()).toEqual([...names].sort());
    expect(column(profile, 'motto').top_values).toHaveLength(10);
    const fewer = await profileParquet(path, { valueListLimit: 100, logger });
    expect(column(fewer, 'country').top_values).toHaveLength(10);
  });

  it('lists every code of a column of short codes up to five times valueListLimit', async () => {
    // 300 airports as three-letter codes, each the origin of 13 routes or so (a question names any of them).
    const codes = Array.from({ length: 300 }, (_, i) => `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}X`);
    const records = Array.from({ length: 4000 }, (_, i) => ({ origin: codes[i % 300]!, flights: i }));
    const path = join(dir.path, 'routes.parquet');
    await writeParquet(records, path, { logger });
    const profile = await profileParquet(path, { logger });
    expect(column(profile, 'origin')).toMatchObject({ semantic: 'categorical', distinct_count: 300 });
    expect(column(profile, 'origin').top_values.map((top) => top.value).sort()).toEqual([...codes].sort());
    expect(column(await profileParquet(path, { valueListLimit: 50, logger }), 'origin').top_values).toHaveLength(10);
  });

  it('gives wide numbers, decimals and instants as exact JSON', async () => {
    const path = join(dir.path, 'wide.parquet');
    // Parquet has no HUGEINT or ENUM (DuckDB writes DOUBLE and text), so UBIGINT carries the widest integers.
    await script([
      `COPY (
        SELECT * FROM (VALUES
          (18446744073709551615::UBIGINT, 12.50::DECIMAL(10,2), 1234567890123456789.0123456789::DECIMAL(38,10), TIMESTAMPTZ '2020-01-02 03:04:05+02', TIMESTAMP_NS '2020-01-02 03:04:05.123456789', TIME '10:11:12', 'inf'::DOUBLE, 42::UTINYINT, INTERVAL 3 DAY, 'ab'::BLOB, uuid '6f1c7f6e-3b44-4d0e-9a34-4d0f8b5c1e11'),
          (5::UBIGINT, 0.01::DECIMAL(10,2), -1::DECIMAL(38,10), TIMESTAMPTZ '1999-12-31 23:00:00+00', TIMESTAMP_NS '1999-01-01 00:00:00', TIME '00:00:01', -1.5::DOUBLE, 7::UTINYINT, INTERVAL 1 HOUR, 'cd'::BLOB, uuid '00000000-0000-0000-0000-000000000001')
        ) t(huge, money, precise, "at", nanos, clock, ratio, small, wait, bytes, ref)
      ) TO ${literal(path)} (FORMAT parquet)`,
    ]);
    const profile = await profileParquet(path, { logger });
    const figures = Object.fromEntries(profile.columns.map((c) => [c.name, [c.type, c.min, c.max, c.semantic]]));
    expect(figures).toEqual({
      huge: ['UBIGINT', 5, '18446744073709551615', 'numeric'],
      money: ['DECIMAL(10,2)', 0.01, 12.5, 'numeric'],
      precise: ['DECIMAL(38,10)', '-1.0000000000', '1234567890123456789.0123456789', 'numeric'],
      at: ['TIMESTAMP WITH TIME ZONE', '1999-12-31T23:00:00Z', '2020-01-02T01:04:05Z', 'temporal'],
      nanos: ['TIMESTAMP_NS', '1999-01-01T00:00:00', '2020-01-02T03:04:05.123456789', 'temporal'],
      clock: ['TIME', '00:00:01', '10:11:12', 'temporal'],
      ratio: ['DOUBLE', -1.5, 'Infinity', 'numeric'],
      small: ['UTINYINT', 7, 42, 'numeric'],
      wait: ['INTERVAL', null, null, 'numeric'],
      bytes: ['BLOB', null, null, 'text'],
      ref: ['UUID', null, null, 'identifier'],
    });
    expect(column(profile, 'at').top_values).toEqual([
      { value: '1999-12-31T23:00:00Z', count: 1 },
      { value: '2020-01-02T01:04:05Z', count: 1 },
    ]);
    // The profile is JSON through and through.
    expect(JSON.parse(JSON.stringify(profile))).toEqual(profile);
    expect(profile.table).toBe('wide');
  });

  it('counts the distinct values of integer columns exactly, compact or wide in range, signed or not, with nulls', async () => {
    const path = join(dir.path, 'integers.parquet');
    // 5,000 rows: compact ranges (counted in a bitmap), ranges wider than 2^26 (hashed), negatives,
    // the extremes of BIGINT and UBIGINT, nulls, and a column with no value at all.
    await script([
      `COPY (
        SELECT
          (i % 1234)::INTEGER AS compact,
          CASE WHEN i % 5 = 0 THEN NULL ELSE (i * 7919 % 3001) - 1500 END::BIGINT AS negative,
          (i * 104729)::BIGINT AS wide,
          CASE WHEN i % 2 = 0 THEN 9223372036854775807 ELSE -9223372036854775808 + i % 3 END::BIGINT AS extremes,
          CASE WHEN i % 3 = 0 THEN 18446744073709551615::UBIGINT ELSE (i % 10)::UBIGINT END AS unsigned,
          (i % 200)::UTINYINT AS tiny,
          NULL::INTEGER AS empty,
          -42::SMALLINT AS single
        FROM range(5000) r(i)
      ) TO ${literal(path)} (FORMAT parquet)`,
    ]);
    const profile = await profileParquet(path, { logger });
    const names = ['compact', 'negative', 'wide', 'extremes', 'unsigned', 'tiny', 'empty', 'single'];
    const [expected] = await query(`SELECT ${names.map((name) => `count(DISTINCT ${name}) AS ${name}`).join(', ')} FROM ${literal(path)}`);
    expect(Object.fromEntries(names.map((name) => [name, column(profile, name).distinct_count]))).toEqual(expected);
    expect(expected).toMatchObject({ compact: 1234, wide: 5000, extremes: 4, empty: 0, single: 1 });
  });

  it('writes DDL with every identifier quoted that a fresh DuckDB runs and the Parquet loads into', async () => {
    const records = [
      { 'US Gross': 1, order: 'a', 'a.b': 1.5, 'say "hi"': true, nested: { 'x y': 1, select: ['q'] }, doc: { a: 1 }, day: '2020-01-01' },
      { 'US Gross': 2, order: 'b', 'a.b': null, 'say "hi"': false, nested: null, doc: [1], day: '2020-01-02' },
    ];
    const path = join(dir.path, 'odd.parquet');
    await writeParquet(records, path, { logger, tableName: 'the "odd" table' });
    const profile = await profileParquet(path, { logger });
    expect(profile.table).toBe('the "odd" table');
    expect(profile.schema_code).toBe(
      [
        'CREATE TABLE "the ""odd"" table" (',
        '  "US Gross" BIGINT,',
        '  "order" VARCHAR,',
        '  "a.b" DOUBLE,',
        '  "say ""hi""" BOOLEAN,',
        '  "nested" STRUCT("x y" BIGINT, "select" VARCHAR[]),',
        '  "doc" JSON,',
        '  "day" DATE',
        ');',
      ].join('\n'),
    );
    const rows = await script([
      profile.schema_code,
      `INSERT INTO "the ""odd"" table" SELECT * FROM read_parquet(${literal(path)})`,
      `SELECT count(*) AS c, sum("US Gross") AS s, max(nested."select"[1]) AS q FROM "the ""odd"" table"`,
    ]);
    expect(rows).toEqual([{ c: 2n, s: 3n, q: 'q' }]);
  });

  it('profiles the scalar fields of nested objects as columns with their path, and keeps them out of the DDL', async () => {
    const path = join(dir.path, 'features.parquet');
    const records = Array.from({ length: 30 }, (_, i) => ({
      id: `f${i}`,
      properties: { mag: i === 0 ? null : i / 10, place: `${i} km N of Town`, net: ['ak', 'us', 'ci'][i % 3], detail: { depth: i * 2 } },
      geometry: { type: 'Point', coordinates: [i, -i] },
      // A key written with a dot names a column already: the field of the same path is not profiled again.
      'geometry.type': 'shape',
    }));
    await writeParquet(records, path, { tableName: 'quakes' });
    const profile = await profileParquet(path, { logger });
    const mag = column(profile, 'properties.mag');
    expect(mag).toMatchObject({ path: ['properties', 'mag'], type: 'DOUBLE', null_count: 1, distinct_count: 29, min: 0.1, max: 2.9, semantic: 'numeric' });
    expect(column(profile, 'properties.net')).toMatchObject({ path: ['properties', 'net'], distinct_count: 3, semantic: 'categorical' });
    expect(column(profile, 'properties.net').top_values.map((top) => top.value)).toEqual(['ak', 'ci', 'us']);
    expect(column(profile, 'properties.detail.depth')).toMatchObject({ path: ['properties', 'detail', 'depth'], min: 0, max: 58 });
    // Lists are not fields: no column for the coordinates; the dotted key stays the top-level column it is.
    expect(profile.columns.map((c) => c.name).filter((name) => name.startsWith('geometry'))).toEqual(['geometry', 'geometry.type']);
    expect(column(profile, 'geometry.type').path).toBeUndefined();
    expect(column(profile, 'id').path).toBeUndefined();
    expect(profile.schema_code).not.toContain('"properties.mag"');
    expect(profile.schema_code.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(4);
  });

  it('names the table after the option, then the name writeParquet stored, then the file', async () => {
    const path = join(dir.path, 'response.parquet');
    await writeParquet([{ a: 1 }], path, { tableName: 'penguins' });
    expect((await profileParquet(path)).table).toBe('penguins');
    expect((await profileParquet(path, { tableName: 'birds' })).table).toBe('birds');
    const plain = join(dir.path, 'plain.parquet');
    await query(`COPY (SELECT 1 AS a) TO ${literal(plain)} (FORMAT parquet)`);
    expect((await profileParquet(plain)).table).toBe('plain');
  });

  it('refuses a missing file, a file that is not Parquet, and bad options', async () => {
    await expect(profileParquet(join(dir.path, 'missing.parquet'))).rejects.toMatchObject({ code: 'not_found' });
    const text = join(dir.path, 'text.parquet');
    writeFileSync(text, 'not parquet at all');
    await expect(profileParquet(text)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(profileParquet(text, { topValues: -1 })).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
