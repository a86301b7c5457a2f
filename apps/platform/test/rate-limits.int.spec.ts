// Rate limits of the query endpoints (API.md 429 rules, issue 7): a key sending five times its
// plan's rate for 10 s gets limit × 10 + burst calls through (±5 %), every refusal is a well-formed
// 429 with Retry-After and the RateLimit headers, and another key of the same project is unaffected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureApi, vegaJson, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';


// The free plan (API.md "Plans"): 10 calls a second, a burst of 20.
const limitPerSecond = 10;
const burst = 20;

describe(`rate limits [${backend}]`, () => {
  let h: Harness;
  let api: FixtureApi;
  let projectId: string;

  beforeAll(async () => {
    const cars = vegaJson('cars.json') as Record<string, unknown>[];
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
    h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50' });
    const me = await h.ok<{ projects: { id: string }[] }>('GET', '/me', { token: adminToken });
    projectId = me.projects[0]!.id;
    await h.connect(projectId, 'Cars', `${api.origin}/cars`);
    const program = await h.ok<{ id: string }>('POST', `/projects/${projectId}/queryprograms`, {
      token: adminToken,
      body: { name: 'cars_from', query: 'Which cars come from an origin?', query_program: 'SELECT "Name" FROM cars WHERE "Origin" = $origin ORDER BY "Name" LIMIT 3', slots: [{ name: 'origin', type: 'enum', required: true, enum_values: ['USA', 'Europe', 'Japan'] }] },
    });
    await h.ok('POST', `/queryprograms/${program.id}/deployments`, { token: adminToken, body: {} });
  });
  afterAll(async () => {
    await h?.stop();
    await api?.close();
  });

  const newKey = async (name: string) => (await h.ok<{ key: string }>('POST', '/api-keys', { token: adminToken, body: { name, project_ids: [projectId] } })).key;
  const call = (key: string) =>
    fetch(`${h.base}/queries/cars_from`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ origin: 'Japan' }) });

  it('lets limit × 10 s + burst calls through a burst at five times the limit, refuses the rest with well-formed 429s, and leaves other keys alone', async () => {
    const hammered = await newKey('hammered');
    const bystander = await newKey('bystander');
    const first = await call(hammered);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toMatch(/^"free";q=20;w=2$/);
    expect(first.headers.get('ratelimit')).toMatch(/^"free";r=\d+;t=\d+$/);

    const statuses: number[] = [];
    const refusals: Promise<void>[] = [];
    const bystanderStatuses: number[] = [];
    const seconds = 10;
    const interval = 1000 / (limitPerSecond * 5);
    const started = performance.now();
    const sends: Promise<void>[] = [];
    for (let sent = 1; performance.now() - started < seconds * 1000; sent += 1) {
      sends.push(
        call(hammered).then(async (response) => {
          statuses.push(response.status);
          if (response.status === 429) refusals.push(checkRefusal(response));
          else await response.arrayBuffer();
        }),
      );
      // The bystander calls well under its own limit at the same time.
      if (sent % 10 === 0) {
        sends.push(
          call(bystander).then(async (response) => {
            bystanderStatuses.push(response.status);
            await response.arrayBuffer();
          }),
        );
      }
      const next = started + sent * interval;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
    await Promise.all(sends);
    await Promise.all(refusals);
    const accepted = statuses.filter((status) => status === 200).length + 1; // the first call above
    const expected = limitPerSecond * seconds + burst;
    expect(statuses.every((status) => status === 200 || status === 429), `statuses ${[...new Set(statuses)].join(',')}`).toBe(true);
    expect(accepted).toBeGreaterThanOrEqual(Math.floor(expected * 0.95));
    expect(accepted).toBeLessThanOrEqual(Math.ceil(expected * 1.05));
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(200);
    expect(bystanderStatuses.length).toBeGreaterThan(30);
    expect(bystanderStatuses.every((status) => status === 200)).toBe(true);
  }, 60_000);

  /** API.md: 429 `{error: "rate_limit_exceeded", message, retry_after}` and `Retry-After: <seconds>`. */
  async function checkRefusal(response: Response): Promise<void> {
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error: 'rate_limit_exceeded', retry_after: expect.any(Number) });
    expect(typeof body.message).toBe('string');
    expect(body.retry_after as number).toBeGreaterThanOrEqual(1);
    expect(response.headers.get('retry-after')).toBe(String(body.retry_after));
    expect(response.headers.get('ratelimit-policy')).toBeTruthy();
    expect(response.headers.get('ratelimit')).toMatch(/;r=0;/);
  }
});
