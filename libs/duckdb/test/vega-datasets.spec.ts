// Round trips of real data sets from vega-datasets: records → Parquet → profile, every figure
// checked against the same figure computed here from the records themselves.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileParquet, writeParquet, type ColumnProfile, type DataProfile, type WriteParquetResult } from '@querylane/duckdb';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { literal, query, script } from './duckdb-query.js';

type Row = Record<string, unknown>;

const dataDir = join(dirname(createRequire(import.meta.url).resolve('vega-datasets')), '..', 'data');

function loadJson(name: string): Row[] {
  return JSON.parse(readFileSync(join(dataDir, name), 'utf8')) as Row[];
}

/** seattle-weather.csv by hand: a header line, no quoted fields; numeric cells become numbers. */
function loadCsv(name: string): Row[] {
  const [header, ...lines] = readFileSync(join(dataDir, name), 'utf8').trim().split(/\r?\n/);
  const keys = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(keys.map((key, i) => [key, /^-?\d+(\.\d+)?$/.test(cells[i]!) ? Number(cells[i]) : cells[i]]));
  });
}

/** The profile's figures for one key, computed from the records (strings compare as DuckDB's VARCHAR does, by code unit here). */
function expected(records: Row[], key: string, asText = false): Pick<ColumnProfile, 'null_count' | 'distinct_count' | 'min' | 'max'> {
  const values = records.map((r) => r[key]).filter((v) => v !== null && v !== undefined).map((v) => (asText ? String(v) : v)) as (number | string)[];
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { null_count: records.length - values.length, distinct_count: new Set(values).size, min: sorted[0] ?? null, max: sorted.at(-1) ?? null };
}

function mostFrequent(records: Row[], key: string): { value: unknown; count: number } {
  const counts = new Map<unknown, number>();
  for (const record of records) if (record[key] !== null) counts.set(record[key], (counts.get(record[key]) ?? 0) + 1);
  const [value, count] = [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))[0]!;
  return { value, count };
}

function column(profile: DataProfile, name: string): ColumnProfile {
  const found = profile.columns.find((c) => c.name === name);
  if (!found) throw new Error(`no column ${name}`);
  return found;
}

interface DataSet {
  records: Row[];
  path: string;
  written: WriteParquetResult;
  profile: DataProfile;
}

