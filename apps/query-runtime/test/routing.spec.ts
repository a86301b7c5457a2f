// Routes questions over the programs the real generator makes for two vega data sets (cars and
// Seattle weather) and checks the program, the slot values, the refusals and the slot checks.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profileParquet, writeParquet } from '@querylane/duckdb';
import { scratchDir, vegaDataDir, vegaJson, type ScratchDir } from '@querylane/testing';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateQueryPrograms } from '../src/generation/index.js';
import { bindSlots } from '../src/programs/slot-values.js';
import { looksLikeFollowUp, QuestionRouter, refersBack, valuesFromProfile, type DataValues, type RouteAnswer, type RouteCandidateInput, type RouteResult } from '../src/routing/index.js';
import { parseQuestion } from '../src/routing/question-parse.js';
import { canonicalTerm, editDistance, stem } from '../src/routing/text-terms.js';

function seattleWeather(): Record<string, unknown>[] {
  const [header, ...lines] = readFileSync(join(vegaDataDir(), 'seattle-weather.csv'), 'utf8').trim().split(/\r?\n/);
  const names = (header ?? '').split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], i === 0 || i === 5 ? cell : Number(cell)])));
}

let scratch: ScratchDir;
let router: QuestionRouter;
const candidates: RouteCandidateInput[] = [];
const valuesOf: DataValues = {};
const columnsOf: Record<string, string[]> = {};
const now = new Date('2015-06-15T12:00:00Z');

/** Each table written to Parquet, profiled and given the programs the real generator makes for it. */
async function deploy(dir: string, data: Record<string, Record<string, unknown>[]>, into: { candidates: RouteCandidateInput[]; values: DataValues; columns: Record<string, string[]> }): Promise<void> {
  for (const [table, records] of Object.entries(data)) {
    const path = join(dir, `${table}.parquet`);
    await writeParquet(records, path, { tableName: table });
    const profile = await profileParquet(path);
    into.values[table] = valuesFromProfile(profile);
    into.columns[table] = profile.columns.map((column) => column.name);
    for (const program of generateQueryPrograms(profile)) into.candidates.push({ ...program, endpoint_name: program.name });
  }
}

/**
 * For a describe block: deploys only these tables' programs before its tests (and removes them
 * after), and answers how the block asks its router a question.
 */
/** A vega-datasets CSV file's rows, numbers cast. */
const csv = (file: string) => parse(readFileSync(join(vegaDataDir(), file), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[];

/** A router over the programs generated for `data` (those `deployed` keeps, when given: a project deploys some). */
/** Values of uneven shares, picked by a fraction of the row's own spread (i × a golden-ratio step). */
function pick<T>(i: number, salt: number, weighted: [T, number][]): T {
  let x = ((i * 0.6180339887 + salt * 0.31) % 1) * weighted.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, weight] of weighted) if ((x -= weight) < 0) return value;
  return weighted.at(-1)![0];
}

function askingOver(
  prefix: string,
  data: () => Record<string, Record<string, unknown>[]>,
  deployed: (candidate: RouteCandidateInput) => boolean = () => true,
): ((question: string) => RouteResult) & { router: () => QuestionRouter } {
  const dir = scratchDir(prefix);
  let only: QuestionRouter | undefined;
  beforeAll(async () => {
    const into = { candidates: [] as RouteCandidateInput[], values: {} as DataValues, columns: {} as Record<string, string[]> };
    await deploy(dir.path, data(), into);
    only = QuestionRouter.build(into.candidates.filter(deployed), { values: into.values, columns: into.columns });
  });
  afterAll(() => dir.remove());
  return Object.assign((question: string) => only!.route(question, { now }), { router: () => only! });
}

beforeAll(async () => {
  scratch = scratchDir('querylane-routing-');
  await deploy(scratch.path, { cars: vegaJson('cars.json') as Record<string, unknown>[], seattle_weather: seattleWeather() }, { candidates, values: valuesOf, columns: columnsOf });
  router = QuestionRouter.build(candidates, { values: valuesOf, columns: columnsOf });
});

afterAll(() => scratch?.remove());

function answer(question: string): RouteAnswer {
  const result = router.route(question, { now });
  if (result.kind !== 'answer') throw new Error(`"${question}" was refused: ${result.reason} (${result.candidates.map((c) => c.endpoint_name).join(', ')})`);
  return result;
}

/** The same checks the run path applies: nothing the router returns may be refused there. */
function expectValidSlots(result: RouteResult): void {
  if (result.kind !== 'answer') return;
  expect(() => bindSlots(result.candidate.slots, result.slots, 'invalid_query')).not.toThrow();
}

describe('QuestionRouter', () => {
  it('reads a state of one word by its adjective ("sunny days", "foggy days"), and answers a filtered average beside its breakdown by the same value (trial 15)', () => {
    // Each had been refused: "sunny" named no value, and the breakdown of the foggy days by weather
    // (the fog alone) had tied with their average.
    expect(answer('how many sunny days in 2014')).toMatchObject({ candidate: { name: 'count_seattle_weather' }, slots: { weather: 'sun', from_date: '2014-01-01' } });
    expect(answer('avg wind speed on foggy days')).toMatchObject({ candidate: { name: 'avg_wind' }, slots: { weather: 'fog' } });
    expect(answer('how many snowy days were there')).toMatchObject({ candidate: { name: 'count_seattle_weather' }, slots: { weather: 'snow' } });
  });

  it('refuses a statistic no program computes rather than answer another (trial 15 cu09: "median" had answered the mean)', () => {
    for (const question of ['median wind speed', 'what is the median horsepower', 'standard deviation of the temperature']) {
      expect(router.route(question, { now }), question).toMatchObject({ kind: 'refusal', reason: expect.stringMatching(/asks for the (median|standard deviation)/) });
    }
    expect(answer('average wind speed')).toMatchObject({ candidate: { name: 'avg_wind' } });
  });

  it('reads "rainfall" as the precipitation (trial 15 w14: had been refused as fitting two data sets alike)', () => {
    expect(answer('rainfall by month in 2014')).toMatchObject({ candidate: { name: 'seattle_weather_over_time_by_date' }, slots: { interval: 'month', from_date: '2014-01-01', to_date: '2014-12-31' } });
    expect(answer('max rainfall')).toMatchObject({ candidate: { name: 'top_seattle_weather_by_precipitation' }, slots: { n: 1 } });
  });

  it('fills an enum slot from a value named in the question, in another form than the data writes it', () => {
    // One figure for one origin: the overall average with its origin filter.
    const result = answer('average horsepower of japanese cars');
    expect(result.candidate.name).toBe('avg_horsepower');
    expect(result.slots).toEqual({ origin: 'Japan' });
    expect(answer('how many rainy days in the seattle weather').slots).toEqual({ weather: 'rain' });
  });

  it('answers two values of a grouping compared ("japanese and european cars") with every group, not the first value\'s', () => {
    for (const question of ['compare the average horsepower of japanese and european cars', 'average horsepower of USA vs Japan']) {
      const compared = answer(question);
      expect([compared.candidate.name, compared.slots], question).toEqual(['avg_horsepower_by_origin', {}]);
    }
    expect(answer('average horsepower of japanese cars').slots).toEqual({ origin: 'Japan' });
  });

  it('answers which period had the most of the measure a series has with its periods ranked by their total, not its one extreme row', () => {
    // ("Which month had the most precipitation" had answered the wettest day.)
    expect(answer('which month had the most precipitation?')).toMatchObject({ candidate: { name: 'seattle_weather_over_time_by_date' }, slots: { interval: 'month', n: 1, order: 'desc', rank_by: 'total' } });
    expect(answer('which 3 years had the lowest average precipitation').slots).toEqual({ interval: 'year', n: 3, order: 'asc', rank_by: 'average' });
    // One day's extreme is still its row.
    expect(answer('what was the day with the most precipitation').candidate.name).toBe('top_seattle_weather_by_precipitation');
    // (The year said between: "which month in 2015" had answered the wettest day of 2015; trial 15.)
    expect(answer('which month in 2015 had the most precipitation')).toMatchObject({
      candidate: { name: 'seattle_weather_over_time_by_date' },
      slots: { interval: 'month', n: 1, order: 'desc', rank_by: 'total', from_date: '2015-01-01', to_date: '2015-12-31' },
    });
  });

  it('answers "which month is the wettest on average" by the months of the year over the years, the measure implied', () => {
    // (The series had answered the wettest month of one year.)
    expect(answer('which month is the wettest on average')).toMatchObject({ candidate: { name: 'avg_seattle_weather_column_by_month_of_year' }, slots: { column: 'precipitation', n: 1, order: 'desc' } });
    expect(answer('average wind by month of the year')).toMatchObject({ candidate: { name: 'avg_seattle_weather_column_by_month_of_year' }, slots: { column: 'wind' } });
    // Without "on average" or "of the year", the months of the data are ranked, as before.
    expect(answer('which month had the most precipitation?').candidate.name).toBe('seattle_weather_over_time_by_date');
  });

  it('answers an average per period of a measure that does not add up with the series\' averages, not an average of the rows per period', () => {
    for (const question of ['average precipitation per month', 'average monthly precipitation']) {
      expect(answer(question), question).toMatchObject({ candidate: { name: 'seattle_weather_over_time_by_date' }, slots: { interval: 'month' } });
    }
    expect(answer('how many days of rain are there per year on average')).toMatchObject({ candidate: { name: 'seattle_weather_average_per_period_by_date' }, slots: { interval: 'year', weather: 'rain' } });
  });

  it('reads "now" as no day to filter by ("that\'s all for now" is no question about today\'s weather)', () => {
    expect(router.route("thanks, that's all for now!", { now }).kind).toBe('refusal');
    expect(answer('how many rainy days are there now').slots).toEqual({ weather: 'rain' });
  });

  it('reads numbers with their comparison words into min/max slots', () => {
    const over = answer('cars with horsepower over 200');
    expect(over.candidate.name).toBe('cars_by_horsepower_range');
    // "over" is strict; the integer slot takes the next whole number.
    expect(over.slots).toEqual({ min_horsepower: 201 });
    expect(answer('cars with between 100 and 150 horsepower').slots).toEqual({ min_horsepower: 100, max_horsepower: 150 });
    // A number slot's bounds are inclusive too: "above 30" takes the next double, which leaves a day
    // of exactly 30.0 out (it was counted); "at least 30" takes 30 itself.
    expect(answer('days where max temp was above 30').slots).toEqual({ min_temp_max: 30.000000000000004 });
    expect(answer('days where max temp was below 0').slots).toEqual({ max_temp_max: -Number.MIN_VALUE });
    expect(answer('days where max temp was at least 30').slots).toEqual({ min_temp_max: 30 });
  });

  it('ranks the coldest by the minimum and the hottest by the maximum temperature', () => {
    expect(answer('coldest day in 2015')).toMatchObject({ candidate: { name: 'top_seattle_weather_by_temp_min' }, slots: { order: 'asc' } });
    expect(answer('hottest day in 2015')).toMatchObject({ candidate: { name: 'top_seattle_weather_by_temp_max' }, slots: { order: 'desc' } });
  });

  it('reads top N and the sort direction', () => {
    const top = answer('top 5 cars by horsepower');
    expect(top.candidate.name).toBe('top_cars_by_horsepower');
    expect(top.slots).toMatchObject({ n: 5 });
    const lowest = answer('the 3 cars with the lowest acceleration');
    expect(lowest.candidate.name).toBe('top_cars_by_acceleration');
    expect(lowest.slots).toMatchObject({ n: 3, order: 'asc' });
  });

  it('answers a question for the one row at an extreme with one row, and a plural one with the default count', () => {
    for (const question of ['which car has the highest horsepower', 'what is the heaviest car', "what's the car with the most horsepower", 'which car weighs the most']) {
      expect(answer(question).slots, question).toMatchObject({ n: 1, order: 'desc' });
    }
    expect(answer('who has the lowest acceleration').slots).toMatchObject({ n: 1, order: 'asc' });
    for (const question of ['which cars have the highest horsepower', 'what are the heaviest cars', 'top cars by horsepower']) {
      expect(answer(question).slots, question).not.toHaveProperty('n');
    }
    // A count stated wins.
    expect(answer('which 3 cars have the highest weight?').slots).toMatchObject({ n: 3 });
  });

  it('ranks groups when the question ranks a grouping by a measure it names, and rows or counts otherwise', () => {
    const routed = (question: string) => answer(question).candidate.endpoint_name;
    for (const question of ['which origin has the most horsepower', 'top origins by horsepower']) expect(routed(question), question).toBe('avg_horsepower_by_origin');
    // The measure a superlative implies ("heaviest": weight) counts as named.
    expect(routed('which origin has the heaviest cars')).toBe('avg_weight_in_lbs_by_origin');
    // No measure named: the rows of each group are what is counted.
    for (const question of ['which origin has the most cars?', 'which origin makes the most cars']) expect(routed(question), question).toBe('count_cars_by_origin');
    // The rows themselves ranked.
    expect(routed('which car weighs the most')).toBe('top_cars_by_weight_in_lbs');
    expect(routed('top cars by horsepower')).toBe('top_cars_by_horsepower');
  });

  it('reads dates and date ranges, absolute and relative to now', () => {
    const march = answer('seattle weather in March 2014');
    expect(march.candidate.name).toBe('seattle_weather_by_date_range');
    expect(march.slots).toEqual({ from_date: '2014-03-01', to_date: '2014-03-31' });
    expect(answer('weather records since 2015').slots).toEqual({ from_date: '2015-01-01' });
    // now is 2015-06-15: last year is 2014.
    expect(answer('seattle weather last year').slots).toEqual({ from_date: '2014-01-01', to_date: '2014-12-31' });
  });

  it('reads intervals', () => {
    const monthly = answer('monthly weather trend');
    expect(monthly.candidate.name).toBe('seattle_weather_over_time_by_date');
    expect(monthly.slots).toEqual({ interval: 'month' });
    expect(answer('number of cars per year').slots).toEqual({ interval: 'year' });
  });

  it('refuses out-of-scope questions and names the 3 closest programs', () => {
    for (const question of ['who won the 1998 world cup', 'what is the capital of France', 'asdf qwerty zxcv', 'delete all rows', 'drop table cars']) {
      const result = router.route(question, { now });
      expect(result.kind, question).toBe('refusal');
    }
    const refusal = router.route('who won the 1998 world cup', { now });
    if (refusal.kind !== 'refusal') throw new Error('expected a refusal');
    expect(refusal.candidates.length).toBeLessThanOrEqual(3);
    const named = router.route('delete all the cars', { now });
    if (named.kind !== 'refusal') throw new Error('expected a refusal');
    expect(named.candidates).toHaveLength(3);
    expect(named.candidates.every((c) => candidates.some((p) => p.endpoint_name === c.endpoint_name) && typeof c.score === 'number')).toBe(true);
  });

  it("routes each generated program's own question back to it", () => {
    const misses = candidates.filter((candidate) => {
      const result = router.route(candidate.query, { now });
      return result.kind !== 'answer' || result.candidate.endpoint_name !== candidate.endpoint_name;
    });
    // All but a near-duplicate or two ("which seattle weather have the highest wind" reads as per weather).
    expect(misses.length, misses.map((m) => m.endpoint_name).join(', ')).toBeLessThanOrEqual(Math.floor(candidates.length * 0.1));
  });

  it('never returns a value outside the slot range or enum', () => {
    // 500 hp is above every car (max 230): as a lower bound it would select nothing.
    const tooMuch = router.route('cars with horsepower over 500', { now });
    if (tooMuch.kind === 'answer') expect(tooMuch.slots).not.toHaveProperty('min_horsepower');
    // Refused saying why: the data's own range of the column.
    const strongest = router.route('how many cars have more than 500 horsepower', { now });
    expect(strongest.kind === 'refusal' && strongest.reason).toMatch(/outside the data: its horsepower runs from 46 to 230/);
    // Mars is not an origin; "origin Mars" must not reach the enum slot.
    const mars = router.route('list cars with origin Mars', { now });
    if (mars.kind === 'answer') expect(mars.slots).not.toHaveProperty('origin');
    // Dates past the data are refused, not sent as bounds.
    const future = router.route("what's the seattle weather tomorrow", { now: new Date('2026-01-01T00:00:00Z') });
    if (future.kind === 'answer') expect(Object.keys(future.slots).filter((s) => s.startsWith('from_') || s.startsWith('to_'))).toEqual([]);
    // A lower bound below the data keeps the same rows: taken as asked (the data's extent is told, never enforced).
    expect(answer('cars with horsepower of at least 10').slots).toEqual({ min_horsepower: 10 });
    for (const question of ['top 50000 cars by weight', 'cars with 7 cylinders', 'list 0 cars', 'weather per quarter', 'cars with displacement under 5', 'weather from 1990 to 1995']) {
      expectValidSlots(router.route(question, { now }));
    }
  });
});

describe('QuestionRouter with only some programs deployed', () => {
  it('refuses a question naming a value of a column the closest program neither filters nor groups by', () => {
    // Nothing deployed filters cars by origin or groups them by it: "japanese" would be ignored.
    // (The programs as they would be without their origin filter: most of them take one.)
    const plan = (c: RouteCandidateInput) => (c.steps ?? {}) as { table?: string; group_by?: string[]; filters?: { column: string }[] };
    const deployed = candidates
      .filter((c) => plan(c).table === 'cars' && !(plan(c).group_by ?? []).includes('Origin'))
      .map((c) => ({
        ...c,
        slots: (c.slots ?? []).filter((slot) => slot.name !== 'origin'),
        steps: { ...plan(c), filters: (plan(c).filters ?? []).filter((filter) => filter.column !== 'Origin') },
      }));
    expect(deployed.filter((c) => c.family === 'aggregate').length).toBeGreaterThan(5);
    const partial = QuestionRouter.build(deployed, { values: valuesOf });
    const result = partial.route('average horsepower of japanese cars', { now });
    expect(result.kind).toBe('refusal');
    if (result.kind === 'refusal') expect(result.reason).toMatch(/japanese/i);
    // Grouped by the column, the value is part of the answer: not a refusal for that reason.
    const grouped = QuestionRouter.build(
      candidates.filter((c) => plan(c).table === 'cars' && (plan(c).group_by ?? []).includes('Origin')),
      { values: valuesOf },
    );
    const byOrigin = grouped.route('average horsepower by origin, japanese cars included', { now });
    if (byOrigin.kind === 'refusal') expect(byOrigin.reason).not.toMatch(/japanese/i);
  });
});

describe('QuestionRouter on questions a new user asked', () => {
  it('reads "between A and B", "A - B", "A through B" and "A until B" as both ends of a range', () => {
    expect(answer('Which seattle weather have date between 2014-03-01 and 2014-03-05?').slots).toEqual({ from_date: '2014-03-01', to_date: '2014-03-05' });
    expect(answer('seattle weather 2014-03-01 through 2014-03-05').slots).toEqual({ from_date: '2014-03-01', to_date: '2014-03-05' });
    expect(answer('seattle weather 2014-03-01 until 2014-03-05').slots).toEqual({ from_date: '2014-03-01', to_date: '2014-03-05' });
    expect(answer('cars with horsepower 100 through 150').slots).toEqual({ min_horsepower: 100, max_horsepower: 150 });
    expect(answer('cars with horsepower 100 - 150').slots).toEqual({ min_horsepower: 100, max_horsepower: 150 });
  });

  // Programs as the generator and a user write them, over values a profile lists (top values only).
  const countries: RouteCandidateInput[] = [
    {
      endpoint_name: 'count_gapminder',
      name: 'count_gapminder',
      family: 'count',
      query: 'SELECT COUNT(*) FROM gapminder',
      slots: [
        { name: 'cluster', type: 'enum', enum_values: [0, 1, 2] },
        { name: 'country', type: 'string' },
      ],
      steps: { family: 'count', table: 'gapminder', columns: [], filters: [{ column: 'cluster', op: 'eq', slot: 'cluster' }, { column: 'country', op: 'eq', slot: 'country' }], aggregate: { function: 'count', column: null } },
      stores: ['gapminder'],
    },
    {
      endpoint_name: 'count_gapminder_by_cluster',
      name: 'count_gapminder_by_cluster',
      family: 'count',
      query: 'SELECT cluster, COUNT(*) FROM gapminder GROUP BY cluster',
      steps: { family: 'count', table: 'gapminder', columns: ['cluster'], group_by: ['cluster'], filters: [], aggregate: { function: 'count', column: null }, order: { column: 'count', direction: 'desc' } },
      stores: ['gapminder'],
    },
    {
      endpoint_name: 'total_people_in_year',
      name: 'total_people_in_year',
      query: 'SELECT SUM(people) AS total FROM population WHERE year = {{year}}',
      slots: [{ name: 'year', type: 'integer', required: true }],
      stores: ['population'],
    },
    {
      endpoint_name: 'days_with_weather',
      name: 'days_with_weather',
      query: 'SELECT COUNT(*) AS days FROM seattle WHERE weather = {{weather}}',
      slots: [{ name: 'weather', type: 'string', required: true }],
      stores: ['seattle'],
    },
    {
      endpoint_name: 'seattle_over_time_by_date',
      name: 'seattle_over_time_by_date',
      family: 'time_series',
      query: 'SELECT date_trunc({{interval}}, date) AS period, COUNT(*) FROM seattle GROUP BY 1 ORDER BY 1',
      slots: [{ name: 'interval', type: 'enum', enum_values: ['day', 'month', 'year'], default: 'year' }],
      steps: { family: 'time_series', table: 'seattle', columns: ['date'], group_by: ['period'], filters: [], aggregate: { function: 'count', column: null }, order: { column: 'period', direction: 'asc' }, interval: { slot: 'interval' } },
      stores: ['seattle'],
    },
  ];
  const listed = (values: string[], partial: boolean) => (partial ? Object.assign(values, { partial: true }) : values);
  const build = (countriesPartial: boolean) =>
    QuestionRouter.build(countries, {
      values: {
        gapminder: { country: listed(['China', 'India', 'United States'], countriesPartial), cluster: [0, 1, 2] },
        seattle: { weather: ['rain', 'sun', 'snow', 'fog', 'drizzle'] },
      },
    });

  it('fills an open text slot with a proper noun its column may hold, and refuses when it cannot', () => {
    const router = build(true);
    const japan = router.route('How many gapminder are there in Japan?', { now });
    expect(japan.kind === 'answer' && japan.candidate.name).toBe('count_gapminder');
    expect(japan.kind === 'answer' && japan.slots).toEqual({ country: 'Japan' });
    // Lower case: the data's spelling is unknown, so no guess and no answer for the whole table.
    expect(router.route('How many gapminder are there in japan?', { now }).kind).toBe('refusal');
    // Every country listed: Japan is none of them, so no program can filter on it.
    expect(build(false).route('How many gapminder are there in Japan?', { now }).kind).toBe('refusal');
  });

  it('answers a clear winner: a whole-year date fills an integer year slot of hand-written SQL', () => {
    const result = build(true).route('What was the total population in 2000?', { now });
    expect(result.kind === 'answer' && result.candidate.name).toBe('total_people_in_year');
    expect(result.kind === 'answer' && result.slots).toEqual({ year: 2000 });
    expect(result.confidence).toBeGreaterThanOrEqual(0.5);
    // Well ahead of every other program, all it states applied, but few of its words in the program's text.
    const trend = answer('how has the number of cars changed over time');
    expect(trend.candidate.name).toBe('cars_over_time_by_year');
    expect(trend.confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('lets a known value of a slot stand for its column ("did it rain", "days of snow")', () => {
    const router = build(true);
    for (const [question, weather] of [['How many days did it rain?', 'rain'], ['How many days of snow were there in Seattle?', 'snow'], ['how many snowy days', 'snow']] as const) {
      const result = router.route(question, { now });
      expect(result.kind === 'answer' && result.candidate.name, question).toBe('days_with_weather');
      expect(result.kind === 'answer' && result.slots, question).toEqual({ weather });
    }
  });

  it('refuses a superlative no ranking program answers', () => {
    const hottest = build(true).route('What was the hottest day in Seattle?', { now });
    expect(hottest.kind).toBe('refusal');
    const generated = router.route('What was the hottest day in Seattle?', { now });
    if (generated.kind === 'answer') expect(generated.candidate.family).toBe('top_n');
  });
});

describe('QuestionRouter over stocks, barley and la-riots', () => {
  let dir: ScratchDir;
  let stocks: QuestionRouter;
  const inputs: RouteCandidateInput[] = [];
  const values: DataValues = {};
  const ask = (question: string) => stocks.route(question, { now });

  beforeAll(async () => {
    dir = scratchDir('querylane-routing-more-');
    const [header, ...lines] = readFileSync(join(vegaDataDir(), 'stocks.csv'), 'utf8').trim().split(/\r?\n/);
    const names = (header ?? '').split(',');
    const data: Record<string, Record<string, unknown>[]> = {
      stocks: lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i], names[i] === 'price' ? Number(cell) : cell]))),
      barley: vegaJson('barley.json') as Record<string, unknown>[],
      disasters: parse(readFileSync(join(vegaDataDir(), 'disasters.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[],
      // Empty cells are nulls, as the connector's CSV reading makes them (age is a number).
      la_riots: parse(readFileSync(join(vegaDataDir(), 'la-riots.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: (v: string) => (v === '' ? null : Number.isNaN(Number(v)) ? v : Number(v)) }) as Record<string, unknown>[],
    };
    const columns: Record<string, string[]> = {};
    await deploy(dir.path, data, { candidates: inputs, values, columns });
    stocks = QuestionRouter.build(inputs, { values, columns });
  });

  afterAll(() => dir?.remove());

  it('answers a person named whole where the data splits the name over two columns, by the part a program filters', () => {
    // Both names are known values (la-riots lists every first and last name): "Wilson" had been
    // refused as a value the program that filters `last_name` does not use.
    const wilson = ask('How old was Wilson Alvarez?');
    expect(wilson.kind).toBe('answer');
    expect(wilson.kind === 'answer' && Object.values(wilson.slots)).toEqual(expect.arrayContaining([expect.stringMatching(/^(Wilson|Alvarez)$/)]));
  });

  it('answers a date and a value together with the program that filters both', () => {
    const result = ask('price of IBM in Jan 2005');
    expect(result.kind === 'answer' && result.candidate.name).toBe('stocks_by_date_range');
    expect(result.kind === 'answer' && result.slots).toMatchObject({ symbol: 'IBM', from_date: '2005-01-01', to_date: '2005-01-31' });
    const trend = ask('IBM price trend');
    expect(trend.kind === 'answer' && trend.candidate.family).toBe('time_series');
    expect(trend.kind === 'answer' && trend.slots).toMatchObject({ symbol: 'IBM' });
  });

  it('reads "over the years" as a trend, not as a bound ("over 30")', () => {
    const trend = ask('AAPL price over the years');
    expect(trend.kind === 'answer' && trend.candidate.family).toBe('time_series');
    expect(trend.kind === 'answer' && trend.slots).toMatchObject({ symbol: 'AAPL' });
  });

  it('refuses a stated filter no program applies, instead of answering over every row', () => {
    const both = ask('MSFT prices over 30 in 2005');
    expect(both.kind).toBe('refusal');
    if (both.kind === 'refusal') expect(both.reason).toMatch(/2005/);
  });

  it('answers "which site has the highest average" with the grouped average, highest first', () => {
    const result = ask('Which site has the highest average yield?');
    expect(result.kind === 'answer' && result.candidate.name).toBe('avg_yield_by_site');
  });

  it('reads "in 1932" into a year column of two values, and refuses a year the data lacks', () => {
    const result = ask('top 3 barley by yield in 1932');
    expect(result.kind === 'answer' && result.slots).toMatchObject({ year: 1932, n: 3 });
    const missing = ask('how many barley records in 1935');
    expect(missing.kind).toBe('refusal');
    if (missing.kind === 'refusal') expect(missing.reason).toMatch(/1935/);
  });

  it('reads the N after a superlative ("lowest 2 yields"), and what a superlative measures ("the oldest 3 victims")', () => {
    expect(ask('lowest 2 yields at Morris')).toMatchObject({ kind: 'answer', slots: { site: 'Morris', n: 2, order: 'asc' } });
    const oldest = ask('oldest 3 victims');
    expect(oldest.kind === 'answer' && oldest.candidate.name).toBe('top_la_riots_by_age');
    expect(oldest.kind === 'answer' && oldest.slots).toMatchObject({ n: 3, order: 'desc' });
    expect(ask('youngest victim')).toMatchObject({ kind: 'answer', slots: { order: 'asc' } });
  });

  it('takes a plural after "of" as what is counted, not as an unknown value', () => {
    const result = ask('average age of victims by race');
    expect(result.kind === 'answer' && result.candidate.name).toBe('avg_age_by_race');
  });

  it('finds the date-range program for dates alone, with the year written once for both ends', () => {
    // Only the riots deployed: "died" shares no word with any program, so with stocks beside it the
    // two date ranges tie and the question is refused (also right).
    const riots = QuestionRouter.build(
      inputs.filter((input) => input.stores?.includes('la_riots')),
      { values },
    );
    const result = riots.route('who died between April 30 and May 1 1992?', { now });
    expect(result.kind === 'answer' && result.candidate.name).toBe('la_riots_by_death_date_range');
    expect(result.kind === 'answer' && result.slots).toMatchObject({ from_death_date: '1992-04-30', to_death_date: '1992-05-01' });
  });

  it('searches a name column for "named X"', () => {
    const result = ask('is there a victim named Aaron?');
    if (result.kind === 'answer') expect(result.candidate.name).toMatch(/name/);
  });

  it('refuses a question that asks why', () => {
    for (const question of ['why did the riots start?', 'Why is the average age of Latino victims higher?', 'What caused the most deaths in 1992?']) {
      const result = ask(question);
      expect(result.kind, question).toBe('refusal');
      if (result.kind === 'refusal') expect(result.reason, question).toMatch(/cause or an explanation/);
    }
  });

  it('reads a follow-up as the previous program with what it states replacing the old values', () => {
    const first = ask('top 3 barley yields at Morris');
    if (first.kind !== 'answer') throw new Error('the first question was refused');
    const previous = { endpoint_name: first.candidate.endpoint_name, slots: first.slots };
    const next = stocks.followUp('what about Crookston?', previous, { now });
    expect(next).toMatchObject({ candidate: { name: 'top_barley_by_yield' }, slots: { site: 'Crookston', n: 3, order: 'desc' } });
    expect(stocks.followUp('and in 1931?', { endpoint_name: previous.endpoint_name, slots: next!.slots }, { now })?.slots).toMatchObject({ site: 'Crookston', year: 1931, n: 3 });
    expect(stocks.followUp('top 5 instead', previous, { now })?.slots).toMatchObject({ site: 'Morris', n: 5 });
    // A new question, or nothing the program takes: not a follow-up.
    expect(stocks.followUp('and the average yield per variety?', previous, { now })).toBeNull();
    expect(stocks.followUp('what is the capital of France?', previous, { now })).toBeNull();
    expect(stocks.followUp('and for GOOG?', previous, { now })).toBeNull();
  });

  it('reads "and by X?" as the last answer per X, with the last filters it can keep, and as nothing when it would drop one', () => {
    const first = ask('average yield at Morris');
    if (first.kind !== 'answer') throw new Error('the first question was refused');
    const previous = { endpoint_name: first.candidate.endpoint_name, slots: first.slots };
    expect(previous.slots).toMatchObject({ site: 'Morris' });
    expect(stocks.regroup('and by variety?', previous, { now })).toMatchObject({ candidate: { name: 'avg_yield_by_variety' }, slots: { site: 'Morris' } });
    expect(stocks.regroup('break that down by year', previous, { now })).toMatchObject({ candidate: { name: 'avg_yield_by_year' }, slots: { site: 'Morris' } });
    // Per site: the site filter is the grouping's own, left out (one group otherwise).
    const perSite = stocks.regroup('and per site?', previous, { now });
    expect(perSite).toMatchObject({ candidate: { name: 'avg_yield_by_site' } });
    expect(perSite?.kind === 'answer' && perSite.slots.site).toBeUndefined();
    expect(stocks.regroup('and for Crookston?', previous, { now })).toBeNull();
    // From one grouping to another: what was computed, not the last grouping.
    const bySite = ask('average yield by site');
    if (bySite.kind !== 'answer') throw new Error('the grouped question was refused');
    expect(stocks.regroup('and by variety?', { endpoint_name: bySite.candidate.endpoint_name, slots: bySite.slots }, { now })).toMatchObject({ candidate: { name: 'avg_yield_by_variety' } });
    // A bound of the last count the counts per site cannot apply: refused, not dropped.
    // ("How many barley varieties": the data's name, then a label it is counted by, counts the
    // different varieties, trial 14; "barley yields" are its rows.)
    expect(ask('how many barley varieties are there')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { column: 'variety' } });
    const above = ask('how many barley yields above 40');
    if (above.kind !== 'answer') throw new Error('the bounded count was refused');
    expect(above.slots).toMatchObject({ min_yield: expect.any(Number) });
    const regrouped = stocks.regroup('and by site?', { endpoint_name: above.candidate.endpoint_name, slots: above.slots }, { now });
    expect(regrouped?.kind === 'refusal' && regrouped.reason).toMatch(/cannot also apply its yield/);
  });

  it('reads "deaths" as the counted deaths, not as the type Death, unless the type is named', () => {
    const koreatown = ask('how many deaths were there in Koreatown?');
    expect(koreatown.kind === 'answer' && koreatown.slots).toEqual({ neighborhood: 'Koreatown' });
    expect(ask('how many homicides')).toMatchObject({ kind: 'answer', slots: { type: 'Homicide' } });
  });

  it('reads "women" as the value Female: a filter no program takes is refused, not ignored', () => {
    const women = ask('how many women died?');
    expect(women.kind === 'refusal' ? women.reason : women.slots.gender).toMatch(/"women"|^Female$/);
  });

  it('bounds a year held as a number by the dates of the question, and keeps "since" off counts and amounts', () => {
    // "how many deaths": deaths are a measure of the data, so their total (the aggregate's sum), not a count of rows.
    expect(ask('how many deaths from earthquakes in 1920?')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' }, slots: { from_year: 1920, to_year: 1920, entity: 'Earthquake' } });
    const since = ask('droughts since 1980');
    expect(since).toMatchObject({ kind: 'answer', candidate: { name: 'disasters_by_year_range' }, slots: { min_year: 1980, entity: 'Drought' } });
    expect(since.kind === 'answer' && since.slots).not.toHaveProperty('min_deaths');
  });
});

describe('QuestionRouter over a year held as a number (jobs: 1850–2000)', () => {
  const ask = askingOver('querylane-routing-jobs-', () => ({ jobs: vegaJson('jobs.json') as Record<string, unknown>[] }));

  it('answers a trend over the years with the yearly series', () => {
    const trend = ask('how has the number of jobs changed over the years');
    expect(trend.kind === 'answer' && trend.candidate.name).toBe('jobs_over_time_by_year');
    const women = ask('total count of women per year');
    expect(women.kind === 'answer' && women.candidate.name).toBe('jobs_over_time_by_year');
    expect(women.kind === 'answer' && women.slots).toMatchObject({ sex: 'women' });
  });

  it('reads "jobs in 1950" as the year, not as a job named 1950 (the table word is also the column label)', () => {
    const result = ask('jobs in 1950');
    expect(result.kind === 'answer' && result.candidate.name).toBe('jobs_by_year_range');
    expect(result.kind === 'answer' && result.slots).toEqual({ min_year: 1950, max_year: 1950 });
  });

  it('refuses rows asked for where the closest program counts them', () => {
    expect(ask('Which jobs have sex men?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('asks for rows') });
  });
});

describe('QuestionRouter on values named by part of their words', () => {
  const ask = askingOver('querylane-routing-part-', () => ({ football: vegaJson('football.json') as Record<string, unknown>[], movies: vegaJson('movies.json') as Record<string, unknown>[] }));

  it('searches a title for the one name a question about the data gives ("the IMDB rating of Titanic")', () => {
    expect(ask('What is the IMDB rating of Titanic?')).toMatchObject({ kind: 'answer', candidate: { name: 'search_movies_by_title' }, slots: { term: 'Titanic' } });
  });

  it('refuses to count what no data set holds, however well another word matches ("employees" of "our company")', () => {
    const employees = ask('How many employees does our company have?');
    expect(employees.kind === 'refusal' && employees.reason).toMatch(/counts "employees"/);
    expect(ask('how many movies are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies' } });
  });

  it('counts per a label past the three with counts of their own, the column taken from the question', () => {
    expect(ask('how many movies per distributor')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies_by_column' }, slots: { column: 'Distributor' } });
    expect(ask('which distributor released the most movies')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies_by_column' }, slots: { column: 'Distributor', n: 1, order: 'desc' } });
    expect(ask('number of movies by source')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies_by_column' }, slots: { column: 'Source' } });
    // A label with a count of its own keeps it.
    expect(ask('how many movies per genre')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies_by_major_genre' } });
  });

  it('offers the programs of the data whose value a question names when no program shares its words', () => {
    const refused = ask('gimme Westerns');
    expect(refused.kind === 'refusal' ? refused.candidates[0]?.endpoint_name : refused).toBe('list_movies');
  });

  it('reads a value beside every word of a column name of several ("away score of 0" is not the home score)', () => {
    const away = ask('how many football games ended with an away score of 0?');
    expect(away.kind === 'answer' && [away.candidate.family, away.slots]).toEqual(['count', { away_score: 0 }]);
  });

  it('fills a slot with the one value a run of the question is part of ("Premier League": "English Premier League")', () => {
    expect(ask('average home score in the Premier League')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_home_score' }, slots: { division: 'English Premier League' } });
    expect(ask('how many matches were played in the premier league')).toMatchObject({ kind: 'answer', candidate: { name: 'count_football' }, slots: { division: 'English Premier League' } });
  });

  it('takes no value a run is part of several of ("Bundesliga": the Austrian and the German one)', () => {
    const result = ask('how many matches were played in the Bundesliga');
    expect(result.kind === 'answer' ? result.slots.division : undefined).toBeUndefined();
    expect(ask('how many matches were played in the Deutsche Bundesliga')).toMatchObject({ kind: 'answer', slots: { division: 'Deutsche Bundesliga' } });
  });

  it('does not hold a program to a value named only by part of it in a column the program has no use for', () => {
    // "films" is part of one Source value ("Based on Short Film"); no program filters by Source.
    expect(ask('number of science fiction films')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies' }, slots: { creative_type: 'Science Fiction' } });
    // Words of the programs themselves name no value: "rated" is no part of "Not Rated".
    const rated = ask('best imdb rated dramas, top 20');
    expect(rated.kind === 'answer' && rated.slots).not.toHaveProperty('mpaa_rating');
  });

  it('reads "money" as the gross a movie made, and "which movie made the most" as asking for one', () => {
    const gross = /_(us|worldwide)_gross(_|$)/;
    const movie = ask('which movie made the most money');
    expect(movie.kind === 'answer' && [movie.candidate.family, gross.test(movie.candidate.name), movie.slots.n]).toEqual(['top_n', true, 1]);
    const movies = ask('which movies made the most money');
    expect(movies.kind === 'answer' && [movies.candidate.family, gross.test(movies.candidate.name), movies.slots.n]).toEqual(['top_n', true, undefined]);
    const genre = ask('which genre made the most money');
    expect(genre.kind === 'answer' && [genre.candidate.family, gross.test(genre.candidate.name), genre.candidate.name.endsWith('_by_major_genre')]).toEqual(['aggregate', true, true]);
  });
});

describe('QuestionRouter with one data set deployed', () => {
  const ask = askingOver('querylane-routing-alone-', () => ({
    iowa_electricity: parse(readFileSync(join(vegaDataDir(), 'iowa-electricity.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[],
  }));

  it('refuses a question about other data, though its one ranking program wins by a wide margin', () => {
    for (const question of ['which country has the largest population', 'which disaster type killed the most people', 'average salary by department', 'top 5 players by goals', 'how many movies were released since 2005']) {
      const result = ask(question);
      expect(result.kind, question).toBe('refusal');
      if (result.kind === 'refusal') expect(result.reason, question).toMatch(/(is about|asks per|counts) .*which none of the deployed programs/);
    }
  });

  it('still answers questions about its data, by its columns, its name or its values', () => {
    expect(ask('total net generation by source')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_net_generation_by_source' } });
    expect(ask('how much nuclear energy was generated?')).toMatchObject({ kind: 'answer', slots: { source: 'Nuclear Energy' } });
    expect(ask('iowa electricity since 2010')).toMatchObject({ kind: 'answer', candidate: { family: 'range' } });
  });
});

describe('QuestionRouter with only movies deployed (words of titles are no evidence)', () => {
  const ask = askingOver('querylane-routing-movies-alone-', () => ({ movies: vegaJson('movies.json') as Record<string, unknown>[] }));

  it('refuses a question whose only link to the data is a word of its values that no slot takes ("book", "weather" of titles)', () => {
    for (const question of ['recommend a good book', 'how many days of each weather type']) expect(ask(question).kind, question).toBe('refusal');
    expect(ask('how many movies were directed by Steven Spielberg')).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
  });

  it('refuses a date alone when the question\'s only other word is a word of some values ("deaths in 1950" of titles)', () => {
    // Had listed the movies released in 1950 at confidence 0.64 (trial 14's data).
    expect(ask('deaths in 1950')).toMatchObject({ kind: 'refusal' });
    expect(ask('movies in 1950')).toMatchObject({ kind: 'answer', candidate: { family: 'range' } });
  });

  it('refuses an average of a column the data has but no program computes ("the average running time of dramas")', () => {
    // Had answered the dramas' average IMDB rating (trial 14): `Running_Time_min` is named "running time".
    expect(ask('average running time of dramas')).toMatchObject({ kind: 'refusal' });
    expect(ask('average imdb rating of dramas')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_imdb_rating' }, slots: { major_genre: 'Drama' } });
  });
});

describe('QuestionRouter over cars and jobs (trial 14: a measure named by its initials)', () => {
  const data = () => ({ cars: vegaJson('cars.json') as Record<string, unknown>[], jobs: vegaJson('jobs.json') as Record<string, unknown>[] });
  // (Without the series of any measure, which computes it: a project deploys some programs.)
  const ask = askingOver('querylane-routing-cars-jobs-', data, (candidate) => !candidate.name.includes('_column_over_time_'));
  const askAll = askingOver('querylane-routing-cars-jobs-all-', data);

  it('answers an average per period with the program that averages per period, the period no grouping it leaves out', () => {
    // (A grouping "per" a column of the data counts against a total that leaves it out; a period is
    // an average per period's own: "per year" of jobs' `year` had cost it the answer.)
    expect(askAll('Average total count per year')).toMatchObject({ kind: 'answer', candidate: { name: 'jobs_average_per_period_by_year' }, slots: { interval: 'year' } });
  });

  it('refuses a series or an average per period that does not compute the measure whose initials the question says ("average mpg per year")', () => {
    // Had answered the jobs' average per year (and, with that reading gone, the cars' yearly displacement).
    for (const question of ['average mpg per year', 'mpg per year']) expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"mpg"') });
    expect(ask('average mpg of japanese cars')).toMatchObject({ kind: 'answer', slots: { column: 'Miles_per_Gallon', origin: 'Japan' } });
  });

  it('answers a measure per period past the one the series carries from the series of any measure (trial 15: "average closing price per year")', () => {
    for (const question of ['average mpg per year', 'mpg per year']) {
      expect(askAll(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'cars_column_over_time_by_year' }, slots: { column: 'Miles_per_Gallon', interval: 'year' } });
    }
    expect(askAll('which year had the highest average horsepower')).toMatchObject({ kind: 'answer', candidate: { name: 'cars_column_over_time_by_year' }, slots: { column: 'Horsepower', n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over S&P 500 prices and weekly weather (trial 15: one data set\'s many programs sharing the question\'s words)', () => {
  const ask = askingOver('querylane-routing-sp500-weekly-', () => ({
    sp500_history: csv('sp500-2000.csv'),
    // The same week's weather of two cities: two data sets of programs alike.
    weekly_weather: vegaJson('weekly-weather.json') as Record<string, unknown>[],
    portland_weekly_weather: (vegaJson('weekly-weather.json') as Record<string, unknown>[]).map((day) => ({ ...day, id: Number(day.id) + 100 })),
    seattle_weather: seattleWeather(),
  }));

  it('ranks the best program of a data set that retrieval found past its depth, filled by another data set\'s programs', () => {
    // The weekly weathers' programs of "high" and "day" (record high, normal high, …) had filled
    // retrieval's depth, and the question was refused for naming "high".
    expect(ask('what was the biggest daily high in feb 2020')).toMatchObject({
      kind: 'answer',
      candidate: { name: 'top_sp500_history_by_high' },
      slots: { from_date: '2020-02-01', to_date: '2020-02-29', n: 1 },
    });
  });

  const askOne = askingOver('querylane-routing-sp500-weekly-one-', () => ({
    sp500_history: csv('sp500-2000.csv'),
    weekly_weather: vegaJson('weekly-weather.json') as Record<string, unknown>[],
    seattle_weather: seattleWeather(),
  }));

  it('names the fields of several objects called alike by their path ("record high" of `record.high`), not by another data set\'s `high`', () => {
    // Each had answered from the S&P's `high` or Seattle's `temp_min`.
    expect(askOne('what is the highest record high')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weekly_weather_by_record_high' }, slots: { n: 1, order: 'desc' } });
    expect(askOne('lowest record low temperature')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weekly_weather_by_record_low' }, slots: { n: 1, order: 'asc' } });
    expect(askOne('average normal high')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_normal_high' } });
  });

  it('reads a data set named wholly, its period word too ("the weekly weather"), and counts its rows, not the weekdays of its `day`', () => {
    // Had counted Seattle's 1,461 days: "weekly" was left out as no period asked, and "weather" named
    // both data sets (and Seattle's `weather` column).
    expect(askOne('how many days are in the weekly weather')).toMatchObject({ kind: 'answer', candidate: { name: 'count_weekly_weather' } });
    expect(askOne('how many days are in the seattle weather')).toMatchObject({ kind: 'answer', candidate: { name: 'count_seattle_weather' } });
  });
});

describe('QuestionRouter over movies and earthquakes (trial 14: a measure no program computes)', () => {
  const ask = askingOver('querylane-routing-movies-quakes-', () => ({
    movies: vegaJson('movies.json') as Record<string, unknown>[],
    earthquakes: (vegaJson('earthquakes.json') as { features: Record<string, unknown>[] }).features,
  }));

  it('refuses the average of a column of one data set that none of its programs computes, rather than another data set\'s average', () => {
    // Had answered the earthquakes' average magnitude.
    // (The count and the list filter movies by a running time being there, since stop 49: the
    // words are then a program's, and the refusal names the average none computes.)
    for (const question of ['average running time of dramas', 'average running time']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringMatching(/"running time"|asks for an average, which none of the closest programs computes/) });
    }
    expect(ask('average rating of dramas')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_imdb_rating' }, slots: { major_genre: 'Drama' } });
    expect(ask('average magnitude of earthquakes')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_properties_mag' } });
  });
});

describe('hospital admissions alone (a value named by the words people use for it)', () => {
  const ask = askingOver('querylane-routing-discharges-', () => ({
    hospital_admissions: Array.from({ length: 300 }, (_, i) => ({
      admission_id: `ADM-${20_000 + i}`,
      department: ['Cardiology', 'Oncology', 'Orthopedics', 'Emergency'][i % 4],
      discharge_disposition: ['Home', 'Home', 'Home', 'Rehab', 'Expired'][i % 5],
      length_of_stay_days: 1 + ((i * 11) % 14),
    })),
  }));

  it('names a discharge `Expired` by "dead", "died" or "deceased"', () => {
    for (const question of ['how many admissions ended with the patient dead', 'admissions in cardiology where the patient died']) {
      const answer = ask(question);
      expect(answer.kind === 'answer' && Object.values(answer.slots), question).toContain('Expired');
    }
  });
});

describe('QuestionRouter with names people write apart or in capitals', () => {
  const ask = askingOver('querylane-routing-names-', () => ({ sp500: csv('sp500.csv'), co2: csv('co2-concentration.csv') }));

  it('ranks the periods of the data named between ("in which year was the s&p 500 highest on average")', () => {
    // Had answered the ten highest months (2007 by luck).
    expect(ask('in which year was the s&p 500 highest on average')).toMatchObject({ kind: 'answer', candidate: { name: 'sp500_over_time_by_date' }, slots: { interval: 'year', n: 1, order: 'desc', rank_by: 'average' } });
  });

  it('answers no question about what no data mentions with the rows of a period', () => {
    // Had listed 2008's prices: no column is a dividend or a yield.
    expect(ask('what was the s&p 500 dividend yield in 2008')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"dividend"') });
    expect(ask('what happened to the s&p 500 in 2008')).toMatchObject({ kind: 'answer', slots: { from_date: '2008-01-01', to_date: '2008-12-31' } });
  });

  it('reads "S&P 500" as sp500 and "CO2" as the co2 data, not as unknown proper nouns', () => {
    expect(ask('What was the S&P 500 price in March 2005?')).toMatchObject({ kind: 'answer', candidate: { family: 'range' }, slots: { from_date: '2005-03-01', to_date: '2005-03-31' } });
    const highest = ask('When was the S&P 500 at its highest?');
    expect(highest.kind === 'answer' && [highest.candidate.family, highest.candidate.name.includes('sp500')]).toEqual(['top_n', true]);
    const count = ask('How many CO2 measurements are there?');
    expect(count.kind === 'answer' && [count.candidate.family, count.candidate.name]).toEqual(['count', 'count_co2']);
    // The measure named exactly ("co2") ranks before one with a word more ("adjusted co2"); "level"
    // and "recorded" are fillers.
    expect(ask('What is the highest CO2 level recorded?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_co2_by_co2' }, slots: { n: 1 } });
    // A capital inside a word starts no name: "pH" is not "H".
    const ph = ask('what is the ocean pH');
    expect(ph.kind === 'refusal' && ph.reason).not.toMatch(/"H"/);
  });

  it('refuses requests to change data, not questions that use the same words as nouns', () => {
    for (const question of ['delete all rows', 'please remove the first row', 'can you update the price', 'drop table sp500', 'DELETE FROM sp500']) {
      const result = ask(question);
      expect(result.kind === 'refusal' && result.reason, question).toMatch(/change data/);
    }
    for (const question of ['what was the biggest drop in the S&P 500 price', 'when did co2 change the most', 'prices updated in 2005']) {
      const result = ask(question);
      expect(result.kind === 'refusal' ? result.reason : 'answered', question).not.toMatch(/change data/);
    }
  });
});

describe('QuestionRouter over disasters, population and unemployment', () => {
  const ask = askingOver('querylane-routing-disasters-', () => ({
    disasters: csv('disasters.csv'),
    population: vegaJson('population.json') as Record<string, unknown>[],
    unemployment: vegaJson('unemployment-across-industries.json') as Record<string, unknown>[],
  }));

  it('sums the counts of the unemployed, said as a count of people or of the unemployed', () => {
    // Each had counted the month's one row.
    for (const question of ['How many people were unemployed in Manufacturing in January 2005?', 'How many unemployed in Manufacturing in January 2005?']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { series: 'Manufacturing', from_date: '2005-01-01', to_date: '2005-01-31' } });
    }
  });

  it('groups "per <the data\'s own name> type" by the one text column the data is grouped by', () => {
    expect(ask('Total deaths per disaster type')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths_by_entity' } });
  });

  it("sums the people of a cross-tabulation and groups by its age levels, which are never averaged (a trial's questions)", () => {
    // Had been the average of the age groups' numbers, and the single row of the highest age.
    expect(ask('What was the total population in 2000?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_people' }, slots: { from_year: 2000, to_year: 2000 } });
    expect(ask('What is the total population by sex in 1900?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_people_by_sex' }, slots: { from_year: 1900, to_year: 1900 } });
    expect(ask('Which age group had the most people in 2000?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_people_by_age' }, slots: { n: 1, order: 'desc', from_year: 2000 } });
    // (One figure: the total filtered by the age, not the totals per age, of which one is left.)
    expect(ask('How many people aged 90 were there in 1950?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_people' }, slots: { age: 90, from_year: 1950 } });
  });

  it('bounds the year by two years whatever measure is named beside them, and never by a number that is no year', () => {
    expect(ask('Deaths from droughts between 1920 and 1930')).toMatchObject({ kind: 'answer', candidate: { name: 'disasters_by_year_range' }, slots: { min_year: 1920, max_year: 1930, entity: 'Drought' } });
    expect(ask('Years with more than 100000 flood deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'disasters_by_deaths_range' }, slots: { min_deaths: 100001, entity: 'Flood' } });
    expect(ask('disasters with more than 1500 deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'disasters_by_deaths_range' }, slots: { min_deaths: 1501 } });
  });

  it('counts the different types of the data set by its one category ("how many different disaster types")', () => {
    expect(ask('How many different disaster types are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_disasters' }, slots: { column: 'Entity' } });
  });

  it('reads "exceed" as a bound ("years drought deaths exceeded 1 million")', () => {
    expect(ask('In which years did drought deaths exceed 1 million?')).toMatchObject({ kind: 'answer', candidate: { name: 'disasters_by_deaths_range' }, slots: { min_deaths: 1000001, entity: 'Drought' } });
  });

  it('reads a count before any superlative ("the 5 deadliest") and "for 2009" as the year', () => {
    const deadliest = ask('What were the 5 deadliest disasters?');
    expect(deadliest.kind === 'answer' && [deadliest.candidate.family, deadliest.candidate.name.includes('deaths'), deadliest.slots.n]).toEqual(['top_n', true, 5]);
    const rate = ask('What is the average unemployment rate for 2009?');
    expect(rate.kind === 'answer' && rate.candidate.name.includes('rate') && JSON.stringify(rate.slots)).toContain('2009');
  });

  it('bounds a count, a ranking and an overall aggregate by the year the question states', () => {
    expect(ask('how many disasters since 2000')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { from_year: 2000 } });
    const deadliest = ask('top 3 deadliest disasters before 1950');
    expect(deadliest.kind === 'answer' && [deadliest.candidate.family, deadliest.slots.n, deadliest.slots.to_year]).toEqual(['top_n', 3, 1949]);
    const total = ask('total deaths in 2005');
    expect(total.kind === 'answer' && [total.candidate.family, total.slots.from_year, total.slots.to_year]).toEqual(['aggregate', 2005, 2005]);
  });

  it('reads "died" as deaths, not as the people of another table', () => {
    const floods = ask('How many people died in floods in total?');
    expect(floods.kind === 'answer' && [floods.candidate.name.includes('deaths'), floods.slots.entity]).toEqual([true, 'Flood']);
  });

  it('refuses a grouping no program has a word for, instead of answering per something else', () => {
    for (const question of ['Which country had the most earthquake deaths?', 'average deaths by continent']) {
      const result = ask(question);
      expect(result.kind === 'refusal' && result.reason, question).toMatch(/asks per "(country|continent)"/);
    }
    // A typo of a known grouping is no unknown one.
    expect(ask('average deaths by entitiy')).toMatchObject({ kind: 'answer' });
  });
});

describe('QuestionRouter over words the data writes apart or uses as values', () => {
  const ask = askingOver('querylane-routing-glued-', () => ({ zipcodes: csv('zipcodes.csv'), driving: vegaJson('driving.json') as Record<string, unknown>[] }));

  it('reads "zip codes" as the zipcodes data', () => {
    expect(ask('How many zip codes are in CA?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_zipcodes' }, slots: { state: 'CA' } });
    expect(ask('Which state has the most zip codes?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_zipcodes_by_state' }, slots: { n: 1 } });
  });

  it('does not read "top" as a value of a column that holds "top"', () => {
    const top = ask('top 5 years by miles driven');
    expect(top.kind === 'answer' && [top.candidate.family, top.slots.n, top.slots.side]).toEqual(['top_n', 5, undefined]);
    const named = ask('miles on the side top');
    expect(named.kind === 'answer' && named.slots.side).toBe('top');
  });
});

describe('QuestionRouter over a table with more columns than programs', () => {
  const ask = askingOver('querylane-routing-columns-', () => ({ political_contributions: vegaJson('political-contributions.json') as Record<string, unknown>[] }));

  it('refuses a question naming a column no close program reads, instead of answering with another', () => {
    // Ending cash has no aggregate per party: the overall average of any column is no answer "by party".
    const ending = ask('average ending cash by party');
    expect(ending.kind === 'refusal' ? 'refused' : ending.candidate.name).toBe('refused');
    const beginning = ask('average beginning cash by party');
    expect(beginning.kind === 'answer' && beginning.candidate.name).toMatch(/beginning_cash/);
  });

  it('answers about the measures past those with programs of their own through the programs that take the column as a slot', () => {
    expect(ask('what is the average ending cash')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_political_contributions_column' }, slots: { column: 'Ending_Cash' } });
  });
});

describe('QuestionRouter over airports (every state listed)', () => {
  const ask = askingOver('querylane-routing-airports-', () => ({ airports: parse(readFileSync(join(vegaDataDir(), 'airports.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[] }));

  it('reads a state spelled like a stop word only as the data writes it', () => {
    expect(ask('number of airports in state TX')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports' }, slots: { state: 'TX' } });
    expect(ask('how many airports in IN')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports' }, slots: { state: 'IN' } });
  });

  it('reads "northernmost" and "furthest west" as the extremes of latitude and longitude', () => {
    const north = ask('what is the northernmost airport');
    expect(north.kind === 'answer' && [north.candidate.name, north.slots.n, north.slots.order]).toEqual(['top_airports_by_latitude', 1, 'desc']);
    const west = ask('which 3 airports are furthest west');
    expect(west.kind === 'answer' && [west.candidate.name, west.slots.n, west.slots.order]).toEqual(['top_airports_by_longitude', 3, 'asc']);
  });

  it('refuses a grouping asked that no program groups by, and takes a typo of one that does', () => {
    expect(ask('average latitude of airports by country').kind).toBe('refusal');
    expect(ask('how many airports per contry')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports_by_country' } });
  });
});

describe('QuestionRouter over one row per state', () => {
  const ask = askingOver('querylane-routing-states-', () => ({
    hurricanes: parse(readFileSync(join(vegaDataDir(), 'population_engineers_hurricanes.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[],
  }));

  it('looks up the row a name the profile does not list names, when the question points at this data', () => {
    expect(ask('what is the hurricanes record of Texas?')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { state: 'Texas' } });
    expect(ask('what is the capital of France').kind).toBe('refusal');
  });

  it('answers "which state had the most X" with the ranking of rows by X, whole rows being per state', () => {
    const most = ask('which state had the most hurricanes?');
    expect(most.kind === 'answer' && [most.candidate.family, most.candidate.name.endsWith('_by_hurricanes'), most.slots.n]).toEqual(['top_n', true, 1]);
  });
});

describe('QuestionRouter over a column named by a stop word', () => {
  const ask = askingOver('querylane-routing-value-', () => ({ budgets: vegaJson('budgets.json') as Record<string, unknown>[] }));

  it('reads "value" as the column named value', () => {
    expect(ask('what is the average budget value?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_value' } });
    expect(ask('list budgets with value between 0 and 0.05')).toMatchObject({ kind: 'answer', slots: { min_value: 0, max_value: 0.05 } });
  });
});

describe('QuestionRouter over wheat prices (two and a half centuries, years sent as text)', () => {
  const ask = askingOver('querylane-routing-wheat-', () => ({ wheat: vegaJson('wheat.json') as Record<string, unknown>[] }));

  it('gives a measure per decade and per century, where the years span them', () => {
    expect(ask('average wheat price by decade')).toMatchObject({ kind: 'answer', candidate: { name: 'wheat_column_over_time_by_year' }, slots: { column: 'wheat', interval: 'decade' } });
    expect(ask('wages by century')).toMatchObject({ kind: 'answer', candidate: { name: 'wheat_over_time_by_year' }, slots: { interval: 'century' } });
    expect(ask('how many records per decade')).toMatchObject({ kind: 'answer', candidate: { name: 'wheat_over_time_by_year' }, slots: { interval: 'decade' } });
  });

  it('ranks decades by a price averaged, the price said beside the column it is of', () => {
    const answer = ask('which decade had the highest wheat price');
    expect(answer).toMatchObject({ kind: 'answer', candidate: { name: 'wheat_column_over_time_by_year' }, slots: { column: 'wheat', interval: 'decade', n: 1, order: 'desc' } });
    expect(answer.kind === 'answer' ? answer.slots.rank_by : undefined).not.toBe('total');
    expect(ask('which decade had the highest wages')).toMatchObject({ kind: 'answer', slots: { interval: 'decade', n: 1, order: 'desc', rank_by: 'average' } });
  });
});

/** Crashes in the shape of NYC Open Data's (Socrata) collisions: every number sent as a JSON string, a ZIP code among them. */
function collisions(): Record<string, unknown>[] {
  const boroughs = ['BROOKLYN', 'QUEENS', 'MANHATTAN', 'BRONX', 'STATEN ISLAND'];
  const factors = ['Driver Inattention/Distraction', 'Failure to Yield Right-of-Way', 'Following Too Closely', 'Unspecified', 'Unsafe Speed'];
  return Array.from({ length: 1500 }, (_, i) => ({
    collision_id: String(4_400_000 + i),
    crash_date: `${new Date(Date.UTC(2021, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10)}T00:00:00.000`,
    borough: i % 9 === 0 ? null : boroughs[(i * 3) % 5],
    zip_code: i % 9 === 0 ? null : String(10001 + ((i * 37) % 300)),
    number_of_persons_injured: String((i * 7) % 11 === 0 ? 2 : i % 3 === 0 ? 1 : 0),
    number_of_persons_killed: String(i % 211 === 0 ? 1 : 0),
    contributing_factor_vehicle_1: factors[(i * 5) % 5],
  }));
}

describe('QuestionRouter over collisions whose numbers are sent as text (Socrata)', () => {
  const ask = askingOver('querylane-routing-collisions-', () => ({ collisions: collisions() }));

  it('sums the counts sent as text, and groups by a ZIP code kept as text', () => {
    // Stop 62: the counts had been text (no sum of anyone injured), "people" named no `persons`.
    expect(ask('how many people were killed in 2021')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_number_of_persons_killed' }, slots: { from_crash_date: '2021-01-01', to_crash_date: '2021-12-31' } });
    expect(ask('total persons injured by borough')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_number_of_persons_injured_by_borough' } });
    expect(ask('which zip code has the most collisions')).toMatchObject({ kind: 'answer', slots: { column: 'zip_code', n: 1, order: 'desc' } });
    expect(ask('how many collisions in zip code 10038')).toMatchObject({ kind: 'answer', slots: { value: '10038' } });
  });
});

describe('QuestionRouter over monarchs (reign years held as numbers)', () => {
  const ask = askingOver('querylane-routing-monarchs-', () => ({ monarchs: vegaJson('monarchs.json') as Record<string, unknown>[] }));

  it('bounds a column of plausible years by a stated date', () => {
    expect(ask("Which monarchs' reigns ended after 1750?")).toMatchObject({ kind: 'answer', slots: { min_end: 1751 } });
  });

  it('answers a name with the exact lookup when a search of the same column ties with it', () => {
    expect(ask("When did Queen Anne's reign start?")).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { name: 'Anne' } });
  });

  it('ranks rows by their time for "the latest", "the oldest" and "the earliest" since a year', () => {
    expect(ask('Who was the most recent monarch?')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_monarchs_by_start' }, slots: { n: 1, order: 'desc' } });
    expect(ask('the 3 oldest monarchs')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_monarchs_by_start' }, slots: { n: 3, order: 'asc' } });
    expect(ask('the earliest monarchs whose reign started after 1600')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_monarchs_by_start' }, slots: { from_start: 1601, order: 'asc' } });
  });
});

describe('QuestionRouter over wind vectors, countries and groups (trial questions)', () => {
  const ask = askingOver('querylane-routing-trial-', () => ({ windvectors: csv('windvectors.csv'), countries: vegaJson('countries.json') as Record<string, unknown>[], lookup_groups: csv('lookup_groups.csv') }));

  it('answers "how many countries" of country-years with the different countries, not the rows', () => {
    expect(ask('How many countries are in the data?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_countries' }, slots: { column: 'country' } });
  });

  it('reads "the maximum X" as the highest, and "life expectancy" as the column life_expect', () => {
    expect(ask('What is the maximum wind speed?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_windvectors_by_speed' }, slots: { n: 1, order: 'desc' } });
    expect(ask('Which country had the lowest life expectancy?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_countries_by_life_expect' }, slots: { n: 1, order: 'asc' } });
  });

  it('reads "5 or more" as a bound, and asks no grouping of a question that neither ranks nor computes', () => {
    expect(ask('windvectors with speed 5 or more')).toMatchObject({ kind: 'answer', slots: { min_speed: 5 } });
    expect(ask('Which group is Alan in?')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { person: 'Alan' } });
  });
});

describe('QuestionRouter over people (names unique per row) and states', () => {
  const ask = askingOver('querylane-routing-people-', () => ({ lookup_people: csv('lookup_people.csv'), hurricanes: csv('population_engineers_hurricanes.csv') }));

  it('looks up a row by a name of an identifier column ("how old is George")', () => {
    expect(ask('how old is George?')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { name: 'George' } });
  });

  it('counts rows within a bound of a measure ("how many people are older than 30"), an unlabelled bound binding no column of several', () => {
    expect(ask('how many people are older than 30?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { min_age: 31 } });
    const unlabelled = ask('how many people above 20?');
    expect(unlabelled.kind === 'answer' ? [unlabelled.slots.min_age, unlabelled.slots.min_height] : 'refused').not.toEqual([21, expect.anything()]);
  });

  it('counts within a bound of any of the best measures, not only the first two ("how many states had more than 50 hurricanes")', () => {
    expect(ask('how many states had more than 50 hurricanes?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { min_hurricanes: 51 } });
  });

  it('answers an average "per <key>" of a table with one row per key by the average over every row', () => {
    expect(ask('average number of hurricanes per state')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hurricanes' }, slots: {} });
  });

  it('reads a comparative as the measure its superlative implies, in finding programs too ("victims older than 50")', () => {
    // No program has the word "victims": the age the comparative implies finds the age range.
    expect(ask('Who were the victims older than 50?')).toMatchObject({ kind: 'answer', candidate: { family: 'range' }, slots: { min_age: 51 } });
  });

  it('reads comparative adjectives as bounds of the column they measure, and "had no X" as zero', () => {
    expect(ask('people older than 30')).toMatchObject({ kind: 'answer', slots: { min_age: 31 } });
    expect(ask('which states had no hurricanes?')).toMatchObject({ kind: 'answer', slots: { min_hurricanes: 0, max_hurricanes: 0 } });
    // "faster than 300" is a speed, which neither data set has: no other column takes the bound.
    expect(ask('people who run faster than 300').kind).toBe('refusal');
  });
});

describe('a nested object\'s fields (GeoJSON earthquakes)', () => {
  const ask = askingOver('querylane-routing-earthquakes-', () => ({ earthquakes: (vegaJson('earthquakes.json') as { features: Record<string, unknown>[] }).features }));

  it('looks an earthquake up by its id, a code like the ids, though retrieval did not find the lookup (trial 14)', () => {
    // Had searched the titles for the id and found no row.
    const id = String((vegaJson('earthquakes.json') as { features: { id: string }[] }).features[5]!.id);
    expect(ask(`magnitude of earthquake ${id}`)).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { id } });
  });

  it('calls a field by its own name, and "magnitude" by the `mag` the data shortens it to', () => {
    expect(ask('earthquakes with mag above 6.0')).toMatchObject({ kind: 'answer', candidate: { name: 'earthquakes_by_properties_mag_range' }, slots: { min_properties_mag: expect.any(Number) } });
    expect(ask('how many earthquakes had a magnitude above 4.5')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { min_properties_mag: expect.any(Number) } });
    expect(ask('average magnitude by mag type')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_properties_mag_by_properties_mag_type' } });
    expect(ask('what are the 5 strongest earthquakes')).toMatchObject({ kind: 'answer', candidate: { name: 'top_earthquakes_by_properties_mag' }, slots: { n: 5, order: 'desc' } });
  });

  it('searches places and titles, not links, for a place, and knows "significance" by the `sig` the data shortens it to', () => {
    const alaska = ask('Show me earthquakes in Alaska');
    expect(alaska).toMatchObject({ kind: 'answer', candidate: { family: 'text_search' }, slots: { term: 'Alaska' } });
    expect(alaska.kind === 'answer' && alaska.candidate.name).not.toMatch(/url|detail/);
    expect(ask('Top 5 events by significance')).toMatchObject({ kind: 'answer', candidate: { name: 'top_earthquakes_by_properties_sig' }, slots: { n: 5 } });
  });

  it('reads a whole number holding only 0 and 1 as a flag ("had a tsunami flag", "without a tsunami"), not as a column to count the values of (trial 14)', () => {
    // Had counted the distinct values of `tsunami` (2).
    expect(ask('how many earthquakes had a tsunami flag')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { properties_tsunami: true } });
    expect(ask('how many earthquakes caused a tsunami?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { properties_tsunami: true } });
    expect(ask('how many earthquakes without a tsunami')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { properties_tsunami: false } });
  });

  it('reads a value excluded as the other of two, and refuses to answer for it otherwise', () => {
    expect(ask("how many earthquakes haven't been reviewed yet?")).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { properties_status: 'automatic' } });
    expect(ask('how many earthquakes were reviewed?')).toMatchObject({ kind: 'answer', slots: { properties_status: 'reviewed' } });
    const other = ask('earthquakes whose mag type is not ml');
    expect(other.kind === 'answer' ? other.slots : 'refused').not.toMatchObject({ properties_mag_type: 'ml' });
  });

  it('reads "earthquakes" as the data\'s name, not as the value `earthquake` of its `type` field', () => {
    expect(ask('how many earthquakes per status')).toMatchObject({ kind: 'answer', candidate: { name: 'count_earthquakes_by_properties_status' } });
  });
});

describe('columns no program reads (us-employment: 23 columns, programs for a few)', () => {
  const ask = askingOver('querylane-routing-employment-', () => ({ us_employment: csv('us-employment.csv') }));

  it('does not bind a bound beside a column no program reads to a column named in part ("nonfarm change more than 300" is no bound on nonfarm)', () => {
    const answer = ask('months where nonfarm change was more than 300');
    expect(answer.kind === 'answer' ? answer.slots : 'refused').not.toHaveProperty('min_nonfarm');
  });

  it('ranks by the column named whole, not by one whose name is its first word ("the largest nonfarm change" is no ranking by nonfarm)', () => {
    // (Trial 10 had answered the month of the most nonfarm jobs.)
    for (const question of ['What was the largest monthly nonfarm change?', 'What was the largest nonfarm change?']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'top_us_employment_by_column' }, slots: { column: 'nonfarm_change', n: 1, order: 'desc' } });
    }
    expect(ask('highest nonfarm')).toMatchObject({ kind: 'answer', candidate: { name: 'top_us_employment_by_nonfarm' } });
  });

  it('does not rank by another column a superlative of a column no program ranks by ("the highest government employment")', () => {
    const answer = ask('What was the highest government employment?');
    expect(answer.kind === 'answer' ? answer.candidate.name : 'refused').not.toBe('top_us_employment_by_nonfarm');
  });

  it('answers about them through the programs that take the column as a slot, a bound then belonging to the column named', () => {
    expect(ask('What was the highest government employment?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_us_employment_by_column' }, slots: { column: 'government', n: 1, order: 'desc' } });
    const gains = ask('months where nonfarm change was more than 300');
    expect(gains).toMatchObject({ kind: 'answer', candidate: { name: 'us_employment_by_column_range' }, slots: { column: 'nonfarm_change' } });
    expect(gains.kind === 'answer' && (gains.slots.min_value as number) > 300 && (gains.slots.min_value as number) < 300.001).toBe(true);
    expect(ask('average manufacturing employment')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_us_employment_column' }, slots: { column: 'manufacturing' } });
    // A column with programs of its own is still answered by them.
    expect(ask('months where nonfarm was more than 140000')).toMatchObject({ kind: 'answer', candidate: { name: 'us_employment_by_nonfarm_range' }, slots: { min_nonfarm: 140001 } });
  });
});

describe('gapminder-health-income beside countries (a data set named by a word another one has as a column)', () => {
  const ask = askingOver('querylane-routing-gapminder-', () => ({ gapminder_health_income: csv('gapminder-health-income.csv'), countries: vegaJson('countries.json') as Record<string, unknown>[] }));

  it('reads "countries" as the `country` column of one as much as the name of the other, and a value of several words whole', () => {
    expect(ask('Top 5 most populous countries')).toMatchObject({ kind: 'answer', candidate: { name: 'top_gapminder_health_income_by_population' }, slots: { n: 5, order: 'desc' } });
    expect(ask('List the countries in South Asia')).toMatchObject({ kind: 'answer', candidate: { name: 'list_gapminder_health_income' }, slots: { region: 'south_asia' } });
    expect(ask('How many countries are in sub-Saharan Africa?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_gapminder_health_income' }, slots: { region: 'sub_saharan_africa' } });
  });

  it('ranks by the measure an adjective implies, takes a name without its possessive, and tells a column from one named like it', () => {
    expect(ask("what's the poorest country in europe?")).toMatchObject({ kind: 'answer', candidate: { name: 'top_gapminder_health_income_by_income' }, slots: { region: 'europe_central_asia', n: 1, order: 'asc' } });
    expect(ask("What is Germany's health score?")).toMatchObject({ kind: 'answer', slots: { country: 'Germany' } });
    // `p_life_expect` (the period before) is not "life expectancy".
    expect(ask('Which countries had a life expectancy below 50 in 2000?')).toMatchObject({ kind: 'answer', candidate: { name: 'countries_by_life_expect_range' }, slots: { year: 2000 } });
  });
});

describe('unemployment across industries (the data named for its category)', () => {
  const ask = askingOver('querylane-routing-industries-', () => ({ unemployment_across_industries: vegaJson('unemployment-across-industries.json') as Record<string, unknown>[] }));

  it('reads "when did X peak" as the row at X\'s highest', () => {
    // Had answered every row of the series (or, worded longer, its total).
    expect(ask('when did construction unemployment peak')).toMatchObject({ kind: 'answer', candidate: { family: 'top_n' }, slots: { series: 'Construction', n: 1, order: 'desc' } });
    expect(ask('when did construction unemployment peak in 2005')).toMatchObject({ kind: 'answer', candidate: { family: 'top_n' }, slots: { series: 'Construction', n: 1 } });
  });

  it('groups "per industry" by the one text column the data is grouped by', () => {
    expect(ask('Average unemployment rate per industry')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rate_by_series' } });
  });

  it('counts "how many industries" as the different values of that column, not the rows', () => {
    expect(ask('How many industries are tracked?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_unemployment_across_industries' }, slots: { column: 'series' } });
  });
});

describe('la-riots (victims: names, ages, types of death)', () => {
  // The CSV's one empty age is a null, as DuckDB reads the file.
  const ask = askingOver('querylane-routing-riots-', () => ({ la_riots: csv('la-riots.csv').map((row) => ({ ...row, age: row.age === '' ? null : row.age })) }));

  it('reads a value said inside the grouping as the grouping ("by type of death" is by `type`, not type = Death)', () => {
    const byType = ask('average age of victims by type of death');
    expect(byType.kind === 'answer' && [byType.candidate.name, byType.slots]).toEqual(['avg_age_by_type', {}]);
    expect(ask('average age of victims of type Death')).toMatchObject({ kind: 'answer', slots: { type: 'Death' } });
  });

  it('ranks the types for "the most common type of death", filtering none', () => {
    // Stop 61: refused — "type of death" had filtered the type Death (which a count per type cannot
    // take, so the average age per type had won), and "common" was read as an attribute no data has.
    expect(ask('most common type of death')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots_by_type' }, slots: { n: 1, order: 'desc' } });
    expect(ask('what was the most common type of death')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots_by_type' }, slots: { n: 1, order: 'desc' } });
    expect(ask('average age by type of death')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_age_by_type' }, slots: {} });
    // (A type said alone still filters.)
    expect(ask('how many deaths were homicides')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' }, slots: { type: 'Homicide' } });
  });
});

describe('zipcodes as text (leading zeros: `00501`)', () => {
  const ask = askingOver('querylane-routing-zip-text-', () => ({
    zipcodes: parse(readFileSync(join(vegaDataDir(), 'zipcodes.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, unknown>[],
  }));

  it('looks a text key up by the digits after its name, and holds a number no program takes against the others', () => {
    expect(ask('What city is zip code 98101?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_zipcodes_by_zip_code' }, slots: { zip_code: '98101' } });
    expect(ask('Which city has zip code 90210?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_zipcodes_by_zip_code' }, slots: { zip_code: '90210' } });
  });

  it('counts the different values of the column a count names, and rows otherwise', () => {
    expect(ask('how many different cities are in CA')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_zipcodes' }, slots: { column: 'city', state: 'CA' } });
    expect(ask('how many zip codes are in CA')).toMatchObject({ kind: 'answer', candidate: { name: 'count_zipcodes' }, slots: { state: 'CA' } });
  });
});

describe('obesity rates, barley yields, temperature anomalies (trial questions)', () => {
  const ask = askingOver('querylane-routing-rates-', () => ({ obesity: vegaJson('obesity.json') as Record<string, unknown>[], barley: vegaJson('barley.json') as Record<string, unknown>[], global_temp: csv('global-temp.csv') }));

  it('bounds a rate held as a fraction by a stated percentage, and leaves other numbers as they are', () => {
    expect(ask('List states with obesity rates between 15% and 17%')).toMatchObject({ kind: 'answer', slots: { min_rate: 0.15, max_rate: 0.17 } });
    expect(ask('states with an obesity rate of 16 percent or more')).toMatchObject({ kind: 'answer', slots: { min_rate: 0.16 } });
    // A yield is no fraction: "above 50%" of it stays 50.
    expect(ask('How many observations had a yield above 50%?')).toMatchObject({ kind: 'answer', slots: { min_yield: 50.00000000000001 } });
  });

  it('looks up no name a key whose every value is known does not hold, and a state\'s name as its code ("Texas" of TX)', () => {
    const ontario = ask('What is the obesity rate in Ontario?');
    expect(ontario.kind === 'refusal' && ontario.reason).toMatch(/"Ontario"/);
    expect(ask('What is the obesity rate in TX?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_obesity_by_state' }, slots: { state: 'TX' } });
    expect(ask('What is the obesity rate in Texas?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_obesity_by_state' }, slots: { state: 'TX' } });
    expect(ask('obesity rate of New York')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_obesity_by_state' }, slots: { state: 'NY' } });
  });

  it('counts the rows a bound selects when the question asks how many, whatever it calls the rows', () => {
    expect(ask('How many states have an obesity rate above 18%?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { min_rate: 0.18000000000000002 } });
    expect(ask('How many observations had a yield above 50?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_barley' }, slots: { min_yield: 50.00000000000001 } });
    expect(ask('how many entries have a yield below 20')).toMatchObject({ kind: 'answer', candidate: { name: 'count_barley' }, slots: { max_yield: 19.999999999999996 } });
    // What no data set here holds is still refused.
    expect(ask('How many employees does our company have?').kind).toBe('refusal');
  });
});

describe('state capitals (compass bounds)', () => {
  const ask = askingOver('querylane-routing-compass-', () => ({ us_state_capitals: vegaJson('us-state-capitals.json') as Record<string, unknown>[] }));

  it('bounds a latitude by north and south of it and a longitude by east and west, strictly', () => {
    expect(ask('Which capitals are south of latitude 31?')).toMatchObject({ kind: 'answer', slots: { max_lat: 30.999999999999996 } });
    expect(ask('Which capitals lie east of longitude -75?')).toMatchObject({ kind: 'answer', slots: { min_lon: -74.99999999999999 } });
    // "west" of the bound is no part of West Virginia.
    expect(ask('state capitals west of longitude -110')).toMatchObject({ kind: 'answer', slots: { max_lon: -110.00000000000001 } });
    expect(ask('capital of West Virginia')).toMatchObject({ kind: 'answer', slots: { state: 'West Virginia' } });
  });
});

describe('iowa electricity (sources of energy)', () => {
  const ask = askingOver('querylane-routing-iowa-', () => ({ iowa_electricity: csv('iowa-electricity.csv') }));

  it('counts the different values of a column without filtering it on a value a word of its description matches', () => {
    // "energy" is a word of the value "Nuclear Energy": filtering on it would count one source.
    const distinct = ask('How many different energy sources are there?');
    expect(distinct.kind === 'answer' && [distinct.candidate.name, distinct.slots]).toEqual(['count_distinct_iowa_electricity', { column: 'source' }]);
  });
});

describe('cars and temperature anomalies (a column by its initials, a count before its plural)', () => {
  const ask = askingOver('querylane-routing-initials-', () => ({ cars: vegaJson('cars.json') as Record<string, unknown>[], global_temp: csv('global-temp.csv') }));

  it('names a column of three words or more by its initials ("mpg" of Miles_per_Gallon)', () => {
    expect(ask('top 5 cars by mpg')).toMatchObject({ kind: 'answer', candidate: { name: 'top_cars_by_column' }, slots: { column: 'Miles_per_Gallon', n: 5, order: 'desc' } });
    expect(ask('average mpg of cars from Japan')).toMatchObject({ kind: 'answer', slots: { column: 'Miles_per_Gallon', origin: 'Japan' } });
  });

  it('reads the count a which-question states before its plural ("which 5 years were the coldest")', () => {
    expect(ask('Which 5 years were the coldest?')).toMatchObject({ kind: 'answer', candidate: { family: 'top_n' }, slots: { n: 5, order: 'asc' } });
    // A number that is a value, not a count: no n.
    const cylinders = ask('which 4 cylinder cars have the most horsepower');
    expect(cylinders.kind === 'answer' && cylinders.slots.n).toBeUndefined();
  });
});


describe('rows that are counts already (flights per route, people per job, sex and year)', () => {
  const ask = askingOver('querylane-routing-counted-', () => ({ flights_airport: csv('flights-airport.csv'), jobs: vegaJson('jobs.json') as Record<string, unknown>[] }));

  it('sums the count column for "how many" of what the data counts, and counts rows only when asked for entries', () => {
    expect(ask('How many flights are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count', family: 'aggregate' } });
    expect(ask('how many men were in the data in 1850')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { sex: 'men', from_year: 1850, to_year: 1850 } });
    expect(ask('How many entries are there in the jobs data?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_jobs' } });
  });

  it('reads "how many jobs" of a `job` column as the different jobs, a name too short to be a label elsewhere', () => {
    expect(ask('How many jobs are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_jobs' }, slots: { column: 'job' } });
  });

  it('gives a name said with "from" to the origin and one said with "to" to the destination', () => {
    expect(ask('how many flights from LAX to SFO')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { origin: 'LAX', destination: 'SFO' } });
    expect(ask('how many flights departed from SEA')).toMatchObject({ kind: 'answer', slots: { origin: 'SEA' } });
    const to = ask('how many flights went to SEA');
    expect(to.kind === 'answer' && to.slots).toEqual({ destination: 'SEA' });
  });

  it('ranks the sums per place of departure or arrival for "the most departing flights", "receives the most"', () => {
    expect(ask('Which airport has the most departing flights?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_origin' }, slots: { n: 1, order: 'desc' } });
    expect(ask('Which airport receives the most flights?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_destination' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which origin has the most flights')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_origin' } });
    // A place given is one figure, not a grouping.
    const ord = ask('How many flights arrive at ORD?');
    expect(ord.kind === 'answer' && [ord.candidate.name, ord.slots]).toEqual(['sum_count', { destination: 'ORD' }]);
  });

  it('ranks the busiest places by the counts the rows carry, not by their number of rows', () => {
    // Stop 59: "the busiest destination" had counted the routes to each destination (0.78).
    expect(ask('busiest destination')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_destination' }, slots: { n: 1, order: 'desc' } });
    expect(ask('the 3 busiest destinations')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_destination' }, slots: { n: 3, order: 'desc' } });
    expect(ask('quietest origin')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count_by_origin' }, slots: { order: 'asc' } });
    // The places a place has routes to are still its rows.
    expect(ask('which origin has the most destinations')).toMatchObject({ kind: 'answer', candidate: { name: 'count_flights_airport_by_origin' } });
  });
});

describe('flags (true/false columns past the first three labels: support tickets)', () => {
  // Generated tickets: three labels come first (agent, priority, channel); the flags `resolved` and
  // `is_escalated` follow them.
  const tickets = () =>
    Array.from({ length: 400 }, (_, i) => ({
      id: 50_000 + i,
      agent: ['Grace Okafor', 'Chen Wei', 'Alice Martin', 'Emma Schulz'][i % 4],
      priority: ['low', 'normal', 'high', 'urgent'][(i * 7) % 4],
      channel: ['email', 'chat', 'phone'][(i * 5) % 3],
      resolved: i % 5 !== 0,
      is_escalated: i % 9 === 0,
      first_response_minutes: (i * 37) % 300,
    }));
  const ask = askingOver('querylane-routing-flags-', () => ({ tickets: tickets() }));

  it('reads a flag named by its word as true and with un-, in-, non- or a "not" before it as false', () => {
    expect(ask('How many tickets are unresolved?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { resolved: false } });
    expect(ask('how many resolved tickets are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { resolved: true } });
    expect(ask('How many tickets were not resolved?')).toMatchObject({ kind: 'answer', slots: { resolved: false } });
    expect(ask('how many tickets were escalated')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { is_escalated: true } });
    expect(ask('average first response minutes of unresolved tickets')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' }, slots: { resolved: false } });
  });

  it('reads slow as long and fast as short of a duration ("the slowest average first response")', () => {
    expect(ask('Which channel has the slowest average first response?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_first_response_minutes_by_channel' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which agent is the fastest at first response')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_first_response_minutes_by_agent' }, slots: { n: 1, order: 'asc' } });
  });

  it('reads a number written after a measure\'s name, with no comparison, as both its bounds', () => {
    expect(ask('How many tickets had a first response minutes of 30?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { min_first_response_minutes: 30, max_first_response_minutes: 30 } });
    expect(ask('how many tickets had first response minutes above 30')).toMatchObject({ kind: 'answer', slots: { min_first_response_minutes: 31 } });
  });

  it('reads "who … the most tickets" as a count per person, not a ranking of tickets by a measure', () => {
    expect(ask('Who handled the most tickets?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets_by_agent' }, slots: { n: 1, order: 'desc' } });
  });

  it('looks a ticket up by the number written after its name ("ticket 50123" of an integer `id`)', () => {
    expect(ask('Show ticket 50123')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_tickets_by_id' }, slots: { id: 50_123 } });
  });
});

describe('clinic visits: flags named by several words (`fraud_flag`, `follow_up_required`), a column\'s name of two words said whole', () => {
  // Three labels come first (clinic, doctor, visit_type); the two flags follow them.
  const visits = () =>
    Array.from({ length: 400 }, (_, i) => ({
      id: `vis_${20_000 + i}`,
      clinic: ['Northside', 'Harbor', 'Elm Street'][i % 3],
      doctor: ['Dana Ruiz', 'Omar Haddad', 'Mei Tanaka', 'Ola Berg'][(i * 3) % 4],
      visit_type: ['checkup', 'urgent', 'telehealth'][(i * 7) % 3],
      fraud_flag: i % 13 === 0,
      follow_up_required: i % 4 === 0,
      amount_billed: 50 + ((i * 37) % 400) + 0.25,
      amount_paid: ((i * 53) % 300) + 0.5,
      status: ['paid', 'open', 'written_off'][(i * 11) % 3],
    }));
  const ask = askingOver('querylane-routing-flag-words-', () => ({ visits: visits() }));

  it('reads a flag named by all its words, close together in any order, as true, and with "not" or "without" among them as false', () => {
    expect(ask('How many visits required a follow up?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_visits' }, slots: { follow_up_required: true } });
    expect(ask('how many visits did not require a follow up')).toMatchObject({ kind: 'answer', candidate: { name: 'count_visits' }, slots: { follow_up_required: false } });
  });

  it('reads a value inside a column\'s name said whole as that column\'s word ("the total amount paid" is `amount_paid`, not the status paid)', () => {
    expect(ask('What is the total amount paid per clinic?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_paid_by_clinic' }, slots: {} });
    expect(ask('how many visits are paid')).toMatchObject({ kind: 'answer', candidate: { name: 'count_visits' }, slots: { status: 'paid' } });
  });

  it('bounds one of two money columns by an amount: the one whose other word is said nearest ("visits billed over $300", "paid more than $200"), else the first', () => {
    const billed = ask('How many visits were billed over $300?');
    expect(billed.kind === 'answer' && [billed.candidate.name, Object.keys(billed.slots)]).toEqual(['count_visits', ['min_amount_billed']]);
    const cost = ask('how many visits cost more than $300');
    expect(cost.kind === 'answer' && Object.keys(cost.slots)).toEqual(['min_amount_billed']);
    const paid = ask('how many visits were paid more than $200');
    expect(paid.kind === 'answer' && Object.keys(paid.slots).filter((name) => name.startsWith('min_'))).toEqual(['min_amount_paid']);
  });

  it('reads "flagged for fraud" as the flag `fraud_flag` ("flag" names no flag of its own)', () => {
    expect(ask('How many visits have been flagged for fraud?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_visits' }, slots: { fraud_flag: true } });
  });
});

describe('a data set named joined and asked about hyphenated (`checkins`, "check-ins")', () => {
  const checkins = () =>
    Array.from({ length: 300 }, (_, i) => ({
      id: `chk_${5_000 + i}`,
      class_name: ['Yoga', 'Spin', 'HIIT', 'Pilates'][i % 4],
      coach: ['Ana Lima', 'Ben Ode', 'Cleo Park'][(i * 5) % 3],
      checked_in_at: new Date(Date.UTC(2025, 0, 1) + i * 36_000_000).toISOString(),
    }));
  const ask = askingOver('querylane-routing-hyphens-', () => ({ checkins: checkins() }));

  it('counts the rows for "how many class check-ins", not the different classes', () => {
    expect(ask('How many class check-ins are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_checkins' } });
    expect(ask('how many classes are there')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { column: 'class_name' } });
  });
});

describe('e-mail sends: of two columns named alike, the one said as the groups', () => {
  // Three labels first (campaign, country, list); the flag `opened`, the label `device` and the
  // state `status` are the count's other columns.
  const emails = () =>
    Array.from({ length: 500 }, (_, i) => ({
      id: `snd_${70_000 + i}`,
      campaign: ['Spring Launch', 'Win-back', 'Newsletter'][i % 3],
      country: ['US', 'DE', 'FR', 'BR'][(i * 3) % 4],
      list: ['trial', 'paying', 'churned'][(i * 7) % 3],
      opened: i % 3 !== 0,
      device: i % 3 === 0 ? null : ['mobile', 'desktop', 'tablet'][(i * 5) % 3],
      status: i % 7 === 0 ? 'bounced' : 'delivered',
    }));
  const ask = askingOver('querylane-routing-grouped-choice-', () => ({ emails: emails() }));

  it('counts per the column said after "which" ("which device opened the most emails" is per device, not per `opened`)', () => {
    expect(ask('Which device opened the most emails?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_emails_by_column' }, slots: { column: 'device', n: 1, order: 'desc' } });
  });
});

describe('deployments: "how many" with a bound is a count, not the rows in the range', () => {
  const deployments = () =>
    Array.from({ length: 600 }, (_, i) => ({
      id: `dep_${80_000 + i}`,
      service: ['api-gateway', 'web', 'worker', 'billing', 'search'][i % 5],
      environment: ['production', 'staging', 'canary'][(i * 3) % 3],
      status: ['succeeded', 'failed', 'rolled_back'][(i * 7) % 3],
      started_at: 1_735_689_600 + i * 7200,
      duration_seconds: 30 + ((i * 97) % 1800),
      commit_sha: (0x10_0000_0000 + i * 7919).toString(16),
      version: `v2.${i % 20}.${i % 7}`,
      triggered_by: { username: ['frank', 'ana', 'li', 'omar'][(i * 5) % 4], team: ['growth', 'platform', 'payments'][(i * 11) % 3] },
      incident_count: (i * 13) % 4 === 0 ? 1 : 0,
      automated: i % 3 === 0,
      change_summary: `${['Improve cache hit rate', 'Fix login bug', 'Bump deps', 'Add metrics'][(i * 3) % 4]} #${i}`,
    }));
  const ask = askingOver('querylane-routing-count-bound-', () => ({ deployments: deployments() }));

  it('counts the deployments that took longer than a duration, the count ranked though retrieval found the range first', () => {
    expect(ask('How many deployments took longer than 1000 seconds?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_deployments' }, slots: { min_duration_seconds: 1001 } });
  });
});

describe('e-mail sends of campaigns (`campaign.id`, `campaign.name`) with an `open_count` beside the flag `opened`', () => {
  const names = ['Spring Sale', 'Win-back', 'Newsletter', 'Black Friday', 'Onboarding', 'Product Update'];
  const sends = () =>
    Array.from({ length: 3000 }, (_, i) => {
      const opened = i % 3 !== 0;
      return {
        id: `snd_${500_000 + i}`,
        campaign: { id: `cmp_${301 + (i % 6)}`, name: names[i % 6] },
        recipient_email: `user${(i * 7919) % 9000}@example.net`,
        sent_at: 1_725_000_000 + i * 3600,
        status: ['delivered', 'bounced', 'delivered', 'delivered', 'deferred'][(i * 7) % 5],
        opened,
        clicked: opened && i % 4 === 0,
        open_count: opened ? 1 + ((i * 7) % 5) : 0,
        device: opened ? ['mobile', 'desktop', 'tablet'][(i * 5) % 3] : null,
        country: ['US', 'DE', 'FR', 'BR', 'GB'][(i * 3) % 5],
        unsubscribed: i % 17 === 0,
        subject_line: `${names[i % 6]} — just for you #${i % 40}`,
      };
    });
  const ask = askingOver('querylane-routing-campaigns-', () => ({ email_sends: sends() }));

  it('reads "open" of the open count said whole as that column\'s word, no flag `opened`, and groups by the campaign\'s name rather than its id', () => {
    const perCampaign = ask('What is the average open count per campaign?');
    expect(perCampaign.kind === 'answer' && [perCampaign.candidate.name, perCampaign.slots]).toEqual(['sum_open_count_by_campaign_name', { rank_by: 'average' }]);
    expect(ask('average open count of opened emails')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_open_count' }, slots: { opened: true } });
    expect(ask('how many sends per campaign id')).toMatchObject({ kind: 'answer', candidate: { name: 'count_email_sends_by_campaign_id' } });
  });
});

describe('pet adoptions: a verb of the data\'s own name ("adopted" of adoptions)', () => {
  const adoptions = () =>
    Array.from({ length: 400 }, (_, i) => ({
      id: `adp_${9000 + i}`,
      pet: { name: `${['Max', 'Luna', 'Bella', 'Charlie', 'Milo'][i % 5]} ${i}`, species: ['dog', 'cat', 'rabbit'][i % 3], age_years: 1 + ((i * 7) % 14) },
      shelter: { name: ['Happy Paws Rescue', 'City Shelter', 'Second Chance'][(i * 5) % 3], city: ['Denver', 'Austin', 'Portland'][(i * 7) % 3] },
      fee: 50 + ((i * 13) % 200),
      completed_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
    }));
  const ask = askingOver('querylane-routing-adoptions-', () => ({ pet_adoptions: adoptions() }));

  it('reads "adopted pets" as the data\'s own words, no value the programs would ignore', () => {
    expect(ask('What is the average age of adopted pets?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_pet_age_years' }, slots: {} });
  });
});

describe('identifiers as people write them (joined parts, "#42", "ticket 50123")', () => {
  const issues = () =>
    Array.from({ length: 300 }, (_, i) => ({
      number: i + 1,
      // (The update dates first, and as complete: a tie would go to them.)
      updated_at: new Date(Date.UTC(2024, 0, 3) + i * 86_400_000).toISOString(),
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
      title: `${['Crash', 'Typo', 'Slow start', 'Docs gap'][i % 4]} in module ${i % 17}`,
      state: i % 3 === 0 ? 'open' : 'closed',
      comments: (i * 7) % 40,
    }));
  const orders = () =>
    Array.from({ length: 300 }, (_, i) => ({
      order_id: `ord_${100_000 + i * 3}`,
      sku: `SKU-${['SPO', 'HOM', 'TOY'][i % 3]}-${10_000 + i}`,
      status: ['pending', 'shipped', 'delivered'][i % 3],
      total_amount: ((i * 7919) % 50_000) / 100,
    }));
  const deals = () => Array.from({ length: 200 }, (_, i) => ({ id: String(10_000 + i * 3), stage: ['won', 'lost', 'open'][i % 3], closed: new Date(Date.UTC(2023, 6, 1) + i * 3 * 86_400_000).toISOString().slice(0, 10), amount: 1000 + i * 17 }));
  const pulls = () => Array.from({ length: 120 }, (_, i) => ({ number: i + 1, title: `Fix ${['parser', 'cache', 'docs'][i % 3]} ${i}`, additions: (i * 31) % 500 }));
  const ask = askingOver('querylane-routing-identifiers-', () => ({ issues: issues(), orders: orders(), deals: deals(), pulls: pulls() }));

  it('looks a row up by an identifier of parts joined by "-" or "_", whole', () => {
    expect(ask('Show order ord_100217')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { order_id: 'ord_100217' } });
    expect(ask('Look up the order with sku SKU-TOY-10005')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { sku: 'SKU-TOY-10005' } });
  });

  it('looks up a key of digits sent as text written after the data\'s name, of one or two words ("deal 10350", "pull request 42")', () => {
    // (Stored as numbers: every id is one.)
    expect(ask('Show deal 10350')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_deals_by_id' }, slots: { id: 10350 } });
    expect(ask('show pull request 42')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_pulls_by_number' }, slots: { number: 42 } });
    // A year after the name is a date, not a key.
    const year = ask('how many deals closed in 2024');
    expect(year.kind === 'answer' && year.candidate.family).not.toBe('lookup');
  });

  it('looks a row up by a number written after the data\'s name or "#", by a column called `number`', () => {
    expect(ask('Show me issue #42.')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_issues_by_number' }, slots: { number: 42 } });
    expect(ask('what is the title of issue 7')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_issues_by_number' }, slots: { number: 7 } });
    // A verb's past form is no state: "opened" is no `state` = open; "open issues" are.
    const opened = ask('How many issues were opened?');
    expect(opened.kind === 'answer' && opened.slots.state).toBeUndefined();
    expect(ask('how many open issues are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { state: 'open' } });
    // Of two time columns, the one the verb names.
    expect(ask('how many issues were opened per month')).toMatchObject({ kind: 'answer', candidate: { name: 'issues_over_time_by_created_at' } });
    expect(ask('how many issues were updated per month')).toMatchObject({ kind: 'answer', candidate: { name: 'issues_over_time_by_updated_at' } });
    // A count of issues is no issue number.
    expect(ask('show 10 issues')).toMatchObject({ kind: 'answer', candidate: { family: 'list' }, slots: { limit: 10 } });
  });
});

describe('a bound\'s measure named by its verb or its money (products)', () => {
  const products = () =>
    Array.from({ length: 300 }, (_, i) => ({
      sku: `SKU-${10_000 + i}`,
      category: ['Sports', 'Home', 'Toys'][i % 3],
      price: Math.round(((i * 7919) % 20_000) / 3) / 100,
      stock: (i * 37) % 200,
      rating: 1 + ((i * 13) % 40) / 10,
      review_count: (i * 53) % 900,
    }));
  const ask = askingOver('querylane-routing-money-', () => ({ products: products() }));

  it('reads "out of stock" as no stock and "in stock" as some', () => {
    expect(ask('How many products are out of stock?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_products' }, slots: { max_stock: 0 } });
    expect(ask('list products in stock')).toMatchObject({ kind: 'answer', slots: { min_stock: 1 } });
  });

  it('bounds the price by "cost less than", "under $20", "less than 20 dollars"', () => {
    expect(ask('How many products cost less than 20?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_products' }, slots: { max_price: 19.999999999999996 } });
    expect(ask('products under $20')).toMatchObject({ kind: 'answer', candidate: { name: 'products_by_price_range' }, slots: { max_price: 19.999999999999996 } });
    expect(ask('how many products are less than 20 dollars')).toMatchObject({ kind: 'answer', slots: { max_price: 19.999999999999996 } });
  });
});

describe('place codes named by the places (countries as ISO codes, US states as theirs)', () => {
  const orders = () =>
    Array.from({ length: 300 }, (_, i) => ({
      order_id: `ord_${100_000 + i}`,
      country: ['DE', 'US', 'FR', 'GB', 'JP', 'ES'][i % 6],
      status: ['pending', 'shipped'][i % 2],
      total_amount: ((i * 7919) % 50_000) / 100,
    }));
  const ask = askingOver('querylane-routing-places-', () => ({ orders: orders(), airports: csv('airports.csv') }));

  it('reads a country\'s name as its code, and a state\'s name as its code among stray codes', () => {
    expect(ask('how many orders from Germany')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { country: 'DE' } });
    expect(ask('how many orders came from the United Kingdom')).toMatchObject({ kind: 'answer', slots: { country: 'GB' } });
    // Airports' states hold `CQ` and `NA` beside the 50 states and DC: still state codes.
    expect(ask('how many airports are in California')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports' }, slots: { state: 'CA' } });
  });

  it('refuses a question most of whose subject words no data mentions, though one word resembles a value ("shipping trucks" of `shipped`)', () => {
    const trucks = ask('How many miles did our shipping trucks drive?');
    expect(trucks.kind === 'refusal' && trucks.reason).toMatch(/"miles", "trucks", "drive", which none of the deployed programs/);
    // The data named, the same value is a filter.
    expect(ask('how many orders were shipped')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { status: 'shipped' } });
  });

  it('reads a place named twice side by side ("Germany (DE)", "Texas / TX") as one value', () => {
    expect(ask('How many orders were shipped to customers in Germany (DE)?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { country: 'DE' } });
    expect(ask('how many airports are in Texas / TX')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports' }, slots: { state: 'TX' } });
  });
});

describe('how often a value occurs, and an object named by its fields (staff with a nested office)', () => {
  const staff = () =>
    Array.from({ length: 240 }, (_, i) => ({
      employee_id: `E${2000 + i}`,
      department: ['Engineering', 'Sales', 'Support', 'Finance'][i % 4],
      title: ['Engineer', 'Manager', 'Specialist'][i % 3],
      level: ['junior', 'senior'][i % 2],
      payment_method: ['card', 'transfer', 'card', 'cash', 'card'][i % 5],
      office: { city: ['New York', 'Berlin', 'New York', 'Lisbon'][i % 4] },
      salary: 40_000 + ((i * 7919) % 60_000),
    }));
  const ask = askingOver('querylane-routing-often-', () => ({ staff: staff() }));

  it('ranks a count per group for "most often", "most common", "least common"', () => {
    const often = ask('Which payment method is used most often?');
    expect(often).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { column: 'payment_method', n: 1, order: 'desc' } });
    // As the ranking asked, not barely above the threshold (it was 0.27 here, and refused beside five other data sets).
    expect(often.kind === 'answer' && often.confidence).toBeGreaterThan(0.5);
    expect(ask('what is the most common department')).toMatchObject({ kind: 'answer', candidate: { name: 'count_staff_by_department' }, slots: { n: 1, order: 'desc' } });
  });

  it('counts the rows per group when a grouping is asked with no measure or operation named', () => {
    // Not the average salary per level, near in score before (a margin of 0.25, hence refused).
    for (const question of ['Break down staff by level.', 'staff per level']) {
      const answer = ask(question);
      expect(answer).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
      expect(answer.kind === 'answer' && answer.confidence).toBeGreaterThan(0.4);
    }
    expect(ask('average salary per level')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' } });
  });

  it('refuses a ranking of groups by a thing no data mentions', () => {
    expect(ask('which department has the most cars?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"cars"') });
    expect(ask('which department has the most horsepower')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"horsepower"') });
    expect(ask('which department has the most staff?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
  });

  it('reads "office city" as the field, with no column "office" left unread', () => {
    expect(ask('Which office city has the most staff?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { n: 1, order: 'desc' } });
  });
});

describe('states of one word past the first three labels (charges: succeeded, failed, pending)', () => {
  const charges = () =>
    Array.from({ length: 600 }, (_, i) => ({
      id: `ch_${1_000_000 + i * 7}`,
      refunded: i % 13 === 0,
      currency: ['usd', 'eur', 'gbp'][i % 3],
      country: ['US', 'DE', 'FR', 'GB', 'NL', 'ES'][(i * 5) % 6],
      card_brand: ['visa', 'mastercard', 'amex', 'discover'][(i * 7) % 4],
      // Mostly one state: a weaker grouping than the three above, hence no filter among the first three.
      status: i % 10 === 0 ? 'failed' : i % 10 === 1 ? 'pending' : 'succeeded',
      amount: 500 + ((i * 7919) % 100_000),
      amount_refunded: i % 13 === 0 ? 500 : 0,
    }));
  const deals = () =>
    Array.from({ length: 300 }, (_, i) => ({ deal_id: `D${5000 + i}`, owner: ['Priya Patel', 'Diego Alvarez', 'Mia Chen'][i % 3], stage: ['prospecting', 'won', 'lost'][(i * 7) % 3], amount: 1000 + ((i * 37) % 9000) }));
  const hours = () =>
    Array.from({ length: 300 }, (_, i) => ({ hour: new Date(Date.UTC(2024, 2, 1, i)).toISOString(), city: ['London', 'Oslo'][i % 2], condition: ['Clear', 'Clouds', 'Rain'][(i * 5) % 3], humidity: 40 + ((i * 13) % 60) }));
  const ask = askingOver('querylane-routing-states-', () => ({ charges: charges(), deals: deals(), hours: hours() }));

  it('filters a state written as one word ("failed charges")', () => {
    expect(ask('How many charges failed?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_charges' }, slots: { status: 'failed' } });
    expect(ask('total amount of succeeded charges')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' }, slots: { status: 'succeeded' } });
  });

  it('reads revenue, sales and a deal\'s size as the amount', () => {
    expect(ask('Which country brings the most revenue?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_country' }, slots: { n: 1, order: 'desc' } });
    // (The deals' own column, `owner`, tells the two data sets' `sum_amount` apart.)
    expect(ask('What is the average deal size of Priya Patel?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount', family: 'aggregate' }, slots: { owner: 'Priya Patel' } });
  });

  it('reads a verb as the state it leaves ("deals we lose" are `lost`, "raining" `Rain`) and a flag before the data\'s name as a filter', () => {
    expect(ask('How many deals did Priya Patel lose?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_deals' }, slots: { owner: 'Priya Patel', stage: 'lost' } });
    // Weather said as a verb is still its state.
    expect(ask('average humidity when it is raining')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_humidity' }, slots: { condition: 'Rain' } });
    // "refunded" describes the charges counted: no total of a measure, no count per refunded.
    expect(ask('how many refunded charges are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_charges' }, slots: { refunded: true } });
  });
});

describe('near neighbours of what a data set holds (orders, pull requests, staff)', () => {
  const orders = () =>
    Array.from({ length: 400 }, (_, i) => ({ order_id: `ord_${100_000 + i}`, created_at: new Date(Date.UTC(2024, 0, 1) + i * 43_200_000).toISOString(), status: ['paid', 'shipped'][i % 2], total_amount: ((i * 7919) % 50_000) / 100 }));
  const pulls = () =>
    Array.from({ length: 300 }, (_, i) => ({
      number: i + 1,
      state: i % 4 === 0 ? 'open' : 'closed',
      author: ['octocat', 'sindresorhus', 'jlongster'][i % 3],
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
      closed_at: i % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 2) + i * 86_400_000).toISOString(),
      comments: (i * 7) % 30,
    }));
  const staff = () => Array.from({ length: 200 }, (_, i) => ({ employee_id: `E${2000 + i}`, department: ['Sales', 'Engineering', 'Support'][i % 3], salary: 40_000 + ((i * 7919) % 80_000) }));
  const ask = askingOver('querylane-routing-neighbours-', () => ({ orders: orders(), pulls: pulls(), staff: staff() }));

  it('refuses a count of two words no data set has, and revenue qualified by words it does not know', () => {
    expect(ask('How many support tickets are open?').kind).toBe('refusal');
    expect(ask("What's our monthly recurring revenue from subscriptions?").kind).toBe('refusal');
    // The same words the data knows still answer.
    expect(ask('how many open pulls are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pulls' }, slots: { state: 'open' } });
  });

  it('reads "Sales" of a department as the department, and a verb of time only of a question about time', () => {
    expect(ask('What is the highest salary in Sales?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_staff_by_salary' }, slots: { department: 'Sales', n: 1 } });
    expect(ask('How many closed pulls were authored by sindresorhus?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pulls' }, slots: { state: 'closed', author: 'sindresorhus' } });
  });
});

describe('appointments and bike trips (trial O: codes for words, starts and ends, breakdowns)', () => {
  const appointments = () =>
    Array.from({ length: 600 }, (_, i) => ({
      appointment_id: `A-${70_000 + i}`,
      department: ['Cardiology', 'Dermatology', 'Pediatrics', 'Neurology', 'Oncology'][i % 5],
      patient: { age: 18 + ((i * 7) % 70), sex: i % 2 === 0 ? 'F' : 'M' },
      doctor: { specialty: ['General Practice', 'Surgery', 'Radiology'][i % 3] },
      status: i % 7 === 0 ? 'missed' : i % 11 === 0 ? 'cancelled' : 'attended',
      wait_minutes: (i * 13) % 60,
    }));
  const stations = ['Alexanderplatz', 'Potsdamer Platz', 'Hauptbahnhof', 'Warschauer Strasse'];
  const trips = () => Array.from({ length: 400 }, (_, i) => ({ trip_id: `T${880_000 + i}`, start_station: stations[i % 4], end_station: stations[(i * 3 + 1) % 4], duration_seconds: 300 + ((i * 37) % 3000) }));
  const ask = askingOver('querylane-routing-clinic-', () => ({ appointments: appointments(), trips: trips() }));

  it('answers the overall figure asked without doubting it against its breakdowns', () => {
    const wait = ask('What is the average wait time?');
    expect(wait).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wait_minutes' }, slots: {} });
    // (0.56 here, and a refusal at 0.20 beside five other data sets, when its breakdowns by
    // department, specialty … counted as rival readings.)
    expect(wait.kind === 'answer' && wait.confidence).toBeGreaterThan(0.75);
  });

  it('reads "female" as the code `F`, a one-word status as a filter, and "started at" as the start station', () => {
    expect(ask('How many female patients had appointments?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments' }, slots: { patient_sex: 'F' } });
    expect(ask('How many appointments were missed?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments' }, slots: { status: 'missed' } });
    expect(ask('how many trips started at Alexanderplatz')).toMatchObject({ kind: 'answer', slots: { start_station: 'Alexanderplatz' } });
    expect(ask('how many trips ended at Alexanderplatz')).toMatchObject({ kind: 'answer', slots: { end_station: 'Alexanderplatz' } });
  });
});

describe('two data sets whose names meet in a question (book loans beside bookings, plays with ms_played)', () => {
  const loans = () => Array.from({ length: 300 }, (_, i) => ({ loan_id: `L${10_000 + i}`, genre: ['Fiction', 'History', 'Science'][i % 3], overdue: i % 5 === 0, fine_eur: i % 5 === 0 ? 2.5 : 0 }));
  const bookings = () => Array.from({ length: 300 }, (_, i) => ({ booking_ref: `BK-2024-${10_000 + i}`, hotel: ['Hotel Adlon', 'Ritz', 'Savoy'][i % 3], nights: 1 + (i % 7), total_price: 100 + ((i * 37) % 900) }));
  const plays = () => Array.from({ length: 300 }, (_, i) => ({ track: `Track ${i % 40}`, genre: ['Pop', 'Jazz', 'Rock'][i % 3], skipped: i % 4 === 0, ms_played: 30_000 + ((i * 7919) % 200_000) }));
  const ask = askingOver('querylane-routing-names-meet-', () => ({ loans: loans(), bookings: bookings(), plays: plays() }));

  it('counts the data named last, of a name or a column before it, and its rows rather than a measure named like it', () => {
    expect(ask('How many book loans are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans' } });
    expect(ask('How many hotel bookings are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bookings' }, slots: {} });
    expect(ask('How many plays are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays' }, slots: {} });
    expect(ask('how many skipped plays are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays' }, slots: { skipped: true } });
    // A description no data set knows is refused, not dropped.
    expect(ask('how many refunded plays are there').kind).toBe('refusal');
  });
});

describe('counts of the rows with a value of a column the count does not filter (issues, plays, orders, readings)', () => {
  const authors = Array.from({ length: 120 }, (_, i) => `dev${['ana', 'bo', 'cy', 'di', 'ed', 'fay'][i % 6]}${i}`);
  const issues = () =>
    Array.from({ length: 900 }, (_, i) => ({
      number: i + 1,
      state: i % 3 === 0 ? 'closed' : 'open',
      label: ['bug', 'docs', 'feature'][i % 3],
      priority: ['low', 'high'][i % 2],
      milestone: ['v1', 'v2', 'v3', 'v4'][i % 4],
      author: i < 40 ? 'mcollina' : authors[(i * 7) % authors.length],
      comments: (i * 13) % 30,
    }));
  // (Sixty artists: more than a count filters by, past the labels of a few values.)
  const artists = ['Taylor Swift', 'Miles Davis', 'Bad Bunny', 'Karol G', 'Nina Simone', ...Array.from({ length: 55 }, (_, i) => `Band ${String.fromCharCode(65 + (i % 26))}${i}`)];
  const plays = () =>
    Array.from({ length: 1200 }, (_, i) => ({
      play_id: `pl_${String(100_000 + i)}`,
      genre: ['Pop', 'Jazz', 'Latin', 'Electronic'][i % 4],
      device: ['mobile', 'desktop', 'tv'][i % 3],
      user_country: ['US', 'DE', 'GB', 'FR'][i % 4],
      artist: artists[(i * 7) % artists.length],
      user_id: `u${String(1000 + ((i * 7919) % 300)).padStart(4, '0')}`,
      ms_played: 30_000 + ((i * 7919) % 200_000),
    }));
  const orders = () =>
    Array.from({ length: 800 }, (_, i) => ({
      order_id: `ord_${200_000 + i}`,
      status: ['pending', 'shipped', 'delivered'][i % 3],
      payment_method: ['card', 'paypal'][i % 2],
      currency: ['USD', 'EUR'][i % 2],
      customer: { id: `cus_${1000 + ((i * 31) % 250)}`, tier: ['gold', 'standard'][i % 2] },
      carrier: ['Hermes Parcel', 'UPS Ground', 'FedEx Home', 'Royal Mail', 'DHL Express', 'GLS Europe', 'DPD Classic', 'Canada Post', 'USPS Priority', 'Japan Post', 'PostNL Standard', 'Correos Express'][(i * 5) % 12],
      total_amount: 10 + ((i * 37) % 400),
    }));
  const readings = () =>
    Array.from({ length: 960 }, (_, i) => ({
      device_id: `dev-${['a', 'b', 'c'][i % 3]}${1 + (i % 4)}`,
      site: ['Berlin-DC1', 'Paris-DC2'][i % 2],
      metric: ['temperature', 'humidity'][i % 2],
      unit: ['C', '%'][i % 2],
      value: 10 + ((i * 7) % 30),
    }));
  const people = ['Ana Lima', 'Tom Berg', 'Ines Haddad', 'Kai Chen', 'Ola Nowak', 'Raj Patel', 'Eva Roth', 'Leo Park'];
  const runs = () =>
    Array.from({ length: 1000 }, (_, i) => ({
      run_id: `run_${300_000 + i}`,
      repository_full_name: `acme/${['web', 'api', 'billing', 'data', 'docs', 'infra', 'mobile', 'search'][(i * 3) % 8]}`,
      status: ['success', 'failed', 'cancelled'][i % 3],
      event: ['push', 'pull_request', 'schedule'][i % 3],
      branch: ['main', 'develop'][i % 2],
      author: { id: `usr_${1000 + (i % 80)}`, name: `${people[i % 8]} ${String.fromCharCode(65 + ((i % 80) >> 3))}.` },
      duration_seconds: 60 + ((i * 37) % 900),
    }));
  const ask = askingOver('querylane-routing-count-where-', () => ({ issues: issues(), plays: plays(), orders: orders(), readings: readings(), runs: runs() }));

  it('counts the rows with the value given of the column named, or of the one column holding it', () => {
    expect(ask('How many issues did mcollina author?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues_where' }, slots: { column: 'author', value: 'mcollina' } });
    expect(ask('How many plays of Miles Davis are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays_where' }, slots: { column: 'artist', value: 'Miles Davis' } });
    // With the count's own filters beside it.
    expect(ask('How many plays of Nina Simone were on tv?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays_where' }, slots: { column: 'artist', value: 'Nina Simone', device: 'tv' } });
    // "on each island": a word after "each" names the groups, no value of them.
    const grouped = ask('how many plays for each artist');
    expect(grouped.kind === 'answer' && grouped.candidate.name).not.toBe('count_plays_where');
  });

  it('reads a code as the codes of the column it looks like, named or not, and never as another kind of key', () => {
    expect(ask('How many plays did user u1042 have?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays_where' }, slots: { column: 'user_id', value: 'u1042' } });
    expect(ask('How many orders did cus_1009 place?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders_where' }, slots: { column: 'customer.id', value: 'cus_1009' } });
    // (`cus_1009` had been looked up as an order id.)
    const lookedUp = ask('Show order cus_1009');
    expect(lookedUp.kind === 'answer' && lookedUp.candidate.name).not.toBe('lookup_orders_by_order_id');
    expect(ask('What is order ord_200017?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_orders_by_order_id' }, slots: { order_id: 'ord_200017' } });
  });

  it('counts the different things an identifier names, and groups by it as by a label', () => {
    expect(ask('How many users are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_plays' }, slots: { column: 'user_id' } });
    expect(ask('How many customers ordered with paypal?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_orders' }, slots: { column: 'customer.id', payment_method: 'paypal' } });
    // A device_id of a dozen values is a label: filtered, counted and grouped by.
    expect(ask('How many devices are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_readings' }, slots: { column: 'device_id' } });
    expect(ask('What is the average value for device dev-a1?')).toMatchObject({ kind: 'answer', slots: { device_id: 'dev-a1' } });
    expect(ask('How many readings per device?')).toMatchObject({ kind: 'answer', slots: { column: 'device_id' } });
    expect(ask('Which user has the most plays?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays_by_column' }, slots: { column: 'user_id', n: 1 } });
  });

  it('ranks the groups of the thing a name or an id names by how many rows each has ("which X has the most …")', () => {
    // (A ranking of single runs by their duration had answered these.)
    expect(ask('Which repository has the most runs?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_runs_by_repository_full_name' }, slots: { n: 1 } });
    expect(ask('Which author has the most runs?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_runs_by_column' }, slots: { column: 'author.name', n: 1 } });
    // Of two columns named alike, the one whose codes the value looks like.
    expect(ask('How many runs did author usr_1005 trigger?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_runs_where' }, slots: { column: 'author.id', value: 'usr_1005' } });
  });

  it('reads a value named by part of its words, and "by" after a participle as who did it', () => {
    expect(ask('How many orders were shipped with Hermes?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders_where' }, slots: { column: 'carrier', value: 'Hermes Parcel' } });
    // Counted, not grouped per user ("by users" had read as a grouping the count did not have).
    expect(ask('How many plays were made by users in Germany on tv?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_plays' }, slots: { user_country: 'DE', device: 'tv' } });
  });
});

describe('things named by a nested name beside other fields of theirs (podcast shows, commit authors)', () => {
  const shows = [
    { name: 'Money Matters', host: 'Priya Shah', language: 'en' },
    { name: 'Tech Talk Daily', host: 'Klaus Weber', language: 'de' },
    { name: 'Garden Hour', host: 'Ana Costa', language: 'pt' },
    { name: 'Night Shift', host: 'Leo Park', language: 'en' },
    { name: 'Deep Dive', host: 'Klaus Weber', language: 'de' },
  ];
  const episodes = () =>
    Array.from({ length: 400 }, (_, i) => ({
      episode_id: `ep_${(0x1000 + i).toString(16)}`,
      show: shows[(i * 3) % shows.length],
      title: `Episode ${i + 1}`,
      duration_sec: 900 + ((i * 37) % 3000),
      downloads: 1000 + ((i * 7919) % 20_000),
      explicit: i % 5 === 0,
    }));
  const logins = ['kchen', 'mlopez', 'asmith', 'jdoe', 'pnguyen', 'rkhan'];
  const commits = () =>
    Array.from({ length: 600 }, (_, i) => ({
      sha: `${(0xabc000 + i * 7).toString(16)}d41d8cd98f00b204e9800998ecf8427e`,
      repo: { name: ['billing-service', 'web-app', 'data-pipeline'][i % 3] },
      author: { login: logins[(i * 5) % logins.length] },
      additions: (i * 13) % 200,
      deletions: (i * 7) % 90,
      files_changed: 1 + (i % 9),
      branch: ['main', 'develop'][i % 2],
    }));
  const ask = askingOver('querylane-routing-named-things-', () => ({ podcast_episodes: episodes(), commits: commits() }));

  it('groups by the name of the thing asked for ("which show"), not by another field of it', () => {
    // (`show` is a stop word — "show me" — and the grouping had been any of name, host and language.)
    expect(ask('Which show has the most total downloads?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_downloads_by_show_name' }, slots: { n: 1 } });
    expect(ask('Which show has the most episodes?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_podcast_episodes_by_show_name' }, slots: { n: 1 } });
    expect(ask('How many different shows are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_podcast_episodes' }, slots: { column: 'show.name' } });
  });

  it('reads "by <measure>" after the things a ranking ranks as its measure, not a grouping', () => {
    expect(ask('Top 3 shows by downloads')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_downloads_by_show_name' }, slots: { n: 3 } });
    expect(ask('Top 5 episodes by downloads')).toMatchObject({ kind: 'answer', candidate: { name: 'top_podcast_episodes_by_downloads' }, slots: { n: 5 } });
  });

  it('groups by an author login only when asked ("per commit" is no grouping by it)', () => {
    expect(ask('What is the average number of files changed per commit?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_files_changed' } });
    expect(ask('Which author has made the most commits?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_commits_by_author_login' }, slots: { n: 1 } });
  });
});

describe('a measure per any other name, or for one value of it (cart items, leave requests, invoices)', () => {
  const products = ['Wireless Mouse', 'USB-C Hub', 'Laptop Stand', 'Desk Lamp', 'Mechanical Keyboard', 'Webcam HD', 'Noise Cancelling Headphones', 'Monitor Arm', 'Wool Socks (3-pack)', 'Yoga Mat', 'Water Bottle', 'Phone Case'];
  const emails = Array.from({ length: 90 }, (_, i) => `${['ana', 'tom', 'ines', 'kai', 'ola', 'raj'][i % 6]}.${i}@example.org`);
  const items = () =>
    Array.from({ length: 1500 }, (_, i) => ({
      line_id: `li_${700_000 + i}`,
      product: { name: products[(i * 7) % products.length], sku: `SKU-${1000 + ((i * 7) % products.length)}`, category: ['electronics', 'home', 'sports'][i % 3] },
      customer: { email: emails[(i * 11) % emails.length], country: ['US', 'DE', 'FR', 'GB'][i % 4] },
      quantity: 1 + (i % 5),
      unit_price: 5 + ((i * 37) % 200),
    }));
  // 160 employees (more than a profile lists: their names are partly unknown); six approvers, all listed.
  const first = ['Olga', 'Ravi', 'Mina', 'Jon', 'Aisha', 'Paul', 'Lena', 'Omar'];
  const last = ['Lopez', 'Shah', 'Petrova', 'Berg', 'Kim', 'Novak', 'Silva', 'Dubois', 'Haas', 'Moreau', 'Costa', 'Weber', 'Rossi', 'Ito', 'Klein', 'Meyer', 'Park', 'Adams', 'Ali', 'Brown'];
  const approvers = ['Aisha Haddad', 'Tom Berg', 'Ines Haddad', 'Nadia Nguyen', 'Carl Jensen', 'Mei Chen'];
  const leave = () =>
    Array.from({ length: 1500 }, (_, i) => ({
      request_id: `lr_${50_000 + i}`,
      employee: { id: `emp_${10_000 + (i % 160)}`, name: `${first[i % 8]} ${last[Math.floor((i % 160) / 8)]}`, department: ['Engineering', 'Sales', 'Finance', 'Operations'][i % 4] },
      leave_type: ['vacation', 'sick', 'unpaid', 'parental'][i % 4],
      days: 1 + (i % 10),
      status: ['approved', 'pending', 'rejected'][i % 3],
      approver: { name: approvers[i % 6] },
    }));
  const ask = askingOver('querylane-routing-regrouped-', () => ({ cart_items: items(), leave_requests: leave() }));

  it('totals a measure for one name, and ranks the names by it', () => {
    expect(ask("What's the total quantity sold of the Wireless Mouse?")).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_column' }, slots: { column: 'product.name', value: 'Wireless Mouse' } });
    expect(ask('Top 5 best-selling products by quantity')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_column' }, slots: { column: 'product.name', n: 5 } });
    // Rows per name are counted, not a measure's total.
    expect(ask('Which customer email has the most line items?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_cart_items_by_column' }, slots: { column: 'customer.email', n: 1 } });
  });

  it('gives a name nobody listed to the one column of such names, not to a listed name sharing a word', () => {
    // ("Aisha" had read as the approver "Aisha Haddad".)
    expect(ask('How many leave requests did Aisha Petrova make?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_leave_requests_where' }, slots: { column: 'employee.name', value: 'Aisha Petrova' } });
    expect(ask('How many days of leave did Aisha Petrova request in total?')).toMatchObject({ kind: 'answer', slots: { column: 'employee.name', value: 'Aisha Petrova' } });
  });

  it('counts the rows broken down by a label unless a measure is named', () => {
    expect(ask('Break down leave requests by department.')).toMatchObject({ kind: 'answer', candidate: { name: 'count_leave_requests_by_employee_department' } });
    expect(ask('Break down the days of leave by department')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_days_by_employee_department' } });
  });
});

describe('identifiers written as their data writes them (invoices, messages, commits, line items)', () => {
  const hex = (seed: number, length: number) => createHash('sha256').update(String(seed)).digest('hex').slice(0, length);
  const invoices = () =>
    Array.from({ length: 400 }, (_, i) => ({
      id: `inv_${10_000 + i}`,
      customer: `cus_${hex(i % 90, 14)}`,
      subscription: `sub_${hex(i + 500, 14)}`,
      status: ['paid', 'open', 'void'][i % 3],
      amount_due: 1000 + ((i * 37) % 9000),
    }));
  const messages = () =>
    Array.from({ length: 400 }, (_, i) => ({
      sid: `SM${hex(i + 1, 32)}`,
      to: `+1415555${String(1000 + (i % 300)).padStart(4, '0')}`,
      from: `+1415555${String(9000 + (i % 20)).padStart(4, '0')}`,
      status: ['delivered', 'failed', 'queued'][i % 3],
      num_segments: 1 + (i % 3),
    }));
  const commits = () =>
    Array.from({ length: 400 }, (_, i) => ({
      sha: hex(i + 7, 40),
      author: { login: ['kchen', 'mlopez', 'asmith'][i % 3] },
      message: `Fix ${['parser', 'router', 'cache', 'docs'][i % 4]} issue ${i}`,
      additions: (i * 13) % 200,
    }));
  // About two line items per order: the order is what the rows belong to.
  const items = () =>
    Array.from({ length: 600 }, (_, i) => ({ line_id: `li_${100_000 + i}`, order_id: `ord_${700_000 + Math.floor(i / 2) - (i % 7 === 0 ? 1 : 0)}`, sku: `SKU-${1000 + (i % 12)}`, quantity: 1 + (i % 4) }));
  const ask = askingOver('querylane-routing-identifiers-', () => ({ invoices: invoices(), messages: messages(), commits: commits(), cart_items: items() }));

  it('looks up a code of its key\'s prefix, never searches other columns for it', () => {
    expect(ask('What is the status of invoice inv_10123?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_invoices_by_id' }, slots: { id: 'inv_10123' } });
  });

  it('looks up a hash or a SID of the length and the prefix its key\'s values share', () => {
    const sid = `SM${hex(42, 32)}`;
    expect(ask(`What is the status of message ${sid}?`)).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_messages_by_sid' }, slots: { sid } });
    const sha = hex(99, 40);
    expect(ask(`Show commit ${sha}.`)).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_commits_by_sha' }, slots: { sha } });
  });

  it('counts by an identifier the rows share about two to a value', () => {
    expect(ask('How many line items does order ord_700123 have?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_cart_items_where' }, slots: { column: 'order_id', value: 'ord_700123' } });
    expect(ask('How many different orders are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_cart_items' }, slots: { column: 'order_id' } });
  });
});

describe('names of data sets and of nested fields said whole (listings, job applications, transactions, parking)', () => {
  const agents = ['Stefan Lund', 'Laila Bianchi', 'Gabriela Nowak', 'Hamza Marin'];
  const listings = () =>
    Array.from({ length: 300 }, (_, i) => ({
      listing_id: `lst_${70_000 + i}`,
      agent: { name: agents[(i * 3) % 4 === 0 ? 0 : i % 4], agency: ['Sol Realty', 'Casa Prime'][i % 2] },
      city: ['Lisbon', 'Porto', 'Madrid'][i % 3],
      bedrooms: 1 + (i % 5),
      asking_price: 150_000 + ((i * 7919) % 900_000),
    }));
  const applications = () =>
    Array.from({ length: 600 }, (_, i) => ({
      application_id: `app_${30_000 + i}`,
      job: { id: `job_${100 + (i % 12)}`, title: ['Data Scientist', 'Backend Engineer', 'Designer'][i % 3] },
      stage: ['applied', 'interview', 'hired', 'rejected'][i % 4],
      years_experience: i % 15,
    }));
  const transactions = () =>
    Array.from({ length: 900 }, (_, i) => ({
      transaction_id: `tx_${500_000 + i}`,
      merchant: { name: ['Lufthansa', 'Rewe', 'Shell', 'Amazon', 'Netflix', 'Edeka'][(i * 5) % 6], category: ['travel', 'groceries', 'fuel', 'shopping', 'entertainment', 'groceries'][(i * 5) % 6] },
      amount: 5 + ((i * 37) % 400),
    }));
  const sessions = () =>
    Array.from({ length: 900 }, (_, i) => ({
      session_id: `ps_${80_000 + i}`,
      garage: { id: `gar_0${1 + (i % 4)}`, name: ['Rhine Plaza', 'Old Town Garage', 'Central Station P1', 'Westside Mall'][i % 4] },
      vehicle: { plate: `ZH ${10_000 + ((i * 7) % 250)}`, type: ['car', 'van', 'motorcycle'][i % 3] },
      duration_minutes: 15 + ((i * 13) % 400),
    }));
  const ask = askingOver('querylane-routing-names-whole-', () => ({ listings: listings(), job_applications: applications(), bank_transactions: transactions(), parking_sessions: sessions() }));

  it('reads "listings" as the data (no "list"), and "job applications" as its rows, not its jobs', () => {
    expect(ask('Which agent has the most listings?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_listings_by_agent_name' }, slots: { n: 1 } });
    expect(ask('How many job applications have we received?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications' } });
    expect(ask('How many jobs are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_job_applications' }, slots: { column: 'job.id' } });
  });

  it('takes the field whose whole path is said, and counts the thing counted before another one named', () => {
    // (A grouping by the chosen column, or a program of its own for it.)
    const grouping = (question: string) => {
      const result = ask(question);
      return result.kind === 'answer' ? String(result.slots.column ?? result.candidate.name) : 'refused';
    };
    expect(grouping('Which merchant category has the most transactions?')).toMatch(/merchant[._]category$/);
    expect(grouping('Which merchant has the most transactions?')).toMatch(/merchant[._]name$/);
    expect(ask('How many distinct vehicles used our garages?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_parking_sessions' }, slots: { column: 'vehicle.plate' } });
  });
});

describe('readings: a bound no column is named for, and how often a test is ordered', () => {
  const tests = [
    { code: 'LDL', name: 'LDL Cholesterol' },
    { code: 'HDL', name: 'HDL Cholesterol' },
    { code: 'CRP', name: 'C-Reactive Protein' },
    { code: 'GLU', name: 'Fasting Glucose' },
  ];
  const results = () =>
    Array.from({ length: 400 }, (_, i) => ({
      id: `lab_${800_000 + i}`,
      test: tests[(i * 7) % 4 === 0 ? 0 : i % 4],
      value: 20 + ((i * 7919) % 20_000) / 100,
      reference_range: { low: (i % 3) * 10, high: 100 + (i % 5) * 10 },
      flag: ['normal', 'high', 'low'][i % 3],
      turnaround_hours: 2 + ((i * 31) % 40),
      collected_at: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000 * 7).toISOString(),
    }));
  const ask = askingOver('querylane-routing-readings-', () => ({ lab_results: results() }));

  it('bounds the rows\' value when no column is named ("LDL results above 160")', () => {
    expect(ask('How many LDL cholesterol results were above 160?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_lab_results' }, slots: { test_code: 'LDL', min_value: expect.closeTo(160, 6) } });
    // A column named still takes it.
    expect(ask("How many results had a turnaround above 30 hours?")).toMatchObject({ kind: "answer", slots: { min_turnaround_hours: 31 } });
  });

  it('ranks tests by how often they are ordered, not the rows by a measure', () => {
    expect(ask('Which lab test is ordered most often?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { n: 1, order: 'desc' } });
  });
});

describe('inspections, stock, harvests and survey answers (trial T: outcomes, denials, totals per group)', () => {
  const stations = ['Northgate Auto Check', 'Riverside Emissions', 'Hilltop Motors'];
  const makes = ['Toyota', 'Ford', 'Honda', 'Chevrolet', 'Nissan'];
  const inspections = () =>
    Array.from({ length: 300 }, (_, i) => ({
      inspection_id: `INS-${100_000 + i}`,
      station: stations[i % 3],
      make: makes[(i * 7) % 5],
      model_year: 2000 + (i % 24),
      odometer: 10_000 + ((i * 7919) % 200_000),
      result: i % 5 === 0 ? 'fail' : i % 11 === 0 ? 'conditional' : 'pass',
      fee: 35 + (i % 4) * 10,
      inspected_at: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString(),
      emissions_tested: i % 4 !== 0,
    }));
  const cities = ['Dallas', 'Newark', 'Chicago', 'Denver'];
  const stock = () =>
    Array.from({ length: 240 }, (_, i) => ({
      sku: `FAS-${10_000 + i * 37}`,
      product_name: ['Cordless Drill', 'Hex Bolt', 'Wire Nut', 'Paint Roller', 'Safety Glasses', 'Pipe Wrench'][i % 6],
      warehouse_city: cities[i % 4],
      category: ['Tools', 'Fasteners', 'Electrical', 'Paint', 'Safety', 'Plumbing'][i % 6],
      quantity_on_hand: (i * 53) % 900,
      reorder_level: [10, 20, 50][i % 3],
      unit_cost: Math.round(((i * 7919) % 9000) / 10) / 10,
      last_counted: new Date(Date.UTC(2026, 3, 1) + (i % 200) * 86_400_000).toISOString().slice(0, 10),
    }));
  // Farms of many small harvests and of few large ones: ranked by total and by average they differ.
  const farms = ['Twin Pines Farm', 'Willow Bend Farm', 'Cedar Creek Farms', 'Blue River Farm'];
  const harvests = () =>
    Array.from({ length: 200 }, (_, i) => ({
      harvest_id: `H-${1000 + i}`,
      farm_name: farms[i % 10 < 6 ? 0 : (i % 3) + 1],
      crop: ['corn', 'soybeans', 'wheat', 'barley'][i % 4],
      region: ['Midwest', 'Northeast', 'Pacific Northwest'][i % 3],
      yield_tons: i % 10 < 6 ? 40 + (i % 13) : 150 + (i % 17),
      area_hectares: 5 + ((i * 13) % 40),
      harvest_date: new Date(Date.UTC(2023, 8, 1) + (i % 90) * 86_400_000).toISOString().slice(0, 10),
      organic: i % 3 === 0,
    }));
  const survey = () =>
    Array.from({ length: 300 }, (_, i) => ({
      respondent_id: `R${700_000 + i * 7}`,
      region: ['Northeast', 'West', 'South', 'Midwest'][i % 4],
      channel: ['email', 'sms', 'phone', 'web'][(i * 3) % 4],
      age_band: ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'][i % 6],
      nps_score: (i * 7) % 11,
      satisfaction: 1 + (i % 5),
      would_recommend: i % 3 !== 0,
      submitted_at: 1_750_000_000 + i * 86_400,
    }));
  const ask = askingOver('querylane-routing-trial-t-', () => ({ vehicle_inspections: inspections(), warehouse_stock: stock(), crop_harvests: harvests(), survey_responses: survey() }));

  it('reads a verb\'s past form as the outcome a result column holds ("failed", "passed")', () => {
    expect(ask('How many vehicles failed inspection?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_vehicle_inspections' }, slots: { result: 'fail' } });
    expect(ask('How many inspections passed?')).toMatchObject({ kind: 'answer', slots: { result: 'pass' } });
  });

  it('denies a flag said after "not", a verb and an article ("did not include an emissions test")', () => {
    expect(ask('How many inspections did not include an emissions test?')).toMatchObject({ kind: 'answer', slots: { emissions_tested: false } });
    expect(ask('How many inspections included an emissions test?')).toMatchObject({ kind: 'answer', slots: { emissions_tested: true } });
  });

  it('reads an acronym\'s plural as its column ("SKUs") and "items" as any data\'s rows', () => {
    expect(ask('How many SKUs are stocked in the Dallas warehouse?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_warehouse_stock' }, slots: { warehouse_city: 'Dallas' } });
    expect(ask('Top 5 SKUs by quantity on hand')).toMatchObject({ kind: 'answer', candidate: { name: 'top_warehouse_stock_by_quantity_on_hand' }, slots: { n: 5 } });
    expect(ask('How many items were last counted in June 2026?')).toMatchObject({
      kind: 'answer',
      candidate: { name: 'count_warehouse_stock' },
      slots: { from_last_counted: '2026-06-01', to_last_counted: '2026-06-30' },
    });
  });

  it('reads a band written with its signs as the data writes it, after "aged"', () => {
    expect(ask('How many respondents aged 65+ would not recommend us?')).toMatchObject({ kind: 'answer', slots: { age_band: '65+', would_recommend: false } });
    expect(ask('How many respondents aged 25-34?')).toMatchObject({ kind: 'answer', slots: { age_band: '25-34' } });
  });

  it('reads "what\'s" as "what is", no word of the subject', () => {
    expect(ask("What's the average NPS for SMS respondents?")).toMatchObject({ kind: 'answer', candidate: { name: 'avg_nps_score' }, slots: { channel: 'sms' } });
  });

  it('ranks groups by their total when the question says total or overall, or counts a quantity after "the most"', () => {
    const byFarm = ask('Which farm harvested the most tons overall?');
    expect(byFarm).toMatchObject({ kind: 'answer', candidate: { name: 'avg_yield_tons_by_farm_name' }, slots: { n: 1, rank_by: 'total' } });
    expect(ask('Top 3 crops by total area harvested')).toMatchObject({ kind: 'answer', slots: { n: 3, rank_by: 'total' } });
    expect(ask('Which farm harvested the most tons?')).toMatchObject({ kind: 'answer', slots: { n: 1, rank_by: 'total' } });
    expect(ask('Top 2 farms by tons harvested')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_yield_tons_by_farm_name' }, slots: { n: 2, rank_by: 'total' } });
    // An average asked stays the program's own ranking.
    const average = ask('Which farm has the highest average yield?');
    expect(average.kind === 'answer' && average.slots.rank_by).toBeUndefined();
  });

  it('reads "expensive" as a price or a cost, and "fee revenue" as the fee', () => {
    expect(ask('What is the most expensive item we stock?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_warehouse_stock_by_unit_cost' }, slots: { n: 1 } });
    expect(ask('What is the total fee revenue collected by Northgate Auto Check?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fee' }, slots: { station: 'Northgate Auto Check' } });
  });

  it('refuses an average or a total of a measure no data has', () => {
    expect(ask('What is the average salary of inspectors?')).toMatchObject({ kind: 'refusal' });
    expect(ask('What was the average rainfall on the farms this year?')).toMatchObject({ kind: 'refusal' });
    expect(ask('What is the average yield on organic farms?')).toMatchObject({ kind: 'answer', slots: { organic: true } });
  });

  it('refuses an attribute no data has of a thing one has ("the supplier of the cordless drills")', () => {
    expect(ask('Who is the supplier of the cordless drills?')).toMatchObject({ kind: 'refusal' });
    expect(ask('What is the monthly rent of the Denver warehouse?')).toMatchObject({ kind: 'refusal' });
    expect(ask('What is the reorder level of FAS-10037?')).toMatchObject({ kind: 'answer', slots: { sku: 'FAS-10037' } });
  });
});

describe('charging sessions, calls, results and licenses (trial U: measures said after an operation, verbs beside the rows)', () => {
  const stations = ['Bayside Energy Stop', 'Greenway Plaza Hub', 'Northpoint Chargers', 'Harbor Volt Station'];
  const sessions = () =>
    Array.from({ length: 300 }, (_, i) => ({
      session_id: `EV-${50_000 + i}`,
      station_name: stations[i % 4],
      city: ['Seattle', 'Portland', 'Denver'][i % 3],
      kwh_delivered: 5 + ((i * 37) % 60),
      duration_minutes: 15 + ((i * 13) % 120),
      cost_usd: Math.round((3 + ((i * 7919) % 4000) / 100) * 100) / 100,
      started_at: new Date(Date.UTC(2025, 0, 1) + i * 43_200_000).toISOString(),
      fast_charge: i % 3 === 0,
    }));
  const agents = ['Maria Garcia', 'Chloe Rossi', 'Kwame Chen', 'Liam Novak'];
  // Maria takes the most calls, Chloe the longest ones.
  const calls = () =>
    Array.from({ length: 300 }, (_, i) => ({
      call_id: `C${500_000 + i}`,
      agent_name: agents[i % 10 < 4 ? 0 : (i % 3) + 1],
      queue: ['billing', 'retention', 'technical'][i % 3],
      wait_seconds: (i * 17) % 600,
      handle_seconds: agents[i % 10 < 4 ? 0 : (i % 3) + 1] === 'Chloe Rossi' ? 900 + (i % 50) : 200 + (i % 100),
      resolved: i % 4 !== 0,
      csat: 1 + (i % 5),
      called_at: new Date(Date.UTC(2026, 5, 1) + i * 3_600_000 * 11).toISOString(),
    }));
  const licenses = () =>
    Array.from({ length: 200 }, (_, i) => ({
      license_id: `LIC-${9000 + i}`,
      product: ['Figma', 'Slack', 'Microsoft 365 E3', 'Adobe Acrobat'][i % 4],
      vendor: ['Figma', 'Salesforce', 'Microsoft', 'Adobe'][i % 4],
      department: ['Marketing', 'Engineering', 'Sales', 'Finance'][(i * 3) % 4],
      seats_purchased: 10 + ((i * 7) % 90),
      cost_per_seat: 10 + (i % 8) * 5,
      renewal_date: new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 * 2).toISOString().slice(0, 10),
      auto_renew: i % 3 !== 0,
    }));
  const results = () =>
    Array.from({ length: 300 }, (_, i) => ({
      bib: `B${30_000 + i}`,
      runner_name: `${['Arjun', 'Maria', 'Kwame', 'Yuki', 'Liam', 'Sofia', 'Omar', 'Chen', 'Ada'][i % 9]} ${['Kariuki', 'Tanaka', 'Smith', 'Okafor', 'Rossi', 'Novak', 'Silva'][i % 7]}`,
      // Twelve countries, as many as the profile lists: a country is a value of the count of a value of any column.
      country: ['United States', 'United Kingdom', 'Germany', 'Japan', 'Kenya', 'Canada', 'France', 'Mexico', 'Ethiopia', 'Brazil', 'Australia', 'Italy'][i % 10 < 4 ? 0 : i % 12],
      gender: i % 2 === 0 ? 'F' : 'M',
      finish_seconds: 7500 + ((i * 7919) % 12_000),
      race_year: 2022 + (i % 4),
      personal_best: i % 5 === 0,
    }));
  const ask = askingOver('querylane-routing-trial-u-', () => ({ ev_charging_sessions: sessions(), support_calls: calls(), software_licenses: licenses(), marathon_results: results() }));

  it('reads a word right after "total" or "most" as the measure, not part of a name ("Bayside Energy Stop")', () => {
    expect(ask('What is the total energy delivered in kWh across all sessions?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh_delivered' }, slots: {} });
    const most = ask('Which station delivered the most energy?');
    expect(most.kind === 'answer' && most.slots.station_name).toBeUndefined();
  });

  it('counts the rows of a value named beside the thing counted ("how many runners are from Kenya")', () => {
    const kenya = ask('How many runners are from Kenya?');
    expect(kenya).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
    expect(kenya.kind === 'answer' && Object.values(kenya.slots)).toContain('Kenya');
    expect(kenya.kind === 'answer' && kenya.slots.column).not.toBe('runner_name');
  });

  it('reads "the finish time" as a time counted in seconds, the fastest as the shortest', () => {
    expect(ask('What is the average finishing time for female runners?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_finish_seconds' }, slots: { gender: 'F' } });
    expect(ask("What's the slowest finish time among male runners?")).toMatchObject({
      kind: 'answer',
      candidate: { name: 'top_marathon_results_by_finish_seconds' },
      slots: { gender: 'M', n: 1, order: 'desc' },
    });
    expect(ask('What was the fastest finish time in 2024?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_marathon_results_by_finish_seconds' }, slots: { race_year: 2024, n: 1, order: 'asc' } });
  });

  it('reads "from <month>" as that month, and "from <month> on" as open-ended', () => {
    expect(ask('List the unresolved retention calls from July 2026')).toMatchObject({
      kind: 'answer',
      slots: { from_called_at: '2026-07-01', to_called_at: '2026-07-31', queue: 'retention', resolved: false },
    });
    const open = ask('List the retention calls from July 2026 onwards');
    expect(open).toMatchObject({ kind: 'answer', slots: { from_called_at: '2026-07-01' } });
    expect(open.kind === 'answer' && open.slots.to_called_at).toBeUndefined();
  });

  it('counts the rows per group when the most of them is asked beside a verb ("handled the most calls")', () => {
    expect(ask('Which agent handled the most calls?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_calls_by_agent_name' }, slots: { n: 1 } });
  });

  it('denies a flag after "not set to", and reads a ranking word inside a flag\'s name as no ranking', () => {
    expect(ask('How many licenses are not set to auto-renew?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_software_licenses' }, slots: { auto_renew: false } });
    expect(ask('How many runners set a personal best?')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { personal_best: true } });
  });
});

describe('artworks, quakes, exams, recipes, talks and budget lines (trial V: words of the whole data, opposites, clipped names)', () => {
  const departments = ['Police', 'Parks', 'Libraries', 'Fire'];
  const ask = askingOver('querylane-routing-trial-v-', () => ({
    artworks: Array.from({ length: 240 }, (_, i) => ({
      artwork_id: 9000 + i,
      title: `Study No. ${i}`,
      artist: ['Vincent van Gogh', 'Mary Cassatt', 'Hokusai', 'Frida Kahlo'][i % 4],
      department: ['European Paintings', 'Asian Art', 'Modern Art'][i % 3],
      medium: ['Oil on canvas', 'Woodblock print', 'Watercolor'][i % 3],
      year_created: 1850 + (i % 90),
      insurance_value_usd: 10_000 + ((i * 7919) % 900_000),
    })),
    earthquakes: Array.from({ length: 300 }, (_, i) => ({
      event_id: `us${7000 + i}`,
      country: ['Indonesia', 'Japan', 'Chile', 'Mexico'][i % 4],
      magnitude: 4 + ((i * 37) % 40) / 10,
      depth_km: 5 + ((i * 53) % 600),
      occurred_at: new Date(Date.UTC(2021, 0, 1) + i * 4 * 86_400_000).toISOString(),
    })),
    exam_results: Array.from({ length: 400 }, (_, i) => ({
      exam_id: 70_000 + i,
      student_id: `S${1700 + (i % 80)}`,
      subject: ['Chemistry', 'Biology', 'Algebra', 'History'][i % 4],
      teacher: ['Ms. Okafor', 'Mr. Lind', 'Dr. Park'][i % 3],
      score: 35 + ((i * 29) % 65),
      passed: 35 + ((i * 29) % 65) >= 60,
      exam_date: `2024-${String((i % 9) + 1).padStart(2, '0')}-15`,
    })),
    recipes: Array.from({ length: 300 }, (_, i) => ({
      recipe_id: 500 + i,
      name: ['Creamy Rice Crumble', 'Smoky Bean Stew', 'Herb Egg Porridge'][i % 3] + (i < 3 ? '' : ` ${i}`),
      main_ingredient: ['rice', 'beans', 'eggs'][i % 3],
      cuisine: ['Indian', 'Mexican', 'Italian', 'Thai'][i % 4],
      course: ['Main', 'Dessert', 'Breakfast'][i % 3],
      difficulty: ['Easy', 'Medium', 'Hard'][i % 3],
      vegan: i % 5 === 0,
      gluten_free: i % 4 === 0,
      vegetarian: i % 2 === 0,
      dairy_free: i % 3 === 0,
      rating: 3 + ((i * 7) % 20) / 10,
    })),
    talks: Array.from({ length: 200 }, (_, i) => ({
      talk_id: 300 + i,
      title: `Talk ${i}`,
      track: ['Data Engineering', 'AI and Machine Learning', 'Security', 'Frontend', 'Cloud', 'Leadership'][i % 6],
      format: ['Keynote', 'Workshop', 'Talk', 'Panel', 'Lightning', 'Tutorial', 'Demo'][i % 7],
      room: `Room ${['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'][i % 8]}`,
      attendees: 20 + ((i * 31) % 400),
      talk_date: `2025-09-${String(15 + (i % 3)).padStart(2, '0')}`,
    })),
    budget_items: Array.from({ length: 360 }, (_, i) => ({
      line_id: 1000 + i,
      department: departments[i % 4],
      category: ['Salaries', 'Equipment', 'Capital Projects'][i % 3],
      fiscal_year: 2022 + (i % 3),
      budgeted_amount: 50_000 + ((i * 7919) % 500_000),
      actual_amount: 45_000 + ((i * 104_729) % 500_000),
      // Approved in the autumn before its fiscal year: "in 2023" of the year is not of the approval.
      approval_date: `${2021 + (i % 3)}-${String(9 + (i % 3)).padStart(2, '0')}-10`,
    })),
  }));
  const named = (result: RouteResult) => (result.kind === 'answer' ? result.candidate.name : `refused: ${result.reason}`);

  it('reads "in the collection" and "in the catalog" as the whole data, no value of it', () => {
    expect(ask('How many artworks are in the collection?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_artworks' }, slots: {} });
    expect(ask('How many earthquakes are in the catalog?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_earthquakes' }, slots: {} });
  });

  it('reads "failed" as the false of a flag named passed', () => {
    const failed = ask('How many students failed Chemistry?');
    expect(failed.kind === 'answer' && [failed.slots.passed, failed.slots.subject]).toEqual([false, 'Chemistry']);
  });

  it('counts the rows "in total" without drawing the question to totals, and names a data set by its last part', () => {
    expect(named(ask('How many exams were taken in total?'))).toMatch(/^count_exam_results/);
    const quakes = ask('how many quakes happened in 2023');
    expect(quakes.kind === 'answer' && [quakes.candidate.name, quakes.slots.from_occurred_at]).toEqual(['count_earthquakes', '2023-01-01']);
  });

  it('refuses the average of a word only values hold, and ranks "the shallowest" ascending', () => {
    expect(ask('What is the average salary of teachers?')).toMatchObject({ kind: 'refusal' });
    const shallow = ask("what's the shallowest quake in Indonesia");
    expect(shallow.kind === 'answer' && [shallow.candidate.name, shallow.slots.order, shallow.slots.n, shallow.slots.country]).toEqual(['top_earthquakes_by_depth_km', 'asc', 1, 'Indonesia']);
  });

  it('bounds the groups of a per-group aggregate by a stated period', () => {
    expect(ask('average magnitude per country since 2022')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_magnitude_by_country' }, slots: { from_occurred_at: '2022-01-01' } });
  });

  it('bounds a year once, by the column of years, and sums "how much was spent"', () => {
    const spent = ask('How much did the Police department actually spend in 2023?');
    expect(spent).toMatchObject({ kind: 'answer', candidate: { name: 'sum_actual_amount' }, slots: { department: 'Police', fiscal_year: 2023 } });
    expect(spent.kind === 'answer' && Object.keys(spent.slots).filter((slot) => slot.includes('approval'))).toEqual([]);
  });

  it('reads "attendance" as the attendees, filters by a third and fourth flag, and lists the rows of any column\'s value', () => {
    const attendance = ask('total attendance per track');
    // (Attendees add up: the program is named for, and ranks by, their total.)
    expect(attendance.kind === 'answer' && [attendance.candidate.name, attendance.slots.rank_by]).toEqual(['sum_attendees_by_track', undefined]);
    expect(ask('How many vegetarian recipes are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_recipes' }, slots: { vegetarian: true } });
    expect(ask('how many dairy free recipes are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_recipes' }, slots: { dairy_free: true } });
    expect(ask('Show all exam results for student S1711')).toMatchObject({ kind: 'answer', candidate: { name: 'list_exam_results_where' }, slots: { column: 'student_id', value: 'S1711' } });
  });

  it('lists the values of a column asked for by its plural, takes an acronym inside a value, and reads a lower-case value inside a name as the name', () => {
    expect(named(ask('List all the cuisines'))).toBe('count_recipes_by_cuisine');
    expect(named(ask('which tracks are there?'))).toBe('count_talks_by_track');
    expect(named(ask('list all recipes'))).toBe('list_recipes');
    expect(ask('how many talks are in the AI track')).toMatchObject({ kind: 'answer', candidate: { name: 'count_talks' }, slots: { track: 'AI and Machine Learning' } });
    const recipe = ask('Show me the recipe for Creamy Rice Crumble');
    expect(recipe.kind === 'answer' && [recipe.candidate.family, Object.values(recipe.slots)]).toEqual(['lookup', ['Creamy Rice Crumble']]);
  });
});

describe('wines, birds, citations and games (trial W: bounds after their unit, irregular plurals, numbered keys, wholes before parts)', () => {
  const ask = askingOver('querylane-routing-trial-w-', () => ({
    wines: Array.from({ length: 300 }, (_, i) => ({
      wine_id: `WN-${10_000 + i}`,
      winery: ['Chateau Aurel', 'Bodega Sur', 'Hill Cellars', 'Vina Blanca'][i % 4],
      country: ['France', 'Argentina', 'US', 'Spain'][i % 4],
      variety: ['Pinot Noir', 'Malbec', 'Chardonnay', 'Tempranillo', 'Riesling'][i % 5],
      points: 80 + ((i * 7) % 21),
      price_usd: 10 + ((i * 37) % 190),
    })),
    bird_sightings: Array.from({ length: 300 }, (_, i) => ({
      sighting_id: `S-${5000 + i}`,
      common_name: ['Canada Goose', 'Snowy Owl', 'Red-tailed Hawk', 'Great Blue Heron'][i % 4],
      location: ['Heron Marsh', 'Pine Ridge', 'Lakeside Park'][i % 3],
      bird_count: 1 + ((i * 13) % 40),
      observation_date: `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    })),
    parking_citations: Array.from({ length: 300 }, (_, i) => ({
      citation_number: 4_614_000_000 + i * 7919,
      violation: ['Street cleaning', 'Expired meter', 'No permit', 'Red zone'][i % 4],
      fine_amount: [73, 63, 98, 108][i % 4],
      officer: `Officer ${['Reyes', 'Kim', 'Novak', 'Osei', 'Lund'][i % 5]}`,
      issued_at: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString(),
    })),
    video_games: Array.from({ length: 300 }, (_, i) => {
      const [na, eu, jp, other] = [((i * 31) % 500) / 100, ((i * 17) % 400) / 100, ((i * 7) % 200) / 100, ((i * 3) % 100) / 100];
      return {
        game_id: 700 + i,
        title: `Game ${i}`,
        platform: ['PS5', 'Switch', 'Xbox One', 'PC'][i % 4],
        genre: ['Racing', 'RPG', 'Shooter', 'Puzzle', 'Sports'][i % 5],
        na_sales: na,
        eu_sales: eu,
        jp_sales: jp,
        other_sales: other,
        global_sales: Math.round((na + eu + jp + other) * 100) / 100,
        critic_score: 50 + ((i * 11) % 50),
        user_score: 4 + ((i * 3) % 60) / 10,
      };
    }),
  }));

  it('parses "95 points or more" and "at least 95 points" as a bound, never as a count of rows', () => {
    for (const question of ['wines with 95 points or more', 'homes with 3 bedrooms or fewer', 'wines with at least 95 points']) {
      const parsed = parseQuestion(question, now);
      expect([parsed.limit, parsed.comparisons.map((c) => [c.min, c.max])], question).toEqual([null, [question.includes('fewer') ? [null, 3] : [95, null]]]);
    }
  });

  it('reads an irregular plural as its singular ("Canada Geese")', () => {
    const geese = ask('how many Canada Geese were seen');
    expect(geese.kind === 'answer' && Object.values(geese.slots)).toContain('Canada Goose');
  });

  it('looks a row up by a numbered name ("citation number"), which is no measure', () => {
    expect(ask('Look up citation 4614007919')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_parking_citations_by_citation_number' }, slots: { citation_number: 4_614_007_919 } });
    expect(named(ask('Top 5 officers by number of citations'))).toBe('count_parking_citations_by_officer');
  });

  it('aggregates the whole before its parts, and more than one kind of measure', () => {
    expect(named(ask('Top 5 best selling games'))).toBe('top_video_games_by_global_sales');
    expect(ask('what is the average critic score')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_critic_score' } });
    expect(ask('total global sales per genre')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' } });
  });

  const named = (result: RouteResult) => (result.kind === 'answer' ? result.candidate.name : `refused: ${result.reason}`);

  it('reads a day written without its year in the data\'s year that holds it ("on September 17" of sightings in 2025, asked in 2015)', () => {
    const day = ask('how many bird sightings were there on September 17');
    expect(day).toMatchObject({ kind: 'answer', candidate: { name: 'count_bird_sightings' } });
    const slots = day.kind === 'answer' ? day.slots : {};
    expect(Object.entries(slots).filter(([name]) => /^(from|to)_/.test(name))).toEqual([
      ['from_observation_date', '2025-09-17'],
      ['to_observation_date', '2025-09-17'],
    ]);
  });

  it('answers "the most recent citation" with the citations by their issue time, newest first', () => {
    expect(ask('What was the most recent citation issued?')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_parking_citations_by_issued_at' }, slots: { n: 1, order: 'desc' } });
    expect(ask('show the 5 latest parking citations')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_parking_citations_by_issued_at' }, slots: { n: 5, order: 'desc' } });
    // A superlative of a measure is never read as a time's ("deadliest" is no typo of "earliest").
    expect(named(ask('the 3 highest fines'))).toBe('top_parking_citations_by_fine_amount');
  });
});

describe('air quality readings and hospital admissions (trial X: a name with a decimal, the noun of a qualified name)', () => {
  const ask = askingOver('querylane-routing-trial-x-', () => ({
    air_quality_readings: Array.from({ length: 240 }, (_, i) => ({
      reading_id: `AQR-${70_000 + i}`,
      site_name: ['Harbor Station', 'Riverside Elementary', 'Eastside Center'][i % 3],
      measured_at: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000 * 7).toISOString(),
      pm2_5: ((i * 37) % 600) / 10 + 1.5,
      pm10: ((i * 53) % 900) / 10 + 2,
      temperature_c: ((i * 11) % 300) / 10,
      o3_ppb: ((i * 19) % 700) / 10,
    })),
    hospital_admissions: Array.from({ length: 300 }, (_, i) => ({
      admission_id: `ADM-${20_000 + i}`,
      department: ['Cardiology', 'Oncology', 'Orthopedics', 'Emergency'][i % 4],
      admission_type: ['Emergency', 'Elective', 'Urgent'][i % 3],
      insurance: ['Medicare', 'Medicaid', 'Private', 'Self-pay'][(i * 7) % 4],
      discharge_disposition: ['Home', 'Home', 'Home', 'Rehab', 'Expired'][i % 5],
      // Fifteen diagnoses: past the labels counted by programs of their own.
      primary_diagnosis: ['Pneumonia', 'Heart failure', 'Hip fracture', 'Sepsis', 'Stroke', 'Asthma', 'Appendicitis', 'Diabetes', 'COPD', 'Migraine', 'Kidney stones', 'Cellulitis', 'Anemia', 'Gout', 'Bronchitis'][Math.floor(((i * 13) % 150) / 10)],
      total_charges: 2000 + ((i * 7919) % 90_000),
      length_of_stay_days: 1 + ((i * 11) % 14),
    })),
    bike_trips: Array.from({ length: 300 }, (_, i) => ({
      trip_id: `T-${9000 + i}`,
      started_at: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000 * 1.2).toISOString(),
      member_casual: i % 3 === 0 ? 'casual' : 'member',
      duration_min: 3 + ((i * 17) % 120),
      fare_usd: 1 + ((i * 29) % 900) / 100,
    })),
    library_loans: Array.from({ length: 200 }, (_, i) => ({
      loan_id: `L-${7000 + i}`,
      title: ['The Silent Patient', 'Death on the Nile', 'Fourth Wing', 'Project Hail Mary', 'Educated'][i % 5],
      branch: ['Central', 'Eastside', 'Harbor'][i % 3],
      days_borrowed: 3 + ((i * 7) % 25),
    })),
    podcast_episodes: Array.from({ length: 200 }, (_, i) => ({
      episode_id: `EP-${400 + i}`,
      category: ['Technology', 'Comedy', 'History', 'Science'][i % 4],
      language: ['en', 'en', 'es', 'fr'][(i * 3) % 4],
      duration_seconds: 900 + ((i * 97) % 4000),
    })),
  }));

  it('reads "PM2.5" as the name of `pm2_5`, never as a word and the number 5', () => {
    const above = ask('How many readings had PM2.5 above 35?');
    expect(above).toMatchObject({ kind: 'answer', candidate: { name: 'count_air_quality_readings' } });
    const slots = above.kind === 'answer' ? above.slots : {};
    expect([Math.round(Number(slots.min_pm2_5)), slots.max_pm2_5]).toEqual([35, undefined]);
    expect(ask('average PM2.5 at Harbor Station')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_pm2_5' }, slots: { site_name: 'Harbor Station' } });
  });

  it('links common words to the measures data names otherwise: "expensive" to charges, "ozone" to o3', () => {
    expect(ask('Top 5 most expensive hospital stays')).toMatchObject({ kind: 'answer', candidate: { name: 'top_hospital_admissions_by_total_charges' }, slots: { n: 5 } });
    expect(ask('what was the highest ozone level')).toMatchObject({ kind: 'answer', candidate: { name: 'top_air_quality_readings_by_o3_ppb' }, slots: { n: 1, order: 'desc' } });
  });

  it('counts rides as trips, and lets "still" and a trailing unit pass', () => {
    expect(ask('How many rides were there in July 2025?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bike_trips' }, slots: { from_started_at: '2025-07-01', to_started_at: '2025-07-31' } });
    expect(ask('What was the longest ride ever, in minutes?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_bike_trips_by_duration_min' }, slots: { n: 1 } });
    expect(ask('how many members still ride')).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { member_casual: 'member' } });
  });

  it('converts a duration stated in another unit ("more than an hour") to the unit a column counts in (`duration_min`)', () => {
    expect(ask('How many trips lasted more than an hour?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bike_trips' }, slots: { min_duration_min: 61 } });
    expect(ask('trips under half an hour')).toMatchObject({ kind: 'answer', candidate: { name: 'bike_trips_by_duration_min_range' }, slots: { max_duration_min: 29 } });
    expect(ask('hospital stays longer than a week')).toMatchObject({ kind: 'answer', slots: { min_length_of_stay_days: 8 } });
  });

  it('names a language by its name where a `language` column holds ISO codes ("Spanish" of `es`)', () => {
    for (const [question, code] of [['Spanish-language episodes', 'es'], ['how many episodes are in French', 'fr']] as const) {
      const answer = ask(question);
      expect(answer.kind === 'answer' && answer.slots.language, question).toBe(code);
    }
  });

  it('names `primary_diagnosis` by "diagnosis" when no other column ends in it', () => {
    expect(ask('What is the most common diagnosis?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hospital_admissions_by_column' }, slots: { column: 'primary_diagnosis', n: 1 } });
  });

});


describe('the most of what was done to the rows, said by a verb (trial Y: loans, trips, videos)', () => {
  const titles = ['Dune', 'Emma', 'Ulysses', 'Beloved', 'Middlemarch', 'Project Hail Mary', 'The Hobbit', 'Persuasion', 'Rebecca', 'Atonement', 'Hamlet', 'Walden'];
  const ask = askingOver('querylane-routing-verbs-', () => ({
    loans: Array.from({ length: 900 }, (_, i) => ({
      loan_id: `L-${i + 1}`,
      book_title: titles[(i * 7) % titles.length],
      member_id: `M-${(i * 13) % 150}`,
      branch: ['Central', 'North', 'East'][i % 3],
      loaned_on: `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 27)).padStart(2, '0')}`,
      days_kept: 1 + ((i * 11) % 30),
      late_fee_usd: i % 5 === 0 ? ((i * 3) % 20) / 2 : 0,
      returned: i % 9 !== 0,
    })),
    videos: Array.from({ length: 400 }, (_, i) => ({
      video_id: `V${i}`,
      title: `Video number ${i} about ${['cats', 'cooking', 'travel', 'music'][i % 4]}`,
      channel: ['Alpha', 'Beta', 'Gamma', 'Delta', 'Echo'][i % 5],
      views: (i * 7919) % 1_000_000,
      likes: (i * 131) % 50_000,
      duration_sec: 30 + ((i * 17) % 1200),
      published_at: new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString(),
    })),
  }));

  it('counts the rows per group when the verb names the data ("borrowed" of loans) and no measure is named', () => {
    expect(ask('Which book has been borrowed the most?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans_by_book_title' }, slots: { n: 1, order: 'desc' } });
    expect(ask('most borrowed book')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans_by_book_title' }, slots: { order: 'desc' } });
    expect(ask('which branch lends the most books?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans_by_branch' }, slots: { n: 1 } });
    // "books" names the loans' `book_title`, a label, not a measure: each row is a book borrowed.
    expect(ask('which member borrowed the most books?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans_by_column' }, slots: { column: 'member_id', n: 1 } });
    expect(ask('which member borrowed the most?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_loans_by_column' }, slots: { column: 'member_id', n: 1 } });
    // A measure named still ranks by it.
    expect(ask('which branch collected the most late fees?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/_late_fee_usd_by_branch$/) } });
  });

  it('ranks by the measure a past form names after "most" ("the most liked videos" of `likes`)', () => {
    expect(ask('the most liked videos')).toMatchObject({ kind: 'answer', candidate: { name: 'top_videos_by_likes' } });
    expect(ask('most viewed video')).toMatchObject({ kind: 'answer', candidate: { name: 'top_videos_by_views' } });
  });

  it('stems a verb of one syllable as its noun: liked, likes; dated, dates; rated as rating, no rate', () => {
    expect(new Set(['liked', 'likes', 'like'].map(stem))).toEqual(new Set(['like']));
    expect(new Set(['rated', 'rating', 'ratings'].map(stem)).size).toBe(1);
    expect(stem('rating')).not.toBe(stem('rate'));
    expect(new Set(['dated', 'dates', 'dating'].map(stem))).toEqual(new Set(['date']));
    expect([stem('stopped'), stem('opened'), stem('added'), stem('parking')]).toEqual(['stop', 'open', 'add', 'park']);
  });

  it('stems away the consonant doubled before -ing and -ed, not a word\'s own double letters', () => {
    // (Trial 8: "minutes spent swimming" had found no activity `swim`.)
    expect(['swimming', 'running', 'shipped', 'planned'].map(stem)).toEqual(['swim', 'run', 'ship', 'plan']);
    expect(['falling', 'passed', 'added', 'billing'].map(stem)).toEqual(['fall', 'pass', 'add', 'bill']);
  });

  it('stems a noun in -ie as its plural in -ies ("movie", "movies"; "calorie", "calories")', () => {
    for (const [one, many] of [['movie', 'movies'], ['calorie', 'calories'], ['cookie', 'cookies'], ['city', 'cities'], ['country', 'countries']]) expect(stem(one!), one).toBe(stem(many!));
    // Synonyms fold into the terms the data's own words stem to ("films" of movies, "homes" of properties).
    expect(canonicalTerm('films')).toBe(stem('movies'));
    expect(canonicalTerm('homes')).toBe(stem('properties'));
  });

  it("reads a word that names a property of JavaScript's objects as a word ('constructor', 'valueOf')", () => {
    // (The synonyms had been looked up as an object's properties: "constructor" was a function.)
    expect(['constructor', 'tostring', 'valueof', 'hasownproperty', 'constructors'].map((word) => canonicalTerm(word))).toEqual(['constructor', 'tostr', 'valueof', 'hasownpropert', 'constructor']);
    expect(stem('constructor')).toBe('constructor');
  });
});

describe('edit distance, cut short at its limit', () => {
  it('counts the edits of two words, and says limit + 1 once they are more', () => {
    expect(editDistance('horsepowr', 'horsepower', 1)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('pensylvania', 'pennsylvania', 2)).toBe(1);
    expect(editDistance('abc', 'abc', 0)).toBe(0);
    // Lengths already further apart than the limit, and a first letter changed with one more.
    expect(editDistance('ab', 'abcdef', 1)).toBe(2);
    expect(editDistance('kitten', 'sitting', 2)).toBe(3);
  });
});

describe('movies and homes named by the words people use (synonyms folded as the data stems)', () => {
  const ask = askingOver('querylane-routing-films-', () => ({ movies: vegaJson('movies.json') as Record<string, unknown>[] }));

  it('counts the movies asked for as a movie, or as films', () => {
    // Each had been refused for a word no data knows: "movie" stemmed apart from "movies", "films" to no term of the data.
    expect(ask('how many films are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies' } });
    expect(ask('how many movie are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_movies' } });
  });
});

describe('trial Z: shipments and products (a state inside counts per group, words for the rows, "out of")', () => {
  const carriers = ['DHL', 'FedEx', 'UPS', 'USPS'];
  const ask = askingOver('querylane-routing-trial-z-', () => ({
    shipments: Array.from({ length: 800 }, (_, i) => ({
      tracking_number: `TN${100_000 + i}`,
      carrier: carriers[i % 4],
      service_level: ['standard', 'express', 'overnight'][i % 3],
      origin_city: ['Berlin', 'Paris', 'Madrid', 'Rome', 'Vienna'][i % 5],
      status: ['delivered', 'in_transit', 'returned', 'lost'][(i * 7) % 4],
      shipped_at: new Date(Date.UTC(2025, 0, 1) + i * 12 * 3_600_000).toISOString(),
      weight_kg: 0.5 + ((i * 13) % 400) / 10,
      cost_usd: 5 + ((i * 29) % 3000) / 10,
    })),
    products: Array.from({ length: 300 }, (_, i) => ({
      sku: `SKU-${10_000 + i}`,
      brand: ['Acme', 'Globex', 'Initech'][i % 3],
      category: ['Laptops', 'Tablets', 'Headphones', 'Monitors'][i % 4],
      price_usd: 20 + ((i * 37) % 2000),
      in_stock: i % 4 !== 0,
    })),
  }));

  it('counts per group within a state ("which carrier has the most returned shipments")', () => {
    expect(ask('Which carrier has the most returned shipments?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_carrier' }, slots: { status: 'returned', n: 1 } });
  });

  it('counts the rows of a verb of where things start with no grouping asked ("how many shipments were sent last year")', () => {
    // (The router's reference day is 2015-06-15.)
    expect(ask('How many shipments were sent in 2025?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { from_shipped_at: '2025-01-01', to_shipped_at: '2025-12-31' } });
    expect(ask('Which city sent the most shipments?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_origin_city' }, slots: { n: 1 } });
  });

  it("refuses an attribute no data has of a row a key names (\"the driver's phone number for shipment …\"), and looks up one it has", () => {
    expect(ask("What is the driver's phone number for shipment TN100005?")).toMatchObject({ kind: 'refusal' });
    expect(ask('What is the weight of shipment TN100005?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_shipments_by_tracking_number' }, slots: { tracking_number: 'TN100005' } });
  });

  it('reads packages and parcels as shipments, and "lose" as the state `lost`', () => {
    expect(ask('How many packages did FedEx lose?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { carrier: 'FedEx', status: 'lost' } });
  });

  it('reads "out of stock" as the flag `in_stock` false', () => {
    expect(ask('List Acme products that are out of stock')).toMatchObject({ kind: 'answer', slots: { brand: 'Acme', in_stock: false } });
    expect(ask('List Acme products that are in stock')).toMatchObject({ kind: 'answer', slots: { brand: 'Acme', in_stock: true } });
  });
});

describe('trial Z: a measure held as a least and a greatest column (`temp_min_c`, `temp_max_c`)', () => {
  const ask = askingOver('querylane-routing-paired-', () => ({
    weather: Array.from({ length: 730 }, (_, i) => {
      const base = 10 + 15 * Math.sin((i / 365) * 2 * Math.PI) + ((i * 7) % 9) - 4;
      return {
        city: ['Berlin', 'Paris', 'Madrid'][i % 3],
        date: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 86_400_000).toISOString().slice(0, 10),
        temp_max_c: Math.round((base + 6) * 10) / 10,
        temp_min_c: Math.round((base - 6) * 10) / 10,
        wind_kmh: (i * 13) % 70,
        humidity_pct: 30 + ((i * 17) % 60),
      };
    }),
  }));

  it('ranks by the least column for "the lowest", by the greatest for "the highest"', () => {
    expect(ask('What was the lowest temperature ever recorded in Berlin?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weather_by_temp_min_c' }, slots: { city: 'Berlin', n: 1, order: 'asc' } });
    expect(ask('What was the highest temperature in Berlin?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weather_by_temp_max_c' }, slots: { city: 'Berlin', n: 1, order: 'desc' } });
  });

  it('bounds the least column from above ("dropped below -5") and the greatest from below ("above 30")', () => {
    const below = ask('How many days in Berlin did the temperature drop below -5?');
    expect(below).toMatchObject({ kind: 'answer', candidate: { name: 'count_weather' }, slots: { city: 'Berlin' } });
    expect(below.kind === 'answer' && below.slots.max_temp_min_c).toBeCloseTo(-5, 9);
    const above = ask('how many days had a temperature above 30');
    expect(above).toMatchObject({ kind: 'answer', candidate: { name: 'count_weather' } });
    expect(above.kind === 'answer' && above.slots.min_temp_max_c).toBeCloseTo(30, 9);
  });
});

describe('trial Z: issues (a verb said with do, a date of another time column)', () => {
  const authors = ['kchen', 'octocat', 'tnguyen', 'alopez'];
  const ask = askingOver('querylane-routing-issues-z-', () => ({
    issues: Array.from({ length: 600 }, (_, i) => {
      // (The router's reference day is 2015-06-15: "last year" is 2014.)
      const created = Date.UTC(2014, 0, 1) + i * 20 * 3_600_000;
      const open = i % 4 === 0;
      return {
        number: 1001 + i,
        title: `Issue ${i} about ${['proxy', 'TLS', 'JSON', 'docs'][i % 4]}`,
        state: open ? 'open' : 'closed',
        author: authors[i % 4],
        label: ['bug', 'feature', 'docs', 'question'][(i * 3) % 4],
        created_at: new Date(created).toISOString(),
        closed_at: open ? null : new Date(created + ((i * 7) % 30) * 86_400_000).toISOString(),
        comments: (i * 13) % 40,
      };
    }),
  }));

  it('reads "did kchen open" as who opened the issues, not their state', () => {
    const answer = ask('How many issues did kchen open last year?');
    expect(answer).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { author: 'kchen', from_created_at: '2014-01-01', to_created_at: '2014-12-31' } });
    expect(answer.kind === 'answer' && answer.slots.state).toBeUndefined();
    // Said as a state, it is one.
    expect(ask('how many open issues does kchen have')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { author: 'kchen', state: 'open' } });
  });

  it('never bounds the main time by a date said after the word of another time column ("closed in October")', () => {
    const closed = ask('How many issues were closed in October 2014?');
    // The count's second window is `closed_at`'s; the main one (`created_at`) takes no date then.
    expect(closed).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { from_closed_at: '2014-10-01', to_closed_at: '2014-10-31' } });
    expect(closed.kind === 'answer' && closed.slots.from_created_at).toBeUndefined();
    const opened = ask('How many issues were opened in March 2014?');
    expect(opened).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { from_created_at: '2014-03-01', to_created_at: '2014-03-31' } });
    expect(opened.kind === 'answer' && opened.slots.from_closed_at).toBeUndefined();
  });
});

describe('trial Z: weather stations (a label counted within a period, an amount asked)', () => {
  const stations = [
    ['London Heathrow', 'London', 'GB'],
    ['Paris Montsouris', 'Paris', 'FR'],
    ['Berlin Tempelhof', 'Berlin', 'DE'],
    ['Madrid Retiro', 'Madrid', 'ES'],
  ] as const;
  const ask = askingOver('querylane-routing-stations-', () => ({
    weather: Array.from({ length: 1460 }, (_, i) => {
      const [station_name, city, country] = stations[i % 4]!;
      return {
        station_name,
        city,
        country,
        date: new Date(Date.UTC(2014, 0, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10),
        temp_max_c: 12 + ((i * 7) % 20),
        temp_min_c: 2 + ((i * 7) % 15),
        wind_kmh: (i * 13) % 70,
        humidity_pct: 30 + ((i * 17) % 60),
        // (A value of two words: no one-word state the count filters by.)
        conditions: ['Rain', 'Clear', 'Partly Cloudy', 'Fog', 'Snow', 'Thunderstorm'][(i * 5) % 6],
      };
    }),
  }));

  it('counts the rainy days of a city within a period ("rainy days in Paris last year")', () => {
    const rainy = ask('How many rainy days did Paris have last year?');
    expect(rainy).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { city: 'Paris', from_date: '2014-01-01', to_date: '2014-12-31' } });
    // The conditions by their own slot, or as the column and value of the count of any label's value.
    expect(rainy.kind === 'answer' && Object.values(rainy.slots)).toContain('Rain');
  });

  it('refuses "how much rain fell" where only a count of rainy days is deployed: an amount is asked, not rows', () => {
    expect(ask('How much rain fell in London in March 2014?')).toMatchObject({ kind: 'refusal' });
  });
});

describe('trial Z: football matches (a team in two columns, told apart by the question)', () => {
  // 24 teams: their columns rank after the season, league and referee, so the count and the list of
  // any label's value are what filter by them.
  const teams = ['Liverpool', 'Arsenal', 'Chelsea', 'Everton', 'Real Madrid', 'Sevilla', 'Valencia', 'Girona', 'Brighton', 'Fulham', 'Brentford', 'Burnley', 'Getafe', 'Osasuna', 'Villarreal', 'Alaves', 'Newcastle United', 'Aston Villa', 'West Ham', 'Wolves', 'Atletico Madrid', 'Real Betis', 'Celta Vigo', 'Mallorca'];
  const ask = askingOver('querylane-routing-matches-', () => ({
    matches: Array.from({ length: 560 }, (_, i) => ({
      match_id: 500_001 + i,
      date: new Date(Date.UTC(2014, 7, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10),
      league: i % 2 === 0 ? 'Premier League' : 'La Liga',
      season: i < 280 ? '2014-15' : '2015-16',
      referee: ['M. Oliver', 'A. Taylor', 'C. Pawson', 'J. Gil', 'R. Hernandez', 'S. Attwell'][i % 6],
      home_team: teams[(i * 5) % 24],
      away_team: teams[(i * 5 + 1 + (i % 11)) % 24],
      home_goals: (i * 7) % 5,
      away_goals: (i * 11) % 4,
      attendance: 20_000 + ((i * 7919) % 50_000),
    })),
  }));

  it('takes the column a word of its name points at ("home games", "play away") of a value both hold', () => {
    expect(ask("Show Liverpool's home games")).toMatchObject({ kind: 'answer', candidate: { name: 'list_matches_where' }, slots: { column: 'home_team', value: 'Liverpool' } });
    expect(ask('How many games did Real Madrid play away?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_matches_where' }, slots: { column: 'away_team', value: 'Real Madrid' } });
  });
});

describe('trial Z: employees (a thing\'s id named by the thing)', () => {
  const ask = askingOver('querylane-routing-employees-z-', () => ({
    employees: Array.from({ length: 650 }, (_, i) => ({
      employee_id: 2000 + i,
      full_name: `Person ${i}`,
      department: ['Sales', 'Engineering', 'Support', 'Finance', 'Marketing'][i % 5],
      job_title: ['Engineer', 'Manager', 'Analyst', 'Representative', 'Designer', 'Director'][(i * 7) % 6],
      hire_date: new Date(Date.UTC(2010, 0, 1) + i * 6 * 86_400_000).toISOString().slice(0, 10),
      salary_usd: 40_000 + ((i * 7919) % 120_000),
      remote: i % 3 === 0,
      manager_id: 1000 + ((i * 13) % 60),
    })),
  }));

  it('reads "people" as the rows of data named for people (employees)', () => {
    expect(ask('how many people work in Sales?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'Sales' } });
    expect(ask('how many people are remote?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { remote: true } });
  });

  it('reads "manager 1001" as a value of `manager_id`, as "manager id 1001" is', () => {
    for (const question of ['How many employees report to manager 1001?', 'how many employees have manager id 1001']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees_where' }, slots: { column: 'manager_id', value: '1001' } });
    }
  });
});

describe('anscombe and sensor readings (trial 15: "max" and "min" opening a question)', () => {
  const ask = askingOver('querylane-routing-max-opening-', () => ({
    anscombe: vegaJson('anscombe.json') as Record<string, unknown>[],
    sensor_readings: Array.from({ length: 3000 }, (_, i) => ({
      reading_id: `r-${i}`,
      device: { id: `dev-${i % 12}`, type: ['temperature', 'humidity', 'co2'][i % 3], location: { building: ['HQ', 'Warehouse A'][i % 2], floor: 1 + (i % 4) } },
      recorded_at: new Date(Date.UTC(2026, 9, 1) + i * 900_000).toISOString(),
      value: [20, 45, 600][i % 3]! + ((i * 37) % 100) / 10,
      battery_pct: 100 - (i % 90),
    })),
  }));

  it('reads "max"/"min" opening a question as the highest/lowest, as after "the" ("max x value"), not as nothing asked', () => {
    // Each had listed every row through a range program with no bound. ("x" and "y", one letter each,
    // are close to a tie beside the readings' `value`: refused is no wrong answer.)
    for (const question of ['max x value', 'min y value', 'maximum x']) {
      const result = ask(question);
      expect(result.kind === 'answer' ? result.candidate.family : 'refused', question).not.toBe('range');
    }
    expect(ask('max humidity reading')).toMatchObject({ kind: 'answer', candidate: { name: 'top_sensor_readings_by_value' }, slots: { device_type: 'humidity', n: 1, order: 'desc' } });
    expect(ask('min battery pct')).toMatchObject({ kind: 'answer', candidate: { name: 'top_sensor_readings_by_battery_pct' }, slots: { n: 1, order: 'asc' } });
    // One per group is no one thing.
    const perDevice = ask('max humidity reading per device');
    expect(perDevice.kind === 'answer' && perDevice.slots.n).toBeUndefined();
    // A bound still: "max 5", "min of 3".
    expect(ask('readings with value max 30')).toMatchObject({ kind: 'answer', slots: { max_value: 30 } });
  });
});

describe('species habitat per county (trial 15: the data\'s first word counted)', () => {
  const species = [
    ['American Bullfrog', 'Lithobates catesbeianus', 'aAMBUx'],
    ['American Robin', 'Turdus migratorius', 'bAMROx'],
    ['White-tailed Deer', 'Odocoileus virginianus', 'mWTDEx'],
    ['Common Gartersnake', 'Thamnophis sirtalis', 'rCOGAx'],
  ] as const;
  const ask = askingOver('querylane-routing-species-habitat-', () => ({
    species_habitat: Array.from({ length: 400 }, (_, i) => ({
      common_name: species[i % 4]![0],
      scientific_name: species[i % 4]![1],
      gap_species_code: species[i % 4]![2],
      county_id: String(53_000 + Math.floor(i / 4) * 2).padStart(5, '0'),
      habitat_yearround_pct: ((i * 37) % 1000) / 1000,
    })),
  }));

  it('counts the different species, not the rows, of data named by what its rows are of ("species habitat")', () => {
    // Had counted the 400 rows.
    const result = ask('how many species are there');
    expect(result).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_species_habitat' } });
    expect(result.kind === 'answer' && ['common_name', 'scientific_name', 'gap_species_code'].includes(String(result.slots.column))).toBe(true);
    // The rows are still what "how many habitat records" counts.
    expect(ask('how many habitat records are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_species_habitat' } });
    // Had answered one average over every species.
    expect(ask('average habitat pct per species')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_habitat_yearround_pct_by_gap_species_code' } });
  });
});

describe('invoices with a total, a subtotal and a tax (trial 15: "amount" of a `total`)', () => {
  const ask = askingOver('querylane-routing-invoice-amount-', () => ({
    invoices: Array.from({ length: 400 }, (_, i) => ({
      invoice_number: `INV-2025-${String(i + 1).padStart(5, '0')}`,
      issued_on: new Date(Date.UTC(2024, 0, 2) + i * 2 * 86_400_000).toISOString().slice(0, 10),
      status: ['paid', 'open', 'void'][i % 3],
      currency: ['USD', 'EUR', 'GBP'][i % 3 === 0 ? 0 : i % 2],
      subtotal: 100 + ((i * 379) % 9000),
      tax: i % 4 === 0 ? 0 : ((i * 379) % 9000) / 10,
      total: 100 + ((i * 379) % 9000) + (i % 4 === 0 ? 0 : ((i * 379) % 9000) / 10),
      line_items: 1 + (i % 9),
    })),
  }));

  it('reads an amount of data with no `amount` as its total', () => {
    // Had averaged the tax, an average program where the total's is its sum's.
    expect(ask('average invoice amount in usd')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total' }, slots: { currency: 'USD' } });
    expect(ask('invoices with an amount over 5000')).toMatchObject({ kind: 'answer', candidate: { name: 'invoices_by_total_range' }, slots: { min_total: expect.any(Number) } });
    // Had been refused for counting rows "with" a word no data knows.
    expect(ask('how many invoices had an amount over 5000')).toMatchObject({ kind: 'answer', candidate: { name: 'count_invoices' }, slots: { min_total: expect.any(Number) } });
    expect(ask('average tax per invoice')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_tax' } });
  });
});

describe('sensor readings beside dated prices, weather and hires (trial 15: a data set named by a stop word)', () => {
  const ask = askingOver('querylane-routing-readings-named-', () => ({
    sensor_readings: Array.from({ length: 2000 }, (_, i) => ({
      reading_id: i + 1,
      device: { id: `dev-${i % 12}`, type: ['temperature', 'humidity', 'co2'][i % 3], location: { building: ['HQ', 'Warehouse A', 'Lab'][i % 3], floor: 1 + (i % 4) } },
      recorded_at: new Date(Date.UTC(2026, 8, 1) + i * 3 * 3_600_000).toISOString().slice(0, 19).replace('T', ' '),
      value: i % 50 === 0 ? null : [20, 45, 600][i % 3]! + ((i * 37) % 100) / 10,
      unit: ['C', '%', 'ppm'][i % 3],
      battery_pct: 100 - (i % 97),
      status: i % 50 === 0 ? 'error' : i % 7 === 0 ? 'warning' : 'ok',
    })),
    sp500_history: csv('sp500-2000.csv'),
    seattle_weather: seattleWeather(),
    employees: Array.from({ length: 300 }, (_, i) => ({
      employee_id: `E${1000 + i}`,
      department: ['Engineering', 'Sales', 'Support'][i % 3],
      hire_date: new Date(Date.UTC(2015, 0, 1) + i * 13 * 86_400_000).toISOString().slice(0, 10),
      annual_salary: 40_000 + ((i * 7919) % 120_000),
    })),
    anscombe: vegaJson('anscombe.json') as Record<string, unknown>[],
    gapminder: vegaJson('gapminder.json') as Record<string, unknown>[],
    people: csv('lookup_people.csv'),
    invoices: Array.from({ length: 400 }, (_, i) => ({
      invoice_number: `INV-${10_000 + i}`,
      currency: ['USD', 'EUR', 'GBP'][i % 3],
      issued_on: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      total: 100 + ((i * 37) % 900),
    })),
  }));

  it('counts the rows of the data its name names on a day, though other data sets\' counts fill retrieval', () => {
    // (Trial 15 had it refused: "readings" is no search term, and the readings' one program in
    // retrieval's depth was a count of a chosen column's value, no candidate when none is named.
    // Which programs retrieval holds depends on every data set's text: this set does not recreate it.)
    expect(ask('how many readings on nov 2')).toMatchObject({ kind: 'answer', candidate: { name: 'count_sensor_readings' }, slots: { from_recorded_at: expect.stringMatching(/^2026-11-02/) } });
  });

  it('answers from the data holding a value of two words, not from data whose column names the measure and ignores the value', () => {
    // Had averaged Seattle's `temp_max` in November, with no building.
    expect(ask('avg temperature in warehouse a in november')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_value' }, slots: { device_type: 'temperature', device_location_building: 'Warehouse A' } });
    expect(ask('average max temperature in june 2014')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_temp_max' } });
  });
});

describe('countries of gapminder beside invoices\' customers\' countries (trial 15: a count of a nested field)', () => {
  const ask = askingOver('querylane-routing-nested-counted-', () => ({
    gapminder: vegaJson('gapminder.json') as Record<string, unknown>[],
    invoices: Array.from({ length: 400 }, (_, i) => ({
      invoice_number: `INV-${10_000 + i}`,
      customer: { name: `Customer ${i % 40}`, country: ['US', 'DE', 'FR', 'GB', 'JP', 'BR', 'IN'][i % 7], segment: ['SMB', 'Enterprise'][i % 2] },
      issued_on: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      total: 100 + ((i * 37) % 900),
    })),
  }));

  it('counts the countries of the data whose own column they are, and the customers\' when the customers are said', () => {
    // Had counted the 7 countries of the invoices' customers.
    expect(ask('how many countries are in the data')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_gapminder' }, slots: { column: 'country' } });
    expect(ask('how many countries do our customers come from')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_invoices' }, slots: { column: 'customer.country' } });
  });
});

describe('product reviews with a rating and support tickets with a satisfaction score (trial 16: stars given)', () => {
  const products = ['Ultralight Tent 2P', 'Headlamp Pro 400', 'Merino Base Layer', 'Trail Runner GTX'];
  const ask = askingOver('querylane-routing-stars-', () => ({
    udistrict_places: vegaJson('udistrict.json') as Record<string, unknown>[],
    product_reviews: Array.from({ length: 1200 }, (_, i) => ({
      review_id: `RV${500_000 + i}`,
      product: { sku: `SKU-${1000 + (i % 4)}`, name: products[i % 4], category: ['Camping', 'Lighting', 'Apparel', 'Footwear'][i % 4] },
      rating: 1 + ((i * 7) % 5),
      verified_purchase: i % 5 !== 0,
      reviewed_on: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    })),
    support_tickets: Array.from({ length: 800 }, (_, i) => ({
      ticket_id: `TCK-${20_000 + i}`,
      priority: ['low', 'normal', 'high', 'urgent'][i % 4],
      assignee: { name: ['Grace Liu', 'Maya Okonkwo', 'Carlos Ruiz'][i % 3], team: ['Billing', 'Tech'][i % 2] },
      created_at: new Date(Date.UTC(2025, 5, 1) + i * 3_600_000 * 9).toISOString(),
      satisfaction_score: i % 6 === 0 ? null : 1 + ((i * 3) % 5),
    })),
  }));

  it('reads stars given as the value of a rating, whatever its column is called', () => {
    // Each had dropped the stars: every review or ticket counted.
    // (A rating of five values is a value slot or a range, as the generator reads its column.)
    const rated = (result: RouteResult) => (result.kind === 'answer' ? (result.slots.rating ?? (result.slots.min_rating === result.slots.max_rating ? result.slots.min_rating : 'a range')) : 'refused');
    const one = ask('how many 1 star reviews are there');
    expect([one.kind === 'answer' && one.candidate.name, rated(one)]).toEqual(['count_product_reviews', 1]);
    expect(rated(ask('how many 5-star reviews for the headlamp pro 400'))).toBe(5);
    expect(ask('how many tickets got a 1 star rating')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets' }, slots: { min_satisfaction_score: 1, max_satisfaction_score: 1 } });
    // "Star" names the rating: had been refused for not knowing it.
    const perProduct = ask('average stars per product');
    expect(perProduct.kind === 'answer' && perProduct.candidate.name).toMatch(/^avg_rating_by_/);
  });

  it('refuses the different things of a kind counted by rows that are not that kind', () => {
    // Had counted the 182 places: their category is a column called `key`, which no word names.
    expect(ask('how many different categories of places are there')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"categories"') });
    expect(ask('how many different products are reviewed')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_product_reviews' }, slots: { column: 'product.name' } });
  });

  it('ranks the groups a superlative ranks, of rows that are something else ("lowest rated product" of reviews)', () => {
    // Each had ranked single reviews by their rating.
    expect(ask('lowest rated product')).toMatchObject({ kind: 'answer', slots: { n: 1, order: 'asc' } });
    expect((ask('lowest rated product') as RouteAnswer).candidate.name).toMatch(/^avg_rating_by_(?:column|product_name)$/);
    expect(ask('highest rated product category')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rating_by_product_category' }, slots: { n: 1, order: 'desc' } });
    // The rows themselves are still ranked as rows.
    expect(ask('the highest rated review')).toMatchObject({ kind: 'answer', candidate: { name: 'top_product_reviews_by_rating' } });
  });

  it('ranks the groups by their rows\' rating when "which X" has the best or worst of them ("which product has the best reviews")', () => {
    // Had ranked single reviews by their rating.
    expect((ask('which product has the best reviews') as RouteAnswer).candidate.name).toMatch(/^avg_rating_by_(?:column|product_name)$/);
    expect(ask('which category has the worst reviews')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rating_by_product_category' }, slots: { n: 1, order: 'asc' } });
    // The most of them is their count; the best of them listed are rows.
    expect(ask('which product has the most reviews')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^count_product_reviews_by_/) } });
    expect(ask('show the 5 best reviews')).toMatchObject({ kind: 'answer', candidate: { name: 'top_product_reviews_by_rating' }, slots: { n: 5 } });
  });

  it('looks up the row a key names when the question asks for a nested field of it ("who is assigned to TCK-20045")', () => {
    // Had been refused: the lookup's whole rows were indexed by the fields' last names ("name"),
    // not "assignee name", so retrieval never reached it.
    expect(ask('who is assigned to TCK-20045')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_support_tickets_by_ticket_id' }, slots: { ticket_id: 'TCK-20045' } });
    expect(ask('who is the assignee of TCK-20045')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_support_tickets_by_ticket_id' }, slots: { ticket_id: 'TCK-20045' } });
  });

  it('reads a person at work asked with "which" ("which agent") as "who": whoever the tickets are assigned to', () => {
    // Had ranked single tickets by their satisfaction score.
    expect(ask('which agent closes the most tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets_by_assignee_name' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which agent handled the most urgent tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets_by_assignee_name' }, slots: { priority: 'urgent', n: 1 } });
  });
});

describe('web sessions and subscriptions (trial 16: the words of analytics and billing)', () => {
  const ask = askingOver('querylane-routing-saas-words-', () => ({
    web_sessions: Array.from({ length: 3000 }, (_, i) => ({
      session_id: `s_${(i * 7919).toString(16).padStart(8, '0')}`,
      started_at: new Date(Date.UTC(2026, 7, 1) + i * 1_700_000).toISOString(),
      country_code: ['US', 'GB', 'DE', 'MX', 'IN'][(i * 3) % 5 === 4 ? 0 : (i * 3) % 5],
      device: ['mobile', 'desktop', 'tablet'][i % 3],
      referrer: ['google', 'newsletter', 'twitter', 'direct'][i % 4],
      duration_seconds: 5 + ((i * 37) % 900),
      pages_viewed: 1 + (i % 12),
      bounced: i % 4 === 0,
    })),
    subscriptions: Array.from({ length: 260 }, (_, i) => ({
      subscription_id: `sub_${i}`,
      account: { name: `Account ${i}`, industry: ['Media', 'Healthcare', 'Retail'][i % 3] },
      plan: ['starter', 'starter', 'team', 'business', 'enterprise'][i % 5],
      seats: 1 + ((i * 13) % 300),
      mrr: 100 + ((i * 977) % 50_000),
      started_at: new Date(Date.UTC(2024, 0, 1) + i * 4 * 86_400_000).toISOString().slice(0, 10),
      canceled_at: i % 6 === 0 ? new Date(Date.UTC(2025, 0, 1) + i * 3 * 86_400_000).toISOString().slice(0, 10) : null,
    })),
  }));

  it('reads visitors and traffic as sessions, subscribers as subscriptions, and churn as their cancellation', () => {
    // Each had been refused for a word no data set knows, or (churn) bounded the start.
    expect(ask('how many visitors came from the newsletter')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions' }, slots: { referrer: 'newsletter' } });
    expect(ask('which country sends us the most traffic')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions_by_country_code' }, slots: { n: 1 } });
    expect(ask('which plan has the most subscribers')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions_by_plan' }, slots: { n: 1 } });
    expect(ask('how many subscriptions churned in 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { from_canceled_at: '2025-01-01', to_canceled_at: '2025-12-31' } });
  });
});

describe('clinic appointments of patients with an age (trial 17: "patients over 65")', () => {
  const ask = askingOver('querylane-routing-patient-age-', () => ({
    clinic_appointments: Array.from({ length: 800 }, (_, i) => ({
      appointment_id: `APT-${300_000 + i}`,
      patient: { id: `PT-${2000 + (i % 300)}`, name: `Patient ${i % 300}`, age: 18 + ((i * 7) % 70) },
      specialty: ['general practice', 'cardiology', 'dermatology'][i % 3],
      clinic: ['Eastwood', 'Riverside'][i % 2],
      scheduled_at: new Date(Date.UTC(2025, 0, 3) + i * 20 * 3_600_000).toISOString(),
      status: ['completed', 'no_show', 'cancelled'][(i * 5) % 3],
      wait_minutes: (i * 11) % 60,
      fee_usd: 40 + ((i * 13) % 200),
    })),
  }));

  it('reads a bare number said of people as their age', () => {
    // Had been refused: "over 65" named no column.
    expect(ask('how many appointments were for patients over 65')).toMatchObject({ kind: 'answer', candidate: { name: 'count_clinic_appointments' }, slots: { min_patient_age: 66 } });
    // A unit or a column said after it bounds that instead.
    const waited = ask('how many appointments had a wait over 30 minutes');
    expect(waited.kind === 'answer' && waited.slots.min_patient_age).toBeUndefined();
  });
});

describe('job applications with years of experience (trial 17: a number of years is no year)', () => {
  const ask = askingOver('querylane-routing-years-experience-', () => ({
    job_applications: Array.from({ length: 900 }, (_, i) => ({
      application_id: `APP-${10_000 + i}`,
      candidate: { name: `Candidate ${i}`, country: ['US', 'DE', 'IN', 'BR'][i % 4] },
      role: ['Backend Engineer', 'Designer', 'Data Analyst', 'Recruiter'][i % 4],
      stage: ['applied', 'screen', 'interview', 'offer', 'hired', 'rejected'][(i * 7) % 6],
      applied_at: new Date(Date.UTC(2025, 0, 6) + i * 18 * 3_600_000).toISOString(),
      years_experience: (i * 13) % 35,
      salary_expectation_usd: 40_000 + ((i * 7919) % 120_000),
      interview_score: (i * 29) % 101,
    })),
  }));

  it('bounds the years of experience by "over 10 years of experience", and the date by "in 2025"', () => {
    // Each had been refused: `years_experience` was taken for a year column, which took "in 2025" as
    // a year of experience and refused 10 as no year.
    expect(ask('how many applications in 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications' }, slots: { from_applied_at: '2025-01-01', to_applied_at: '2025-12-31' } });
    const experienced = ask('how many applications with over 10 years of experience');
    expect(experienced).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications' }, slots: { min_years_experience: 11 } });
    expect(experienced.kind === 'answer' && experienced.slots.from_applied_at).toBeUndefined();
  });

  it('reads a business\'s collective noun for its rows as the whole data ("in the pipeline", "in the fleet")', () => {
    // Had been refused for naming "pipeline", no value of the data (trial 17: "vehicles in the fleet").
    expect(ask('how many applications are in the pipeline')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications' } });
  });
});

describe('pull requests beside product reviews (trial 16: a data set named by initials another shares)', () => {
  const ask = askingOver('querylane-routing-initials-', () => ({
    pull_requests: Array.from({ length: 700 }, (_, i) => ({
      number: 1 + i,
      repo: ['acme/api', 'acme/web', 'acme/mobile'][i % 3],
      title: `${['Fix', 'Add', 'Update', 'Remove'][i % 4]} ${['billing webhook', 'login form', 'push notifications', 'search index'][(i * 3) % 4]}`,
      author: { login: ['lsilva', 'mchen', 'okafor', 'dpatel'][i % 4] },
      state: ['open', 'merged', 'closed'][i % 3],
      created_at: new Date(Date.UTC(2025, 9, 1) + i * 36_000_000).toISOString(),
      additions: (i * 37) % 1800,
      deletions: (i * 13) % 600,
    })),
    product_reviews: Array.from({ length: 500 }, (_, i) => ({
      review_id: `RV${500_000 + i}`,
      product: { name: ['Ultralight Tent 2P', 'Headlamp Pro 400', 'Merino Base Layer'][i % 3], category: ['Camping', 'Lighting', 'Apparel'][i % 3] },
      rating: 1 + ((i * 7) % 5),
      reviewed_on: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    })),
  }));

  it('reads initials two data sets share as the one whose columns the question names ("which repo gets the most PRs")', () => {
    // Each had been refused: "prs" was a word no data knows.
    expect(ask('which repo gets the most prs')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pull_requests_by_repo' }, slots: { n: 1, order: 'desc' } });
    expect(ask('how many PRs are in acme/web')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pull_requests' }, slots: { repo: 'acme/web' } });
    // Nothing else said, the initials name neither.
    expect(ask('how many PRs are there')).toMatchObject({ kind: 'refusal' });
  });
});

describe('property listings with a list price and a sold price (trial 16: money bounds of data named like a column)', () => {
  const ask = askingOver('querylane-routing-listings-money-', () => ({
    property_listings: Array.from({ length: 600 }, (_, i) => ({
      listing_id: `MLS-${['TX', 'NC', 'WA'][i % 3]}-${200_000 + i * 97}`,
      address: { city: ['Austin', 'Raleigh', 'Seattle'][i % 3], state: ['TX', 'NC', 'WA'][i % 3] },
      bedrooms: 1 + (i % 5),
      sqft: 500 + ((i * 37) % 4000),
      list_price: 80_000 + ((i * 7919) % 1_900_000),
      sold_price: i % 3 === 0 ? 90_000 + ((i * 7907) % 1_900_000) : null,
      days_on_market: 1 + ((i * 13) % 600),
      listed_date: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    })),
  }));

  it('reads money said after the data\'s own name ("listings under $300,000") as no bound of a column sharing that word', () => {
    // `list_price` had been taken as named by "listings", and the bound left unapplied: refused.
    expect(ask('how many listings under $300,000 in raleigh')).toMatchObject({ kind: 'answer', candidate: { name: 'count_property_listings' }, slots: { address_city: 'Raleigh', max_list_price: expect.any(Number) } });
  });

  const askGapminder = askingOver('querylane-routing-listings-gapminder-', () => ({ gapminder: vegaJson('gapminder.json') as Record<string, unknown>[] }));

  it('reads thousands or millions said with no unit ("under 300k") as money, as "$300k" is', () => {
    // Had been refused: the bound fitted no column named.
    expect(ask('how many listings under 300k in raleigh')).toMatchObject({ kind: 'answer', candidate: { name: 'count_property_listings' }, slots: { address_city: 'Raleigh', max_list_price: expect.any(Number) } });
    expect(ask('how many listings over 1.5 million')).toMatchObject({ kind: 'answer', candidate: { name: 'count_property_listings' }, slots: { min_list_price: expect.any(Number) } });
    // A unit or a column's word after the number says what it counts.
    const sized = ask('how many listings over 2k sqft');
    expect(sized.kind === 'answer' && sized.slots.min_list_price).toBeUndefined();
    // So does a column named before it.
    expect(ask('how many listings with sqft between 1k and 2k')).toMatchObject({ kind: 'answer', slots: { min_sqft: 1000, max_sqft: 2000 } });
    // (By a word its name shortens: the bench's "population between 1 million and 10 million" of `pop`.)
    expect(askGapminder('population between 1 million and 10 million')).toMatchObject({ kind: 'answer', candidate: { name: 'gapminder_by_pop_range' }, slots: { min_pop: 1_000_000, max_pop: 10_000_000 } });
  });

  it('reads a code with digits whole, no value said inside it ("MLS-TX-200097" names no state TX)', () => {
    // Had averaged the sold prices of Texas.
    expect(ask('what did MLS-TX-200291 sell for')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_property_listings_by_listing_id' }, slots: { listing_id: 'MLS-TX-200291' } });
    expect(ask('how many listings in TX')).toMatchObject({ kind: 'answer', candidate: { name: 'count_property_listings' }, slots: { address_state: 'TX' } });
  });
});

describe('orders with a total in cents (trial 16: "the average order value")', () => {
  const ask = askingOver('querylane-routing-order-value-', () => ({
    orders: Array.from({ length: 900 }, (_, i) => ({
      order_id: `ORD-${100_000 + i}`,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 36_000_000).toISOString(),
      status: ['delivered', 'shipped', 'refunded', 'cancelled'][i % 4],
      customer: { id: `cus_${i % 150}`, name: `Customer ${i % 150}`, email: `c${i % 150}@mail.example`, country: ['GB', 'US', 'DE'][i % 3] },
      currency: ['USD', 'EUR', 'GBP'][i % 3],
      total_cents: 1_000 + ((i * 7919) % 90_000),
      items_count: 1 + (i % 9),
      discount_code: i % 7 === 0 ? 'WELCOME10' : null,
      channel: ['web', 'ios', 'android'][i % 3],
      shipping: { method: ['standard', 'express'][i % 2], city: ['London', 'Berlin', 'Austin'][i % 3] },
      is_gift: i % 11 === 0,
    })),
  }));

  it('reads the value of the rows a word names, of data with no column of values, as their total', () => {
    // Had answered the average number of orders per month.
    expect(ask('average order value in euros')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_cents' }, slots: { currency: 'EUR' } });
    expect(ask('average items per order')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_items_count' } });
  });

  const askFlare = askingOver('querylane-routing-order-flare-', () => ({ flare_nodes: vegaJson('flare.json') as Record<string, unknown>[] }));

  it('ranks the biggest of the rows a word names by their total, not by a count they hold ("the biggest order ever")', () => {
    // Had tied `total_cents` with `items_count` and answered the order of the most items.
    expect(ask('biggest order ever')).toMatchObject({ kind: 'answer', candidate: { name: 'top_orders_by_total_cents' }, slots: { n: 1, order: 'desc' } });
    expect(ask('the 3 smallest orders')).toMatchObject({ kind: 'answer', candidate: { name: 'top_orders_by_total_cents' }, slots: { n: 3, order: 'asc' } });
    // A measure said is what ranks them.
    expect(ask('the order with the most items')).toMatchObject({ kind: 'answer', candidate: { name: 'top_orders_by_items_count' } });
    expect(ask('the biggest order by items')).toMatchObject({ kind: 'answer', candidate: { name: 'top_orders_by_items_count' } });
    // Of data that measures a size, by the size (flare's nodes: `size` beside `parent`).
    expect(askFlare('list the 5 largest nodes in flare')).toMatchObject({ kind: 'answer', candidate: { name: 'top_flare_nodes_by_size' }, slots: { n: 5, order: 'desc' } });
  });

  it('reads a statistic\'s name that is a value the program takes as that value ("the Variance node")', () => {
    // Had been refused for asking a variance no program computes (trial 16).
    expect(askFlare("what's the parent id of the Variance node")).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_flare_nodes_by_name' }, slots: { name: 'Variance' } });
    expect(askFlare('what is the median size')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('median') });
  });

  it('reads a verb followed by a value of the column it names as that column\'s, not as a status ("orders shipped express")', () => {
    // Had counted only the orders whose status is `shipped` (trial 16).
    const express = ask('how many orders shipped express to london');
    expect(express).toMatchObject({ kind: 'answer', slots: { shipping_method: 'express' } });
    expect(express.kind === 'answer' && express.slots.status).toBeUndefined();
    // The status said as one is the status.
    expect(ask('how many shipped orders went to london')).toMatchObject({ kind: 'answer', slots: { status: 'shipped' } });
  });
});

describe('employees who joined and left (trial 15: a time named by its verb)', () => {
  const ask = askingOver('querylane-routing-leavers-', () => ({
    employees: Array.from({ length: 400 }, (_, i) => ({
      employee_id: `E${1000 + i}`,
      department: ['Engineering', 'Sales', 'Support', 'Finance'][i % 4],
      hire_date: new Date(Date.UTC(2018, 0, 1) + i * 6 * 86_400_000).toISOString().slice(0, 10),
      termination_date: i % 5 === 0 ? new Date(Date.UTC(2019, 0, 1) + i * 5 * 86_400_000).toISOString().slice(0, 10) : null,
      annual_salary: 40_000 + ((i * 7919) % 120_000),
    })),
  }));

  it('bounds the time a verb names: "terminated" of `termination_date`, "left" of a time of leaving', () => {
    // Each had bounded the hire date.
    for (const question of ['how many employees were terminated in 2022', 'how many employees left in 2022']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { from_termination_date: '2022-01-01', to_termination_date: '2022-12-31' } });
    }
    expect(ask('how many employees were hired in 2022')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { from_hire_date: '2022-01-01', to_hire_date: '2022-12-31' } });
  });
});

describe('employees with a department called People (trial 15: a word for the rows that is also a value)', () => {
  const ask = askingOver('querylane-routing-people-dept-', () => ({
    employees: Array.from({ length: 480 }, (_, i) => ({
      employee_id: `E${1000 + i}`,
      full_name: `Person ${i}`,
      department: ['Engineering', 'Engineering', 'Sales', 'Support', 'Finance', 'People', 'Marketing'][i % 7],
      office_city: ['Berlin', 'London', 'Austin', 'Toronto'][(i * 3) % 4],
      hire_date: new Date(Date.UTC(2016, 0, 1) + i * 8 * 86_400_000).toISOString().slice(0, 10),
      annual_salary: 40_000 + ((i * 7919) % 120_000),
    })),
  }));

  it('reads "people" in small letters as the employees, not as the department People, unless the department is said beside it or the rows are named otherwise', () => {
    // Each had filtered the department People.
    expect(ask('which department has the most people')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees_by_department' }, slots: { n: 1 } });
    const hired = ask('how many people were hired in 2024');
    expect(hired).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { from_hire_date: '2024-01-01', to_hire_date: '2024-12-31' } });
    expect(hired.kind === 'answer' && hired.slots.department).toBeUndefined();
    const berlin = ask('how many people work in the berlin office');
    expect(berlin).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { office_city: 'Berlin' } });
    expect(berlin.kind === 'answer' && berlin.slots.department).toBeUndefined();
    expect(ask('People hired in 2024, how many?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { from_hire_date: '2024-01-01' } });
    // The department, named as one.
    expect(ask('how many employees are in the people department')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'People' } });
    expect(ask('how many employees work in People')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'People' } });
    expect(ask('how many employees work in people')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'People' } });
  });

  it('refuses an action on people ("give … a raise") and an attribute no data holds of a value one does ("the gdp of berlin")', () => {
    // Trial 15 x10, x11: had looked a person up, and listed the Berlin office's employees.
    for (const question of ['give Person 5 a 10% raise', 'give all engineers a bonus']) expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('change data') });
    for (const question of ["what's the gdp of berlin", 'what is the gdp of berlin', "berlin's gdp"]) expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"gdp"') });
    expect(ask('give me a list of employees in berlin')).toMatchObject({ kind: 'answer', slots: { office_city: 'Berlin' } });
  });
});

describe('trial AA: meters, app reviews, bookings (words for a unit, a score, a second time)', () => {
  const ask = askingOver('querylane-routing-trial-aa-', () => ({
    meters: Array.from({ length: 960 }, (_, i) => ({
      meter_id: `MTR-${String(1 + (i % 8)).padStart(4, '0')}`,
      building: ['North Tower', 'Lab Building', 'Warehouse 3', 'Annex'][i % 4],
      reading_at: new Date(Date.UTC(2014, 0, 1) + i * 12 * 3_600_000).toISOString(),
      kwh: 50 + ((i * 37) % 400) / 2,
      peak: i % 2 === 0,
      tariff: ['standard', 'green', 'night'][i % 3],
      voltage: 210 + ((i * 7) % 30),
    })),
    reviews: Array.from({ length: 600 }, (_, i) => ({
      review_id: `RV-${10_000 + i}`,
      // (Three labels of a few values before the stars, which then are a measure only.)
      country: ['US', 'DE', 'FR', 'BR'][i % 4],
      app_name: ['FitTrack', 'ChatterBox', 'RideNow'][i % 3],
      platform: i % 2 === 0 ? 'ios' : 'android',
      stars: 1 + ((i * 7) % 5),
      helpful_count: (i * 13) % 90,
      reviewed_at: new Date(Date.UTC(2014, 0, 1) + i * 14 * 3_600_000).toISOString(),
    })),
    bookings: Array.from({ length: 500 }, (_, i) => ({
      booking_ref: `BK-${70_000 + i}`,
      hotel: ['Harbor Inn', 'Grand Plaza', 'City Lodge'][i % 3],
      booked_at: new Date(Date.UTC(2014, 0, 1) + i * 16 * 3_600_000).toISOString(),
      check_in: new Date(Date.UTC(2014, 1, 1) + i * 16 * 3_600_000).toISOString().slice(0, 10),
      nights: 1 + (i % 9),
      total_price_eur: 80 + ((i * 53) % 2000),
    })),
  }));

  it('reads consumption, energy and electricity as `kwh`, and a rating as `stars`', () => {
    expect(ask('What is the total electricity consumption of the North Tower?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh' }, slots: { building: 'North Tower' } });
    expect(ask('Total consumption per tariff')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh_by_tariff' } });
    expect(ask('Average rating per app')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars_by_app_name' } });
  });

  it('reads "1-star reviews" as `stars` 1 (its value, or both its bounds)', () => {
    const starred = (result: RouteResult, stars: number) =>
      result.kind === 'answer' && (result.slots.stars === stars || (result.slots.min_stars === stars && result.slots.max_stars === stars));
    const one = ask('How many 1-star reviews does FitTrack have?');
    expect(one).toMatchObject({ kind: 'answer', candidate: { name: 'count_reviews' }, slots: { app_name: 'FitTrack' } });
    expect(starred(one, 1)).toBe(true);
    const five = ask('How many 5-star reviews are on android?');
    expect(five).toMatchObject({ kind: 'answer', slots: { platform: 'android' } });
    expect(starred(five, 5)).toBe(true);
  });

  it('reads a unit of measure after a bound\'s number as part of it ("below 220 V")', () => {
    const low = ask('How many readings had a voltage below 220 V?');
    expect(low).toMatchObject({ kind: 'answer', candidate: { name: 'count_meters' } });
    // (Below 220 of whole volts: at most 219.)
    expect(low.kind === 'answer' && low.slots.max_voltage).toBe(219);
  });

  it('bounds the time a question names ("check in during March"), not the main one too', () => {
    const march = ask('How many bookings check in during March 2014?');
    expect(march).toMatchObject({ kind: 'answer', candidate: { name: 'count_bookings' }, slots: { from_check_in: '2014-03-01', to_check_in: '2014-03-31' } });
    expect(march.kind === 'answer' && march.slots.from_booked_at).toBeUndefined();
  });
});

describe('trial AA: a value that is also a column\'s name (meters whose `unit` holds "kWh" beside a `kwh`)', () => {
  const ask = askingOver('querylane-routing-units-', () => ({
    meters: Array.from({ length: 960 }, (_, i) => ({
      meter_id: `MTR-${String(1 + (i % 8)).padStart(4, '0')}`,
      building: ['North Tower', 'Lab Building', 'Warehouse 3', 'Annex'][i % 4],
      reading_at: new Date(Date.UTC(2014, 0, 1) + i * 12 * 3_600_000).toISOString(),
      kwh: 50 + ((i * 37) % 400) / 2,
      tariff: ['standard', 'green', 'night'][i % 3],
      unit: 'kWh',
    })),
  }));

  it('reads "kWh" as the column `kwh`, not as a value of `unit` no program filters', () => {
    expect(ask('Average kWh per reading by building')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh_by_building' }, slots: { rank_by: 'average' } });
    expect(ask('How many kWh were used in total in October 2014?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh' }, slots: { from_reading_at: '2014-10-01', to_reading_at: '2014-10-31' } });
  });
});

describe('trial AA: grades (a bound said with the data\'s name, which two columns\' names hold)', () => {
  const ask = askingOver('querylane-routing-grades-', () => ({
    grades: Array.from({ length: 900 }, (_, i) => {
      const points = 30 + ((i * 37) % 71);
      return {
        student_id: `S${1000 + (i % 170)}`,
        course: ['Databases', 'Statistics', 'Algebra', 'Physics', 'Chemistry'][i % 5],
        semester: ['Fall 2014', 'Spring 2015'][i % 2],
        grade_points: points,
        letter_grade: points >= 90 ? 'A' : points >= 80 ? 'B' : points >= 70 ? 'C' : points >= 60 ? 'D' : 'F',
        credits: [3, 4, 5][i % 3],
        passed: points >= 50,
      };
    }),
  }));

  it('bounds the column the count bounds ("grades above 90" of `grade_points`, not `letter_grade`)', () => {
    expect(ask('How many grades are above 90?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_grades' }, slots: { min_grade_points: 91 } });
  });
});

describe('trial AA: daily prices, home sales and app reviews (bounds with a currency sign, separators and a scale word; the extreme of an average)', () => {
  const ask = askingOver('querylane-routing-prices-homes-', () => ({
    prices: Array.from({ length: 1200 }, (_, i) => {
      const symbol = ['BTC', 'ETH', 'MSFT', 'AAPL'][i % 4]!;
      const base = { BTC: 20_000, ETH: 1_500, MSFT: 250, AAPL: 150 }[symbol]!;
      const close = Math.round(base * (1 + ((i * 37) % 100) / 100) * 100) / 100;
      return { symbol, date: new Date(Date.UTC(2014, 0, 1) + Math.floor(i / 4) * 86_400_000).toISOString().slice(0, 10), open: close * 0.99, high: close * 1.02, low: close * 0.97, close, volume: 1000 + ((i * 7919) % 90_000) };
    }),
    sales: Array.from({ length: 800 }, (_, i) => ({
      sale_id: `S-${5000 + i}`,
      address_city: ['Denver', 'Seattle', 'Austin', 'Boston'][i % 4],
      property_type: ['Condo', 'House', 'Townhouse'][i % 3],
      bedrooms: 1 + (i % 5),
      sqft: 600 + ((i * 53) % 3000),
      list_price_usd: 200_000 + ((i * 7919) % 2_500_000),
      sale_price_usd: 190_000 + ((i * 7919) % 2_500_000),
      sold_at: new Date(Date.UTC(2014, 0, 1) + i * 10 * 3_600_000).toISOString(),
    })),
    reviews: Array.from({ length: 600 }, (_, i) => ({
      review_id: `RV-${10_000 + i}`,
      app_name: ['FitTrack', 'ChatterBox', 'RideNow'][i % 3],
      app_version: ['4.1.0', '4.2.0', '4.3.1', '5.0.0'][i % 4],
      platform: i % 2 === 0 ? 'ios' : 'android',
      stars: 1 + ((i * 7) % 5),
      helpful_count: (i * 13) % 90,
      review_text: ['Great app', 'Crashes a lot', 'It is okay, but missing some basic features.', 'Love it'][i % 4],
      reviewed_at: new Date(Date.UTC(2014, 0, 1) + i * 14 * 3_600_000).toISOString(),
    })),
  }));

  it('reads "$30,000" and "$2 million" as the numbers they are, and bounds the measure the verb names', () => {
    const below = ask('On which days did BTC close below $30,000?');
    expect(below).toMatchObject({ kind: 'answer', slots: { symbol: 'BTC' } });
    expect(below.kind === 'answer' && below.slots.max_close).toBeLessThan(30_000);
    expect(below.kind === 'answer' && below.slots.max_close).toBeGreaterThan(29_999);
    // What homes sold for is their sale price (not their list price, nor when they sold).
    for (const question of ['List homes that sold for more than $2 million', 'Which homes sold above $2,000,000?']) {
      const homes = ask(question);
      expect(homes, question).toMatchObject({ kind: 'answer', candidate: { name: 'sales_by_sale_price_usd_range' } });
      expect(homes.kind === 'answer' && homes.slots.min_sale_price_usd, question).toBeGreaterThan(2_000_000);
    }
  });

  it('answers "the lowest average rating" with averages per group, for the groups of one app too', () => {
    expect(ask('Which app version has the lowest average rating?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars_by_app_version' }, slots: { n: 1, order: 'asc' } });
    // The averages per version take the app as a filter (not the ranking of single reviews, nor the average per app).
    expect(ask('Which FitTrack version has the lowest average rating?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars_by_app_version' }, slots: { app_name: 'FitTrack', n: 1, order: 'asc' } });
    // A ranking of rows still answers the extreme of a plain measure.
    expect(ask('Which FitTrack review has the lowest rating?')).toMatchObject({ kind: 'answer', candidate: { family: 'top_n' }, slots: { app_name: 'FitTrack' } });
  });

  it('reads "the highest average closing price" as averages of `close` ranked, and "the highest price" as the `high`', () => {
    expect(ask('Which symbol has the highest average closing price?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_close_by_symbol' }, slots: { n: 1, order: 'desc' } });
    expect(ask('Which symbol has the highest average close?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_close_by_symbol' }, slots: { n: 1, order: 'desc' } });
    expect(ask('What was the highest price AAPL reached in 2014?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_prices_by_high' }, slots: { symbol: 'AAPL', n: 1, order: 'desc' } });
  });
});

describe('trial AA: a version past the labels with programs of their own (the averages per a chosen column, filtered)', () => {
  const ask = askingOver('querylane-routing-versions-', () => ({
    reviews: Array.from({ length: 600 }, (_, i) => ({
      review_id: `RV-${10_000 + i}`,
      // (Three labels before the version, which is then one of the columns the averages choose:
      // most reviews are of the newest version, so it is the least balanced of the four.)
      country: ['US', 'DE', 'FR', 'BR'][i % 4],
      app_name: ['FitTrack', 'ChatterBox', 'RideNow'][i % 3],
      platform: i % 2 === 0 ? 'ios' : 'android',
      app_version: i % 10 < 7 ? '5.1.0' : ['4.1.0', '4.2.0', '5.0.0'][i % 3],
      stars: 1 + ((i * 7) % 5),
      helpful_count: (i * 13) % 90,
      reviewed_at: new Date(Date.UTC(2014, 0, 1) + i * 14 * 3_600_000).toISOString(),
    })),
  }));

  it('answers the average per version of one app, and for one version of one app', () => {
    const lowest = ask('Which FitTrack version has the lowest average rating?');
    expect(lowest).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars_by_column' }, slots: { column: 'app_version', app_name: 'FitTrack', n: 1, order: 'asc' } });
    const one = ask("What's the average star rating for ChatterBox version 4.2.0?");
    expect(one).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars_by_column' }, slots: { column: 'app_version', value: '4.2.0', app_name: 'ChatterBox' } });
    // Asked of no grouping, the overall average with its filter answers (not the averages per a column a word chose).
    expect(ask('What is the average rating of FitTrack reviews on android?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_stars' }, slots: { app_name: 'FitTrack', platform: 'android' } });
  });
});

describe('trial AB: rides and support tickets (pickup and dropoff places, a series within a period)', () => {
  const zones = ['Midtown', 'Downtown', 'Airport', 'Harbor', 'University'];
  const rides = () =>
    Array.from({ length: 900 }, (_, i) => ({
      trip_id: `T${700_000 + i}`,
      pickup_at: new Date(Date.UTC(2014, 0, 1) + i * 9 * 3_600_000).toISOString(),
      pickup_zone: zones[i % 5],
      dropoff_zone: zones[(i * 3 + 1) % 5],
      distance_km: 1 + ((i * 37) % 290) / 10,
      fare_usd: 5 + ((i * 53) % 700) / 10,
      tip_usd: ((i * 29) % 90) / 10,
      passengers: 1 + (i % 4),
      payment_type: ['card', 'cash', 'wallet'][i % 3],
      driver_id: `D${100 + ((i * 7) % 30)}`,
    }));
  const ask = askingOver('querylane-routing-rides-', () => ({
    trips: rides(),
    tickets: Array.from({ length: 700 }, (_, i) => ({
      ticket_id: `TCK-${100_000 + i}`,
      created_at: new Date(Date.UTC(2014, 0, 1) + i * 17 * 3_600_000).toISOString(),
      priority: ['low', 'medium', 'high', 'urgent'][i % 4],
      category: ['billing', 'technical', 'account', 'shipping'][(i * 7) % 4],
      channel: ['email', 'chat', 'phone'][i % 3],
      first_response_minutes: 5 + ((i * 31) % 600),
    })),
  }));

  const withoutFaresPerDriver = askingOver('querylane-routing-rides-some-', () => ({ trips: rides() }), (candidate) => !/^(?:avg|sum)_fare_usd_by_column$/.test(candidate.name));

  it('reads "from the Airport" as where rides start and "to Downtown" as where they end (`pickup_zone`, `dropoff_zone`)', () => {
    expect(ask('What is the average fare from the Airport?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fare_usd' }, slots: { pickup_zone: 'Airport' } });
    const between = ask('How many trips went from Midtown to Downtown?');
    expect(between).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' }, slots: { pickup_zone: 'Midtown', dropoff_zone: 'Downtown' } });
    const reversed = ask('How many trips went to the Harbor from the University?');
    expect(reversed).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' }, slots: { pickup_zone: 'University', dropoff_zone: 'Harbor' } });
    expect(ask('Average fare of rides to the Airport')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fare_usd' }, slots: { dropoff_zone: 'Airport' } });
  });

  it('answers a series within a period ("tickets per month in 2014") with the series bounded', () => {
    expect(ask('Number of tickets per month in 2014')).toMatchObject({
      kind: 'answer',
      candidate: { name: 'tickets_over_time_by_created_at' },
      slots: { interval: 'month', from_created_at: '2014-01-01', to_created_at: '2014-12-31' },
    });
    // By the hour, where the time has one; by the quarter.
    expect(ask('hourly number of tickets on 2014-03-02')).toMatchObject({ kind: 'answer', candidate: { name: 'tickets_over_time_by_created_at' }, slots: { interval: 'hour', from_created_at: '2014-03-02', to_created_at: '2014-03-02' } });
    expect(ask('number of tickets per quarter')).toMatchObject({ kind: 'answer', candidate: { name: 'tickets_over_time_by_created_at' }, slots: { interval: 'quarter' } });
    // Asked for no series, a period's rows are no series.
    expect(ask('List the tickets from March 2014')).toMatchObject({ kind: 'answer', candidate: { family: 'range' } });
  });

  it('never answers the fares per driver with another measure per driver, nor "the highest total" with one ride', () => {
    // (`fare_usd` is named "fare" without its unit; the fares per driver are not deployed.)
    for (const question of ['total fare per driver', 'Which driver has the highest total fare?']) {
      const result = withoutFaresPerDriver(question);
      expect(result.kind, `${question}: ${result.kind === 'answer' ? result.candidate.name : result.reason}`).toBe('refusal');
    }
    expect(withoutFaresPerDriver('average distance per driver')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_distance_km_by_column' }, slots: { column: 'driver_id' } });
  });

  it('reads "the latest 5", "the busiest", "the quietest", and "tip" as `tip_usd`', () => {
    expect(ask('Show me the latest 5 tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_tickets_by_created_at' }, slots: { n: 5, order: 'desc' } });
    expect(ask('Which is the busiest pickup zone?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips_by_pickup_zone' }, slots: { n: 1, order: 'desc' } });
    expect(ask('the 2 quietest dropoff zones')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips_by_dropoff_zone' }, slots: { n: 2, order: 'asc' } });
    // The passengers' tips are no count of passengers.
    const tipped = ask('How much did passengers tip in total in March 2014?');
    expect(tipped.kind === 'refusal' || tipped.candidate.name.includes('tip'), tipped.kind === 'answer' ? tipped.candidate.name : tipped.reason).toBe(true);
  });

  it('never answers from other data a question that names a measure only the rides have ("fares" of `fare_usd`)', () => {
    // (The tickets have a series; the rides' series carries another measure.)
    const fares = ask('Total fares per month');
    expect(fares.kind === 'refusal' || fares.candidate.name.startsWith('trips') || fares.candidate.name.includes('fare'), fares.kind === 'answer' ? fares.candidate.name : fares.reason).toBe(true);
    expect(ask('Average fare by payment type')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fare_usd_by_payment_type' } });
  });

  it('reads "by chat" as a value, not as groups, and "shorter than 2 km" as a distance', () => {
    expect(ask('How many billing tickets came in by chat in March 2014?')).toMatchObject({
      kind: 'answer',
      candidate: { name: 'count_tickets' },
      slots: { category: 'billing', channel: 'chat', from_created_at: '2014-03-01', to_created_at: '2014-03-31' },
    });
    const short = ask('How many trips were shorter than 2 km?');
    expect(short).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' } });
    expect(short.kind === 'answer' && short.slots.max_distance_km).toBeLessThan(2);
    expect(short.kind === 'answer' && short.slots.max_distance_km).toBeGreaterThan(1.99);
  });
});

describe('trial AC: revenue of orders beside the salaries of employees (money made, money paid)', () => {
  const ask = askingOver('querylane-routing-orders-pay-', () => ({
    orders: Array.from({ length: 800 }, (_, i) => ({
      order_id: `ORD-${200_000 + i}`,
      customer_country: ['Germany', 'France', 'Spain', 'Italy'][i % 4],
      payment_method: ['card', 'paypal', 'invoice'][i % 3],
      status: ['delivered', 'shipped', 'cancelled', 'returned'][(i * 7) % 4],
      total_eur: 20 + ((i * 37) % 400),
      ordered_at: new Date(Date.UTC(2014, 0, 1) + i * 11 * 3_600_000).toISOString(),
    })),
    employees: Array.from({ length: 300 }, (_, i) => ({
      employee_id: `E${5000 + i}`,
      department: ['Engineering', 'Sales', 'Finance', 'Support'][i % 4],
      title: ['Engineer', 'Manager', 'Analyst'][(i * 7) % 3],
      level: ['L1', 'L2', 'L3'][i % 3],
      salary_eur: 40_000 + ((i * 7919) % 60_000),
      hire_date: new Date(Date.UTC(2010, 0, 1) + i * 9 * 86_400_000).toISOString().slice(0, 10),
      remote: i % 3 === 0,
    })),
  }));

  it('reads revenue as the orders\' money, not the salaries, per quarter too', () => {
    expect(ask('revenue per quarter')).toMatchObject({ kind: 'answer', candidate: { name: 'orders_over_time_by_ordered_at' }, slots: { interval: 'quarter' } });
    expect(ask('revenue per month')).toMatchObject({ kind: 'answer', candidate: { name: 'orders_over_time_by_ordered_at' }, slots: { interval: 'month' } });
    expect(ask('Total revenue from German customers')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/total_eur/) }, slots: { customer_country: 'Germany' } });
  });

  it('answers an average per period with the average over the periods, not the series, and nothing else with it', () => {
    // (Had listed the orders of every day.)
    for (const [question, interval] of [
      ['what is the average number of orders per day', 'day'],
      ['how many orders do we get a week on average', 'week'],
      ['how many orders on an average day', 'day'],
      ['average monthly revenue', 'month'],
      ['average daily revenue from German customers', 'day'],
    ] as const) {
      const answered = ask(question);
      expect(answered, question).toMatchObject({ kind: 'answer', candidate: { name: 'orders_average_per_period_by_ordered_at' }, slots: { interval } });
      expect(answered.kind === 'answer' && answered.slots.customer_country, question).toBe(question.includes('German') ? 'Germany' : undefined);
    }
    // Periods without an average, and an average without periods, are what they were.
    expect(ask('orders per day')).toMatchObject({ kind: 'answer', candidate: { name: 'orders_over_time_by_ordered_at' }, slots: { interval: 'day' } });
    expect(ask('average order value')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^(?:sum|avg)_total_eur$/) } });
    // An average per period of a measure it does not total is not its: the salaries are no orders'.
    expect(ask('average monthly salary')).not.toMatchObject({ candidate: { name: 'orders_average_per_period_by_ordered_at' } });
  });

  it('refuses a bare "<thing> of <value>" whose thing no data has, rather than list the value\'s rows', () => {
    // Had listed the orders of German customers.
    for (const question of ['gdp of germany', 'population of france']) expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringMatching(/gdp|population/) });
    expect(ask('orders of germany')).toMatchObject({ kind: 'answer', slots: { customer_country: 'Germany' } });
    // A word for a view of the data is no attribute.
    expect(ask('summary of orders by status')).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
  });

  it('reads "what was the quietest month for orders" as the months ranked, "quietest" being no attribute', () => {
    // Had been refused: "quietest" was read as an attribute of the orders no data has.
    expect(ask('what was the quietest month for orders')).toMatchObject({ kind: 'answer', candidate: { name: 'orders_over_time_by_ordered_at' }, slots: { interval: 'month', n: 1, order: 'asc' } });
  });

  it('reads "Engineering" as the department it is, not the title "Engineer" of the same stem', () => {
    const compared = ask('Compare average salary of Engineering and Sales');
    expect(compared).toMatchObject({ kind: 'answer', candidate: { name: 'avg_salary_eur_by_department' } });
    expect(compared.kind === 'answer' && compared.slots.title).toBeUndefined();
  });

  it('reads "the last 30 days" as a period, not as the last 30 rows ("the last 5 orders" still are)', () => {
    const period = parseQuestion('How many orders in the last 30 days?', now);
    expect(period.limit).toBeNull();
    expect(period.dates).toMatchObject([{ from: '2015-05-16', to: '2015-06-15' }]);
    expect(parseQuestion('Show the last 5 orders', now).limit).toMatchObject({ value: 5 });
    const recent = ask('How many orders in the last 30 days?');
    if (recent.kind === 'answer') expect(recent.slots.n).toBeUndefined();
  });
});

describe('a year said as a date is no count', () => {
  it('reads "which month of 2019" as months of that year, not the first 2019', () => {
    // Both had filled `n` with 2019.
    expect(parseQuestion('which month of 2019 had the highest co2', now).limit).toBeNull();
    expect(parseQuestion('which 3 months of 2019 had the highest co2', now).limit).toMatchObject({ value: 3 });
    expect(parseQuestion('top 5 months of 2019 by co2', now).limit).toMatchObject({ value: 5 });
  });
});

describe('calendar quarters', () => {
  it('reads a quarter as its three months, with or without its year, and "last quarter" as the one before today\'s', () => {
    // All had been whole years (chrono reads "Q1 2024" as 2024), and "last quarter" this year.
    const quarter = (question: string) => parseQuestion(question, now).dates.map(({ from, to, floating }) => ({ from, to, floating }));
    expect(quarter('sales in Q1 2024')).toEqual([{ from: '2024-01-01', to: '2024-03-31', floating: undefined }]);
    expect(quarter('sales in 2024 q2')).toEqual([{ from: '2024-04-01', to: '2024-06-30', floating: undefined }]);
    expect(quarter('sales in the third quarter of 2023')).toEqual([{ from: '2023-07-01', to: '2023-09-30', floating: undefined }]);
    expect(quarter('sales in the last quarter of 2023')).toEqual([{ from: '2023-10-01', to: '2023-12-31', floating: undefined }]);
    expect(quarter('revenue last quarter')).toEqual([{ from: '2015-01-01', to: '2015-03-31', floating: undefined }]);
    expect(quarter('revenue this quarter')).toEqual([{ from: '2015-04-01', to: '2015-06-30', floating: undefined }]);
    expect(quarter('sales in the fourth quarter')).toEqual([{ from: '2015-10-01', to: '2015-12-31', floating: true }]);
  });
});

describe('QuestionRouter over countries by year (trial 13: "across countries" is over them all)', () => {
  const ask = askingOver('querylane-routing-across-', () => ({ countries: vegaJson('countries.json') as Record<string, unknown>[] }));

  it('averages over every country said "across countries", and groups only what is compared across them', () => {
    // Had been refused: "across countries" was read as a grouping by country no average program has.
    const answered = ask('average life expectancy in 1980 across countries');
    expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'avg_life_expect' } });
    expect(answered.kind === 'answer' && answered.slots).toEqual({ year: 1980 });
  });
});

describe('QuestionRouter over natural disasters (trial 13: "which type of X" is the data\'s category)', () => {
  const ask = askingOver('querylane-routing-disaster-kinds-', () => ({ natural_disasters: csv('disasters.csv') }));

  it('ranks the category by its total for "which type of disaster killed the most"', () => {
    // Had answered the single deadliest year-row (All natural disasters, 1931).
    // (Deaths add up: the program ranks by their total unless rank_by says otherwise.)
    const answered = ask('which type of disaster killed the most people overall');
    expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths_by_entity' }, slots: { order: 'desc' } });
    expect(answered.kind === 'answer' && (answered.slots.rank_by ?? 'total')).toBe('total');
  });
});

describe('QuestionRouter over hourly GitHub activity (trial 13: rows that each count things)', () => {
  const ask = askingOver('querylane-routing-github-activity-', () => ({ github_activity: csv('github.csv') }));

  it('ranks periods by the total of the rows\' own counts, not by how many rows each has', () => {
    // Had ranked the months by their number of hourly rows (January 2015, for March's most events).
    expect(ask('which month was the most active on github')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'month', n: 1, rank_by: 'total' } });
  });

  it('ranks the periods of "what was the busiest day on github", the superlative before the period', () => {
    // Had answered the busiest hour's row.
    expect(ask('what was the busiest day on github')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'day', n: 1, order: 'desc', rank_by: 'total' } });
    expect(ask('what were the 3 quietest months on github')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'month', n: 3, order: 'asc', rank_by: 'total' } });
  });

  it('answers "the average github count per hour" with the average over the hours, one figure', () => {
    // Had listed every hour.
    expect(ask('what is the average github count per hour')).toMatchObject({ kind: 'answer', candidate: { name: 'github_activity_average_per_period_by_time' }, slots: { interval: 'hour' } });
  });
});

describe('QuestionRouter over country-years named for their measures (trial 13: "the fertility data")', () => {
  const ask = askingOver('querylane-routing-fertility-data-', () => ({ countries_fertility_life: vegaJson('countries.json') as Record<string, unknown>[] }));

  it('counts the different countries of "how many countries are in the fertility data"', () => {
    // Had counted the 620 country-years: "fertility", said as the data's name, was read as a column the distinct count does not use.
    expect(ask('how many countries are in the fertility data')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_countries_fertility_life' }, slots: { column: 'country' } });
  });
});

describe('holidays on a fixed day', () => {
  it('reads "christmas day 2014" as that day, and a holiday without its year as the data\'s latest', () => {
    // The first had been the whole of 2014 (trial 13): chrono knows no holidays.
    const day = (question: string) => parseQuestion(question, now).dates.map(({ from, to, floating }) => ({ from, to, floating }));
    expect(day('what was the weather in seattle on christmas day 2014')).toEqual([{ from: '2014-12-25', to: '2014-12-25', floating: undefined }]);
    expect(day("temperature on new year's eve 2013")).toEqual([{ from: '2013-12-31', to: '2013-12-31', floating: undefined }]);
    expect(day('weather on the fourth of july, 2012')).toEqual([{ from: '2012-07-04', to: '2012-07-04', floating: undefined }]);
    expect(day('sales on halloween')).toEqual([{ from: '2015-10-31', to: '2015-10-31', floating: true }]);
  });
});

describe('"the year 1902"', () => {
  it('reads "in the year 1902" as that year, and "since the year 1990" from it on', () => {
    // The first had been next year (chrono reads "in the year" as a year from now), and 1902 then refused.
    const years = (question: string) => parseQuestion(question, now).dates.map(({ from, to }) => ({ from, to }));
    expect(years('how many deaths from volcanic activity in the year 1902')).toEqual([{ from: '1902-01-01', to: '1902-12-31' }]);
    expect(years('deaths since the year 1990')).toEqual([{ from: '1990-01-01', to: null }]);
    expect(years('deaths before the year 1950')).toEqual([{ from: null, to: '1949-12-31' }]);
  });
});

describe('trial AC: a name with a decimal that the data writes without its point (`pm25`)', () => {
  const ask = askingOver('querylane-routing-pm25-', () => ({
    sensors: Array.from({ length: 900 }, (_, i) => ({
      reading_id: i + 1,
      device: `dev-${String(1 + (i % 12)).padStart(2, '0')}`,
      site: ['Berlin-Lab', 'Munich-Office', 'Hamburg-Warehouse'][i % 3],
      recorded_at: new Date(Date.UTC(2014, 5, 1) + i * 15 * 60_000).toISOString(),
      temperature_c: 18 + ((i * 37) % 100) / 10,
      pm25: ((i * 53) % 600) / 10,
    })),
  }));

  it('reads "PM2.5" as `pm25`, and its number as the bound', () => {
    const high = ask('Show readings with PM2.5 above 50');
    expect(high).toMatchObject({ kind: 'answer', candidate: { name: 'sensors_by_pm25_range' } });
    expect(high.kind === 'answer' && high.slots.min_pm25).toBeGreaterThan(50);
    expect(high.kind === 'answer' && high.slots.min_pm25).toBeLessThan(50.01);
  });
});

describe('trial AA: revenue of bookings (the prices paid)', () => {
  const ask = askingOver('querylane-routing-revenue-', () => ({
    bookings: Array.from({ length: 500 }, (_, i) => ({
      booking_ref: `BK-${70_000 + i}`,
      hotel: ['Harbor Inn', 'Grand Plaza', 'City Lodge'][i % 3],
      channel: ['Direct', 'Booking.com', 'Expedia'][i % 3],
      check_in: new Date(Date.UTC(2014, 1, 1) + i * 16 * 3_600_000).toISOString().slice(0, 10),
      guests: 1 + (i % 4),
      nights: 1 + (i % 9),
      total_price_eur: 80 + ((i * 53) % 2000),
    })),
  }));

  it('reads revenue as the total of the prices paid', () => {
    expect(ask('Total revenue per hotel')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_price_eur_by_hotel' } });
  });
});

describe('QuestionRouter over rides whose money columns come third and fourth', () => {
  // Drivers and riders repeat (references); distance and duration come before fare and tip.
  const rides = Array.from({ length: 900 }, (_, index) => ({
    ride_id: 500_000 + index,
    driver_id: 1000 + ((index * 37) % 60),
    rider_id: 20_000 + ((index * 53) % 400),
    city: ['Austin', 'Denver', 'Seattle', 'Boston', 'Miami'][index % 5],
    distance_km: ((index * 7) % 300) / 10,
    duration_min: 5 + ((index * 11) % 60),
    fare: ((index * 131) % 6000) / 100,
    tip: ((index * 17) % 1000) / 100,
    requested_at: new Date(Date.UTC(2025, 5, 1) + index * 3_600_000).toISOString(),
  }));
  const ask = askingOver('querylane-routing-rides-', () => ({ rides }));

  it("answers a driver's total fares with the fares per driver, not the single ride with the highest fare", () => {
    expect(ask('Which driver earned the most in fares?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fare_by_column' }, slots: { column: 'driver_id', n: 1, order: 'desc', rank_by: 'total' } });
    expect(ask('Top 3 drivers by total tips')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_tip_by_column' }, slots: { column: 'driver_id', n: 3 } });
    expect(ask('Average fare for driver 1012')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fare_by_column' }, slots: { column: 'driver_id', value: '1012' } });
  });
});

describe('QuestionRouter over bird strikes (column names of several words)', () => {
  const ask = askingOver('querylane-routing-birdstrikes-', () => ({
    birdstrikes: parse(readFileSync(join(vegaDataDir(), 'birdstrikes.csv'), 'utf8'), { columns: true, skip_empty_lines: true, cast: true }) as Record<string, unknown>[],
  }));

  it('names a column of three words said without its middle one, and the noun after "most common" as the groups', () => {
    // Had ranked single strikes by their cost.
    expect(ask('most common aircraft model in bird strikes')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes_by_column' }, slots: { column: 'Aircraft Make Model', order: 'desc' } });
    expect(ask('Which aircraft model had the most bird strikes?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes_by_column' }, slots: { column: 'Aircraft Make Model', n: 1 } });
    // Had counted by wildlife size.
    expect(ask('most common species in bird strikes')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes_by_column' }, slots: { column: 'Wildlife Species' } });
  });

  it('reads no value in its own column\'s name said whole ("time of day" holds no Day), and a noun of three words before its verb', () => {
    // "Which time of day has the most birdstrikes" had ranked single strikes of the time of day Day by cost.
    const busiest = ask('Which time of day has the most birdstrikes?');
    expect(busiest).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes_by_time_of_day' }, slots: { n: 1 } });
    expect(busiest.kind === 'answer' && busiest.slots).not.toHaveProperty('time_of_day');
    const perTime = ask('What is the total cost per time of day?');
    expect(perTime.kind === 'answer' && perTime.slots).not.toHaveProperty('time_of_day');
    expect(ask('how many birdstrikes happened during the day')).toMatchObject({ kind: 'answer', slots: { time_of_day: 'Day' } });
    // (Had listed one strike.)
    expect(ask('Which phase of flight has the most birdstrikes?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes_by_phase_of_flight' }, slots: { n: 1 } });
  });
});

describe('QuestionRouter over penguins and cars (units of mass and length)', () => {
  const ask = askingOver('querylane-routing-units-', () => ({ penguins: vegaJson('penguins.json') as Record<string, unknown>[], cars: vegaJson('cars.json') as Record<string, unknown>[] }));

  it("converts a bound written in another unit to the column's own", () => {
    // "5 kg" had been read as 5 grams of `Body Mass (g)`, every penguin above it.
    expect(ask('How many penguins weigh more than 5 kg?')).toMatchObject({ kind: 'answer', slots: { min_body_mass_g: 5001 } });
    expect(ask('penguins with flippers longer than 20 cm')).toMatchObject({ kind: 'answer', slots: { min_flipper_length_mm: 201 } });
    // Into whole pounds, inside the bound: 2000 kg is 4409.2 lb.
    expect(ask('how many cars weigh more than 2000 kg')).toMatchObject({ kind: 'answer', candidate: { name: 'count_cars' }, slots: { min_weight_in_lbs: 4410 } });
    // The first unit of a rate is the column's name, no unit to convert.
    expect(ask('cars with more than 30 miles per gallon')).toMatchObject({ kind: 'answer', slots: { column: 'Miles_per_Gallon', min_value: 30.000000000000004 } });
  });

  it('ranks the groups a question names first, before "with the most" or "with the longest"', () => {
    // Stop 62: "species with the longest flippers" was refused ("species" unread by a ranking of
    // penguins); "which species has the longest flippers" had answered.
    expect(ask('species with the longest flippers')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_flipper_length_mm_by_species' }, slots: { order: 'desc' } });
    // (A noun in the singular asks for one.)
    expect(ask('island with the most penguins')).toMatchObject({ kind: 'answer', candidate: { name: 'count_penguins_by_island' }, slots: { n: 1, order: 'desc' } });
    expect(ask('origin with the highest average horsepower')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_horsepower_by_origin' }, slots: { n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over orders and tickets with values often missing (a coupon, an assignee, a shipping date)', () => {
  const orders = Array.from({ length: 700 }, (_, index) => {
    const status = ['pending', 'shipped', 'delivered', 'cancelled', 'returned'][(index * 7) % 5]!;
    const ordered = Date.UTC(2025, 0, 1) + index * 20 * 3_600_000;
    return {
      order_id: `O-${10_000 + index}`,
      customer_country: ['DE', 'FR', 'US', 'ES', 'IT'][(index * 3) % 5],
      total_amount: 10 + ((index * 37) % 900) / 2,
      status,
      coupon_code: index % 7 === 0 ? ['SAVE10', 'WELCOME', 'VIP20'][index % 3] : null,
      ordered_at: new Date(ordered).toISOString(),
      shipped_at: status === 'pending' || status === 'cancelled' ? null : new Date(ordered + 2 * 86_400_000).toISOString(),
    };
  });
  const tickets = Array.from({ length: 500 }, (_, index) => ({
    ticket_id: `T-${index + 1}`,
    priority: ['low', 'medium', 'high', 'urgent'][(index * 3) % 4],
    channel: ['email', 'chat', 'phone'][index % 3],
    assignee: index % 4 === 1 ? null : ['Eva Novak', 'Liam Chen', 'Ana Silva', 'Omar Haddad'][index % 4 === 0 ? 0 : (index * 5) % 4],
    created_at: new Date(Date.UTC(2026, 0, 1) + index * 12 * 3_600_000).toISOString(),
  }));
  const ask = askingOver('querylane-routing-missing-', () => ({ orders, tickets }));

  it('counts and lists the rows with a value there or missing, said as a flag is', () => {
    // Each had counted every order or ticket, or been refused.
    expect(ask('How many orders used a coupon?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { has_coupon_code: true } });
    expect(ask('How many orders were placed without a coupon?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { has_coupon_code: false } });
    expect(ask('How many orders from DE used a coupon?')).toMatchObject({ kind: 'answer', slots: { customer_country: 'DE', has_coupon_code: true } });
    expect(ask('how many orders have not shipped yet')).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { has_shipped_at: false } });
    expect(ask('How many tickets are unassigned?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { has_assignee: false } });
    expect(ask('List unassigned urgent tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'list_tickets' }, slots: { priority: 'urgent', has_assignee: false } });
    // A value of the column is still a value (its being there then holds too).
    const eva = ask('how many tickets assigned to Eva Novak');
    expect(eva.kind === 'answer' && [eva.slots.assignee ?? eva.slots.value, eva.slots.has_assignee ?? true]).toEqual(['Eva Novak', true]);
  });

  it('bounds the time column the word before a date names, and reads that word as no state', () => {
    // "orders" names `ordered_at` too; the nearer "shipped" decides (this had been refused).
    const march = ask('How many orders shipped in March 2025?');
    expect(march).toMatchObject({ kind: 'answer', candidate: { name: 'count_orders' }, slots: { from_shipped_at: '2025-03-01', to_shipped_at: '2025-03-31' } });
    // Orders shipped then and delivered or returned since were shipped too: no `status` of shipped.
    for (const question of ['How many orders shipped in March 2025?', 'How many orders were shipped in November 2025?']) {
      const answer = ask(question);
      expect(answer.kind === 'answer' && [answer.slots.status, answer.slots.from_ordered_at]).toEqual([undefined, undefined]);
    }
    expect(ask('How many orders were placed in March 2025?')).toMatchObject({ kind: 'answer', slots: { from_ordered_at: '2025-03-01', to_ordered_at: '2025-03-31' } });
    expect(ask('How many shipped orders?')).toMatchObject({ kind: 'answer', slots: { status: 'shipped' } });
  });

  it('reads a month said without its year as the latest such month of the data', () => {
    // The reference day is in 2015; the orders run from January 2025 to August 2026: November is 2025's.
    const november = ask('List the orders shipped in November');
    expect(november).toMatchObject({ kind: 'answer', slots: { from_shipped_at: '2025-11-01', to_shipped_at: '2025-11-30' } });
    expect(november.kind === 'answer' && november.candidate.name).not.toBe('count_orders');
    // The latest February the data reaches is 2026's.
    expect(ask('How many orders were placed in February?')).toMatchObject({ kind: 'answer', slots: { from_ordered_at: '2026-02-01', to_ordered_at: '2026-02-28' } });
  });
});

describe('QuestionRouter over tickets with subjects of several words', () => {
  const tickets = Array.from({ length: 400 }, (_, index) => ({
    ticket_id: `T-${index + 1}`,
    subject: ['Wrong item received', 'Refund request', 'App crash on start', 'Billing question', 'Password reset not working'][(index * 3) % 5],
    priority: ['low', 'medium', 'high', 'urgent'][index % 4],
    channel: ['email', 'chat', 'phone'][(index * 7) % 3],
    sentiment: ['negative', 'neutral', 'positive'][(index * 5) % 3],
    satisfaction: 1 + (index % 5),
    created_at: new Date(Date.UTC(2026, 0, 1) + index * 12 * 3_600_000).toISOString(),
  }));
  const ask = askingOver('querylane-routing-subjects-', () => ({ tickets }));

  it('reads a verb form in small letters as what happened, no part of a subject', () => {
    // Had counted the subject "Wrong item received" of phone tickets.
    expect(ask('How many tickets were received by phone?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { channel: 'phone' } });
    expect(ask('How many refund requests?')).toMatchObject({ kind: 'answer', slots: { subject: 'Refund request' } });
  });

  it('reads "negative" as a value where the data holds it, no sign', () => {
    const answer = ask('How many tickets with negative sentiment?');
    expect(answer).toMatchObject({ kind: 'answer', candidate: { name: 'count_tickets' }, slots: { sentiment: 'negative' } });
    expect(answer.kind === 'answer' && answer.slots.max_satisfaction).toBeUndefined();
  });
});

describe('trial 3: people counted by what befell them, sign-ups, matches of a league', () => {
  const plans = ['starter', 'team', 'business'];
  const subscriptions = Array.from({ length: 300 }, (_, index) => ({
    subscription_id: `sub_${(index * 7919).toString(36).padStart(4, 'a')}`,
    plan: plans[index % 3],
    mrr_usd: 12 + ((index * 37) % 400),
    country: ['US', 'GB', 'DE'][(index * 5) % 3],
    signup_date: new Date(Date.UTC(2012, 0, 1) + index * 3 * 86_400_000).toISOString().slice(0, 10),
  }));
  const teams = ['Rapid Wien', 'Sturm Graz', 'FC Porto', 'SL Benfica', 'Real Betis', 'Sevilla FC'];
  const football = Array.from({ length: 360 }, (_, index) => ({
    date: new Date(Date.UTC(2012, 6, 1) + index * 2 * 86_400_000).toISOString().slice(0, 10),
    division: ['Austrian Bundesliga', 'Primeira Liga Portugal', 'Spanish La Liga'][index % 3],
    home_team: teams[(index * 2) % 6],
    away_team: teams[(index * 2 + 1) % 6],
    home_score: index % 4,
    away_score: (index * 3) % 3,
  }));
  const hotel_bookings = Array.from({ length: 400 }, (_, index) => ({
    booking_id: `BK-${100_001 + index}`,
    room_type: ['single', 'double', 'suite'][(index * 7) % 3],
    nights: 1 + (index % 9),
    special_requests: index % 5 < 3 ? null : ['late check-in', 'high floor', 'crib'][index % 3],
    booking_date: new Date(Date.UTC(2013, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    check_in_date: new Date(Date.UTC(2013, 1, 1) + index * 86_400_000).toISOString().slice(0, 10),
  }));
  const meters = Array.from({ length: 300 }, (_, index) => ({
    building: ['North Tower', 'Lab Building', 'Warehouse 3'][index % 3],
    reading_at: new Date(Date.UTC(2014, 0, 1) + index * 6 * 3_600_000).toISOString(),
    kwh: 100 + ((index * 17) % 90),
  }));
  const ask = askingOver('querylane-routing-trial3-', () => ({ disasters: csv('disasters.csv'), la_riots: csv('la-riots.csv'), subscriptions, football, us_employment: csv('us-employment.csv'), hotel_bookings, meters }));

  it('reads a stay as its nights, bounded by the column named after the number', () => {
    // Had been refused ("counts stays", "names stay"); then bounded the price per night.
    expect(ask('How many stays were longer than 7 nights?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { min_nights: 8 } });
    expect(ask('What is the average length of stay?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_nights' } });
  });

  it('refuses money asked of a measure that is none', () => {
    // Had summed the kWh.
    const paid = ask('How much did the North Tower pay for electricity in March 2014?');
    expect(paid.kind === 'refusal' && paid.reason).toContain('money');
    expect(ask('How much electricity did the North Tower use in March 2014?')).toMatchObject({ kind: 'answer', slots: { building: 'North Tower', from_reading_at: '2014-03-01' } });
  });

  it('reads "how many people died" as the deaths a data set counts, or as its rows of deaths', () => {
    // Had counted the rows of earthquakes of 2010 (one), or been refused ("counts people").
    expect(ask('How many people died in earthquakes in 2010?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths' }, slots: { entity: 'Earthquake', from_year: 2010, to_year: 2010 } });
    expect(ask('How many people died from epidemics since 1950?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths' }, slots: { entity: 'Epidemic', from_year: 1950 } });
    // The riots' rows are the people who died.
    expect(ask('How many people died in the LA riots?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' } });
    // Something no data counts is still refused.
    expect(ask('How many customers does our company have?').kind).toBe('refusal');
  });

  it('counts rows the question words otherwise, where it names the time column of its date or a whole value', () => {
    // "signed up" is `signup_date`: had been refused ("counts customers").
    expect(ask('How many customers signed up in 2013?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { from_signup_date: '2013-01-01', to_signup_date: '2013-12-31' } });
    // A league's whole name: had been refused ("about matches, played").
    expect(ask('How many matches were played in the Spanish La Liga?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_football' }, slots: { division: 'Spanish La Liga' } });
  });

  it("averages a wide table's other columns within a period, and reads the peak as the highest", () => {
    // Manufacturing has no aggregate of its own; the one that takes the column had no dates, and
    // the question was answered with the year's raw rows.
    expect(ask('Average manufacturing employment in 2009')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_us_employment_column' }, slots: { column: 'manufacturing', from_month: '2009-01-01', to_month: '2009-12-31' } });
    // Had listed every month.
    expect(ask('What was the peak construction employment?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_us_employment_by_column' }, slots: { column: 'construction', n: 1, order: 'desc' } });
  });

  it('reads "negative" and "positive" as below and above zero, strictly', () => {
    const negative = ask('How many months had negative nonfarm change?');
    expect(negative).toMatchObject({ kind: 'answer', slots: { column: 'nonfarm_change' } });
    expect(negative.kind === 'answer' && negative.slots.max_value).toBeLessThan(0);
    expect(negative.kind === 'answer' && negative.slots.max_value).toBeGreaterThan(-1e-300);
    const positive = ask('months with positive nonfarm change');
    expect(positive.kind === 'answer' && [positive.slots.column, (positive.slots.min_value as number) > 0]).toEqual(['nonfarm_change', true]);
  });

  it('finds a record by a code of letters after a joining underscore, and totals recurring revenue', () => {
    const id = subscriptions[17]!.subscription_id;
    expect(id).toMatch(/^sub_[a-z0-9]+$/);
    // Had listed every subscription.
    expect(ask(`Show subscription ${id}`)).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_subscriptions_by_subscription_id' }, slots: { subscription_id: id } });
    // MRR adds up: its programs sum it first (they had averaged it).
    expect(ask('What is our total MRR?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_usd' } });
    // The total per country, not the five biggest subscriptions ("countries" names `country`).
    expect(ask('Top 5 countries by MRR')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_usd_by_country' }, slots: { n: 5 } });
  });

  it('reads "since March" without its year as the latest March the data reaches', () => {
    // The reference day is in 2015 and the sign-ups end in 2014: "since March" had been a March to come.
    expect(ask('How many customers signed up since March?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { from_signup_date: '2014-03-01' } });
  });

  it('reads a flag named by its column, a grouping after how many are asked, and refuses a count by a thing no data holds', () => {
    // The column's own name had been skipped as the name of another column: every booking counted.
    expect(ask('How many bookings with special requests?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { has_special_requests: true } });
    expect(ask('How many bookings without special requests?')).toMatchObject({ kind: 'answer', slots: { has_special_requests: false } });
    // "Which 5 neighborhoods": had ranked disasters by deaths.
    expect(ask('Which 5 neighborhoods had the most deaths?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots_by_neighborhood' }, slots: { n: 5 } });
    // Had counted every booking.
    const breakfast = ask('How many bookings included breakfast?');
    expect(breakfast.kind === 'refusal' && breakfast.reason).toMatch(/breakfast/);
  });
});

describe('QuestionRouter over calls at times of day (the busiest hour, the busiest weekday)', () => {
  const calls = Array.from({ length: 900 }, (_, index) => {
    const day = (index * 7) % 84;
    return {
      call_id: `C-${10_000 + index}`,
      agent_name: ['Ana Silva', 'Ben Okafor', 'Chen Wei'][index % 3],
      queue: ['billing', 'tech', 'sales'][(index * 5) % 3],
      started_at: new Date(Date.UTC(2014, 0, 6 + day, [9, 10, 10, 11, 14, 16][index % 6]!, (index * 13) % 60)).toISOString(),
      wait_seconds: (index * 37) % 600,
    };
  });
  const trips = Array.from({ length: 600 }, (_, index) => ({
    trip_id: `TR-${10_000 + index}`,
    depot: ['Leeds', 'Glasgow'][index % 2],
    started_at: new Date(Date.UTC(2014, 0, 6 + ((index * 5) % 84), [7, 8, 8, 12, 17, 18][index % 6]!, (index * 7) % 60)).toISOString(),
    distance_km: 5 + ((index * 13) % 140),
    idle_minutes: (index * 11) % 45,
    incidents: index % 7 === 0 ? 1 + (index % 5) : 0,
    on_time: index % 4 !== 0,
  }));
  const ask = askingOver('querylane-routing-calls-', () => ({ calls, seattle_weather: seattleWeather(), trips }));
  const askTrips = askingOver('querylane-routing-trips-alone-', () => ({ trips }));

  it('asks which data is meant when the same program of two data sets answers alike, and reads "late" as not on time', () => {
    // Had answered with the trips' hours, by a hair.
    const busiest = ask('What is the busiest hour of the day?');
    expect(busiest.kind === 'refusal' && busiest.reason).toMatch(/calls and the trips data alike|trips and the calls data alike/);
    expect(ask('Which hour of the day has the most trips?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips_by_hour_of_day' } });
    // Had counted every trip.
    expect(ask('How many trips were late?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' }, slots: { on_time: false } });
    expect(ask('How many trips were on time?')).toMatchObject({ kind: 'answer', slots: { on_time: true } });
    // "Time" alone names no trip on time (trial 17: "the highest avg idle time" had kept the on-time trips).
    const idle = ask('which depot has the highest avg idle time');
    expect(idle).toMatchObject({ kind: 'answer', candidate: { name: 'avg_idle_minutes_by_depot' } });
    expect(idle.kind === 'answer' && idle.slots.on_time).toBeUndefined();
  });

  it('reads having one of a count each row holds as the count above zero ("trips that had an incident"), and having none as zero', () => {
    // Had counted every trip, "an incident" unread (trial 17).
    expect(ask('how many trips had an incident')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' }, slots: { min_incidents: 1 } });
    expect(ask('how many trips without incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trips' }, slots: { max_incidents: 0 } });
    // (A number inside a comparison is its bound, no value of the column: the trips alone, whose
    // incidents are also a filter of a few values, had been asked for 2 incidents and more than 2.)
    expect(askTrips('how many trips had more than 2 incidents')).toMatchObject({ kind: 'answer', slots: { min_incidents: 3 } });
    expect(askTrips('how many trips had more than 2 incidents')).not.toMatchObject({ slots: { incidents: expect.anything() } });
  });

  it('asks the hour of the day or the weekday of the counts per them, and nothing else of them', () => {
    // Had ranked single calls by their wait.
    expect(ask('What time of day has the most calls?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_calls_by_hour_of_day' }, slots: { n: 1, order: 'desc' } });
    expect(ask('Which weekday gets the most calls?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_calls_by_day_of_week' }, slots: { n: 1 } });
    expect(ask('calls per day of the week in the billing queue')).toMatchObject({ kind: 'answer', candidate: { name: 'count_calls_by_day_of_week' }, slots: { queue: 'billing' } });
    // A series per day is still a series; days of rain are no weekdays.
    expect(ask('calls per day')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'day' } });
    const rainy = ask('how many rainy days');
    expect(rainy.kind === 'answer' && rainy.candidate.name).toBe('count_seattle_weather');
  });
});

describe('QuestionRouter over obesity rates, weather and global temperatures (trial 4: a measure the data does not hold)', () => {
  const ask = askingOver('querylane-routing-trial4-', () => ({ obesity: vegaJson('obesity.json') as Record<string, unknown>[], weather: csv('weather.csv'), global_temp: csv('global-temp.csv'), github: csv('github.csv') }));

  it('ranks the things a superlative names by the data that has them as a column', () => {
    // Had ranked days of the weather: the years are global temperatures'.
    expect(ask('Which 5 years were the warmest?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_global_temp_by_temp' }, slots: { n: 5, order: 'desc' } });
    expect(ask('What was the coldest year?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_global_temp_by_temp' }, slots: { n: 1, order: 'asc' } });
    expect(ask('What were the 5 windiest days?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weather_by_wind' }, slots: { n: 5 } });
  });

  it('reads "below freezing" as the least temperature below 0 and "above freezing" as the greatest above it', () => {
    const below = ask('How many days were below freezing in Seattle?');
    expect(below).toMatchObject({ kind: 'answer', candidate: { name: 'count_weather' }, slots: { location: 'Seattle' } });
    expect(below.kind === 'answer' && [(below.slots.max_temp_min as number) < 0, below.slots.max_temp_max]).toEqual([true, undefined]);
    const above = ask('How many days were above freezing in New York?');
    expect(above.kind === 'answer' && [(above.slots.min_temp_max as number) > 0, above.slots.min_temp_min]).toEqual([true, undefined]);
  });

  it('reads hours as the rows of data counted by the hour', () => {
    // Each had been refused ("about hours").
    // (The hours ranked by their total count: of data with one row an hour, the same 5 rows.)
    expect(ask('Which 5 hours had the highest count?')).toMatchObject({ kind: 'answer', candidate: { name: 'github_over_time_by_time' }, slots: { interval: 'hour', n: 5, order: 'desc', rank_by: 'total' } });
    expect(ask('What is the total count across all hours?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' } });
  });

  it('refuses a measure no data holds, asked of a place or a day, where it had answered with another', () => {
    // Had answered with the day's weather and with Ohio's obesity rate.
    for (const [question, word] of [
      ['What was the humidity in Seattle on 2013-05-01?', 'humidity'],
      ['What is the diabetes rate in Ohio?', 'diabetes'],
    ] as const) {
      const answer = ask(question);
      expect(answer.kind === 'refusal' && answer.reason, question).toContain(`"${word}"`);
    }
    // The data's own measure, and one named with a word of it first, are still answered.
    expect(ask('What is the obesity rate in TX?')).toMatchObject({ kind: 'answer', slots: { state: 'TX' } });
    expect(ask('What was the temperature anomaly in 1998?')).toMatchObject({ kind: 'answer', slots: { min_year: 1998, max_year: 1998 } });
  });
});

describe('QuestionRouter over monarchs, stations and vehicles (trial 5: what the data does not hold)', () => {
  const stations = Array.from({ length: 120 }, (_, index) => ({
    station_id: `ST-${1000 + index}`,
    state: ['AK', 'WA', 'OR'][index % 3],
    latitude: 45 + ((index * 7) % 200) / 10,
    longitude: -150 + ((index * 11) % 300) / 10,
  }));
  const vehicles = Array.from({ length: 200 }, (_, index) => ({
    trip_id: `TR-${10_000 + index}`,
    vehicle_id: `VH-${String(1 + (index % 40)).padStart(3, '0')}`,
    depot: ['Leeds', 'Glasgow'][index % 2],
    distance_km: 5 + ((index * 13) % 140),
    fuel_liters: 1 + ((index * 7) % 30),
  }));
  const ask = askingOver('querylane-routing-trial5-', () => ({ monarchs: vegaJson('monarchs.json') as Record<string, unknown>[], stations, vehicles, budgets: vegaJson('budgets.json') as Record<string, unknown>[], sp500: csv('sp500.csv') }));

  it('reads a year by the year column named after it, and a series by the periods asked', () => {
    // Had bounded the forecast year.
    expect(ask('Show the forecasts made in the 2010 budget')).toMatchObject({ kind: 'answer', slots: { min_budget_year: 2010, max_budget_year: 2010 } });
    // Had been refused ("names budget year"), and answered with one overall average.
    expect(ask('Average forecast value by budget year')).toMatchObject({ kind: 'answer', candidate: { name: 'budgets_over_time_by_budget_year' } });
    expect(ask('Average S&P 500 price by year')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'year' } });
  });

  it("refuses what a question asks of a thing the data does not hold, an amount none holds, and an average answered with rows", () => {
    for (const [question, said] of [
      // Had looked Elizabeth up, listed VH-012's trips, listed every trip, and listed Alaska's stations.
      ["Who was Elizabeth's father?", /father/],
      ["What's the tyre pressure of VH-012?", /tyre|pressure/],
      ['How much diesel was refunded to Leeds?', /diesel/],
      ['What is the average latitude of stations in Alaska?', /average/],
    ] as const) {
      const answer = ask(question);
      expect(answer.kind === 'refusal' && answer.reason, question).toMatch(said);
    }
    // What the data holds is still answered.
    const fuel = ask('How much fuel did VH-012 use?');
    expect(fuel.kind === 'answer' && Object.values(fuel.slots)).toContain('VH-012');
    expect(ask('What is the average distance of trips from Leeds?')).toMatchObject({ kind: 'answer', candidate: { family: 'aggregate' }, slots: { depot: 'Leeds' } });
  });

  it('ranks groups by the total of a measure said with a verb of its piling up ("distance driven")', () => {
    // Had ranked the vehicles by their average trip.
    expect(ask('Top 5 vehicles by distance driven')).toMatchObject({ kind: 'answer', slots: { n: 5, rank_by: 'total' } });
    // (Stop 48, trial 17: a distance piles up whether or not its verb is said; an average asked is one.)
    expect(ask('Top 5 vehicles by distance')).toMatchObject({ kind: 'answer', slots: { n: 5, rank_by: 'total' } });
    expect(ask('which vehicle drove the most km')).toMatchObject({ kind: 'answer', slots: { n: 1, rank_by: 'total' } });
    const averaged = ask('which vehicle has the highest average distance');
    expect(averaged.kind === 'answer' && (averaged.slots.rank_by ?? 'average')).toBe('average');
  });
});

describe('QuestionRouter over invoices, web sessions and products (an amount asked since a date, a page named like a column)', () => {
  const invoices = Array.from({ length: 300 }, (_, index) => ({
    invoice_no: `INV-2014-${String(index + 1).padStart(5, '0')}`,
    country: ['Germany', 'France', 'Spain'][index % 3],
    amount_eur: 100 + ((index * 37) % 900),
    issued_on: new Date(Date.UTC(2014, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
  }));
  const sessions = Array.from({ length: 300 }, (_, index) => ({
    session_id: `s_${String(index).padStart(6, '0')}`,
    landing_page: ['/', '/pricing', '/blog', '/docs'][index % 4],
    started_at: new Date(Date.UTC(2014, 0, 1) + index * 7_200_000).toISOString(),
    pages_viewed: 1 + (index % 9),
  }));
  const products = Array.from({ length: 120 }, (_, index) => ({ sku: `SKU-${10_000 + index}`, category: ['Toys', 'Books'][index % 2], price_usd: 5 + ((index * 13) % 200) }));
  const ask = askingOver('querylane-routing-amounts-', () => ({ invoices, sessions, products }));

  it('answers "how much" with a total, never rows, and reads "prices" as no landing page', () => {
    // Had been refused at 0.247 (the "since" counted as a word of the subject), then answered with the invoices.
    expect(ask('How much was invoiced since October 2014?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_eur' }, slots: { from_issued_on: '2014-10-01' } });
    // "prices" had filtered the sessions that landed on /pricing.
    const prices = ask('Show the prices since January 2014');
    expect(prices.kind === 'answer' && prices.slots.landing_page).toBeFalsy();
    expect(ask('How many sessions landed on /pricing?')).toMatchObject({ kind: 'answer', slots: { landing_page: '/pricing' } });
  });
});

describe('QuestionRouter over zip codes whose counties are written without "County"', () => {
  const counties = Array.from({ length: 400 }, (_, index) => `Place${String.fromCharCode(65 + (index % 26))}${index}`);
  const zipcodes = Array.from({ length: 2000 }, (_, index) => ({
    zip_code: String(10_000 + index).padStart(5, '0'),
    city: `City${index % 300}`,
    state: ['IL', 'TX', 'CA', 'NY'][index % 4],
    // (Cook as rare as any county, so no value list holds it: the name is read as written.)
    county: index % 500 === 7 ? 'Cook' : counties[index % counties.length],
  }));
  const ask = askingOver('querylane-routing-counties-', () => ({ zipcodes }));

  it('reads "Cook County" as the county the data writes "Cook"', () => {
    // Had looked for a county written "Cook County": none.
    expect(ask('How many zip codes are in Cook County?')).toMatchObject({ kind: 'answer', slots: { column: 'county', value: 'Cook' } });
  });
});

describe('QuestionRouter over stock prices, web sessions and products (a column word said where one data set holds it only among its values)', () => {
  const prices = Array.from({ length: 2500 }, (_, index) => ({
    date: new Date(Date.UTC(2000, 0, 3) + index * 86_400_000 * 1.4).toISOString().slice(0, 10),
    price: Math.round((1400 + 300 * Math.sin(index / 90)) * 100) / 100,
  }));
  const sessions = Array.from({ length: 3000 }, (_, index) => ({
    session_id: `s_${String(index).padStart(6, '0')}`,
    country: ['US', 'DE', 'FR', 'GB'][index % 4],
    browser: ['Chrome', 'Safari', 'Firefox'][index % 3],
    referrer: ['google.com', 'twitter.com', null][index % 3],
    duration_seconds: 30 + (index % 300),
    bounced: index % 4 === 0,
    converted: index % 9 === 0,
    started_at: new Date(Date.UTC(2024, 0, 1) + index * 3_600_000).toISOString(),
    landing_page: ['/', '/pricing', '/blog/launch-week', '/docs', '/signup'][index % 5],
    device: ['mobile', 'desktop', 'tablet'][index % 3],
    pages_viewed: 1 + (index % 9),
    revenue_usd: index % 7 === 0 ? 49 : 0,
  }));
  const products = Array.from({ length: 400 }, (_, index) => ({
    sku: `SKU-${10_000 + index}`,
    category: ['Toys', 'Books', 'Garden'][index % 3],
    price_usd: 5 + ((index * 13) % 200),
    launched_on: new Date(Date.UTC(2018, 0, 1) + index * 86_400_000 * 5).toISOString().slice(0, 10),
  }));
  const ask = askingOver('querylane-routing-prices-', () => ({ sp500: prices, sessions, products }));

  it('reads "prices" as a column of the data sets that have one, whether or not its name carries a unit, and not as the sessions of a `/pricing` page', () => {
    const prices = ask('Show the prices since January 2008');
    expect(prices).toMatchObject({ kind: 'answer', candidate: { name: 'sp500_by_date_range' }, slots: { from_date: '2008-01-01' } });
    const alternatives = prices.kind === 'answer' ? prices.alternatives : [];
    // The sessions' range had scored as high (0.25): "prices" found among their values counted as
    // a word the program explains, with only a date filled, no value.
    expect(alternatives.filter((alternative) => alternative.endpoint_name.startsWith('sessions')).every((alternative) => alternative.score <= 0)).toBe(true);
    // The S&P 500's own `price` had counted as no column named, products' `price_usd` as one (0.25
    // against 0.2). Both whole-row ranges now count the price their rows hold alike, and the S&P's
    // stays first.
    // (0.93: the products' range, whose rows hold a price too, is the runner-up.)
    expect(prices.confidence).toBeGreaterThan(0.9);
  });
});

describe('web sessions counted per a chosen column (trial 16: "which browser do desktop users use most")', () => {
  const ask = askingOver('querylane-routing-sessions-choice-', () => ({
    web_sessions: Array.from({ length: 2400 }, (_, i) => ({
      session_id: `s_${(0x6a6d3880 + i * 7919).toString(16)}`,
      started_at: new Date(Date.UTC(2026, 7, 1) + i * 1_800_000).toISOString(),
      country_code: ['US', 'US', 'US', 'IN', 'GB', 'DE', 'FR', 'BR', 'CA', 'MX', 'JP', 'AU'][i % 12],
      device: ['desktop', 'desktop', 'mobile', 'mobile', 'tablet'][i % 5],
      browser: ['Chrome', 'Chrome', 'Safari', 'Edge', 'Firefox', 'Chrome', 'Safari', 'Samsung Internet'][(i * 3) % 8],
      referrer: ['google', 'direct', 'newsletter', 'linkedin', 'twitter', 'google', 'bing', 'producthunt'][(i * 5) % 8],
      landing_page: ['/pricing', '/', '/blog/how-we-scaled-postgres', '/integrations/slack', '/docs', '/signup', '/changelog', '/about'][(i * 7) % 8],
      duration_seconds: 5 + ((i * 37) % 900),
      pages_viewed: 1 + ((i * 11) % 27),
      bounced: i % 5 === 0,
      converted: i % 19 === 0,
    })),
  }));

  it('refuses the most common value by an average of a measure the question does not name', () => {
    // Had answered the browser with the most pages viewed on average; then, the count per browser
    // taking no device, been refused. The count per column now takes the count's filters.
    const perBrowser = { kind: 'answer', candidate: { name: 'count_web_sessions_by_column' }, slots: { column: 'browser', device: 'desktop' } };
    expect(ask('most common browser on desktop')).toMatchObject(perBrowser);
    expect(ask('which browser is used most often on desktop')).toMatchObject(perBrowser);
    expect(ask('which browser do desktop users use most')).toMatchObject(perBrowser);
    expect(ask('which browser do people use most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions_by_column' }, slots: { column: 'browser' } });
    // Without the filter, the count answers; with the measure named, the average does.
    expect(ask('most common browser')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions_by_column' }, slots: { column: 'browser' } });
    expect(ask('which browser has the most pages viewed on average on desktop')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_pages_viewed_by_column' }, slots: { column: 'browser', device: 'desktop' } });
    // Nor is the most of a value's rows answered by an average ("the most mobile sessions";
    // trial 17's "which doctor has the most no-shows" had ranked the doctors by their patients'
    // average age): the count per browser of the mobile sessions answers it.
    expect(ask('which browser has the most mobile sessions')).toMatchObject({ ...perBrowser, slots: { column: 'browser', device: 'mobile' } });
    // A level's word after a column's name is that column ("which device type", trial 17's "which
    // audience type drives the most conversions"); each had been refused or answered with rows.
    expect(ask('which device type has the most sessions')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions_by_column' }, slots: { column: 'device' } });
    expect(ask('which referrer type brings the most sessions')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions_by_referrer' } });
  });
});

describe('QuestionRouter over states and countries named one per row', () => {
  // More than 50 of each (past the count whose every value any column lists), each on one row.
  const states = ['Alabama', 'Alaska', 'Arizona', 'Arkansas', 'California', 'Colorado', 'Connecticut', 'Delaware', 'District of Columbia', 'Florida', 'Georgia', 'Hawaii', 'Idaho', 'Illinois', 'Indiana', 'Iowa', 'Kansas', 'Kentucky', 'Louisiana', 'Maine', 'Maryland', 'Massachusetts', 'Michigan', 'Minnesota', 'Mississippi', 'Missouri', 'Montana', 'Nebraska', 'Nevada', 'New Hampshire', 'New Jersey', 'New Mexico', 'New York', 'North Carolina', 'North Dakota', 'Ohio', 'Oklahoma', 'Oregon', 'Pennsylvania', 'Rhode Island', 'South Carolina', 'South Dakota', 'Tennessee', 'Texas', 'Utah', 'Vermont', 'Virginia', 'Washington', 'West Virginia', 'Wisconsin', 'Wyoming', 'Puerto Rico'];
  const countries = [...['Afghanistan', 'Albania', 'Algeria', 'Angola', 'Argentina', 'Australia', 'Austria', 'Bangladesh', 'Belgium', 'Brazil', 'Canada', 'Chile', 'China', 'Denmark', 'Egypt', 'France', 'Germany', 'Ghana', 'India', 'Japan', 'Kenya', 'Mexico', 'Norway', 'Peru', 'Spain', 'Sweden'], ...Array.from({ length: 60 }, (_, index) => `Republic ${String.fromCharCode(65 + (index % 26))}${index}`)];
  const ask = askingOver('querylane-routing-named-rows-', () => ({
    state_hurricanes: states.map((state, index) => ({ state, id: index + 1, population: 500_000 + index * 731_113, hurricanes: index % 7 })),
    nations: countries.map((country, index) => ({ country, region: ['europe', 'asia', 'africa', 'america'][index % 4], income: 1000 + index * 977, population: 2_000_000 + index * 9_999_999 })),
  }));

  it('reads a name the data lists as that data\'s value, never as a guess into another data set\'s open slot', () => {
    // "Texas" beyond the ten first states had been unknown (a text column of unique names listed
    // ten), and the countries' search had taken it as a guess, tied with the states' lookup.
    expect(ask('What is the population of Texas?')).toMatchObject({ kind: 'answer', slots: { state: 'Texas' } });
    expect(ask('What is the population of India?')).toMatchObject({ kind: 'answer', slots: { country: 'India' } });
  });

  it('counts the rows of the data whose key names the thing counted, one per row ("how many countries")', () => {
    // Had been refused: "countries" is no word of `nations`' programs' texts.
    expect(ask('How many countries are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_nations' } });
    expect(ask('How many countries are in europe?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_nations' }, slots: { region: 'europe' } });
  });
});

describe('QuestionRouter over CO2 measurements beside sensor readings (a column named by letters and digits)', () => {
  const co2 = Array.from({ length: 400 }, (_, index) => ({ Date: new Date(Date.UTC(1990, index, 1)).toISOString().slice(0, 10), CO2: Math.round((350 + index * 0.15 + 3 * Math.sin(index)) * 100) / 100 }));
  const readings = Array.from({ length: 2000 }, (_, index) => ({
    reading_id: index + 1,
    device_id: `SN-${String(index % 40).padStart(4, '0')}`,
    site: ['Osaka Lab', 'Calgary Depot', 'Rotterdam Plant'][index % 3],
    recorded_at: new Date(Date.UTC(2025, 2, 1) + index * 2_700_000).toISOString(),
    temperature_c: Math.round((18 + 6 * Math.sin(index / 20)) * 10) / 10,
    humidity_pct: 40 + (index % 30),
  }));
  const ask = askingOver('querylane-routing-co2-', () => ({ co2_concentration: co2, sensor_readings: readings }));

  it('reads "CO2" as the column it names, so "reading" does not send the question to the sensor readings', () => {
    // Had been refused: a label of three characters named no column, and "reading" named the readings.
    expect(ask('What was the lowest CO2 reading?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_co2_concentration_by_co2' }, slots: { n: 1, order: 'asc' } });
    expect(ask('CO2 reading for January 2010')).toMatchObject({ kind: 'answer', slots: { from_date: '2010-01-01', to_date: '2010-01-31' } });
  });
});

describe('QuestionRouter over routes between airports with their flights counted (a weight no word names)', () => {
  const airports = Array.from({ length: 260 }, (_, index) => `${String.fromCharCode(65 + (index % 26))}${String.fromCharCode(65 + Math.floor(index / 26))}Q`);
  airports.splice(0, 3, 'SFO', 'LAX', 'ATL');
  const routes = airports.flatMap((origin, index) => [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 7, 11, 17, 19].map((step, hop) => ({ origin, destination: airports[(index + step) % airports.length]!, count: 50 + ((index * 37 + hop * 11) % 900) })));
  routes.push({ origin: 'SFO', destination: 'LAX', count: 13_788 });
  const ask = askingOver('querylane-routing-flights-', () => ({
    airport_routes: routes,
    employees: Array.from({ length: 300 }, (_, index) => ({ employee_id: index + 1, department: ['Sales', 'Ops', 'IT'][index % 3], salary: 40_000 + index * 100 })),
  }));

  it('sums the weight of the rows where the question names their values and counts a thing no data names', () => {
    // "flights" is no word of any data: the airports named pin the routes, whose `count` is what
    // their rows count ("SFO", "LAX" had been unknown: 260 codes listed ten).
    expect(ask('How many flights from SFO to LAX?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { origin: 'SFO', destination: 'LAX' } });
    expect(ask('Total number of flights out of ATL')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { origin: 'ATL' } });
    // One figure, not the totals per origin (which had scored within 0.25 and made it a refusal).
    const lax = ask('How many flights arrive at LAX in total?');
    expect(lax).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { destination: 'LAX' } });
    // Named by the data's name alone, a thing no data names is still refused.
    expect(ask('How many pilots do the routes have?').kind).toBe('refusal');
  });

  it('ranks the rows themselves when the ranked noun is the data\'s own name ("the 5 busiest routes")', () => {
    // Routes counted per origin had scored within 0.04 of the ranking of routes, and the question was refused.
    expect(ask('What are the 5 busiest routes?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_airport_routes_by_count' }, slots: { n: 5, order: 'desc' } });
  });
});

describe('QuestionRouter over daily prices and driving (a column word said in another form)', () => {
  const ask = askingOver('querylane-routing-ohlc-', () => ({ ohlc: vegaJson('ohlc.json') as Record<string, unknown>[], driving: vegaJson('driving.json') as Record<string, unknown>[] }));

  it('knows "closing" and "closed" as the `close` column, whatever word follows', () => {
    // Had been refused as a question "about closing, price": the words' stems were stemmed again
    // before being looked up ("clos" became "clo").
    expect(ask('What was the average closing price in June 2009?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_close' }, slots: { from_date: '2009-06-01', to_date: '2009-06-30' } });
    expect(ask('Top 3 days by closing price')).toMatchObject({ kind: 'answer', candidate: { name: 'top_ohlc_by_close' }, slots: { n: 3, order: 'desc' } });
    expect(ask('List the days when the stock closed above 31')).toMatchObject({ kind: 'answer', candidate: { name: 'ohlc_by_close_range' } });
  });

  it('reads "price" after a measured column\'s word as part of its name ("the closing price on <day>": that day\'s row)', () => {
    // Had been refused: "price" matched nothing, and the day's row and the day's average closing
    // price tied.
    const day = ask('What was the closing price on 2009-07-02?');
    expect(day).toMatchObject({ kind: 'answer', candidate: { name: 'ohlc_by_date_range' }, slots: { from_date: '2009-07-02', to_date: '2009-07-02' } });
    expect(ask('What was the opening price on June 15, 2009?')).toMatchObject({ kind: 'answer', candidate: { name: 'ohlc_by_date_range' }, slots: { from_date: '2009-06-15', to_date: '2009-06-15' } });
    // A price of what no column measures stays refused.
    expect(ask('What was the ticket price on 2009-07-02?').kind).toBe('refusal');
  });

  it('refuses "which X had the biggest Y" where Y is nothing the answering data holds', () => {
    // Had been answered with driving's miles, the one ranking by "biggest".
    expect(ask('Which day had the biggest dividend?').kind).toBe('refusal');
    // (Of a row a year, the year ranked by its gas is the row ranked by it: either answers.)
    const gas = ask('Which year had the highest gas?');
    expect(gas.kind === 'answer' && [gas.candidate.name, gas.slots.column ?? 'gas', gas.slots.n]).toEqual([expect.stringMatching(/^(?:top_driving_by_gas|driving_column_over_time_by_year)$/), 'gas', 1]);
  });
});

describe('QuestionRouter over daily prices with a return `ret` (a word a 3-letter column name shortens)', () => {
  const ask = askingOver('querylane-routing-ret-', () => ({ ohlc: vegaJson('ohlc.json') as Record<string, unknown>[], driving: vegaJson('driving.json') as Record<string, unknown>[] }));

  it('reads "return" as `ret`, though the generator writes "the most rows to return"', () => {
    // Both had read `close` or `low`: "return" was known only from the programs' own descriptions.
    expect(ask('What is the average return on days with a short signal?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ohlc_column' }, slots: { column: 'ret', signal: 'short' } });
    // (Of a row a day, the day ranked by its return is the row ranked by it: either answers.)
    const day = ask('Which day had the biggest return?');
    expect(day).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^(?:top_ohlc_by_column|ohlc_column_over_time_by_date)$/) }, slots: { column: 'ret', n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over hourly weather normals and monthly CO2 (a period word that asks for no series)', () => {
  const ask = askingOver('querylane-routing-hourly-', () => ({ seattle_weather_hourly_normals: csv('seattle-weather-hourly-normals.csv'), co2_concentration: csv('co2-concentration.csv') }));

  it("reads a period word of a data set's name as the name", () => {
    // Had answered the series of every hour (8,759 rows): "hourly" asked for one.
    expect(ask('what is the average temperature in the seattle hourly normals')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_temperature' } });
    expect(ask('hourly temperature on 2010-07-04')).toMatchObject({ kind: 'answer', slots: { interval: 'hour' } });
  });

  it('ranks periods by the measure an adjective implies, said of an average ("which month is the warmest on average")', () => {
    // Had been refused (no words after "the warmest" named a measure).
    expect(ask('which month is the warmest on average?')).toMatchObject({ kind: 'answer', candidate: { name: 'seattle_weather_hourly_normals_over_time_by_date' }, slots: { interval: 'month', n: 1, order: 'desc', rank_by: 'average' } });
    expect(ask('which month is the coldest on average?')).toMatchObject({ kind: 'answer', slots: { interval: 'month', n: 1, order: 'asc', rank_by: 'average' } });
  });

  it('counts the rows a period word describes', () => {
    // Both had answered a series of every month or hour.
    expect(ask('how many monthly co2 measurements are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_co2_concentration' } });
    expect(ask('How many hourly readings are in the weather normals?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_seattle_weather_hourly_normals' } });
    expect(ask('monthly average co2')).toMatchObject({ kind: 'answer', slots: { interval: 'month' } });
  });
});

describe('QuestionRouter over support tickets whose customers\' countries are codes, `UK` among them', () => {
  const countries = ['US', 'JP', 'UK', 'CA', 'DE', 'BR', 'FR'];
  const ask = askingOver('querylane-routing-uk-', () => ({
    support_tickets: Array.from({ length: 300 }, (_, index) => ({
      ticket_id: `TCK-${10_000 + index}`,
      priority: ['low', 'medium', 'high'][index % 3],
      customer: { name: `Customer ${index % 40}`, country: countries[index % countries.length] },
      opened_at: new Date(Date.UTC(2024, 0, 1 + ((index * 37) % 360), 9)).toISOString(),
      closed_at: index % 4 === 0 ? null : new Date(Date.UTC(2024, 0, 3 + ((index * 37) % 360), 9)).toISOString(),
      status: index % 4 === 0 ? 'open' : 'closed',
      company: ['Acme Corp', 'Globex', 'Initech'][index % 3],
      satisfaction: 1 + (index % 5),
    })),
  }));

  it('reads "when was ticket X closed" as the time it was closed, not the status `closed`', () => {
    // Had been refused: "closed" was a status the lookup does not filter by.
    expect(ask('when was ticket TCK-10201 closed?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_support_tickets_by_ticket_id' }, slots: { ticket_id: 'TCK-10201' } });
    expect(ask('how many closed tickets')).toMatchObject({ kind: 'answer', slots: { status: 'closed' } });
  });

  it('reads "did acme corp open" as what a company did, no status `open`', () => {
    // Had been refused: the name of two words was no subject of "did", and "open" a second value.
    const opened = ask('how many tickets did acme corp open');
    expect(opened).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
    expect(opened.kind === 'answer' && opened.slots).toEqual({ company: 'Acme Corp' });
    expect(ask('how many open tickets')).toMatchObject({ kind: 'answer', slots: { status: 'open' } });
  });

  it('refuses a command on one record ("close ticket TCK-10023"), not a question with the same verbs', () => {
    // The first had answered the ticket's row, as if it had been closed.
    for (const command of ['close ticket TCK-10023', 'mark ticket TCK-10023 as resolved', 'please cancel ticket TCK-10023', 'create a new ticket for Customer 3']) {
      expect(ask(command)).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('change data') });
    }
    expect(ask('open tickets by priority')).toMatchObject({ kind: 'answer' });
  });

  it('ranks the months by the rows counted, whatever was done to them ("the most tickets opened")', () => {
    // Had answered the ticket of the highest satisfaction: "opened" was taken for what was counted.
    expect(ask('which month had the most tickets opened')).toMatchObject({ kind: 'answer', candidate: { name: 'support_tickets_over_time_by_opened_at' }, slots: { interval: 'month', n: 1, order: 'desc' } });
  });

  it('names the countries of ISO codes and of `UK`, which ISO reserves for the United Kingdom', () => {
    // "japan" had been dropped (the count of every ticket): with `UK` among them the codes were no
    // country codes, 6 of 7 being fewer than nine in ten.
    expect(ask('how many tickets came from customers in japan')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets' }, slots: { customer_country: 'JP' } });
    expect(ask('how many tickets came from customers in Britain')).toMatchObject({ kind: 'answer', slots: { customer_country: 'UK' } });
  });
});

describe("QuestionRouter over the Crimean War's deaths per month and the LA riots' deaths (a measure named beside the rows' word)", () => {
  const ask = askingOver('querylane-routing-crimea-', () => ({ crimea: vegaJson('crimea.json') as Record<string, unknown>[], la_riots: csv('la-riots.csv') }));

  it("ranks periods by the series' measure named, not by the rows another data's word names", () => {
    // Both had counted the riots' deaths per month ("deaths" names that data's rows).
    for (const question of ['which month had the most deaths from disease', 'which month had the most disease deaths']) {
      expect(ask(question)).toMatchObject({ kind: 'answer', candidate: { name: 'crimea_over_time_by_date' }, slots: { interval: 'month', n: 1, order: 'desc', rank_by: 'total' } });
    }
    expect(ask('which month had the most deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'la_riots_over_time_by_death_date' }, slots: { interval: 'month', n: 1 } });
  });

  it('reads a plural column named in the singular before another noun ("wound deaths") as that column', () => {
    // Had counted the riots' deaths per month: "wound" named no column, and "deaths" the riots' rows.
    const answered = ask('which month had the most wound deaths');
    // (Now answered by the series of any measure, the months ranked by their wounds.)
    expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'crimea_column_over_time_by_date' }, slots: { column: 'wounds', interval: 'month', n: 1, order: 'desc' } });
  });

  it('counts deaths from a cause the data measures as the total of its column, in the year said', () => {
    // The first had counted the months whose disease deaths were 1,856 (the year read as a count too);
    // the second had been refused as about nothing the data mentions.
    for (const question of ['how many deaths from disease in 1856', 'in 1856 how many died of disease']) {
      const answered = ask(question);
      expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'avg_disease' } });
      expect(answered.kind === 'answer' && answered.slots).toEqual({ from_date: '1856-01-01', to_date: '1856-12-31' });
    }
  });

  it('knows the data named by a place by its adjective ("the crimean war data")', () => {
    // Had been refused: "crimean" named no value.
    expect(ask('average wounds in the crimean war data')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wounds' } });
  });

  it('answers no question about something no data mentions with every row of the data it names', () => {
    // Had listed the war's 24 months: "crimean" names the data, "won" and "war" nothing in it.
    expect(ask('who won the crimean war')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"won"') });
    expect(ask('what is in the crimea data')).toMatchObject({ kind: 'answer', candidate: { name: 'list_crimea' } });
  });

  it('reads words in quotes as the words ("deaths from \'other\' causes")', () => {
    // Had been refused: the value kept its quotes.
    expect(ask("how many deaths from 'other' causes in total")).toMatchObject({ kind: 'answer', candidate: { name: 'avg_other' } });
    expect(ask('total “other” deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_other' } });
  });
});

describe('QuestionRouter over campaign contributions and daily weather (trial 13: codes said as words, qualifiers no data knows)', () => {
  const ask = askingOver('querylane-routing-contributions-', () => ({ political_contributions: vegaJson('political-contributions.json') as Record<string, unknown>[], weather: csv('weather.csv') }));

  it('reads a word in lower case by the one code of three capitals it starts with ("democrats" of `DEM`)', () => {
    // Had totalled every party's contributions: "democrats" named nothing and was dropped.
    const answered = ask('sum of total individual contributions for democrats');
    expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_individual_contributions' } });
    expect(answered.kind === 'answer' && answered.slots).toEqual({ party_affiliation: 'DEM' });
    expect(ask('total receipts of republican candidates')).toMatchObject({ kind: 'answer', slots: { party_affiliation: 'REP' } });
  });

  it('ranks the rows by a column whose name begins with "total" ("the highest total receipts")', () => {
    // Had summed the receipts per candidate state: "highest total" was read as groups ranked by a total.
    expect(ask('which candidate had the highest total receipts?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_political_contributions_by_total_receipts' }, slots: { n: 1 } });
  });

  it('refuses a question ending in whom or what it is about, where no data knows the words', () => {
    // Both had answered for the whole data, the qualifier dropped without a word.
    expect(ask('sum of total individual contributions for veterans')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"veterans"') });
    expect(ask('average precipitation for hurricanes')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"hurricanes"') });
    expect(ask('average precipitation in seattle')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_precipitation' }, slots: { location: 'Seattle' } });
  });
});

describe('QuestionRouter over football matches (trial 13: the rows a name ends in, a word of two values)', () => {
  const ask = askingOver('querylane-routing-football-matches-', () => ({ football_matches: vegaJson('football.json') as Record<string, unknown>[] }));

  it('counts the matches of a division, not the divisions, where the data is named for its matches', () => {
    // Both had counted the 5 divisions: "matches", the data's name's last word, was read as its category.
    for (const [question, division] of [['how many matches in serie a', 'Serie A'], ['how many matches in the premier league', 'English Premier League']]) {
      const answered = ask(question!);
      expect(answered).toMatchObject({ kind: 'answer', candidate: { name: 'count_football_matches' } });
      expect(answered.kind === 'answer' && answered.slots).toEqual({ division: division });
    }
  });

  it('answers "which X has the most" with rows only where the rows are X or hold an X', () => {
    // Had answered the English Premier League's highest-scoring match: "league" was read as part
    // of that division's name, and a row of matches is no league.
    expect(ask('which league has the most matches')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('which league') });
    expect(ask('which division has the most matches')).toMatchObject({ kind: 'answer', candidate: { name: 'count_football_matches_by_division' }, slots: { n: 1 } });
    expect(ask('which match had the highest home score')).toMatchObject({ kind: 'answer', candidate: { name: 'top_football_matches_by_home_score' }, slots: { n: 1 } });
  });

  it('refuses a count qualified by "in a" thing no data knows ("ended in a draw")', () => {
    // Had counted every match (and before that the divisions): no program compares the two scores.
    expect(ask('how many matches ended in a draw')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"draw"') });
  });

  it('refuses a word that is part of several values of a column the answer would filter, naming them', () => {
    // Had averaged every division's away score: "bundesliga" is part of two divisions.
    const refused = ask('average away score in the bundesliga');
    expect(refused).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"Deutsche Bundesliga" or "Österreichische Bundesliga"') });
    expect(ask('average away score in the deutsche bundesliga')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_away_score' }, slots: { division: 'Deutsche Bundesliga' } });
  });
});

describe('QuestionRouter over orders with numbers for ids (trial 13: a bound is no key)', () => {
  const orders = Array.from({ length: 300 }, (_, i) => ({ order_id: String(100_000 + i * 7), created_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(), status: ['paid', 'shipped', 'delivered'][i % 3], total_amount: ((i * 7919) % 90_000) / 100, item_count: 1 + (i % 9) }));
  const ask = askingOver('querylane-routing-orders-bound-', () => ({ orders }));

  it('reads "orders over 500" as a bound, never as the order 500', () => {
    // Had looked up an order with the id "500" (no rows).
    const answered = ask('show me orders over 500');
    expect(answered.kind === 'answer' ? answered.candidate.family : 'refused').not.toBe('lookup');
    expect(ask('show me order 100014')).toMatchObject({ kind: 'answer', candidate: { family: 'lookup' }, slots: { order_id: 100014 } });
  });

  it('refuses a task other than reading the data, asked as a command', () => {
    // The first had searched the customers' names for "order shipped" (200, no rows).
    expect(ask('translate "order shipped" to french')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('a task other than reading the data') });
    expect(ask('please write an email to the customer of order 100014')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('a task other than reading the data') });
    expect(ask('show me order 100014')).toMatchObject({ kind: 'answer' });
  });

  it('reads "sales" as the money the orders made, where no data holds a value "sales"', () => {
    // Had been refused: "sales" was no measure (it is as often a department, which its value names).
    expect(ask('total sales in march 2024')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_amount' }, slots: { from_created_at: '2024-03-01', to_created_at: '2024-03-31' } });
  });
});

describe('QuestionRouter over state capitals (trial 13: a value named with a typo)', () => {
  const ask = askingOver('querylane-routing-capitals-typos-', () => ({ us_state_capitals: vegaJson('us-state-capitals.json') as Record<string, unknown>[] }));

  it('reads a value misspelt by a letter or two, in any of its words, when one value alone is that close', () => {
    // The first had been refused: "pensylvania" named nothing.
    expect(ask('capitol of pensylvania')).toMatchObject({ kind: 'answer', slots: { state: 'Pennsylvania' } });
    expect(ask('what is the capital of north dakotta')).toMatchObject({ kind: 'answer', slots: { state: 'North Dakota' } });
    expect(ask('what is the capital of new yorr')).toMatchObject({ kind: 'answer', slots: { state: 'New York' } });
    expect(ask('what is the capital of narnia')).toMatchObject({ kind: 'refusal' });
  });
});

describe('QuestionRouter over monthly CO2 and countries (which X, where only other data has X)', () => {
  const ask = askingOver('querylane-routing-co2-countries-', () => ({ co2_concentration: csv('co2-concentration.csv'), gapminder_health_income: csv('gapminder-health-income.csv') }));

  it('refuses "which country" answered by data without a country', () => {
    // Had answered the month of the highest CO2 reading: the co2 data has no country.
    expect(ask('which country has the highest co2 emissions per capita')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('which country') });
    expect(ask('which country has the highest income')).toMatchObject({ kind: 'answer', candidate: { name: 'top_gapminder_health_income_by_income' } });
    // (The months ranked by their average reading, of monthly readings the same month as the top
    // reading's; until stop 61 the top reading itself, "co2" having been cut from the words ranked.)
    expect(ask('which month had the highest co2')).toMatchObject({ kind: 'answer', candidate: { name: 'co2_concentration_over_time_by_date' }, slots: { interval: 'month', n: 1, order: 'desc', rank_by: 'average' } });
  });
});

describe('QuestionRouter over states and countries, each with a population (a column one data set alone has, said of a shared one)', () => {
  const ask = askingOver('querylane-routing-states-', () => ({ population_engineers_hurricanes: csv('population_engineers_hurricanes.csv'), gapminder_health_income: csv('gapminder-health-income.csv') }));
  // Both data sets' totals are named sum_population: the countries' takes a region, the states' nothing.
  const ofStates = (result: RouteResult) => result.kind === 'answer' && result.candidate.name === 'sum_population' && result.candidate.slots.length === 0;

  it('answers "the average state population" from the data with a state', () => {
    // Had averaged the countries' populations: "state" is a column of the states' data alone.
    expect(ofStates(ask('average state population'))).toBe(true);
    expect(ofStates(ask('average population per state'))).toBe(true);
    expect(ofStates(ask('average population of countries per region'))).toBe(false);
  });
});

describe('QuestionRouter over wheat prices and wages by year (decades, centuries, "the price of" a column)', () => {
  const ask = askingOver('querylane-routing-wheat-', () => ({ wheat: vegaJson('wheat.json') as Record<string, unknown>[], driving: vegaJson('driving.json') as Record<string, unknown>[] }));

  it('reads "the 1980s" as ten years and "the 1600s" as a hundred', () => {
    // Both had been refused: the year before the "s" read as a number no slot takes.
    expect(ask('average miles driven in the 1980s')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_miles' }, slots: { from_year: 1980, to_year: 1989 } });
    const century = ask('What was the average wheat price in the 1600s?');
    expect(century).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wheat' } });
    expect(century.kind === 'answer' && [String(century.slots.from_year).slice(0, 4), String(century.slots.to_year).slice(0, 4)]).toEqual(['1600', '1699']);
  });

  it('bounds the column named right before a comparative, whatever measure the adjective implies ("gas cheaper than $1.60")', () => {
    // Had been refused: "cheaper" implies a price, and `gas` is not named like one.
    const cheap = ask('In which years was gas cheaper than $1.60?');
    expect(cheap).toMatchObject({ kind: 'answer', candidate: { name: 'driving_by_gas_range' } });
    expect(cheap.kind === 'answer' && cheap.slots.max_gas).toBeCloseTo(1.6, 9);
  });

  it('reads "the price of wheat" as the `wheat` column, and still refuses the price of what no data holds', () => {
    expect(ask('What was the price of wheat in 1700?')).toMatchObject({ kind: 'answer', candidate: { name: 'wheat_by_year_range' } });
    expect(ask('What was the price of barley in 1700?').kind).toBe('refusal');
  });
});

describe('QuestionRouter over data named by two words written as one ("windvectors")', () => {
  const ask = askingOver('querylane-routing-windvectors-', () => ({ windvectors: csv('windvectors.csv'), ohlc: vegaJson('ohlc.json') as Record<string, unknown>[] }));

  it('refuses a figure asked for each of something that the closest program gives over all rows', () => {
    // Had been answered with the one average speed of every row.
    expect(ask('What is the average wind speed for each direction category?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('for each "direction category"') });
    expect(ask('What is the average wind speed?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_speed' } });
  });

  it('knows the first part of a name written as one word ("wind" of `windvectors`) wherever a word no data knows is refused', () => {
    // Each had been refused as asking for the "wind", a word no data or column held.
    expect(ask('How many wind measurements are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_windvectors' } });
    expect(ask('What is the average wind speed?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_speed' } });
    expect(ask('How many points have a wind speed above 10?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_windvectors' } });
    // The whole name still names the data, and a word no name begins with is still refused.
    expect(ask('How many windvectors are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_windvectors' } });
    expect(ask('How many wine measurements are there?').kind).toBe('refusal');
  });
});

describe('QuestionRouter over countries\' fertility and unemployment rates ("the fertility rate")', () => {
  const ask = askingOver('querylane-routing-fertility-', () => ({
    countries: vegaJson('countries.json') as Record<string, unknown>[],
    unemployment: vegaJson('unemployment-across-industries.json') as Record<string, unknown>[],
  }));

  it('reads "rate" after a measured column\'s word as that column\'s name, where that data has no rate of its own', () => {
    // Both had been refused: "rate" was unemployment's `rate`, and the fertility per year tied with
    // the unemployment rate per year.
    expect(ask('What was the average fertility rate in each year?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fertility_by_year' } });
    expect(ask('What was the fertility rate in India in 1970?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fertility' }, slots: { country: 'India', year: 1970 } });
    // The rate of the data that has one is still its own.
    expect(ask('What was the average unemployment rate in each year?')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rate_by_year' } });
  });

  it('answers a trend of data with no series of its own (a panel of countries by year) with its aggregate per year', () => {
    // Had been refused: "over time" asked a series, and the panel has none.
    expect(ask('Show how life expectancy in Brazil changed over time')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_life_expect_by_year' }, slots: { country: 'Brazil' } });
  });
});

describe('QuestionRouter ranking by a quality ("the strongest wind", "the fittest")', () => {
  const ask = askingOver('querylane-routing-qualities-', () => ({ windvectors: csv('windvectors.csv'), penguins: vegaJson('penguins.json') as Record<string, unknown>[] }));

  it('ranks by the measure a superlative implies, and refuses one that implies nothing the data measures', () => {
    // The two had tied three rankings (by direction, speed and longitude) and been refused.
    expect(ask('Show the 5 locations with the strongest wind')).toMatchObject({ kind: 'answer', candidate: { name: 'top_windvectors_by_speed' }, slots: { n: 5, order: 'desc' } });
    expect(ask('Where is the wind weakest?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_windvectors_by_speed' }, slots: { order: 'asc' } });
    // Had been answered with the penguins counted per island.
    expect(ask('Which island has the happiest penguins?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('happiest') });
    expect(ask('Which penguin is the heaviest?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_penguins_by_body_mass_g' } });
  });
});

describe('QuestionRouter over invoices without a payment method ("paid by credit card")', () => {
  const customers = ['Acme Logistics GmbH', 'Borealis Software AB', 'Cobalt Foods Ltd', 'Delta Marine SA'];
  const invoices = Array.from({ length: 400 }, (_, index) => ({
    invoice_number: `INV-${10_000 + index}`,
    customer: customers[index % customers.length],
    country: ['Germany', 'Sweden', 'United Kingdom', 'France'][index % customers.length],
    issued_on: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    paid_on: index % 3 === 0 ? null : new Date(Date.UTC(2024, 0, 20) + index * 86_400_000).toISOString().slice(0, 10),
    amount_eur: 100 + ((index * 37) % 900),
  }));
  const ask = askingOver('querylane-routing-means-', () => ({ invoices }));

  it('refuses a means no data holds, said after a participle, and still takes a value said there', () => {
    // Had been answered with every paid invoice.
    expect(ask('Which invoices were paid by credit card?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('credit card') });
    expect(ask('Which invoices were paid by Cobalt Foods Ltd?')).toMatchObject({ kind: 'answer', slots: { customer: 'Cobalt Foods Ltd' } });
    // A ranking "by" a count is no means.
    expect(ask('Top 3 customers by number of invoices')).toMatchObject({ kind: 'answer', candidate: { name: 'count_invoices_by_customer' } });
  });

  it('refuses "which <described noun> <did> the most" where no data knows the noun ("which sales rep issued the most invoices")', () => {
    // Had been answered with the invoices ranked by amount.
    expect(ask('Which sales rep issued the most invoices?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"rep"') });
    expect(ask('Which customer paid the most invoices?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_invoices_by_customer' } });
  });

  it('gives one total for "what is the total … for customers in Germany", not a total per customer', () => {
    // Had been the total per customer: the customers named were read as the grouping.
    expect(ask('What is the total amount for customers in Germany?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_eur' }, slots: { country: 'Germany' } });
    expect(ask('What is the total amount for each customer?')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_eur_by_customer' } });
  });

  it('refuses to count what a named thing has where the data holds no such thing ("how many employees does … have")', () => {
    // Had been answered with the customer's invoices counted.
    expect(ask('How many employees does Borealis Software AB have?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('employees') });
    expect(ask('How many invoices does Borealis Software AB have?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_invoices' }, slots: { customer: 'Borealis Software AB' } });
  });
});

describe('QuestionRouter over daily highs (one column compared with another)', () => {
  const days = Array.from({ length: 90 }, (_, index) => ({
    day: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    actual_high: 40 + ((index * 7) % 25),
    normal_high: 45 + (index % 10),
    record_high: 70 + (index % 8),
  }));
  const ask = askingOver('querylane-routing-compared-', () => ({ daily_highs: days }));

  it('refuses a column compared with another column, and bounds it by a value', () => {
    // (Trial 8's weekly weather had answered it with the days ranked by their normal high; here it
    // was refused only for want of confidence.)
    expect(ask('On how many days was the actual high above the normal high?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"normal high"') });
    expect(ask('On how many days was the actual high above 60?')).toMatchObject({ kind: 'answer' });
  });
});

describe('refersBack', () => {
  it('tells a question that refers back to an earlier answer from one that says "there" as "there are"', () => {
    expect(refersBack('and what is the direction there?')).toBe(true);
    expect(refersBack('and what is the average horsepower of those?')).toBe(true);
    expect(refersBack('How many cars are there?')).toBe(false);
    expect(refersBack('Is there a car from Japan?')).toBe(false);
    expect(refersBack('and for Europe?')).toBe(false);
  });
});

describe('looksLikeFollowUp', () => {
  it('reads a bare grouping ("by channel", "per month?") as a follow-up, as "and by channel?" is', () => {
    // Trial 16: "by channel" after "how many orders were refunded", "and in 2025?" was routed alone,
    // both filters dropped.
    for (const question of ['by channel', 'per month?', 'broken down by status', 'grouped by plan', 'and by channel?']) expect(looksLikeFollowUp(question), question).toBe(true);
    for (const question of ['how many orders by channel', 'byways of seattle', 'average price per month', 'per capita income by state and year']) expect(looksLikeFollowUp(question), question).toBe(false);
  });
});

describe('QuestionRouter reading a number after a column\'s name whole', () => {
  const ask = askingOver('querylane-routing-windvectors-decimals-', () => ({ windvectors: csv('windvectors.csv') }));

  it('keeps its sign and decimals ("longitude -0.125"), which the words split at the point', () => {
    // Had been read as 0 and 5: the words of "0.125" are "0" and "125".
    expect(ask('Which vectors are at longitude 0.125?')).toMatchObject({ kind: 'answer', slots: { min_longitude: 0.125, max_longitude: 0.125 } });
    expect(ask('Which vectors are at longitude -5.125?')).toMatchObject({ kind: 'answer', slots: { min_longitude: -5.125, max_longitude: -5.125 } });
  });

  it('refuses a number stated after a column\'s name that the closest program does not filter on ("longitude 0.125, latitude 45.125")', () => {
    // Had been answered with every latitude at that longitude.
    expect(ask('What is the speed at longitude 0.125, latitude 45.125?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('latitude 45.125') });
  });
});

describe('QuestionRouter carrying a conversation\'s filters to another program of the same data', () => {
  const tickets = Array.from({ length: 3000 }, (_, index) => ({
    ticket_id: `TCK-${100_000 + index}`,
    created_at: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString(),
    priority: ['low', 'normal', 'high', 'urgent'][index % 4],
    channel: ['email', 'chat', 'phone', 'web form', 'email', 'chat', 'phone'][index % 7],
    agent_name: ['Ana Diaz', 'Bo Chen', 'Cy Park', 'Di Ross', 'Ed Moss'][index % 5],
    product_area: ['billing', 'login', 'reports', 'api', 'mobile', 'exports'][index % 6],
    satisfaction_score: 1 + (index % 5),
  }));
  const ask = askingOver('querylane-routing-carry-', () => ({ support_tickets: tickets }));

  it('keeps the last answer\'s filter that the follow-up\'s program takes ("and how many of those came in by phone?")', () => {
    const first = ask('How many urgent tickets were there?');
    expect(first).toMatchObject({ kind: 'answer', slots: { priority: 'urgent' } });
    const next = ask('and how many of those came in by phone?');
    expect(next.kind).toBe('answer');
    if (first.kind !== 'answer' || next.kind !== 'answer') return;
    // Routed alone the follow-up counts every phone ticket; carried over, the urgent ones.
    expect(Object.values(next.slots)).toContain('phone');
    expect(next.slots.priority).toBeUndefined();
    // ("through" is a way in, no value: it had been refused as a name no slot takes.)
    expect(ask('How many tickets came in through each channel?')).toMatchObject({ kind: 'answer', slots: { column: 'channel' } });
    const carried = ask.router().carryOver({ endpoint_name: first.candidate.endpoint_name, slots: first.slots }, next);
    expect(carried.slots).toMatchObject({ ...next.slots, priority: 'urgent' });
    // A value the follow-up gives for the same column replaces the last one.
    const high = ask('and how many of those were high priority?');
    if (high.kind === 'answer') expect(ask.router().carryOver({ endpoint_name: first.candidate.endpoint_name, slots: first.slots }, high).slots.priority).not.toBe('urgent');
  });
});

describe('QuestionRouter over tickets and orders looked up by id (an attribute no row holds)', () => {
  const tickets = Array.from({ length: 500 }, (_, index) => ({
    ticket_id: `TCK-${100_000 + index}`,
    created_at: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString(),
    resolved_at: index % 9 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + index * 3_600_000 + 7_200_000).toISOString(),
    priority: ['low', 'high'][index % 2],
    satisfaction_score: 1 + (index % 5),
  }));
  const orders = Array.from({ length: 500 }, (_, index) => ({ order_id: `ORD-${50_000 + index}`, order_type: ['delivery', 'pickup', 'dine-in'][index % 3], total: 10 + (index % 90), tip: index % 7, ordered_at: new Date(Date.UTC(2025, 0, 1) + index * 3_600_000).toISOString() }));
  const ask = askingOver('querylane-routing-attributes-', () => ({ support_tickets: tickets, restaurant_orders: orders }));

  it('refuses an attribute the row looked up does not hold, whichever of its two words is unknown, and answers one it holds', () => {
    // Both had answered with the whole row of the id named.
    expect(ask('What was the first response time for ticket TCK-100010?').kind).toBe('refusal');
    // ("delivery" is a value of the orders' type, no column: the fee is what is asked.)
    expect(ask('What was the delivery fee on order ORD-50010?').kind).toBe('refusal');
    expect(ask('What was the tip on order ORD-50010?')).toMatchObject({ kind: 'answer', slots: { order_id: 'ORD-50010' } });
  });

  it('counts rows by a negated state ("still unresolved"), not rows said to be what any row is', () => {
    // Had counted every ticket (no program filtered on `resolved_at` being empty), then been
    // refused; a time missing on some rows (11% here) is now filtered by its being there.
    expect(ask('How many tickets are still unresolved?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets' }, slots: { has_resolved_at: false } });
    expect(ask('How many tickets are high priority?')).toMatchObject({ kind: 'answer', slots: { priority: 'high' } });
  });
});

describe('QuestionRouter over observed and forecast days (a value that is also a word of column names)', () => {
  const weekdays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const days = Array.from({ length: 14 }, (_, index) => ({
    day_id: index,
    weekday: weekdays[index % 7],
    kind: index < 9 ? 'observed' : 'forecast',
    actual_high: index < 9 ? 48 + index : null,
    forecast_high_upper: index < 9 ? null : 60 + index,
    forecast_high_lower: index < 9 ? null : 50 + index,
  }));
  const ask = askingOver('querylane-routing-forecast-kind-', () => ({ daily_weather: days }));

  it('reads the word said as what the rows are ("days are forecasts") as the value', () => {
    // (Trial 8 counted every day: "forecasts" had been read as the forecast columns' word.)
    expect(ask('How many days are forecasts?')).toMatchObject({ kind: 'answer', slots: { kind: 'forecast' } });
    expect(ask('How many days were observed?')).toMatchObject({ kind: 'answer', slots: { kind: 'observed' } });
  });
});

describe('QuestionRouter over gym check-ins (an activity said as a verb)', () => {
  const activities = ['weights', 'yoga', 'spin', 'swim', 'run'];
  const visits = Array.from({ length: 400 }, (_, index) => ({
    checkin_id: 1000 + index,
    club: ['Lakeview', 'Northside'][index % 2],
    checkin_at: new Date(Date.UTC(2024, 0, 1) + index * 21_600_000).toISOString(),
    duration_minutes: 30 + ((index * 13) % 90),
    activity: activities[index % 5],
  }));
  const ask = askingOver('querylane-routing-gym-swimming-', () => ({ gym_visits: visits }));

  it('reads "swimming" and "running" as the activities `swim` and `run`', () => {
    expect(ask('how many visits were spent swimming at Northside?')).toMatchObject({ kind: 'answer', slots: { activity: 'swim', club: 'Northside' } });
    expect(ask('average duration of running sessions')).toMatchObject({ kind: 'answer', slots: { activity: 'run' } });
  });
});

describe('QuestionRouter over data whose rows are named by their columns (matches, people)', () => {
  const teams = ['Liverpool', 'Arsenal', 'Chelsea', 'Everton', 'Fulham', 'Burnley'];
  const matches = Array.from({ length: 300 }, (_, index) => ({
    date: new Date(Date.UTC(2015, 7, 1) + index * 86_400_000).toISOString().slice(0, 10),
    division: ['Premier League', 'Championship'][index % 2],
    home_team: teams[index % 6],
    away_team: teams[(index + 1 + (index % 5)) % 6],
    home_score: (index * 7) % 5,
    away_score: (index * 3) % 4,
  }));
  const people = Array.from({ length: 60 }, (_, index) => ({
    first_name: ['Ana', 'Ben', 'Carl', 'Dina', 'Eve'][index % 5],
    last_name: `Surname${index}`,
    age: 15 + ((index * 11) % 60),
    gender: index % 7 === 0 ? 'Female' : 'Male',
    death_date: new Date(Date.UTC(1992, 3, 29) + (index % 6) * 86_400_000).toISOString().slice(0, 10),
    neighborhood: ['Westlake', 'Koreatown', 'Hollywood'][index % 3],
  }));
  const ask = askingOver('querylane-routing-row-shapes-', () => ({ football: matches, la_riots: people }));

  it('counts the rows of home and away sides as matches or games', () => {
    // (Trial 9 refused "matches" and "games" of football results as words no data mentions.)
    expect(ask('How many matches were played in each division?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_football_by_division' } });
    expect(ask('how many games were played in the Championship?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/football/) }, slots: { division: 'Championship' } });
  });

  it('counts the rows of names, ages and genders as people, and those with a death date as victims', () => {
    expect(ask('How many people died during the riots?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^count_la_riots/) } });
    expect(ask('how many victims were there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' } });
    expect(ask('how many female victims')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' }, slots: { gender: 'Female' } });
    // Still no employees.
    expect(ask('how many employees work here?')).toMatchObject({ kind: 'refusal' });
  });
});

describe('QuestionRouter over the LA riots deaths (rows said as people and victims; rows asked for)', () => {
  const ask = askingOver('querylane-routing-la-riots-victims-', () => ({ la_riots: csv('la-riots.csv') }));

  it('counts its rows as people and victims, its columns being names, ages, genders and death dates', () => {
    // (Trial 9 refused both: "people" and "victims" are no word of the data.)
    expect(ask('How many people died during the LA riots?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' } });
    expect(ask('how many victims were there in Koreatown?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_la_riots' }, slots: { neighborhood: 'Koreatown' } });
  });

  it('answers "which day had the most deaths" with the day of the most deaths per day', () => {
    // (Trial 9 had answered with the oldest victim; then with every day.)
    expect(ask('Which day had the most deaths?')).toMatchObject({ kind: 'answer', candidate: { name: 'la_riots_over_time_by_death_date' }, slots: { interval: 'day', n: 1, order: 'desc' } });
    expect(ask('Which 2 days had the fewest deaths?')).toMatchObject({ kind: 'answer', candidate: { name: 'la_riots_over_time_by_death_date' }, slots: { interval: 'day', n: 2, order: 'asc' } });
    // Asked for the series, it is every day in time order.
    const perDay = ask('deaths per day');
    expect(perDay.kind === 'answer' && [perDay.candidate.name, perDay.slots]).toEqual(['la_riots_over_time_by_death_date', { interval: 'day' }]);
  });

  it('lists the rows of a value the count filters by, which the list chooses', () => {
    // (No list program filtered the gender, the count's: the question was refused; before that, the
    // count per neighborhood had answered.)
    expect(ask('List the female victims')).toMatchObject({ kind: 'answer', candidate: { name: 'list_la_riots_where' }, slots: { column: 'gender', value: 'Female' } });
  });
});

describe('QuestionRouter over shipments whose tracking numbers mix letters and digits', () => {
  const carriers = [
    { name: 'Maersk', number: (i: number) => `MSK${313_000_000 + i * 104_729}` },
    { name: 'USPS', number: (i: number) => String(94_149_908_064 + i * 7_919) },
    { name: 'UPS', number: (i: number) => `1Z${String(355_000_000 + i * 7919).padStart(9, '0')}` },
    { name: 'JD Logistics', number: (i: number) => `JD${569_000_000 + i * 15_485}` },
  ];
  const shipments = Array.from({ length: 300 }, (_, index) => ({
    tracking_number: carriers[index % 4]!.number(index),
    carrier: carriers[index % 4]!.name,
    origin_city: ['Dallas', 'Shenzhen', 'Rotterdam'][index % 3],
    destination_city: ['Hamburg', 'São Paulo', 'Chicago', 'Lagos'][index % 4],
    weight_kg: 1 + ((index * 37) % 500) / 10,
    dimensions_cm: { length: 10 + (index % 50), width: 10 + (index % 30), height: 5 + (index % 20) },
    shipped_on: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
    delivered_on: index % 7 === 0 ? null : new Date(Date.UTC(2024, 0, 4) + index * 86_400_000).toISOString().slice(0, 10),
    cost_usd: 20 + ((index * 53) % 400),
  }));
  const ask = askingOver('querylane-routing-tracking-numbers-', () => ({ shipments }));

  it('looks a shipment up by a tracking number that starts with a digit', () => {
    // (Trial 9's "where is shipment 1Z355194994?" had listed every shipment.)
    const number = shipments[2]!.tracking_number;
    expect(ask(`Where is shipment ${number}?`)).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_shipments_by_tracking_number' }, slots: { tracking_number: number } });
    expect(ask(`show shipment ${shipments[6]!.tracking_number}`)).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_shipments_by_tracking_number' } });
  });

  it('takes no word of another size than the tracking numbers as one', () => {
    // (Trial 9 had looked "CO2" up as a tracking number.)
    expect(ask('What were the CO2 emissions of each shipment?')).toMatchObject({ kind: 'refusal' });
  });

  it('reads "sent" as the shipping date, and takes the start of a thing\'s life when no time is named', () => {
    // (Trial 9 refused "shipments sent in january 2024": the shipping and delivery dates tied.)
    expect(ask('shipments sent in january 2024')).toMatchObject({ kind: 'answer', slots: { from_shipped_on: '2024-01-01', to_shipped_on: '2024-01-31' } });
    expect(ask('how many shipments per month?')).toMatchObject({ kind: 'answer', candidate: { name: 'shipments_over_time_by_shipped_on' } });
  });
});

describe('QuestionRouter over one row per state (population, engineers, hurricanes)', () => {
  const ask = askingOver('querylane-routing-state-rows-', () => ({ state_stats: csv('population_engineers_hurricanes.csv') }));

  it('answers "how many <measure>" of a state named with its row', () => {
    // (Trial 9 refused it: the lookup by state was not among the programs ranked, and a row is no count.)
    expect(ask('How many hurricanes hit Texas?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_state_stats_by_state' }, slots: { state: 'Texas' } });
    expect(ask('how many engineers does Ohio have')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_state_stats_by_state' }, slots: { state: 'Ohio' } });
  });

  it('reads "never had a hurricane" as none', () => {
    // (Trial 9 had listed every state.)
    expect(ask('Which states have never had a hurricane?')).toMatchObject({ kind: 'answer', slots: { min_hurricanes: 0, max_hurricanes: 0 } });
  });
});

describe('QuestionRouter over campaign finances (a bound said after one column of two sharing a word)', () => {
  const ask = askingOver('querylane-routing-contributions-cash-', () => ({ contributions: JSON.parse(readFileSync(join(vegaDataDir(), 'political-contributions.json'), 'utf8')) as Record<string, unknown>[] }));

  it('bounds the column named right before the comparison, not another of the same word', () => {
    // (Trial 9: "ending cash over 1000 dollars" had bounded the beginning cash.)
    const result = ask('candidates with ending cash over 1000 dollars');
    if (result.kind === 'answer') expect(Object.keys(result.slots).some((slot) => /beginning/i.test(slot))).toBe(false);
    expect(ask('candidates with beginning cash over 1000 dollars')).toMatchObject({ kind: 'answer', slots: { min_beginning_cash: expect.any(Number) } });
  });

  it('groups "per party" by the party written in words, not by its code, unless the code is named', () => {
    // (Trial 9 had counted per `Party_Code`: 1, 2, 3 for 7 parties.)
    expect(ask('How many candidates are there per party?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_contributions_by_party_affiliation' } });
    expect(ask('How many candidates per party code?')).toMatchObject({ kind: 'answer', slots: { column: 'Party_Code' } });
  });

  it('groups by the column two kinds set against each other name ("incumbents vs challengers")', () => {
    // (Trial 9 had counted every candidate.)
    expect(ask('How many incumbents vs challengers are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_contributions_by_incumbent_challenger_status' } });
  });

  it('reads a party said in full as its code of three capitals ("Republican" of `REP`)', () => {
    // (Trial 9 had searched the candidates' names for "Republican".)
    expect(ask('Average total disbursements of Republican candidates')).toMatchObject({ kind: 'answer', slots: { party_affiliation: 'REP' } });
    expect(ask('How many Democratic candidates are there?')).toMatchObject({ kind: 'answer', slots: { party_affiliation: 'DEM' } });
  });

  it('reads a state by its name where the states are codes, a stray "00" among them', () => {
    // (Trial 9 refused "Texas": the column's "00" had kept its codes from being read as states.)
    expect(ask('Show me the candidates from Texas')).toMatchObject({ kind: 'answer', slots: { candidate_state: 'TX' } });
  });

  it('holds a number after the last word of a column\'s name as a constraint ("district 3")', () => {
    // (Trial 9 had listed every candidate: no program filters the district.)
    expect(ask('list candidates running in district 3')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"district 3"') });
  });
});

describe('QuestionRouter over support tickets with nested customers (codes and search places)', () => {
  const names = ['Farid Dubois', 'Mia Chen', 'Lars Berg', 'Ana Souza', 'Tom Walsh', 'Ines Costa'];
  const tickets = Array.from({ length: 240 }, (_, index) => ({
    id: `TCK-${10_000 + index * 7}`,
    opened_at: new Date(Date.UTC(2024, 0, 1) + index * 36_000_000).toISOString(),
    priority: ['low', 'medium', 'high', 'urgent'][index % 4],
    channel: ['email', 'phone', 'web_form', 'chat'][index % 4],
    customer: { name: names[index % 6], country: ['FR', 'DE', 'BR'][index % 3] },
    satisfaction: 1 + (index % 5),
  }));
  const ask = askingOver('querylane-routing-tickets-codes-', () => ({ support_tickets: tickets }));

  it('puts no ticket id in a customer name, and searches no column the question does not search in', () => {
    // (Trial 9 had counted tickets of a customer named "TCK-10847" by email, and searched customers' names for 'refund'.)
    expect(ask(`What is the email address of the customer on ticket ${tickets[3]!.id}?`)).toMatchObject({ kind: 'refusal' });
    expect(ask("Which tickets mention 'refund' in their subject line?")).toMatchObject({ kind: 'refusal' });
    expect(ask(`show ticket '${tickets[3]!.id}'`)).toMatchObject({ kind: 'answer', slots: { id: tickets[3]!.id } });
  });

  const first = ['Farid', 'Mia', 'Lars', 'Ana', 'Tom', 'Ines', 'Omar', 'Yuki', 'Zoe', 'Ivan', 'Lea', 'Noah'];
  const last = ['Dubois', 'Chen', 'Berg', 'Souza', 'Walsh', 'Costa', 'Haddad', 'Sato', 'Novak', 'Petrov', 'Moreau', 'Klein', 'Ortiz'];
  const manyCustomers = tickets.map((ticket, index) => ({ ...ticket, customer: { ...ticket.customer, name: `${first[index % 12]} ${last[index % 13]}` } }));
  const searching = askingOver('querylane-routing-tickets-search-', () => ({ support_tickets: manyCustomers }));

  it('refuses a search in a column no program searches ("in their subject line")', () => {
    expect(searching("Which tickets mention 'refund' in their subject line?")).toMatchObject({ kind: 'refusal' });
    expect(searching("tickets from customers with 'Dubois' in their name")).toMatchObject({ kind: 'answer', slots: { term: 'Dubois' } });
  });
});

describe('QuestionRouter over state figures beside candidates per state (the data named answers)', () => {
  const both = askingOver('querylane-routing-state-rows-named-', () => ({
    state_stats: csv('population_engineers_hurricanes.csv'),
    contributions: JSON.parse(readFileSync(join(vegaDataDir(), 'political-contributions.json'), 'utf8')) as Record<string, unknown>[],
    shipments: Array.from({ length: 200 }, (_, index) => ({
      tracking_number: `JD${569_000_000 + index * 15_485}`,
      carrier: ['DHL', 'UPS', 'USPS', 'Maersk'][index % 4],
      origin_city: ['Dallas', 'Shenzhen', 'Rotterdam'][index % 3],
      destination_city: ['Hamburg', 'Chicago', 'Lagos'][index % 3],
      weight_kg: 1 + ((index * 37) % 500) / 10,
      shipped_on: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
      delivered_on: index % 7 === 0 ? null : new Date(Date.UTC(2024, 0, 4) + index * 86_400_000).toISOString().slice(0, 10),
      cost_usd: 20 + ((index * 53) % 400),
      ...(index % 3 === 0 ? { dimensions_cm: { length: 10 + (index % 50), width: 10 + (index % 30), height: 5 + (index % 20) } } : {}),
    })),
  }));

  it('answers from the data the question names before another scoring near it', () => {
    // (Trial 9 refused it: candidates counted per their state had scored first.)
    expect(both('What is the least populated state?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_state_stats_by_population' }, slots: { n: 1, order: 'asc' } });
  });

  it('answers a measure of one data for a value both hold from that data, not by counting the other\'s rows', () => {
    // ("Texas" is a candidates' state `TX` too: their count had answered "how many hurricanes".)
    expect(both('How many hurricanes hit Texas?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_state_stats_by_state' }, slots: { state: 'Texas' } });
  });
});

describe('QuestionRouter over football results beside hourly GitHub counts (rows named as the data is)', () => {
  const vega = (file: string) => JSON.parse(readFileSync(join(vegaDataDir(), file), 'utf8')) as Record<string, unknown>[];
  const ask = askingOver('querylane-routing-rows-named-', () => ({
    football: vega('football.json').slice(0, 3000),
    github_activity: csv('github.csv'),
    la_riots: csv('la-riots.csv'),
    state_stats: csv('population_engineers_hurricanes.csv'),
    contributions: vega('political-contributions.json'),
  }));

  it('ranks groups by the average named after "by" ("top 5 home teams by average goals")', () => {
    // (Trial 9 had answered with the five single matches of most home goals.)
    expect(ask('Top 5 home teams by average goals scored at home')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_home_score_by_column' }, slots: { column: 'home_team', n: 5 } });
  });

  it('weighs the rows named ("games") as the data named, against a shorter program text', () => {
    // (Trial 9: "number of matches played per year" went to the GitHub counts, whose short program
    // text scores higher by its words.)
    expect(ask('monthly number of games')).not.toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/github/) } });
    expect(ask('how many games were played in 2015')).toMatchObject({ kind: 'answer', candidate: { name: 'count_football' }, slots: { from_date: '2015-01-01', to_date: '2015-12-31' } });
  });
});

describe('QuestionRouter over quakes with a network and the sources that saw them', () => {
  const networks = ['ak', 'nc', 'us', 'ci', 'hv'];
  const quakes = Array.from({ length: 400 }, (_, index) => {
    const net = networks[index % 5]!;
    return { id: `${net}${18_000_000 + index}`, mag: 1 + ((index * 13) % 50) / 10, net, sources: index % 3 === 0 ? `,${net},us,` : `,${net},`, status: ['reviewed', 'automatic'][index % 2] };
  });
  const ask = askingOver('querylane-routing-quake-networks-', () => ({ quakes }));

  it('reads a value written exactly as one column writes it before one among signs', () => {
    // (Trial 9 had counted the quakes whose sources are ",ak,": 262 of 297.)
    expect(ask('How many quakes were recorded by the ak network?')).toMatchObject({ kind: 'answer', slots: { net: 'ak' } });
  });
});

describe('QuestionRouter over employees with codes for ids and managers (trial 10)', () => {
  const departments = ['Engineering', 'Sales', 'Support', 'Marketing', 'Finance', 'Legal'];
  const employees = Array.from({ length: 300 }, (_, index) => ({
    employee_id: `E-${10_000 + index * 7}`,
    first_name: ['Olga', 'Wen', 'Ama', 'Luis', 'Kai'][index % 5],
    last_name: ['Ivanova', 'Petrov', 'Mensah', 'Garcia', 'Tanaka', 'Smith', 'Okafor'][index % 7],
    department: departments[index % 6],
    title: `${departments[index % 6]} ${index % 5 === 0 ? 'Manager' : 'Associate'}`,
    salary: 50_000 + ((index * 7919) % 90) * 1000,
    // (Forty managers, among the first employees.)
    manager_id: index < 40 ? null : `E-${10_000 + (index % 40) * 7}`,
    contact: { email: `employee${index}@example.com`, phone: `+1-555-${1000 + index}` },
  }));
  const ask = askingOver('querylane-routing-employee-codes-', () => ({ employees }));

  it('reads a code after "the manager of" as whose manager is asked, and one after "manager" as the manager', () => {
    // (Trial 10 had listed the employees of manager "E": the code was cut at its dash.)
    expect(ask('Who is the manager of E-10700?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_employees_by_employee_id' }, slots: { employee_id: 'E-10700' } });
    expect(ask('who reports to manager E-10007')).toMatchObject({ kind: 'answer', slots: { column: 'manager_id', value: 'E-10007' } });
  });

  it('reads a value said within a longer value of another column as part of that one ("Engineering Managers")', () => {
    // (Trial 10 had counted the whole Engineering department, "managers" dropped.)
    expect(ask('How many Engineering Managers are there?')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees_where' }, slots: { column: 'title', value: 'Engineering Manager' } });
    expect(ask('how many people work in Engineering')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'Engineering' } });
  });

  it('reads "in the company" as the whole data, no value to find', () => {
    // (Trial 10 had refused it: "names company".)
    expect(ask('What is the highest salary in the company?')).toMatchObject({ kind: 'answer', candidate: { name: 'top_employees_by_salary' }, slots: { n: 1, order: 'desc' } });
  });

  it('reads "the email address" as the email, and refuses an address the data does not hold', () => {
    // (Trial 10 had refused the first: "asks for the address".)
    expect(ask('What is the email address of employee E-10700?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_employees_by_employee_id' }, slots: { employee_id: 'E-10700' } });
    expect(ask('What is the address of employee E-10700?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"address"') });
  });
});

describe('QuestionRouter over household income by state beside zip codes (trial 10)', () => {
  // (Zip codes as text, as an API writes them: "01001", not 1001.)
  const ask = askingOver('querylane-routing-households-', () => ({ income: vegaJson('income.json') as Record<string, unknown>[], zipcodes: csv('zipcodes.csv').map((row) => ({ ...row, zip_code: String(row.zip_code).padStart(5, '0') })) }));

  it('reads "share" and "percentage" as a `pct` column', () => {
    // (Trial 10 had refused both: "asks for the share".)
    for (const question of ['What share of Texas households earn 50000 to 74999?', 'what percentage of households in Texas earn 50000 to 74999']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_pct' }, slots: { name: 'Texas', group: '50000 to 74999' } });
    }
  });

  it('looks a zip code up said as "zip" before its digits, as "zip code" before them', () => {
    // (Trial 10 had refused the first: "names 10001".)
    for (const question of ['What county is zip 10001 in?', 'What county is zip code 10001 in?']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_zipcodes_by_zip_code' }, slots: { zip_code: '10001' } });
    }
  });

  it('refuses to count what neither data holds "in" a place one of them names, as it does when the place "has" them', () => {
    // (Trial 10 had answered "how many households are there in California" with its 2,666 zip codes.)
    for (const question of ['How many households are there in California?', 'How many households does California have?']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"households"') });
    }
    expect(ask('how many zip codes are there in California')).toMatchObject({ kind: 'answer', candidate: { name: 'count_zipcodes' }, slots: { state: 'CA' } });
    // (Nor states, which the zip codes hold, counted as the incomes' rows of a region: 120 for 12.)
    expect(ask('How many states are in the midwest region?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"states"') });
  });
});

describe('QuestionRouter over monarchs and stock prices (the first and the last, trial 10)', () => {
  const ask = askingOver('querylane-routing-first-last-', () => ({ monarchs: vegaJson('monarchs.json') as Record<string, unknown>[], stocks: csv('stocks.csv') }));

  it('reads "the last monarch" and "the first monarch" as the one row at either end of a time', () => {
    // (Trial 10 had refused the last, and answered the first with the rows in stored order.)
    expect(ask('Who was the last monarch?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^latest_monarchs_by_/) }, slots: { n: 1, order: 'desc' } });
    expect(ask('Who was the first monarch?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^latest_monarchs_by_/) }, slots: { n: 1, order: 'asc' } });
  });

  it('reads one year of data spanning a start and an end as within the span: no bound on either end alone', () => {
    // (Trial 10 had answered "who was the monarch in 1690" with the reigns that began in 1690: none.)
    expect(ask('Who was the monarch in 1690?')).toMatchObject({ kind: 'refusal' });
    expect(ask('which reigns ended in 1820')).toMatchObject({ kind: 'answer', slots: { min_end: 1820, max_end: 1820 } });
  });

  it('ranks by time, not by the measure named, a question whose only ranking word is one of time', () => {
    // (It had answered IBM's highest price.)
    expect(ask('what was the earliest price of IBM')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_stocks_by_date' }, slots: { symbol: 'IBM', n: 1, order: 'asc' } });
    // ("The last price" had been the highest price: "last" is no word the time's ranking is written with.)
    expect(ask('what was the last price of IBM')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_stocks_by_date' }, slots: { symbol: 'IBM', n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over budget forecasts (two year columns, trial 10)', () => {
  const ask = askingOver('querylane-routing-budget-years-', () => ({ budgets: vegaJson('budgets.json') as Record<string, unknown>[] }));

  it('ranks the periods of the year column a question names with its word ("which budget year")', () => {
    // (Trial 10 had refused it.)
    expect(ask('Which budget year had the lowest forecast value?')).toMatchObject({ kind: 'answer', candidate: { name: 'budgets_over_time_by_budget_year' }, slots: { n: 1, order: 'asc' } });
    expect(ask('which forecast year had the highest average value')).toMatchObject({ kind: 'answer', candidate: { name: 'budgets_over_time_by_forecast_year' }, slots: { n: 1, order: 'desc', rank_by: 'average' } });
  });
});

describe('QuestionRouter over football results and hourly GitHub counts alone (periods ranked by rows)', () => {
  const ask = askingOver('querylane-routing-ranked-rows-', () => ({ football: JSON.parse(readFileSync(join(vegaDataDir(), 'football.json'), 'utf8')) as Record<string, unknown>[], github: csv('github.csv') }));

  it('ranks the periods of the data whose rows the question counts ("which month had the most matches")', () => {
    // (It had gone to GitHub's hourly counts, whose shorter program text scores higher.)
    expect(ask('which month had the most matches')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^football_over_time_by_/) }, slots: { interval: 'month', n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over airports (trial 11)', () => {
  const ask = askingOver('querylane-routing-airports-', () => ({ airports: csv('airports.csv') }));

  it('reads "outside the USA" as the value excluded, which no count filters out, as "not in the USA" is', () => {
    // (Trial 11 had counted the airports in the USA.)
    for (const question of ['How many airports are outside the USA?', 'how many airports are not in the USA']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"USA"') });
    }
    expect(ask('how many airports are in the USA')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airports' }, slots: { country: 'USA' } });
  });

  it('reads no key in the key column\'s own name written in capitals ("IATA code JFK")', () => {
    // (Trial 11 had searched the names for "JFK": the lookup took "IATA" for the key.)
    for (const question of ['What is the name of the airport with IATA code JFK?', 'What is the airport with IATA code JFK?']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_airports_by_iata' }, slots: { iata: 'JFK' } });
    }
  });
});

describe('QuestionRouter over bird strikes beside daily stock returns (trial 11)', () => {
  const ask = askingOver('querylane-routing-strikes-days-', () => ({ birdstrikes: csv('birdstrikes.csv').slice(0, 3000), ohlc: vegaJson('ohlc.json') as Record<string, unknown>[] }));

  it('reads a period word after "which", "per" or "how many" as the period, no value "Day" of a time of day', () => {
    // (Trial 11 had answered both from the bird strikes by day: the costliest, and 5,624 "trading days".)
    for (const question of ['Which day had the biggest return?', 'How many trading days are there?']) {
      const result = ask(question);
      expect(result.kind === 'answer' ? result.slots : {}, question).not.toHaveProperty('time_of_day');
    }
    expect(ask('how many strikes happened during the day')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes' }, slots: { time_of_day: 'Day' } });
  });
});

describe('QuestionRouter over Iowa electricity by source (trial 11)', () => {
  const ask = askingOver('querylane-routing-iowa-electricity-', () => ({ iowa_electricity: csv('iowa-electricity.csv') }));

  it('reads a word right before a column\'s name as naming the column, no part of a value ("by energy source")', () => {
    // (Trial 11 had answered the total of "Nuclear Energy" alone.)
    const bySource = ask('Total net generation by energy source');
    expect(bySource.kind === 'answer' && [bySource.candidate.name, bySource.slots]).toEqual(['avg_net_generation_by_source', { rank_by: 'total' }]);
    expect(ask('total net generation of nuclear energy')).toMatchObject({ kind: 'answer', slots: { source: 'Nuclear Energy' } });
  });
});

describe('QuestionRouter over bike trips with codes for ids (trial 11)', () => {
  // (25 stations: a column a count chooses, not an enum of every program.)
  const stations = Array.from({ length: 25 }, (_, i) => `${['North', 'South', 'East', 'West', 'Old'][i % 5]} ${['Park', 'Square', 'Market', 'Harbor', 'Bridge'][Math.floor(i / 5)]}`);
  const trips = Array.from({ length: 3000 }, (_, i) => ({
    trip_id: `T-${500_000 + i}`,
    started_at: `2024-06-${String(1 + ((i * 7) % 28)).padStart(2, '0')}T${String((i * 5) % 24).padStart(2, '0')}:15:00Z`,
    start_station: stations[(i * 3) % 25],
    end_station: stations[(i * 7) % 25],
    duration_minutes: 5 + ((i * 13) % 50),
    distance_km: 1 + ((i * 7) % 90) / 10,
    bike_type: i % 2 === 0 ? 'classic' : 'electric',
    member_type: i % 3 === 0 ? 'casual' : 'member',
    rider: { birth_year: 1950 + ((i * 11) % 55), gender: ['male', 'female', 'other'][i % 3] },
  }));
  const ask = askingOver('querylane-routing-bike-trip-codes-', () => ({ bike_trips: trips }));

  it('reads no number ending a code as a value before a column\'s name ("trip T-500204 start from")', () => {
    // (Trial 11 had listed the trips from a start station "500204": none.)
    expect(ask('Which station did trip T-500204 start from?')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_bike_trips_by_trip_id' }, slots: { trip_id: 'T-500204' } });
  });

  it('reads the rows by their synonym when periods are ranked ("which day had the most bike rides")', () => {
    // (Trial 11 had answered the longest ride.)
    expect(ask('Which day had the most bike rides?')).toMatchObject({ kind: 'answer', candidate: { name: 'bike_trips_over_time_by_started_at' }, slots: { interval: 'day', n: 1, order: 'desc' } });
  });
});

describe('QuestionRouter over unemployment by industry (trial 11)', () => {
  const ask = askingOver('querylane-routing-unemployment-employees-', () => ({ unemployment: vegaJson('unemployment-across-industries.json') as Record<string, unknown>[] }));

  it('refuses a count of employees of data that holds the unemployed, and counts the unemployed "there were in" an industry', () => {
    // (Trial 11 had counted the unemployment rows: "employe", the plural cut short, was a typo of a word of it.)
    expect(ask('How many employees does our company have?')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"employees"') });
    expect(ask('how many unemployed were there in construction in 2009')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_count' }, slots: { series: 'Construction', year: 2009 } });
  });
});

describe('QuestionRouter over penguins beside bike trips (a column named by two words, trial 11)', () => {
  const trips = Array.from({ length: 400 }, (_, i) => ({ trip_id: `T-${600_000 + i}`, distance_km: 1 + ((i * 7) % 90) / 10, duration_minutes: 5 + ((i * 13) % 50), bike_type: i % 2 === 0 ? 'classic' : 'electric' }));
  const ask = askingOver('querylane-routing-penguin-beaks-', () => ({ penguins: vegaJson('penguins.json') as Record<string, unknown>[], bike_trips: trips }));

  it('answers from the data whose column the question names, though another data\'s ranking scores higher by "longest"', () => {
    // (Trial 11 had refused it: "names beak length, a column of other data than the closest program's".)
    expect(ask('What is the longest beak length recorded?')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^top_penguins_by_beak_length/) }, slots: { n: 1, order: 'desc' } });
    expect(ask('what was the longest trip')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^top_bike_trips_by_/) } });
  });
});

describe('QuestionRouter over flights from airports by code and subscriptions of companies (trial 14)', () => {
  const ask = askingOver('querylane-routing-day-code-', () => ({
    flights: Array.from({ length: 900 }, (_, i) => ({
      date: new Date(Date.UTC(2001, 0, 1) + i * 2 * 3_600_000).toISOString(),
      delay: ((i * 37) % 120) - 20,
      distance: 200 + ((i * 53) % 2000),
      origin: ['ORD', 'LAX', 'DAY', 'SEA', 'BOS', 'FAR', 'ATL', 'DFW', 'PHX', 'IAH', 'MSP', 'DTW', 'PHL', 'CLT', 'MIA', 'SLC'][i % 16],
      destination: ['JFK', 'SFO', 'DEN'][i % 3],
    })),
    subscriptions: Array.from({ length: 300 }, (_, i) => ({
      subscription_id: `SUB-${10_001 + i}`,
      // (A hundred companies, three subscriptions each, some of them "… Capital": no filter of a few values, no key.)
      company: `${['Blue', 'Red', 'Green', 'Grey', 'Stone', 'River', 'Oak', 'Pine', 'Iron', 'Gold'][i % 10]} ${['North', 'South', 'East', 'West', 'Bay', 'Hill', 'Lake', 'Park', 'Port', 'Vale'][Math.floor((i % 100) / 10)]} ${['Capital', 'Labs', 'Works'][(i % 100) % 3]}`,
      plan: ['Starter', 'Business', 'Enterprise'][i % 3],
      billing_cycle: ['monthly', 'annual'][Math.floor(i / 3) % 2],
      mrr: 50 + ((i * 29) % 900),
      country: ['Germany', 'France', 'Spain'][i % 3],
      signup_date: new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    })),
  }));

  it('reads "day" in small letters as the period, not the airport DAY', () => {
    // Had filtered the flights of Dayton's airport.
    expect(ask('how many flights a day on average')).toMatchObject({ kind: 'answer', candidate: { name: 'flights_average_per_period_by_date' }, slots: { interval: 'day' } });
    expect(ask('what was the busiest day for flights')).toMatchObject({ kind: 'answer', candidate: { name: 'flights_over_time_by_date' }, slots: { interval: 'day', n: 1 } });
    for (const question of ['how many flights a day on average', 'what was the busiest day for flights']) {
      const answered = ask(question);
      expect(answered.kind === 'answer' && answered.slots.origin, question).toBeUndefined();
    }
    // Written as the code, it is the airport.
    expect(ask('flights from DAY')).toMatchObject({ kind: 'answer', slots: { origin: 'DAY' } });
  });

  it('groups by the noun before a verb with a particle ("which country brings in the most MRR"), MRR being revenue', () => {
    // Had answered the one largest subscription.
    expect(ask('which country brings in the most MRR')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_by_country' }, slots: { n: 1, order: 'desc' } });
    // Had been refused: "revenue" was read as a closing qualifier no data knows.
    expect(ask('which plan brings in the most revenue')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_by_plan' }, slots: { n: 1, order: 'desc' } });
  });

  it('refuses an average of a general measure word said of what no data knows ("the average resolution time")', () => {
    // Had averaged the flights' delay.
    expect(ask('what is the average resolution time')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('resolution time') });
    expect(ask('what is the average delay')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_delay' } });
  });

  it('ranks the months by the rows of the time a word names ("which month had the most signups" of `signup_date`)', () => {
    // Had answered the subscription with the most seats.
    expect(ask('which month had the most signups')).toMatchObject({ kind: 'answer', candidate: { name: 'subscriptions_over_time_by_signup_date' }, slots: { interval: 'month', n: 1, order: 'desc' } });
  });

  it('takes no time said with its unit as a bound of a column whose name gives none ("delayed by more than an hour" of `delay`)', () => {
    // Had counted the flights delayed by more than 1 (minute, or whatever `delay` counts).
    expect(ask('how many flights were delayed by more than an hour')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many flights had a delay of more than 60')).toMatchObject({ kind: 'answer', slots: { min_delay: expect.any(Number) } });
  });

  it('reads no word in small letters as the code of many it begins with ("farmers" is no airport FAR)', () => {
    const answered = ask('how many flights carried farmers');
    expect(answered.kind === 'answer' ? answered.slots.origin : undefined).toBeUndefined();
  });

  it('refuses an attribute the data holds only as a word of its values ("the capital of france" of a company "Blue Capital")', () => {
    // Had listed the French subscriptions.
    expect(ask("what's the capital of france")).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('capital') });
    expect(ask('total mrr in france')).toMatchObject({ kind: 'answer', slots: { country: 'France' } });
  });

  it('keeps a period\'s adjective after "how many" that is a value of the data ("how many annual subscriptions")', () => {
    // Had counted every subscription: the adjective was dropped as describing the rows counted.
    expect(ask('how many annual subscriptions')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { billing_cycle: 'annual' } });
    expect(ask('how many monthly subscriptions are in germany')).toMatchObject({ kind: 'answer', slots: { billing_cycle: 'monthly', country: 'Germany' } });
  });

  it('reads a period adverb the data holds as a value as that value, not a series ("how many subscriptions are billed monthly")', () => {
    // Had answered the subscriptions per month of their signup (trial 16: "how many customers pay annually").
    expect(ask('how many subscriptions are billed monthly')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { billing_cycle: 'monthly' } });
    expect(ask('how many subscriptions are billed annually')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { billing_cycle: 'annual' } });
    // Said as a rate ("per month"), or of data that holds no such value, it is the series.
    expect(ask('how many subscriptions per month')).toMatchObject({ kind: 'answer', slots: { interval: 'month' } });
    expect(ask('how many flights monthly')).toMatchObject({ kind: 'answer', candidate: { name: 'flights_over_time_by_date' }, slots: { interval: 'month' } });
  });

  it('reads a measure said as a past participle of the rows as the measure above zero ("flights that were delayed")', () => {
    // Had counted every flight from ORD in March, "delayed" unread (trial 14).
    // (Above zero: the least number past it, or 1 of whole numbers.)
    const aboveZero = (value: unknown) => typeof value === 'number' && value > 0 && value <= 1;
    const delayedInMarch = ask('how many flights from ORD were delayed in march');
    expect(delayedInMarch).toMatchObject({ kind: 'answer', candidate: { name: 'count_flights' }, slots: { origin: 'ORD', from_date: '2001-03-01' } });
    expect(delayedInMarch.kind === 'answer' && aboveZero(delayedInMarch.slots.min_delay)).toBe(true);
    const delayed = ask('how many delayed flights');
    expect(delayed).toMatchObject({ kind: 'answer', candidate: { name: 'count_flights' } });
    expect(delayed.kind === 'answer' && aboveZero(delayed.slots.min_delay)).toBe(true);
    expect(ask('how many flights were not delayed')).toMatchObject({ kind: 'answer', candidate: { name: 'count_flights' }, slots: { max_delay: 0 } });
    // (Bounded already: the bound said, nothing added.)
    const delayedByMore = ask('how many flights were delayed by more than 30 minutes');
    expect(delayedByMore.kind === 'answer' && (delayedByMore.slots.min_delay as number) > 30 && (delayedByMore.slots.min_delay as number) <= 31).toBe(true);
  });

  it('answers a quantity that adds up, named with nothing asked of it, with its total ("mrr from germany")', () => {
    // Had listed the German subscriptions by their MRR (trial 14).
    expect(ask('mrr from germany')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr' }, slots: { country: 'Germany' } });
    expect(ask('list the subscriptions from germany')).toMatchObject({ kind: 'answer', candidate: { family: 'list' } });
    expect(ask('mrr by country')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_by_country' } });
  });

  it('refuses a value only another data set holds, said of the data the question names ("flights to germany")', () => {
    // Had counted every flight: "germany" is a country of the subscriptions, no value of the flights (trial 14: "the population of canada").
    expect(ask('how many flights went to germany')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('germany') });
    expect(ask('how many flights went to SFO')).toMatchObject({ kind: 'answer', slots: { destination: 'SFO' } });
  });
});

describe('QuestionRouter over stock prices named by what they are of (trial 14)', () => {
  const ask = askingOver('querylane-routing-stock-prices-', () => ({ stock_prices: csv('stocks.csv') }));

  it('groups "per stock" by the stocks the prices are of, the data\'s one category', () => {
    // Had answered the average over every stock.
    expect(ask('average price per stock')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_by_symbol' } });
    expect(ask('average price')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price' } });
  });
});

describe('QuestionRouter over a rate per city and year (an average per year of yearly rows)', () => {
  const ask = askingOver('querylane-routing-city-rates-', () => ({
    city_rates: Array.from({ length: 160 }, (_, i) => ({ city: ['Oslo', 'Bergen', 'Lyon', 'Porto'][i % 4], year: 1980 + (Math.floor(i / 4) % 40), unemployment_rate: 2 + ((i * 7) % 90) / 10 })),
  }));

  it('answers the average yearly rate of rows that are years with the rate averaged over them, not the series', () => {
    // Had listed Oslo's rate year by year.
    expect(ask('what is the average yearly unemployment rate in Oslo')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_unemployment_rate' }, slots: { city: 'Oslo' } });
    expect(ask('unemployment rate per year in Oslo')).toMatchObject({ kind: 'answer', candidate: { name: 'city_rates_over_time_by_year' } });
  });

  it('reads a period with its kind said before it ("per census year", "by fiscal year") as the period', () => {
    // "Total population per census year" had been answered with one total over every year (trial 14).
    for (const question of ['unemployment rate per census year in Oslo', 'unemployment rate by fiscal year in Oslo']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'city_rates_over_time_by_year' }, slots: { city: 'Oslo', interval: 'year' } });
    }
  });
});

describe('QuestionRouter over insurance claims (trial 18: a nested policy, a fraud flag)', () => {
  const ask = askingOver('querylane-routing-claims-', () => ({
    insurance_claims: Array.from({ length: 1500 }, (_, i) => {
      const status = pick(i, 1, [['paid', 48], ['approved', 19], ['denied', 18], ['in_review', 9], ['open', 6]]);
      const filed = Date.UTC(2025, 0, 1) + i * 43_000_000;
      const days = 5 + ((i * 37) % 80);
      return {
        claimId: `CLM-2025-${String(i + 1).padStart(5, '0')}`,
        claimType: pick(i, 2, [['auto', 30], ['home', 21], ['health', 21], ['pet', 13], ['travel', 10], ['life', 5]]),
        status,
        claimAmount: 500 + ((i * 7919) % 40_000) / 3,
        paidAmount: status === 'paid' || status === 'approved' ? 400 + ((i * 7919) % 30_000) / 3 : null,
        adjuster: pick(i, 3, [['Maria Lopez', 15], ['James Carter', 14], ['Aisha Khan', 13], ['Tom Becker', 12], ['Laura Rossi', 12], ['Peter Novak', 12], ['Chen Wei', 11], ['Fatima Diallo', 11]]),
        policy: { policyNumber: `POL-${500_000 + i * 37}`, region: pick(i, 4, [['West', 26], ['South', 22], ['North', 21], ['East', 17], ['Central', 14]]), tier: pick(i, 5, [['basic', 40], ['standard', 38], ['premium', 22]]) },
        filedAt: new Date(filed).toISOString(),
        closedAt: status === 'open' || status === 'in_review' ? null : new Date(filed + days * 86_400_000).toISOString(),
        daysToClose: status === 'open' || status === 'in_review' ? null : days,
        fraudFlag: i % 13 === 0,
        customerRating: i % 5 < 3 ? null : 1 + ((i * 7) % 5),
      };
    }),
  }));

  it('counts the rows of a value said with its column, not the rows per that column', () => {
    // "premium tier policies with a fraud flag" had been answered by the count per tier of the
    // fraud-flagged claims, once the count per a chosen column took the count's filters.
    const answer = ask('premium tier policies with a fraud flag');
    expect(answer).toMatchObject({ kind: 'answer', slots: { fraud_flag: true, policy_tier: 'premium' } });
    expect(answer.kind === 'answer' && answer.candidate.name).not.toBe('count_insurance_claims_by_column');
    // Asked per tier, the count per the chosen column, with the flag.
    expect(ask('fraud flagged claims per policy tier')).toMatchObject({ kind: 'answer', candidate: { name: 'count_insurance_claims_by_column' }, slots: { column: 'policy.tier', fraud_flag: true } });
  });

  it('reads a time or a measure not there as a state of the row ("not yet closed", "no customer rating")', () => {
    // `closedAt` is missing on 15% of the claims: under the 20% a label needs, but a time not there
    // says the claim is not closed yet. Both had counted every claim, or been refused.
    expect(ask('how many claims are not closed yet')).toMatchObject({ kind: 'answer', candidate: { name: 'count_insurance_claims' }, slots: { has_closed_at: false } });
    // "No customer rating" of ratings 1–5 is none given, not a rating of 0 (a range of 0 to 0 had listed nothing).
    expect(ask('how many claims have no customer rating')).toMatchObject({ kind: 'answer', candidate: { name: 'count_insurance_claims' }, slots: { has_customer_rating: false } });
    const listed = ask('claims with no customer rating');
    expect(listed).toMatchObject({ kind: 'answer', slots: { has_customer_rating: false } });
    expect(listed.kind === 'answer' && Object.keys(listed.slots).some((slot) => slot.startsWith('min_') || slot.startsWith('max_'))).toBe(false);
    // A value the data holds is that value, no state of a time being there ("open" against "closed").
    const open = ask('how many open claims');
    expect(open).toMatchObject({ kind: 'answer', candidate: { name: 'count_insurance_claims' }, slots: { status: 'open' } });
    expect(open.kind === 'answer' && open.slots.has_closed_at).toBeUndefined();
  });

  it('reads a value that is a word of the measure totalled as that measure, unless the rows follow it ("paid out", "paid claims")', () => {
    // Trial 18: "paid out" had added the status paid, leaving out approved claims with a paid amount.
    const paidOut = ask('how much has Maria Lopez paid out in total');
    expect(paidOut).toMatchObject({ kind: 'answer', candidate: { name: 'sum_paid_amount' }, slots: { adjuster: 'Maria Lopez' } });
    expect(paidOut.kind === 'answer' && paidOut.slots.status).toBeUndefined();
    expect(ask('total paid amount of paid claims')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_paid_amount' }, slots: { status: 'paid' } });
    expect(ask('how many paid claims')).toMatchObject({ kind: 'answer', candidate: { name: 'count_insurance_claims' }, slots: { status: 'paid' } });
  });
});

describe('QuestionRouter over library loans (trial 18: an age group past the first labels)', () => {
  const ask = askingOver('querylane-routing-loans-', () => ({
    library_loans: Array.from({ length: 2800 }, (_, i) => {
      const borrowed = Date.UTC(2025, 0, 1) + i * 11_000_000;
      return {
        loan_id: 100_000 + i,
        branch: pick(i, 1, [['Central', 29], ['Riverside', 19], ['Eastwood', 15], ['Northgate', 14], ['Lakeside', 12], ['Hillcrest', 11]]),
        item_format: pick(i, 2, [['book', 48], ['ebook', 20], ['dvd', 12], ['audiobook', 11], ['magazine', 9]]),
        genre: pick(i, 3, [['fiction', 24], ['mystery', 17], ['children', 14], ['fantasy', 12], ['history', 10], ['science', 10], ['biography', 8], ['cookbook', 6]]),
        member_age_group: pick(i, 4, [['adult', 49], ['senior', 23], ['child', 16], ['teen', 12]]),
        borrowed_at: new Date(borrowed).toISOString(),
        renewals: pick(i, 5, [[0, 72], [1, 16], [2, 8], [3, 4]]),
        auto_renewed: i % 8 === 0,
        late_fee: pick(i, 6, [[0, 80], [0.25, 10], [0.5, 6], [1, 4]]),
      };
    }),
  }));

  it('names a label of three words by its last two, and reads "by" before a value as whose', () => {
    // Trial 18: "which age group borrows the most" had ranked single loans by renewals, "average
    // late fee per age group" had given one average over every loan, and "loans by teens" the
    // teens' average renewals (the "by" had matched the programs that say "per").
    expect(ask('which age group borrows the most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_library_loans_by_column' }, slots: { column: 'member_age_group' } });
    expect(ask('average late fee per age group')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_late_fee_by_column' }, slots: { column: 'member_age_group' } });
    expect(ask('loans by teens')).toMatchObject({ kind: 'answer', candidate: { name: 'count_library_loans' }, slots: { member_age_group: 'teen' } });
    expect(ask('science loans by seniors')).toMatchObject({ kind: 'answer', candidate: { name: 'count_library_loans' }, slots: { genre: 'science', member_age_group: 'senior' } });
  });
});

describe('QuestionRouter over hotel bookings and meter readings (trial 18: initials, nouns of flags, implied measures)', () => {
  const hotels = ['Harbor View Lisbon', 'City Central Berlin', 'Alpine Lodge', 'Old Town Prague', 'Seaside Nice'];
  const sites = ['Data Center', 'Office HQ', 'Plant A', 'Plant B', 'Retail Store 12'];
  const ask = askingOver('querylane-routing-stays-', () => ({
    hotel_bookings: Array.from({ length: 2400 }, (_, i) => {
      const nights = 1 + ((i * 7) % 9);
      const adr = 80 + ((i * 7919) % 40_000) / 100;
      return {
        booking_id: `HB-${10_001 + i}`,
        hotel: pick(i, 1, hotels.map((hotel, k): [string, number] => [hotel, 30 - k * 4])),
        room_type: pick(i, 2, [['standard', 45], ['deluxe', 25], ['family', 20], ['suite', 10]]),
        channel: pick(i, 3, [['direct', 30], ['booking.com', 35], ['expedia', 25], ['agent', 10]]),
        check_in: new Date(Date.UTC(2025, 0, 1) + i * 14_000_000).toISOString().slice(0, 10),
        lead_time_days: (i * 13) % 120,
        nights,
        adr,
        total_price: Math.round(adr * nights * 100) / 100,
        is_cancelled: pick(i, 4, [[false, 72], [true, 28]]),
        guest: { country: pick(i, 5, [['Portugal', 30], ['Germany', 25], ['France', 20], ['Spain', 15], ['Italy', 10]]) },
      };
    }),
    energy_meter_readings: Array.from({ length: 3000 }, (_, i) => {
      const kwh = 200 + ((i * 7919) % 100_000) / 100;
      return {
        readingId: `RD-${500_000 + i}`,
        meterId: `MTR-${String(1 + ((i * 17) % 40)).padStart(4, '0')}`,
        site: sites[((i * 17) % 40) % 5],
        tariff: pick(i, 6, [['standard', 50], ['green', 30], ['night', 20]]),
        readingAt: new Date(Date.UTC(2025, 0, 1) + i * 20_000_000).toISOString(),
        kwh,
        costEur: Math.round(kwh * 0.24 * 100) / 100,
        voltage: 228 + ((i * 3) % 40) / 4,
        isPeak: i % 6 === 0,
      };
    }),
  }));

  it('names a column by the initials of its words ("average daily rate" of `adr`)', () => {
    // Had averaged the suites' lead time.
    expect(ask('average daily rate for suites')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_adr' }, slots: { room_type: 'suite' } });
  });

  it('reads reservations as bookings and cancellations as the cancelled ones', () => {
    // Refused ("reservations" named no data), and counted every booking per hotel.
    expect(ask('which hotel has the most reservations')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings_by_hotel' }, slots: { n: 1 } });
    expect(ask('number of cancellations per hotel')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings_by_hotel' }, slots: { is_cancelled: true } });
  });

  it('refuses the best of a thing no data holds ("the best pool")', () => {
    // Had answered the hotel with the most bookings.
    expect(ask('which hotel has the best pool')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"pool"') });
    expect(ask('which hotel has the most bookings')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings_by_hotel' } });
  });

  it('refuses to count a thing a column only qualifies ("rooms" of `room_type`)', () => {
    // Had counted Alpine Lodge's bookings.
    expect(ask('how many rooms does Alpine Lodge have')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"rooms"') });
    expect(ask('how many bookings does Alpine Lodge have')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { hotel: 'Alpine Lodge' } });
  });

  it('ranks by the measure a word implies, and answers money asked with the money column', () => {
    // Refused: "by consumption" was read as a grouping no data knows; "spend on electricity" as kWh, then refused as no money.
    // (The total per meter: of its own program, or of the total per a chosen column.)
    const meters = ask('top 5 meters by consumption');
    expect(meters).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^sum_kwh_by_(?:column|meter_id)$/) }, slots: { n: 5 } });
    if (meters.kind === 'answer' && meters.candidate.name === 'sum_kwh_by_column') expect(meters.slots.column).toBe('meterId');
    expect(ask('how much did Office HQ spend on electricity in 2026')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_cost_eur' }, slots: { site: 'Office HQ' } });
  });

  it('reads a word and a preposition before a place as prose, no column named so ("reading at the Data Center" of `readingAt`)', () => {
    // Had given the monthly series of the Data Center's readings.
    for (const question of ['average kwh per reading at the Data Center', 'average kwh per reading at Plant A']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'sum_kwh' } });
    }
    expect(ask('latest reading at')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_energy_meter_readings_by_reading_at' } });
  });

  it('reads "peak" after "are" as a flag, no superlative ("how many readings are peak")', () => {
    // Had counted the peak readings per site, busiest first.
    expect(ask('how many readings are peak')).toMatchObject({ kind: 'answer', candidate: { name: 'count_energy_meter_readings' }, slots: { is_peak: true } });
  });
});

describe('QuestionRouter over parcel shipments and support tickets (trial 21: nested places, a service level of days)', () => {
  const countries = (i: number, salt: number) => pick(i, salt, [['Germany', 30], ['Netherlands', 25], ['France', 15], ['Poland', 12], ['Spain', 10], ['Belgium', 8]]);
  const ask = askingOver('querylane-routing-shipments-', () => ({
    parcel_shipments: Array.from({ length: 1800 }, (_, i) => {
      const shipped = Date.UTC(2025, 0, 1) + i * 38_000_000;
      const delivered = i % 9 === 0 ? null : shipped + (1 + (i % 6)) * 86_400_000;
      return {
        tracking_number: String(10_000_000_000 + i * 7919),
        carrier: pick(i, 1, [['DHL', 30], ['UPS', 25], ['DPD', 20], ['FedEx', 15], ['PostNL', 10]]),
        service_level: pick(i, 2, [['standard', 50], ['express', 20], ['economy', 20], ['next_day', 10]]),
        origin: { city: pick(i, 3, [['Amsterdam', 40], ['Hamburg', 35], ['Antwerp', 25]]), country: countries(i, 4) },
        destination: { city: pick(i, 5, [['Munich', 20], ['Paris', 20], ['London', 20], ['Berlin', 20], ['Madrid', 20]]), country: countries(i, 6) },
        weight_kg: 0.2 + ((i * 37) % 200) / 10,
        shipping_cost: 4 + ((i * 7919) % 20_000) / 100,
        shipped_at: new Date(shipped).toISOString(),
        delivered_at: delivered === null ? null : new Date(delivered).toISOString(),
        is_fragile: i % 7 === 0,
      };
    }),
    support_tickets: Array.from({ length: 1500 }, (_, i) => ({
      ticket_id: `TCK-${100_000 + i}`,
      customer: { name: `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay', 'Stark', 'Wayne'][i % 8]} ${['Labs', 'Corp', 'GmbH', 'BV', 'Ltd'][(i >> 3) % 5]}`, tier: pick(i, 10, [['free', 50], ['pro', 35], ['enterprise', 15]]) },
      product_area: pick(i, 7, [['billing', 30], ['mobile_app', 25], ['login_access', 20], ['integrations', 15], ['reporting', 10]]),
      priority: pick(i, 8, [['low', 40], ['medium', 35], ['high', 20], ['urgent', 5]]),
      channel: pick(i, 11, [['email', 25], ['chat', 25], ['phone', 25], ['web', 25]]),
      status: pick(i, 9, [['closed', 60], ['open', 20], ['pending', 20]]),
      first_response_minutes: 5 + ((i * 53) % 600),
      satisfaction_rating: i % 4 === 0 ? null : 1 + ((i * 7) % 5),
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 40_000_000).toISOString(),
    })),
  }));

  it('ranks groups of two words ("top 3 destination countries by shipping cost"), not single rows', () => {
    // Trial 21: the three most expensive parcels had answered it; "top 3 product areas by ticket volume" had been refused.
    expect(ask('top 3 destination countries by shipping cost')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_shipping_cost_by_destination_country' }, slots: { n: 3 } });
    expect(ask('top 3 product areas by ticket volume')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets_by_product_area' }, slots: { n: 3 } });
    // A ranking of the rows themselves stays one.
    expect(ask('top 3 shipments by shipping cost')).toMatchObject({ kind: 'answer', candidate: { name: 'top_parcel_shipments_by_shipping_cost' }, slots: { n: 3 } });
  });

  it('reads a column said after the rows and a preposition as what qualifies them ("tickets from enterprise customers")', () => {
    // Trial 21: the count per customer name (and then the number of different customers) had answered it.
    // (Listed with the tier as the list's value, now that "customers" alone chooses no name.)
    const enterprise = ask('tickets from enterprise customers');
    expect(enterprise).toMatchObject({ kind: 'answer', candidate: { family: 'list' }, slots: { column: 'customer.tier', value: 'enterprise' } });
    // Asked as the groups or as what is counted, the customers are still chosen.
    expect(ask('which customer has the most tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_tickets_by_column' }, slots: { column: 'customer.name', n: 1 } });
    expect(ask('how many different customers opened tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_support_tickets' }, slots: { column: 'customer.name' } });
  });

  it('tells which figure of an aggregate the question asks for, its total or its average', () => {
    // Each measure has one aggregate, named for its sum or its average, which answers both.
    const weight = ask('total weight shipped with FedEx');
    expect(weight).toMatchObject({ kind: 'answer', candidate: { name: 'avg_weight_kg' }, slots: { carrier: 'FedEx' }, figure: 'total' });
    expect(ask('average shipping cost for express')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_shipping_cost' }, slots: { service_level: 'express' }, figure: 'average' });
    expect(ask('how much did we spend on shipping with DHL')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_shipping_cost' }, figure: 'total' });
    // Of other programs, none.
    expect(ask('how many next day shipments')).not.toHaveProperty('figure');
  });

  it('reads a value that sounds like a day as that value ("next day shipments"), and a place after "from" as where things start', () => {
    // Trial 21: "next day" had been read as tomorrow, past the data, and refused.
    expect(ask('how many next day shipments')).toMatchObject({ kind: 'answer', candidate: { name: 'count_parcel_shipments' }, slots: { service_level: 'next_day' } });
    // Both the origin and the destination hold Germany: "from" says which (the nested `origin.country`).
    expect(ask('how many next day shipments from Germany')).toMatchObject({ kind: 'answer', candidate: { name: 'count_parcel_shipments' }, slots: { service_level: 'next_day', origin_country: 'Germany' } });
    expect(ask('how many shipments from Germany')).toMatchObject({ kind: 'answer', candidate: { name: 'count_parcel_shipments' }, slots: { origin_country: 'Germany' } });
    const to = ask('how many shipments went to Germany');
    expect(to).toMatchObject({ kind: 'answer', candidate: { name: 'count_parcel_shipments' }, slots: { destination_country: 'Germany' } });
    expect(to.kind === 'answer' && to.slots.origin_country).toBeUndefined();
    // A day with a preposition of time is still a day.
    const shipped = ask('how many shipments were shipped on 2025-03-02');
    expect(shipped).toMatchObject({ kind: 'answer', slots: { from_shipped_at: '2025-03-02', to_shipped_at: '2025-03-02' } });
  });
});

describe('QuestionRouter over property listings (trial 21: an area in square metres, days on the market)', () => {
  const ask = askingOver('querylane-routing-listings-', () => ({
    property_listings: Array.from({ length: 1200 }, (_, i) => ({
      listingId: `NL-${2_000_000 + i * 7}`,
      soldDate: i % 3 === 0 ? null : new Date(Date.UTC(2025, 1, 1) + i * 50_000_000).toISOString().slice(0, 10),
      city: pick(i, 1, [['Amsterdam', 35], ['Rotterdam', 25], ['Utrecht', 20], ['The Hague', 20]]),
      propertyType: pick(i, 2, [['Apartment', 45], ['House', 25], ['Townhouse', 20], ['Studio', 10]]),
      bedrooms: 1 + (i % 5),
      areaSqm: 30 + ((i * 37) % 170),
      listPrice: 200_000 + ((i * 7919) % 900) * 1000,
      listedDate: new Date(Date.UTC(2025, 0, 1) + i * 50_000_000).toISOString().slice(0, 10),
      daysOnMarket: 2 + ((i * 13) % 200),
      status: pick(i, 3, [['Sold', 60], ['Active', 30], ['Withdrawn', 10]]),
      agentName: pick(i, 4, [['Noor Bos', 30], ['Femke Smit', 25], ['Eva de Boer', 25], ['Ruben Meijer', 20]]),
    })),
  }));

  it('reads an area in square metres or feet, in words or as m² ("bigger than 150 m2"), as a bound of the column of square metres', () => {
    // Trial 21: "square" and "m2" had been words no data knows, and refused.
    expect(ask('average size in square metres of townhouses')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_area_sqm' }, slots: { property_type: 'Townhouse' } });
    for (const question of ['properties bigger than 150 m2', 'properties bigger than 150 m²', 'listings over 150 square meters']) {
      const answer = ask(question);
      expect(answer, question).toMatchObject({ kind: 'answer', slots: { min_area_sqm: 151 } });
    }
    // Square feet are converted: 1,600 sq ft is 148.6 m².
    expect(ask('homes over 1600 sq ft')).toMatchObject({ kind: 'answer', slots: { min_area_sqm: 149 } });
  });

  it('reads a flag of a time being there turned by "haven\'t" or "not … yet" ("listings that haven\'t sold")', () => {
    // Trial 21: the range of sold dates (every sold listing) had answered it, or it was refused.
    for (const question of ["listings that haven't sold", 'listings not sold yet']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'list_property_listings' }, slots: { has_sold_date: false } });
    }
  });

  it('reads "how long" as a duration whose column another word names ("how long do houses stay on the market")', () => {
    // Trial 21: refused as about "long" and "stay".
    expect(ask('how long do houses stay on the market on average')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_days_on_market' }, slots: { property_type: 'House' } });
    // Where no duration's column is named, "how long" is still refused ("how long is the river nile").
    expect(ask('how long is the river nile')).toMatchObject({ kind: 'refusal' });
  });
});

describe('QuestionRouter over daily weather and bird strikes (a value said whole points at the data holding it)', () => {
  const ask = askingOver('querylane-routing-rainy-', () => ({
    seattle_weather: Array.from({ length: 1461 }, (_, i) => ({
      date: new Date(Date.UTC(2012, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      precipitation: (i * 37) % 11 === 0 ? 0 : ((i * 7919) % 300) / 10,
      temp_max: 5 + ((i * 13) % 25),
      temp_min: (i * 7) % 12,
      wind: ((i * 31) % 70) / 10,
      weather: pick(i, 1, [['sun', 45], ['rain', 44], ['fog', 7], ['drizzle', 2], ['snow', 2]]),
    })),
    birdstrikes: Array.from({ length: 2000 }, (_, i) => ({
      'Airport Name': pick(i, 2, [['DENVER INTL AIRPORT', 30], ['DALLAS/FORT WORTH INTL ARPT', 25], ['SACRAMENTO INTL', 25], ['MEMPHIS INTL', 20]]),
      'Flight Date': new Date(Date.UTC(1995, 0, 1) + i * 4_000_000_000 / 100).toISOString().slice(0, 10),
      'Time of Day': pick(i, 3, [['Day', 60], ['Night', 25], ['Dusk', 8], ['Dawn', 7]]),
      'Wildlife Species': pick(i, 4, [['Mourning dove', 30], ['Gulls', 30], ['Unknown bird - small', 40]]),
      'Cost Total $': (i * 7919) % 50_000,
      'Speed IAS in knots': 100 + ((i * 17) % 200),
    })),
  }));

  it('counts the rainy days of the weather, not the bird strikes by day ("how many rainy days")', () => {
    // "Day" of bird strikes' time of day had drawn the count of strikes by day; "rain" is a weather
    // the weather data holds and the bird strikes do not.
    expect(ask('how many rainy days')).toMatchObject({ kind: 'answer', candidate: { name: 'count_seattle_weather' }, slots: { weather: 'rain' } });
    expect(ask('how many bird strikes happened during the day')).toMatchObject({ kind: 'answer', candidate: { name: 'count_birdstrikes' }, slots: { time_of_day: 'Day' } });
  });
});

describe('QuestionRouter over employee timesheets (trial 21: a quantity named by its piling up)', () => {
  const ask = askingOver('querylane-routing-timesheets-', () => ({
    employee_timesheets: Array.from({ length: 1500 }, (_, i) => ({
      entry_id: `TS-${100_000 + i}`,
      employee_name: `${['Ana', 'Ben', 'Cara', 'David', 'Eva', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas'][i % 10]} ${['Silva', 'Wright', 'Kowalski', 'Ferreira', 'Novak'][Math.floor(i / 10) % 5]}`,
      department: pick(i, 1, [['Engineering', 30], ['Sales', 25], ['Customer Support', 20], ['Finance', 15], ['Marketing', 10]]),
      location: pick(i, 2, [['Berlin', 40], ['London', 35], ['Lisbon', 25]]),
      remote: i % 3 === 0,
      week_start: new Date(Date.UTC(2025, 0, 6) + Math.floor(i / 15) * 7 * 86_400_000).toISOString().slice(0, 10),
      hours_worked: 30 + ((i * 7) % 21) / 2,
      hourly_rate: 25 + ((i * 13) % 40),
      overtime_pay: (i * 17) % 5 === 0 ? 0 : ((i * 31) % 300) / 2,
      gross_pay: 900 + ((i * 7919) % 1800),
    })),
  }));

  it('totals a quantity its name says piles up when nothing else is asked of it ("hours worked remotely by Berlin staff")', () => {
    // Trial 21: refused (confidence 0.21), then answered with the rows; "remotely" had been no word of the flag's.
    expect(ask('hours worked remotely by Berlin staff')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hours_worked' }, slots: { location: 'Berlin', remote: true }, figure: 'total' });
    // Asked for its average, the average.
    expect(ask('average hours worked in Berlin')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hours_worked' }, slots: { location: 'Berlin' }, figure: 'average' });
  });
});

describe('QuestionRouter over CRM deals (trial 22: the rows named by the data, a flag said as "win")', () => {
  const ask = askingOver('querylane-routing-deals-', () => ({
    crm_deals: Array.from({ length: 1200 }, (_, i) => {
      const stage = pick(i, 1, [['Closed Won', 35], ['Closed Lost', 25], ['Negotiation', 15], ['Proposal', 15], ['Qualification', 10]]);
      return {
        deal_id: `D-${50_000 + i}`,
        deal_name: `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark'][i % 6]} ${['renewal', 'expansion', 'pilot', 'upgrade'][Math.floor(i / 6) % 4]}`,
        stage,
        owner: pick(i, 2, [['Maya Chen', 30], ['Tom Berg', 25], ['Ravi Patel', 25], ['Lena Vogt', 20]]),
        region: pick(i, 3, [['EMEA', 40], ['NA', 35], ['APAC', 25]]),
        amount: 5_000 + ((i * 7919) % 95_000),
        won: stage === 'Closed Won',
        created_date: new Date(Date.UTC(2025, 0, 1) + i * 50_000_000).toISOString().slice(0, 10),
      };
    }),
  }));

  it('counts the deals, not their different names, and reads "win" as the flag `won`', () => {
    // Trial 22: "how many deals did we win" had counted the different deal names, the flag dropped.
    expect(ask('how many deals did we win')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals' }, slots: { won: true } });
    expect(ask('how many deals')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals' } });
    // Asked as different ones, the different names.
    expect(ask('how many different deals are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_crm_deals' }, slots: { column: 'deal_name' } });
  });
});

/** Trial 22's food orders: an order's own worth (`order_total`) beside its tip's (`tip_amount`). */
function foodOrders(): Record<string, unknown>[] {
  return Array.from({ length: 1500 }, (_, i) => ({
    order_id: `ORD-${80_000 + i}`,
    cuisine: pick(i, 1, [['thai', 20], ['italian', 30], ['indian', 25], ['mexican', 25]]),
    city: pick(i, 2, [['Austin', 30], ['Denver', 30], ['Seattle', 40]]),
    payment_method: pick(i, 3, [['card', 50], ['apple_pay', 30], ['cash', 20]]),
    restaurant_name: ['Spice Route', 'Lotus Dim Sum', 'Burger Barn', 'Casa Verde', 'Thai Garden', 'Roma'][(i * 7) % 6],
    courier_name: ['Felix Moreno', 'Ana Li', 'Sam Ortiz', 'Jo Park', 'Kai Berg', 'Mia Roth', 'Lee Chan'][(i * 3) % 7],
    order_total: Math.round((12 + ((i * 7919) % 9000) / 100) * 100) / 100,
    tip_amount: Math.round((((i * 104_729) % 1200) / 100) * 100) / 100,
    items_count: 1 + (i % 6),
    placed_at: new Date(Date.UTC(2025, 0, 1) + i * 40_000_000).toISOString(),
  }));
}

describe('QuestionRouter over food orders (trial 22: what an order is worth is its own total, not its tip)', () => {
  // (As in trial 22, no program sums the tips per courier or per a column chosen.)
  const ask = askingOver('querylane-routing-orders-', () => ({ food_orders: foodOrders() }), (candidate) => !/^sum_tip_amount_by_(?:courier_name|column)$/.test(candidate.name));

  it('answers "order value" and "revenue" with the order total, and "tips" with the tip', () => {
    // Trial 22: "value" and "revenue" imply an amount or a total, and `tip_amount`'s "amount" had answered them.
    expect(ask('total order value in march 2026')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total' }, slots: { from_placed_at: '2026-03-01' } });
    expect(ask('avg order value paid with apple pay')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total' }, slots: { payment_method: 'apple_pay' } });
    expect(ask('total revenue by city')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total_by_column' }, slots: { column: 'city' } });
    expect(ask('how much did customers spend in Austin')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total' }, slots: { city: 'Austin' } });
    // The tip, said, is still the tip's.
    expect(ask('total tip amount in Denver')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_tip_amount' }, slots: { city: 'Denver' } });
    expect(ask('total tips by restaurant')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_tip_amount_by_restaurant_name' } });
  });

  it('counts "total orders": the total of the rows the data is named by, not the sum of `order_total`', () => {
    // Trial 22 (noticed): "total orders by courier" had summed the order totals per courier.
    const byCourier = ask('total orders by courier');
    expect(byCourier).toMatchObject({ kind: 'answer', candidate: { family: 'count' } });
    // (A count per courier, whether its program groups by the courier or chooses the column.)
    expect(byCourier.kind === 'answer' && (byCourier.candidate.name === 'count_food_orders_by_courier_name' || byCourier.slots.column === 'courier_name')).toBe(true);
    expect(ask('total orders in Austin')).toMatchObject({ kind: 'answer', candidate: { name: 'count_food_orders' }, slots: { city: 'Austin' } });
    // What the orders are worth is still their total.
    expect(ask('total order value by city')).toMatchObject({ kind: 'answer', candidate: { name: expect.stringMatching(/^sum_order_total_by_(?:city|column)$/) } });
  });

  it('refuses a measure named by its own word that the closest program does not compute, its measure named only by "total"', () => {
    // Trial 22: "total tips by courier" had answered the orders' totals per courier (no program sums the tips per courier).
    // Nor, ranked first, the tips over all orders or per cuisine: the grouping by a column the data has is asked.
    for (const question of ['total tips by courier', 'total tips by city']) {
      const refused = ask(question);
      expect(refused, question).toMatchObject({ kind: 'refusal' });
      expect(refused.kind === 'refusal' && refused.reason, question).toContain('"tips"');
    }
    // The totals per courier, asked, are answered.
    expect(ask('total order total by courier')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total_by_courier_name' } });
  });

  it('ranks groups "by" the data\'s own rows by how many there are ("top 3 restaurants by orders")', () => {
    // ("Orders" is no word of the order total's here: the orders per restaurant are counted.)
    expect(ask('top 3 restaurants by orders')).toMatchObject({ kind: 'answer', candidate: { name: 'count_food_orders_by_restaurant_name' }, slots: { n: 3, order: 'desc' } });
    expect(ask('top 3 restaurants by order total')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total_by_restaurant_name' }, slots: { n: 3, order: 'desc' } });
  });
});

describe('QuestionRouter over stock movements (trial 22: "units" are a quantity, not a price per unit)', () => {
  const ask = askingOver('querylane-routing-stock-', () => ({
    stock_movements: Array.from({ length: 1400 }, (_, i) => {
      const movementType = pick(i, 1, [['in', 40], ['out', 45], ['transfer', 15]]);
      return {
        movement_id: `mv_${(0x5000_0000 + i * 7919).toString(16)}`,
        sku: `SKU-${11_000 + (i % 120)}`,
        category: pick(i, 2, [['Office Supplies', 30], ['Electronics', 40], ['Furniture', 30]]),
        warehouse: pick(i, 3, [['Atlanta DC', 35], ['Dallas DC', 35], ['Reno DC', 30]]),
        movement_type: movementType,
        quantity: 10 + ((i * 104_729) % 990),
        unit_cost: Math.round((2 + ((i * 7919) % 23_000) / 100) * 100) / 100,
        moved_at: new Date(Date.UTC(2025, 0, 1) + i * 30_000_000).toISOString(),
        supplier: movementType === 'in' ? pick(i, 4, [['Pacific Wholesale', 40], ['Acme Supply', 35], ['Northwind', 25]]) : null,
        to_warehouse: movementType === 'transfer' ? pick(i, 5, [['Atlanta DC', 50], ['Reno DC', 50]]) : null,
      };
    }),
  }));

  it('reads "units" as the quantity, bounded or summed, "inbound" as the direction `in`, and "unit cost" as the cost', () => {
    // Trial 22: "units" had named `unit_cost` (its sum per supplier; a bound outside its range was refused).
    expect(ask('movements with more than 500 units')).toMatchObject({ kind: 'answer', candidate: { name: 'stock_movements_by_quantity_range' }, slots: { min_quantity: 501 } });
    expect(ask('how many units were shipped out')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity' }, slots: { movement_type: 'out' } });
    expect(ask('total units received from Pacific Wholesale')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_column' }, slots: { column: 'supplier', value: 'Pacific Wholesale' } });
    // ("Which supplier sent us": a grouping chosen, `supplier`, is no place things end at, as `to_warehouse` is.)
    expect(ask('which supplier sent us the most units')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_column' }, slots: { column: 'supplier', n: 1, order: 'desc' } });
    // "Inbound" and "outbound" are the directions `in` and `out`; "in" said as a preposition is none.
    expect(ask('how many inbound movements')).toMatchObject({ kind: 'answer', candidate: { name: 'count_stock_movements' }, slots: { movement_type: 'in' } });
    expect(ask('total outbound quantity')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity' }, slots: { movement_type: 'out' } });
    const located = ask('how many movements in Atlanta DC');
    expect(located.kind === 'answer' && located.slots.movement_type).toBeFalsy();
    // The unit cost, said, is still the cost.
    expect(ask('movements with a unit cost over 100')).toMatchObject({ kind: 'answer', candidate: { name: 'stock_movements_by_unit_cost_range' } });
    // (A cost per unit is averaged, never summed, since stop 59: its program is an average.)
    expect(ask('average unit cost by category')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_unit_cost_by_category' } });
  });
});

describe('QuestionRouter over food orders beside deals (trial 22: a plain `amount` of other data is no order\'s worth)', () => {
  const ask = askingOver(
    'querylane-routing-orders-deals-',
    () => ({
      food_orders: foodOrders(),
      deals: Array.from({ length: 600 }, (_, i) => ({
        deal_id: `D-${70_000 + i}`,
        region: pick(i, 1, [['EMEA', 40], ['NA', 35], ['APAC', 25]]),
        stage: pick(i, 2, [['Won', 40], ['Lost', 30], ['Open', 30]]),
        amount: 5_000 + ((i * 7919) % 95_000),
        created_date: new Date(Date.UTC(2025, 0, 1) + i * 90_000_000).toISOString().slice(0, 10),
      })),
    }),
    (candidate) => !/^sum_tip_amount_by_(?:courier_name|column)$/.test(candidate.name),
  );

  it('answers what was spent with the orders\' totals, not with the tips that the deals\' "amount" named', () => {
    // Trial 22: "total spent on thai food in 2025" had answered the tips: "spent" implies an amount, which the deals have.
    expect(ask('total spent on thai food in 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_order_total' }, slots: { cuisine: 'thai', from_placed_at: '2025-01-01' } });
    // Never the tips, whatever else the question says.
    const spent = ask('how much did customers spend in Austin');
    expect(spent.kind === 'answer' && spent.candidate.name).not.toBe('sum_tip_amount');
    // The deals' own amount, and the tips said, are answered as before.
    expect(ask('average deal amount in EMEA')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount' }, slots: { region: 'EMEA' } });
    expect(ask('total tip amount in Denver')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_tip_amount' }, slots: { city: 'Denver' } });
  });
});

function courseEnrollments(): Record<string, unknown>[] {
  return Array.from({ length: 1200 }, (_, i) => ({
    enrollment_id: `enr_${String(10_000 + i).padStart(7, '0')}`,
    student_name: ['Grace Müller', 'Omar Haddad', 'Lena Park', 'Tom Silva', 'Ivy Chen', 'Raj Patel', 'Eva Novak', 'Ben Okafor'][(i * 5) % 8],
    // (22 titles, as in trial 22: too many for a program grouping by the title alone.)
    course_title: `${['Intro to', 'Mastering'][i % 2]} ${['SQL', 'Python', 'Negotiation', 'Deep Learning', 'Watercolor', 'Photography', 'Excel', 'Marketing', 'UX Design', 'Statistics', 'Public Speaking'][(i * 3) % 11]}`,
    category: pick(i, 1, [['Design', 30], ['Data', 40], ['Business', 30]]),
    level: pick(i, 2, [['Beginner', 40], ['Intermediate', 35], ['Advanced', 25]]),
    price_paid: i % 7 === 0 ? 0 : Math.round((19 + ((i * 7919) % 18_000) / 100) * 100) / 100,
    progress_percent: (i * 37) % 101,
    rating: 1 + (i % 5),
    certificate_issued: (i * 37) % 101 === 100 || i % 3 === 0,
    enrolled_at: new Date(Date.UTC(2025, 0, 1) + i * 30_000_000).toISOString(),
    completed_at: i % 9 < 4 ? new Date(Date.UTC(2025, 3, 1) + i * 30_000_000).toISOString() : null,
  }));
}

function subscriptions(): Record<string, unknown>[] {
  return Array.from({ length: 900 }, (_, i) => ({
    subscription_id: `sub_${4000 + i}`,
    plan: pick(i, 1, [['Free', 50], ['Pro', 35], ['Team', 15]]),
    country: pick(i, 2, [['Canada', 30], ['Germany', 30], ['Brazil', 40]]),
    monthly_price: [0, 12, 49][i % 3],
    started_at: new Date(Date.UTC(2024, 0, 1) + i * 60_000_000).toISOString(),
  }));
}

describe('QuestionRouter over course enrollments (trial 22: what was paid, progress, a certificate, completion, courses)', () => {
  const ask = askingOver('querylane-routing-enrollments-', () => ({ course_enrollments: courseEnrollments() }));

  it('reads rows said to be free as costing nothing, where no data holds "free" and a program bounds a price', () => {
    // Trial 22: "how many enrollments were free" had counted every enrollment (2,400), confident at 0.94.
    expect(ask('how many enrollments were free')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { max_price_paid: 0 } });
    expect(ask('how many free enrollments are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { max_price_paid: 0 } });
    expect(ask('how many students enrolled for free in the Design category')).toMatchObject({ kind: 'answer', slots: { max_price_paid: 0, category: 'Design' } });
    // A price said is read as before.
    expect(ask('how many enrollments cost more than $100')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { min_price_paid: expect.any(Number) } });
  });

  it('bounds the column named right after a percentage, not the id the data is named by before it', () => {
    // Trial 22: "students under 20% progress" was refused; the "%" put `progress_percent` a letter
    // farther from the bound than the data's own name ("enrollments", of `enrollment_id`).
    for (const question of ['enrollments under 20% progress', 'students below 20% progress']) {
      expect(ask(question)).toMatchObject({ kind: 'answer', candidate: { name: 'course_enrollments_by_progress_percent_range' }, slots: { max_progress_percent: 19 } });
    }
  });
  it('reads a flag of a thing and what was done with it (`certificate_issued`) from the thing had', () => {
    // Trial 22: "…enrollments that got a certificate" had listed every advanced enrollment.
    expect(ask('advanced level enrollments that got a certificate')).toMatchObject({ kind: 'answer', slots: { level: 'Advanced', certificate_issued: true } });
    expect(ask('how many enrollments got a certificate')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { certificate_issued: true } });
    expect(ask('how many enrollments have no certificate')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { certificate_issued: false } });
    expect(ask('enrollments without a certificate')).toMatchObject({ kind: 'answer', slots: { certificate_issued: false } });
    // The flag's whole name is read as before.
    expect(ask('how many enrollments have a certificate issued')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { certificate_issued: true } });
  });
  it('holds a flag of a thing done, said by its verb, against a program without it', () => {
    // Trial 22: "how many students completed their course" had counted distinct student names,
    // every student's, whether or not they completed; the distinct count has no `has_completed_at`.
    expect(ask('how many students completed their course')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { has_completed_at: true } });
    expect(ask('how many enrollments were completed')).toMatchObject({ kind: 'answer', candidate: { name: 'count_course_enrollments' }, slots: { has_completed_at: true } });
    // Nothing done said: the students are counted as before.
    expect(ask('how many different students are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_course_enrollments' }, slots: { column: 'student_name' } });
  });
  it('reads "courses" as the column a title names, where "course" is also the data\'s first word', () => {
    // Trial 22: "top 3 courses by enrollments" had ranked single enrollments by their rating; a
    // title identifies a thing as a name does (`course_title` names courses).
    for (const question of ['top 3 courses by enrollments', 'which 3 courses have the most enrollments']) {
      const routed = ask(question);
      expect(routed).toMatchObject({ kind: 'answer', candidate: { family: 'count' }, slots: { n: 3, order: 'desc' } });
      // (Per course, whether its program groups by the title or chooses the column.)
      expect(routed.kind === 'answer' && (routed.candidate.name === 'count_course_enrollments_by_course_title' || routed.slots.column === 'course_title')).toBe(true);
    }
  });

  it('groups by what follows "by" after a measure named by its participle, and totals a price paid', () => {
    // "average price paid by category" had read the category as who paid, and averaged every row.
    expect(ask('average price paid by category')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_paid_by_category' } });
    expect(ask('total price paid by level')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_paid_by_level' }, slots: { rank_by: 'total' } });
    // People after "by" are still who paid.
    expect(ask('total paid by students in the Design category')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_paid' }, slots: { category: 'Design' } });
    // Trial 22: the revenue a category brings in had been ranked by its average price paid.
    expect(ask('which category brings in the most revenue')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_paid_by_category' }, slots: { rank_by: 'total', n: 1 } });
    expect(ask('which category brings in the most money')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price_paid_by_category' }, slots: { rank_by: 'total', n: 1 } });
  });
});

describe('QuestionRouter over subscriptions (a value "Free" is the value, no price)', () => {
  const ask = askingOver('querylane-routing-subscriptions-', () => ({ subscriptions: subscriptions() }));

  it('keeps "free" a value where the data holds it', () => {
    const routed = ask('how many subscriptions are on the free plan');
    expect(routed).toMatchObject({ kind: 'answer', slots: { plan: 'Free' } });
    expect(routed.kind === 'answer' ? routed.slots : {}).not.toHaveProperty('max_monthly_price');
  });
});

function crmDeals(): Record<string, unknown>[] {
  return Array.from({ length: 900 }, (_, i) => {
    const created = Date.UTC(2025, 0, 1) + i * 70_000_000;
    const open = i % 4 === 0;
    return {
      deal_id: String(5_100_000 + i * 7),
      deal_name: `${['Acme Corp', 'Globex', 'Initech', 'Umbrella Labs', 'Hooli', 'Vandelay', 'Stark Freight'][i % 7]} - ${['Renewal', 'Expansion', 'Pilot', 'Upsell', 'New Logo'][i % 5]}`,
      owner: ['Ana Ruiz', 'Ben Cole', 'Chen Wu', 'Dara Singh'][i % 4],
      region: pick(i, 1, [['EMEA', 35], ['North America', 35], ['APAC', 20], ['LATAM', 10]]),
      account: { id: `acc_${String(i % 60).padStart(4, '0')}`, name: `${['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Vandelay'][i % 6]} ${['Systems', 'Logistics', 'Foods', 'Labs', 'Media'][i % 5]}`, industry: ['Retail', 'Healthcare', 'Manufacturing', 'Finance'][(i * 3) % 4], size: ['smb', 'mid_market', 'enterprise'][i % 3] },
      lead_source: ['referral', 'outbound', 'inbound', 'partner', 'event'][(i * 7) % 5],
      product: ['Platform', 'Analytics Add-on', 'Premium Support', 'Data Connectors'][(i * 5) % 4],
      stage: open ? ['Prospecting', 'Proposal', 'Negotiation'][i % 3] : i % 3 !== 0 ? 'Closed Won' : 'Closed Lost',
      amount: 1000 + ((i * 7919) % 50_000),
      won: open ? null : i % 3 !== 0,
      created_date: new Date(created).toISOString().slice(0, 10),
      closed_date: open ? null : new Date(created + (20 + (i % 60)) * 86_400_000).toISOString().slice(0, 10),
    };
  });
}

describe('QuestionRouter over deals created and closed (trial 22: a deal is lost when it closes)', () => {
  const ask = askingOver('querylane-routing-crm-', () => ({ crm_deals: crmDeals() }));

  it('bounds a count by the closing date where a verb of an ending says the time, and keeps the verb a value', () => {
    // "did we win in 2026" had bounded the count's main time, the creation.
    expect(ask('how many deals did we win in 2026')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals' }, slots: { won: true, from_closed_date: '2026-01-01', to_closed_date: '2026-12-31' } });
    const created = ask('how many deals were created in 2026');
    expect(created).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals' }, slots: { from_created_date: '2026-01-01', to_created_date: '2026-12-31' } });
    expect(created.kind === 'answer' && created.slots.from_closed_date).toBeFalsy();
  });

  it('ranks the people who won or closed the most deals, not the deals per deal name', () => {
    // Trial 22: "top 5 reps by deals won" had counted the deals per deal name, the word "deals"
    // taken for `deal_name` (and "won" for a choice of `won`, which it filters).
    expect(ask('top 5 reps by deals won')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals_by_owner' }, slots: { won: true, n: 5, order: 'desc' } });
    expect(ask('which rep won the most deals')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals_by_owner' }, slots: { won: true, n: 1 } });
    expect(ask('who closed the most deals')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals_by_owner' }, slots: { n: 1, order: 'desc' } });
  });

  it('bounds the time an ending verb names ("lost", "won") by the closing date', () => {
    // Trial 22: "deals lost in 2026" had listed the deals created in 2026 that were lost.
    expect(ask('deals lost in 2026')).toMatchObject({ kind: 'answer', slots: { from_closed_date: '2026-01-01', to_closed_date: '2026-12-31', won: false } });
    expect(ask('deals won in march 2026')).toMatchObject({ kind: 'answer', slots: { from_closed_date: '2026-03-01', to_closed_date: '2026-03-31', won: true } });
    // The creating verb still names the creation.
    expect(ask('deals created in 2026')).toMatchObject({ kind: 'answer', slots: { from_created_date: '2026-01-01', to_created_date: '2026-12-31' } });
  });

  it('reads a value of a chosen column where the rows word alone would name `deal_name`', () => {
    // Trial 22: "average deal amount in EMEA" was refused: "deal" chose `deal_name`, of which EMEA is no value.
    expect(ask('average deal amount in EMEA')).toMatchObject({ kind: 'answer', slots: { column: 'region', value: 'EMEA', rank_by: 'average' } });
    expect(ask('total deal amount in LATAM')).toMatchObject({ kind: 'answer', slots: { column: 'region', value: 'LATAM' } });
    // A deal's name said whole still chooses it.
    expect(ask('average amount by deal name')).toMatchObject({ kind: 'answer', slots: { column: 'deal_name' } });
  });

  it('ranks the rows the data is of by their word alone, and people at work ranked as a person column', () => {
    // "top 3 deals by amount" had summed the amount per deal name: the deals are the rows.
    expect(ask('top 3 deals by amount')).toMatchObject({ kind: 'answer', candidate: { name: 'top_crm_deals_by_amount' }, slots: { n: 3 } });
    // Trial 22: "top 3 sales reps by total deal amount" was refused (confidence 0.04), the ranking of
    // deals beside the totals per owner, per industry and per lead source.
    expect(ask('top 3 sales reps by total deal amount')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_owner' }, slots: { n: 3 } });
    // (Without "total" it had ranked single deals.)
    expect(ask('top 3 sales reps by deal amount')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_owner' }, slots: { n: 3 } });
    expect(ask('top 5 reps by amount')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_owner' }, slots: { n: 5 } });
  });

  it('lists the rows of a value the count filters by, named beside things that identify nothing asked', () => {
    // Trial 22: "deals with enterprise accounts" had counted the enterprise deals per industry: no
    // list took `account.size`, and "accounts" and "deals" named `account.name`, `account.id` and `deal_name`.
    expect(ask('deals with enterprise accounts')).toMatchObject({ kind: 'answer', candidate: { name: 'list_crm_deals_where' }, slots: { column: 'account.size', value: 'enterprise' } });
    expect(ask('how many deals with enterprise accounts')).toMatchObject({ kind: 'answer', candidate: { name: 'count_crm_deals' }, slots: { account_size: 'enterprise' } });
  });
});

function namedDeals(): Record<string, unknown>[] {
  const accounts = ['Atlas', 'Borealis', 'Cobalt', 'Delta', 'Ember', 'Fjord'].flatMap((first) => ['Logistics', 'Foods', 'Labs', 'Media', 'Systems'].map((second) => `${first} ${second}`));
  const products = ['Platform', 'Analytics Add-on', 'Premium Support', 'Data Connectors'];
  const kinds = ['Renewal', 'Expansion', 'Pilot', 'Upsell', 'New Logo'];
  return Array.from({ length: 600 }, (_, i) => {
    const account = accounts[i % 30]!;
    const product = products[Math.floor(i / 30) % 4]!;
    return {
      deal_id: `D-${10_000 + i}`,
      deal_name: `${account} - ${product} ${kinds[Math.floor(i / 120) % 5]}`,
      account_name: account,
      product,
      stage: ['Prospecting', 'Proposal', 'Negotiation', 'Closed Won', 'Closed Lost'][(i * 7) % 5],
      owner: ['Ana Ruiz', 'Ben Cole', 'Chen Wu', 'Dara Singh'][i % 4],
      amount: 1000 + ((i * 7919) % 50_000),
      created_date: new Date(Date.UTC(2025, 0, 1) + i * 40_000_000).toISOString().slice(0, 10),
    };
  });
}

describe('QuestionRouter over deals named for their account and product (trial 22)', () => {
  const ask = askingOver('querylane-routing-named-deals-', () => ({ crm_deals: namedDeals() }));

  it('reads a name of capitalized words joined by a dash as one value, not as the values it holds', () => {
    // Trial 22: "Atlas Logistics" (an account) and "Premium Support" (a product) had each filtered a
    // list of five deals, and "Renewal" was dropped without a word.
    for (const [question, name] of [
      ['what stage is Atlas Logistics - Premium Support Renewal in', 'Atlas Logistics - Premium Support Renewal'],
      ['show the deal Delta Media - Data Connectors Upsell', 'Delta Media - Data Connectors Upsell'],
      ['Cobalt Labs - Platform Pilot', 'Cobalt Labs - Platform Pilot'],
      // Quoted, the same.
      ['what stage is "Fjord Foods - Analytics Add-on New Logo" in', 'Fjord Foods - Analytics Add-on New Logo'],
    ]) {
      expect(ask(question!)).toMatchObject({ kind: 'answer', candidate: { name: 'search_crm_deals_by_deal_name' }, slots: { term: name } });
    }
    // Known values joined by a dash are those values.
    expect(ask('list the deals of Atlas Logistics - Premium Support')).toMatchObject({ kind: 'answer', candidate: { name: 'list_crm_deals_where' }, slots: { value: 'Atlas Logistics', product: 'Premium Support' } });
  });
});

function expenseReports(): Record<string, unknown>[] {
  const people = ['Maria Lopez', 'James Carter', 'Aiko Tanaka', 'Samuel Osei', 'Priya Nair', 'Lukas Weber', 'Chloe Martin', 'Diego Alvarez', 'Fatima Khan', 'Noah Kim'];
  return Array.from({ length: 1500 }, (_, i) => {
    const submitted = Date.UTC(2025, 0, 3) + i * 20_000_000;
    const status = pick(i, 3, [['Submitted', 15], ['Approved', 35], ['Rejected', 10], ['Reimbursed', 40]]);
    return {
      report_id: `EXP-${20_000 + i}`,
      employee: { name: people[i % 10], department: ['Sales', 'Engineering', 'Marketing', 'Finance', 'Operations'][i % 5] },
      category: pick(i, 1, [['Travel', 30], ['Meals', 25], ['Lodging', 20], ['Software', 10], ['Office Supplies', 15]]),
      merchant: ['Delta Air Lines', 'Marriott', 'Uber', 'Starbucks', 'Amazon', 'Hilton', 'Staples', 'Adobe', 'Lufthansa', 'Chipotle'][(i * 7) % 10],
      city: pick(i, 2, [['New York', 30], ['London', 20], ['Berlin', 15], ['Tokyo', 10], ['Chicago', 25]]),
      amount_usd: Math.round((12 + ((i * 7919) % 240_000) / 100) * 100) / 100,
      status,
      receipt_attached: i % 6 !== 0,
      policy_violation: i % 17 === 0,
      submitted_at: new Date(submitted).toISOString(),
      approved_at: status === 'Approved' || status === 'Reimbursed' ? new Date(submitted + (1 + (i % 9)) * 86_400_000).toISOString() : null,
    };
  });
}

describe('QuestionRouter over expense reports (a state to come, a verb said with do, a yes-or-no column beside a grouping)', () => {
  const ask = askingOver('querylane-routing-expenses-', () => ({ expense_reports: expenseReports() }));

  it('ranks the groups a verb said with do ranks ("which merchant do we spend the most at")', () => {
    // It had ranked single reports by amount, then refused: "merchant" unused.
    expect(ask('which merchant do we spend the most at')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_usd_by_merchant' }, slots: { n: 1, order: 'desc' } });
    const several = ask('which merchants do our employees use the most');
    expect(several).toMatchObject({ kind: 'answer', candidate: { name: 'count_expense_reports_by_merchant' }, slots: { order: 'desc' } });
    expect(several.kind === 'answer' && several.slots.n).toBeFalsy();
  });

  it('groups by the column named as the groups and filters by the yes-or-no one named beside it', () => {
    // "Policy violations" had been the grouping: the count per true and false.
    expect(ask('which category has the most policy violations')).toMatchObject({ kind: 'answer', candidate: { name: 'count_expense_reports_by_column' }, slots: { column: 'category', policy_violation: true, n: 1 } });
    expect(ask('which category has the most reports without a receipt')).toMatchObject({ kind: 'answer', slots: { column: 'category', receipt_attached: false } });
  });

  it('reads a state still to come as not that state, never as its value', () => {
    // "Waiting for approval" had counted the reports whose status is Approved.
    for (const question of ['how many reports are still waiting for approval', 'how many reports are awaiting approval', 'how many reports are pending approval', 'how many reports are yet to be approved']) {
      expect(ask(question)).toMatchObject({ kind: 'answer', candidate: { name: 'count_expense_reports' }, slots: { has_approved_at: false } });
    }
    // A state no program can negate is refused, not answered with its value.
    expect(ask('reports waiting to be reimbursed')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many reports are approved')).toMatchObject({ kind: 'answer', slots: { status: 'Approved' } });
  });

  it('refuses rows said to be in a state no data knows, rather than counting them all', () => {
    // "How many reports are pending" had counted every report.
    expect(ask('how many reports are pending')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"pending"') });
    expect(ask('how many pending reports')).toMatchObject({ kind: 'refusal' });
    // What was done to them, and there, are no state.
    expect(ask('how many reports were submitted')).toMatchObject({ kind: 'answer', candidate: { name: 'count_expense_reports' } });
    expect(ask('how many reports are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_expense_reports' }, slots: {} });
  });
});

function homeListings(): Record<string, unknown>[] {
  return Array.from({ length: 1200 }, (_, i) => {
    const listed = Date.UTC(2024, 0, 2) + i * 45_000_000;
    const status = pick(i, 4, [['Active', 30], ['Pending', 10], ['Sold', 50], ['Withdrawn', 10]]);
    const price = 350_000 + ((i * 7919) % 1_200_000);
    return {
      listing_id: `L${100_000 + i * 3}`,
      city: pick(i, 1, [['Seattle', 60], ['Bellevue', 25], ['Redmond', 15]]),
      neighborhood: ['Capitol Hill', 'Ballard', 'Fremont', 'Queen Anne', 'Beacon Hill', 'Green Lake'][(i * 5) % 6],
      property_type: pick(i, 2, [['House', 55], ['Condo', 30], ['Townhouse', 15]]),
      bedrooms: 1 + (i % 5),
      sqft: 600 + ((i * 131) % 3400),
      list_price: price,
      sold_price: status === 'Sold' ? Math.round(price * (0.95 + (i % 10) / 100)) : null,
      status,
      listed_date: new Date(listed).toISOString().slice(0, 10),
      sold_date: status === 'Sold' ? new Date(listed + (5 + (i % 60)) * 86_400_000).toISOString().slice(0, 10) : null,
      agent: { name: ['Ava Brooks', 'Liam Chen', 'Sofia Rossi', 'Ethan Park', 'Mia Johnson', 'Omar Said'][i % 6], agency: ['Windermere', 'Redfin', 'Compass'][i % 3] },
    };
  });
}

describe('QuestionRouter over home listings (a verb of the rows beside a measure named alike, a state named by a value)', () => {
  const ask = askingOver('querylane-routing-homes-', () => ({ home_listings: homeListings() }));

  it('counts the rows a verb in the past says were done per person, not a measure named by the verb', () => {
    // "Sold" had named `sold_price`, and the agents were ranked by their average sold price.
    // (Of the homes sold: "sold" before the noun ranked is the status Sold.)
    expect(ask('which agent sold the most homes')).toMatchObject({ kind: 'answer', candidate: { name: 'count_home_listings_by_agent_name' }, slots: { n: 1, order: 'desc', status: 'Sold' } });
    expect(ask('which agent has the highest sold price')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_sold_price_by_agent_name' }, slots: { n: 1 } });
  });

  it('keeps "pending" a value before the rows\' noun', () => {
    // The state-to-come rewrite had read "pending listings" as "not listingsed" and dropped the status.
    expect(ask('which city has the most pending listings')).toMatchObject({ kind: 'answer', slots: { column: 'city', status: 'Pending', n: 1 } });
    expect(ask('how many pending listings')).toMatchObject({ kind: 'answer', candidate: { name: 'count_home_listings' }, slots: { status: 'Pending' } });
  });
});

function adCampaigns(): Record<string, unknown>[] {
  return Array.from({ length: 800 }, (_, i) => {
    const impressions = 5_000 + ((i * 7919) % 500_000);
    const clicks = Math.round(impressions * (0.005 + (i % 20) / 1000));
    const conversions = Math.round(clicks * (0.01 + (i % 7) / 100));
    const spend = Math.round((200 + ((i * 104_729) % 20_000)) * 100) / 100;
    return {
      campaign_id: `CMP-${5000 + i}`,
      channel: pick(i, 1, [['Google Ads', 35], ['Facebook', 25], ['LinkedIn', 15], ['Email', 15], ['TikTok', 10]]),
      region: pick(i, 2, [['North America', 40], ['Europe', 35], ['APAC', 25]]),
      status: pick(i, 3, [['Active', 30], ['Paused', 20], ['Completed', 50]]),
      owner: ['Nina Patel', 'Carlos Mendes', 'Yuki Sato', 'Ahmed Ali'][i % 4],
      start_date: new Date(Date.UTC(2025, 0, 1) + i * 35_000_000).toISOString().slice(0, 10),
      budget_usd: Math.round(spend * 1.2),
      spend_usd: spend,
      impressions,
      clicks,
      conversions,
      revenue_usd: Math.round(conversions * (20 + (i % 80)) * 100) / 100,
    };
  });
}

describe('QuestionRouter over ad campaigns (a rate, a column compared with another, a total no program computes, what a thing cost)', () => {
  const ask = askingOver('querylane-routing-campaigns-', () => ({ ad_campaigns: adCampaigns() }));
  const withoutOtherMeasures = askingOver('querylane-routing-campaigns-some-', () => ({ ad_campaigns: adCampaigns() }), (candidate) => candidate.name !== 'avg_ad_campaigns_column');

  it('refuses a ranking by a rate the data does not hold', () => {
    // "The highest conversion rate" had ranked single campaigns by their conversions.
    expect(ask('which channel has the highest conversion rate')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"conversion" rate') });
    expect(ask('which region has the highest spend')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_spend_usd_by_region' }, slots: { n: 1 } });
  });

  it('refuses rows compared with a column of their own, said with "over" too', () => {
    // "Over budget" had listed every campaign of a budget range with no bound.
    expect(ask('campaigns that went over budget')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('budget') });
    expect(ask('campaigns over 5000 in spend')).toMatchObject({ kind: 'answer', candidate: { name: 'ad_campaigns_by_spend_usd_range' } });
  });

  it('totals a measure of money a program chooses, and refuses a total no deployed program computes', () => {
    // The revenue, past the four measures with totals of their own, is one of the choices of the
    // aggregate of any other measure: "money" (revenue) had been taken for another measure than it.
    expect(ask('what is our total revenue in Europe')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ad_campaigns_column' }, slots: { column: 'revenue_usd', region: 'Europe' }, figure: 'total' });
    // Without that program deployed, the range of the revenue had listed the campaigns.
    expect(withoutOtherMeasures('what is our total revenue in Europe')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('total') });
    expect(ask('total spend in Europe')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_spend_usd' }, slots: { region: 'Europe' } });
    expect(ask('campaigns with total spend over 5000')).toMatchObject({ kind: 'answer', candidate: { name: 'ad_campaigns_by_spend_usd_range' } });
  });

  it('reads "expensive" of what was spent', () => {
    // "The most expensive campaign" had ranked the campaigns by impressions.
    expect(ask('most expensive campaign')).toMatchObject({ kind: 'answer', candidate: { name: 'top_ad_campaigns_by_spend_usd' }, slots: { n: 1, order: 'desc' } });
  });
});

function clinicAppointments(): Record<string, unknown>[] {
  const doctors = [['Dr. Elena Ruiz', 'Cardiology'], ['Dr. Marcus Lee', 'Dermatology'], ['Dr. Hannah Stone', 'Pediatrics'], ['Dr. Raj Mehta', 'Orthopedics'], ['Dr. Olivia Grant', 'Cardiology'], ['Dr. Tom Becker', 'General Practice']];
  return Array.from({ length: 2000 }, (_, i) => {
    const [doctor, specialty] = doctors[(i * 7) % 6]!;
    const status = pick(i, 1, [['Completed', 70], ['Cancelled', 12], ['No-show', 8], ['Scheduled', 10]]);
    return {
      appointment_id: `APT-${300_000 + i}`,
      patient_id: `P${10_000 + ((i * 13) % 700)}`,
      doctor,
      specialty,
      clinic: pick(i, 2, [['Downtown', 45], ['Northside', 35], ['Lakeview', 20]]),
      scheduled_at: new Date(Date.UTC(2025, 0, 2, 8) + i * 15_000_000).toISOString(),
      status,
      wait_minutes: status === 'Completed' ? (i * 11) % 75 : null,
      duration_minutes: status === 'Completed' ? 10 + ((i * 7) % 50) : null,
      fee_usd: [80, 120, 150, 200, 250][(i * 3) % 5],
      insurance_provider: pick(i, 3, [['Aetna', 30], ['Blue Cross', 30], ['Cigna', 20], ['Self-pay', 20]]),
      new_patient: i % 5 === 0,
      telehealth: i % 4 === 0,
      rating: status === 'Completed' && i % 3 !== 0 ? 1 + ((i * 7) % 5) : null,
    };
  });
}

describe('QuestionRouter over clinic appointments (how long, a share of the rows, what is used most)', () => {
  const ask = askingOver('querylane-routing-appointments-', () => ({ appointments: clinicAppointments() }));

  it('reads "how long" of the time the question says, or of the duration when it says none', () => {
    // "How long do patients wait" had averaged the ratings ("wait" dropped as a verb of time spent,
    // though it names `wait_minutes`); "how long is the average appointment" too ("long" read as a longitude).
    expect(ask('how long do patients wait on average')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wait_minutes' } });
    expect(ask('how long is the average appointment')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_duration_minutes' } });
    // ("The longest wait" had been refused between the wait and the duration "longest" implies.)
    expect(ask('which clinic has the longest wait')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wait_minutes_by_column' }, slots: { column: 'clinic', n: 1, order: 'desc' } });
  });

  it('refuses a share of the rows, which no program computes', () => {
    // "What percentage of appointments are telehealth" had listed the telehealth appointments.
    expect(ask('what percentage of appointments are telehealth')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('share') });
    expect(ask('what percent of appointments were cancelled')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many appointments were telehealth')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments' }, slots: { telehealth: true } });
  });

  it('counts per the thing asked which is used most, named by the first word of its column', () => {
    // "Which insurance is used most" had ranked single appointments by rating ("insurance is" taken as the groups).
    expect(ask('which insurance is used most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments_by_insurance_provider' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which insurance is used most often')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments_by_insurance_provider' } });
  });

  it('reads a noun of what was done as the state it leaves ("cancellations" of Cancelled)', () => {
    // "Which doctor has the most cancellations" had been refused: "cancellations" no word of the data.
    expect(ask('which doctor has the most cancellations')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments_by_doctor' }, slots: { status: 'Cancelled', n: 1 } });
    expect(ask('how many cancellations in March 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'count_appointments' }, slots: { status: 'Cancelled', from_scheduled_at: '2025-03-01' } });
  });
});

function ticketOrders(): Record<string, unknown>[] {
  const events = [['Coldplay World Tour', 'Concert', 'New York'], ['Lakers vs Celtics', 'Sports', 'Los Angeles'], ['Hamilton', 'Theater', 'New York'], ['Dave Chappelle Live', 'Comedy', 'Chicago'], ['Taylor Swift Eras', 'Concert', 'Los Angeles'], ['Cubs vs Cardinals', 'Sports', 'Chicago']];
  return Array.from({ length: 3000 }, (_, i) => {
    const [event, category, city] = events[(i * 5) % 6]!;
    const tier = pick(i, 1, [['General', 60], ['VIP', 15], ['Balcony', 25]]);
    return {
      order_id: `ORD-${700_000 + i}`,
      event_name: event,
      category,
      city,
      ticket_tier: tier,
      price: tier === 'VIP' ? 450 + (i % 5) * 25 : tier === 'Balcony' ? 90 + (i % 7) * 5 : 60 + (i % 9) * 10,
      quantity: 1 + (i % 4),
      order_date: new Date(Date.UTC(2025, 0, 5) + i * 9_000_000).toISOString(),
      sales_channel: pick(i, 2, [['Web', 55], ['Mobile', 35], ['Box Office', 10]]),
      buyer_country: pick(i, 3, [['USA', 80], ['Canada', 10], ['Mexico', 5], ['UK', 5]]),
      refunded: i % 23 === 0,
      promo_code: i % 6 === 0 ? ['SPRING10', 'VIPDEAL', 'FANCLUB'][i % 3] : null,
    };
  });
}

describe('QuestionRouter over ticket orders (who, of data that names nobody; how often, answered with rows; a column named whole)', () => {
  const ask = askingOver('querylane-routing-tickets-', () => ({ ticket_orders: ticketOrders() }));

  it('refuses "who" of data that names no person, and no thing\'s name or a person\'s attribute is one', () => {
    // "Who bought the most tickets" had counted the orders per event name (a name read as a
    // person's), then per buyer country (a buyer's country read as the buyer).
    expect(ask('who bought the most tickets')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('who') });
    expect(ask('which event sold the most tickets')).toMatchObject({ kind: 'answer', candidate: { name: 'count_ticket_orders_by_event_name' }, slots: { n: 1 } });
  });

  it('refuses how often a thing is used answered with rows, and reads a column named whole as that column', () => {
    // "Which promo code was used the most" had listed one order with a promo code.
    expect(ask('which promo code was used the most')).toMatchObject({ kind: 'refusal' });
    // "Which sales channel is used most" had ranked the channels by average price ("sales" read as revenue).
    expect(ask('which sales channel is used most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_ticket_orders_by_column' }, slots: { column: 'sales_channel', n: 1 } });
    expect(ask('most popular ticket tier')).toMatchObject({ kind: 'answer', slots: { column: 'ticket_tier', n: 1 } });
  });
});

function timesheetEntries(): Record<string, unknown>[] {
  const people = [['Alice Wong', 'Platform'], ['Bob Martinez', 'Platform'], ['Chidi Okoro', 'Mobile'], ['Dana Levi', 'Mobile'], ['Erik Larsen', 'Data'], ['Farah Aziz', 'Data'], ['Gus Novak', 'Support']];
  return Array.from({ length: 2500 }, (_, i) => {
    const [name, team] = people[i % 7]!;
    return {
      entry_id: 900_000 + i,
      employee: { name, team },
      project: pick(i, 1, [['Apollo', 35], ['Zeus', 25], ['Hermes', 20], ['Internal', 20]]),
      client: pick(i, 2, [['Acme Corp', 40], ['Globex', 30], ['Initech', 30]]),
      task_type: pick(i, 3, [['Development', 45], ['Meetings', 20], ['Code Review', 15], ['Support', 20]]),
      work_date: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 7) * 86_400_000).toISOString().slice(0, 10),
      hours: Math.round((0.5 + ((i * 37) % 16) / 2) * 10) / 10,
      billable: i % 4 !== 0,
      hourly_rate_usd: [85, 110, 140, 95, 120, 150, 70][i % 7],
      approved: i % 9 !== 0,
    };
  });
}

describe('QuestionRouter over timesheet entries (a number of the data named, who did the most, a bare busiest period, a flag before a measure)', () => {
  const ask = askingOver('querylane-routing-timesheets-', () => ({ timesheet_entries: timesheetEntries() }));

  it('looks a whole number said of the data named up by its key', () => {
    // "Show entry 900123" had found no program ("entry" the data's name, "show" a stop word).
    expect(ask('show entry 900123')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_timesheet_entries_by_entry_id' }, slots: { entry_id: 900123 } });
  });

  it('answers "who did the most" with the person of the most in all, not the one row', () => {
    // "Who worked the most hours" had answered with the longest single entry.
    expect(ask('who worked the most hours')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hours_by_employee_name' }, slots: { n: 1, order: 'desc', rank_by: 'total' } });
  });

  it('ranks the periods of the one data set with a time, for a bare busiest period', () => {
    // "What was the busiest month" had been refused, no rows said.
    expect(ask('what was the busiest month')).toMatchObject({ kind: 'answer', candidate: { name: 'timesheet_entries_over_time_by_work_date' }, slots: { interval: 'month', n: 1, order: 'desc' } });
    expect(ask('busiest month')).toMatchObject({ kind: 'answer', slots: { interval: 'month', n: 1 } });
  });

  it('counts the measure a flag qualifies ("how many billable hours")', () => {
    // It had counted the billable entries.
    expect(ask('how many billable hours in March 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hours' }, slots: { billable: true, from_work_date: '2025-03-01' } });
    expect(ask('how many billable entries')).toMatchObject({ kind: 'answer', candidate: { name: 'count_timesheet_entries' }, slots: { billable: true } });
  });
});

function webSessions(): Record<string, unknown>[] {
  return Array.from({ length: 4000 }, (_, i) => {
    const converted = i % 17 === 0;
    return {
      session_id: `s_${((i * 2654435761) % 4294967296).toString(16)}`,
      country: pick(i, 1, [['United States', 40], ['Germany', 15], ['India', 20], ['Brazil', 10], ['Japan', 15]]),
      device: pick(i, 2, [['Desktop', 50], ['Mobile', 40], ['Tablet', 10]]),
      traffic_source: pick(i, 4, [['Organic', 35], ['Paid', 25], ['Social', 15], ['Email', 10], ['Direct', 15]]),
      started_at: new Date(Date.UTC(2025, 5, 1) + i * 1_800_000).toISOString(),
      duration_seconds: 5 + ((i * 97) % 1800),
      pages_viewed: 1 + (i % 12),
      bounced: i % 3 === 0,
      converted,
      revenue_usd: converted ? 20 + (i % 10) * 15 : null,
    };
  });
}

describe('QuestionRouter over web sessions (a rate asked of a flag)', () => {
  const ask = askingOver('querylane-routing-sessions-', () => ({ web_sessions: webSessions() }));

  it('refuses a rate asked for that no column holds, a flag\'s value notwithstanding', () => {
    // "What is the bounce rate" had listed the bounced sessions ("bounce" a value of `bounced`).
    expect(ask('what is the bounce rate')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"bounce" rate') });
    expect(ask('what is the bounce rate on mobile')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many sessions bounced')).toMatchObject({ kind: 'answer', candidate: { name: 'count_web_sessions' }, slots: { bounced: true } });
  });
});

function jobApplications(): Record<string, unknown>[] {
  const firstNames = ['Ana', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gil', 'Hana'];
  const lastNames = ['Stone', 'Reyes', 'Moreau', 'Ito', 'Berg', 'Cole', 'Nash', 'Okafor', 'Quinn', 'Varga', 'Wu', 'Young', 'Zane', 'Abbott', 'Baptiste', 'Costa', 'Dahl', 'Eze', 'Fischer', 'Gallo'];
  return Array.from({ length: 2200 }, (_, i) => {
    const applied = Date.UTC(2025, 1, 1) + i * 12_000_000;
    const stage = pick(i, 1, [['Applied', 35], ['Phone Screen', 20], ['Onsite', 12], ['Offer', 5], ['Hired', 8], ['Rejected', 20]]);
    return {
      application_id: 50_000 + i,
      candidate_name: `${firstNames[i % 8]} ${lastNames[Math.floor(i / 8) % 20]}`,
      position: {
        title: ['Software Engineer', 'Data Analyst', 'Product Manager', 'Account Executive', 'Designer'][(i * 7) % 5],
        department: ['Engineering', 'Data', 'Product', 'Sales', 'Design'][(i * 7) % 5],
        level: pick(i, 4, [['Junior', 30], ['Mid', 45], ['Senior', 25]]),
      },
      source: pick(i, 2, [['LinkedIn', 40], ['Referral', 20], ['Job Board', 25], ['Career Site', 15]]),
      recruiter: ['Hannah Fox', 'Raj Mehta', 'Olga Ivanova', 'Tom Becker'][i % 4],
      stage,
      remote: i % 3 === 0,
      expected_salary: 60_000 + ((i * 7919) % 90_000),
      years_experience: (i * 13) % 21,
      applied_at: new Date(applied).toISOString(),
      hired_at: stage === 'Hired' ? new Date(applied + (20 + (i % 30)) * 86_400_000).toISOString() : null,
      interview_score: stage === 'Applied' ? null : 1 + ((i * 7) % 50) / 10,
    };
  });
}

describe('QuestionRouter over job applications (a nested title, a stage of several words, a state said before the rows)', () => {
  const ask = askingOver('querylane-routing-applications-', () => ({ job_applications: jobApplications() }));

  it('reads a nested object\'s name alone as its title', () => {
    // "Position" had named `position.department` as much as `position.title` (and a count per it none).
    expect(ask('which position has the most applications')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications_by_position_title' }, slots: { n: 1 } });
    expect(ask('which position has the highest average expected salary')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_expected_salary_by_position_title' }, slots: { n: 1 } });
    expect(ask('which department gets the most applicants')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications_by_position_department' } });
  });

  it('filters by a stage whose values are words or two, and reads "hired" before the rows as the stage', () => {
    // The stage ("Phone Screen" beside "Hired") had filtered no count or aggregate, and "hired"
    // named `hired_at`: "average expected salary of hired candidates" was refused.
    expect(ask('average expected salary of hired candidates')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_expected_salary' }, slots: { stage: 'Hired' } });
    expect(ask('how many phone screens did Hannah Fox do')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications' }, slots: { recruiter: 'Hannah Fox', stage: 'Phone Screen' } });
    expect(ask('how many hired candidates came from referrals')).toMatchObject({ kind: 'answer', slots: { column: 'source', value: 'Referral', stage: 'Hired' } });
    // "Candidates" alone chooses no name to list by, where the stage is given.
    // (Or by the hire date's being there, which says the same.)
    const hired = ask('show candidates who were hired');
    expect(hired).toMatchObject({ kind: 'answer', candidate: { family: 'list' } });
    expect(hired.kind === 'answer' && (hired.slots.has_hired_at === true || (hired.slots.column === 'stage' && hired.slots.value === 'Hired'))).toBe(true);
    // A list that does not filter by the stage still reads "hired" as a hire date there.
    expect(ask('show hired applications')).toMatchObject({ kind: 'answer', candidate: { name: 'list_job_applications' }, slots: { has_hired_at: true } });
    expect(ask('how many hires in 2025')).toMatchObject({ kind: 'answer', slots: { from_hired_at: '2025-01-01', to_hired_at: '2025-12-31' } });
    // "The most hires" counts the stage Hired (it had counted every application per source).
    expect(ask('which source brings the most hires')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications_by_column' }, slots: { column: 'source', stage: 'Hired', n: 1 } });
    expect(ask('which recruiter has the most hires')).toMatchObject({ kind: 'answer', candidate: { name: 'count_job_applications_by_recruiter' }, slots: { stage: 'Hired', n: 1 } });
  });
});

function restaurantInspections(): Record<string, unknown>[] {
  const restaurants = [
    ['Golden Dragon', 'Chinese'],
    ['Luigi Trattoria', 'Italian'],
    ['Taco Loco', 'Mexican'],
    ['Blue Fin Sushi', 'Japanese'],
    ['The Burger Joint', 'American'],
    ['Curry House', 'Indian'],
    ['Le Petit Bistro', 'French'],
    ['Bagel Bros', 'American'],
  ];
  return Array.from({ length: 3000 }, (_, i) => {
    const score = (i * 37) % 60;
    const [name, cuisine] = restaurants[(i * 5) % 8]!;
    return {
      inspection_id: `INS-${(100_000 + i * 17).toString(36).toUpperCase()}`,
      restaurant: { name, cuisine },
      borough: pick(i, 1, [['Manhattan', 35], ['Brooklyn', 30], ['Queens', 20], ['Bronx', 10], ['Staten Island', 5]]),
      inspection_date: new Date(Date.UTC(2023, 0, 2) + i * 26_000_000).toISOString().slice(0, 10),
      inspection_type: pick(i, 2, [['Initial', 60], ['Re-inspection', 30], ['Complaint', 10]]),
      score,
      grade: score < 14 ? 'A' : score < 28 ? 'B' : 'C',
      critical_flag: score >= 28 && i % 2 === 0,
      violation_description: ['Evidence of mice', 'Food not protected', 'Facility not vermin proof', 'Non-food contact surface improperly maintained', 'Cold food held above 41F'][(i * 3) % 5],
      inspector: ['R. Alvarez', 'J. Smith', 'K. Nguyen'][i % 3],
    };
  });
}

describe('QuestionRouter over restaurant inspections (when a thing was last done)', () => {
  const ask = askingOver('querylane-routing-inspections-', () => ({ restaurant_inspections: restaurantInspections() }));

  it('reads "when was X last inspected" as the newest row of X, and "first" as the oldest', () => {
    // Had listed the range of inspection dates of Golden Dragon's rows.
    expect(ask('when was Golden Dragon last inspected')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_restaurant_inspections_by_inspection_date' }, slots: { restaurant_name: 'Golden Dragon', n: 1, order: 'desc' } });
    expect(ask('when was Taco Loco first inspected')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_restaurant_inspections_by_inspection_date' }, slots: { restaurant_name: 'Taco Loco', n: 1, order: 'asc' } });
    // ("Last year" is a period, and a verb's "last" without "when" asks for no newest row.)
    const lastIn = ask('restaurants last inspected in 2024');
    expect(lastIn).toMatchObject({ kind: 'answer', slots: { from_inspection_date: '2024-01-01', to_inspection_date: '2024-12-31' } });
    expect(lastIn.kind === 'answer' && lastIn.candidate.family).not.toBe('top_n');
  });
});

function incidents(): Record<string, unknown>[] {
  return Array.from({ length: 1800 }, (_, i) => {
    const opened = Date.UTC(2025, 2, 1) + i * 14_000_000;
    const severity = pick(i, 1, [['SEV1', 5], ['SEV2', 15], ['SEV3', 45], ['SEV4', 35]]);
    const minutes = 10 + ((i * 131) % (severity === 'SEV1' ? 300 : 2000));
    const resolved = i % 13 !== 0;
    return {
      incident_id: `INC${String(70_000 + i).padStart(7, '0')}`,
      service: pick(i, 2, [['checkout-api', 25], ['search', 20], ['payments', 15], ['auth', 20], ['notifications', 20]]),
      severity,
      team: ['SRE', 'Payments', 'Identity', 'Growth'][(i * 3) % 4],
      on_call_engineer: ['Kim Park', 'Leo Grant', 'Maya Singh', 'Nils Olsen', 'Rosa Diaz'][i % 5],
      root_cause: pick(i, 3, [['Deploy', 35], ['Config change', 20], ['Capacity', 15], ['Third-party', 20], ['Unknown', 10]]),
      opened_at: new Date(opened).toISOString(),
      resolved_at: resolved ? new Date(opened + minutes * 60_000).toISOString() : null,
      minutes_to_resolve: resolved ? minutes : null,
      customers_affected: (i * 7919) % 50_000,
      status: resolved ? 'Resolved' : pick(i, 5, [['Open', 60], ['Investigating', 40]]),
      postmortem_done: resolved && i % 4 !== 0,
    };
  });
}

describe('QuestionRouter over incidents (a state said as the word a time\'s name has in another form, a thing done, a noun of a verb)', () => {
  const ask = askingOver('querylane-routing-incidents-', () => ({ incidents: incidents() }));

  it('reads "open" as the status Open beside an `opened_at`, and "opened" as that time', () => {
    // "How many open incidents" had counted every incident (at confidence 1).
    expect(ask('how many open incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' }, slots: { status: 'Open' } });
    expect(ask('how many incidents are still open')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' }, slots: { status: 'Open' } });
    const opened = ask('how many incidents were opened in April 2025');
    expect(opened).toMatchObject({ kind: 'answer', slots: { from_opened_at: '2025-04-01', to_opened_at: '2025-04-30' } });
    expect(opened.kind === 'answer' && opened.slots).not.toHaveProperty('status');
    // Neither list filters by both the status and the severity: refused, no longer a list of SEV2 open or not.
    expect(ask('list open SEV2 incidents')).toMatchObject({ kind: 'refusal' });
  });

  it('reads a thing done (`postmortem_done`) by the thing had or not', () => {
    expect(ask('how many incidents have no postmortem')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' }, slots: { postmortem_done: false } });
    expect(ask('how many incidents had a postmortem')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' }, slots: { postmortem_done: true } });
  });

  it('reads a state under way ("being investigated"), a verb of the noun ranked, and a list of a state only counts filter by', () => {
    // Had counted every incident, at confidence 0.94.
    expect(ask('how many incidents are being investigated')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' }, slots: { status: 'Investigating' } });
    // Had been refused: only the count had been weighed, which filters by the status.
    expect(ask('list open incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'list_incidents_where' }, slots: { column: 'status', value: 'Open' } });
    expect(ask('list incidents being investigated')).toMatchObject({ kind: 'answer', candidate: { name: 'list_incidents_where' }, slots: { column: 'status', value: 'Investigating' } });
    // Had listed the resolved incidents ("on-call" broke the noun ranked).
    expect(ask('which on-call engineer resolved the most incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents_by_on_call_engineer' }, slots: { status: 'Resolved', n: 1, order: 'desc' } });
    expect(ask('which on call engineer handled the most incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents_by_on_call_engineer' }, slots: { n: 1 } });
  });

  it('reads "resolution time" as the minutes to resolve', () => {
    expect(ask('which team has the longest resolution time')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_minutes_to_resolve_by_team' }, slots: { n: 1, order: 'desc' } });
    expect(ask('average resolution time')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_minutes_to_resolve' } });
    // (A time until a thing is done, its unit first, is "the time to" do it: had been refused.)
    expect(ask('what is the average time to resolve incidents')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_minutes_to_resolve' } });
    expect(ask('average time to resolve for payments')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_minutes_to_resolve' }, slots: { service: 'payments' } });
  });

  it('answers "how long does it take to resolve" with the minutes to resolve, not the resolved incidents', () => {
    // Stop 58: had listed the incidents with a `resolved_at`.
    for (const question of ['how long does it take to resolve an incident', 'how long do incidents take to resolve']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_minutes_to_resolve' } });
    }
    expect(ask('how many incidents were resolved')).toMatchObject({ kind: 'answer', candidate: { name: 'count_incidents' } });
  });
});

function carRentals(): Record<string, unknown>[] {
  const rates: Record<string, number> = { Economy: 39, Compact: 45, SUV: 79, Luxury: 149, Van: 95 };
  return Array.from({ length: 2600 }, (_, i) => {
    const pickup = Date.UTC(2025, 0, 1) + i * 11_000_000;
    const days = 1 + ((i * 7) % 14);
    const vehicleClass = pick(i, 1, [['Economy', 35], ['Compact', 25], ['SUV', 20], ['Luxury', 8], ['Van', 12]]);
    const rate = rates[vehicleClass] ?? 50;
    const status = pick(i, 2, [['Completed', 75], ['Cancelled', 10], ['Active', 8], ['No-show', 7]]);
    return {
      rental_id: `R-${300_000 + i}`,
      vehicle: { make: ['Toyota', 'Ford', 'BMW', 'Honda', 'Tesla', 'Mercedes'][(i * 5) % 6], model: ['Corolla', 'Focus', 'X5', 'Civic', 'Model 3', 'Sprinter'][(i * 5) % 6], class: vehicleClass },
      branch: pick(i, 3, [['Denver Airport', 30], ['Chicago Downtown', 25], ['Miami Beach', 20], ['Seattle Airport', 25]]),
      customer: {
        name: `${['Liam', 'Emma', 'Noah', 'Olivia', 'Ava', 'Elijah'][i % 6]} ${['Garcia', 'Smith', 'Brown', 'Lee', 'Patel', 'Nguyen', 'Kowalski'][Math.floor(i / 6) % 7]}`,
        loyalty_tier: pick(i, 4, [['None', 50], ['Silver', 30], ['Gold', 15], ['Platinum', 5]]),
      },
      pickup_at: new Date(pickup).toISOString(),
      return_at: status === 'Completed' ? new Date(pickup + days * 86_400_000).toISOString() : null,
      rental_days: days,
      daily_rate_usd: rate,
      total_price_usd: status === 'Cancelled' || status === 'No-show' ? 0 : rate * days,
      mileage_km: status === 'Completed' ? 50 + ((i * 131) % 2400) : null,
      insurance_added: i % 3 === 0,
      damage_reported: i % 29 === 0,
      status,
    };
  });
}

describe('QuestionRouter over car rentals (a nested field by its path, money said as revenue, the time a rental begins)', () => {
  const ask = askingOver('querylane-routing-rentals-', () => ({ car_rentals: carRentals() }));

  it('ranks the groups a column of two words names ("vehicle class") by the money "revenue" names', () => {
    // "Which vehicle class brings in the most revenue" had counted rentals per class ("class" lost
    // its s, and "vehicle class" named no column); "has the most revenue" had been refused.
    expect(ask('which vehicle class brings in the most revenue')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_price_usd_by_column' }, slots: { column: 'vehicle.class', n: 1, order: 'desc' } });
    expect(ask('which vehicle class has the most revenue')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_price_usd_by_column' }, slots: { column: 'vehicle.class', n: 1 } });
    // No program averages the daily rate per class: refused, no longer the overall average (or a count per class).
    expect(ask('average daily rate by vehicle class')).toMatchObject({ kind: 'refusal' });
  });

  it('takes the time a rental begins for its periods and its newest, and averages the rentals per period', () => {
    // Had counted rentals per month of their return, and "the last rental" by its return.
    expect(ask('rentals per month')).toMatchObject({ kind: 'answer', candidate: { name: 'car_rentals_over_time_by_pickup_at' }, slots: { interval: 'month' } });
    expect(ask('when was the last rental at Miami Beach')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_car_rentals_by_pickup_at' }, slots: { branch: 'Miami Beach', n: 1, order: 'desc' } });
    expect(ask('when was the last car returned')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_car_rentals_by_return_at' } });
    // "Rentals" and "day" named `rental_days`, and the series had answered.
    expect(ask('how many rentals per day on average')).toMatchObject({ kind: 'answer', candidate: { name: 'car_rentals_average_per_period_by_pickup_at' }, slots: { interval: 'day' } });
  });

  it('reads the duration of a rental as its `rental_days`, a span the data holds (no span of its times is made)', () => {
    // Stop 58: had been refused ("rental duration" named no column).
    expect(ask('average rental duration')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rental_days' } });
    expect(ask('how long are rentals on average')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_rental_days' } });
  });
});

function productReviews(): Record<string, unknown>[] {
  const products = [
    ['AirPods Pro', 'Electronics', 'Apple'],
    ['Kindle Paperwhite', 'Electronics', 'Amazon'],
    ['Instant Pot Duo', 'Kitchen', 'Instant Brands'],
    ['Roomba i3', 'Home', 'iRobot'],
    ['Yoga Mat Deluxe', 'Sports', 'Gaiam'],
    ['LEGO Star Wars Set', 'Toys', 'LEGO'],
    ['Nespresso Vertuo', 'Kitchen', 'Nespresso'],
  ];
  return Array.from({ length: 3500 }, (_, i) => {
    const [name, category, brand] = products[(i * 3) % 7]!;
    return {
      review_id: `rv_${((i * 2654435761) % 4294967296).toString(36)}`,
      product: { name, category, brand },
      rating: 1 + ((i * 7) % 5),
      verified_purchase: i % 5 !== 0,
      helpful_votes: (i * 13) % 60,
      reviewer_country: pick(i, 1, [['US', 50], ['UK', 20], ['Canada', 15], ['Germany', 15]]),
      review_date: new Date(Date.UTC(2024, 0, 1) + i * 15_000_000).toISOString().slice(0, 10),
    };
  });
}

describe('QuestionRouter over product reviews (a word after a number is what it counts)', () => {
  const ask = askingOver('querylane-routing-reviews-', () => ({ product_reviews: productReviews() }));

  it('reads "1-star" as a rating, not a part of a product\'s name', () => {
    // Had counted the 1-star reviews of "LEGO Star Wars Set" alone.
    const oneStar = ask('how many 1-star reviews are there');
    expect(oneStar).toMatchObject({ kind: 'answer', candidate: { name: 'count_product_reviews' }, slots: { min_rating: 1, max_rating: 1 } });
    expect(oneStar.kind === 'answer' && oneStar.slots).not.toHaveProperty('product_name');
    expect(ask('how many 5 star reviews for LEGO Star Wars Set')).toMatchObject({ kind: 'answer', slots: { product_name: 'LEGO Star Wars Set', min_rating: 5, max_rating: 5 } });
  });
});

function employeeRecords(): Record<string, unknown>[] {
  const first = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Susan'];
  const last = ['Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor'];
  return Array.from({ length: 1400 }, (_, i) => {
    const hired = Date.UTC(2012, 0, 1) + ((i * 7919) % 4700) * 86_400_000;
    return {
      employee_id: `E${10_000 + i}`,
      full_name: `${first[i % 12]} ${last[Math.floor(i / 12) % 15]}`,
      department: pick(i, 1, [['Engineering', 30], ['Sales', 20], ['Marketing', 12], ['Finance', 10], ['HR', 8], ['Operations', 20]]),
      job_title: pick(i, 2, [['Engineer', 25], ['Senior Engineer', 15], ['Manager', 12], ['Analyst', 20], ['Director', 5], ['Associate', 23]]),
      gender: pick(i, 3, [['Female', 48], ['Male', 50], ['Non-binary', 2]]),
      office: pick(i, 4, [['New York', 35], ['Austin', 25], ['London', 20], ['Remote', 20]]),
      hire_date: new Date(hired).toISOString().slice(0, 10),
      termination_date: i % 7 === 0 ? new Date(hired + (200 + (i % 900)) * 86_400_000).toISOString().slice(0, 10) : null,
      annual_salary: 45_000 + ((i * 104_729) % 160_000),
      performance_rating: 1 + ((i * 3) % 5),
      is_manager: i % 9 === 0,
      age: 22 + ((i * 17) % 43),
    };
  });
}

describe('QuestionRouter over employee records (pay, people over an age, a flag\'s status, an attribute per group)', () => {
  const ask = askingOver('querylane-routing-employees-', () => ({ employees: employeeRecords() }));

  it('reads "paid" as pay, and a bare number said of people as their age', () => {
    // Had ranked employees by age.
    expect(ask('who is the highest paid employee')).toMatchObject({ kind: 'answer', candidate: { name: 'top_employees_by_annual_salary' }, slots: { n: 1, order: 'desc' } });
    // Had been refused: "over 50" was no column's.
    expect(ask('how many employees are over 50')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { min_age: 51 } });
  });

  it('counts people named by a word for a value ("women"), and groups by a flag said with "status"', () => {
    // Had been refused as counting "women work".
    expect(ask('how many women work in Engineering')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees' }, slots: { department: 'Engineering', gender: 'Female' } });
    // Had answered the overall average, the grouping ignored.
    expect(ask('average performance rating by manager status')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_performance_rating_by_column' }, slots: { column: 'is_manager' } });
    // Had averaged ages per department.
    expect(ask('gender breakdown of employees')).toMatchObject({ kind: 'answer', candidate: { name: 'count_employees_by_column' }, slots: { column: 'gender' } });
  });

  it('refuses an attribute per group that no data holds', () => {
    // "Turnover" had been answered with the headcount per department.
    expect(ask('what is the turnover by department')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"turnover"') });
    expect(ask('what is the average salary by department')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_annual_salary_by_department' } });
  });
});

function studentGrades(): Record<string, unknown>[] {
  return Array.from({ length: 4200 }, (_, i) => {
    const score = 40 + ((i * 37) % 61);
    return {
      student: { id: `S${2000 + (i % 600)}`, name: `${['Mia', 'Leo', 'Zoe', 'Max', 'Ivy', 'Sam', 'Ada', 'Tom', 'Eva', 'Ben'][i % 10]} ${['Kim', 'Ruiz', 'Shaw', 'Ng', 'Roth', 'Diaz'][Math.floor(i / 10) % 6]}`, grade_level: 9 + (i % 4) },
      course: ['Algebra II', 'Biology', 'World History', 'English Literature', 'Chemistry', 'Spanish I', 'Physics'][(i * 3) % 7],
      teacher: ['Ms. Carter', 'Mr. Patel', 'Mrs. Okafor', 'Mr. Lindqvist', 'Ms. Haddad'][(i * 3) % 5],
      term: ['Fall 2024', 'Spring 2025', 'Fall 2025'][i % 3],
      score,
      letter_grade: score >= 90 ? 'A' : score >= 80 ? 'B' : score >= 70 ? 'C' : score >= 60 ? 'D' : 'F',
      absences: (i * 7) % 15,
      passed: score >= 60,
      submitted_at: new Date(Date.UTC(2024, 8, 1) + i * 13_000_000).toISOString(),
    };
  });
}

describe('QuestionRouter over student grades (an ordinal grade level, a year inside a value, a rate of a flag)', () => {
  const ask = askingOver('querylane-routing-grades-', () => ({ student_grades: studentGrades() }));

  it('reads "11th grade" as a grade level of 11, and refuses it where no program filters by it', () => {
    // Had counted every student, the grade ignored.
    expect(ask('how many students are in 11th grade')).toMatchObject({ kind: 'answer', candidate: { name: 'count_student_grades' }, slots: { min_student_grade_level: 11, max_student_grade_level: 11 } });
    expect(ask('how many 10th grade students passed')).toMatchObject({ kind: 'answer', slots: { passed: true, min_student_grade_level: 10, max_student_grade_level: 10 } });
    // The overall average has no grade level: refused, no longer the average of every grade.
    expect(ask('average score of 9th graders')).toMatchObject({ kind: 'refusal' });
  });

  it('reads a year inside a value named whole as the value\'s, and refuses a rate of a flag', () => {
    // Had bounded the submission date by 2024 as well.
    const fall = ask('how many A grades in Fall 2024');
    expect(fall).toMatchObject({ kind: 'answer', slots: { column: 'term', value: 'Fall 2024', letter_grade: 'A' } });
    expect(fall.kind === 'answer' && fall.slots).not.toHaveProperty('from_submitted_at');
    // Had counted the passed grades per course, and listed the passed ones.
    expect(ask('pass rate by course')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"pass" rate') });
    expect(ask('pass rate')).toMatchObject({ kind: 'refusal' });
  });
});

function socialPosts(): Record<string, unknown>[] {
  return Array.from({ length: 3000 }, (_, i) => {
    const likes = (i * 7919) % 20_000;
    return {
      post_id: `p${900_000 + i * 7}`,
      platform: pick(i, 1, [['Instagram', 35], ['TikTok', 30], ['X', 15], ['LinkedIn', 10], ['Facebook', 10]]),
      author: { handle: ['@acme', '@acme_eu', '@acme_careers', '@acme_support'][i % 4], team: ['Brand', 'Brand', 'HR', 'Support'][i % 4] },
      post_type: pick(i, 2, [['Video', 40], ['Image', 35], ['Text', 15], ['Carousel', 10]]),
      posted_at: new Date(Date.UTC(2025, 0, 1) + i * 9_000_000).toISOString(),
      likes,
      comments: Math.round(likes / 40) + (i % 13),
      shares: Math.round(likes / 100) + (i % 5),
      impressions: likes * 12 + 500,
      sponsored: i % 6 === 0,
    };
  });
}

describe('QuestionRouter over social posts (a value written with its signs holds the values said within it)', () => {
  const ask = askingOver('querylane-routing-posts-', () => ({ social_posts: socialPosts() }));

  it('reads "@acme_support" as that handle, not "@acme" and a team Support', () => {
    const likes = ask('how many likes did @acme_support get');
    expect(likes).toMatchObject({ kind: 'answer', slots: { author_handle: '@acme_support' } });
    expect(likes.kind === 'answer' && likes.slots).not.toHaveProperty('author_team');
    expect(ask('how many posts from @acme')).toMatchObject({ kind: 'answer', candidate: { name: 'count_social_posts' }, slots: { author_handle: '@acme' } });
  });
});

function requestLogs(): Record<string, unknown>[] {
  return Array.from({ length: 6000 }, (_, i) => {
    const status = pick(i, 1, [[200, 85], [201, 4], [400, 4], [404, 3], [500, 3], [503, 1]]);
    return {
      request_id: `req_${((i * 2654435761) % 4294967296).toString(16)}`,
      timestamp: new Date(Date.UTC(2025, 10, 1) + i * 60_000).toISOString(),
      service: pick(i, 2, [['api-gateway', 40], ['orders', 25], ['payments', 15], ['search', 20]]),
      endpoint: ['/v1/orders', '/v1/orders/{id}', '/v1/payments', '/v1/search', '/v1/login'][(i * 3) % 5],
      method: ['GET', 'GET', 'POST', 'GET', 'POST'][(i * 3) % 5],
      status_code: status,
      latency_ms: 5 + ((i * 131) % 900) + (status === 503 ? 3000 : 0),
      region: pick(i, 3, [['us-east-1', 50], ['eu-west-1', 30], ['ap-south-1', 20]]),
      client: pick(i, 4, [['ios', 35], ['android', 35], ['web', 30]]),
      error_message: status >= 500 ? ['upstream timeout', 'connection reset', 'internal error'][i % 3] : status >= 400 ? ['not found', 'validation failed'][i % 2] : null,
    };
  });
}

describe('QuestionRouter over request logs (errors of an error message, a latency in milliseconds, the slowest)', () => {
  const ask = askingOver('querylane-routing-requests-', () => ({ request_logs: requestLogs() }));

  it('reads "errors" as the rows with an error message, and refuses a grouping of them no program filters', () => {
    // "How many errors" had counted every request (at confidence 1), then the different messages.
    expect(ask('how many errors')).toMatchObject({ kind: 'answer', candidate: { name: 'count_request_logs' }, slots: { has_error_message: true } });
    expect(ask('requests with errors')).toMatchObject({ kind: 'answer', slots: { has_error_message: true } });
    expect(ask('how many requests without errors')).toMatchObject({ kind: 'answer', slots: { has_error_message: false } });
    expect(ask('how many different error messages')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_request_logs' }, slots: { column: 'error_message' } });
    // The count per service has no such filter: refused, no longer every request per service.
    expect(ask('which service has the most errors')).toMatchObject({ kind: 'refusal' });
    // Nothing tells a failed request ("validation failed" is one message): refused, no longer every request.
    expect(ask('how many requests failed')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"failed"') });
  });

  it('converts seconds to a column of milliseconds, reads "slower than" of a time as longer, and the slowest as the highest latency', () => {
    // Had been refused ("over 2" no column's).
    expect(ask('show requests with latency over 2 seconds')).toMatchObject({ kind: 'answer', candidate: { name: 'request_logs_by_latency_ms_range' }, slots: { min_latency_ms: 2001 } });
    expect(ask('requests slower than 500 ms')).toMatchObject({ kind: 'answer', slots: { min_latency_ms: 501 } });
    expect(ask('requests faster than 100 ms')).toMatchObject({ kind: 'answer', slots: { max_latency_ms: 99 } });
    // Had counted requests per endpoint, fewest first.
    expect(ask('which endpoint is the slowest')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_latency_ms_by_endpoint' }, slots: { n: 1, order: 'desc' } });
  });
});

function workouts(): Record<string, unknown>[] {
  const speeds: Record<string, number> = { Running: 0.16, Cycling: 0.4, Swimming: 0.04, Walking: 0.09 };
  return Array.from({ length: 3200 }, (_, i) => {
    const activity = pick(i, 1, [['Running', 35], ['Cycling', 25], ['Swimming', 10], ['Walking', 20], ['Yoga', 10]]);
    const minutes = 15 + ((i * 37) % 100);
    return {
      workout_id: 700_000 + i,
      user: { name: ['Alex', 'Sam', 'Jordan', 'Taylor', 'Casey', 'Riley'][i % 6], age_group: ['18-24', '25-34', '35-44', '45-54', '25-34', '35-44'][i % 6] },
      activity_type: activity,
      started_at: new Date(Date.UTC(2025, 3, 1) + i * 8_000_000).toISOString(),
      duration_min: minutes,
      distance_km: activity === 'Yoga' ? null : Math.round(minutes * (speeds[activity] ?? 0.1) * 100) / 100,
      calories: Math.round(minutes * (6 + (i % 7))),
      avg_heart_rate: 95 + ((i * 13) % 80),
      device: pick(i, 2, [['Apple Watch', 40], ['Garmin', 30], ['Fitbit', 20], ['Phone', 10]]),
    };
  });
}

describe('QuestionRouter over workouts (an activity said as a verb, when one last did it)', () => {
  const ask = askingOver('querylane-routing-workouts-', () => ({ workouts: workouts() }));

  it('reads an activity written in -ing said in the past ("cycled", "ran") as that activity', () => {
    // Had totalled every activity's distance in May.
    expect(ask('total distance cycled in May')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_distance_km' }, slots: { activity_type: 'Cycling', from_started_at: '2025-05-01', to_started_at: '2025-05-31' } });
    expect(ask('total distance ran by Casey')).toMatchObject({ kind: 'answer', slots: { user_name: 'Casey', activity_type: 'Running' } });
  });

  it('reads "average" as the term "avg" is ("avg_heart_rate" averaged overall, no grouping asked)', () => {
    // "Average" (term "averag") had matched no "avg" of `avg_heart_rate`'s overall average, and the average per user had answered.
    expect(ask('average heart rate for swimming')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_avg_heart_rate' }, slots: { activity_type: 'Swimming' } });
  });

  it('reads "when did X last do Y" as the newest row of them', () => {
    // Had counted Sam's swims.
    expect(ask('when did Sam last go swimming')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_workouts_by_started_at' }, slots: { user_name: 'Sam', activity_type: 'Swimming', n: 1, order: 'desc' } });
    expect(ask('when did Alex first run')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_workouts_by_started_at' }, slots: { user_name: 'Alex', n: 1, order: 'asc' } });
  });
});

function stayListings(): Record<string, unknown>[] {
  return Array.from({ length: 2500 }, (_, i) => ({
    id: 10_000_000 + i * 37,
    host: { name: ['Anna', 'Lukas', 'Mehmet', 'Sofia', 'Jonas', 'Lea', 'Ali'][i % 7], is_superhost: i % 4 === 0, listings_count: 1 + (i % 9) },
    neighbourhood: ['Mitte', 'Kreuzberg', 'Neukölln', 'Prenzlauer Berg', 'Friedrichshain'][(i * 7) % 5],
    room_type: pick(i, 1, [['Entire home/apt', 55], ['Private room', 38], ['Shared room', 4], ['Hotel room', 3]]),
    price: 25 + ((i * 7919) % 300),
    number_of_reviews: (i * 13) % 400,
    availability_365: (i * 31) % 366,
    last_review: i % 9 === 0 ? null : new Date(Date.UTC(2022, 0, 1) + ((i * 104_729) % 1000) * 86_400_000).toISOString().slice(0, 10),
    instant_bookable: i % 3 !== 0,
  }));
}

describe('QuestionRouter over stay listings (the data\'s name kept whole beside a host\'s `listings_count`)', () => {
  const ask = askingOver('querylane-routing-stays-', () => ({ listings: stayListings() }));

  it('counts listings, not the hosts\' listing counts summed', () => {
    // Each had summed `host.listings_count` ("listings" kept whole was no stem "list" of the counted word).
    expect(ask('how many listings in each neighbourhood')).toMatchObject({ kind: 'answer', candidate: { name: 'count_listings_by_neighbourhood' } });
    expect(ask('how many listings does Anna have')).toMatchObject({ kind: 'answer', candidate: { name: 'count_listings' }, slots: { host_name: 'Anna' } });
    expect(ask('how many listings were reviewed in 2023')).toMatchObject({ kind: 'answer', candidate: { name: 'count_listings' }, slots: { from_last_review: '2023-01-01', to_last_review: '2023-12-31' } });
  });

  it('reads a flag of two words said in other forms of their roots ("booked instantly" of `instant_bookable`)', () => {
    // Had counted every listing.
    expect(ask('how many listings can be booked instantly')).toMatchObject({ kind: 'answer', candidate: { name: 'count_listings' }, slots: { instant_bookable: true } });
    expect(ask('instantly bookable listings in Mitte')).toMatchObject({ kind: 'answer', slots: { neighbourhood: 'Mitte', instant_bookable: true } });
  });
});

function shipments(): Record<string, unknown>[] {
  const customers = [['Acme Corp', 'Gold'], ['Globex', 'Silver'], ['Initech', 'Bronze'], ['Umbrella Ltd', 'Gold'], ['Stark Supplies', 'Silver'], ['Wayne Retail', 'Bronze']];
  const destinations = [['Denver', 'United States'], ['Toronto', 'Canada'], ['Berlin', 'Germany'], ['Seattle', 'United States'], ['Miami', 'United States'], ['Mexico City', 'Mexico'], ['Boston', 'United States']];
  return Array.from({ length: 3500 }, (_, i) => {
    const status = pick(i, 5, [['Delivered', 70], ['In Transit', 12], ['Delayed', 10], ['Returned', 5], ['Lost', 3]]);
    const shipped = Date.UTC(2025, 0, 2) + i * 7_200_000;
    const [name, tier] = customers[(i * 5) % 6]!;
    const [city, country] = destinations[(i * 3 + (i >> 2)) % 7]!;
    return {
      shipment_id: `SHP-${400_000 + i * 3}`,
      carrier: pick(i, 1, [['UPS', 35], ['FedEx', 30], ['DHL', 20], ['USPS', 15]]),
      origin_city: ['Chicago', 'Dallas', 'Atlanta', 'Newark', 'Reno'][(i * 3) % 5],
      destination_city: city,
      destination_country: country,
      service_level: pick(i, 2, [['Standard', 60], ['Express', 30], ['Overnight', 10]]),
      weight_kg: Math.round((0.2 + ((i * 7919) % 4000) / 100) * 100) / 100,
      cost_usd: Math.round((8 + ((i * 104729) % 20000) / 100) * 100) / 100,
      shipped_at: new Date(shipped).toISOString(),
      delivered_at: status === 'Delivered' || status === 'Returned' ? new Date(shipped + (1 + (i % 6)) * 86_400_000).toISOString() : null,
      status,
      on_time: status === 'Delivered' ? i % 5 !== 0 : false,
      customer: { name, tier },
    };
  });
}

describe('QuestionRouter over shipments (the verb the data\'s rows are named after)', () => {
  const ask = askingOver('querylane-routing-shipments-', () => ({ shipments: shipments() }));

  it('reads "which X do we ship to the most" as the most rows per X ("ship" of shipments)', () => {
    // Each had listed the heaviest shipment.
    expect(ask('which country do we ship to the most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_column' }, slots: { column: 'destination_country', n: 1, order: 'desc' } });
    expect(ask('which country do we ship the most to')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_column' }, slots: { column: 'destination_country', n: 1, order: 'desc' } });
    // ("To" or "from" after the verb says which of the two cities: had ranked where they start.)
    expect(ask('which city do we ship to the most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_destination_city' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which city do we ship from the most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_origin_city' }, slots: { n: 1, order: 'desc' } });
  });

  it('filters the counts by a column named for the state before other one-word states, and reads its value before a flag\'s opposite', () => {
    // `status` had been the fourth state (after a tier, a carrier and a service level) and filtered
    // no count; "delayed" had been `on_time` false.
    expect(ask('which carrier has the most delayed shipments')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_column' }, slots: { column: 'carrier', status: 'Delayed', n: 1, order: 'desc' } });
    expect(ask('which carrier has the most delayed shipments')).not.toMatchObject({ slots: { on_time: false } });
    expect(ask('how many shipments are still in transit')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { status: 'In Transit' } });
    expect(ask('how many shipments were delivered late')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { status: 'Delivered', on_time: false } });
  });

  it('reads a value inside a longer one another column holds whole as the longer ("Mexico City", not the country Mexico)', () => {
    expect(ask('how many lost shipments to Mexico City')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { destination_city: 'Mexico City', status: 'Lost' } });
    expect(ask('how many shipments to Mexico')).toMatchObject({ kind: 'answer', slots: { column: 'destination_country', value: 'Mexico' } });
  });

  it('reads two values of one column set against each other as the figure per value of that column', () => {
    // Each had been refused ("the question names 'FedEx'").
    expect(ask('compare UPS and FedEx shipment counts')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_column' }, slots: { column: 'carrier' } });
    expect(ask('UPS vs FedEx average cost')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_cost_usd_by_column' }, slots: { column: 'carrier', rank_by: 'average' } });
    expect(ask('Express vs Standard average weight')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_weight_kg_by_column' }, slots: { column: 'service_level' } });
    expect(ask('how many UPS shipments')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' }, slots: { carrier: 'UPS' } });
    // "Compare" is no word of the data: the rows compared are counted ("compare shipments to Berlin
    // and Toronto" had averaged their weight), and "comparison" is no attribute asked for.
    expect(ask('compare shipments to Berlin and Toronto')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_destination_city' } });
    expect(ask('comparison of carriers by cost')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_cost_usd_by_column' }, slots: { column: 'carrier' } });
  });

  it('refuses a day of the week stated of the rows where the program does not tell the days apart', () => {
    // Had counted every shipment; had listed every shipment.
    expect(ask('how many shipments on weekends')).toMatchObject({ kind: 'refusal' });
    expect(ask('shipments on Mondays')).toMatchObject({ kind: 'refusal' });
    expect(ask('which weekday has the most shipments')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments_by_day_of_week' }, slots: { n: 1, order: 'desc' } });
  });

  it('refuses the most of rows no ranking can filter as asked, and the rate of a flag', () => {
    // Had listed one shipment to Germany, in no order.
    expect(ask("what's the most expensive shipment to Germany")).toMatchObject({ kind: 'refusal' });
    expect(ask('heaviest shipment from Reno')).toMatchObject({ kind: 'answer', candidate: { name: 'top_shipments_by_weight_kg' }, slots: { origin_city: 'Reno', n: 1, order: 'desc' } });
    // Had counted the on-time shipments per carrier.
    expect(ask('on-time rate by carrier')).toMatchObject({ kind: 'refusal' });
    expect(ask('which carrier has the highest on-time rate')).toMatchObject({ kind: 'refusal' });
  });

  it('answers how long delivery takes with the days from shipping to delivery, the fastest the shortest', () => {
    // Stop 58: no column held it; "how long does delivery take" had listed the delivered shipments.
    for (const question of ['average delivery time', 'how long does delivery take', 'how long do shipments take']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_delivery_time_days' } });
    }
    expect(ask('how long does a shipment to Berlin take')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_delivery_time_days' }, slots: { destination_city: 'Berlin' } });
    expect(ask('which carrier is fastest')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_delivery_time_days_by_column' }, slots: { column: 'carrier', n: 1, order: 'asc' } });
    expect(ask('which carrier is slowest')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_delivery_time_days_by_column' }, slots: { column: 'carrier', n: 1, order: 'desc' } });
    // Counts of the delivered stay counts.
    expect(ask('how many delivered shipments')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shipments' } });
    // "Time" alone names no `on_time` (a name of a general word beside stop words is said whole): had
    // ranked the averages per on-time flag.
    const longest = ask('longest delivery time');
    expect(longest.kind === 'answer' && longest.slots.column).not.toBe('on_time');
    expect(ask('count by on time')).toMatchObject({ kind: 'answer', slots: { column: 'on_time' } });
  });
});

function songPlays(): Record<string, unknown>[] {
  const tracks: [string, string, string, number][] = [['Blinding Lights', 'The Weeknd', 'Pop', 200_040], ['Anti-Hero', 'Taylor Swift', 'Pop', 200_690], ['Titi Me Pregunto', 'Bad Bunny', 'Latin', 243_716], ['So What', 'Miles Davis', 'Jazz', 562_000], ['HUMBLE.', 'Kendrick Lamar', 'Hip Hop', 177_000], ['Bohemian Rhapsody', 'Queen', 'Rock', 354_320], ['Take Five', 'Dave Brubeck', 'Jazz', 324_000], ['Cruel Summer', 'Taylor Swift', 'Pop', 178_426]];
  const albums: Record<string, string> = { 'Blinding Lights': 'After Hours', 'Anti-Hero': 'Midnights', 'Titi Me Pregunto': 'Un Verano Sin Ti', 'So What': 'Kind of Blue', 'HUMBLE.': 'DAMN.', 'Bohemian Rhapsody': 'A Night at the Opera', 'Take Five': 'Time Out', 'Cruel Summer': 'Lover' };
  return Array.from({ length: 5000 }, (_, i) => {
    const [title, artist, genre, length] = tracks[(i * 3) % 8]!;
    const skipped = i % 4 === 0;
    return {
      play_id: 10_000_000 + i * 7,
      user_id: `user_${(i * 37) % 650}`,
      track: { title, artist, genre },
      album: albums[title],
      played_at: new Date(Date.UTC(2025, 8, 1) + i * 1_500_000).toISOString(),
      track_duration_ms: length,
      ms_played: skipped ? 5_000 + (i % 30) * 1000 : length,
      skipped,
      device: pick(i, 1, [['Phone', 55], ['Desktop', 25], ['Smart Speaker', 12], ['Car', 8]]),
      country: pick(i, 2, [['US', 40], ['Brazil', 20], ['Japan', 15], ['Germany', 15], ['Mexico', 10]]),
      shuffle: i % 3 === 0,
      premium: i % 5 !== 0,
    };
  });
}

describe('QuestionRouter over song plays (the top things with nothing to rank them by, a verb after "gets")', () => {
  const ask = askingOver('querylane-routing-song-plays-', () => ({ song_plays: songPlays() }));

  it('ranks "top 5 artists", "top 10 tracks" by their plays', () => {
    // "Top 5 artists", "top 3 countries" had been refused; "top 10 tracks" and "top 5 most played
    // tracks" had ranked single plays by the track's length.
    expect(ask('top 5 artists')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_track_artist' }, slots: { n: 5, order: 'desc' } });
    expect(ask('top 5 artists in Brazil')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_track_artist' }, slots: { country: 'Brazil', n: 5, order: 'desc' } });
    expect(ask('top 3 countries')).toMatchObject({ kind: 'answer', slots: { column: 'country', n: 3, order: 'desc' } });
    expect(ask('top 10 tracks')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_track_title' }, slots: { n: 10, order: 'desc' } });
    expect(ask('top 5 most played tracks')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_track_title' }, slots: { n: 5, order: 'desc' } });
    // (A superlative says what ranks them.)
    expect(ask('top 5 longest tracks')).toMatchObject({ kind: 'answer', candidate: { name: 'top_song_plays_by_track_duration_ms' } });
  });

  it('reads "unique" as the distinct count\'s word, and refuses a count per group on average no program computes', () => {
    // "Unique" had been an unknown word: refused.
    expect(ask('how many unique users listened to Queen')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_song_plays' }, slots: { column: 'user_id', track_artist: 'Queen' } });
    expect(ask('number of unique users')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_song_plays' }, slots: { column: 'user_id' } });
    // Had averaged the tracks' length per user.
    expect(ask('how many plays per user on average')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many plays per day on average')).toMatchObject({ kind: 'answer', candidate: { name: 'song_plays_average_per_period_by_played_at' }, slots: { interval: 'day' } });
  });

  it('reads a flag set against its opposite as the count per value of the flag, and refuses it of a program that cannot group by it', () => {
    // Had listed the shuffled plays (0.57); had averaged the premium plays only (0.35).
    expect(ask('shuffle vs non-shuffle plays')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_column' }, slots: { column: 'shuffle' } });
    expect(ask('shuffle vs non-shuffle plays')).not.toMatchObject({ slots: { shuffle: true } });
    expect(ask('premium vs free plays')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_column' }, slots: { column: 'premium' } });
    expect(ask('average ms played for premium vs free users')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many plays on shuffle')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays' }, slots: { shuffle: true } });
  });

  it('reads "which X gets <verb> the most" as per X', () => {
    // Had been refused: "the question asks per 'gets'".
    expect(ask('which genre gets skipped the most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_song_plays_by_column' }, slots: { column: 'track.genre', skipped: true, n: 1, order: 'desc' } });
  });
});

function airQualityReadings(): Record<string, unknown>[] {
  const stations = [['Downtown', 'Los Angeles'], ['Harbor', 'Los Angeles'], ['Midtown', 'New York'], ['Bronx', 'New York'], ['Loop', 'Chicago'], ['Lakeview', 'Chicago']];
  const pollutants: [string, string, number][] = [['PM2.5', 'µg/m³', 12], ['NO2', 'ppb', 25], ['O3', 'ppb', 40], ['CO', 'ppm', 0.6]];
  return Array.from({ length: 6000 }, (_, i) => {
    const [station, city] = stations[i % 6]!;
    const [pollutant, unit, base] = pollutants[Math.floor(i / 6) % 4]!;
    const value = Math.round(base * (0.4 + ((i * 7919) % 200) / 100) * 100) / 100;
    const ratio = value / base;
    return {
      reading_id: 5_000_000 + i,
      station_name: station,
      city,
      pollutant,
      value,
      unit,
      measured_at: new Date(Date.UTC(2025, 0, 1) + Math.floor(i / 24) * 3_600_000).toISOString(),
      aqi_category: ratio < 0.8 ? 'Good' : ratio < 1.4 ? 'Moderate' : ratio < 2 ? 'Unhealthy for Sensitive Groups' : 'Unhealthy',
      exceeds_limit: ratio >= 1.6,
    };
  });
}

describe('QuestionRouter over air quality readings (a flag said as a comparison, a pollutant by its name)', () => {
  const ask = askingOver('querylane-routing-air-quality-', () => ({ air_quality: airQualityReadings() }));

  it('reads "exceeded the limit" of `exceeds_limit` as the flag, not a comparison of two columns', () => {
    // Each had been refused ("compares a column with 'limit'", then "lists rows without counting").
    expect(ask('how many readings exceeded the limit')).toMatchObject({ kind: 'answer', candidate: { name: 'count_air_quality' }, slots: { exceeds_limit: true } });
    expect(ask('which pollutant exceeds the limit most often')).toMatchObject({ kind: 'answer', candidate: { name: 'count_air_quality_by_pollutant' }, slots: { exceeds_limit: true, n: 1, order: 'desc' } });
  });

  it('reads "ozone" as the pollutant O3, and refuses the worst air quality of counts', () => {
    // Had averaged every pollutant's value per city.
    expect(ask('average ozone by city')).toMatchObject({ kind: 'answer', slots: { column: 'city', pollutant: 'O3' } });
    // Had counted the fewest readings per city.
    expect(ask('which city has the worst air quality')).toMatchObject({ kind: 'refusal' });
  });
});

function hotelBookings(): Record<string, unknown>[] {
  return Array.from({ length: 4000 }, (_, i) => {
    const nights = 1 + (i % 7);
    const rate = [89, 129, 179, 249, 399][(i * 3) % 5]!;
    const checkIn = Date.UTC(2025, 0, 1) + ((i * 13) % 360) * 86_400_000;
    return {
      booking_ref: `BK${(800_000 + i * 17).toString(36).toUpperCase()}`,
      hotel: ['Grand Plaza', 'Seaside Inn', 'Mountain Lodge', 'City Suites'][(i * 7) % 4],
      room_type: pick(i, 1, [['Standard', 50], ['Deluxe', 30], ['Suite', 15], ['Family', 5]]),
      guest: { name: ['Olivia Brown', 'Liam Smith', 'Emma Jones', 'Noah Garcia', 'Ava Miller', 'Lucas Davis', 'Mia Wilson'][i % 7], country: pick(i, 2, [['USA', 45], ['UK', 20], ['Germany', 15], ['France', 10], ['Japan', 10]]), loyalty_member: i % 3 === 0 },
      booked_at: new Date(checkIn - (5 + (i % 60)) * 86_400_000).toISOString(),
      check_in: new Date(checkIn).toISOString().slice(0, 10),
      check_out: new Date(checkIn + nights * 86_400_000).toISOString().slice(0, 10),
      nights,
      adults: 1 + (i % 3),
      children: i % 5 === 0 ? 2 : i % 4 === 0 ? 1 : 0,
      nightly_rate: rate,
      total_amount: rate * nights,
      channel: pick(i, 3, [['Direct', 35], ['Booking.com', 30], ['Expedia', 25], ['Travel Agent', 10]]),
      cancelled: i % 11 === 0,
      breakfast_included: i % 2 === 0,
    };
  });
}

describe('QuestionRouter over hotel bookings (when a booking came to be, what it cost, what it holds)', () => {
  const ask = askingOver('querylane-routing-hotel-bookings-', () => ({ hotel_bookings: hotelBookings() }));

  it('counts bookings by when they were booked, and check-ins by the check-in', () => {
    // `check_out` had been the main time (no series by `booked_at`): "bookings per month" had
    // counted them by the month they ended, "how many bookings in March" had listed those booked.
    expect(ask('bookings per month')).toMatchObject({ kind: 'answer', candidate: { name: 'hotel_bookings_over_time_by_booked_at' }, slots: { interval: 'month' } });
    expect(ask('how many bookings in March')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { from_booked_at: '2025-03-01', to_booked_at: '2025-03-31' } });
    expect(ask('check-ins per month')).toMatchObject({ kind: 'answer', candidate: { name: 'hotel_bookings_over_time_by_check_in' }, slots: { interval: 'month' } });
  });

  it('ranks by the amount paid for "the most expensive", and refuses a superlative no ranking can filter as asked', () => {
    // Had ranked by the nights.
    expect(ask('what is the most expensive booking')).toMatchObject({ kind: 'answer', candidate: { name: 'top_hotel_bookings_by_total_amount' }, slots: { n: 1, order: 'desc' } });
    // Had totalled the suites' amounts per hotel.
    expect(ask('most expensive suite booking')).toMatchObject({ kind: 'refusal' });
    expect(ask('most expensive hotel')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_amount_by_hotel' } });
  });

  it('reads halves of a year as quarters are read, and a week as seven nights', () => {
    // "The first half" had been the first booking of 2025; "H2" an unknown value.
    expect(ask('bookings in the first half of 2025')).toMatchObject({ kind: 'answer', slots: { from_booked_at: '2025-01-01', to_booked_at: '2025-06-30' } });
    expect(ask('how many bookings in H2 2025')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { from_booked_at: '2025-07-01', to_booked_at: '2025-12-31' } });
    // Had been refused ("shorter than 1").
    expect(ask('how many bookings were shorter than a week')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { max_nights: 6 } });
    expect(ask('bookings of at least a week')).toMatchObject({ kind: 'answer', slots: { min_nights: 7 } });
  });

  it('refuses rows "with" what a column counts where the program does not filter by it', () => {
    // Had listed every booking.
    expect(ask('bookings with children')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many bookings with breakfast')).toMatchObject({ kind: 'answer', candidate: { name: 'count_hotel_bookings' }, slots: { breakfast_included: true } });
  });
});

function libraryLoans(): Record<string, unknown>[] {
  const books: [string, string, string][] = [['Dune', 'Frank Herbert', 'Science Fiction'], ['Beloved', 'Toni Morrison', 'Fiction'], ['Sapiens', 'Yuval Noah Harari', 'History'], ['The Hobbit', 'J.R.R. Tolkien', 'Fantasy'], ['Educated', 'Tara Westover', 'Memoir'], ['Gone Girl', 'Gillian Flynn', 'Mystery'], ['Becoming', 'Michelle Obama', 'Memoir'], ['Circe', 'Madeline Miller', 'Fantasy']];
  return Array.from({ length: 4500 }, (_, i) => {
    const [title, author, genre] = books[(i * 5) % 8]!;
    const out = Date.UTC(2024, 0, 3) + i * 7_000_000;
    const returned = i % 13 === 0 ? null : out + (3 + (i % 30)) * 86_400_000;
    const due = out + 21 * 86_400_000;
    const lateDays = returned === null ? 0 : Math.max(0, Math.round((returned - due) / 86_400_000));
    return {
      loan_id: 60_000 + i,
      book: { title, author, genre },
      member_id: `M${1000 + ((i * 11) % 700)}`,
      member_type: pick(i, 1, [['Adult', 60], ['Student', 25], ['Senior', 10], ['Child', 5]]),
      branch: ['Central', 'Eastside', 'Riverside', 'Northgate'][(i * 3) % 4],
      checked_out_at: new Date(out).toISOString(),
      due_date: new Date(due).toISOString().slice(0, 10),
      returned_at: returned === null ? null : new Date(returned).toISOString(),
      renewals: i % 6 === 0 ? 1 : i % 17 === 0 ? 2 : 0,
      late_fee: Math.round(lateDays * 0.25 * 100) / 100,
      format: pick(i, 2, [['Print', 70], ['E-book', 20], ['Audiobook', 10]]),
    };
  });
}

describe('QuestionRouter over library loans (a deadline among the times, a participle of a noun)', () => {
  const ask = askingOver('querylane-routing-library-loans-', () => ({ library_loans: libraryLoans() }));

  it('counts loans by when they were checked out, not when they were due or returned', () => {
    // Had counted them by the due date; the last loan had been the last returned.
    expect(ask('loans per month')).toMatchObject({ kind: 'answer', candidate: { name: 'library_loans_over_time_by_checked_out_at' }, slots: { interval: 'month' } });
    expect(ask('the last loan')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_library_loans_by_checked_out_at' }, slots: { n: 1, order: 'desc' } });
    expect(ask('loans due in March')).toMatchObject({ kind: 'answer', slots: { from_due_date: '2024-03-01', to_due_date: '2024-03-31' } });
  });

  it('reads "renewed" as some `renewals`, also before a place', () => {
    // Had counted every loan.
    expect(ask('how many loans were renewed')).toMatchObject({ kind: 'answer', candidate: { name: 'count_library_loans' }, slots: { min_renewals: 1 } });
    expect(ask('how many loans have been renewed at Central')).toMatchObject({ kind: 'answer', slots: { branch: 'Central', min_renewals: 1 } });
  });

  it('refuses a measure no column holds said after the data\'s name ("the average loan weight")', () => {
    // "The average loan duration" had averaged the renewals; it is now the days from checkout to return (below).
    expect(ask('average loan weight')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"loan weight"') });
    expect(ask('average loan late fee')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_late_fee' } });
  });

  it('answers the duration of a loan with the days from its checkout to its return, the span of two of its times', () => {
    // Stop 58: had been refused (no column holds it).
    for (const question of ['average loan duration', 'average return time', 'how long are loans kept on average']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_return_time_days' } });
    }
    expect(ask('average loan duration by branch')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_return_time_days_by_column' }, slots: { column: 'branch' } });
  });
});

function equityTrades(): Record<string, unknown>[] {
  const tickers: [string, string, number][] = [['AAPL', 'Technology', 190], ['MSFT', 'Technology', 410], ['JPM', 'Financials', 195], ['XOM', 'Energy', 110], ['PFE', 'Health Care', 28], ['TSLA', 'Consumer Discretionary', 240]];
  return Array.from({ length: 5000 }, (_, i) => {
    const [ticker, sector, base] = tickers[(i * 5) % 6]!;
    const quantity = 10 * (1 + ((i * 37) % 50));
    const price = Math.round(base * (0.9 + ((i * 7919) % 200) / 1000) * 100) / 100;
    return {
      trade_id: `T${9_000_000 + i * 13}`,
      ticker,
      sector,
      side: i % 3 === 0 ? 'SELL' : 'BUY',
      quantity,
      price,
      notional: Math.round(quantity * price * 100) / 100,
      commission: Math.round((1 + quantity * 0.005) * 100) / 100,
      executed_at: new Date(Date.UTC(2025, 2, 3, 14, 30) + i * 1_300_000).toISOString(),
      trader: ['Alice Chen', 'Ben Ortiz', 'Carla Rossi', 'Dev Patel', 'Eve Müller'][(i * 3) % 5],
      desk: ['Equities', 'Quant', 'Retail'][(i * 7) % 3],
      venue: pick(i, 1, [['NYSE', 45], ['NASDAQ', 40], ['IEX', 10], ['Dark Pool', 5]]),
      status: pick(i, 2, [['Filled', 85], ['Partially Filled', 8], ['Cancelled', 5], ['Rejected', 2]]),
    };
  });
}

describe('QuestionRouter over equity trades (shares and volume of a quantity, a side said as done)', () => {
  const ask = askingOver('querylane-routing-trades-', () => ({ trades: equityTrades() }));

  it('totals the quantity for "how many shares", "the most volume", and reads "bought" and "sold" as the side', () => {
    // Had been refused ("shares", "bought"; "volume").
    expect(ask('how many shares of MSFT were bought')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity' }, slots: { ticker: 'MSFT', side: 'BUY' } });
    expect(ask('how many shares were sold by Alice Chen')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity' }, slots: { trader: 'Alice Chen', side: 'SELL' } });
    expect(ask('which venue has the most volume')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_column' }, slots: { column: 'venue', n: 1, order: 'desc' } });
    expect(ask('total volume by sector')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_quantity_by_sector' } });
    expect(ask('how many trades were cancelled')).toMatchObject({ kind: 'answer', candidate: { name: 'count_trades' }, slots: { status: 'Cancelled' } });
  });
});

function powerGeneration(): Record<string, unknown>[] {
  const sources: [string, number][] = [['Fossil Fuels', 35_000], ['Nuclear Energy', 4_000], ['Renewables', 1_000]];
  return Array.from({ length: 17 * 3 }, (_, i) => {
    const [source, base] = sources[i % 3]!;
    const year = 2001 + Math.floor(i / 3);
    return { year: `${year}-01-01`, source, net_generation: Math.round(base * (source === 'Renewables' ? 1 + (year - 2001) * 0.9 : 1 - (year - 2001) * 0.01)) };
  });
}

describe('QuestionRouter over power generation by source (a measure named by its verb)', () => {
  const ask = askingOver('querylane-routing-power-generation-', () => ({ power_generation: powerGeneration() }));

  it('reads "which source generated the most" as the generation per source, not the rows per source', () => {
    // Had counted the rows per source (0.45).
    expect(ask('which source generated the most in 2016')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_net_generation_by_source' }, slots: { from_year: '2016-01-01', to_year: '2016-12-31', n: 1, order: 'desc' } });
  });

  it('ranks the years by a measure named without the word that only qualifies it ("generation" of `net_generation`), and by its total', () => {
    // Stop 62: refused ("year" unread by a ranking of rows); "the highest net generation" averaged the sources.
    expect(ask('which year had the most fossil fuel generation')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { source: 'Fossil Fuels', interval: 'year', n: 1, order: 'desc', rank_by: 'total' } });
    expect(ask('which year had the highest net generation')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { interval: 'year', n: 1, order: 'desc', rank_by: 'total' } });
  });
});

describe('political-contributions, fresh questions (money raised, a status said of the rows)', () => {
  const ask = askingOver('querylane-routing-contributions-raised-', () => ({ political_contributions: vegaJson('political-contributions.json') as Record<string, unknown>[] }));

  it('reads money raised as the receipts', () => {
    // Had been refused ("raised", "money").
    expect(ask('which candidate raised the most money')).toMatchObject({ kind: 'answer', candidate: { name: 'top_political_contributions_by_total_receipts' }, slots: { n: 1, order: 'desc' } });
    expect(ask('how much money did Republicans raise')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_receipts' }, slots: { party_affiliation: 'REP' } });
  });

  it('refuses rows said to be what a column names where no value says it ("incumbents" of a status written I, C, O)', () => {
    // Had counted every candidate.
    expect(ask('how many candidates are incumbents')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many candidates are from Texas')).toMatchObject({ kind: 'answer', slots: { candidate_state: 'TX' } });
  });
});

function sensorReadings(): Record<string, unknown>[] {
  return Array.from({ length: 6000 }, (_, i) => {
    const site = ['Warehouse', 'Office', 'Cold Storage', 'Lab'][(i % 12) % 4]!;
    const base = site === 'Cold Storage' ? 3 : site === 'Lab' ? 21 : 24;
    return {
      reading_id: 70_000_000 + i,
      device_id: `S-${101 + (i % 12)}`,
      location: { site, floor: 1 + ((i % 12) % 3) },
      recorded_at: new Date(Date.UTC(2025, 5, 1) + i * 600_000).toISOString(),
      temperature_c: Math.round((base + Math.sin(i / 40) * 4 + ((i * 7919) % 100) / 50) * 10) / 10,
      humidity_pct: Math.round((40 + Math.cos(i / 55) * 15 + ((i * 104729) % 100) / 20) * 10) / 10,
      battery_pct: Math.max(1, 100 - Math.floor(i / 60) - (i % 12) * 3),
      status: i % 97 === 0 ? 'error' : i % 31 === 0 ? 'warning' : 'ok',
    };
  });
}

describe('QuestionRouter over sensor readings (degrees of a temperature beside other measures)', () => {
  const ask = askingOver('querylane-routing-sensors-', () => ({ sensor_readings: sensorReadings() }));

  it('bounds the temperature by a number of degrees where the count bounds several measures', () => {
    // Had been refused: an unlabelled bound among `temperature_c`, `humidity_pct` and `battery_pct` is no one's.
    expect(ask('how many readings above 25 degrees')).toMatchObject({ kind: 'answer', candidate: { name: 'count_sensor_readings' }, slots: { min_temperature_c: expect.closeTo(25, 6) } });
    expect(ask('how many readings above 25 degrees in the lab')).toMatchObject({ kind: 'answer', slots: { location_site: 'Lab', min_temperature_c: expect.closeTo(25, 6) } });
    expect(ask('how many readings above 25')).toMatchObject({ kind: 'refusal' });
  });

  it('reads a spelled ordinal before a numbered label as its value ("the third floor")', () => {
    // Had averaged the humidity of every floor.
    expect(ask('average humidity on the third floor')).toMatchObject({ kind: 'answer', slots: { location_floor: 3 } });
    expect(ask('how many readings on floor 2')).toMatchObject({ kind: 'answer', candidate: { name: 'count_sensor_readings' }, slots: { location_floor: 2 } });
  });
});

function taxiTrips(): Record<string, unknown>[] {
  const zones = ['JFK Airport', 'LaGuardia Airport', 'Midtown Center', 'Upper East Side North', 'East Village', 'Times Sq/Theatre District', 'Financial District North'];
  return Array.from({ length: 5000 }, (_, i) => {
    const pickup = Date.UTC(2015, 0, 1) + i * 500_000;
    const distance = Math.round((0.5 + ((i * 7919) % 2000) / 100) * 100) / 100;
    const fare = Math.round((3 + distance * 2.5) * 100) / 100;
    const payment = pick(i, 3, [['Credit card', 70], ['Cash', 25], ['No charge', 3], ['Dispute', 2]]);
    const tip = payment === 'Credit card' ? Math.round(fare * (0.1 + (i % 4) * 0.05) * 100) / 100 : 0;
    const tolls = i % 9 === 0 ? 6.94 : 0;
    return {
      trip_id: 50_000_000 + i,
      vendor: pick(i, 1, [['Creative Mobile', 45], ['VeriFone', 55]]),
      pickup_datetime: new Date(pickup).toISOString(),
      dropoff_datetime: new Date(pickup + (5 + distance * 3) * 60_000).toISOString(),
      passenger_count: 1 + ((i * 3) % 5 === 0 ? 1 : 0) + (i % 11 === 0 ? 2 : 0),
      trip_distance: distance,
      pickup_zone: zones[(i * 3) % 7],
      dropoff_zone: zones[(i * 3 + 2 + (i % 3)) % 7],
      payment_type: payment,
      fare_amount: fare,
      tip_amount: tip,
      tolls_amount: tolls,
      total_amount: Math.round((fare + tip + tolls + 0.5) * 100) / 100,
    };
  });
}

describe('QuestionRouter over taxi trips (a measure named without its "amount", money made, a past form of a value)', () => {
  const ask = askingOver('querylane-routing-taxi-', () => ({ taxi_trips: taxiTrips() }));

  it('ranks by a measure named without the "amount" of its name, which only the ranking by a chosen column takes', () => {
    // Had ranked the trips by their passenger count (every ranking's rows hold a tip).
    for (const question of ['biggest tip', 'top 5 tips']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'top_taxi_trips_by_column' }, slots: { column: 'tip_amount', order: 'desc' } });
    }
    expect(ask('highest tolls')).toMatchObject({ kind: 'answer', slots: { column: 'tolls_amount' } });
  });

  it('refuses the average or total of such a measure that no program computes, naming it', () => {
    // "average tip by payment type" had averaged the total amount per payment type.
    for (const question of ['average tip by payment type', 'average tip']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"tip", which no deployed program computes') });
    }
    // The fare, which a program totals, is answered.
    expect(ask('average fare')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_fare_amount' } });
  });

  it('answers money made with the total of what the rows are worth', () => {
    // Both had been refused: "make" and "money" named nothing of the trips.
    expect(ask('how much did we make in January 2015')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_amount' }, slots: { from_pickup_datetime: '2015-01-01' } });
    expect(ask('how much money did we make from JFK Airport')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_amount' }, slots: { pickup_zone: 'JFK Airport' } });
    expect(ask('how much did we make per pickup zone')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_amount_by_pickup_zone' } });
  });

  it('refuses a count of rows said by a past form of a value the data writes otherwise ("disputed" of `Dispute`)', () => {
    // Had counted every trip.
    expect(ask('how many disputed trips')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"disputed"') });
    expect(ask('how many dispute trips')).toMatchObject({ kind: 'answer', slots: { column: 'payment_type', value: 'Dispute' } });
  });
});

function bikeRides(): Record<string, unknown>[] {
  const stations = ['Union Square', 'Central Park South', 'Grand Central', 'Brooklyn Bridge Park', 'Hudson Yards', 'Williamsburg'];
  return Array.from({ length: 4000 }, (_, i) => {
    const start = Date.UTC(2015, 3, 1) + i * 900_000 + ((i * 7919) % 600) * 1000;
    const minutes = 3 + ((i * 104729) % 55);
    return {
      ride_id: `R${(0x1a2b3c + i * 17).toString(16).toUpperCase()}`,
      rideable_type: pick(i, 1, [['classic_bike', 55], ['electric_bike', 40], ['docked_bike', 5]]),
      started_at: new Date(start).toISOString(),
      ended_at: new Date(start + minutes * 60_000).toISOString(),
      start_station_name: stations[(i * 5) % 6],
      end_station_name: stations[(i * 5 + 1 + ((i >> 2) % 5)) % 6],
      member_casual: pick(i, 2, [['member', 70], ['casual', 30]]),
      distance_km: Math.round(minutes * (0.18 + (i % 7) / 100) * 100) / 100,
    };
  });
}

describe('QuestionRouter over bike rides (the data named by its synonym, whose rows "by" a value of two words are)', () => {
  const ask = askingOver('querylane-routing-bike-rides-', () => ({ bike_rides: bikeRides() }));

  it('refuses a measure no data has said after the synonym of the data\'s name ("the average trip speed" of rides)', () => {
    // "The average trip duration" had averaged the distance ("trip" names the rides); it is now the span of the ride's times (below).
    expect(ask('average trip speed')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"trip speed"') });
    expect(ask('average trip distance')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_distance_km' } });
  });

  it('answers the duration of a ride with the minutes from its start to its end', () => {
    for (const question of ['average ride duration', 'average trip duration', 'how long do rides take on average']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ride_duration_minutes' } });
    }
    expect(ask('average duration of member rides')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ride_duration_minutes' }, slots: { member_casual: 'member' } });
    expect(ask('average ride duration by rideable type')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ride_duration_minutes_by_column' }, slots: { column: 'rideable_type' } });
  });

  it('counts the rows "by" a value of two words, no grouping ("rides by electric bikes")', () => {
    // Had counted the electric bikes' rides per start station.
    expect(ask('how many rides by electric bikes')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bike_rides' }, slots: { rideable_type: 'electric_bike' } });
    expect(ask('how many rides by rideable type')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bike_rides_by_rideable_type' } });
  });
});

function storeOrderLines(): Record<string, unknown>[] {
  const products = [['Staples', 'Office Supplies', 'Fasteners'], ['Bretford Table', 'Furniture', 'Tables'], ['Apple iPhone', 'Technology', 'Phones'], ['Avery Binder', 'Office Supplies', 'Binders'], ['Hon Chair', 'Furniture', 'Chairs'], ['Logitech Mouse', 'Technology', 'Accessories']];
  const cities = [['New York City', 'New York', 'East'], ['Los Angeles', 'California', 'West'], ['Seattle', 'Washington', 'West'], ['Houston', 'Texas', 'Central'], ['Chicago', 'Illinois', 'Central'], ['Philadelphia', 'Pennsylvania', 'East'], ['Jacksonville', 'Florida', 'South']];
  return Array.from({ length: 3000 }, (_, i) => {
    const ordered = Date.UTC(2014, 0, 3) + Math.floor(i / 3) * 95_040_000;
    const mode = pick(i, 1, [['Standard Class', 60], ['Second Class', 20], ['First Class', 15], ['Same Day', 5]]);
    const [product, category, subCategory] = products[(i * 7) % 6]!;
    const [city, state, region] = cities[(i * 5 + (i >> 3)) % 7]!;
    const sales = Math.round((10 + ((i * 7919) % 150_000) / 100) * 100) / 100;
    const discount = [0, 0, 0.2, 0.1, 0.4][i % 5]!;
    return {
      'Row ID': i + 1,
      'Order ID': `CA-${100_000 + Math.floor(i / 3)}`,
      'Order Date': new Date(ordered).toISOString().slice(0, 10),
      'Ship Date': new Date(ordered + ({ 'Same Day': 0, 'First Class': 2, 'Second Class': 3 }[mode] ?? 5) * 86_400_000).toISOString().slice(0, 10),
      'Ship Mode': mode,
      Segment: pick(i, 2, [['Consumer', 52], ['Corporate', 30], ['Home Office', 18]]),
      City: city,
      State: state,
      Region: region,
      Category: category,
      'Sub-Category': subCategory,
      'Product Name': product,
      Sales: sales,
      Quantity: 1 + (i % 9),
      Discount: discount,
      Profit: Math.round(sales * (0.3 - discount) * 100) / 100,
    };
  });
}

describe('QuestionRouter over store order lines (a ship date after the order date, a grouping no program makes)', () => {
  const ask = askingOver('querylane-routing-store-orders-', () => ({ store_orders: storeOrderLines() }));

  it('answers the shipping time with the days from the order date to the ship date', () => {
    // Stop 58: had been refused ("shipping", "time" named nothing).
    for (const question of ['average shipping time', 'how many days does it take to ship an order']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_shipping_time_days' } });
    }
  });

  it('refuses which value of a label ranks first where only the single rows are ranked ("which segment has the highest quantity")', () => {
    // Stop 58: "which segment has the highest profit" had answered the one most profitable order
    // line (its segment is no segment with the highest profit). Profit has its totals per label
    // since stop 59; the quantity past it has none.
    for (const question of ['which segment has the highest quantity', 'which category has the highest discount']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('ranks single rows') });
    }
    // A label some program groups by answers.
    expect(ask('which state has the highest sales')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_sales_by_state' }, slots: { n: 1, order: 'desc' } });
  });

  it('refuses a grouping by a column answered only by rows nothing bounds, or by the rows per group ("discount by segment")', () => {
    // Stop 58: "profit by segment" had answered the range of profits with no bound: every row.
    // Stop 59: "discount by segment" and "quantity by segment" had counted the rows per segment
    // (the count reads the measures only as bounds, none said).
    for (const question of ['discount by segment', 'quantity by segment']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"segment"') });
    }
    expect(ask('total sales by region')).toMatchObject({ kind: 'answer', slots: { column: 'Region' } });
    // Nor by a word that implies the measure ("units" of `Quantity`): it had counted the rows per segment (0.99).
    expect(ask('units by segment')).toMatchObject({ kind: 'refusal' });
    expect(ask('how many order lines by segment')).toMatchObject({ kind: 'answer', candidate: { name: 'count_store_orders_by_column' }, slots: { column: 'Segment' } });
    // Counted by the measure, which the count groups by, they are rows per value.
    expect(ask('how many order lines by discount')).toMatchObject({ kind: 'answer', candidate: { name: 'count_store_orders_by_column' }, slots: { column: 'Discount' } });
  });

  it('totals profit, which goes below zero, per any label ("which category is most profitable")', () => {
    // Stop 59: `Profit` (losses below zero) had been averaged, and came after `Quantity` and a
    // `Discount` summed for the "count" in its name: the cap had cut its totals per label.
    expect(ask('which segment has the highest profit')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_profit_by_column' }, slots: { column: 'Segment', n: 1, order: 'desc' } });
    expect(ask('which category is most profitable')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_profit_by_column' }, slots: { column: 'Category', n: 1, order: 'desc' } });
    expect(ask('total profit by region')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_profit_by_column' }, slots: { column: 'Region' } });
    expect(ask('what is the total profit')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_profit' } });
    expect(ask('average discount')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_discount' } });
  });

  it('reads a column named with a hyphen as its words ("profit by sub-category")', () => {
    // Had listed every order line (0.94): the cues read "sub" alone as the grouping asked for.
    for (const question of ['profit by sub-category', 'total profit per Sub-Category']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'sum_profit_by_sub_category' } });
    }
    expect(ask('which sub-category has the highest sales')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_sales_by_sub_category' }, slots: { n: 1, order: 'desc' } });
  });
});

function bankTransactions(): Record<string, unknown>[] {
  const merchants = [['Whole Foods', 'Groceries'], ['Shell', 'Fuel'], ['Netflix', 'Subscriptions'], ['Amazon', 'Shopping'], ['Starbucks', 'Dining'], ['Uber', 'Transport'], ['Con Edison', 'Utilities'], ['Acme Payroll', 'Income'], ['Landlord LLC', 'Rent']];
  return Array.from({ length: 5000 }, (_, i) => {
    const [merchant, category] = merchants[(i * 7 + (i >> 4)) % 9]!;
    const credit = category === 'Income';
    return {
      transaction_id: `TX${(9_000_000 + i * 13).toString(36).toUpperCase()}`,
      account: pick(i, 1, [['Checking', 70], ['Credit Card', 25], ['Savings', 5]]),
      posted_at: new Date(Date.UTC(2024, 0, 1) + i * 6_300_000).toISOString(),
      merchant,
      category,
      // Money out below zero, money in above.
      amount: credit ? 2500 + (i % 5) * 100 : -Math.round((3 + ((i * 7919) % 25_000) / 100) * (category === 'Rent' ? 20 : 1) * 100) / 100,
      balance_after: Math.round((5000 + Math.sin(i / 50) * 3000) * 100) / 100,
      pending: i % 40 === 0,
    };
  });
}

describe('QuestionRouter over bank transactions (money out below zero, a running balance)', () => {
  const ask = askingOver('querylane-routing-bank-', () => ({ bank_transactions: bankTransactions() }));

  it('totals the amount for spending said as a noun ("top 5 merchants by spending")', () => {
    // Stop 59: both had counted the transactions per merchant (0.93, 0.96).
    expect(ask('top 5 merchants by spending')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_merchant' }, slots: { n: 5, order: 'desc' } });
    expect(ask('spending by merchant')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_merchant' } });
    expect(ask('how much did I spend on groceries')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount' }, slots: { category: 'Groceries' } });
  });

  it('reads "last 10" said of rows, with "my" or no article, as the newest ("show my last 10 transactions")', () => {
    // Stop 59: had ranked the 10 largest amounts (0.86): only "the last" was read as time.
    for (const question of ['show my last 10 transactions', 'last 10 transactions']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'latest_bank_transactions_by_posted_at' }, slots: { n: 10, order: 'desc' } });
    }
    expect(ask('first 5 transactions')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_bank_transactions_by_posted_at' }, slots: { n: 5, order: 'asc' } });
  });

  it('refuses money ranked by a weekday where only the rows are counted or ranked ("which day of the week do I spend the most")', () => {
    // Stop 59: the first had counted the transactions per weekday (0.74), the second ranked single transactions.
    for (const question of ['which day of the week do I spend the most', 'which day of the week do I spend the most money']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal' });
    }
    expect(ask('which day of the week has the most transactions')).toMatchObject({ kind: 'answer', candidate: { name: 'count_bank_transactions_by_day_of_week' }, slots: { n: 1, order: 'desc' } });
  });
});

function shopOrders(): Record<string, unknown>[] {
  const customers = Array.from({ length: 300 }, (_, k) => ({
    id: `cus_${(100_000 + k * 7919).toString(36)}`,
    name: `${['Ana', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana'][k % 8]} ${['Ito', 'Jones', 'Khan', 'Lopez', 'Moss', 'Ng', 'Obi', 'Park', 'Quin', 'Roy'][k % 10]}`,
    country: ['US', 'GB', 'DE', 'FR', 'CA', 'AU'][(k * 5) % 6],
    tier: ['free', 'plus', 'pro'][((k * 3) % 7) % 3],
  }));
  return Array.from({ length: 6000 }, (_, i) => {
    const subtotal = Math.round((15 + ((i * 7919) % 40_000) / 100) * 100) / 100;
    return {
      id: 700_000 + i,
      created_at: new Date(Date.UTC(2025, 0, 1) + i * 4_900_000).toISOString(),
      status: pick(i, 1, [['delivered', 70], ['shipped', 12], ['processing', 8], ['cancelled', 6], ['refunded', 4]]),
      customer: customers[(i * 37) % 300],
      items_count: 1 + ((i * 3) % 6),
      subtotal,
      shipping: { method: pick(i, 2, [['standard', 60], ['express', 30], ['pickup', 10]]), cost: [4.99, 14.99, 0][(i * 7) % 3] },
      tax: Math.round(subtotal * 0.08 * 100) / 100,
      total: Math.round(subtotal * 1.08 * 100) / 100,
      channel: pick(i, 3, [['web', 55], ['ios', 25], ['android', 20]]),
    };
  });
}

describe('QuestionRouter over shop orders (a nested customer and shipping, an order\'s `total`)', () => {
  const ask = askingOver('querylane-routing-shop-orders-', () => ({ shop_orders: shopOrders() }));

  it("reads money spent as the order's own worth, not a nested thing's cost ('which customer spent the most')", () => {
    // Stop 59: `total`, a word of an operation, was no label the worth words kept, and
    // `shipping.cost` was labelled "cost" alone: both questions had totalled the shipping cost.
    expect(ask('which customer spent the most')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_by_column' }, slots: { column: 'customer.name', n: 1, order: 'desc' } });
    expect(ask('revenue by shipping method')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_by_column' }, slots: { column: 'shipping.method' } });
    // Said of the shipping, the shipping's cost.
    expect(ask('which customer spent the most on shipping')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_shipping_cost_by_column' } });
  });

  it('gives one total for "total X from <value>" said first, not a total per group', () => {
    // Stop 59: had totalled per customer country, of the pro tier (0.56).
    expect(ask('total sales from pro customers')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total' }, slots: { customer_tier: 'pro' } });
    expect(ask('total revenue by country')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_by_customer_country' } });
  });

  it('reads "per customer tier" as one grouping, not "customer" besides', () => {
    // Stop 59: refused, "customer" read as a grouping by `customer.country` the program leaves out.
    expect(ask('how many orders per customer tier')).toMatchObject({ kind: 'answer', candidate: { name: 'count_shop_orders_by_customer_tier' } });
    expect(ask('average order value by customer tier')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_total_by_customer_tier' }, slots: { rank_by: 'average' } });
  });
});

function pullRequests(): Record<string, unknown>[] {
  const authors = ['octocat', 'hubot', 'monalisa', 'defunkt', 'mojombo', 'pjhyett', 'wycats', 'tenderlove'];
  return Array.from({ length: 3000 }, (_, i) => {
    const created = Date.UTC(2024, 0, 1) + i * 9_500_000 + ((i * 7919) % 3600) * 1000;
    const state = pick(i, 1, [['merged', 65], ['closed', 15], ['open', 20]]);
    const ended = created + (1 + ((i * 104_729) % 300)) * 3_600_000;
    return {
      number: 1000 + i,
      title: `${['Fix', 'Add', 'Refactor', 'Update', 'Remove'][i % 5]} ${['login flow', 'cache layer', 'docs', 'CI config', 'parser', 'API client'][(i * 7) % 6]}`,
      // GitHub's own: a login, and a type whose values (User, Bot) say "user" too.
      user: { login: authors[(i * 3) % 8], type: i % 29 === 0 ? 'Bot' : 'User' },
      state,
      draft: i % 13 === 0,
      created_at: new Date(created).toISOString(),
      merged_at: state === 'merged' ? new Date(ended).toISOString() : null,
      closed_at: state === 'open' ? null : new Date(ended).toISOString(),
      additions: (i * 37) % 900,
      deletions: (i * 53) % 400,
      changed_files: 1 + (i % 25),
      comments: (i * 7) % 15,
      base_branch: pick(i, 2, [['main', 80], ['release', 15], ['develop', 5]]),
      label: pick(i, 3, [['bug', 35], ['feature', 30], ['chore', 20], ['docs', 15]]),
    };
  });
}

describe('QuestionRouter over pull requests (a nested user whose type says "User", merge and close times)', () => {
  const ask = askingOver('querylane-routing-pull-requests-', () => ({ pull_requests: pullRequests() }));

  it('ranks months by their rows named in two words ("which month had the most pull requests")', () => {
    // Stop 59: "the most pull requests" had been read as a superlative "request(s)" of the subject
    // "most pull", and single pull requests ranked by their additions (0.53).
    for (const question of ['which month had the most pull requests', 'which month had the most PRs']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'pull_requests_over_time_by_created_at' }, slots: { interval: 'month', n: 1, order: 'desc' } });
    }
    // The series cannot take "merged": refused, not the rows listed.
    expect(ask('which month had the most merged pull requests')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('which month') });
  });

  it('answers the time to merge from the creation to the merge ("average time to merge")', () => {
    // Stop 59: only the closing time was made; both had been refused.
    for (const question of ['average time to merge', 'how long does it take to merge a PR']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_merge_time_days' } });
    }
  });

  it('groups by the user a value also names ("which user has the most pull requests")', () => {
    // Stop 59: "user", a value of `user.type`, was no grouping: ranked single pull requests
    // (refused), the overall closing time, the count of all pull requests, and the closing time per
    // state (the value "closed" chose the column).
    expect(ask('which user has the most pull requests')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pull_requests_by_user_login' }, slots: { n: 1, order: 'desc' } });
    expect(ask('how many PRs by user')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pull_requests_by_user_login' } });
    expect(ask('average closing time by user')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_closing_time_days_by_column' }, slots: { column: 'user.login' } });
    expect(ask('which user gets PRs closed fastest')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_closing_time_days_by_column' }, slots: { column: 'user.login', n: 1, order: 'asc' } });
    // A value said of the rows still filters.
    expect(ask('how many PRs by bots')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pull_requests' }, slots: { user_type: 'Bot' } });
  });
});

describe('QuestionRouter over daily weather of two cities (weather.csv: periods ranked by a measure an adjective implies)', () => {
  const ask = askingOver('querylane-routing-weather-two-cities-', () => ({ weather: csv('weather.csv') }));

  it('ranks months or years of daily rows by the measure the adjective implies ("which month is the windiest")', () => {
    // Stop 59: each had ranked single days (the windiest day is no windiest month), or, for "the
    // hottest year on average", the years by their number of rows: the series of any measure, where
    // `temp_max` and `wind` are, was no candidate without its column named.
    for (const question of ['which month is the windiest', 'what is the windiest month']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'weather_column_over_time_by_date' }, slots: { column: 'wind', interval: 'month', n: 1, order: 'desc' } });
    }
    for (const question of ['which year was the hottest', 'what was the hottest year', 'which year was the hottest on average']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'weather_column_over_time_by_date' }, slots: { column: 'temp_max', interval: 'year', n: 1, order: 'desc' } });
    }
    // The coldest by the lowest temperatures, in the city said.
    expect(ask('which year was the coldest in Seattle')).toMatchObject({ kind: 'answer', slots: { column: 'temp_min', location: 'Seattle', interval: 'year', order: 'asc' } });
    // A wind is averaged per period, never added up; rain is added up.
    expect(ask('which month had the highest wind')).toMatchObject({ kind: 'answer', slots: { column: 'wind', interval: 'month' } });
    expect(ask('which month had the highest wind')).not.toMatchObject({ slots: { rank_by: 'total' } });
    expect(ask('which month was the wettest in 2014')).toMatchObject({ kind: 'answer', candidate: { name: 'weather_over_time_by_date' }, slots: { interval: 'month', rank_by: 'total', from_date: '2014-01-01' } });
    // The rows are days: the hottest day is a day ranked.
    expect(ask('what was the hottest day')).toMatchObject({ kind: 'answer', candidate: { name: 'top_weather_by_temp_max' }, slots: { n: 1, order: 'desc' } });
  });
});

function airlineFlights(): Record<string, unknown>[] {
  const airports = ['JFK', 'LAX', 'ORD', 'ATL', 'DFW', 'SFO', 'SEA', 'BOS'];
  return Array.from({ length: 8000 }, (_, i) => {
    const origin = airports[(i * 3) % 8]!;
    const dest = airports[(i * 5 + 1) % 8] === origin ? airports[(i * 5 + 2) % 8]! : airports[(i * 5 + 1) % 8]!;
    const cancelled = i % 37 === 0;
    const delay = cancelled ? null : ((i * 7919) % 120) - 15;
    // As the on-time data of transport statistics names its columns.
    return {
      fl_date: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 22) * 86_400_000).toISOString().slice(0, 10),
      op_carrier: pick(i, 1, [['AA', 25], ['DL', 25], ['UA', 20], ['WN', 20], ['B6', 10]]),
      op_carrier_fl_num: 100 + (i % 900),
      origin,
      dest,
      crs_dep_time: 600 + ((i * 17) % 1600),
      dep_delay: delay,
      arr_delay: delay === null ? null : delay + ((i * 13) % 30) - 12,
      cancelled: cancelled ? 1 : 0,
      air_time: cancelled ? null : 60 + ((i * 31) % 300),
      distance: 200 + ((i * 97) % 2500),
    };
  });
}

describe('QuestionRouter over airline flights (abbreviated names, delays nobody wants more of)', () => {
  const ask = askingOver('querylane-routing-airline-flights-', () => ({ airline_flights: airlineFlights() }));

  it('ranks the worst of a delay first and the best last', () => {
    // Stop 59: "worst" had ranked the smallest delays first.
    expect(ask('which airport has the worst departure delays')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_dep_delay_by_origin' }, slots: { n: 1, order: 'desc' } });
    expect(ask('worst carrier for delays')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_dep_delay_by_op_carrier' }, slots: { n: 1, order: 'desc' } });
    expect(ask('best carrier for delays')).toMatchObject({ kind: 'answer', slots: { n: 1, order: 'asc' } });
  });

  it('reads a column by the words its abbreviations stand for ("arrival delay" of `arr_delay`)', () => {
    // Stop 59: had averaged the departure delay per carrier (0.85).
    expect(ask('average arrival delay by carrier')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_arr_delay_by_op_carrier' } });
    expect(ask('top 3 flights by arrival delay')).toMatchObject({ kind: 'answer', candidate: { name: 'top_airline_flights_by_arr_delay' }, slots: { n: 3, order: 'desc' } });
  });

  it('reads "departure" as where flights start only where groups are asked, not of the rows ranked', () => {
    // Stop 59: both had averaged the delay per origin airport.
    expect(ask('average departure delay')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_dep_delay' } });
    expect(ask('top 3 flights by departure delay')).toMatchObject({ kind: 'answer', candidate: { name: 'top_airline_flights_by_dep_delay' }, slots: { n: 3, order: 'desc' } });
  });

  it('filters by a flag said by a present form ("which carrier cancels the most flights")', () => {
    // Stop 59: had counted every flight per carrier.
    expect(ask('which carrier cancels the most flights')).toMatchObject({ kind: 'answer', candidate: { name: 'count_airline_flights_by_op_carrier' }, slots: { cancelled: true, n: 1, order: 'desc' } });
  });

  it('refuses on-time performance, which no column measures, rather than rank a time', () => {
    // Stop 59: the departure time as a number (`crs_dep_time` 600–2200) had been averaged per carrier
    // (0.97), then, with no such measure, the air time ranked.
    expect(ask('which carrier has the best on-time performance')).toMatchObject({ kind: 'refusal' });
  });
});

describe('QuestionRouter over coin markets (a wide table, one row per coin, a name of four words)', () => {
  const ask = askingOver('querylane-routing-coins-', () => ({
    coins: Array.from({ length: 250 }, (_, i) => {
      const price = Math.round((1 + ((i * 7919) % 50_000) / 100) * 1000) / 1000;
      const cap = Math.round(1.2e12 / (i + 1) ** 1.3);
      return {
        id: `coin-${i}`,
        name: `Token ${i}`,
        current_price: price,
        market_cap: cap,
        total_volume: Math.round(cap * (0.02 + (i % 7) / 50)),
        high_24h: Math.round(price * 1.04 * 1000) / 1000,
        low_24h: Math.round(price * 0.95 * 1000) / 1000,
        price_change_percentage_24h: Math.round((((i * 37) % 200) / 10 - 10) * 100) / 100,
        circulating_supply: Math.round(cap / price),
        ath: Math.round(price * (1.2 + (i % 5)) * 1000) / 1000,
      };
    }),
  }));

  it('names a column of three words or more by its first two ("price change" of `price_change_percentage_24h`)', () => {
    // Stop 59: each had answered with the current price (0.91, 0.96).
    expect(ask('average price change')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_coins_column' }, slots: { column: 'price_change_percentage_24h' } });
    expect(ask('which coin has the highest price change')).toMatchObject({ kind: 'answer', candidate: { name: 'top_coins_by_column' }, slots: { column: 'price_change_percentage_24h', n: 1, order: 'desc' } });
    expect(ask('top 10 coins by market cap')).toMatchObject({ kind: 'answer', candidate: { name: 'top_coins_by_market_cap' }, slots: { n: 10 } });
  });
});

function enrollmentsByLevel(): Record<string, unknown>[] {
  const courses = [['Intro to Python', 'Programming', 'Beginner'], ['Machine Learning A-Z', 'Data Science', 'Advanced'], ['SQL Basics', 'Data Science', 'Beginner'], ['UX Design', 'Design', 'Intermediate'], ['Public Speaking', 'Business', 'Beginner'], ['React Deep Dive', 'Programming', 'Advanced']];
  return Array.from({ length: 5000 }, (_, i) => {
    const [course, category, level] = courses[(i * 7) % 6]!;
    const enrolled = Date.UTC(2024, 0, 1) + i * 6_000_000;
    const done = i % 3 !== 0;
    return {
      enrollment_id: `enr_${100_000 + i}`,
      student_id: `stu_${(i * 37) % 1500}`,
      course_title: course,
      course_category: category,
      level,
      country: pick(i, 1, [['US', 35], ['IN', 25], ['BR', 10], ['DE', 10], ['NG', 10], ['GB', 10]]),
      plan: pick(i, 2, [['free', 60], ['premium', 40]]),
      enrolled_at: new Date(enrolled).toISOString(),
      completed_at: done ? new Date(enrolled + (3 + (i % 60)) * 86_400_000).toISOString() : null,
      progress_pct: done ? 100 : (i * 13) % 100,
      quiz_score: done ? 50 + ((i * 7) % 51) : null,
    };
  });
}

describe('QuestionRouter over course enrollments (a `level`, a course title beside its category, students counted in a period)', () => {
  const ask = askingOver('querylane-routing-enrollments-levels-', () => ({ course_enrollments: enrollmentsByLevel() }));

  it('chooses a column named by a stop word only ("which level has the highest average quiz score")', () => {
    // Stop 59: `level` had no name to be chosen by: the average per country answered (0.94).
    expect(ask('which level has the highest average quiz score')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_quiz_score_by_column' }, slots: { column: 'level', n: 1, order: 'desc' } });
    expect(ask('how many enrollments per level')).toMatchObject({ kind: 'answer', slots: { column: 'level' } });
  });

  it('groups "by course" by the course itself, not by its category', () => {
    // Stop 59: had averaged per `course_category` (0.94).
    expect(ask('average quiz score by course')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_quiz_score_by_course_title' } });
    expect(ask('average quiz score by course category')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_quiz_score_by_course_category' } });
  });

  it('counts the different students of a period ("how many students enrolled in 2024")', () => {
    // Stop 59: the distinct count had no window: the count per student of 2024 had answered (0.99).
    expect(ask('how many students enrolled in 2024')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_course_enrollments' }, slots: { column: 'student_id', from_enrolled_at: '2024-01-01', to_enrolled_at: '2024-12-31' } });
    expect(ask('how many students from India')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_course_enrollments' }, slots: { column: 'student_id', country: 'IN' } });
  });
});

describe('QuestionRouter over email campaigns (rates and counts of what nobody wants, one ranking of any measure)', () => {
  const ask = askingOver('querylane-routing-email-campaigns-', () => ({
    email_campaigns: Array.from({ length: 400 }, (_, i) => {
      const recipients = 2000 + ((i * 7919) % 48_000);
      const opens = Math.round(recipients * (0.15 + ((i * 13) % 30) / 100));
      const clicks = Math.round(opens * (0.05 + ((i * 7) % 20) / 100));
      return {
        campaign_id: `cmp_${5000 + i}`,
        sent_at: new Date(Date.UTC(2025, 0, 6) + i * 80_000_000).toISOString(),
        segment: pick(i, 1, [['All Subscribers', 40], ['VIP', 15], ['New Users', 25], ['Lapsed', 20]]),
        recipients,
        opens,
        clicks,
        unsubscribes: Math.round(recipients * ((i % 4) / 1000)),
        bounces: Math.round(recipients * ((i % 6) / 100)),
        open_rate: Math.round((opens / recipients) * 10_000) / 10_000,
        click_rate: Math.round((clicks / recipients) * 10_000) / 10_000,
        revenue_usd: Math.round(clicks * (2 + (i % 9)) * 100) / 100,
      };
    }),
  }));

  it('orders the best and the worst by the column chosen, not by every column the program may choose', () => {
    // Stop 59 (within the stop): "the best open rate" had ranked the lowest first, `bounces` being
    // among the ranking's choices.
    expect(ask('which campaign had the best open rate')).toMatchObject({ kind: 'answer', candidate: { name: 'top_email_campaigns_by_column' }, slots: { column: 'open_rate', n: 1, order: 'desc' } });
    expect(ask('worst campaigns by unsubscribes')).toMatchObject({ kind: 'answer', slots: { column: 'unsubscribes', order: 'desc' } });
  });
});

describe('QuestionRouter over daily case counts (new and running totals, a population per country)', () => {
  const ask = askingOver('querylane-routing-daily-cases-', () => {
    const rows: Record<string, unknown>[] = [];
    for (const [k, [country, population, continent]] of ([['Brazil', 212e6, 'South America'], ['Germany', 83e6, 'Europe'], ['Italy', 60e6, 'Europe'], ['Japan', 126e6, 'Asia']] as const).entries()) {
      let cases = 0;
      let deaths = 0;
      for (let d = 0; d < 400; d += 1) {
        const newCases = Math.round((population / 1e5) * (1 + Math.sin((d + k * 30) / 40)));
        cases += newCases;
        deaths += Math.round(newCases * 0.012);
        rows.push({ location: country, continent, date: new Date(Date.UTC(2020, 2, 1) + d * 86_400_000).toISOString().slice(0, 10), new_cases: newCases, total_cases: cases, new_deaths: Math.round(newCases * 0.012), total_deaths: deaths, population });
      }
    }
    return { covid_cases: rows };
  });

  it('totals the new counts, never the running totals ("which continent had the most deaths")', () => {
    // Stop 59: the running totals had been summed per continent and per country.
    expect(ask('which continent had the most deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_new_deaths_by_continent' }, slots: { n: 1, order: 'desc' } });
    expect(ask('how many deaths in Germany')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_new_deaths' }, slots: { location: 'Germany' } });
  });

  it('counts a measure named by two words, whatever the data is named ("how many new cases")', () => {
    // Stop 59: had counted the rows (the data is named for cases).
    expect(ask('how many new cases in Brazil in March 2021')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_new_cases' }, slots: { location: 'Brazil', from_date: '2021-03-01', to_date: '2021-03-31' } });
  });
});

describe('QuestionRouter over service requests (a complaint type, values of several words)', () => {
  const ask = askingOver('querylane-routing-service-requests-', () => ({
    service_requests: Array.from({ length: 4000 }, (_, i) => {
      const [type, agency, descriptor] = [['Noise - Residential', 'NYPD', 'Loud Music/Party'], ['Illegal Parking', 'NYPD', 'Blocked Hydrant'], ['HEAT/HOT WATER', 'HPD', 'ENTIRE BUILDING'], ['Street Condition', 'DOT', 'Pothole'], ['Rodent', 'DOHMH', 'Rat Sighting']][(i * 3 + (i >> 3)) % 5]!;
      const created = Date.UTC(2024, 0, 1) + i * 5_200_000;
      return {
        unique_key: 59_000_000 + i,
        created_date: new Date(created).toISOString(),
        closed_date: i % 11 === 0 ? null : new Date(created + (1 + ((i * 104_729) % 200)) * 3_600_000).toISOString(),
        agency,
        complaint_type: type,
        descriptor,
        borough: pick(i, 1, [['BROOKLYN', 30], ['QUEENS', 25], ['MANHATTAN', 20], ['BRONX', 18], ['STATEN ISLAND', 7]]),
      };
    }),
  }));

  it('reads a word before the thing a kind names as a value of the kind ("noise complaints" of `complaint_type`)', () => {
    // Stop 59: "noise" right before "complaints" had been read as naming the column, and the
    // complaints of every type counted.
    expect(ask('how many noise complaints in Brooklyn')).toMatchObject({ kind: 'answer', candidate: { name: 'count_service_requests' }, slots: { complaint_type: 'Noise - Residential', borough: 'BROOKLYN' } });
    expect(ask('how many heat complaints')).toMatchObject({ kind: 'answer', slots: { complaint_type: 'HEAT/HOT WATER' } });
    // Grouped by the kind, no value.
    expect(ask('how many complaints by type')).toMatchObject({ kind: 'answer', candidate: { name: 'count_service_requests_by_complaint_type' } });
  });
});

describe('QuestionRouter over app events (an event name, a user, revenue)', () => {
  const ask = askingOver('querylane-routing-app-events-', () => ({
    app_events: Array.from({ length: 6000 }, (_, i) => {
      const event = pick(i, 1, [['page_view', 50], ['add_to_cart', 15], ['purchase', 5], ['signup', 5], ['login', 20], ['search', 5]]);
      return {
        event_id: `evt_${(100_000 + i * 7919).toString(16)}`,
        user_id: `u_${(i * 7) % 1200}`,
        event_name: event,
        event_time: new Date(Date.UTC(2025, 5, 1) + i * 320_000).toISOString(),
        platform: pick(i, 2, [['web', 55], ['ios', 25], ['android', 20]]),
        revenue: event === 'purchase' ? Math.round((5 + (i % 50)) * 100) / 100 : 0,
      };
    }),
  }));

  it('refuses a subject no data names, whatever its time ("DAU over time", "MAU by month")', () => {
    // Stop 59: a period or "over time" had counted as the subject matched (the time column's
    // name): the events per period had answered at 0.69 and 0.94.
    for (const question of ['DAU over time', 'MAU by month', 'frobnication over time']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('none of the deployed programs') });
    }
    expect(ask('purchases per day')).toMatchObject({ kind: 'answer', candidate: { name: 'app_events_over_time_by_event_time' }, slots: { event_name: 'purchase', interval: 'day' } });
    expect(ask('what was the busiest month')).toMatchObject({ kind: 'answer', candidate: { name: 'app_events_over_time_by_event_time' }, slots: { interval: 'month', n: 1 } });
  });

  it('reads a verb and its particle said apart as the one word the data writes ("signed up" of `signup`)', () => {
    // Stop 59: "signed up" had matched no value: every user of June had been counted.
    expect(ask('how many users signed up in June')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_app_events' }, slots: { column: 'user_id', event_name: 'signup', from_event_time: '2025-06-01' } });
    expect(ask('how many people logged in on ios')).toMatchObject({ kind: 'answer', slots: { event_name: 'login', platform: 'ios' } });
    expect(ask('how many sign ups')).toMatchObject({ kind: 'answer', slots: { event_name: 'signup' } });
  });

  it('refuses the rows per group on average where only each group\'s count is made ("how many events per user on average")', () => {
    // Stop 59: had listed every user's count of events (0.67).
    for (const question of ['how many events per user on average', 'average number of events per user']) {
      expect(ask(question), question).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('on average') });
    }
    // Each group's count, asked so, answers; so does the average per period.
    expect(ask('how many events per user')).toMatchObject({ kind: 'answer', candidate: { name: 'count_app_events_by_column' }, slots: { column: 'user_id' } });
    expect(ask('how many purchases per day on average')).toMatchObject({ kind: 'answer', candidate: { name: 'app_events_average_per_period_by_event_time' } });
  });
});

describe('QuestionRouter over an inventory (a unit cost beside a unit price, SKUs beside product names)', () => {
  const ask = askingOver('querylane-routing-inventory-', () => ({
    inventory: Array.from({ length: 600 }, (_, i) => {
      const cost = Math.round((2 + ((i * 7919) % 20_000) / 100) * 100) / 100;
      return {
        sku: `SKU-${10_000 + i * 3}`,
        product_name: `${['Deluxe', 'Basic', 'Pro', 'Mini', 'Max'][i % 5]} ${['Blender', 'Stapler', 'Drone', 'Hose', 'Lamp', 'Puzzle', 'Kettle', 'Router'][(i * 3) % 8]} ${i}`,
        category: ['Electronics', 'Kitchen', 'Toys', 'Garden', 'Office'][(i * 7) % 5],
        supplier: pick(i, 1, [['Acme Supply', 30], ['Globex', 25], ['Initech', 20], ['Umbrella Co', 25]]),
        stock_qty: (i * 37) % 250,
        unit_cost: cost,
        unit_price: Math.round(cost * (1.3 + (i % 7) / 10) * 100) / 100,
        last_restocked: new Date(Date.UTC(2025, 0, 1) + ((i * 104_729) % 300) * 86_400_000).toISOString().slice(0, 10),
      };
    }),
  }));

  it('averages a cost per unit, and reads "cost" as it, "expensive" as the price', () => {
    // Stop 59: `unit_cost` had been summed ("cost" is money that adds up), "the average cost of
    // kitchen items" refused between the cost and the price "cost" implies.
    expect(ask('average cost of kitchen items')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_unit_cost' }, slots: { category: 'Kitchen' } });
    expect(ask('most expensive product')).toMatchObject({ kind: 'answer', candidate: { name: 'top_inventory_by_unit_price' }, slots: { n: 1, order: 'desc' } });
  });

  it('looks a code up by the column whose codes it is shaped like, not by a column of names', () => {
    // Stop 59: "SKU-10003" had been looked up as a product name (0.90).
    expect(ask('what is the stock level of SKU-10003')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_inventory_by_sku' }, slots: { sku: 'SKU-10003' } });
  });
});

describe('QuestionRouter over used-car listings (days on market, a listing date every row has)', () => {
  const ask = askingOver('querylane-routing-used-cars-', () => ({
    used_cars: Array.from({ length: 3000 }, (_, i) => {
      const [make, model, body] = [['Honda', 'Civic', 'Sedan'], ['Toyota', 'RAV4', 'SUV'], ['Ford', 'F-150', 'Truck'], ['Tesla', 'Model 3', 'Sedan'], ['Nissan', 'Leaf', 'Hatchback']][(i * 3) % 5]!;
      return {
        listing_id: `L${400_000 + i}`,
        make,
        model,
        body_type: body,
        fuel_type: make === 'Tesla' || model === 'Leaf' ? 'Electric' : pick(i, 1, [['Gasoline', 85], ['Hybrid', 15]]),
        mileage: 5000 + ((i * 7919) % 150_000),
        price_usd: 8000 + ((i * 104_729) % 30_000),
        state: ['CA', 'TX', 'FL', 'NY', 'WA'][(i * 7) % 5],
        listed_date: new Date(Date.UTC(2025, 0, 1) + i * 9_000_000).toISOString().slice(0, 10),
        days_on_market: 1 + ((i * 13) % 120),
      };
    }),
  }));

  it('answers "how long" of a time spent somewhere with its average, not the longest row', () => {
    // Stop 59: had listed the rows by `days_on_market`, then ranked the longest.
    expect(ask('how long do cars stay on the market')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_days_on_market' } });
  });

  it('reads "listed" of a time every row has as no state of the rows ("how many electric cars are listed")', () => {
    // Stop 59: refused, "listed" read as a state the count does not filter by.
    expect(ask('how many electric cars are listed')).toMatchObject({ kind: 'answer', candidate: { name: 'count_used_cars' }, slots: { fuel_type: 'Electric' } });
  });
});

describe('QuestionRouter over code repositories (stargazers, a `fork` flag beside `forks_count`)', () => {
  const ask = askingOver('querylane-routing-repositories-', () => ({
    repositories: Array.from({ length: 800 }, (_, i) => ({
      full_name: `org${i % 40}/repo-${i}`,
      language: pick(i, 1, [['TypeScript', 25], ['Python', 25], ['Go', 15], ['Rust', 10], ['Java', 15], ['C++', 10]]),
      stargazers_count: Math.round(10 + ((i * 7919) % 50_000) * ((i % 7) / 7)),
      forks_count: (i * 37) % 3000,
      open_issues_count: (i * 13) % 400,
      size: 100 + ((i * 104_729) % 90_000),
      archived: i % 17 === 0,
      fork: i % 11 === 0,
      created_at: new Date(Date.UTC(2012, 0, 1) + i * 400_000_000).toISOString(),
    })),
  }));

  it('reads stars as the stargazers and repos as the repositories', () => {
    // Stop 59: both had been refused ("repo", "stars" named nothing).
    expect(ask('which repo has the most stars')).toMatchObject({ kind: 'answer', candidate: { name: 'top_repositories_by_stargazers_count' }, slots: { n: 1, order: 'desc' } });
    expect(ask('total stars by language')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_stargazers_count_by_language' } });
  });

  it('names a count by its word without "count", and keeps a flag of that word to what the rows are', () => {
    // Stop 59: "by forks" had named the flag `fork` (refused), and the totals of forks had filtered
    // the forked repositories.
    expect(ask('top 10 repositories by forks')).toMatchObject({ kind: 'answer', candidate: { name: 'top_repositories_by_forks_count' }, slots: { n: 10 } });
    expect(ask('total forks by language')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_forks_count_by_language' }, slots: {} });
    expect(ask('total forks by language')).not.toMatchObject({ slots: { fork: true } });
    for (const question of ['how many repositories are forks', 'how many forked repositories']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'count_repositories' }, slots: { fork: true } });
    }
  });
});

describe('QuestionRouter over films whose distributors have names of common words', () => {
  const ask = askingOver('querylane-routing-films-', () => ({
    films: Array.from({ length: 300 }, (_, i) => ({
      film_id: `F-${1000 + i}`,
      distributor: ['Good Machine Releasing', 'Warner Bros.', 'Paramount Pictures', 'Lionsgate'][i % 4],
      genre: ['Drama', 'Comedy', 'Horror'][(i * 7) % 3],
      gross_usd: 1_000_000 + ((i * 7919) % 90_000_000),
    })),
  }));

  it('reads one word in small letters after "a" as what kind of thing, no part of a name ("a good film")', () => {
    // Had listed the films of "Good Machine Releasing".
    const answer = ask('recommend a good film');
    expect(answer.kind === 'answer' && answer.slots.distributor).not.toBe('Good Machine Releasing');
    expect(ask('films by Good Machine')).toMatchObject({ kind: 'answer', slots: { distributor: 'Good Machine Releasing' } });
  });
});

function hospitalAdmissions(): Record<string, unknown>[] {
  return Array.from({ length: 3000 }, (_, i) => {
    const admitted = Date.UTC(2014, 0, 1, 6) + i * 10_800_000 + ((i * 7919) % 3600) * 1000;
    const stayHours = 6 + ((i * 104_729) % 400);
    const discharged = i % 25 === 0 ? null : admitted + stayHours * 3_600_000;
    return {
      admission_id: `ADM-${500_000 + i}`,
      patient_id: `P${10_000 + ((i * 37) % 1800)}`,
      ward: pick(i, 1, [['Cardiology', 20], ['Orthopedics', 18], ['Oncology', 12], ['Maternity', 15], ['General Medicine', 25], ['Pediatrics', 10]]),
      admission_type: pick(i, 2, [['Emergency', 55], ['Elective', 35], ['Transfer', 10]]),
      admitted_at: new Date(admitted).toISOString(),
      discharged_at: discharged === null ? null : new Date(discharged).toISOString(),
      primary_diagnosis: ['Pneumonia', 'Heart Failure', 'Hip Fracture', 'Sepsis', 'COPD', 'Childbirth', 'Stroke'][(i * 3) % 7],
      patient_age: 1 + ((i * 13) % 95),
      insurance: pick(i, 3, [['Medicare', 40], ['Private', 35], ['Medicaid', 20], ['Uninsured', 5]]),
      total_charges: Math.round((2000 + stayHours * 180 + ((i * 7919) % 20_000)) * 100) / 100,
      readmitted_30d: i % 9 === 0,
    };
  });
}

describe('QuestionRouter over hospital admissions (a length of stay, patients counted beside their age)', () => {
  const ask = askingOver('querylane-routing-admissions-', () => ({ admissions: hospitalAdmissions() }));

  it('answers the length of stay with the days from admission to discharge', () => {
    // Stop 58: no column held it ("average stay for heart failure" had averaged the patients' age).
    for (const question of ['average length of stay', 'how long do patients stay', 'average stay for heart failure']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'avg_length_of_stay_days' } });
    }
    expect(ask('which ward has the longest stays')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_length_of_stay_days_by_column' }, slots: { column: 'ward', n: 1, order: 'desc' } });
  });

  it('counts the patients, not their age, where a measure is an attribute of them (`patient_age`)', () => {
    // Had averaged `patient_age` (1.00): "how many patients" read as a total of a measure they name.
    for (const question of ['how many patients', 'how many unique patients']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_admissions' }, slots: { column: 'patient_id' } });
    }
    expect(ask('average age of patients in Pediatrics')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_patient_age' }, slots: { ward: 'Pediatrics' } });
  });
});

function supportCalls(): Record<string, unknown>[] {
  return Array.from({ length: 4000 }, (_, i) => {
    const start = Date.UTC(2015, 1, 3, 8) + i * 540_000 + ((i * 7919) % 300) * 1000;
    const talk = 60 + ((i * 104_729) % 1500);
    const abandoned = i % 17 === 0;
    return {
      call_id: `CALL-${800_000 + i}`,
      agent_name: abandoned ? null : ['Maria Lopez', 'James Carter', 'Aiko Tanaka', 'Samuel Osei', 'Priya Nair', 'Lukas Weber'][(i * 5) % 6],
      queue: pick(i, 1, [['Billing', 35], ['Technical Support', 40], ['Sales', 15], ['Cancellations', 10]]),
      channel: pick(i, 2, [['Phone', 70], ['Callback', 20], ['Video', 10]]),
      call_start: new Date(start).toISOString(),
      call_end: abandoned ? null : new Date(start + talk * 1000).toISOString(),
      wait_seconds: 5 + ((i * 7919) % 600),
      abandoned,
      csat_score: abandoned || i % 3 === 0 ? null : 1 + ((i * 7) % 5),
      resolved_first_call: !abandoned && i % 4 !== 0,
    };
  });
}

describe('QuestionRouter over support calls (a call\'s start and end beside a wait, a flag named with "first")', () => {
  const ask = askingOver('querylane-routing-support-calls-', () => ({ support_calls: supportCalls() }));

  it('averages the call duration from its start and end, the wait being another span', () => {
    expect(ask('average call duration')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_call_duration_minutes' } });
    expect(ask('average wait time')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_wait_seconds' } });
  });

  it('counts rows by a flag whose name holds "first", not the first rows ("resolved on the first call")', () => {
    // Had listed the calls by their end, oldest first.
    expect(ask('how many calls were resolved on the first call')).toMatchObject({ kind: 'answer', candidate: { name: 'count_support_calls' }, slots: { resolved_first_call: true } });
    // Its rate is no program's: refused (had listed every call; the data's name among the rate's
    // words, and a span of calls measured, had read it as a measure of the data).
    expect(ask('first call resolution rate')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"first call resolution" rate') });
  });

  it('takes the newest rows by when they start, a start named after the thing ("call start")', () => {
    // Had taken the newest by `call_end`.
    expect(ask('when was the last call')).toMatchObject({ kind: 'answer', candidate: { name: 'latest_support_calls_by_call_start' }, slots: { n: 1, order: 'desc' } });
  });
});

function projectTasks(): Record<string, unknown>[] {
  return Array.from({ length: 2500 }, (_, i) => {
    const created = Date.UTC(2015, 0, 6, 9) + i * 12_600_000;
    const status = pick(i, 1, [['Done', 60], ['In Progress', 20], ['To Do', 15], ['Blocked', 5]]);
    const hours = 4 + ((i * 7919) % 300);
    return {
      task_id: `PROJ-${1000 + i}`,
      project: ['Apollo', 'Hermes', 'Zeus'][(i * 7) % 3],
      assignee: ['Maria Lopez', 'James Carter', 'Aiko Tanaka', 'Samuel Osei', 'Priya Nair'][(i * 3) % 5],
      priority: pick(i, 2, [['Low', 30], ['Medium', 45], ['High', 20], ['Critical', 5]]),
      status,
      story_points: [1, 2, 3, 5, 8, 13][(i * 11) % 6],
      created_at: new Date(created).toISOString(),
      due_date: new Date(created + 14 * 86_400_000).toISOString().slice(0, 10),
      completed_at: status === 'Done' ? new Date(created + hours * 3_600_000).toISOString() : null,
    };
  });
}

describe('QuestionRouter over project tasks (a completion time per assignee, a completion rate)', () => {
  const ask = askingOver('querylane-routing-tasks-', () => ({ tasks: projectTasks() }));

  it('ranks the assignees by their average completion time, the fastest the shortest', () => {
    // Had listed one completed task (the per-column average read no `completed_at` said as "completes").
    expect(ask('which assignee completes tasks fastest')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_completion_time_days_by_column' }, slots: { column: 'assignee', n: 1, order: 'asc' } });
    expect(ask('average completion time for high priority tasks')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_completion_time_days' }, slots: { priority: 'High' } });
  });

  it('counts the open tasks as those not completed yet', () => {
    // Had been refused ("open" is no status here).
    expect(ask('how many open tasks')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tasks' }, slots: { has_completed_at: false } });
  });

  it('refuses a completion rate, which a completion time is not', () => {
    // Had answered the average completion time per project.
    expect(ask('completion rate by project')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('"completion" rate') });
  });
});

function parkingSessions(): Record<string, unknown>[] {
  return Array.from({ length: 3000 }, (_, i) => {
    const entry = Date.UTC(2015, 5, 2, 6) + i * 900_000 + ((i * 7919) % 600) * 1000;
    const minutes = 10 + ((i * 104_729) % 600);
    const lot = ['Downtown Garage', 'Airport Long-Term', 'Stadium Lot', 'Hospital Deck'][(i * 3) % 4]!;
    return {
      session_id: 90_000_000 + i,
      lot,
      vehicle_type: pick(i, 1, [['Car', 80], ['Motorcycle', 8], ['Van', 9], ['EV', 3]]),
      entry_time: new Date(entry).toISOString(),
      exit_time: i % 50 === 0 ? null : new Date(entry + minutes * 60_000).toISOString(),
      fee: Math.round((2 + Math.ceil(minutes / 60) * (lot === 'Airport Long-Term' ? 1.5 : 3)) * 100) / 100,
      payment_method: pick(i, 2, [['Card', 60], ['App', 30], ['Cash', 10]]),
    };
  });
}

describe('QuestionRouter over parking sessions (an entry and an exit, money collected, the longest of no length)', () => {
  const ask = askingOver('querylane-routing-parking-', () => ({ parking_sessions: parkingSessions() }));

  it('averages the time from entry to exit, "how long" naming no lot "Airport Long-Term"', () => {
    expect(ask('average parking duration')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_session_duration_hours' } });
    // Had taken the lot "Airport Long-Term" from "long".
    const cars = ask('how long do cars stay on average');
    expect(cars).toMatchObject({ kind: 'answer', candidate: { name: 'avg_session_duration_hours' }, slots: { vehicle_type: 'Car' } });
    expect(cars.kind === 'answer' && cars.slots.lot).toBeUndefined();
    expect(ask('which lot has the longest stays')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_session_duration_hours_by_column' }, slots: { column: 'lot', n: 1, order: 'desc' } });
  });

  it('totals the fees for money collected or taken in', () => {
    // Both had been refused: "collect", "take in" named nothing.
    expect(ask('how much did we collect in June 2015')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fee' }, figure: 'total', slots: { from_entry_time: '2015-06-01' } });
    expect(ask('how much did the Stadium Lot take in')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_fee' }, figure: 'total', slots: { lot: 'Stadium Lot' } });
    // ("How much time does it take" asks for no money.)
    expect(ask('how much time does parking take')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_session_duration_hours' } });
  });

  it('counts the rows whose end has not come, said as the state they are still in ("still parked", "open sessions")', () => {
    // Had counted every car, every session.
    expect(ask('how many cars are still parked')).toMatchObject({ kind: 'answer', candidate: { name: 'count_parking_sessions' }, slots: { vehicle_type: 'Car', has_exit_time: false } });
    const stadium = ask('how many sessions at the Stadium Lot');
    expect(stadium).toMatchObject({ kind: 'answer', slots: { lot: 'Stadium Lot' } });
    expect(stadium.kind === 'answer' && stadium.slots.has_exit_time).toBeUndefined();
  });

  it('refuses the longest rows ranked by a measure of no length or duration', () => {
    // Had ranked the sessions by their fee.
    expect(ask('longest parking session')).toMatchObject({ kind: 'refusal', reason: expect.stringContaining('no length or duration') });
  });
});

function saasSubscriptions(): Record<string, unknown>[] {
  return Array.from({ length: 2500 }, (_, i) => {
    const started = Date.UTC(2013, 0, 5) + i * 25_000_000;
    const cancelled = i % 4 === 0 ? started + (30 + (i % 300)) * 86_400_000 : null;
    const plan = pick(i, 1, [['Basic', 50], ['Pro', 35], ['Enterprise', 15]]);
    return {
      subscription_id: `sub_${(100_000 + i * 7).toString(36)}`,
      plan,
      billing_cycle: pick(i, 2, [['monthly', 70], ['annual', 30]]),
      country: ['US', 'UK', 'DE', 'FR', 'CA', 'AU'][(i * 5) % 6],
      started_at: new Date(started).toISOString(),
      cancelled_at: cancelled === null ? null : new Date(cancelled).toISOString(),
      mrr_usd: plan === 'Basic' ? 19 : plan === 'Pro' ? 49 : 299,
      seats: plan === 'Enterprise' ? 10 + (i % 40) : 1 + (i % 3),
    };
  });
}

describe('QuestionRouter over SaaS subscriptions (active ones not cancelled, MRR in dollars from a country)', () => {
  const ask = askingOver('querylane-routing-saas-', () => ({ subscriptions: saasSubscriptions() }));

  it('counts the active subscriptions as those not cancelled', () => {
    // Had been refused ("active" named nothing), or counted every annual subscription.
    expect(ask('how many active subscriptions')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { has_cancelled_at: false } });
    expect(ask('how many annual subscriptions are still active')).toMatchObject({ kind: 'answer', candidate: { name: 'count_subscriptions' }, slots: { billing_cycle: 'annual', has_cancelled_at: false } });
    expect(ask('how many subscriptions were cancelled')).toMatchObject({ kind: 'answer', slots: { has_cancelled_at: true } });
  });

  it('totals a quantity named without its unit ("MRR from Germany" of `mrr_usd`)', () => {
    // Had listed the subscriptions of Germany by a range of MRR with no bound.
    expect(ask('mrr from Germany')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_mrr_usd' }, slots: { country: 'DE' } });
  });
});

describe('QuestionRouter over employment by industry (us-employment.csv: a wide table of measures; unemployment per industry)', () => {
  const ask = askingOver('querylane-routing-employment-', () => ({ employment: csv('us-employment.csv') }));
  const askUnemployment = askingOver('querylane-routing-unemployment-', () => ({ unemployment: vegaJson('unemployment-across-industries.json') as Record<string, unknown>[] }));

  it('reads "how many <measure> jobs" of a wide table as that measure, chosen, not as rows counted', () => {
    // Stop 60: refused ("construction", "jobs" named nothing): the rows' count was the best
    // program, and the measures past the first four are only choices of an aggregate.
    expect(ask('how many construction jobs in 2010')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_employment_column' }, slots: { column: 'construction', from_month: '2010-01-01', to_month: '2010-12-31' } });
    expect(ask('number of manufacturing jobs in 2009')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_employment_column' }, slots: { column: 'manufacturing' } });
  });

  it('answers "how did X change" and "how has X changed" with X over time', () => {
    // Stop 60: "change" had been a subject no data names (refused), or the rows of the period.
    expect(ask('how has information sector employment changed')).toMatchObject({ kind: 'answer', candidate: { name: 'employment_column_over_time_by_month' }, slots: { column: 'information' } });
    expect(ask('how did construction employment change in 2009')).toMatchObject({ kind: 'answer', candidate: { name: 'employment_column_over_time_by_month' }, slots: { column: 'construction', from_month: '2009-01-01' } });
    expect(askUnemployment('how has the unemployment rate in construction changed')).toMatchObject({ kind: 'answer', candidate: { name: 'unemployment_column_over_time_by_date' }, slots: { column: 'rate', series: 'Construction' } });
    expect(askUnemployment('how did finance unemployment evolve since 2005')).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { series: 'Finance', from_date: '2005-01-01' } });
  });

  it('reads "peak X" opening a question as the highest X', () => {
    // Stop 60: listed Construction's rows (0.69); "peak" was the highest only after "the".
    expect(askUnemployment('peak unemployment in construction')).toMatchObject({ kind: 'answer', candidate: { family: 'top_n' }, slots: { series: 'Construction', n: 1, order: 'desc' } });
    expect(askUnemployment('what was peak unemployment in manufacturing')).toMatchObject({ kind: 'answer', slots: { series: 'Manufacturing', n: 1, order: 'desc' } });
  });
});

/** Charges as a payments API lists them: amounts in cents, a Unix `created`, a nested card, a constant `object` and payment `type`. */
function cardCharges(): Record<string, unknown>[] {
  return Array.from({ length: 3000 }, (_, i) => {
    const status = pick(i, 1, [['succeeded', 85], ['failed', 10], ['pending', 5]]);
    const amount = 500 + ((i * 7919) % 45000);
    const refunded = status === 'succeeded' && i % 23 === 0;
    const customer = (i * 7) % 400;
    return {
      id: `ch_${((i * 2654435761) % 4294967296).toString(36)}${i}`,
      object: 'charge',
      amount,
      amount_refunded: refunded ? amount : 0,
      currency: pick(i, 2, [['usd', 70], ['eur', 20], ['gbp', 10]]),
      status,
      paid: status === 'succeeded',
      refunded,
      created: 1735689600 + i * 8640,
      customer: `cus_${((customer * 2654435761) % 4294967296).toString(36).padStart(7, 'q')}Xa${customer}`,
      description: ['Pro plan', 'Team plan', 'Add-on seats', 'Invoice payment'][(i * 3) % 4],
      payment_method_details: { type: 'card', card: { brand: pick(i, 3, [['visa', 55], ['mastercard', 30], ['amex', 15]]), country: ['US', 'GB', 'DE', 'FR', 'CA'][(i * 3) % 5], funding: pick(i, 4, [['credit', 70], ['debit', 30]]) } },
      failure_code: status === 'failed' ? ['card_declined', 'insufficient_funds', 'card_declined', 'expired_card'][Math.floor(i / 7) % 4] : null,
    };
  });
}

describe('QuestionRouter over card charges (a constant payment type "card", customers by id, refunds)', () => {
  const ask = askingOver('querylane-routing-charges-', () => ({ charges: cardCharges() }));

  it('reads "card brand" of `payment_method_details.card.brand`, the constant type "card" no filter', () => {
    // Stop 60: refused ("card" was a value of `payment_method_details.type`, in every row, that no
    // program filters by).
    expect(ask('which card brand is used most')).toMatchObject({ kind: 'answer', candidate: { name: 'count_charges_by_payment_method_details_card_brand' }, slots: { n: 1, order: 'desc' } });
    expect(ask('revenue by card brand')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_amount_by_payment_method_details_card_brand' } });
  });

  it('refuses a rate of what the rows undergo where no column is a rate', () => {
    // Stop 60: listed the refunded charges (0.91).
    expect(ask('what is our refund rate')).toMatchObject({ kind: 'refusal' });
  });

  it('finds a customer by the id the rows carry', () => {
    const id = String(cardCharges()[7]!.customer);
    expect(ask(`show charges from customer ${id}`)).toMatchObject({ kind: 'answer', candidate: { name: 'search_charges_by_customer' }, slots: { term: id } });
  });
});

/** Videos as a video platform's API lists them: counts of views, likes and comments, a channel, a category, a publication time. */
function channelVideos(): Record<string, unknown>[] {
  const channels = ['TechTalks', 'CookWithMe', 'TravelDiaries', 'FitLife', 'GameZone'];
  const categories = ['Science & Technology', 'Howto & Style', 'Travel & Events', 'Sports', 'Gaming'];
  return Array.from({ length: 1500 }, (_, i) => {
    const channel = (i * 3) % 5;
    const views = Math.round(1000 + ((i * 104729) % 2_000_000) * ((i % 9) / 9));
    return {
      video_id: `v${((i * 2654435761) % 4294967296).toString(36)}`,
      title: `${['How to', 'Top 10', 'My first', 'Review:', 'Best'][(i * 7) % 5]} ${['recipes', 'gadgets', 'trips', 'workouts', 'games'][(i * 3) % 5]} ${i}`,
      channel_title: channels[channel],
      category: categories[channel],
      published_at: new Date(Date.UTC(2023, 0, 1) + i * 40_000_000).toISOString(),
      duration_seconds: 60 + ((i * 37) % 3600),
      view_count: views,
      like_count: Math.round(views * (0.01 + (i % 5) / 100)),
      comment_count: Math.round(views * 0.002),
      is_short: i % 6 === 0,
      language: pick(i, 6, [['en', 70], ['es', 15], ['de', 15]]),
    };
  });
}

describe('QuestionRouter over channel videos (four measures, three labels: the series of any measure kept)', () => {
  const ask = askingOver('querylane-routing-videos-', () => ({ videos: channelVideos() }));

  it('answers "views over time", "likes per month" with the series of that count', () => {
    // Stop 60: refused ("views" named nothing): the series of any measure was a spare the cap of
    // 41 programs had cut, and "views" named no choice of `view_count`.
    expect(ask('views over time')).toMatchObject({ kind: 'answer', candidate: { name: 'videos_column_over_time_by_published_at' }, slots: { column: 'view_count' } });
    expect(ask('likes per month')).toMatchObject({ kind: 'answer', candidate: { name: 'videos_column_over_time_by_published_at' }, slots: { column: 'like_count', interval: 'month' } });
  });

  it('ranks months by a count said by its first word ("which month had the most views")', () => {
    // Stop 60: ranked single videos by their views (0.79).
    expect(ask('which month had the most views')).toMatchObject({ kind: 'answer', candidate: { name: 'videos_column_over_time_by_published_at' }, slots: { column: 'view_count', interval: 'month', n: 1, order: 'desc', rank_by: 'total' } });
  });
});

/** Job postings: a title, a company, a location, a seniority, a salary's least and most, and the applicants each posting drew. */
function jobPostings(): Record<string, unknown>[] {
  return Array.from({ length: 2000 }, (_, i) => {
    const level = pick(i, 1, [['Junior', 30], ['Mid', 40], ['Senior', 25], ['Lead', 5]]);
    const base = { Junior: 60000, Mid: 90000, Senior: 130000, Lead: 160000 }[level]!;
    return {
      job_id: 50_000 + i,
      title: ['Software Engineer', 'Data Scientist', 'Product Manager', 'Designer', 'DevOps Engineer', 'Sales Executive'][(i * 5) % 6],
      company: ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries'][(i * 7) % 6],
      location: pick(i, 2, [['San Francisco, CA', 25], ['New York, NY', 25], ['Austin, TX', 15], ['Remote', 25], ['Seattle, WA', 10]]),
      remote: i % 4 === 0,
      employment_type: pick(i, 3, [['Full-time', 80], ['Contract', 15], ['Part-time', 5]]),
      seniority: level,
      salary_min: base + ((i * 13) % 10) * 1000,
      salary_max: base + 30000 + ((i * 13) % 10) * 1000,
      posted_date: new Date(Date.UTC(2025, 0, 1) + i * 13_000_000).toISOString().slice(0, 10),
      applicants: (i * 17) % 400,
    };
  });
}

describe('QuestionRouter over job postings (applicants per posting, a salary\'s least and most)', () => {
  const ask = askingOver('querylane-routing-job-postings-', () => ({ job_postings: jobPostings() }));

  it('ranks groups by the total of a count the rows carry when asked "by number of applicants"', () => {
    // Stop 60: ranked the companies by their average applicants per posting.
    expect(ask('top 5 companies by number of applicants')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_applicants_by_company' }, slots: { n: 5, order: 'desc', rank_by: 'total' } });
    expect(ask('which company has the highest number of applicants')).toMatchObject({ kind: 'answer', slots: { n: 1, rank_by: 'total' } });
    // An average said is the average.
    expect(ask('average number of applicants by company')).not.toMatchObject({ slots: { rank_by: 'total' } });
  });
});

/** Issues as a code host's API lists them: `labels` a list per issue, a nested user, an assignee, a milestone. */
function labeledIssues(): Record<string, unknown>[] {
  const labelSets = [['bug'], ['bug', 'ui'], ['enhancement'], ['documentation'], ['bug', 'priority: high'], [], ['question'], ['enhancement', 'ui']];
  return Array.from({ length: 2500 }, (_, i) => {
    const created = Date.UTC(2024, 0, 1) + i * 11_000_000;
    const closed = i % 3 !== 0 ? created + (1 + ((i * 7) % 40)) * 86_400_000 : null;
    return {
      number: 1000 + i,
      title: `${['Crash when', 'Add support for', 'Docs: explain', 'Slow', 'Question about'][i % 5]} ${['login', 'export', 'search', 'settings', 'upload'][(i * 3) % 5]} ${i}`,
      state: closed === null ? 'open' : 'closed',
      labels: labelSets[(i * 5) % 8],
      user: { login: `dev${(i * 13) % 60}`, type: i % 29 === 0 ? 'Bot' : 'User' },
      assignee: i % 4 === 0 ? null : { login: ['alice', 'bob', 'carol', 'dan'][i % 4] },
      comments: (i * 7) % 25,
      created_at: new Date(created).toISOString(),
      closed_at: closed === null ? null : new Date(closed).toISOString(),
      milestone: i % 5 === 0 ? null : { title: ['v1.0', 'v1.1', 'v2.0'][(i * 7) % 3] },
    };
  });
}

describe('QuestionRouter over labeled issues (a list of labels per issue)', () => {
  const ask = askingOver('querylane-routing-labeled-issues-', () => ({ issues: labeledIssues() }));

  it('filters by a label the list holds and counts the issues per label', () => {
    // Stop 60: a list column was profiled as nothing; "issues labeled bug" was refused, "how many
    // bugs are open" counted every open issue, "which label is most common" was refused.
    expect(ask('issues labeled bug')).toMatchObject({ kind: 'answer', candidate: { name: 'list_issues' }, slots: { labels: 'bug' } });
    expect(ask('how many bugs are open')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues' }, slots: { state: 'open', labels: 'bug' } });
    expect(ask('which label is most common')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues_by_labels' }, slots: { n: 1, order: 'desc' } });
    expect(ask('most common labels on open issues')).toMatchObject({ kind: 'answer', candidate: { name: 'count_issues_by_labels' }, slots: { state: 'open' } });
  });

  it('refuses a name no data holds, said last after "to" ("assigned to alice")', () => {
    // Stop 60: listed every issue (0.75): a lowercase name is no value, and "to" opened no qualifier.
    expect(ask('issues assigned to alice')).toMatchObject({ kind: 'refusal' });
    expect(ask('issues assigned to bob')).toMatchObject({ kind: 'answer', candidate: { name: 'list_issues' }, slots: { assignee_login: 'bob' } });
  });
});

/** Recipes: a cuisine, a list of tags, a nested nutrition in grams (`protein_g`), calories, a prep time, a rating. */
function recipeCards(): Record<string, unknown>[] {
  const tagSets = [['vegetarian', 'quick'], ['vegan', 'gluten-free'], ['dessert'], ['quick'], ['vegetarian'], ['high-protein', 'quick'], [], ['gluten-free', 'dessert']];
  return Array.from({ length: 900 }, (_, i) => ({
    id: 7000 + i,
    name: `${['Spicy', 'Creamy', 'Classic', 'Easy', 'Smoky'][i % 5]} ${['Pasta', 'Curry', 'Salad', 'Soup', 'Tacos', 'Cake'][(i * 7) % 6]} ${i}`,
    cuisine: pick(i, 1, [['Italian', 25], ['Indian', 20], ['Mexican', 20], ['Thai', 15], ['American', 20]]),
    tags: tagSets[(i * 3) % 8],
    prep_time_minutes: 5 + ((i * 13) % 90),
    calories: 150 + Math.round((((i * 37) % 900) * ((i % 3) + 1)) / 2),
    servings: 1 + (i % 6),
    rating: Math.round((3 + ((i * 7) % 21) / 10) * 10) / 10,
    reviews_count: (i * 11) % 500,
    nutrition: { protein_g: 5 + (i % 40), fat_g: 2 + ((i * 3) % 50), carbs_g: 10 + ((i * 7) % 80) },
    published: new Date(Date.UTC(2023, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  }));
}

describe('QuestionRouter over recipes (tags, nutrients in grams)', () => {
  const ask = askingOver('querylane-routing-recipes-', () => ({ recipes: recipeCards() }));

  it('names a nutrient in grams without its unit ("protein" of `nutrition.protein_g`)', () => {
    // Stop 60: refused ("over 40" bounded nothing: "g" was no unit of a column's name).
    for (const question of ['recipes with protein over 40', 'recipes with more than 40g of protein']) {
      expect(ask(question), question).toMatchObject({ kind: 'answer', candidate: { name: 'recipes_by_column_range' }, slots: { column: 'nutrition.protein_g' } });
    }
  });

  it('filters by a tag of the list ("vegan recipes", "highest rated dessert")', () => {
    expect(ask('vegan recipes')).toMatchObject({ kind: 'answer', candidate: { name: 'list_recipes' }, slots: { tags: 'vegan' } });
    expect(ask('highest rated dessert')).toMatchObject({ kind: 'answer', candidate: { name: 'top_recipes_by_rating' }, slots: { tags: 'dessert', n: 1, order: 'desc' } });
  });
});

/** Tracks as a music API lists them: `artists` a list, audio features between 0 and 1 (`danceability`, `energy`). */
function musicTracks(): Record<string, unknown>[] {
  const artists = ['Taylor Swift', 'Drake', 'Bad Bunny', 'The Weeknd', 'Dua Lipa', 'Kendrick Lamar', 'SZA', 'Harry Styles', 'Billie Eilish', 'Ed Sheeran'];
  return Array.from({ length: 2000 }, (_, i) => ({
    track_id: `trk${((i * 2654435761) % 4294967296).toString(36)}`,
    track_name: `${['Midnight', 'Golden', 'Electric', 'Lonely', 'Summer'][i % 5]} ${['Dreams', 'Heart', 'Road', 'Lights', 'Rain'][(i * 3) % 5]} ${i}`,
    artists: i % 7 === 0 ? [artists[i % 10], artists[(i + 3) % 10]] : [artists[(i * 7) % 10]],
    album_name: `Album ${(i * 13) % 120}`,
    genre: pick(i, 1, [['pop', 35], ['hip-hop', 25], ['latin', 15], ['r&b', 15], ['rock', 10]]),
    release_date: new Date(Date.UTC(2015, 0, 1) + ((i * 7919) % 3650) * 86_400_000).toISOString().slice(0, 10),
    popularity: (i * 37) % 101,
    duration_ms: 120000 + ((i * 7919) % 180000),
    explicit: i % 4 === 0,
    danceability: Math.round((((i * 13) % 100) / 100) * 1000) / 1000,
    energy: Math.round((((i * 29) % 100) / 100) * 1000) / 1000,
    tempo: 70 + ((i * 7919) % 11000) / 100,
  }));
}

describe('QuestionRouter over music tracks (artists as a list, audio features between 0 and 1)', () => {
  const ask = askingOver('querylane-routing-music-tracks-', () => ({ tracks: musicTracks() }));

  it('reads "danceable" as `danceability` (a word in -able and its noun in -ability)', () => {
    // Stop 60: ranked the tracks by popularity (0.43).
    expect(ask('most danceable tracks')).toMatchObject({ kind: 'answer', candidate: { name: 'top_tracks_by_danceability' }, slots: { order: 'desc' } });
  });

  it('averages a measure whose values are fractions of one, whatever its name ("energy")', () => {
    // Stop 60: `energy` 0–1 had been summed (`sum_energy`) as energy used is.
    expect(ask('average energy')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_energy' } });
    expect(ask('which artist has the most tracks')).toMatchObject({ kind: 'answer', candidate: { name: 'count_tracks_by_artists' }, slots: { n: 1, order: 'desc' } });
  });
});

/** Medals of the Games: an athlete, a country and its code, a sport, a medal (Gold, Silver, Bronze), a handful of years. */
function gamesMedals(): Record<string, unknown>[] {
  const countries = [['USA', 'United States'], ['CHN', 'China'], ['GBR', 'Great Britain'], ['JPN', 'Japan'], ['AUS', 'Australia'], ['FRA', 'France'], ['GER', 'Germany'], ['KEN', 'Kenya']];
  const sports = ['Swimming', 'Athletics', 'Gymnastics', 'Cycling', 'Rowing', 'Judo', 'Fencing'];
  return Array.from({ length: 3000 }, (_, i) => {
    const [noc, country] = countries[(i * 5 + (i >> 3)) % 8]!;
    return {
      athlete: `${['Emma', 'Liam', 'Yuki', 'Omar', 'Sofia', 'Chen', 'Amara', 'Lukas'][i % 8]} ${['Smith', 'Wang', 'Sato', 'Okafor', 'Martin', 'Müller', 'Kiptoo', 'Brown'][(i * 3) % 8]}`,
      sex: i % 2 === 0 ? 'F' : 'M',
      age: 17 + ((i * 7) % 20),
      noc,
      country,
      year: [2000, 2004, 2008, 2012, 2016, 2020, 2024][(i * 3) % 7],
      sport: sports[(i * 11) % 7],
      medal: ['Gold', 'Silver', 'Bronze'][i % 3],
    };
  });
}

describe('QuestionRouter over medals of the Games (a medal column, a country and its code)', () => {
  const ask = askingOver('querylane-routing-games-medals-', () => ({ olympic_medals: gamesMedals() }));

  it('counts the rows of a medal said whole ("how many silver medals"), the different medals only when asked', () => {
    // Stop 60: counted the different medals of Germany (3): "silver" had been read as describing
    // the `medal` column the distinct count chooses.
    expect(ask('how many silver medals did Germany win')).toMatchObject({ kind: 'answer', candidate: { name: 'count_olympic_medals' }, slots: { country: 'Germany', medal: 'Silver' } });
    expect(ask('how many different medals are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_olympic_medals' }, slots: { column: 'medal' } });
  });

  it('filters the count by a year of a handful where the data has no time ("in 2020")', () => {
    // Stop 60: refused ("in 2020" bounded nothing: the Games' `year` is a label, not a time, and the
    // count filtered by the first three labels only).
    expect(ask('how many medals did Kenya win in 2020')).toMatchObject({ kind: 'answer', candidate: { name: 'count_olympic_medals' }, slots: { country: 'Kenya', year: 2020 } });
  });

  it('counts the rows for "how many medals" where the rows are medals and `medal` holds a few kinds of them', () => {
    // Stop 60: counted Kenya's different medals (3).
    expect(ask('how many medals did Kenya win')).toMatchObject({ kind: 'answer', candidate: { name: 'count_olympic_medals' }, slots: { country: 'Kenya' } });
    expect(ask('how many medal types')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_olympic_medals' }, slots: { column: 'medal' } });
  });
});

describe('QuestionRouter over daily prices with a signal and a return (ohlc.json: a fifth measure only a choice reads)', () => {
  const ask = askingOver('querylane-routing-ohlc-return-', () => ({ ohlc: vegaJson('ohlc.json') as Record<string, unknown>[] }));

  it('refuses an average per group of a measure only a choice reads, rather than averaging another', () => {
    // Stop 60: answered with the average `low` per signal (0.56): `ret` has no average per signal,
    // and a measure a choice reads was no measure the question could name otherwise.
    expect(ask('average return by signal')).toMatchObject({ kind: 'refusal' });
    expect(ask('average returns')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ohlc_column' }, slots: { column: 'ret' } });
    expect(ask('average close by signal')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_close_by_signal' } });
  });
});

describe('QuestionRouter over antibiotics per bacterium (burtin.json: a name per row, a table name that says nothing)', () => {
  const ask = askingOver('querylane-routing-burtin-', () => ({ burtin: vegaJson('burtin.json') as Record<string, unknown>[] }));

  it('lists or counts the rows for "list all bacteria", the bacteria being what the rows are', () => {
    // Stop 61: refused, in doubt between the lookup of one bacterium and the search of their names,
    // neither given a name: each would have answered with its slot's default, one row.
    expect(ask('list all bacteria')).toMatchObject({ kind: 'answer', candidate: { name: 'list_burtin' }, slots: {} });
    expect(ask('show me all the bacteria')).toMatchObject({ kind: 'answer', candidate: { name: 'list_burtin' } });
    expect(ask('count bacteria')).toMatchObject({ kind: 'answer', candidate: { name: 'count_burtin' } });
    expect(ask('penicillin for Bacillus anthracis')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_burtin_by_bacteria' }, slots: { bacteria: 'Bacillus anthracis' } });
  });

  it('reads a Latin plural as its singular ("genera" of `Genus`)', () => {
    // Stop 61: refused ("genera" named nothing).
    expect(ask('how many genera are there')).toMatchObject({ kind: 'answer', candidate: { name: 'count_distinct_burtin' }, slots: { column: 'Genus' } });
  });
});


describe('QuestionRouter ranking the years of a level (co2-concentration.csv: monthly CO2 in ppm) and of a quantity (seattle-weather.csv)', () => {
  const ask = askingOver('querylane-routing-co2-years-', () => ({ co2_concentration: csv('co2-concentration.csv'), seattle_weather: seattleWeather() }));

  it('ranks the years by the average of a level, by the total of a quantity that piles up', () => {
    // Stop 61: "which year had the lowest average co2" was refused ("co2" was cut from the words
    // ranked, having a digit), and "which year had the highest co2" summed twelve monthly readings.
    expect(ask('which year had the lowest average co2')).toMatchObject({ kind: 'answer', candidate: { name: 'co2_concentration_over_time_by_date' }, slots: { interval: 'year', n: 1, order: 'asc', rank_by: 'average' } });
    expect(ask('which year had the highest co2')).toMatchObject({ kind: 'answer', candidate: { name: 'co2_concentration_over_time_by_date' }, slots: { interval: 'year', n: 1, order: 'desc', rank_by: 'average' } });
    expect(ask('which year had the highest total co2')).toMatchObject({ kind: 'answer', slots: { rank_by: 'total' } });
    expect(ask('which month had the highest precipitation')).toMatchObject({ kind: 'answer', candidate: { name: 'seattle_weather_over_time_by_date' }, slots: { interval: 'month', rank_by: 'total' } });
  });

  it('ranks the years by a measure named by its canonical words ("max temperature" of `temp_max`)', () => {
    // Stop 61: answered with the average highest temperature per weather.
    expect(ask('which year had the highest average max temperature')).toMatchObject({ kind: 'answer', candidate: { name: 'seattle_weather_column_over_time_by_date' }, slots: { column: 'temp_max', interval: 'year', n: 1, order: 'desc' } });
  });
});

/** Passengers in the shape of Kaggle's Titanic set: `Survived` 0 or 1, `Pclass` 1–3, a unique `Name`. */
function titanicPassengers(): Record<string, unknown>[] {
  const first = ['John', 'Mary', 'William', 'Elizabeth', 'James', 'Anna', 'Charles', 'Margaret', 'George', 'Helen', 'Thomas', 'Alice'];
  const last = ['Smith', 'Brown', 'Johnson', 'Andersson', 'Kelly', 'Sage', 'Goodwin', 'Carter', 'Hansen', 'Murphy', 'Baker', 'Allison'];
  return Array.from({ length: 891 }, (_, i) => {
    const pclass = pick(i, 1, [[1, 24], [2, 21], [3, 55]]);
    const sex = pick(i, 2, [['male', 65], ['female', 35]]);
    return {
      PassengerId: i + 1,
      Survived: (i * 37) % 100 < (sex === 'female' ? 74 : 19) - (pclass === 3 ? 10 : 0) ? 1 : 0,
      Pclass: pclass,
      Name: `${last[(i * 7) % 12]}-${i}, ${sex === 'male' ? 'Mr.' : 'Mrs.'} ${first[(i * 5) % 12]}`,
      Sex: sex,
      Age: i % 5 === 0 ? null : 1 + ((i * 13) % 70),
      SibSp: i % 4 === 0 ? 1 : 0,
      Parch: i % 6 === 0 ? 2 : 0,
      Ticket: `${(i * 9973) % 400000}`,
      Fare: Math.round((pclass === 1 ? 80 : pclass === 2 ? 20 : 8) * (1 + ((i * 17) % 100) / 100) * 100) / 100,
      Cabin: pclass === 1 ? `C${(i % 120) + 1}` : null,
      Embarked: pick(i, 3, [['S', 72], ['C', 19], ['Q', 9]]),
    };
  });
}

describe('QuestionRouter over Titanic passengers (a flag of 0 and 1 whose average is a rate)', () => {
  const ask = askingOver('querylane-routing-titanic-', () => ({ titanic: titanicPassengers() }));

  it('answers a rate or a share of a flag said with the flag\'s average ("the survival rate" of `Survived`)', () => {
    // Stop 61: all refused as a share of the rows no program computes ("survival" had been read as
    // the flag's value, a filter the average of the flag cannot take; "survival" and "survived"
    // did not meet; "the survival rate of men" asked for a "rate" no data has).
    expect(ask('survival rate by sex')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived_by_sex' }, slots: {} });
    expect(ask('which class had the highest survival rate')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived_by_pclass' }, slots: { n: 1, order: 'desc' } });
    expect(ask('survival rate')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived' }, slots: {} });
    expect(ask('what percentage of passengers survived')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived' }, slots: {} });
    expect(ask('what percentage of women survived')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived' }, slots: { sex: 'female' } });
    expect(ask('what is the survival rate of men')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_survived' }, slots: { sex: 'male' } });
    // (The flag still filters a count, and a rate of no flag is still refused.)
    expect(ask('how many passengers survived')).toMatchObject({ kind: 'answer', candidate: { name: 'count_titanic' }, slots: { survived: true } });
    expect(ask('what is the cancellation rate')).toMatchObject({ kind: 'refusal' });
  });
});

/** Pokémon in the shape of the well-known Kaggle set: a `#`, `Type 1` and `Type 2` (often empty), six stats. */
function pokemonStats(): Record<string, unknown>[] {
  const names = ['Bulbasaur', 'Ivysaur', 'Venusaur', 'Charmander', 'Charmeleon', 'Charizard', 'Squirtle', 'Wartortle', 'Blastoise', 'Pikachu', 'Raichu', 'Jigglypuff', 'Meowth', 'Psyduck', 'Machop', 'Geodude', 'Gastly', 'Gengar', 'Onix', 'Eevee', 'Snorlax', 'Mewtwo', 'Mew', 'Chikorita', 'Cyndaquil', 'Totodile', 'Togepi', 'Mareep', 'Umbreon', 'Lugia'];
  const types: [string, string | null][] = [['Grass', 'Poison'], ['Grass', 'Poison'], ['Grass', 'Poison'], ['Fire', null], ['Fire', null], ['Fire', 'Flying'], ['Water', null], ['Water', null], ['Water', null], ['Electric', null], ['Electric', null], ['Normal', 'Fairy'], ['Normal', null], ['Water', null], ['Fighting', null], ['Rock', 'Ground'], ['Ghost', 'Poison'], ['Ghost', 'Poison'], ['Rock', 'Ground'], ['Normal', null], ['Normal', null], ['Psychic', null], ['Psychic', null], ['Grass', null], ['Fire', null], ['Water', null], ['Fairy', null], ['Electric', null], ['Dark', null], ['Psychic', 'Flying']];
  return names.map((name, i) => {
    const [hp, attack, defense, spAtk, spDef, speed] = [35 + ((i * 37) % 90), 30 + ((i * 53) % 110), 30 + ((i * 29) % 100), 30 + ((i * 41) % 120), 30 + ((i * 23) % 100), 20 + ((i * 61) % 110)];
    return { '#': i + 1, Name: name, 'Type 1': types[i]![0], 'Type 2': types[i]![1], Total: hp + attack + defense + spAtk + spDef + speed, HP: hp, Attack: attack, Defense: defense, 'Sp. Atk': spAtk, 'Sp. Def': spDef, Speed: speed, Generation: i < 23 ? 1 : 2, Legendary: ['Mewtwo', 'Mew', 'Lugia'].includes(name) };
  });
}

describe('QuestionRouter over Pokémon stats (a `#`, a `Type 1` and a `Type 2`, a speed among chosen columns)', () => {
  const ask = askingOver('querylane-routing-pokemon-', () => ({ pokemon: pokemonStats() }));

  it('names a column of a sign by its word ("#" a number), and ranks by a measure a superlative implies among chosen columns', () => {
    // Stop 61: `#` had become a measure called "column" (`avg_column`), and "fastest pokemon" ranked by the total.
    expect(ask('pokemon number 25')).toMatchObject({ kind: 'answer', candidate: { name: 'lookup_pokemon_by_number' }, slots: { number: 25 } });
    expect(ask('fastest pokemon')).toMatchObject({ kind: 'answer', candidate: { name: 'top_pokemon_by_column' }, slots: { column: 'Speed', n: 1, order: 'desc' } });
    expect(ask('which pokemon is the slowest')).toMatchObject({ kind: 'answer', slots: { column: 'Speed', n: 1, order: 'asc' } });
  });

  it('groups by the first of numbered columns for their word alone, and by either with its number', () => {
    // Stop 61: "average hp by type" and "by type 2" averaged every pokemon, ungrouped.
    expect(ask('average hp by type')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hp_by_type_1' }, slots: {} });
    expect(ask('average hp by type 2')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_hp_by_type_2' }, slots: {} });
    expect(ask('which type has the highest average attack')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_attack_by_type_1' }, slots: { n: 1, order: 'desc' } });
  });

  it('reads no numbered column\'s presence from its word without the number', () => {
    // Stop 61: "list fire type pokemon" kept those with a `Type 2` only ("type" was read as having one).
    expect(ask('list fire type pokemon')).toMatchObject({ kind: 'answer', candidate: { name: 'list_pokemon' }, slots: { type_1: 'Fire' } });
    expect((ask('list fire type pokemon') as RouteAnswer).slots).not.toHaveProperty('has_type_2');
    expect(ask('how many pokemon have a type 2')).toMatchObject({ kind: 'answer', candidate: { name: 'count_pokemon' }, slots: { has_type_2: true } });
  });
});

/** Wine reviews in the shape of the well-known Kaggle set: a country, a variety, a winery, points 80–100, a price. */
function wineReviews(): Record<string, unknown>[] {
  const wineries = [['Domaine Leroy', 'France', 'Burgundy', 'Pinot Noir'], ['Penfolds', 'Australia', 'South Australia', 'Shiraz'], ['Opus One', 'US', 'California', 'Cabernet Sauvignon'], ['Cloudy Bay', 'New Zealand', 'Marlborough', 'Sauvignon Blanc'], ['Antinori', 'Italy', 'Tuscany', 'Sangiovese'], ['Catena Zapata', 'Argentina', 'Mendoza', 'Malbec'], ['Chateau Margaux', 'France', 'Bordeaux', 'Bordeaux-style Red Blend'], ['Dr. Loosen', 'Germany', 'Mosel', 'Riesling'], ['Kendall-Jackson', 'US', 'California', 'Chardonnay'], ['Vega Sicilia', 'Spain', 'Northern Spain', 'Tempranillo']];
  const tasters = ['Roger Voss', 'Kerin O’Keefe', 'Virginie Boone', 'Paul Gregutt', 'Michael Schachner', null];
  return Array.from({ length: 1500 }, (_, i) => {
    const [winery, country, province, variety] = wineries[(i * 7) % 10]!;
    return { country, province, variety, winery, title: `${winery} ${2005 + ((i * 3) % 12)} ${variety} (${province})`, points: 80 + ((i * 13) % 21), price: i % 11 === 0 ? null : 10 + ((i * 29) % 190), taster_name: tasters[(i * 5) % 6] };
  });
}

describe('QuestionRouter over wine reviews and cars (countries said by their people\'s adjective)', () => {
  const ask = askingOver('querylane-routing-wine-', () => ({ wine_reviews: wineReviews(), cars: vegaJson('cars.json') as Record<string, unknown>[] }));

  it('filters a column of countries or origins by the adjective of its people ("French wines", "Japanese cars")', () => {
    // Stop 61: "French" named no value ("France"), and the question was refused.
    expect(ask('average price of French wines')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_price' }, slots: { country: 'France' } });
    expect(ask('how many Italian wines')).toMatchObject({ kind: 'answer', candidate: { name: 'count_wine_reviews' }, slots: { country: 'Italy' } });
    expect(ask('how many American cars')).toMatchObject({ kind: 'answer', candidate: { name: 'count_cars' }, slots: { origin: 'USA' } });
    expect(ask('average mpg of Japanese cars')).toMatchObject({ kind: 'answer', slots: { column: 'Miles_per_Gallon', origin: 'Japan' } });
  });
});

/** Titles in the shape of Kaggle's Netflix set: a `date_added` written out ("September 25, 2021") beside a `release_year`. */
function netflixTitles(): Record<string, unknown>[] {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  return Array.from({ length: 1200 }, (_, i) => ({
    show_id: `s${i + 1}`,
    type: i % 3 === 0 ? 'TV Show' : 'Movie',
    title: `Title ${i + 1}`,
    country: ['United States', 'India', 'United Kingdom', 'Japan', null][i % 5],
    date_added: `${months[(i * 5) % 12]} ${1 + (i % 28)}, ${2015 + (i % 7)}`,
    release_year: 1990 + ((i * 13) % 32),
    rating: ['TV-MA', 'TV-14', 'PG-13', 'R', 'TV-PG'][(i * 3) % 5],
    listed_in: [...new Set([['Dramas', 'Comedies', 'Documentaries', 'Thrillers', 'Horror Movies', 'International Movies'][i % 6]!, ['International Movies', 'Dramas', 'Comedies', 'Thrillers'][(i * 7) % 4]!])].join(', '),
  }));
}

describe('QuestionRouter over streaming titles (a date written out, "September 25, 2021", beside a release year)', () => {
  const ask = askingOver('querylane-routing-netflix-', () => ({ netflix_titles: netflixTitles() }));

  it('reads a date written out as the titles\' time, and a year said released as the release year\'s', () => {
    // Stop 61: `date_added` was a label of 1,000 values; "added in 2020" bounded the release year.
    expect(ask('how many titles were added in 2020')).toMatchObject({ kind: 'answer', candidate: { name: 'count_netflix_titles' }, slots: { from_date_added: '2020-01-01', to_date_added: '2020-12-31' } });
    expect(ask('how many titles were added in March 2019')).toMatchObject({ kind: 'answer', slots: { from_date_added: '2019-03-01', to_date_added: '2019-03-31' } });
    expect(ask('titles released in 2019')).toMatchObject({ kind: 'answer', candidate: { name: 'netflix_titles_by_release_year_range' }, slots: { min_release_year: 2019, max_release_year: 2019 } });
    // (Movies by their release year, not by when they were added: the list of a type filters the
    // main time only, so the release years' range answers.)
    expect(ask('movies released in 2019')).toMatchObject({ kind: 'answer', candidate: { name: 'netflix_titles_by_release_year_range' }, slots: { min_release_year: 2019, max_release_year: 2019, type: 'Movie' } });
  });

  it('filters by a label of a list written as text ("how many dramas" of `listed_in` "Comedies, Dramas")', () => {
    // Stop 61: refused, "dramas" being part of several whole lists.
    expect(ask('how many dramas')).toMatchObject({ kind: 'answer', candidate: { name: 'count_netflix_titles' }, slots: { listed_in: 'Dramas' } });
    expect(ask('how many documentaries were added in 2020')).toMatchObject({ kind: 'answer', slots: { listed_in: 'Documentaries', from_date_added: '2020-01-01' } });
    expect(ask('list horror movies')).toMatchObject({ kind: 'answer', slots: { listed_in: 'Horror Movies' } });
  });
});

/** Countries' yearly scores in the shape of the World Happiness Report: a `Regional indicator`, a `Ladder score`. */
function worldHappiness(): Record<string, unknown>[] {
  const countries = [['Finland', 'Western Europe'], ['Denmark', 'Western Europe'], ['Canada', 'North America and ANZ'], ['United States', 'North America and ANZ'], ['Brazil', 'Latin America and Caribbean'], ['Mexico', 'Latin America and Caribbean'], ['Japan', 'East Asia'], ['India', 'South Asia'], ['Kenya', 'Sub-Saharan Africa'], ['Poland', 'Central and Eastern Europe']];
  return Array.from({ length: 90 }, (_, i) => {
    const [country, region] = countries[i % 10]!;
    const k = i % 10;
    return { 'Country name': country, 'Regional indicator': region, year: 2015 + Math.floor(i / 10), 'Ladder score': Math.round((7.8 - k * 0.3 + (i % 7) / 50) * 1000) / 1000, 'Logged GDP per capita': Math.round((11 - k * 0.15) * 100) / 100, 'Healthy life expectancy': Math.round((72 - k * 0.6) * 10) / 10 };
  });
}

describe('QuestionRouter over the World Happiness Report (a `Regional indicator` said "region")', () => {
  const ask = askingOver('querylane-routing-happiness-', () => ({ world_happiness: worldHappiness() }));

  it('groups "by region" by the regional indicator', () => {
    // Stop 61: averaged every country ungrouped, and "which region has the highest life expectancy" was refused.
    expect(ask('average ladder score by region')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ladder_score_by_regional_indicator' }, slots: {} });
    expect(ask('which region has the highest life expectancy')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_healthy_life_expectancy_by_regional_indicator' }, slots: { n: 1, order: 'desc' } });
    expect(ask('how many countries per region')).toMatchObject({ kind: 'answer', candidate: { name: 'count_world_happiness_by_regional_indicator' } });
  });

  it('never counts the rows per country for a quality asked with "most", "least" or a year', () => {
    // Stop 62: each counted the rows per country ("the least happy country" was the one with the fewest years).
    for (const question of ['least happy country', 'most generous country', 'which country is the most generous', 'top 10 happiest countries in 2023']) {
      const result = ask(question);
      expect(result.kind === 'refusal' || result.candidate.family !== 'count', question).toBe(true);
    }
    // Still counted: how often, and the things of each group.
    expect(ask('most common region')).toMatchObject({ kind: 'answer', candidate: { name: 'count_world_happiness_by_regional_indicator' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which region has the most countries')).toMatchObject({ kind: 'answer', candidate: { name: 'count_world_happiness_by_regional_indicator' }, slots: { n: 1, order: 'desc' } });
  });

  it('ranks by the measure a quality\'s adjective names by its noun: happiness, wealth, generosity', () => {
    // Stop 62: "happiest" and "richest" were refused, "least happy" counted the rows per country.
    const happiest = ask('happiest country');
    expect(happiest).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ladder_score_by_country_name' }, slots: { n: 1 } });
    expect(happiest.kind === 'answer' ? happiest.slots.order : undefined).not.toBe('asc');
    expect(ask('least happy region')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ladder_score_by_regional_indicator' }, slots: { n: 1, order: 'asc' } });
    expect(ask('top 10 happiest countries in 2023')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_ladder_score_by_country_name' }, slots: { year: 2023, n: 10, order: 'desc' } });
    expect(ask('richest country')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_logged_gdp_per_capita_by_country_name' }, slots: { n: 1, order: 'desc' } });
  });
});

/** Players' seasons in the shape of Basketball-Reference's per-game tables: `Tm`, `Pos`, `PTS`, `TRB`, `AST`, `STL`, `FG%`. */
function boxScores(): Record<string, unknown>[] {
  const players = [['LeBron James', 'LAL', 'SF'], ['Anthony Davis', 'LAL', 'PF'], ['Stephen Curry', 'GSW', 'PG'], ['Klay Thompson', 'GSW', 'SG'], ['Nikola Jokic', 'DEN', 'C'], ['Jamal Murray', 'DEN', 'PG'], ['Jayson Tatum', 'BOS', 'SF'], ['Jaylen Brown', 'BOS', 'SG'], ['Giannis Antetokounmpo', 'MIL', 'PF'], ['Damian Lillard', 'MIL', 'PG'], ['Luka Doncic', 'DAL', 'PG'], ['Kyrie Irving', 'DAL', 'PG'], ['Joel Embiid', 'PHI', 'C'], ['Tyrese Maxey', 'PHI', 'PG'], ['Kevin Durant', 'PHX', 'PF'], ['Devin Booker', 'PHX', 'SG']];
  return ['2020-21', '2021-22', '2022-23', '2023-24'].flatMap((season, s) =>
    players.map(([player, team, pos], k) => ({
      Player: player, Tm: team, Pos: pos, Season: season, Age: 22 + ((k * 3) % 15) + s, G: 50 + ((k * 7 + s) % 32), MP: Math.round((28 + ((k * 5) % 10)) * 10) / 10,
      PTS: Math.round((15 + ((k * 13 + s * 3) % 20)) * 10) / 10, TRB: Math.round((3 + ((k * 7) % 10)) * 10) / 10, AST: Math.round((2 + ((k * 11) % 9)) * 10) / 10, STL: Math.round((((k * 3) % 20) / 10) * 10) / 10,
      'FG%': Math.round((0.42 + ((k * 17) % 15) / 100) * 1000) / 1000, '3P%': Math.round((0.3 + ((k * 7) % 12) / 100) * 1000) / 1000,
    })),
  );
}

describe('QuestionRouter over box scores (abbreviated columns: PTS, TRB, AST, Tm, Pos)', () => {
  const ask = askingOver('querylane-routing-box-scores-', () => ({ nba_stats: boxScores() }));

  it('names abbreviated columns by their words ("points" of `PTS`, "rebounds" of `TRB`, "team" of `Tm`)', () => {
    // Stop 61: every one refused ("points", "team" named nothing), and "the most rebounds" ranked by games played.
    expect(ask('who scored the most points')).toMatchObject({ kind: 'answer', candidate: { name: 'top_nba_stats_by_pts' }, slots: { n: 1, order: 'desc' } });
    expect(ask('average points by team')).toMatchObject({ kind: 'answer', candidate: { name: 'avg_pts_by_tm' }, slots: {} });
    expect(ask('who had the most rebounds in 2023-24')).toMatchObject({ kind: 'answer', slots: { column: 'TRB', season: '2023-24', n: 1, order: 'desc' } });
  });

  it('groups by an abbreviated column by its word, and ranks rows by a chosen measure rather than counting its values', () => {
    // Stop 61: "per position" counted per player; "top 5 players by assists" counted the rows per value of `AST`.
    expect(ask('how many players per position')).toMatchObject({ kind: 'answer', candidate: { name: 'count_nba_stats_by_pos' }, slots: {} });
    expect(ask('top 5 players by assists')).toMatchObject({ kind: 'answer', candidate: { name: 'top_nba_stats_by_column' }, slots: { column: 'AST', n: 5, order: 'desc' } });
  });

  it('refuses a figure per group answered by one figure over every row', () => {
    // Stop 61: "average rebounds by team" gave the average over every player (no program averages rebounds per team).
    // (Refused, or answered per team: never with the one figure.)
    const result = ask('average rebounds by team');
    expect(result.kind === 'refusal' || /_by_tm$/.test(result.candidate.name)).toBe(true);
    const perPosition = ask('average assists per position');
    expect(perPosition.kind === 'refusal' || /_by_pos$/.test(perPosition.candidate.name)).toBe(true);
  });

  it('never counts rows per player for the one with the most of a measure, nor counts per the thing counted', () => {
    // Stop 62: both counted the rows per `Player` (0.90 and 0.98): no program totals assists per
    // player, nor counts the different players per team.
    for (const question of ['which player has the most assists', 'which team has the most players']) {
      const result = ask(question);
      expect(result.kind === 'refusal' || result.slots.column !== 'Player', question).toBe(true);
    }
    // Still: the rows ranked by the measure, and the rows counted per group.
    expect(ask('player with the most rebounds')).toMatchObject({ kind: 'answer', candidate: { name: 'top_nba_stats_by_column' }, slots: { column: 'TRB', order: 'desc' } });
    expect(ask('most rebounds')).toMatchObject({ kind: 'answer', candidate: { name: 'top_nba_stats_by_column' }, slots: { column: 'TRB' } });
  });
});

/** Countries' yearly emissions in the shape of Our World in Data's CO2 set: `country`, `year`, `co2`, `co2_per_capita`, `share_global_co2`. */
function owidEmissions(): Record<string, unknown>[] {
  const countries = [['United States', 'USA', 331], ['China', 'CHN', 1410], ['India', 'IND', 1380], ['Germany', 'DEU', 83], ['United Kingdom', 'GBR', 67], ['Brazil', 'BRA', 213], ['Japan', 'JPN', 126], ['World', null, 7800]] as const;
  return Array.from({ length: 33 }, (_, y) => 1990 + y).flatMap((year) =>
    countries.map(([country, iso, pop], k) => {
      const co2 = Math.round(((k + 1) * 400 + (year - 1990) * (k % 3 === 1 ? 250 : 15)) * 10) / 10;
      return { country, year, iso_code: iso, population: pop * 1_000_000, co2, co2_per_capita: Math.round((co2 / pop) * 1000) / 1000, coal_co2: Math.round(co2 * 4) / 10, share_global_co2: Math.round((co2 / 36000) * 10000) / 100 };
    }),
  );
}

describe('QuestionRouter over yearly emissions per country (co2 said "emissions", countries by other names)', () => {
  const ask = askingOver('querylane-routing-owid-co2-', () => ({ owid_co2: owidEmissions() }));

  it('reads emissions as the co2 measured, and a country by the name it is said by ("America", "Britain")', () => {
    // Stop 61: "emissions" named nothing (refused), nor "America" the United States.
    expect(ask('co2 emissions of China in 2020')).toMatchObject({ kind: 'answer', slots: { country: 'China', from_year: 2020, to_year: 2020 } });
    expect(ask('top 5 emitters in 2022')).toMatchObject({ kind: 'answer', candidate: { name: 'top_owid_co2_by_co2' }, slots: { n: 5, order: 'desc' } });
    expect(ask("how have America's emissions changed since 1990")).toMatchObject({ kind: 'answer', candidate: { family: 'time_series' }, slots: { country: 'United States', from_year: 1990 } });
  });
});

describe('QuestionRouter over disasters (disasters.csv: "which disaster type" of its one category, `Entity`)', () => {
  const ask = askingOver('querylane-routing-disaster-types-', () => ({ disasters: csv('disasters.csv') }));

  it('reads "which disaster type" as the grouping by the data\'s one category', () => {
    // Stop 61: refused ("type" named nothing), as "per disaster type" was not.
    expect(ask('which disaster type is most common')).toMatchObject({ kind: 'answer', candidate: { name: 'count_disasters_by_entity' }, slots: { n: 1, order: 'desc' } });
    expect(ask('which disaster type caused the fewest deaths')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths_by_entity' }, slots: { n: 1, order: 'asc' } });
    expect(ask('deaths per disaster type')).toMatchObject({ kind: 'answer', candidate: { name: 'sum_deaths_by_entity' } });
  });
});
