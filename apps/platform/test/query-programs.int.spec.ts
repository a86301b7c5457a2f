// Query programs end to end: a connected data set gets generated programs, they run with slot
// values (answers checked against plain JavaScript over the source records), a refresh that drops
// a column marks the affected programs invalid, and every version stays readable.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realParts, startFixtureApi, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, Harness } from './harness.js';

const backend = [realParts.databaseUrl ? 'postgres' : 'pglite', realParts.kafkaBrokers ? 'kafka' : 'in-process', realParts.s3 ? 'minio' : 'filesystem'].join(' + ');

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

  async function settled(jobId: string) {
    return waitFor(
      async () => {
        const job = await h.ok<{ status: string; error: string | null }>('GET', `/jobs/${jobId}`, { token: adminToken });
        if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
        return job.status === 'succeeded' ? job : undefined;
      },
      'the job',
      60_000,
      200,
    );
  }

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
    const program = (await programs()).find((p) => p.family === 'aggregate' && p.query_program.includes('"Horsepower"') && p.query_program.includes('"Origin"'));
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
