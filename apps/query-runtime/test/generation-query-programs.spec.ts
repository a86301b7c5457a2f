// Generates programs for four vega data sets and checks their SQL, their coverage, their caps and
// their answers against plain JavaScript over the raw records.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileParquet, writeParquet, type DataProfile } from '@querylane/duckdb';
import { scratchDir, testLogger, vegaDataDir, vegaJson, type ScratchDir } from '@querylane/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectDatabase } from '../src/execution/project-database.js';
import { lookupKeys } from '../src/generation/column-roles.js';
import { validateProgramSql } from '../src/execution/sql-guard.js';
import { defaultMaxPrograms, familyCaps, generateQueryPrograms, type GeneratedProgram } from '../src/generation/index.js';

type Row = Record<string, unknown>;

/** airports.csv: a header, commas, and a few double-quoted fields. */
function parseCsv(text: string): Row[] {
  const lines = text.trim().split(/\r?\n/).map(splitCsvLine);
  const header = lines[0] ?? [];
  return lines.slice(1).map((cells) => Object.fromEntries(header.map((name, index) => [name, typed(name, cells[index] ?? '')])));
}

function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted && char === '"' && line[index + 1] === '"') {
      cell += '"';
      index += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

function typed(name: string, value: string): unknown {
  if (name === 'latitude' || name === 'longitude') return Number(value);
  return value === '' ? null : value;
}

const data: Record<string, Row[]> = {
  cars: vegaJson('cars.json') as Row[],
  movies: vegaJson('movies.json') as Row[],
  flights: vegaJson('flights-2k.json') as Row[],
  airports: parseCsv(readFileSync(join(vegaDataDir(), 'airports.csv'), 'utf8')),
  // Days as ISO dates (a DATE column once written), 70 days from 2015-12-01.
  // A year held as a number, a coded category and a count (vega's population.json in miniature).
  census: [1950, 1960, 1970, 1980, 1990, 2000].flatMap((year, index) => [1, 2].map((sex) => ({ year, sex, people: 1_000 * (index + 1) + sex }))),
  // A year held as a number over 40 years: too many to group by, so a yearly series.
  births: Array.from({ length: 80 }, (_, index) => ({ year: 1970 + (index % 40), region: index < 40 ? 'north' : 'south', births: 100 + ((index * 7) % 23) })),
  // Years written as text ("1565"), one row each (stored as numbers).
  wheat: vegaJson('wheat.json') as Row[],
  weather: Array.from({ length: 70 }, (_, index) => ({ day: new Date(Date.UTC(2015, 11, 1 + index)).toISOString().slice(0, 10), wind: (index % 9) + 0.5 })),
  // A row number (`index`) and reigns' years in columns not named for years (`start`, `end`).
  monarchs: vegaJson('monarchs.json') as Row[],
  // A calendar part (`month` 1–12) beside a year, a count and a rate.
  unemployment: vegaJson('unemployment-across-industries.json') as Row[],
  // A number that is a code (`Candidate_District`) among money columns.
  contributions: vegaJson('political-contributions.json') as Row[],
  // Coordinates beside a quantity.
  places: Array.from({ length: 60 }, (_, index) => ({ state: ['CA', 'NY', 'TX'][index % 3], latitude: 30 + index * 0.3, longitude: -120 + index * 0.5, population: 1_000 + index * 37 })),
  // No dimension worth grouping by, but averages over every row ("what is the average gas price?").
  driving: vegaJson('driving.json') as Row[],
  // A numeric year of 117 years, and a metric named `total`.
  disasters: parse(readFileSync(join(vegaDataDir(), 'disasters.csv'), 'utf8'), { columns: true, cast: true, skip_empty_lines: true }) as Row[],
  income: vegaJson('income.json') as Row[],
  // 23 columns, 20 of them employment figures: more measures than have programs of their own.
  employment: parse(readFileSync(join(vegaDataDir(), 'us-employment.csv'), 'utf8'), { columns: true, cast: true, skip_empty_lines: true }) as Row[],
  // GeoJSON features: every quantity is a field of a nested object (`properties.mag`).
  earthquakes: (vegaJson('earthquakes.json') as { features: Row[] }).features,
  // Leave requests, most of them pending with no approver yet (the group without a value is the largest).
  leave: Array.from({ length: 300 }, (_, index) => ({
    request_id: `lr_${50_000 + index}`,
    approver: index % 3 === 0 ? ['Ines Haddad', 'Tom Berg', 'Ana Lima'][index % 9 === 0 ? 0 : index % 2] : null,
    leave_type: ['vacation', 'sick', 'unpaid'][index % 3],
    days: 1 + (index % 10),
  })),
  // Energy used per reading: Harbor has more readings of less each (the largest total, not the
  // largest average).
  energy: Array.from({ length: 400 }, (_, index) => ({ building: index % 4 === 0 ? 'Lindenhof' : 'Harbor', tariff: ['peak', 'offpeak'][index % 2], kwh: index % 4 === 0 ? 9 + (index % 5) : 4 + (index % 3) })),
  // Three years of daily rain at two stations, wetter in winter.
  rainfall: Array.from({ length: 3 * 365 * 2 }, (_, index) => {
    const day = new Date(Date.UTC(2019, 0, 1 + Math.floor(index / 2)));
    const month = day.getUTCMonth();
    return { measured_on: day.toISOString().slice(0, 10), station: index % 2 === 0 ? 'North' : 'South', rain_mm: (month < 3 || month > 9 ? 6 : 2) + ((index * 7) % 5) / 2, wind_kmh: 10 + ((index * 3) % 17) };
  }),
  // Sales on every other day: three a day, the days between without any.
  sales: Array.from({ length: 300 }, (_, index) => ({ sold_on: new Date(Date.UTC(2024, 0, 1 + Math.floor(index / 3) * 2)).toISOString().slice(0, 10), store: ['Kiosk', 'Mall'][index % 2], amount: 10 + (index % 7) })),
  // A yearly panel: 60 countries, each with a population every year for ten years.
  panel: Array.from({ length: 600 }, (_, index) => ({
    country: `${['North', 'South', 'East', 'West', 'New', 'Old'][index % 6]} ${['Arland', 'Borvia', 'Cantara', 'Dulmen', 'Estova', 'Farrow', 'Galmia', 'Hestor', 'Iveria', 'Jorvik'][Math.floor(index / 6) % 10]}`,
    continent: ['Europe', 'Asia', 'Africa', 'Americas', 'Oceania'][index % 5],
    year: 2000 + Math.floor(index / 60),
    population: 1_000_000 + ((index * 7919) % 5_000_000),
  })),
  // Budget lines of three fiscal years, many per department and year: no panel (500 rows are no whole number per year).
  budget: Array.from({ length: 500 }, (_, index) => ({
    line_id: index + 1,
    department: ['Police', 'Parks', 'Fire', 'Library'][index % 4],
    vendor: `Vendor ${['Acme', 'Birch', 'Cobalt', 'Delta', 'Ember', 'Fjord', 'Garnet'][index % 7]}`,
    category: ['Salaries', 'Equipment', 'Capital', 'Services', 'Utilities'][index % 5],
    fund: ['General', 'Grants', 'Bonds', 'Enterprise'][(index * 3) % 4],
    ward: `Ward ${(index % 8) + 1}`,
    fiscal_year: 2022 + (index % 3),
    amount: 1000 + ((index * 7919) % 50_000),
  })),
  // Bike trips: coordinates named for what they locate (`start_lat`) beside three measures.
  trips: Array.from({ length: 240 }, (_, i) => ({
    trip_id: `T-${9000 + i}`,
    start_station: ['Central Station', 'Harbor Point', 'Old Mill', 'Union Square'][i % 4],
    start_lat: 40.7 + ((i * 7) % 100) / 1000,
    start_lng: -74 + ((i * 13) % 100) / 1000,
    duration_min: 3 + ((i * 17) % 120),
    distance_km: 0.5 + ((i * 23) % 150) / 10,
    fare_usd: 1 + ((i * 29) % 900) / 100,
  })),
  // Gym check-ins: the member's `member_since` (repeated for each of the member's check-ins) comes
  // before the check-in's own `checkin_at` in the data.
  checkins: Array.from({ length: 600 }, (_, i) => ({
    checkin_id: `C-${70_000 + i}`,
    member_id: `M-${100 + (i % 60)}`,
    member_since: `20${21 + (i % 3)}-${String(1 + (i % 60) % 12).padStart(2, '0')}-15`,
    checkin_at: new Date(Date.UTC(2024, 0, 1) + i * 3.6 * 3_600_000).toISOString(),
    class: ['yoga', 'spin', 'hiit', 'pilates'][i % 4],
    duration_min: 30 + ((i * 7) % 61),
    guest: i % 5 === 0,
  })),
  // Store orders: a quantity of 1–4 items beside five measures of many values.
  orders: Array.from({ length: 400 }, (_, i) => ({
    order_id: `SO-${5000 + i}`,
    product: ['Desk Lamp', 'Wireless Mouse', 'USB Hub', 'Monitor Arm', 'Keyboard'][i % 5],
    quantity: 1 + ((i * 3) % 4),
    unit_price: 9.5 + ((i * 37) % 400) / 4,
    discount: ((i * 11) % 30) / 100,
    shipping_cost: 2 + ((i * 13) % 90) / 10,
    tax: ((i * 17) % 500) / 20,
    total: 12 + ((i * 19) % 2000) / 5,
  })),
  // Football results: a `round` 1–30 (a matchday, no measure) and goals, which add up.
  matches: Array.from({ length: 480 }, (_, i) => ({
    match_id: 700_000 + i,
    season: i < 240 ? '2023-24' : '2024-25',
    league: ['Premier League', 'La Liga'][i % 2],
    referee: ['M. Oliver', 'A. Taylor', 'J. Gil', 'R. Hernandez'][i % 4],
    round: 1 + (Math.floor(i / 8) % 30),
    home_team: ['Arsenal', 'Chelsea', 'Everton', 'Fulham', 'Getafe', 'Girona', 'Sevilla', 'Valencia', 'Brighton', 'Burnley', 'Osasuna', 'Mallorca', 'Alaves', 'Wolves', 'Brentford', 'Villarreal'][(i * 5) % 16],
    away_team: ['Arsenal', 'Chelsea', 'Everton', 'Fulham', 'Getafe', 'Girona', 'Sevilla', 'Valencia', 'Brighton', 'Burnley', 'Osasuna', 'Mallorca', 'Alaves', 'Wolves', 'Brentford', 'Villarreal'][(i * 5 + 3) % 16],
    home_goals: (i * 7) % 5,
    away_goals: (i * 3) % 4,
    attendance: 20_000 + ((i * 7919) % 40_000),
  })),
  // Product reviews: a rating of 1–5 stars beside four measures of many values.
  reviews: Array.from({ length: 300 }, (_, i) => ({
    review_id: `R-${i + 1}`,
    product: ['Kettle', 'Toaster', 'Blender'][i % 3],
    rating: 1 + ((i * 7) % 5),
    helpful_votes: (i * 13) % 97,
    price: 19 + ((i * 31) % 800) / 10,
    words: 20 + ((i * 23) % 400),
    response_hours: ((i * 29) % 300) / 10,
  })),
  // Hourly observations stamped in Unix seconds (`dt`, OpenWeather's way) and milliseconds (`ts`).
  // Values often missing: a coupon on one order in five, a shipping date on shipped orders only.
  shop_orders: Array.from({ length: 200 }, (_, index) => ({
    order_ref: `SO-${1000 + index}`,
    status: ['pending', 'shipped', 'delivered'][index % 3],
    coupon_code: index % 5 === 0 ? `C${index % 4}` : null,
    shipped_at: index % 3 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString(),
    amount: 5 + ((index * 13) % 97),
  })),
  // Loans: one in ten not returned yet (a time missing on few rows), most without a rating.
  timesheets: Array.from({ length: 400 }, (_, index) => ({
    entry_id: `TS-${5000 + index}`,
    remote: index % 3 === 0,
    department: ['Engineering', 'Sales', 'Finance', 'Support'][index % 4],
    location: ['Berlin', 'London', 'Lisbon'][(index >> 2) % 3],
    role: ['Engineer', 'Analyst', 'Manager', 'Lead', 'Designer'][(index * 7) % 5],
    hours_worked: 30 + ((index * 7) % 21) / 2,
    gross_pay: 900 + ((index * 7919) % 1800),
  })),
  loans: Array.from({ length: 300 }, (_, index) => ({
    loan_id: `L-${7000 + index}`,
    branch: ['Central', 'Eastwood', 'Lakeside'][index % 3],
    borrowed_at: new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString(),
    returned_at: index % 10 === 3 ? null : new Date(Date.UTC(2025, 0, 15) + index * 86_400_000).toISOString(),
    late_fee: (index % 7) * 0.25,
    rating: index % 5 < 3 ? null : 1 + (index % 5),
  })),
  observations: Array.from({ length: 24 * 75 }, (_, index) => {
    const seconds = Date.UTC(2024, 2, 1) / 1000 + index * 3600;
    return { dt: seconds, ts: seconds * 1000, city: ['London', 'Oslo', 'Cairo'][index % 3], temp: 5 + ((index * 7) % 200) / 10 };
  }),
  // Bike rides: a start and an end of each ride (one in fifteen ending before it started, bad data),
  // and stays whose nights already hold their span.
  rides: Array.from({ length: 240 }, (_, index) => {
    const start = Date.UTC(2025, 2, 1, 8) + index * 37 * 60_000;
    const minutes = index % 15 === 0 ? -3 : 5 + (index % 40);
    return { ride_id: `R-${9000 + index}`, member: index % 3 === 0 ? 'casual' : 'member', started_at: new Date(start).toISOString(), ended_at: new Date(start + minutes * 60_000).toISOString(), distance_km: 1 + (index % 9) / 2 };
  }),
  // Calls: a wait in seconds (a span of something else) beside each call's start and end.
  phone_calls: Array.from({ length: 200 }, (_, index) => {
    const start = Date.UTC(2025, 4, 1, 9) + index * 23 * 60_000;
    return { call_id: `PC-${index + 1}`, queue: ['billing', 'tech'][index % 2], started_at: new Date(start).toISOString(), ended_at: new Date(start + (2 + (index % 17)) * 60_000).toISOString(), wait_seconds: (index * 37) % 300 };
  }),
  stays: Array.from({ length: 120 }, (_, index) => ({
    booking_id: `B-${100 + index}`,
    hotel: ['Harbor', 'Garden'][index % 2],
    check_in: new Date(Date.UTC(2025, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    check_out: new Date(Date.UTC(2025, 0, 2 + (index % 5)) + index * 86_400_000).toISOString().slice(0, 10),
    nights: 1 + (index % 5),
    amount: 90 * (1 + (index % 5)),
  })),
  // Passengers in the Titanic set's shape: a class 1–3, a flag of 0 and 1.
  passengers: Array.from({ length: 200 }, (_, index) => ({
    PassengerId: index + 1,
    Survived: index % 3 === 0 ? 1 : 0,
    Pclass: 1 + ((index * 7) % 3),
    Sex: index % 2 === 0 ? 'male' : 'female',
    Age: 2 + ((index * 13) % 70),
    Fare: 7 + ((index * 17) % 90),
  })),
  // Shows whose genres are written as text, "Comedies, Dramas" (Netflix's `listed_in`).
  shows: Array.from({ length: 240 }, (_, index) => ({
    show_id: `s${index + 1}`,
    type: index % 3 === 0 ? 'TV Show' : 'Movie',
    listed_in: [...new Set([['Dramas', 'Comedies', 'Thrillers', 'Documentaries'][index % 4]!, ['Comedies', 'International Movies', 'Dramas'][(index * 7) % 3]!])].join(', '),
    release_year: 2000 + (index % 20),
  })),
  // Issues with a list of labels each (an API's `labels: ["bug", "ui"]`), one list empty, one naming a label twice.
  labeled_issues: Array.from({ length: 160 }, (_, index) => ({
    number: 100 + index,
    state: index % 3 === 0 ? 'open' : 'closed',
    labels: [['bug'], ['bug', 'ui'], ['enhancement'], [], ['bug', 'bug']][index % 5],
    comments: index % 9,
    created_at: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000 * 7).toISOString(),
  })),
  // Calls at times of day over ten weeks, more of them mid-morning and early in the week.
  calls: Array.from({ length: 600 }, (_, index) => {
    const day = (index * 7) % 70;
    const hour = [9, 10, 10, 10, 11, 14, 16][index % 7]! + (day % 5 === 0 ? 1 : 0);
    return { call_id: `C-${10_000 + index}`, queue: ['billing', 'tech', 'sales'][index % 3], started_at: new Date(Date.UTC(2025, 0, 6 + day, hour, (index * 13) % 60)).toISOString(), wait_seconds: (index * 37) % 600 };
  }),
};

let scratch: ScratchDir;
const profiles: Record<string, DataProfile> = {};
const programs: Record<string, GeneratedProgram[]> = {};
const databases: Record<string, ProjectDatabase> = {};

beforeAll(async () => {
  scratch = scratchDir('querylane-generation-');
  for (const [table, records] of Object.entries(data)) {
    const path = join(scratch.path, `${table}.parquet`);
    await writeParquet(records, path, { tableName: table });
    profiles[table] = await profileParquet(path);
    programs[table] = generateQueryPrograms(profiles[table]);
    // Key columns indexed as query-runtime indexes them: every lookup below reads through an index.
    databases[table] = await ProjectDatabase.open(`p-${table}`, [{ name: table, parquetPath: path, version: '1', keyColumns: lookupKeys(profiles[table]) }], { logger: testLogger() });
  }
});

afterAll(async () => {
  for (const database of Object.values(databases)) await database.close();
  scratch?.remove();
});

function program(table: string, name: string): GeneratedProgram {
  const found = programs[table]?.find((p) => p.name === name);
  if (!found) throw new Error(`no program ${name} among ${programs[table]?.map((p) => p.name).join(', ')}`);
  return found;
}

async function run(table: string, name: string, values: Record<string, unknown> = {}): Promise<Row[]> {
  const generated = program(table, name);
  const params = Object.fromEntries(generated.slots.map((slot) => [slot.name, slot.name in values ? values[slot.name] : slot.default]));
  const database = databases[table];
  if (!database) throw new Error(`no database ${table}`);
  return JSON.parse((await database.run(generated.query_program, params, { rowLimit: 100_000 })).json) as Record<string, unknown>[];
}

function num(value: unknown): number {
  return Number(value);
}

describe.each(Object.keys(data))('programs for %s', (table) => {
  it('pass the SQL guard with parameters equal to their slots', async () => {
    for (const generated of programs[table] ?? []) {
      const validated = await validateProgramSql(generated.query_program, [table]);
      expect(validated.tables, generated.name).toEqual([table]);
      expect([...validated.parameters].sort(), generated.name).toEqual(generated.slots.map((s) => s.name).sort());
      expect(new Set(generated.slots.map((s) => s.name)).size).toBe(generated.slots.length);
      for (const slot of generated.slots) expect(slot.name).toMatch(/^[a-z][a-z0-9_]*$/);
    }
  });

  it('run with their defaults and sample values', async () => {
    for (const generated of programs[table] ?? []) {
      const values: Row = {};
      for (const slot of generated.slots) if (slot.required) values[slot.name] = slot.type === 'integer' ? 1 : 'a';
      await expect(run(table, generated.name, values), generated.name).resolves.toBeDefined();
    }
  });

  it('stay within the caps, with unique clean names and at least 3 examples', () => {
    const list = programs[table] ?? [];
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(defaultMaxPrograms);
    for (const [family, cap] of Object.entries(familyCaps)) expect(list.filter((p) => p.family === family).length).toBeLessThanOrEqual(cap);
    expect(new Set(list.map((p) => p.name)).size).toBe(list.length);
    for (const generated of list) {
      expect(generated.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(new Set(generated.examples).size).toBeGreaterThanOrEqual(3);
      expect(generated.stores).toEqual([table]);
      expect(generated.reason.length).toBeGreaterThan(10);
    }
  });

  it('honours a smaller overall cap, keeping several families', () => {
    const few = generateQueryPrograms(profiles[table] as DataProfile, { maxPrograms: 5 });
    expect(few.length).toBeLessThanOrEqual(5);
    expect(new Set(few.map((p) => p.family)).size).toBe(Math.min(5, new Set(programs[table]?.map((p) => p.family)).size));
  });
});

describe('cars', () => {
  const cars = data.cars ?? [];

  it('has the families the data supports', () => {
    const families = new Set(programs.cars?.map((p) => p.family));
    for (const family of ['list', 'aggregate', 'top_n', 'range', 'count', 'time_series', 'text_search']) expect(families).toContain(family);
    const list = program('cars', 'list_cars');
    expect(list.slots.find((s) => s.name === 'origin')).toMatchObject({ type: 'enum', required: false, default: null });
    expect(list.slots.find((s) => s.name === 'origin')?.enum_values?.sort()).toEqual(['Europe', 'Japan', 'USA']);
    // The data's extent is told, not enforced: a call may filter beyond it.
    const low = program('cars', 'cars_by_horsepower_range').slots[0]!;
    expect(low).toMatchObject({ observed_minimum: 46, observed_maximum: 230 });
    expect(low).not.toHaveProperty('minimum');
    expect(low).not.toHaveProperty('maximum');
  });

  it('averages horsepower by origin as JavaScript does', async () => {
    const japan = cars.filter((c) => c.Origin === 'Japan' && c.Horsepower !== null);
    const expected = japan.reduce((sum, c) => sum + num(c.Horsepower), 0) / japan.length;
    const rows = await run('cars', 'avg_horsepower_by_origin');
    // Highest average first, with the total beside it.
    const averages = ['Europe', 'Japan', 'USA'].map((origin) => {
      const group = cars.filter((c) => c.Origin === origin && c.Horsepower !== null);
      return { origin, average: group.reduce((sum, c) => sum + num(c.Horsepower), 0) / group.length, total: group.reduce((sum, c) => sum + num(c.Horsepower), 0) };
    });
    expect(rows.map((r) => r.Origin)).toEqual([...averages].sort((a, b) => b.average - a.average).map((a) => a.origin));
    expect(num(rows.find((r) => r.Origin === 'Japan')?.avg_horsepower)).toBeCloseTo(expected, 9);
    expect(num(rows.find((r) => r.Origin === 'Japan')?.sum_horsepower)).toBe(averages.find((a) => a.origin === 'Japan')?.total);
    const only = await run('cars', 'avg_horsepower_by_origin', { origin: 'Japan' });
    expect(only).toHaveLength(1);
    expect(num(only[0]?.avg_horsepower)).toBeCloseTo(expected, 9);
  });

  it('ranks groups by their total when rank_by says so, and by their average otherwise', async () => {
    const byOrigin = ['Europe', 'Japan', 'USA'].map((origin) => {
      const group = cars.filter((c) => c.Origin === origin && c.Horsepower !== null).map((c) => num(c.Horsepower));
      return { origin, average: group.reduce((a, b) => a + b, 0) / group.length, total: group.reduce((a, b) => a + b, 0) };
    });
    const order = (key: 'average' | 'total') => [...byOrigin].sort((a, b) => b[key] - a[key]).map((entry) => entry.origin);
    // The data ranks the two ways differently (USA has most cars, Europe the highest average), so the check can fail.
    expect(order('total')).not.toEqual(order('average'));
    expect(program('cars', 'avg_horsepower_by_origin').slots.find((slot) => slot.name === 'rank_by')).toMatchObject({ default: 'average', enum_values: ['total', 'average'] });
    expect((await run('cars', 'avg_horsepower_by_origin', { rank_by: 'total' })).map((r) => r.Origin)).toEqual(order('total'));
    expect((await run('cars', 'avg_horsepower_by_origin', { rank_by: 'total', n: 1 })).map((r) => r.Origin)).toEqual(order('total').slice(0, 1));
    expect((await run('cars', 'avg_horsepower_by_origin', { rank_by: 'average', n: 1 })).map((r) => r.Origin)).toEqual(order('average').slice(0, 1));
  });

  it("lists the rows of any column's value as JavaScript filters them, case aside, without the chosen value's column", async () => {
    const name = String(cars.find((c) => c.Name === 'ford pinto')?.Name);
    const expected = cars.filter((c) => String(c.Name).toLowerCase() === name && c.Origin === 'USA');
    expect(expected.length).toBeGreaterThan(1);
    const rows = await run('cars', 'list_cars_where', { column: 'Name', value: 'Ford Pinto', origin: 'USA', limit: 1000 });
    expect(rows.map((r) => r.Name)).toEqual(expected.map((c) => c.Name));
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(Object.keys(cars[0]!).sort());
    expect(program('cars', 'list_cars_where')).toMatchObject({ family: 'list' });
  });

  it('counts, lists, ranks and ranges as JavaScript does', async () => {
    expect(num((await run('cars', 'count_cars', { cylinders: 4 }))[0]?.count)).toBe(cars.filter((c) => c.Cylinders === 4).length);
    expect(num((await run('cars', 'count_cars'))[0]?.count)).toBe(cars.length);
    const listed = await run('cars', 'list_cars', { origin: 'Europe', limit: 1000 });
    expect(listed).toHaveLength(cars.filter((c) => c.Origin === 'Europe').length);
    expect((await run('cars', 'list_cars')).length).toBe(100);
    const top = await run('cars', 'top_cars_by_horsepower', { n: 3 });
    const sorted = cars.map((c) => c.Horsepower).filter((h) => h !== null).map(num).sort((a, b) => b - a);
    expect(top.map((r) => num(r.Horsepower))).toEqual(sorted.slice(0, 3));
    const low = await run('cars', 'top_cars_by_horsepower', { n: 2, order: 'asc', origin: 'Japan' });
    const japanLow = cars.filter((c) => c.Origin === 'Japan' && c.Horsepower !== null).map((c) => num(c.Horsepower)).sort((a, b) => a - b);
    expect(low.map((r) => num(r.Horsepower))).toEqual(japanLow.slice(0, 2));
    const ranged = await run('cars', 'cars_by_horsepower_range', { min_horsepower: 100, max_horsepower: 150, limit: 1000 });
    expect(ranged).toHaveLength(cars.filter((c) => c.Horsepower !== null && num(c.Horsepower) >= 100 && num(c.Horsepower) <= 150).length);
    const years = await run('cars', 'cars_by_year_range', { from_year: '1975-01-01', to_year: '1976-12-31', limit: 1000 });
    expect(years).toHaveLength(cars.filter((c) => String(c.Year) >= '1975' && String(c.Year) < '1977').length);
    // Range programs take the same optional filters as lists ("Japanese cars from 1975 to 1976").
    const japanYears = await run('cars', 'cars_by_year_range', { from_year: '1975-01-01', to_year: '1976-12-31', origin: 'Japan', limit: 1000 });
    expect(japanYears).toHaveLength(cars.filter((c) => c.Origin === 'Japan' && String(c.Year) >= '1975' && String(c.Year) < '1977').length);
    const europeRange = await run('cars', 'cars_by_horsepower_range', { min_horsepower: 100, origin: 'Europe', limit: 1000 });
    expect(europeRange).toHaveLength(cars.filter((c) => c.Origin === 'Europe' && c.Horsepower !== null && num(c.Horsepower) >= 100).length);
    const searched = await run('cars', 'search_cars_by_name', { term: 'TOYOTA', limit: 1000 });
    expect(searched).toHaveLength(cars.filter((c) => String(c.Name).toLowerCase().includes('toyota')).length);
    expect(await run('cars', 'search_cars_by_name', { term: '%' })).toHaveLength(0);
  });
});

describe('movies', () => {
  const movies = data.movies ?? [];

  it('searches titles and sums US gross by MPAA rating with quoted identifiers', async () => {
    const search = program('movies', 'search_movies_by_title');
    expect(search.query_program).toContain('"Title" ILIKE');
    const sum = program('movies', 'sum_us_gross_by_mpaa_rating');
    expect(sum.query_program).toContain('sum("US Gross")');
    expect(sum.query_program).toContain('"MPAA Rating"');
    expect(sum.slots).toEqual([
      expect.objectContaining({ name: 'mpaa_rating', type: 'enum' }),
      // The count's other filters: "which rating grossed the most among dramas".
      expect.objectContaining({ name: 'creative_type', type: 'enum' }),
      expect.objectContaining({ name: 'major_genre', type: 'enum' }),
      // The groups of a period too ("which rating grossed the most in 1998").
      expect.objectContaining({ name: 'from_release_date', type: 'date' }),
      expect.objectContaining({ name: 'to_release_date', type: 'date' }),
      expect.objectContaining({ name: 'n', type: 'integer', default: null }),
      expect.objectContaining({ name: 'order', type: 'enum', default: 'desc' }),
      expect.objectContaining({ name: 'rank_by', type: 'enum', default: 'total' }),
    ]);
    const rows = await run('movies', sum.name, { mpaa_rating: 'PG-13' });
    const expected = movies.filter((m) => m['MPAA Rating'] === 'PG-13').reduce((total, m) => total + num(m['US Gross'] ?? 0), 0);
    expect(num(rows[0]?.sum_us_gross)).toBe(expected);
    const released1998 = (m: Record<string, unknown>) => typeof m['Release Date'] === 'string' && new Date(m['Release Date']).getUTCFullYear() === 1998;
    const in1998 = await run('movies', sum.name, { mpaa_rating: 'PG-13', from_release_date: '1998-01-01', to_release_date: '1998-12-31' });
    const expected1998 = movies.filter((m) => m['MPAA Rating'] === 'PG-13' && released1998(m)).reduce((total, m) => total + num(m['US Gross'] ?? 0), 0);
    expect(expected1998).toBeGreaterThan(0);
    expect(num(in1998[0]?.sum_us_gross)).toBe(expected1998);
    // Every rating's dramas, the highest total first (the movies with no rating last).
    const dramas = await run('movies', sum.name, { major_genre: 'Drama' });
    const perRating = new Map<unknown, number>();
    for (const m of movies) if (m['Major Genre'] === 'Drama' && m['US Gross'] != null) perRating.set(m['MPAA Rating'] ?? null, (perRating.get(m['MPAA Rating'] ?? null) ?? 0) + num(m['US Gross']));
    expect(dramas.map((row) => [row['MPAA Rating'], num(row.sum_us_gross)])).toEqual([...perRating].sort((a, b) => Number(a[0] === null) - Number(b[0] === null) || b[1] - a[1]));
    const found = await run('movies', search.name, { term: 'star wars', limit: 1000 });
    expect(found).toHaveLength(movies.filter((m) => String(m.Title).toLowerCase().includes('star wars')).length);
  });

  it('offers every genre as an option, not only the ten most frequent', () => {
    const genres = [...new Set(movies.map((m) => m['Major Genre']).filter((genre) => typeof genre === 'string'))];
    expect(genres.length).toBeGreaterThan(10);
    const sum = program('movies', 'sum_us_gross_by_major_genre');
    expect(sum.slots.find((s) => s.name === 'major_genre')?.enum_values?.sort()).toEqual(genres.sort());
  });

  it('ranks groups both ways and cuts them to n, as JavaScript does (every group when n is not given)', async () => {
    const gross = new Map<string, number>();
    const counts = new Map<string, number>();
    for (const movie of movies) {
      const genre = movie['Major Genre'];
      if (typeof genre !== 'string') continue;
      counts.set(genre, (counts.get(genre) ?? 0) + 1);
      if (movie['US Gross'] !== null && movie['US Gross'] !== undefined) gross.set(genre, (gross.get(genre) ?? 0) + num(movie['US Gross']));
    }
    const ranked = (totals: Map<string, number>, order: 1 | -1) => [...totals].sort(([ga, a], [gb, b]) => order * (b - a) || ga.localeCompare(gb)).map(([genre]) => genre);
    const genresOf = (rows: Row[]) => rows.map((row) => row['Major Genre']).filter((genre) => genre !== null);
    expect(genresOf(await run('movies', 'sum_us_gross_by_major_genre'))).toEqual(ranked(gross, 1));
    expect(genresOf(await run('movies', 'sum_us_gross_by_major_genre', { n: 3 }))).toEqual(ranked(gross, 1).slice(0, 3));
    expect(genresOf(await run('movies', 'sum_us_gross_by_major_genre', { n: 2, order: 'asc' }))).toEqual(ranked(gross, -1).slice(0, 2));
    expect(genresOf(await run('movies', 'count_movies_by_major_genre', { n: 3 }))).toEqual(ranked(counts, 1).slice(0, 3));
    expect(genresOf(await run('movies', 'count_movies_by_major_genre', { n: 1, order: 'asc' }))).toEqual(ranked(counts, -1).slice(0, 1));
  });

  it('counts within a bound of a measured metric, as JavaScript does', async () => {
    const count = program('movies', 'count_movies');
    const bound = count.slots.find((slot) => slot.name.startsWith('min_'));
    expect(bound, 'a count bounded by a metric').toBeDefined();
    const column = count.steps?.filters.find((filter) => filter.slot === bound!.name)?.column;
    const threshold = Number(bound!.observed_minimum) + (Number(bound!.observed_maximum) - Number(bound!.observed_minimum)) / 2;
    const [row] = await run('movies', 'count_movies', { [bound!.name]: threshold });
    expect(num(row?.count)).toBe(movies.filter((m) => m[column!] !== null && m[column!] !== undefined && num(m[column!]) >= threshold).length);
  });

  it('ranks the top 3 by US gross as JavaScript does', async () => {
    const top = await run('movies', 'top_movies_by_us_gross', { n: 3 });
    const expected = movies.filter((m) => m['US Gross'] !== null && m['US Gross'] !== undefined).sort((a, b) => num(b['US Gross']) - num(a['US Gross'])).slice(0, 3);
    expect(top.map((r) => r.Title)).toEqual(expected.map((m) => String(m.Title)));
  });
});

describe('flights', () => {
  const flights = data.flights ?? [];

  it('has a series of any other measure per period, averaged, totalled and ranked as JavaScript does', async () => {
    const series = program('flights', 'flights_column_over_time_by_date');
    const measure = series.slots.find((s) => s.name === 'column')!.enum_values!.map(String)[0]!;
    const byMonth = new Map<string, number[]>();
    for (const flight of flights) {
      const month = String(flight.date).slice(0, 7).replace('/', '-');
      byMonth.set(month, [...(byMonth.get(month) ?? []), num(flight[measure])]);
    }
    const expected = [...byMonth.entries()].sort().map(([month, values]) => [month, values.reduce((a, b) => a + b, 0) / values.length, values.reduce((a, b) => a + b, 0), Math.max(...values)]);
    const rows = await run('flights', series.name, { column: measure, interval: 'month' });
    expect(rows.map((r) => [String(r.period).slice(0, 7), num(r.avg), num(r.sum), num(r.max)])).toEqual(expected.map(([month, avg, sum, max]) => [month, expect.closeTo(Number(avg), 6), sum, max]));
    // The month with the highest average, and the one with the lowest total.
    const best = [...expected].sort((a, b) => Number(b[1]) - Number(a[1]))[0]!;
    expect((await run('flights', series.name, { column: measure, interval: 'month', n: 1 })).map((r) => String(r.period).slice(0, 7))).toEqual([best[0]]);
    const least = [...expected].sort((a, b) => Number(a[2]) - Number(b[2]))[0]!;
    expect((await run('flights', series.name, { column: measure, interval: 'month', n: 1, order: 'asc', rank_by: 'total' })).map((r) => String(r.period).slice(0, 7))).toEqual([least[0]]);
    // Not the measure the series already carries.
    expect(series.slots.find((s) => s.name === 'column')!.enum_values).not.toContain(program('flights', 'flights_over_time_by_date').steps.rank_by?.column);
  });

  it('averages a flag of 0 and 1 per group, ranking by none, and groups by a class of a few numbers without averaging it', async () => {
    // Stop 61: `Pclass` had been averaged and ranked by, `Survived` ranked by and ranged.
    const names = (programs.passengers ?? []).map((generated) => generated.name);
    expect(names).toEqual(expect.arrayContaining(['avg_survived', 'avg_survived_by_sex', 'avg_survived_by_pclass', 'avg_fare_by_pclass']));
    expect(names.filter((name) => /^(?:top_passengers_by_survived|passengers_by_survived_range|avg_pclass|top_passengers_by_pclass)/.test(name))).toEqual([]);
    const female = (await run('passengers', 'avg_survived_by_sex', {})).find((row) => row.Sex === 'female');
    const expected = Array.from({ length: 200 }, (_, index) => index).filter((index) => index % 2 === 1);
    expect(num(female?.avg_survived)).toBeCloseTo(expected.filter((index) => index % 3 === 0).length / expected.length, 9);
  });

  it('says of a series\' own measure whether it adds up, as the SQL sums or averages it first', () => {
    // (The router ranks periods by the average of a level, "which year had the highest co2", from `adds`.)
    const series = Object.values(programs).flat().filter((generated) => generated.steps.family === 'time_series' && generated.steps.rank_by?.column !== undefined);
    expect(series.length).toBeGreaterThan(2);
    for (const generated of series) {
      const leadsWithSum = /count\(\*\) AS "count", sum\(/.test(generated.query_program);
      expect(generated.steps.rank_by?.adds, generated.name).toBe(leadsWithSum);
    }
    expect(series.map((generated) => generated.steps.rank_by?.adds)).toContain(true);
    expect(series.map((generated) => generated.steps.rank_by?.adds)).toContain(false);
  });

  it('has a time series over its text dates, bucketed as JavaScript does', async () => {
    const series = program('flights', 'flights_over_time_by_date');
    // (Its dates have a time of day: hours too.)
    expect(series.slots.find((s) => s.name === 'interval')).toMatchObject({ name: 'interval', type: 'enum', enum_values: ['hour', 'day', 'week', 'month', 'quarter', 'year'] });
    const rows = await run('flights', series.name, { interval: 'month' });
    const byMonth = new Map<string, number>();
    for (const flight of flights) {
      const month = String(flight.date).slice(0, 7).replace('/', '-');
      byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
    }
    expect(rows.map((r) => [String(r.period).slice(0, 7), num(r.count)])).toEqual([...byMonth.entries()].sort());
    // Filtered like a list: one origin's flights per month.
    const origin = String(flights[0]?.origin);
    const fromOrigin = await run('flights', series.name, { interval: 'month', origin });
    expect(fromOrigin.reduce((total, r) => total + num(r.count), 0)).toBe(flights.filter((f) => f.origin === origin).length);
    expect((await run('flights', series.name)).length).toBeGreaterThan(0);
    // Within a period of its own time ("flights per day in March"): the days of March alone.
    const march = await run('flights', series.name, { interval: 'day', from_date: '2001-03-01', to_date: '2001-03-31' });
    const inMarch = flights.filter((f) => String(f.date).replace(/\//g, '-').startsWith('2001-03'));
    expect(inMarch.length).toBeGreaterThan(0);
    expect(march.map((r) => String(r.period).slice(0, 7))).toEqual(march.map(() => '2001-03'));
    expect(march.reduce((total, r) => total + num(r.count), 0)).toBe(inMarch.length);
    // By the hour, and by the quarter.
    const hours = await run('flights', series.name, { interval: 'hour', from_date: '2001-03-01', to_date: '2001-03-01' });
    const hoursOfDay = new Map<string, number>();
    for (const flight of flights.filter((f) => String(f.date).replace(/\//g, '-').startsWith('2001-03-01'))) {
      const hour = String(flight.date).replace(/\//g, '-').slice(0, 13);
      hoursOfDay.set(hour, (hoursOfDay.get(hour) ?? 0) + 1);
    }
    expect(hours.map((r) => [new Date(String(r.period).replace(' ', 'T') + (String(r.period).endsWith('Z') ? '' : 'Z')).toISOString().slice(0, 13).replace('T', ' '), num(r.count)])).toEqual([...hoursOfDay].sort());
    const quarters = await run('flights', series.name, { interval: 'quarter' });
    expect(quarters.reduce((total, r) => total + num(r.count), 0)).toBe(flights.length);
    expect(quarters.length).toBe(new Set(flights.map((f) => `${String(f.date).slice(0, 4)}-${Math.floor((Number(String(f.date).slice(5, 7)) - 1) / 3)}`)).size);
  });

  it('has decades of times that span two or more, and centuries of those that span two or more', async () => {
    const intervals = (table: string) => (programs[table] ?? []).find((p) => p.family === 'time_series')?.slots.find((s) => s.name === 'interval')?.enum_values;
    // (Flights of one year: no decades; wheat prices of 1565–1821: decades and centuries.)
    expect(intervals('flights')).not.toContain('decade');
    expect(intervals('wheat')).toEqual(['year', 'decade', 'century']);
    const series = (programs.wheat ?? []).find((p) => p.family === 'time_series' && p.slots.some((s) => s.name === 'column'))!;
    const decades = await run('wheat', series.name, { interval: 'decade', column: 'wheat' });
    const byDecade = new Map<number, number[]>();
    for (const row of data.wheat ?? []) byDecade.set(Math.floor(Number(row.year) / 10) * 10, [...(byDecade.get(Math.floor(Number(row.year) / 10) * 10) ?? []), Number(row.wheat)]);
    expect(decades.map((r) => [num(r.period), num(r.count)])).toEqual([...byDecade].sort(([a], [b]) => a - b).map(([decade, prices]) => [decade, prices.length]));
    const centuries = await run('wheat', series.name, { interval: 'century', column: 'wheat' });
    expect(centuries.map((r) => num(r.period))).toEqual([1500, 1600, 1700, 1800]);
  });

  it('averages its rows per period over every period from the first to the last, one without flights as none', async () => {
    const average = program('flights', 'flights_average_per_period_by_date');
    const days = [...new Set(flights.map((f) => String(f.date).slice(0, 10).replace(/\//g, '-')))].sort();
    const spanned = (first: string, last: string) => Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
    const [daily] = await run('flights', average.name, { interval: 'day' });
    expect(num(daily!.periods)).toBe(spanned(days[0]!, days.at(-1)!));
    expect(num(daily!.average_count)).toBeCloseTo(flights.length / spanned(days[0]!, days.at(-1)!), 9);
    const months = new Set(flights.map((f) => String(f.date).slice(0, 7)));
    const [monthly] = await run('flights', average.name, { interval: 'month' });
    expect(num(monthly!.periods)).toBe(months.size);
    expect(num(monthly!.average_count)).toBeCloseTo(flights.length / months.size, 9);
    // No flights within the bounds: no periods, no average.
    const [none] = await run('flights', average.name, { interval: 'day', from_date: '1990-01-01', to_date: '1990-01-31' });
    expect([num(none!.periods), none!.average_count]).toEqual([0, null]);
  });

  it('ranks the periods of its series when asked for n of them ("which day had the most flights"), ties included', async () => {
    const series = program('flights', 'flights_over_time_by_date');
    const perDay = new Map<string, number>();
    for (const flight of flights) {
      const day = String(flight.date).slice(0, 10).replace(/\//g, '-');
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const counts = [...perDay.values()];
    const [most, fewest] = [Math.max(...counts), Math.min(...counts)];
    const busiest = await run('flights', series.name, { interval: 'day', n: 1 });
    expect(busiest.map((r) => [String(r.period).slice(0, 10), num(r.count)]).sort()).toEqual([...perDay].filter(([, count]) => count === most).sort());
    const quietest = await run('flights', series.name, { interval: 'day', n: 1, order: 'asc' });
    expect(quietest.map((r) => num(r.count))).toEqual([...perDay.values()].filter((count) => count === fewest));
    // The first three, highest first; without n every day in time order, as before.
    const three = await run('flights', series.name, { interval: 'day', n: 3 });
    expect(three.map((r) => num(r.count))).toEqual(counts.sort((a, b) => b - a).slice(0, three.length));
    expect(three.length).toBeGreaterThanOrEqual(3);
    const all = await run('flights', series.name, { interval: 'day' });
    expect(all.map((r) => String(r.period).slice(0, 10))).toEqual([...perDay.keys()].sort());
  });
});

describe('wheat', () => {
  it('reads years sent as text ("1565") as the numbers they are, and as time, not as a key: a year range and a yearly series', async () => {
    const wheat = data.wheat ?? [];
    expect(typeof wheat[0]?.year).toBe('string');
    expect(profiles.wheat?.columns.find((c) => c.name === 'year')?.type).toBe('BIGINT');
    expect(programs.wheat?.some((p) => p.family === 'lookup')).toBe(false);
    const ranged = await run('wheat', 'wheat_by_year_range', { min_year: 1600, max_year: 1650 });
    expect(ranged.map((r) => num(r.year))).toEqual(wheat.filter((w) => Number(w.year) >= 1600 && Number(w.year) <= 1650).map((w) => Number(w.year)));
    const series = await run('wheat', 'wheat_over_time_by_year', { interval: 'year' });
    expect(series).toHaveLength(new Set(wheat.map((w) => w.year)).size);
  });
});

describe('census', () => {
  it('filters and groups by a numeric year but never averages, sums or ranks by it', () => {
    const generated = programs.census ?? [];
    expect(generated.length).toBeGreaterThan(0);
    for (const program of generated) expect(program.query_program, program.name).not.toMatch(/(avg|sum|min|max)\("?year"?\)|ORDER BY "?year"? DESC/i);
    expect(generated.some((program) => program.query_program.includes('"people"'))).toBe(true);
  });
});

describe('births', () => {
  it('counts and averages year by year over a numeric year of many years, as JavaScript does, each period the year as its number, and ranges it by number only', async () => {
    const births = data.births ?? [];
    const series = programs.births?.find((p) => p.family === 'time_series');
    expect(series, programs.births?.map((p) => p.name).join(', ')).toBeDefined();
    // (Forty years: decades too.)
    expect(series!.slots.find((s) => s.name === 'interval')).toMatchObject({ type: 'enum', default: 'year', enum_values: ['year', 'decade'] });
    const rows = await run('births', series!.name);
    const byYear = new Map<number, { count: number; births: number }>();
    for (const row of births) {
      const year = byYear.get(Number(row.year)) ?? { count: 0, births: 0 };
      byYear.set(Number(row.year), { count: year.count + 1, births: year.births + Number(row.births) });
    }
    // The total per year comes beside the average ("total births per year").
    expect(rows.map((r) => [r.period, num(r.count), num(r.avg_births), num(r.sum_births)])).toEqual(
      [...byYear].sort(([a], [b]) => a - b).map(([year, totals]) => [year, totals.count, totals.births / totals.count, totals.births]),
    );
    // One region's years.
    const north = await run('births', series!.name, { region: 'north' });
    expect(north.reduce((total, r) => total + num(r.count), 0)).toBe(births.filter((b) => b.region === 'north').length);
    // "since 1980" is the year's range program, over its numbers; no date-range program beside it.
    expect(programs.births?.filter((p) => p.family === 'range').map((p) => p.slots.map((s) => s.name))).toContainEqual(expect.arrayContaining(['min_year', 'max_year']));
    expect(programs.births?.some((p) => p.family === 'range' && p.slots.some((s) => s.name === 'from_year'))).toBe(false);
  });

  it('averages the rows and their births per year over every year from the first to the last', async () => {
    const births = data.births ?? [];
    const average = programs.births?.find((p) => p.name === 'births_average_per_period_by_year');
    expect(average, programs.births?.map((p) => p.name).join(', ')).toBeDefined();
    expect(average!.slots.find((s) => s.name === 'interval')).toMatchObject({ type: 'enum', default: 'year', enum_values: ['year', 'decade'] });
    const years = births.map((row) => Number(row.year));
    const span = Math.max(...years) - Math.min(...years) + 1;
    const [all] = await run('births', average!.name);
    expect([num(all!.periods), all!.first_period, all!.last_period]).toEqual([span, Math.min(...years), Math.max(...years)]);
    expect(num(all!.average_count)).toBeCloseTo(births.length / span, 9);
    // (Births add up: their total per year, averaged, beside the rows'.)
    expect(num(all!.average_total_births)).toBeCloseTo(births.reduce((total, row) => total + Number(row.births), 0) / span, 6);
    // Filtered: one region's rows; within years: those years alone.
    const north = births.filter((row) => row.region === 'north');
    const [northern] = await run('births', average!.name, { region: 'north' });
    const northYears = north.map((row) => Number(row.year));
    expect(num(northern!.average_count)).toBeCloseTo(north.length / (Math.max(...northYears) - Math.min(...northYears) + 1), 9);
    const from = Math.min(...years) + 2;
    const later = births.filter((row) => Number(row.year) >= from);
    const [since] = await run('births', average!.name, { from_year: from });
    expect(num(since!.average_count)).toBeCloseTo(later.length / (Math.max(...years) - from + 1), 9);
    // Per decade: the decades from the first year's to the last's.
    const [decades] = await run('births', average!.name, { interval: 'decade' });
    const decadeCount = Math.floor(Math.max(...years) / 10) - Math.floor(Math.min(...years) / 10) + 1;
    expect([num(decades!.periods), decades!.first_period, decades!.last_period]).toEqual([decadeCount, Math.floor(Math.min(...years) / 10) * 10, Math.floor(Math.max(...years) / 10) * 10]);
    expect(num(decades!.average_count)).toBeCloseTo(births.length / decadeCount, 9);
  });

  it('gives the groups tied with the n-th of a ranking of groups, and only n when none ties', async () => {
    // 40 rows in each region: "the region with the most rows" is both.
    const [north, south] = ['north', 'south'].map((region) => (data.births ?? []).filter((row) => row.region === region));
    expect(north!.length).toBe(south!.length);
    const most = await run('births', 'count_births_by_region', { n: 1 });
    expect(most.map((row) => [row.region, num(row.count)])).toEqual([
      ['north', north!.length],
      ['south', south!.length],
    ]);
    // The averages differ: one region is the highest.
    const average = (rows: Row[]) => rows.reduce((total, row) => total + Number(row.births), 0) / rows.length;
    const highest = await run('births', 'sum_births_by_region', { n: 1, rank_by: 'average' });
    expect(highest.map((row) => row.region)).toEqual([average(north!) > average(south!) ? 'north' : 'south']);
    const lowest = await run('births', 'sum_births_by_region', { n: 1, order: 'asc', rank_by: 'average' });
    expect(lowest.map((row) => row.region)).toEqual([average(north!) > average(south!) ? 'south' : 'north']);
  });

  it('gives a handful of years no series: they are grouped by, as a dimension, with every metric', () => {
    expect(programs.census?.some((p) => p.family === 'time_series')).toBe(false);
    expect(programs.census?.some((p) => p.family === 'aggregate' && p.name.endsWith('_by_year'))).toBe(true);
  });
});

describe('shop orders (values often missing)', () => {
  it('counts and lists the rows with a value there, or missing, as JavaScript does', async () => {
    const rows = data.shop_orders!;
    const count = async (values: Record<string, unknown>) => num((await run('shop_orders', 'count_shop_orders', values))[0]!.count);
    expect(await count({ has_coupon_code: true })).toBe(rows.filter((row) => row.coupon_code !== null).length);
    expect(await count({ has_coupon_code: false })).toBe(rows.filter((row) => row.coupon_code === null).length);
    expect(await count({ has_shipped_at: false, status: 'pending' })).toBe(rows.filter((row) => row.shipped_at === null && row.status === 'pending').length);
    expect(await count({})).toBe(rows.length);
    const listed = await run('shop_orders', 'list_shop_orders', { has_coupon_code: true, limit: 1000 });
    expect(listed.map((row) => row.order_ref).sort()).toEqual(rows.filter((row) => row.coupon_code !== null).map((row) => row.order_ref).sort());
  });
});

describe('durations between two times of a row', () => {
  it('averages the minutes from a ride\'s start to its end, leaving out rides that end before they start, as JavaScript does', async () => {
    const rows = data.rides!;
    const spans = rows.map((row) => ({ member: row.member, minutes: (Date.parse(String(row.ended_at)) - Date.parse(String(row.started_at))) / 60_000 })).filter((row) => row.minutes >= 0);
    const average = (list: { minutes: number }[]) => list.reduce((sum, row) => sum + row.minutes, 0) / list.length;
    const [overall] = await run('rides', 'avg_ride_duration_minutes');
    expect(num(overall!.avg_ride_duration_minutes)).toBeCloseTo(average(spans), 6);
    expect(num(overall!.count)).toBe(spans.length);
    expect(num(overall!.min_ride_duration_minutes)).toBe(Math.min(...spans.map((row) => row.minutes)));
    const [casual] = await run('rides', 'avg_ride_duration_minutes', { member: 'casual' });
    expect(num(casual!.avg_ride_duration_minutes)).toBeCloseTo(average(spans.filter((row) => row.member === 'casual')), 6);
    // Per any label, highest average first.
    const grouped = await run('rides', 'avg_ride_duration_minutes_by_column', { column: 'member' });
    expect(grouped.map((row) => row.value)).toEqual(['member', 'casual'].sort((a, b) => average(spans.filter((row) => row.member === b)) - average(spans.filter((row) => row.member === a))));
    // It reads the two times: a data set without them invalidates it.
    expect(program('rides', 'avg_ride_duration_minutes').steps.columns).toEqual(['started_at', 'ended_at']);
    expect(program('rides', 'avg_ride_duration_minutes_by_column').steps.columns).toEqual(['$column', 'started_at', 'ended_at']);
  });

  it('counts days from a loan\'s borrowing to its return, of times that are midnights, leaving out loans not returned', async () => {
    const returned = data.loans!.filter((row) => row.returned_at !== null);
    const [overall] = await run('loans', 'avg_return_time_days');
    expect(num(overall!.avg_return_time_days)).toBeCloseTo(14, 6);
    expect(num(overall!.count)).toBe(returned.length);
  });

  it('makes none where a measure already holds the span (a stay\'s nights), but one beside a span of something else (a call\'s wait)', () => {
    expect(programs.stays?.map((p) => p.name).filter((name) => /duration|_time_(?:minutes|hours|days)/.test(name))).toEqual([]);
    expect(programs.stays?.some((p) => p.name === 'avg_nights')).toBe(true);
    expect(programs.phone_calls?.map((p) => p.name)).toEqual(expect.arrayContaining(['avg_call_duration_minutes', 'avg_wait_seconds']));
  });
});

describe('loans (a time missing on a few rows, a measure on most)', () => {
  it('counts and lists the rows not returned yet, or without a rating', async () => {
    const rows = data.loans!;
    const count = async (values: Record<string, unknown>) => num((await run('loans', 'count_loans', values))[0]!.count);
    expect(await count({ has_returned_at: false })).toBe(rows.filter((row) => row.returned_at === null).length);
    expect(await count({ has_returned_at: false, branch: 'Lakeside' })).toBe(rows.filter((row) => row.returned_at === null && row.branch === 'Lakeside').length);
    expect(await count({ has_rating: false })).toBe(rows.filter((row) => row.rating === null).length);
    const listed = await run('loans', 'list_loans', { has_returned_at: false, limit: 1000 });
    expect(listed.map((row) => row.loan_id).sort()).toEqual(rows.filter((row) => row.returned_at === null).map((row) => row.loan_id).sort());
  });
});

describe('weather', () => {
  it('buckets a DATE column into periods that are dates, not midnight timestamps', async () => {
    const series = programs.weather?.find((p) => p.family === 'time_series');
    expect(series, programs.weather?.map((p) => p.name).join(', ')).toBeDefined();
    const rows = await run('weather', series!.name, { interval: 'month' });
    expect(rows.map((r) => [r.period, num(r.count)])).toEqual([['2015-12-01', 31], ['2016-01-01', 31], ['2016-02-01', 8]]);
  });

  it('ranks its periods by their count, or the total or average of its measure ("which month was the windiest")', async () => {
    const series = programs.weather!.find((p) => p.family === 'time_series')!;
    expect(series.slots.find((slot) => slot.name === 'rank_by')).toMatchObject({ default: 'count', enum_values: ['count', 'total', 'average'] });
    const months = new Map<string, number[]>();
    for (const row of data.weather ?? []) months.set(String(row.day).slice(0, 7), [...(months.get(String(row.day).slice(0, 7)) ?? []), Number(row.wind)]);
    const total = (values: number[]) => values.reduce((sum, value) => sum + value, 0);
    const byAverage = [...months].map(([month, values]) => [month, total(values) / values.length] as const).sort((a, b) => b[1] - a[1]);
    const byTotal = [...months].map(([month, values]) => [month, total(values)] as const).sort((a, b) => b[1] - a[1]);
    const windiest = await run('weather', series.name, { interval: 'month', n: 1, rank_by: 'average' });
    expect(windiest.map((r) => String(r.period).slice(0, 7))).toEqual([byAverage[0]![0]]);
    const mostWind = await run('weather', series.name, { interval: 'month', n: 2, rank_by: 'total' });
    expect(mostWind.map((r) => String(r.period).slice(0, 7))).toEqual(byTotal.slice(0, 2).map(([month]) => month));
    const least = await run('weather', series.name, { interval: 'month', n: 1, rank_by: 'total', order: 'asc' });
    expect(least.map((r) => String(r.period).slice(0, 7))).toEqual([byTotal.at(-1)![0]]);
  });
});

describe('observations (Unix time in seconds and milliseconds)', () => {
  it('reads whole seconds or milliseconds since 1970 named as a moment as time, never as a measure', async () => {
    const names = programs.observations?.map((p) => p.name) ?? [];
    // No average, total or ranking of a time stamp; its range is one of dates.
    expect(names.filter((name) => /^(avg|sum|top)_.*_(dt|ts)(_|$)/.test(name))).toEqual([]);
    expect(program('observations', 'observations_by_dt_range').slots.filter((slot) => slot.type === 'date').map((slot) => slot.name)).toEqual(['from_dt', 'to_dt']);
    const series = program('observations', 'observations_over_time_by_dt');
    const rows = await run('observations', series.name, { interval: 'month' });
    // March 2024 has 31 days of 24 hours; 75 days end on May 14.
    expect(rows.map((r) => [String(r.period).slice(0, 10), num(r.count)])).toEqual([['2024-03-01', 744], ['2024-04-01', 720], ['2024-05-01', 336]]);
    // Its measure is the temperature, not the time stamp.
    expect(Object.keys(rows[0] ?? {})).toContain('avg_temp');
    const millis = await run('observations', 'observations_over_time_by_ts', { interval: 'month' });
    expect(millis.map((r) => num(r.count))).toEqual([744, 720, 336]);
  });
});

describe('a measure per month of the year and per hour of the day', () => {
  it('averages the chosen measure per calendar month over the years, ranked, as JavaScript does ("which month is the wettest on average")', async () => {
    const rainfall = data.rainfall as { measured_on: string; station: string; rain_mm: number; wind_kmh: number }[];
    const months = program('rainfall', 'avg_rainfall_column_by_month_of_year');
    expect(months.slots.find((slot) => slot.name === 'column')?.enum_values).toEqual(expect.arrayContaining(['rain_mm', 'wind_kmh']));
    const byMonth = new Map<number, number[]>();
    for (const row of rainfall) byMonth.set(Number(row.measured_on.slice(5, 7)), [...(byMonth.get(Number(row.measured_on.slice(5, 7))) ?? []), row.rain_mm]);
    const averages = [...byMonth].map(([month, values]) => [month, values.reduce((a, b) => a + b, 0) / values.length] as const).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const rows = await run('rainfall', months.name, { column: 'rain_mm' });
    expect(rows.map((row) => num(row.month_of_year))).toEqual(averages.map(([month]) => month));
    expect(rows.map((row) => num(row.avg))).toEqual(averages.map(([, average]) => expect.closeTo(average, 9)));
    expect(rows[0]?.month_name).toBe(new Date(Date.UTC(2020, averages[0]![0] - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }));
    // The driest first, one station, the first month only (ties with it included).
    const south = rainfall.filter((row) => row.station === 'South');
    const [driest] = await run('rainfall', months.name, { column: 'rain_mm', station: 'South', order: 'asc', n: 1 });
    const southMonths = new Map<number, number[]>();
    for (const row of south) southMonths.set(Number(row.measured_on.slice(5, 7)), [...(southMonths.get(Number(row.measured_on.slice(5, 7))) ?? []), row.rain_mm]);
    const lowest = Math.min(...[...southMonths.values()].map((values) => values.reduce((a, b) => a + b, 0) / values.length));
    expect(num(driest?.avg)).toBeCloseTo(lowest, 9);
  });

  it('averages a measure per hour of the day over the days, of times of day', async () => {
    const observations = data.observations as { dt: number; temp: number }[];
    const hours = program('observations', 'avg_observations_column_by_hour_of_day');
    const byHour = new Map<number, number[]>();
    for (const row of observations) byHour.set(new Date(row.dt * 1000).getUTCHours(), [...(byHour.get(new Date(row.dt * 1000).getUTCHours()) ?? []), row.temp]);
    const rows = await run('observations', hours.name, { column: 'temp', n: 1 });
    const best = Math.max(...[...byHour.values()].map((values) => values.reduce((a, b) => a + b, 0) / values.length));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => num(row.avg))).toEqual(rows.map(() => expect.closeTo(best, 9)));
    // A year of dates or less has no months of the year; dates without times of day no hours.
    expect(programs.weather?.some((p) => /_by_(?:month_of_year|hour_of_day)$/.test(p.name))).toBe(false);
    expect(programs.rainfall?.some((p) => p.name.endsWith('_by_hour_of_day'))).toBe(false);
  });
});

describe('airports', () => {
  const airports = data.airports ?? [];

  it('counts airports in a state and looks one up by code as JavaScript does', async () => {
    const count = program('airports', 'count_airports');
    expect(count.slots.map((s) => s.name)).toContain('state');
    const rows = await run('airports', count.name, { state: 'CA' });
    expect(num(rows[0]?.count)).toBe(airports.filter((a) => a.state === 'CA').length);
    const lookup = programs.airports?.find((p) => p.family === 'lookup');
    expect(lookup?.name).toBe('lookup_airports_by_iata');
    const found = await run('airports', 'lookup_airports_by_iata', { iata: 'LAX' });
    expect(found.map((r) => r.name)).toEqual(airports.filter((a) => a.iata === 'LAX').map((a) => a.name));
  });

  it('indexes the column of every lookup program (query-runtime indexes lookupKeys)', () => {
    for (const [table, generated] of Object.entries(programs)) {
      const keys = lookupKeys(profiles[table]!);
      const nested = new Set(profiles[table]!.columns.filter((column) => column.path).map((column) => column.name));
      for (const lookup of generated.filter((p) => p.family === 'lookup' && !nested.has(p.steps.filters[0]!.column))) expect(keys, lookup.name).toContain(lookup.steps.filters[0]?.column);
    }
    expect(lookupKeys(profiles.airports!)[0]).toBe('iata');
  });
});

describe('earthquakes (GeoJSON: the quantities are fields of a nested object)', () => {
  const features = (data.earthquakes as { properties: { mag: number | null; magType: string } }[]).map((feature) => feature.properties);

  it('ranks, ranges and groups by the fields of `properties`, called by their own names', async () => {
    const top = program('earthquakes', 'top_earthquakes_by_properties_mag');
    expect(top.query).toBe('What are the top 10 earthquakes by mag?');
    const strongest = await run('earthquakes', 'top_earthquakes_by_properties_mag', { n: 3 });
    const mags = features.map((f) => f.mag).filter((mag): mag is number => mag !== null);
    expect(strongest.map((row) => (row.properties as { mag: number }).mag)).toEqual([...mags].sort((a, b) => b - a).slice(0, 3));
    const range = await run('earthquakes', 'earthquakes_by_properties_mag_range', { min_properties_mag: 5, limit: 10_000 });
    expect(range).toHaveLength(mags.filter((mag) => mag >= 5).length);
    // A grouped field answers under its dotted name.
    const byType = await run('earthquakes', 'count_earthquakes_by_properties_mag_type');
    const counts = new Map<string, number>();
    for (const f of features) counts.set(f.magType, (counts.get(f.magType) ?? 0) + 1);
    expect(Object.fromEntries(byType.map((row) => [row['properties.magType'], num(row.count)]))).toEqual(Object.fromEntries(counts));
  });

  it('filters by a whole number holding only 0 and 1 as a flag, true where it is not 0', async () => {
    const count = program('earthquakes', 'count_earthquakes');
    expect(count.slots.find((slot) => slot.name === 'properties_tsunami')).toMatchObject({ type: 'boolean', required: false });
    const tsunamis = (features as unknown as { tsunami: number }[]).filter((f) => f.tsunami === 1).length;
    expect(num((await run('earthquakes', 'count_earthquakes', { properties_tsunami: true }))[0]!.count)).toBe(tsunamis);
    expect(num((await run('earthquakes', 'count_earthquakes', { properties_tsunami: false }))[0]!.count)).toBe(features.length - tsunamis);
  });
});

describe('a wide table (us-employment): the measures past those with programs of their own', () => {
  const rows = data.employment as Record<string, number | string>[];
  const value = (row: Row, column: string) => Number(row[column]);

  it('ranks, ranges and averages any of them through a program that takes the column as an enum slot', async () => {
    const top = program('employment', 'top_employment_by_column');
    const choices = top.slots.find((slot) => slot.name === 'column')!;
    expect(choices).toMatchObject({ type: 'enum', required: true });
    expect(choices.enum_values).toEqual(expect.arrayContaining(['government', 'manufacturing', 'nonfarm_change']));
    // None of the columns with a ranking of their own is offered again.
    const ranked = programs.employment!.filter((p) => p.family === 'top_n' && p !== top).map((p) => p.steps.order!.column);
    expect(choices.enum_values!.filter((column) => ranked.includes(String(column)))).toEqual([]);
    const highest = await run('employment', 'top_employment_by_column', { column: 'government', n: 3 });
    expect(highest.map((row) => value(row, 'government'))).toEqual(rows.map((row) => value(row, 'government')).sort((a, b) => b - a).slice(0, 3));
    expect(Object.keys(highest[0]!)).toEqual(Object.keys(rows[0]!));
    const gains = await run('employment', 'employment_by_column_range', { column: 'nonfarm_change', min_value: 300, limit: 1000 });
    expect(gains.map((row) => row.month)).toEqual(rows.filter((row) => value(row, 'nonfarm_change') >= 300).sort((a, b) => value(a, 'nonfarm_change') - value(b, 'nonfarm_change')).map((row) => row.month));
    const [overall] = await run('employment', 'avg_employment_column', { column: 'manufacturing' });
    const manufacturing = rows.map((row) => value(row, 'manufacturing'));
    expect(num(overall!.avg)).toBeCloseTo(manufacturing.reduce((a, b) => a + b, 0) / manufacturing.length, 6);
    expect([num(overall!.min), num(overall!.max), num(overall!.count)]).toEqual([Math.min(...manufacturing), Math.max(...manufacturing), manufacturing.length]);
  });
});

describe('counts per group of the labels past the three with programs of their own', () => {
  it('counts the rows per value of any of them through a program that takes the column as an enum slot', async () => {
    const movies = data.movies!;
    const perColumn = program('movies', 'count_movies_by_column');
    const choices = perColumn.slots.find((slot) => slot.name === 'column')!;
    expect(choices).toMatchObject({ type: 'enum', required: true });
    expect(choices.enum_values).toEqual(expect.arrayContaining(['Distributor', 'Source']));
    // None of the labels counted by a program of its own is offered again.
    const grouped = programs.movies!.filter((p) => p.family === 'count' && p !== perColumn).flatMap((p) => p.steps.group_by ?? []);
    expect(grouped.length).toBeGreaterThan(0);
    expect(choices.enum_values!.filter((column) => grouped.includes(String(column)))).toEqual([]);
    const counts = new Map<unknown, number>();
    for (const movie of movies) counts.set(movie.Distributor ?? null, (counts.get(movie.Distributor ?? null) ?? 0) + 1);
    const expected = [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
    const top = await run('movies', 'count_movies_by_column', { column: 'Distributor', n: 3 });
    expect(top.map((row) => [row.column, row.value, num(row.count)])).toEqual(expected.slice(0, 3).map(([value, count]) => ['Distributor', value, count]));
    const fewest = await run('movies', 'count_movies_by_column', { column: 'Source', order: 'asc' });
    expect(fewest.reduce((sum, row) => sum + num(row.count), 0)).toBe(movies.length);
    expect(num(fewest[0]!.count)).toBe(Math.min(...fewest.map((row) => num(row.count))));
  });
  it("takes the count's filters and its window on the main time", async () => {
    // "Which distributor released the most dramas since 2000": the count per any column had taken
    // no filter, so such a question was refused or answered over every movie.
    const movies = data.movies as Record<string, unknown>[];
    const perColumn = program('movies', 'count_movies_by_column');
    const filter = perColumn.steps.filters.find((f) => f.op === 'eq')!;
    expect(filter).toBeDefined();
    const from = perColumn.steps.filters.find((f) => f.op === 'gte');
    expect(from).toBeDefined();
    const value = movies.map((movie) => movie[filter.column]).find((v) => typeof v === 'string')!;
    const counts = new Map<unknown, number>();
    for (const movie of movies) if (movie[filter.column] === value) counts.set(movie.Distributor ?? null, (counts.get(movie.Distributor ?? null) ?? 0) + 1);
    const rows = await run('movies', 'count_movies_by_column', { column: 'Distributor', [filter.slot]: value });
    expect(new Map(rows.map((row) => [row.value, num(row.count)]))).toEqual(counts);
    expect(rows.reduce((sum, row) => sum + num(row.count), 0)).toBeLessThan(movies.length);
  });
});

describe('counts of the rows with a value of a column the count does not filter', () => {
  it('counts the rows whose chosen label, name or reference is the value, whatever its case, with the count\'s filters', async () => {
    const movies = data.movies as Record<string, unknown>[];
    const where = program('movies', 'count_movies_where');
    const choices = where.slots.find((slot) => slot.name === 'column')!;
    expect(choices).toMatchObject({ type: 'enum', required: true });
    expect(where.slots.find((slot) => slot.name === 'value')).toMatchObject({ type: 'string', required: true });
    // The labels past those the count filters by, and the names that repeat (a director's).
    expect(choices.enum_values).toEqual(expect.arrayContaining(['Distributor', 'Director']));
    const counted = program('movies', 'count_movies').slots.map((slot) => slot.name);
    expect(choices.enum_values!.filter((column) => counted.includes(String(column)))).toEqual([]);
    // A director of several movies, one of them of a genre.
    const director = movies.map((movie) => movie.Director).find((name) => typeof name === 'string' && movies.filter((movie) => movie.Director === name && typeof movie['Major Genre'] === 'string').length >= 3) as string;
    const [row] = await run('movies', 'count_movies_where', { column: 'Director', value: director!.toUpperCase() });
    expect(row).toMatchObject({ column: 'Director', value: director });
    expect(num(row!.count)).toBe(movies.filter((movie) => movie.Director === director).length);
    // With a filter of the count's; a value no row has counts none and is answered as given.
    const genre = movies.find((movie) => movie.Director === director && typeof movie['Major Genre'] === 'string')!['Major Genre'];
    const [filtered] = await run('movies', 'count_movies_where', { column: 'Director', value: director, major_genre: genre });
    expect(num(filtered!.count)).toBe(movies.filter((movie) => movie.Director === director && movie['Major Genre'] === genre).length);
    expect(await run('movies', 'count_movies_where', { column: 'Distributor', value: 'Nobody Pictures' })).toEqual([{ column: 'Distributor', value: 'Nobody Pictures', count: 0 }]);
  });
});

describe('a metric per any other label, name or reference, or for one of its values', () => {
  it('totals the first metrics per value of the chosen column, highest first, or for one value whatever its case', async () => {
    const movies = data.movies as Record<string, unknown>[];
    // (The worldwide gross, the whole of which the US gross is a part, is the first metric.)
    const byColumn = program('movies', 'sum_worldwide_gross_by_column');
    expect(byColumn.slots.find((slot) => slot.name === 'column')).toMatchObject({ type: 'enum', required: true });
    expect(byColumn.slots.find((slot) => slot.name === 'value')).toMatchObject({ type: 'string', required: false });
    // The names that repeat (a director's), none of the labels the metric has a grouping program of its own by.
    const choices = byColumn.slots.find((slot) => slot.name === 'column')!.enum_values!.map(String);
    expect(choices).toContain('Director');
    const grouped = programs.movies!.filter((p) => p.name.startsWith('sum_worldwide_gross_by_') && p !== byColumn).flatMap((p) => p.steps.group_by ?? []);
    expect(grouped.length).toBeGreaterThan(0);
    expect(choices.filter((column) => grouped.includes(column))).toEqual([]);
    const totals = new Map<string, number>();
    for (const movie of movies) if (typeof movie.Director === 'string' && typeof movie['Worldwide Gross'] === 'number') totals.set(movie.Director, (totals.get(movie.Director) ?? 0) + movie['Worldwide Gross']);
    const [best] = [...totals].sort((a, b) => b[1] - a[1]);
    const [top] = await run('movies', 'sum_worldwide_gross_by_column', { column: 'Director', n: 1 });
    expect(top).toMatchObject({ column: 'Director', value: best![0] });
    expect(num(top!.sum_worldwide_gross)).toBe(best![1]);
    const [one, ...more] = await run('movies', 'sum_worldwide_gross_by_column', { column: 'Director', value: best![0].toUpperCase() });
    expect(more).toEqual([]);
    expect(one).toMatchObject({ value: best![0] });
    expect(num(one!.sum_worldwide_gross)).toBe(best![1]);
    // With the count's filters ("which director's dramas grossed the most"), as the totals per label have them.
    expect(byColumn.slots.map((slot) => slot.name)).toEqual(expect.arrayContaining(['major_genre', 'from_release_date', 'to_release_date']));
    const dramas = new Map<string, number>();
    for (const movie of movies) if (movie['Major Genre'] === 'Drama' && typeof movie.Director === 'string' && typeof movie['Worldwide Gross'] === 'number') dramas.set(movie.Director, (dramas.get(movie.Director) ?? 0) + movie['Worldwide Gross']);
    const [bestDrama] = [...dramas].sort((a, b) => b[1] - a[1]);
    const [topDrama] = await run('movies', 'sum_worldwide_gross_by_column', { column: 'Director', major_genre: 'Drama', n: 1 });
    expect(topDrama).toMatchObject({ column: 'Director', value: bestDrama![0] });
    expect(num(topDrama!.sum_worldwide_gross)).toBe(bestDrama![1]);
  });

  it('is not offered over a yearly panel, whose levels do not add up over the years', () => {
    expect(programs.panel!.filter((p) => p.family === 'aggregate' && p.steps.column_choice && p.steps.group_by?.includes('$column'))).toEqual([]);
    // (The country, 60 of them, is counted per value all the same; its population is summed per year.)
    expect(program('panel', 'count_panel_by_country').family).toBe('count');
    expect(program('panel', 'sum_population_by_year').family).toBe('aggregate');
  });

  it('is offered over lines of a few years that are no panel, whose amounts add up over the years', async () => {
    const column = program('budget', 'sum_amount_by_column').steps.column_choice!.columns[0] as 'category' | 'fund' | 'ward' | 'vendor';
    const lines = data.budget as ({ amount: number } & Record<typeof column, string>)[];
    const value = lines[0]![column];
    const total = lines.filter((line) => line[column] === value).reduce((sum, line) => sum + line.amount, 0);
    const rows = await run('budget', 'sum_amount_by_column', { column, value: value.toLowerCase() });
    expect(num(rows[0]?.sum_amount)).toBe(total);
  });
});

describe('quantities that add up', () => {
  it('are summed first, and groups ranked by the sum ("which building used the most kWh")', async () => {
    const energy = data.energy as { building: string; kwh: number }[];
    const totals = new Map<string, number>();
    for (const row of energy) totals.set(row.building, (totals.get(row.building) ?? 0) + row.kwh);
    const [most] = [...totals].sort((a, b) => b[1] - a[1]);
    expect(program('energy', 'sum_kwh').family).toBe('aggregate');
    const [top] = await run('energy', 'sum_kwh_by_building', { n: 1 });
    expect(top).toMatchObject({ building: most![0], sum_kwh: most![1] });
  });

  it('are totalled per period and averaged over every period from the first to the last, a day without sales as zero ("average daily revenue")', async () => {
    const sales = data.sales as { sold_on: string; store: string; amount: number }[];
    const average = program('sales', 'sales_average_per_period_by_sold_on');
    const days = sales.map((row) => Date.parse(row.sold_on));
    const spanDays = (Math.max(...days) - Math.min(...days)) / 86_400_000 + 1;
    const total = (rows: typeof sales) => rows.reduce((sum, row) => sum + row.amount, 0);
    const [daily] = await run('sales', average.name, { interval: 'day' });
    expect(num(daily!.periods)).toBe(spanDays);
    expect(num(daily!.average_count)).toBeCloseTo(sales.length / spanDays, 9);
    expect(num(daily!.average_total_amount)).toBeCloseTo(total(sales) / spanDays, 9);
    const months = new Set(sales.map((row) => row.sold_on.slice(0, 7)));
    const [monthly] = await run('sales', average.name, { interval: 'month', store: 'Mall' });
    const mall = sales.filter((row) => row.store === 'Mall');
    expect(num(monthly!.average_total_amount)).toBeCloseTo(total(mall) / new Set(mall.map((row) => row.sold_on.slice(0, 7))).size, 9);
    expect(months.size).toBeGreaterThan(1);
  });
});

describe('the main time', () => {
  it("is the row's own time, not a time of what the row refers to (check-ins in January, not members since January)", async () => {
    const checkins = data.checkins as { checkin_at: string }[];
    const count = program('checkins', 'count_checkins');
    // The main window first; the member's time, a second window after it.
    expect(count.slots.map((slot) => slot.name).filter((name) => name.startsWith('from_'))[0]).toBe('from_checkin_at');
    expect(count.slots.map((slot) => slot.name)).toEqual(expect.arrayContaining(['from_checkin_at', 'to_checkin_at']));
    const january = checkins.filter((row) => row.checkin_at >= '2024-01-01' && row.checkin_at < '2024-02-01').length;
    expect(january).toBeGreaterThan(0);
    expect(january).toBeLessThan(checkins.length);
    const [row] = await run('checkins', count.name, { from_checkin_at: '2024-01-01', to_checkin_at: '2024-01-31' });
    expect(num(row?.count)).toBe(january);
    // A second time's window beside it: check-ins of members since 2022 (as JavaScript counts them).
    const members = (data.checkins as { member_since: string }[]).filter((r) => r.member_since >= '2022-01-01' && r.member_since <= '2022-12-31').length;
    const [since] = await run('checkins', count.name, { from_member_since: '2022-01-01', to_member_since: '2022-12-31' });
    expect(num(since?.count)).toBe(members);
  });
});

describe('counts per group', () => {
  it("take the count's filters and its window on the main time, as JavaScript counts ('which class had the most long check-ins in January')", async () => {
    const checkins = data.checkins as { class: string; checkin_at: string; member_id: string }[];
    const perClass = program('checkins', 'count_checkins_by_class');
    expect(perClass.slots.map((slot) => slot.name)).toEqual(expect.arrayContaining(['from_checkin_at', 'to_checkin_at', 'n', 'order']));
    // Not filtered by its own column.
    expect(perClass.slots.map((slot) => slot.name)).not.toContain('class');
    const january = checkins.filter((row) => row.checkin_at >= '2024-01-01' && row.checkin_at < '2024-02-01');
    const expected = new Map<string, number>();
    for (const row of january) expected.set(row.class, (expected.get(row.class) ?? 0) + 1);
    const rows = await run('checkins', perClass.name, { from_checkin_at: '2024-01-01', to_checkin_at: '2024-01-31' });
    expect(new Map(rows.map((row) => [String(row.class), num(row.count)]))).toEqual(expected);
    // The count of any label's or reference's value takes the window too ("check-ins of member M-100 in January").
    const where = program('checkins', 'count_checkins_where');
    expect(where.slots.map((slot) => slot.name)).toEqual(expect.arrayContaining(['column', 'value', 'from_checkin_at', 'to_checkin_at']));
    const [member] = await run('checkins', where.name, { column: 'member_id', value: 'M-100', from_checkin_at: '2024-01-01', to_checkin_at: '2024-01-31' });
    expect(num(member?.count)).toBe(january.filter((row) => row.member_id === 'M-100').length);
    expect(num(member?.count)).toBeGreaterThan(0);
    // A flag filters the groups too ("which class had the most guests").
    const guests = new Map<string, number>();
    for (const [index, row] of checkins.entries()) if (index % 5 === 0) guests.set(row.class, (guests.get(row.class) ?? 0) + 1);
    const guestRows = await run('checkins', perClass.name, { guest: true });
    expect(new Map(guestRows.map((row) => [String(row.class), num(row.count)]))).toEqual(guests);
  });
});

describe('football results: a round is no measure, goals add up', () => {
  it('never averages the round, and totals goals per any team column, as JavaScript does', async () => {
    const matches = data.matches as { round: number; home_team: string; home_goals: number }[];
    expect((programs.matches ?? []).some((p) => /"round"\)/.test(p.query_program) && /(avg|sum)\(/.test(p.query_program))).toBe(false);
    const totals = new Map<string, number>();
    for (const row of matches) totals.set(row.home_team, (totals.get(row.home_team) ?? 0) + row.home_goals);
    const [best] = [...totals].sort((a, b) => b[1] - a[1]);
    const [top] = await run('matches', 'sum_home_goals_by_column', { column: 'home_team', n: 1 });
    expect(num(top?.sum_home_goals)).toBe(best![1]);
  });
});

describe('measures of few values', () => {
  it('sums a quantity of 1–4 items and averages a rating of 1–5 stars as measures of their own, as JavaScript does', async () => {
    const orders = data.orders as { quantity: number }[];
    expect(program('orders', 'sum_quantity').family).toBe('aggregate');
    const [sum] = await run('orders', 'sum_quantity');
    expect(num(sum?.sum_quantity)).toBe(orders.reduce((total, order) => total + order.quantity, 0));
    const reviews = data.reviews as { product: string; rating: number }[];
    const kettles = reviews.filter((review) => review.product === 'Kettle').map((review) => review.rating);
    const averages = await run('reviews', 'avg_rating_by_product');
    expect(num(averages.find((row) => row.product === 'Kettle')?.avg_rating)).toBeCloseTo(kettles.reduce((a, b) => a + b, 0) / kettles.length, 9);
  });
});

describe('groupings of aggregates', () => {
  it('groups measures by labels rather than by a flag, which every aggregate filters by and the total per any column still compares', async () => {
    const names = generateQueryPrograms(profiles.timesheets as DataProfile).map((generated) => generated.name);
    expect(names.filter((name) => /_by_remote$/.test(name) && /^(?:avg|sum)_/.test(name))).toEqual([]);
    expect(program('timesheets', 'avg_hours_worked').slots.map((slot) => slot.name)).toContain('remote');
    const anyColumn = program('timesheets', 'sum_gross_pay_by_column').slots.find((slot) => slot.name === 'column');
    expect(anyColumn?.enum_values).toContain('remote');
    const rows = data.timesheets as { remote: boolean; gross_pay: number }[];
    const remoteRows = await run('timesheets', 'sum_gross_pay_by_column', { column: 'remote' });
    expect(num(remoteRows.find((row) => row.value === 'true' || row.value === true)?.sum_gross_pay)).toBe(rows.filter((row) => row.remote).reduce((sum, row) => sum + row.gross_pay, 0));
  });
});

describe('groups without a value', () => {
  it('rank after every group with one, whatever their size', async () => {
    const leave = data.leave as Record<string, unknown>[];
    const counts = new Map<string, number>();
    for (const row of leave) if (typeof row.approver === 'string') counts.set(row.approver, (counts.get(row.approver) ?? 0) + 1);
    const [busiest] = [...counts].sort((a, b) => b[1] - a[1]);
    expect(leave.filter((row) => row.approver === null).length).toBeGreaterThan(busiest![1]);
    expect(await run('leave', 'count_leave_by_approver', { n: 1 })).toEqual([{ approver: busiest![0], count: busiest![1] }]);
    // Every group is still there when no n is given, the one without a value last.
    const all = await run('leave', 'count_leave_by_approver');
    expect(all.at(-1)).toEqual({ approver: null, count: leave.filter((row) => row.approver === null).length });
  });
});

describe('distinct counts', () => {
  it('counts the different values of a label or a text, optionally within the count\'s filters', async () => {
    const airports = data.airports as Record<string, string>[];
    const distinct = program('airports', 'count_distinct_airports');
    expect(distinct.slots.find((slot) => slot.name === 'column')?.enum_values).toEqual(expect.arrayContaining(['state', 'city']));
    // A key (one row per value) is left out: its distinct count is the row count.
    expect(distinct.slots.find((slot) => slot.name === 'column')?.enum_values).not.toContain('iata');
    const [states] = await run('airports', 'count_distinct_airports', { column: 'state' });
    expect(num(states!.distinct_count)).toBe(new Set(airports.map((a) => a.state).filter((state) => state !== null && state !== '')).size);
    const [cities] = await run('airports', 'count_distinct_airports', { column: 'city', state: 'CA' });
    expect(num(cities!.distinct_count)).toBe(new Set(airports.filter((a) => a.state === 'CA').map((a) => a.city)).size);
  });
});

describe('the newest and the oldest rows', () => {
  it('ranks rows by a time, the most recent first or the oldest first, within a period and a filter (checked against JavaScript)', async () => {
    const observations = data.observations as { dt: number; city: string }[];
    const latest = program('observations', 'latest_observations_by_dt');
    expect([latest.family, latest.steps.order?.chronological, latest.slots.map((slot) => slot.name)]).toEqual(['top_n', true, ['city', 'from_dt', 'to_dt', 'n', 'order']]);
    const oslo = observations.filter((row) => row.city === 'Oslo').map((row) => row.dt);
    const newest = await run('observations', latest.name, { city: 'Oslo', n: 3 });
    expect(newest.map((row) => num(row.dt))).toEqual([...oslo].sort((a, b) => b - a).slice(0, 3));
    // The oldest within 10–12 March (Unix seconds), of every city.
    const [from, to] = [Date.UTC(2024, 2, 10) / 1000, Date.UTC(2024, 2, 13) / 1000];
    const oldest = await run('observations', latest.name, { order: 'asc', n: 4, from_dt: '2024-03-10', to_dt: '2024-03-12' });
    const within = observations.map((row) => row.dt).filter((dt) => dt >= from && dt < to);
    expect(oldest.map((row) => num(row.dt))).toEqual([...within].sort((a, b) => a - b).slice(0, 4));
  });

  it('ranks first by the time a thing came to be, and by a calendar year held as a number', async () => {
    // Monarchs: the start of a reign before its end; the oldest is the earliest start.
    const monarchs = data.monarchs as { name: string; start: number }[];
    const names = (programs.monarchs ?? []).filter((p) => p.steps.order?.chronological).map((p) => p.name);
    expect(names).toEqual(['latest_monarchs_by_start', 'latest_monarchs_by_end']);
    const [first] = await run('monarchs', 'latest_monarchs_by_start', { order: 'asc', n: 1 });
    expect(num(first!.start)).toBe(Math.min(...monarchs.map((m) => m.start)));
    // Movies: released comes first (`Release Date`, text parsed as a date).
    const movies = program('movies', 'latest_movies_by_release_date');
    const [newest] = await run('movies', movies.name, { n: 1 });
    const dates = (data.movies ?? []).map((m) => Date.parse(`${String(m['Release Date'])} UTC`)).filter((t) => !Number.isNaN(t));
    expect(Date.parse(`${String(newest!['Release Date'])} UTC`)).toBe(Math.max(...dates));
  });
});

describe('the busiest hour of the day and day of the week', () => {
  const busiest = <T,>(rows: T[], key: (row: T) => string | number) => {
    const counts = new Map<string | number, number>();
    for (const row of rows) counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
    return Math.max(...counts.values());
  };

  it('counts events per hour of the day and per weekday, busiest first, within a filter (checked against JavaScript)', async () => {
    const calls = data.calls as { queue: string; started_at: string }[];
    const hours = program('calls', 'count_calls_by_hour_of_day');
    expect([hours.family, hours.slots.map((slot) => slot.name)]).toEqual(['count', ['queue', 'from_started_at', 'to_started_at', 'n', 'order']]);
    const [top] = await run('calls', hours.name, { n: 1 });
    expect(num(top!.count)).toBe(busiest(calls, (call) => new Date(call.started_at).getUTCHours()));
    const billing = calls.filter((call) => call.queue === 'billing');
    const weekdays = await run('calls', 'count_calls_by_day_of_week', { queue: 'billing' });
    const names = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
    const expected = new Map<string, number>();
    for (const call of billing) expected.set(names[new Date(call.started_at).getUTCDay()]!, (expected.get(names[new Date(call.started_at).getUTCDay()]!) ?? 0) + 1);
    expect(Object.fromEntries(weekdays.map((row) => [String(row.day_of_week), num(row.count)]))).toEqual(Object.fromEntries(expected));
    expect(num(weekdays[0]!.count)).toBe(Math.max(...expected.values()));
  });

  it('gives neither to data of one row a day, nor an hour to dates without times', () => {
    // The weather's days: one row each (their weekdays count alike), no time of day.
    expect((programs.weather ?? []).filter((p) => /_by_(hour_of_day|day_of_week)$/.test(p.name))).toEqual([]);
  });
});

describe('numbers that are not measures', () => {
  const sqlOf = (table: string) => (programs[table] ?? []).map((p) => p.query_program);
  const aggregated = (column: string) => new RegExp(`(avg|sum|min|max)\\("${column}"\\)|ORDER BY CASE WHEN \\$order = 'asc' THEN "${column}"|GROUP BY "${column}"`);

  it('gives a row number no program, and ranges years named start and end by number without averaging, ranking or grouping by them', () => {
    expect(sqlOf('monarchs').filter((sql) => sql.includes('"index"'))).toEqual([]);
    // (Rows ranked by a reign's start or end are its newest and oldest, not a ranking by a measure.)
    const measured = (programs.monarchs ?? []).filter((p) => p.steps.order?.chronological !== true).map((p) => p.query_program);
    for (const column of ['start', 'end']) expect(measured.filter((sql) => aggregated(column).test(sql)), column).toEqual([]);
    expect(program('monarchs', 'latest_monarchs_by_start').steps.order).toMatchObject({ column: 'start', chronological: true });
    expect(program('monarchs', 'monarchs_by_start_range').slots.map((s) => s.name)).toContain('min_start');
    expect(programs.monarchs?.some((p) => p.family === 'time_series')).toBe(true);
  });

  it('groups and filters by a month 1–12 but never averages, sums or ranks by it', () => {
    expect(sqlOf('unemployment').filter((sql) => /(avg|sum|min|max)\("month"\)|THEN "month"/.test(sql))).toEqual([]);
    expect(programs.unemployment?.some((p) => p.name.startsWith('top_') && p.name.endsWith('_by_month'))).toBe(false);
    expect(programs.unemployment?.some((p) => p.family === 'aggregate' && p.steps.group_by?.[0] === 'month')).toBe(true);
  });

  it('never averages a numeric code (a district)', () => {
    expect(sqlOf('contributions').filter((sql) => aggregated('Candidate_District').test(sql) && !sql.includes('GROUP BY "Candidate_District"'))).toEqual([]);
    expect(programs.contributions?.some((p) => p.name.includes('avg_candidate_district'))).toBe(false);
  });

  it('ranges the measures before coordinates named for what they locate (`start_lat`)', () => {
    const ranged = (programs.trips ?? []).filter((p) => p.family === 'range' && p.steps.filters.some((f) => f.op === 'gte')).map((p) => p.steps.filters[0]!.column);
    expect(ranged.slice(0, 3)).toEqual(['duration_min', 'distance_km', 'fare_usd']);
  });

  it('ranks and ranges coordinates but never averages or sums them', () => {
    expect(sqlOf('places').filter((sql) => /(avg|sum)\("(latitude|longitude)"\)/.test(sql))).toEqual([]);
    expect(program('places', 'top_places_by_latitude').family).toBe('top_n');
    expect(program('places', 'places_by_latitude_range').family).toBe('range');
    expect(program('places', 'sum_population_by_state').family).toBe('aggregate');
  });
});

describe('aggregates over every row', () => {
  const driving = data.driving ?? [];
  const stats = (values: number[]) => ({ sum: values.reduce((a, b) => a + b, 0), avg: values.reduce((a, b) => a + b, 0) / values.length, min: Math.min(...values), max: Math.max(...values), count: values.length });

  it('bounds a ranking, a count and an overall aggregate by the main time column, as JavaScript does', async () => {
    const between = driving.filter((d) => num(d.year) >= 1980 && num(d.year) <= 1990);
    const [count] = await run('driving', 'count_driving', { from_year: 1980, to_year: 1990 });
    expect(num(count?.count)).toBe(between.length);
    const [gas] = await run('driving', 'avg_gas', { from_year: 1980, to_year: 1990 });
    expect(num(gas?.avg_gas)).toBeCloseTo(stats(between.map((d) => num(d.gas))).avg, 9);
    const top = await run('driving', 'top_driving_by_miles', { from_year: 1980, to_year: 1990, n: 3 });
    expect(top.map((row) => row.year)).toEqual([...between].sort((a, b) => num(b.miles) - num(a.miles)).slice(0, 3).map((d) => d.year));
  });

  it('averages gas over all rows, or one side only, as JavaScript does', async () => {
    const overall = program('driving', 'avg_gas');
    expect(overall).toMatchObject({ family: 'aggregate', query: 'What is the average gas?', steps: { group_by: [], aggregate: { function: 'avg', column: 'gas' } } });
    // The side filter, and the main time column's bounds (driving's `year`, a calendar year held as a number).
    expect(overall.slots).toEqual([
      expect.objectContaining({ name: 'side', required: false, default: null }),
      expect.objectContaining({ name: 'from_year', type: 'integer', default: null }),
      expect.objectContaining({ name: 'to_year', type: 'integer', default: null }),
    ]);
    expect(overall.examples).toEqual(expect.arrayContaining(['Average gas', 'Overall gas']));
    const all = stats(driving.map((d) => num(d.gas)));
    const [row] = await run('driving', 'avg_gas');
    expect([num(row?.avg_gas), num(row?.sum_gas), num(row?.min_gas), num(row?.max_gas), num(row?.count)]).toEqual([expect.closeTo(all.avg, 9), expect.closeTo(all.sum, 9), all.min, all.max, all.count]);
    const left = stats(driving.filter((d) => d.side === 'left').map((d) => num(d.gas)));
    const [leftRow] = await run('driving', 'avg_gas', { side: 'left' });
    expect(num(leftRow?.avg_gas)).toBeCloseTo(left.avg, 9);
    expect(num(leftRow?.count)).toBe(left.count);
  });

  it('sums an additive metric over all rows, and comes out of the selection for typical data sets', async () => {
    const movies = data.movies ?? [];
    const [row] = await run('movies', 'sum_us_gross');
    expect(num(row?.sum_us_gross)).toBe(movies.reduce((total, m) => total + num(m['US Gross'] ?? 0), 0));
    expect(program('movies', 'sum_us_gross').query).toBe('What is the total us gross?');
    expect(program('cars', 'avg_horsepower').steps.group_by).toEqual([]);
    expect(program('wheat', 'avg_wheat').steps.group_by).toEqual([]);
    expect(program('disasters', 'sum_deaths').steps.group_by).toEqual([]);
  });
});

describe('wording', () => {
  it('never says a word twice: "per year", not "per year of year"; "the total by group", not "the total total"', () => {
    expect(programs.disasters?.find((p) => p.family === 'time_series')?.query).toBe('How many disasters are there per year?');
    expect(program('income', 'sum_total_by_group').query).toBe('What is the total by group?');
    expect(program('income', 'sum_total').query).toBe('What is the overall total?');
    expect(program('contributions', 'sum_total_receipts').query).toBe('What is the total receipts?');
    for (const generated of Object.values(programs).flat()) {
      for (const text of [generated.query, generated.description, ...generated.examples]) expect(text, generated.name).not.toMatch(/\b(total|average|year|month|week|day)( of)? \1\b/i);
    }
  });
});

describe('a list of labels per row (`labels`)', () => {
  const rows = data.labeled_issues as { state: string; labels: string[] }[];
  const holding = (label: string, state?: string) => rows.filter((row) => row.labels.includes(label) && (state === undefined || row.state === state)).length;

  it('counts the rows per label, each row once under each label it holds', async () => {
    const counts = await run('labeled_issues', 'count_labeled_issues_by_labels');
    expect(Object.fromEntries(counts.map((row) => [row.labels, num(row.count)]))).toEqual({ bug: holding('bug'), ui: holding('ui'), enhancement: holding('enhancement') });
    expect(await run('labeled_issues', 'count_labeled_issues_by_labels', { state: 'open', n: 1 })).toEqual([{ labels: 'bug', count: holding('bug', 'open') }]);
  });

  it('filters the list and the count by a label the list holds, every label an enum value', async () => {
    expect(program('labeled_issues', 'count_labeled_issues').slots.find((slot) => slot.name === 'labels')).toMatchObject({ type: 'enum', enum_values: ['bug', 'enhancement', 'ui'] });
    expect(num((await run('labeled_issues', 'count_labeled_issues', { labels: 'bug', state: 'open' }))[0]?.count)).toBe(holding('bug', 'open'));
    const listed = await run('labeled_issues', 'list_labeled_issues', { labels: 'ui', limit: 1000 });
    expect(listed.length).toBe(holding('ui'));
    expect(listed.every((row) => (row.labels as string[]).includes('ui'))).toBe(true);
  });
});

describe('a list of labels written as text per row (`listed_in` "Comedies, Dramas")', () => {
  const rows = data.shows as { type: string; listed_in: string }[];
  const holding = (genre: string, type?: string) => rows.filter((row) => row.listed_in.split(', ').includes(genre) && (type === undefined || row.type === type)).length;

  it('counts the rows per label and filters by one, as of a list', async () => {
    const counts = await run('shows', 'count_shows_by_listed_in');
    expect(Object.fromEntries(counts.map((row) => [row.listed_in, num(row.count)]))).toEqual(Object.fromEntries(['Dramas', 'Comedies', 'Thrillers', 'Documentaries', 'International Movies'].map((genre) => [genre, holding(genre)])));
    expect(program('shows', 'count_shows').slots.find((slot) => slot.name === 'listed_in')).toMatchObject({ type: 'enum' });
    expect(num((await run('shows', 'count_shows', { listed_in: 'Dramas', type: 'Movie' }))[0]?.count)).toBe(holding('Dramas', 'Movie'));
  });
});
