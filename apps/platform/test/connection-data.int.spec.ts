// What the connection flow does to data, end to end: every auth type against the fixture API
// (vega-datasets' cars, movies, and airports as CSV), and the round trip — the rows read back from
// the stored Parquet equal the source records, nulls, nested objects and arrays, numbers and dates
// kept.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, protectedBy, startFixtureApi, vegaFile, vegaJson, waitFor, type FixtureApi, type FixtureAuth } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';


// The files each auth type guards, with a column each one's records have.
const securedFiles = { 'cars.json': 'Horsepower', 'movies.json': 'Title', 'airports.csv': 'iata' };

const auths: { name: string; fixture: FixtureAuth; right: Record<string, unknown>; wrong: Record<string, unknown> }[] = [
  {
    name: 'API Key in a header',
    fixture: { type: 'API Key', key: 'X-Api-Key', value: 'k-header-1234', in: 'header' },
    right: { authType: 'API Key', auth: { key: 'X-Api-Key', value: 'k-header-1234', in: 'header' } },
    wrong: { authType: 'API Key', auth: { key: 'X-Api-Key', value: 'nope-0000', in: 'header' } },
  },
  {
    name: 'API Key in the query',
    fixture: { type: 'API Key', key: 'api_key', value: 'k-query-5678', in: 'query' },
    right: { authType: 'API Key', auth: { key: 'api_key', value: 'k-query-5678', in: 'query' } },
    wrong: { authType: 'API Key', auth: { key: 'api_key', value: 'nope-0000', in: 'query' } },
  },
  {
    name: 'Bearer Token',
    fixture: { type: 'Bearer Token', token: 'bearer-abcdef' },
    right: { authType: 'Bearer Token', auth: { token: 'bearer-abcdef' } },
    wrong: { authType: 'Bearer Token', auth: { token: 'bearer-wrong' } },
  },
  {
    name: 'Basic Auth',
    fixture: { type: 'Basic Auth', username: 'ann', password: 'pa55word' },
    right: { authType: 'Basic Auth', auth: { username: 'ann', password: 'pa55word' } },
    wrong: { authType: 'Basic Auth', auth: { username: 'ann', password: 'guess' } },
  },
];

// Records with what JSON APIs send: nulls, nested objects, arrays, integers, decimals, dates, booleans.
const nested = Array.from({ length: 40 }, (_, i) => ({
  id: i + 1,
  name: `item ${i + 1}`,
  price: i % 7 === 0 ? null : Math.round((i * 3.75 + 0.5) * 100) / 100,
  released: `2024-0${(i % 9) + 1}-1${i % 10}`,
  active: i % 2 === 0,
  tags: i % 5 === 0 ? [] : [`t${i % 3}`, `t${(i + 1) % 3}`],
  owner: { login: `user${i % 4}`, id: 100 + (i % 4) },
}));

