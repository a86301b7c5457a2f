import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { writeParquet } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import { scratchDir, testLogger, vegaJson, type ScratchDir } from '@querylane/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smallResultRows, type ProjectTable, type QueryResult } from '../src/execution/project-database.js';
import { ProjectDatabases } from '../src/execution/project-databases.js';

type Row = Record<string, unknown>;

const cars = vegaJson('cars.json') as Row[];
const movies = vegaJson('movies.json') as Row[];

let scratch: ScratchDir;
const catalog = new Map<string, ProjectTable[]>();
const loads: string[] = [];

function databases(memoryBudgetBytes = 1024 ** 3, databaseThreads?: number): ProjectDatabases {
  return new ProjectDatabases({
    memoryBudgetBytes,
    databaseThreads,
    logger: testLogger(),
    loadTable: async (projectId) => {
      loads.push(projectId);
      return catalog.get(projectId) ?? [];
    },
  });
}

/** The rows of a result, read back from its JSON text as a client would. */
function rowsOf(result: QueryResult): Record<string, unknown>[] {
  return JSON.parse(result.json) as Record<string, unknown>[];
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

beforeAll(async () => {
  scratch = scratchDir('querylane-execution-');
  await writeParquet(cars, join(scratch.path, 'cars.parquet'), { tableName: 'cars' });
  await writeParquet(movies, join(scratch.path, 'movies.parquet'), { tableName: 'movies' });
  await writeParquet([{ n: 1 }, { n: 2 }], join(scratch.path, 'small-v1.parquet'), { tableName: 'small' });
  await writeParquet([{ n: 10 }, { n: 20 }, { n: 30 }], join(scratch.path, 'small-v2.parquet'), { tableName: 'small' });
  // Every type of the JSON-safe conversion, written by DuckDB itself.
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(`COPY (SELECT
      (2::BIGINT ** 60)::BIGINT AS big, 42::BIGINT AS small_big, 12345::HUGEINT AS huge,
      DATE '2024-02-29' AS day, TIMESTAMP '2024-02-29 13:14:15.123456' AS at, TIME '13:14:15' AS clock,
      12.34::DECIMAL(10, 2) AS price, [1, 2, NULL] AS list, {'a': 1, 'b': [DATE '2020-01-01']} AS struct,
      MAP {'k': (2::BIGINT ** 60)::BIGINT} AS map, '\\xAA\\xBB'::BLOB AS bytes, 'NaN'::DOUBLE AS nan, 'inf'::DOUBLE AS inf,
      NULL::VARCHAR AS nothing) TO '${join(scratch.path, 'types.parquet')}' (FORMAT parquet)`);
  // A table whose lookups without an index scan 2M rows: a few ms, long next to an event-loop turn.
  await connection.run(`COPY (SELECT range AS n FROM range(2000000)) TO '${join(scratch.path, 'two-million.parquet')}' (FORMAT parquet)`);
  // Two of DuckDB's row groups (122,880 rows each): the least a parallel scan needs.
  await connection.run(`COPY (SELECT range AS n FROM range(2 * 122880)) TO '${join(scratch.path, 'two-row-groups.parquet')}' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
  catalog.set('p-cars', [{ name: 'cars', parquetPath: join(scratch.path, 'cars.parquet'), version: '1' }]);
  catalog.set('p-movies', [{ name: 'movies', parquetPath: join(scratch.path, 'movies.parquet'), version: '1' }]);
  catalog.set('p-types', [{ name: 'types', parquetPath: join(scratch.path, 'types.parquet'), version: '1' }]);
});

afterAll(() => scratch.remove());

describe('ProjectDatabases', () => {
  const runtime = databases();
  afterAll(() => runtime.close());

  it('answers like plain JavaScript over the same JSON: average Horsepower by Origin', async () => {
    const expected = new Map<string, { sum: number; count: number }>();
    for (const car of cars) {
      if (typeof car.Horsepower !== 'number') continue;
      const group = expected.get(String(car.Origin)) ?? { sum: 0, count: 0 };
      group.sum += car.Horsepower;
      group.count += 1;
      expected.set(String(car.Origin), group);
    }
    const result = await runtime.run('p-cars', 'SELECT "Origin", avg("Horsepower") AS avg_hp FROM cars GROUP BY ALL ORDER BY "Origin"', {});
    expect(result.columns).toEqual([
      { name: 'Origin', type: 'VARCHAR' },
      { name: 'avg_hp', type: 'DOUBLE' },
    ]);
    expect(result.truncated).toBe(false);
    expect(rowsOf(result).map((row) => row.Origin)).toEqual([...expected.keys()].sort());
    for (const row of rowsOf(result)) {
      const group = expected.get(String(row.Origin));
      expect(row.avg_hp).toBeCloseTo((group?.sum ?? 0) / (group?.count ?? 1), 9);
    }
  });

  it('counts movies by "MPAA Rating" and binds slots by name', async () => {
    const counts = new Map<string | null, number>();
    for (const movie of movies) {
      const rating = (movie['MPAA Rating'] as string | null | undefined) ?? null;
      counts.set(rating, (counts.get(rating) ?? 0) + 1);
    }
    const sql = 'SELECT count(*) AS n FROM movies WHERE "MPAA Rating" = $rating AND coalesce("US Gross", 0) >= $min_gross';
    for (const rating of ['PG', 'R']) {
      const result = await runtime.run('p-movies', sql, { min_gross: 0, rating });
      expect(rowsOf(result)).toEqual([{ n: counts.get(rating) }]);
    }
    const big = movies.filter((movie) => movie['MPAA Rating'] === 'PG-13' && typeof movie['US Gross'] === 'number' && movie['US Gross'] >= 1e8).length;
    expect(rowsOf(await runtime.run('p-movies', sql, { rating: 'PG-13', min_gross: 1e8 }))).toEqual([{ n: big }]);
  });

  it('refuses missing and unknown slots', async () => {
    const sql = 'SELECT "Name" FROM cars WHERE "Origin" = $origin';
    expect((await failure(runtime.run('p-cars', sql, {}))).details).toMatchObject({ reason: 'missing_parameter', parameter: 'origin' });
    expect((await failure(runtime.run('p-cars', sql, { origin: 'USA', other: 1 }))).details).toMatchObject({ reason: 'unknown_parameter' });
  });

  it('stops at the row limit and says the result was truncated', async () => {
    const limited = await runtime.run('p-cars', 'SELECT "Name" FROM cars', {}, { rowLimit: 5 });
    expect(rowsOf(limited)).toHaveLength(5);
    expect(limited.truncated).toBe(true);
    const exact = await runtime.run('p-cars', 'SELECT "Name" FROM cars LIMIT $n', { n: 5 }, { rowLimit: 5 });
    expect(exact.truncated).toBe(false);
    const all = await runtime.run('p-cars', 'SELECT "Name" FROM cars', {});
    expect(rowsOf(all)).toHaveLength(cars.length);
    expect(all.truncated).toBe(false);
  });

  it('interrupts a query at its time-out and stays usable', async () => {
    const started = Date.now();
    const error = await failure(runtime.run('p-cars', 'SELECT count(*) FROM cars a, cars b, cars c, cars d', {}, { timeoutMs: 500 }));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('timeout');
    expect(elapsed).toBeLessThan(3_000);
    expect(rowsOf(await runtime.run('p-cars', 'SELECT count(*) AS n FROM cars', {}))).toEqual([{ n: cars.length }]);
  });

  it('answers a short query while a long one runs on another connection', async () => {
    let longDone = false;
    const long = failure(runtime.run('p-cars', 'SELECT count(*) FROM cars a, cars b, cars c, cars d', {}, { timeoutMs: 2_000 })).finally(() => {
      longDone = true;
    });
    const short = await runtime.run('p-cars', 'SELECT count(*) AS n FROM cars WHERE "Origin" = $origin', { origin: 'Japan' });
    expect(rowsOf(short)).toEqual([{ n: cars.filter((car) => car.Origin === 'Japan').length }]);
    expect(longDone).toBe(false);
    expect((await long).code).toBe('timeout');
  });

  it('returns JSON-safe values of every type', async () => {
    const result = await runtime.run('p-types', 'SELECT * FROM types', {});
    expect(rowsOf(result)).toEqual([
      {
        big: '1152921504606846976',
        small_big: 42,
        huge: 12345,
        day: '2024-02-29',
        at: '2024-02-29T13:14:15.123456Z',
        clock: '13:14:15',
        price: 12.34,
        list: [1, 2, null],
        struct: { a: 1, b: ['2020-01-01'] },
        map: { k: '1152921504606846976' },
        bytes: Buffer.from([0xaa, 0xbb]).toString('base64'),
        nan: 'NaN',
        inf: 'Infinity',
        nothing: null,
      },
    ]);
    expect(result.rowCount).toBe(1);
  });

  it('writes the same JSON from DuckDB as in JavaScript for the types its projection covers', async () => {
    // The MAP column sends the whole result through JavaScript; without it DuckDB writes the JSON.
    const viaJavaScript = rowsOf(await runtime.run('p-types', 'SELECT * FROM types', {}))[0]!;
    const viaDuckDB = await runtime.run('p-types', 'SELECT * EXCLUDE (map) FROM types', {});
    const { map: _map, ...rest } = viaJavaScript;
    expect(rowsOf(viaDuckDB)).toEqual([rest]);
    expect(viaDuckDB.columns.map((column) => column.name)).toEqual(Object.keys(rest));
    const edges = `SELECT TIMESTAMP '2024-02-29 13:14:15.5' AS half, TIMESTAMPTZ '2024-02-29 13:14:15+02' AS zoned, 'infinity'::TIMESTAMP AS endless,
        '-inf'::DOUBLE AS minus, NULL::DOUBLE AS no_double, NULL::TIMESTAMP AS no_time, -(2::HUGEINT ** 100)::HUGEINT AS vast, 'x;y' AS "semi;colon"
      FROM types -- a trailing comment;`;
    const expected = { half: '2024-02-29T13:14:15.500Z', zoned: '2024-02-29T11:14:15.000Z', endless: 'infinity', minus: '-Infinity', no_double: null, no_time: null, vast: '-1267650600228229401496703205376', 'semi;colon': 'x;y' };
    expect(rowsOf(await runtime.run('p-types', `${edges};`, {}))).toEqual([expected]);
    // The same values through JavaScript (an INTERVAL column is not in the projection).
    const [throughJavaScript] = rowsOf(await runtime.run('p-types', edges.replace(' FROM types', ", INTERVAL 1 DAY AS span FROM types"), {}));
    expect(throughJavaScript).toMatchObject(expected);
  });

  it('writes a small answer in JavaScript once its program answered small, with the same JSON and limits, and goes back to DuckDB after a large one', async () => {
    // Every type the projection covers (a statement of its own: plans are kept per SQL text).
    const sql = 'SELECT * EXCLUDE (map) FROM types AS every_type';
    const first = await runtime.run('p-types', sql, {});
    const second = await runtime.run('p-types', sql, {});
    expect([first.writtenBy, second.writtenBy]).toEqual(['duckdb', 'javascript']);
    expect(rowsOf(second)).toEqual(rowsOf(first));
    expect(second.columns).toEqual(first.columns);

    // The row limit holds in both forms; the answer's size decides the next run's form.
    const names = 'SELECT "Name", "Horsepower" FROM cars LIMIT $n';
    const runs = [];
    for (const n of [5, 5, smallResultRows + 1, 5, 5, 50]) runs.push(await runtime.run('p-cars', names, { n }, { rowLimit: 40 }));
    expect(runs.map((run) => run.writtenBy)).toEqual(['duckdb', 'javascript', 'javascript', 'duckdb', 'javascript', 'javascript']);
    expect(runs.map((run) => [run.rowCount, run.truncated])).toEqual([
      [5, false],
      [5, false],
      [smallResultRows + 1, false],
      [5, false],
      [5, false],
      [40, true],
    ]);
    const expected = cars.slice(0, 40).map((car) => ({ Name: car.Name, Horsepower: car.Horsepower }));
    expect(rowsOf(runs[5]!)).toEqual(expected);
    expect(rowsOf(runs[1]!)).toEqual(expected.slice(0, 5));
  });

  it("keeps each project's tables to itself", async () => {
    const error = await failure(runtime.run('p-movies', 'SELECT count(*) FROM cars', {}));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/cars does not exist/);
  });

  it.each([
    `SELECT * FROM read_csv('/etc/passwd')`,
    `SELECT * FROM read_parquet('${'CARS'}')`,
    `SELECT * FROM 'cars.parquet'`,
    `ATTACH '/tmp/querylane-attack.db' AS attack`,
    `COPY cars TO '/tmp/querylane-attack.csv'`,
    `SET enable_external_access = true`,
    `SET lock_configuration = false`,
  ])('has no external access after loading, even without the guard: %s', async (sql) => {
    const path = sql.replace("'CARS'", `'${join(scratch.path, 'cars.parquet')}'`);
    const error = await failure(runtime.run('p-cars', path, {}));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/disabled by configuration|configuration has been locked/);
  });

  it('indexes the key columns it is given and answers lookups on them as without; a key it cannot index is skipped', async () => {
    catalog.set('p-keys', [{ name: 'movies', parquetPath: join(scratch.path, 'movies.parquet'), version: '1', keyColumns: ['Title', 'No Such Column'] }]);
    const indexes = rowsOf(await runtime.run('p-keys', 'SELECT table_name, expressions FROM duckdb_indexes() ORDER BY index_name', {}));
    expect(indexes).toEqual([{ table_name: 'movies', expressions: '[Title]' }]);
    const title = String(movies[100]?.Title);
    const found = rowsOf(await runtime.run('p-keys', 'SELECT "Title", "US Gross" FROM movies WHERE "Title" = $title', { title }));
    expect(found).toEqual(movies.filter((m) => m.Title === title).map((m) => ({ Title: m.Title, 'US Gross': m['US Gross'] })));
    // No index where none was asked for.
    expect(rowsOf(await runtime.run('p-movies', 'SELECT count(*) AS n FROM duckdb_indexes()', {}))).toEqual([{ n: 0 }]);
  });

  it('answers point lookups called side by side with one statement, each caller as if it ran alone', async () => {
    catalog.set('p-lookups', [{ name: 'movies', parquetPath: join(scratch.path, 'movies.parquet'), version: '1', keyColumns: ['Title'] }]);
    const sql = 'SELECT * FROM "movies" WHERE "Title" = $title LIMIT 10000';
    const titles = movies.map((movie) => movie.Title).filter((title): title is string => typeof title === 'string');
    const repeated = titles.find((title, index) => titles.indexOf(title) !== index)!;
    // Keys of one row, of two rows, the same key twice, one no row has, and one with a quote.
    const keys = [...titles.slice(0, 30), repeated, titles[3]!, 'No Such Movie', titles.find((title) => title.includes("'"))!];
    const together = await Promise.all(keys.map((title) => runtime.run('p-lookups', sql, { title })));
    // Their rows' JSON is written in JavaScript the first time, by DuckDB once the columns are known.
    const again = await Promise.all(keys.map((title) => runtime.run('p-lookups', sql, { title })));
    expect([together[1]!.writtenBy, again[1]!.writtenBy]).toEqual(['javascript', 'duckdb']);
    const alone: QueryResult[] = [];
    for (const title of keys) alone.push(await runtime.run('p-lookups', sql, { title }));
    for (const [index, title] of keys.entries()) {
      expect(rowsOf(together[index]!)).toEqual(movies.filter((movie) => movie.Title === title));
      for (const batched of [together[index]!, again[index]!]) {
        expect(rowsOf(batched)).toEqual(rowsOf(alone[index]!));
        expect(batched.columns).toEqual(alone[index]!.columns);
      }
    }
    expect(rowsOf(together[30]!).length).toBeGreaterThan(1);
    // The first call ran at once; the others waited for it and ran as one statement. Alone, none shares.
    expect(Math.max(...together.map((result) => result.batchedCalls ?? 1))).toBe(keys.length - 1);
    expect(alone.every((result) => result.batchedCalls === undefined)).toBe(true);

    // The program's own LIMIT holds for each key.
    const limited = await Promise.all([repeated, repeated, titles[0]!].map((title) => runtime.run('p-lookups', sql.replace('10000', '1'), { title })));
    expect(limited.map((result) => result.rowCount)).toEqual([1, 1, 1]);
  });

  it("runs one batch of a program's lookups at a time: calls arriving while one runs wait and go together as the next", async () => {
    catalog.set('p-long-lookups', [{ name: 'numbers', parquetPath: join(scratch.path, 'two-million.parquet'), version: '1' }]);
    const sql = 'SELECT * FROM "numbers" WHERE "n" = $n LIMIT 10000';
    await runtime.run('p-long-lookups', sql, { n: 1 });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const calls = [runtime.run('p-long-lookups', sql, { n: 10 })];
    // Two turns of the event loop later, each with calls of its own, the first call still runs.
    await turn();
    calls.push(...[11, 12, 13].map((n) => runtime.run('p-long-lookups', sql, { n })));
    await turn();
    calls.push(...[14, 15, 16].map((n) => runtime.run('p-long-lookups', sql, { n })));
    const results = await Promise.all(calls);
    expect(results.map((result) => rowsOf(result))).toEqual([10, 11, 12, 13, 14, 15, 16].map((n) => [{ n }]));
    expect(results.map((result) => result.batchedCalls ?? 1)).toEqual([1, 6, 6, 6, 6, 6, 6]);
  });

  it('runs lookups alone when their keys could equal each other or their rows are more than a few per key', async () => {
    // Text keys on a number column: '5' and '05' are the same number.
    const cylinders = 'SELECT * FROM "cars" WHERE "Cylinders" = $c LIMIT 10000';
    const texts = await Promise.all(['3', '5', '05', '3', '03'].map((c) => runtime.run('p-cars', cylinders, { c })));
    expect(texts.map((result) => result.rowCount)).toEqual(['3', '5', '05', '3', '03'].map((c) => cars.filter((car) => car.Cylinders === Number(c)).length));
    expect(texts.every((result) => result.rowCount > 0 && result.batchedCalls === undefined)).toBe(true);
    // Dozens of rows per key: not point lookups, each answered alone, all rows kept.
    const origins = await Promise.all(['USA', 'Japan', 'Europe', 'USA'].map((c) => runtime.run('p-cars', cylinders.replace('"Cylinders"', '"Origin"'), { c })));
    expect(origins.map((result) => result.rowCount)).toEqual(['USA', 'Japan', 'Europe', 'USA'].map((origin) => cars.filter((car) => car.Origin === origin).length));
    expect(rowsOf(origins[1]!)).toEqual(cars.filter((car) => car.Origin === 'Japan'));
  });

  it('runs on one DuckDB thread unless a table is large enough for a parallel scan, or on as many as it is told', async () => {
    const threads = async (from: ProjectDatabases, projectId: string) => rowsOf(await from.run(projectId, "SELECT current_setting('threads') AS threads", {}))[0]?.threads;
    catalog.set('p-two-row-groups', [{ name: 'numbers', parquetPath: join(scratch.path, 'two-row-groups.parquet'), version: '1' }]);
    expect(await threads(runtime, 'p-cars')).toBe(1);
    expect(await threads(runtime, 'p-two-row-groups')).toBe(availableParallelism());
    const told = databases(1024 ** 3, 3);
    try {
      expect(await threads(told, 'p-cars')).toBe(3);
    } finally {
      await told.close();
    }
  });

  it('reloads a project when a dataline gets a newer version', async () => {
    catalog.set('p-small', [{ name: 'small', parquetPath: join(scratch.path, 'small-v1.parquet'), version: '1' }]);
    expect(rowsOf(await runtime.run('p-small', 'SELECT sum(n) AS s FROM small', {}))).toEqual([{ s: 3 }]);
    expect(await runtime.reloadIfChanged('p-small')).toBe(false);
    catalog.set('p-small', [{ name: 'small', parquetPath: join(scratch.path, 'small-v2.parquet'), version: '2' }]);
    expect(await runtime.reloadIfChanged('p-small')).toBe(true);
    expect(rowsOf(await runtime.run('p-small', 'SELECT sum(n) AS s FROM small', {}))).toEqual([{ s: 60 }]);
  });
});

describe('ProjectDatabases under a tiny memory budget', () => {
  it('evicts the least recently used database and reloads it on its next use', async () => {
    const runtime = databases(1);
    try {
      loads.length = 0;
      await runtime.run('p-cars', 'SELECT 1 FROM cars LIMIT 1', {});
      await runtime.run('p-movies', 'SELECT 1 FROM movies LIMIT 1', {});
      expect(runtime.isOpen('p-movies')).toBe(true);
      expect(runtime.isOpen('p-cars')).toBe(false);
      const again = await runtime.run('p-cars', 'SELECT count(*) AS n FROM cars', {});
      expect(rowsOf(again)).toEqual([{ n: cars.length }]);
      expect(loads).toEqual(['p-cars', 'p-movies', 'p-cars']);
      expect(runtime.isOpen('p-movies')).toBe(false);
    } finally {
      await runtime.close();
    }
  });
});