describe('vega-datasets round trips', () => {
  let dir: ScratchDir;
  const sets: Record<string, DataSet> = {};
  const logger = testLogger();

  beforeAll(async () => {
    dir = scratchDir('querylane-duckdb-vega-');
    const sources: Record<string, Row[]> = {
      cars: loadJson('cars.json'),
      movies: loadJson('movies.json'),
      penguins: loadJson('penguins.json'),
      seattle_weather: loadCsv('seattle-weather.csv'),
    };
    for (const [name, records] of Object.entries(sources)) {
      const path = join(dir.path, `${name}.parquet`);
      const written = await writeParquet(records, path, { tableName: name, scratchDir: dir.path, logger });
      sets[name] = { records, path, written, profile: await profileParquet(path, { logger }) };
    }
  });
  afterAll(() => dir.remove());

  const set = (name: string): DataSet => sets[name]!;

  it('keeps every row and every key', () => {
    for (const { records, written, profile } of Object.values(sets)) {
      expect(written.rows).toBe(records.length);
      expect(profile.row_count).toBe(records.length);
      expect(written.columns.map((c) => c.name)).toEqual(Object.keys(records[0]!));
      expect(profile.columns.map((c) => [c.name, c.type])).toEqual(written.columns.map((c) => [c.name, c.type]));
    }
    expect(set('seattle_weather').records).toHaveLength(1461);
  });

  it('reads back cars, penguins and seattle weather value for value, in order', async () => {
    for (const [name, dateColumn] of [
      ['cars', 'Year'],
      ['penguins', undefined],
      ['seattle_weather', 'date'],
    ] as const) {
      const { records, path } = set(name);
      const replace = dateColumn ? ` REPLACE (CAST("${dateColumn}" AS VARCHAR) AS "${dateColumn}")` : '';
      const rows = await query(`SELECT *${replace} FROM read_parquet(${literal(path)})`);
      expect(rows).toEqual(records);
    }
  });

  it('types movies: US Gross and Rotten Tomatoes Rating are integers, the mixed Title is text', async () => {
    const { records, path, written, profile } = set('movies');
    const types = Object.fromEntries(written.columns.map((c) => [c.name, c.type]));
    expect(types).toMatchObject({ 'US Gross': 'BIGINT', 'Rotten Tomatoes Rating': 'BIGINT', 'IMDB Rating': 'DOUBLE', Title: 'VARCHAR', 'Release Date': 'VARCHAR' });
    const rows = await query(`SELECT "Title", "US Gross", "Rotten Tomatoes Rating" FROM read_parquet(${literal(path)})`);
    expect(rows).toEqual(
      records.map((r) => ({
        Title: r.Title === null ? null : String(r.Title),
        'US Gross': r['US Gross'],
        'Rotten Tomatoes Rating': r['Rotten Tomatoes Rating'],
      })),
    );
    expect(column(profile, 'US Gross')).toMatchObject({ ...expected(records, 'US Gross'), semantic: 'numeric', nullable: true });
    expect(column(profile, 'Rotten Tomatoes Rating')).toMatchObject({ ...expected(records, 'Rotten Tomatoes Rating'), null_count: 880, semantic: 'numeric' });
    expect(column(profile, 'Title')).toMatchObject({ ...expected(records, 'Title', true), semantic: 'text' });
    expect(column(profile, 'Major Genre')).toMatchObject({ ...expected(records, 'Major Genre'), semantic: 'categorical' });
    expect(column(profile, 'Major Genre').top_values[0]).toEqual(mostFrequent(records, 'Major Genre'));
    expect(column(profile, 'Distributor').semantic).toBe('categorical');
    expect(column(profile, 'Director').semantic).toBe('text');
  });

  it('profiles cars against figures computed from the records', () => {
    const { records, profile } = set('cars');
    for (const key of ['Miles_per_Gallon', 'Cylinders', 'Displacement', 'Horsepower', 'Weight_in_lbs', 'Acceleration', 'Name', 'Origin', 'Year']) {
      expect(column(profile, key), key).toMatchObject(expected(records, key));
    }
    expect(column(profile, 'Horsepower')).toMatchObject({ null_count: 6, nullable: true, type: 'BIGINT', semantic: 'numeric' });
    expect(column(profile, 'Year')).toMatchObject({ type: 'DATE', semantic: 'temporal', min: '1970-01-01', max: '1982-01-01' });
    expect(column(profile, 'Origin')).toMatchObject({ semantic: 'categorical', distinct_count: 3 });
    expect(column(profile, 'Origin').top_values[0]).toEqual(mostFrequent(records, 'Origin'));
    expect(column(profile, 'Name').semantic).toBe('text');
    // Five cylinder counts: numeric, with top values that show it can be grouped by.
    expect(column(profile, 'Cylinders').top_values[0]).toEqual(mostFrequent(records, 'Cylinders'));
  });

  it('profiles penguins: Beak Length (mm) keeps its name, type and figures', () => {
    const { records, profile } = set('penguins');
    expect(column(profile, 'Beak Length (mm)')).toMatchObject({ type: 'DOUBLE', semantic: 'numeric', nullable: true, ...expected(records, 'Beak Length (mm)') });
    expect(column(profile, 'Beak Length (mm)').null_count).toBe(2);
    for (const key of ['Species', 'Island', 'Sex']) {
      expect(column(profile, key), key).toMatchObject({ semantic: 'categorical', ...expected(records, key) });
      expect(column(profile, key).top_values[0], key).toEqual(mostFrequent(records, key));
    }
    expect(column(profile, 'Species').top_values[0]).toEqual({ value: 'Adelie', count: 152 });
  });

  it('profiles seattle weather parsed from CSV: the date is a DATE, the weather a category', () => {
    const { records, profile } = set('seattle_weather');
    expect(column(profile, 'date')).toMatchObject({ type: 'DATE', semantic: 'temporal', ...expected(records, 'date') });
    expect(column(profile, 'weather')).toMatchObject({ type: 'VARCHAR', semantic: 'categorical', ...expected(records, 'weather') });
    expect(column(profile, 'weather').top_values.slice(0, 2)).toEqual([
      { value: 'rain', count: 641 },
      { value: 'sun', count: 640 },
    ]);
    for (const key of ['precipitation', 'temp_max', 'temp_min', 'wind']) {
      expect(column(profile, key), key).toMatchObject({ type: 'DOUBLE', semantic: 'numeric', ...expected(records, key) });
    }
  });

  it('writes schema_code that a fresh DuckDB runs and each Parquet file loads into', async () => {
    for (const [name, { path, profile, records }] of Object.entries(sets)) {
      expect(profile.table).toBe(name);
      expect(profile.schema_code.startsWith(`CREATE TABLE "${name}" (\n`)).toBe(true);
      const rows = await script([profile.schema_code, `INSERT INTO "${name}" SELECT * FROM read_parquet(${literal(path)})`, `SELECT count(*) AS c FROM "${name}"`]);
      expect(rows).toEqual([{ c: BigInt(records.length) }]);
    }
    expect(set('penguins').profile.schema_code).toContain('"Beak Length (mm)" DOUBLE');
    expect(set('movies').profile.schema_code).toContain('"US Gross" BIGINT');
  });
});