describe(`connection flow data [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let duck: DuckDBInstance;
  const scratch = mkdtempSync(join(tmpdir(), 'querylane-roundtrip-'));

  beforeAll(async () => {
    api = await startFixtureApi({
      '/cars': vegaFile('cars.json'),
      '/movies': vegaFile('movies.json'),
      '/airports.csv': vegaFile('airports.csv'),
      '/nested': json({ results: { page: 1, items: nested } }),
    });
    // Each auth type guards cars and movies (JSON) and airports (CSV).
    auths.forEach((auth, index) => {
      for (const file of Object.keys(securedFiles)) api.route(`/secured/${index}/${file}`, protectedBy(auth.fixture, vegaFile(file)));
    });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    projectId = (await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken })).projects[0]!.id;
    duck = await DuckDBInstance.create(':memory:');
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
    duck?.closeSync();
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const [index, auth] of auths.entries()) {
    it(`connects with ${auth.name}; a missing or wrong credential is success false with the target's 401/403`, async () => {
      for (const [file, column] of Object.entries(securedFiles)) {
        const answer = await h.ok<{ success: boolean; status: number; data: Record<string, unknown>[] }>('POST', '/http/test-connection', { token: adminToken, body: { url: `${api.origin}/secured/${index}/${file}`, method: 'GET', ...auth.right } });
        expect(answer.success).toBe(true);
        expect(answer.data.length).toBeGreaterThan(0);
        expect(answer.data[0]).toHaveProperty(column);
      }
      const url = `${api.origin}/secured/${index}/cars.json`;
      const ok = await h.ok<{ success: boolean; status: number; data: unknown[] }>('POST', '/http/test-connection', { token: adminToken, body: { url, method: 'GET', ...auth.right } });
      const missing = await h.ok<{ success: boolean; status: number }>('POST', '/http/test-connection', { token: adminToken, body: { url, method: 'GET', authType: 'None' } });
      expect(missing).toMatchObject({ success: false, status: 401 });
      const wrong = await h.ok<{ success: boolean; status: number; data: unknown }>('POST', '/http/test-connection', { token: adminToken, body: { url, method: 'GET', ...auth.wrong } });
      expect(wrong).toMatchObject({ success: false, status: 403 });
      // The secret (the last value of each auth shape) never comes back, even when the target fails.
      const secret = Object.values(auth.right.auth as Record<string, string>).at(-1)!;
      expect(JSON.stringify(ok) + JSON.stringify(missing) + JSON.stringify(wrong)).not.toContain(secret);
    });
  }

  async function execute(name: string, body: Record<string, unknown>): Promise<string> {
    const datasourceId = (await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name, project_id: projectId, type: 'http-requests' } })).id;
    const answer = await h.ok<{ data_object_id: string; jobs: { id: string }[] }>('POST', '/http/execute-request', { token: adminToken, body: { method: 'GET', authType: 'None', ...body, project_id: projectId, datasource_id: datasourceId } });
    await waitFor(async () => ['succeeded', 'failed'].includes((await h.ok<{ status: string }>('GET', `/jobs/${answer.jobs[0]!.id}`, { token: adminToken })).status), 'the dataline job', 60_000, 200);
    return answer.data_object_id;
  }

  /** The stored Parquet, read back by a separate DuckDB, as JSON rows. */
  async function storedRows(dataObjectId: string): Promise<Record<string, unknown>[]> {
    const response = await fetch(`${h.base}/dataobjects/${dataObjectId}/content`, { headers: { authorization: adminToken } });
    expect(response.status).toBe(200);
    const file = join(scratch, `${dataObjectId}.parquet`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const connection = await duck.connect();
    const reader = await connection.runAndReadAll(`SELECT to_json(t)::VARCHAR AS row FROM read_parquet('${file}') AS t`);
    connection.closeSync();
    return reader.getRowObjects().map((row) => JSON.parse(String(row.row)) as Record<string, unknown>);
  }

  it('gives a second datasource of the same name a table of its own, and the project stays queryable', async () => {
    await execute('Airport codes', { url: `${api.origin}/airports.csv` });
    await execute('airport  codes!', { url: `${api.origin}/airports.csv` });
    const tables = (await h.ok<{ data: { name: string }[] }>('GET', `/projects/${projectId}/datalines`, { token: adminToken })).data.map((dataline) => dataline.name);
    expect(tables.filter((name) => name.startsWith('airport_codes')).sort()).toEqual(['airport_codes', 'airport_codes_2']);
    // Both tables load into the project's database (two `airport_codes` had failed it as a whole).
    const program = { name: 'airports_in_both', query: 'How many airports are in both?', query_program: 'SELECT count(*) AS n FROM airport_codes JOIN airport_codes_2 USING (iata)', slots: [] };
    expect((await h.request('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: program })).status).toBe(200);
  });

  it('keeps nested objects, arrays, nulls, numbers, booleans and dates through Parquet', async () => {
    const rows = await storedRows(await execute('Nested', { url: `${api.origin}/nested`, responsePathExtractor: 'results.items' }));
    expect(rows).toEqual(nested);
  });

  it('keeps every row and value of a real data set (cars)', async () => {
    const cars = vegaJson('cars.json') as Record<string, unknown>[];
    const rows = await storedRows(await execute('Cars round trip', { url: `${api.origin}/cars` }));
    expect(rows).toHaveLength(cars.length);
    expect(rows).toEqual(cars);
  });

  it('reads CSV (airports) with its header row as the columns, numeric columns as numbers and the rest as text', async () => {
    const rows = await storedRows(await execute('Airports', { url: `${api.origin}/airports.csv` }));
    expect(rows.length).toBe(3376);
    expect(Object.keys(rows[0]!)).toEqual(['iata', 'name', 'city', 'state', 'country', 'latitude', 'longitude']);
    // iata codes such as 00M and 01G stay text; every latitude and longitude is a number.
    expect(rows.find((row) => row.iata === '00M')).toMatchObject({ name: 'Thigpen', city: 'Bay Springs', state: 'MS', latitude: 31.95376472, longitude: -89.23450472 });
    expect(rows.every((row) => typeof row.latitude === 'number' && typeof row.longitude === 'number' && typeof row.iata === 'string')).toBe(true);
  });

  it('keeps columns whose names have spaces and punctuation (movies: "US Gross", "Rotten Tomatoes Rating")', async () => {
    const movies = vegaJson('movies.json') as Record<string, unknown>[];
    const rows = await storedRows(await execute('Movies round trip', { url: `${api.origin}/movies` }));
    expect(rows).toHaveLength(movies.length);
    const avatar = rows.find((row) => row.Title === 'Avatar')!;
    const source = movies.find((movie) => movie.Title === 'Avatar')!;
    expect(avatar['US Gross']).toBe(source['US Gross']);
    expect(avatar['Rotten Tomatoes Rating']).toBe(source['Rotten Tomatoes Rating']);
  });
});
