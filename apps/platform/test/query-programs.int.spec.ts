// Query programs end to end: a connected data set gets generated programs, they run with slot
// values (answers checked against plain JavaScript over the source records), a refresh that drops
// a column marks the affected programs invalid, and every version stays readable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { openPayload, topics } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import { eventBusModule } from '@querylane/runtime';
import { adminToken, backend, Harness, heaviestCars } from './harness.js';


interface Program {
  id: string;
  name: string;
  family: string | null;
  status: string;
  invalid_reason: string | null;
  version: number;
  query_program: string;
  slots: { name: string; type: string; required: boolean; default: unknown; enum_values?: unknown[] }[];
}

describe(`query programs [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let datasourceId: string;
  const cars = vegaJson('cars.json') as Record<string, unknown>[];
  let dropHorsepower = false;

  beforeAll(async () => {
    api = await startFixtureApi({
      '/cars': (_request, response) => {
        const body = dropHorsepower ? cars.map(({ Horsepower: _hp, ...rest }) => rest) : cars;
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      },
    });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    projectId = (await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken })).projects[0]!.id;
    datasourceId = (await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name: 'Cars', project_id: projectId, type: 'http-requests' } })).id;
    const answer = await h.ok<{ jobs: { id: string }[] }>('POST', '/http/execute-request', {
      token: adminToken,
      body: { url: `${api.origin}/cars`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId },
    });
    await settled(answer.jobs[0]!.id);
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  const settled = (jobId: string) => h.succeeded(jobId);

  const programs = async () => (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data;

  it('generates programs of several families from the data, each with clean names and typed slots', async () => {
    const list = await programs();
    expect(list.length).toBeGreaterThan(3);
    expect(new Set(list.map((p) => p.name)).size).toBe(list.length);
    expect(list.every((p) => /^[a-z][a-z0-9_]*$/.test(p.name))).toBe(true);
    expect(new Set(list.map((p) => p.family)).size).toBeGreaterThanOrEqual(3);
    expect(list.every((p) => p.status === 'valid' && p.version === 1)).toBe(true);
  });

  it('runs an aggregate of Horsepower by Origin with a slot value, equal to the answer computed in JavaScript', async () => {
    const program = (await programs()).find((p) => p.family === 'aggregate' && p.query_program.includes('"Horsepower"') && p.query_program.includes('GROUP BY "Origin"'));
    expect(program, 'an aggregate of Horsepower by Origin').toBeDefined();
    const result = await h.ok<{ data: Record<string, unknown>[]; execution_time_ms: number }>('POST', `/queryprograms/${program!.id}/run`, { token: adminToken, body: {} });
    expect(result.data.length).toBe(new Set(cars.map((car) => car.Origin)).size);
    expect(result.execution_time_ms).toBeGreaterThanOrEqual(0);
    // Every numeric answer for Japan is one of the JavaScript aggregates of Japan's horsepower.
    const japan = cars.filter((car) => car.Origin === 'Japan' && typeof car.Horsepower === 'number').map((car) => car.Horsepower as number);
    const expected = [japan.reduce((a, b) => a + b, 0) / japan.length, Math.max(...japan), Math.min(...japan), japan.reduce((a, b) => a + b, 0), japan.length];
    const row = result.data.find((r) => Object.values(r).includes('Japan'))!;
    const numbers = Object.values(row).filter((v): v is number => typeof v === 'number');
    expect(numbers.some((n) => expected.some((e) => Math.abs(e - n) < 1e-6))).toBe(true);
  });

  it('refuses bad slot values naming the slot, and unknown programs', async () => {
    const program = (await programs()).find((p) => p.slots.length > 0)!;
    const unknown = await h.request<{ error: string; details: { slot: string } }>('POST', `/queryprograms/${program.id}/run`, { token: adminToken, body: { not_a_slot: 1 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: 'invalid_request', details: { slot: 'not_a_slot' } });
    expect((await h.request('POST', '/queryprograms/00000000-0000-4000-8000-000000000000/run', { token: adminToken, body: {} })).status).toBe(404);
  });

  it('marks the programs that used a dropped column invalid on refresh, and keeps their versions readable', async () => {
    const before = (await programs()).filter((p) => p.query_program.includes('"Horsepower"'));
    expect(before.length).toBeGreaterThan(0);
    dropHorsepower = true;
    const refreshed = await h.ok<{ jobs: { id: string }[] }>('POST', `/datasources/${datasourceId}/refresh`, { token: adminToken });
    await settled(refreshed.jobs[0]!.id);
    const after = await programs();
    let invalid = 0;
    for (const program of before) {
      const now = after.find((p) => p.name === program.name)!;
      if (now.status === 'invalid') {
        // Its column is gone: it says why, and refuses to run rather than failing in DuckDB.
        invalid += 1;
        expect(now.invalid_reason).toContain('Horsepower');
        const run = await h.request<{ error: string }>('POST', `/queryprograms/${now.id}/run`, { token: adminToken, body: {} });
        expect(run.status).toBe(409);
      } else {
        // Generated again under its name from the new data: a new version without the column.
        expect(now.version, `${now.name} ${now.status} ${now.query_program}`).toBeGreaterThan(program.version);
        expect(now.query_program).not.toContain('"Horsepower"');
      }
    }
    expect(invalid).toBeGreaterThan(0);
    expect(after.find((p) => p.name === 'avg_horsepower_by_origin')?.status).toBe('invalid');
    const versions = await h.ok<{ data: Program[] }>('GET', `/queryprograms/${before[0]!.id}/versions`, { token: adminToken });
    expect(versions.data.length).toBeGreaterThanOrEqual(1);
    expect((await h.ok<Program>('GET', `/queryprograms/${before[0]!.id}`, { token: adminToken })).name).toBe(before[0]!.name);
  });
});

describe(`hand-written query programs [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;
  let otherProjectId: string;
  const cars = vegaJson('cars.json') as Record<string, unknown>[];

  beforeAll(async () => {
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    const me = await h.ok<{ projects: { id: string }[]; teams: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    otherProjectId = (await h.ok<{ id: string }>('POST', '/projects', { token: adminToken, body: { team_id: me.teams[0]!.id, name: 'Other' } })).id;
    for (const [project, name] of [
      [projectId, 'Cars'],
      [otherProjectId, 'Secret cars'],
    ] as const) {
      await h.connect(project, name, `${api.origin}/cars`);
    }
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  const heaviest = heaviestCars;

  it('saves, runs, modifies (a new version) and deletes a hand-written program, announcing each change on querylane.queryprograms', async () => {
    const announced: { type: string; name: unknown; version: unknown }[] = [];
    const listener = await h.platform.value(eventBusModule).subscribe({
      group: `test.queryprograms.${Date.now()}`,
      topics: [topics.queryPrograms],
      startAt: 'latest',
      handler: async ({ envelope }) => {
        const { record } = openPayload(envelope, eventsV1.RecordChangedSchema);
        announced.push({ type: envelope.type, name: record?.name, version: record?.version });
      },
    });
    const created = await h.ok<Program & { origin: string; prev_id: string | null }>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: heaviest });
    expect(created).toMatchObject({ name: 'heaviest_cars', version: 1, origin: 'hand_written', status: 'valid', prev_id: null });
    const run = await h.ok<{ data: { Name: string; Weight_in_lbs: number }[] }>('POST', `/queryprograms/${created.id}/run`, { token: adminToken, body: { origin: 'Japan', n: 2 } });
    const expected = cars
      .filter((car) => car.Origin === 'Japan')
      .sort((x, y) => (y.Weight_in_lbs as number) - (x.Weight_in_lbs as number) || String(x.Name).localeCompare(String(y.Name)))
      .slice(0, 2)
      .map((car) => ({ Name: car.Name, Weight_in_lbs: car.Weight_in_lbs }));
    expect(run.data).toEqual(expected);

    const modified = await h.ok<Program & { prev_id: string }>('PUT', `/queryprograms/${created.id}`, { token: adminToken, body: { ...heaviest, query_program: heaviest.query_program.replace('"Weight_in_lbs" DESC', '"Weight_in_lbs" ASC'), query: 'Which cars are the lightest from an origin?' } });
    expect(modified).toMatchObject({ version: 2, prev_id: created.id });
    expect((await h.ok<Program>('GET', `/queryprograms/${created.id}`, { token: adminToken })).version).toBe(1);
    const versions = await h.ok<{ data: Program[] }>('GET', `/queryprograms/${modified.id}/versions`, { token: adminToken });
    expect(versions.data.map((v) => v.version)).toEqual([2, 1]);
    expect((await h.request('PUT', `/queryprograms/${created.id}`, { token: adminToken, body: heaviest })).status).toBe(409);

    // Run once so that the program is cached: deleting it must still make it unknown at once.
    expect((await h.request('POST', `/queryprograms/${modified.id}/run`, { token: adminToken, body: { origin: 'USA' } })).status).toBe(200);
    expect((await h.request('DELETE', `/queryprograms/${modified.id}`, { token: adminToken })).status).toBe(200);
    expect((await h.request('GET', `/queryprograms/${modified.id}`, { token: adminToken })).status).toBe(404);
    expect((await h.request('POST', `/queryprograms/${modified.id}/run`, { token: adminToken, body: { origin: 'USA' } })).status).toBe(404);

    const changes = [
      { type: 'queryprograms.created', name: 'heaviest_cars', version: 1 },
      { type: 'queryprograms.updated', name: 'heaviest_cars', version: 2 },
      { type: 'queryprograms.deleted', name: 'heaviest_cars', version: 2 },
    ];
    await waitFor(() => announced.filter((event) => event.name === 'heaviest_cars').length >= changes.length, 'the three program events');
    expect(announced.filter((event) => event.name === 'heaviest_cars')).toEqual(changes);
    await listener.close();
  });

  it.each([
    ['several statements', 'SELECT 1 FROM cars; SELECT 2 FROM cars'],
    ['a write', 'DELETE FROM cars'],
    ['COPY', "COPY cars TO '/tmp/out.csv'"],
    ['ATTACH', "ATTACH '/tmp/x.db' AS x"],
    ['INSTALL', 'INSTALL httpfs'],
    ['LOAD', 'LOAD httpfs'],
    ['PRAGMA', 'PRAGMA database_list'],
    ['SET', "SET memory_limit = '1GB'"],
    ['read_csv', "SELECT * FROM read_csv('/etc/passwd')"],
    ['read_parquet on a path', "SELECT * FROM read_parquet('/tmp/x.parquet')"],
    ['a file as a table', "SELECT * FROM '/etc/hosts'"],
    ["another project's table", 'SELECT * FROM secret_cars'],
    ['a syntax error', 'SELEC * FROM cars'],
    ['a column that does not exist', 'SELECT "Wings" FROM cars'],
  ])('refuses %s with invalid_request saying why, and saves nothing', async (_label, sql) => {
    const before = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data.length;
    const answer = await h.request<{ error: string; message: string }>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { name: 'forbidden', query: 'q', query_program: sql } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.error).toBe('invalid_request');
    expect(answer.body.message.length).toBeGreaterThan(10);
    expect((await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data.length).toBe(before);
  });

  it('stops a runaway query (a cross join) at the time-out and answers 504 timeout', async () => {
    const runaway = await h.ok<Program>('POST', `/projects/${projectId}/queryprograms`, {
      token: adminToken,
      body: { name: 'runaway', query: 'How many combinations of four cars are there?', query_program: 'SELECT count(*) AS n FROM cars a, cars b, cars c, cars d WHERE a."Horsepower" + b."Horsepower" > c."Horsepower" - d."Horsepower"' },
    });
    const started = Date.now();
    const answer = await h.request<{ error: string }>('POST', `/queryprograms/${runaway.id}/run`, { token: adminToken, body: {} });
    expect(answer.status).toBe(504);
    expect(answer.body.error).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(15_000);
    // The project's database answers the next query.
    const heavy = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data.find((p) => p.name.startsWith('count_'))!;
    expect((await h.request('POST', `/queryprograms/${heavy.id}/run`, { token: adminToken, body: {} })).status).toBe(200);
  });

  it('refuses slots that do not match the SQL, and a taken name', async () => {
    const unslotted = await h.request<{ message: string }>('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: 'x1', slots: [heaviest.slots[0]] } });
    expect(unslotted.status).toBe(400);
    expect(unslotted.body.message).toContain('$n');
    const enumWithout = await h.request('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: 'x2', slots: [{ name: 'origin', type: 'enum' }, heaviest.slots[1]] } });
    expect(enumWithout.status).toBe(400);
    const generatedName = (await h.ok<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`, { token: adminToken })).data[0]!.name;
    expect((await h.request('POST', `/projects/${projectId}/queryprograms`, { token: adminToken, body: { ...heaviest, name: generatedName } })).status).toBe(409);
  });
});
