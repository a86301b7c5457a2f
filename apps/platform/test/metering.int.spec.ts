// Metering end to end (issue 7): query calls made with an API key become ApiLog rows, rollups and
// question counts that the metrics endpoints report exactly; the subscription reads and changes;
// and no ApiLog is lost or doubled when the platform restarts while calls flow and when the bus
// delivers the same events again. Restarting metering alone and then Kafka is in
// outage/metering-restarts.int.spec.ts, which runs on its own (it stops the shared broker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics, type EventEnvelope } from '@querylane/bus';
import { databaseModule, eventBusModule, loadConfig, Platform, serviceClientsModule } from '@querylane/runtime';
import { platformModules } from '@querylane/platform/modules';
import { isolatedDatabase, scratchDir, startFixtureApi, testLogger, uniqueName, vegaJson, waitFor, type FixtureApi } from '@querylane/testing';
import { adminToken, backend, Harness } from './harness.js';
import { deployedProgram, generousPlans, oneShotCall, type Request } from './metering.fixtures.js';


interface Point {
  ts: string;
  requests: number;
  errors: number;
  rate_limited: number;
  error_rate: number;
  avg_response_time_ms: number;
  p95_response_time_ms: number;
}

interface ApiLog {
  id: string;
  status_code: number;
  response_time_ms: number;
  query_name: string;
  created_at: string;
  [field: string]: unknown;
}

describe(`metering [${backend}]`, () => {
  let api: FixtureApi;
  const cars = vegaJson('cars.json');

  beforeAll(async () => {
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
  });
  afterAll(async () => {
    await api?.close();
  });

  describe('metrics', () => {
    let h: Harness;
    let projectId: string;
    let organizationId: string;
    let key: string;

    beforeAll(async () => {
      h = await Harness.start({ CONNECTOR_ALLOWED_TARGETS: api.hostPort, QUERY_RUNTIME_JOB_BACKOFF_MS: '50', METERING_PLANS: generousPlans });
      ({ projectId, organizationId, key } = await deployedProgram((method, path, options) => h.request(method, path, options), `${api.origin}/cars`));
    }, 120_000);
    afterAll(async () => {
      await h?.stop();
    });

    it('the metrics endpoints agree with the calls made (counts, error rate, average time)', async () => {
      const call = (path: string, body: unknown) => h.request<Record<string, unknown>>('POST', path, { body, headers: { 'x-api-key': key } });
      const statuses: number[] = [];
      const good = 12;
      const bad = 4;
      for (let index = 0; index < good; index += 1) statuses.push((await call('/queries/heaviest_cars', { origin: ['USA', 'Europe', 'Japan'][index % 3], n: 1 + (index % 5) })).status);
      for (let index = 0; index < bad; index += 1) statuses.push((await call('/queries/heaviest_cars', index % 2 ? { origin: 'Mars' } : { origin: 'USA', colour: 'red' })).status);
      expect(statuses.slice(0, good).every((status) => status === 200)).toBe(true);
      expect(statuses.slice(good).every((status) => status === 400)).toBe(true);
      // The same question three ways (case, punctuation, spacing) and another one.
      const questions = ['Which cars are the heaviest from Japan?', 'which cars are the HEAVIEST from japan', '  Which cars  are the heaviest,from Japan!', 'the heaviest cars from Europe'];
      for (const question of questions) statuses.push((await call('/query', { query: question, project_id: projectId })).status);

      const expectedErrors = statuses.filter((status) => status >= 400 && status !== 429).length;
      const expectedLimited = statuses.filter((status) => status === 429).length;
      const metrics = await waitFor(
        async () => {
          const answer = await h.ok<{ series: Point[]; totals: Point }>('GET', `/projects/${projectId}/metrics?bucket=minute`, { token: adminToken });
          return answer.totals.requests === statuses.length ? answer : undefined;
        },
        `${statuses.length} calls in the metrics`,
      );
      expect(metrics.totals).toMatchObject({ requests: statuses.length, errors: expectedErrors, rate_limited: expectedLimited });
      expect(metrics.totals.error_rate).toBeCloseTo(expectedErrors / statuses.length, 10);
      expect(metrics.series.reduce((sum, p) => sum + p.requests, 0)).toBe(statuses.length);
      expect(metrics.series.reduce((sum, p) => sum + p.errors, 0)).toBe(expectedErrors);

      // Every call is one ApiLog; paging 5 at a time, newest first, sees each once.
      const logs: ApiLog[] = [];
      let cursor = '';
      for (let page = 0; page < 20; page += 1) {
        const answer = await h.ok<{ data: ApiLog[]; next_cursor: string | null }>('GET', `/projects/${projectId}/api-logs?limit=5${cursor ? `&cursor=${cursor}` : ''}`, { token: adminToken });
        expect(answer.data.length).toBeLessThanOrEqual(5);
        logs.push(...answer.data);
        if (!answer.next_cursor) break;
        cursor = answer.next_cursor;
      }
      expect(logs).toHaveLength(statuses.length);
      expect(new Set(logs.map((log) => log.id)).size).toBe(statuses.length);
      const times = logs.map((log) => Date.parse(log.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(logs.map((log) => log.status_code).sort()).toEqual([...statuses].sort());
      for (const field of ['api_slug', 'version', 'endpoint_path', 'user_id', 'project_id', 'queryresponse_id', 'query_params', 'response_time_ms', 'status_code', 'request_body', 'parent_log_id', 'created_at']) {
        expect(logs[0]).toHaveProperty(field);
      }
      // A question names the project's API as a call by name does.
      const answered = logs.filter((log) => log.endpoint_path === '/v1/query' && log.status_code === 200);
      const byName = logs.find((log) => String(log.endpoint_path).startsWith('/v1/queries/') && log.status_code === 200);
      expect(answered.length).toBeGreaterThan(0);
      expect(byName?.api_slug).toBeTruthy();
      for (const log of answered) expect(log.api_slug).toBe(byName!.api_slug);
      const average = logs.reduce((sum, log) => sum + log.response_time_ms, 0) / logs.length;
      expect(metrics.totals.avg_response_time_ms).toBeCloseTo(average, 6);
      // p95 is the bound of the bucket holding the 95th percentile: at least the true one.
      const sortedTimes = logs.map((log) => log.response_time_ms).sort((a, b) => a - b);
      expect(metrics.totals.p95_response_time_ms).toBeGreaterThanOrEqual(sortedTimes[Math.ceil(0.95 * sortedTimes.length) - 1]!);

      const rejected = await h.ok<{ data: ApiLog[] }>('GET', `/projects/${projectId}/api-logs?status_code=400&limit=100`, { token: adminToken });
      expect(rejected.data).toHaveLength(statuses.filter((status) => status === 400).length);

      // Popular queries agree with the logs, query by query.
      const byQuery = new Map<string, { requests: number; errors: number; total: number }>();
      for (const log of logs.filter((entry) => entry.query_name)) {
        const entry = byQuery.get(log.query_name) ?? { requests: 0, errors: 0, total: 0 };
        entry.requests += 1;
        entry.errors += log.status_code >= 400 && log.status_code !== 429 ? 1 : 0;
        entry.total += log.response_time_ms;
        byQuery.set(log.query_name, entry);
      }
      const popular = await h.ok<{ data: { query_name: string; requests: number; error_rate: number; avg_response_time_ms: number }[] }>('GET', `/projects/${projectId}/metrics/queries`, { token: adminToken });
      expect(popular.data.map((q) => q.query_name).sort()).toEqual([...byQuery.keys()].sort());
      for (const q of popular.data) {
        const expected = byQuery.get(q.query_name)!;
        expect(q.requests).toBe(expected.requests);
        expect(q.error_rate).toBeCloseTo(expected.errors / expected.requests, 10);
        expect(q.avg_response_time_ms).toBeCloseTo(expected.total / expected.requests, 6);
      }
      expect(popular.data[0]).toMatchObject({ query_name: 'heaviest_cars' });
      expect(popular.data[0]!.requests).toBeGreaterThanOrEqual(good + bad);

      const top = await h.ok<{ data: { question: string; count: number; last_asked_at: string; query_used: string }[] }>('GET', `/projects/${projectId}/metrics/questions`, { token: adminToken });
      expect(top.data[0]).toMatchObject({ question: 'which cars are the heaviest from japan', count: 3 });
      expect(top.data.find((q) => q.question === 'the heaviest cars from europe')).toMatchObject({ count: 1 });
      expect(Date.parse(top.data[0]!.last_asked_at)).toBeGreaterThan(0);
      expect(top.data[0]!.query_used).toBe('heaviest_cars');
      // A question refused (no query answered it) has no query: null, not an empty name.
      statuses.push((await call('/query', { query: 'Who won the football world cup in 1998?', project_id: projectId })).status);
      expect(statuses.at(-1)).toBe(400);
      const refused = await waitFor(async () => {
        const listed = await h.ok<{ data: { question: string; query_used: string | null }[] }>('GET', `/projects/${projectId}/metrics/questions`, { token: adminToken });
        return listed.data.find((q) => q.question.includes('world cup'));
      }, 'the refused question in the metrics');
      expect(refused.query_used).toBeNull();

      // The plan shows the calls used this month (every call that was not refused with 429).
      const subscription = await h.ok<{ tier: string; api_calls_used: number; api_call_limit: number; overage_settings: { mode: string } }>('GET', `/organizations/${organizationId}/subscription`, { token: adminToken });
      expect(subscription).toMatchObject({ tier: 'free', api_call_limit: 10_000, overage_settings: { mode: 'block' } });
      expect(Number(subscription.api_calls_used)).toBe(statuses.length - expectedLimited);

      // Metrics need a management credential.
      expect((await h.request('GET', `/projects/${projectId}/metrics`, {})).status).toBe(401);
    });

    it('lets a platform admin change the plan, which the next rate-limit decision follows', async () => {
      const me = await h.ok<{ platform_id: string }>('GET', '/me', { token: adminToken });
      const orgB = await h.ok<{ id: string }>('POST', '/organizations', { token: adminToken, body: { platform_id: me.platform_id, name: 'Metered B' } });
      const userB = await h.ok<{ id: string }>('POST', '/users', { token: adminToken, body: { organization_id: orgB.id, name: 'B', email: `${uniqueName('b')}@example.test` } });
      const tokenB = (await h.ok<{ token: string }>('POST', `/users/${userB.id}/tokens`, { token: adminToken })).token;
      // A member of the organization reads its plan, and cannot change it; nobody else sees it.
      expect((await h.request('GET', `/organizations/${orgB.id}/subscription`, { token: tokenB })).status).toBe(200);
      expect((await h.request('PUT', `/organizations/${orgB.id}/subscription`, { token: tokenB, body: { tier: 'pro' } })).body).toMatchObject({ error: 'permission_denied' });
      expect((await h.request('GET', `/organizations/${organizationId}/subscription`, { token: tokenB })).status).toBe(404);
      expect((await h.request('PUT', `/organizations/${orgB.id}/subscription`, { token: adminToken, body: { overage_settings: { mode: 'sometimes' } } })).status).toBe(400);

      const changed = await h.ok<{ tier: string; api_call_limit: number | null; overage_settings: { mode: string } }>('PUT', `/organizations/${orgB.id}/subscription`, {
        token: adminToken,
        body: { tier: 'enterprise', overage_settings: { mode: 'allow' } },
      });
      expect(changed).toMatchObject({ tier: 'enterprise', api_call_limit: null, overage_settings: { mode: 'allow' } });

      const clients = h.platform.value(serviceClientsModule);
      const before = await clients.metering.call.checkRateLimit({ apiKeyId: 'plan-change-key', organizationId: orgB.id, projectId: '', cost: 1 });
      expect(before).toMatchObject({ allowed: true, tier: 'enterprise', limitPerSecond: 1_000, burst: 2_000 });
      await h.ok('PUT', `/organizations/${orgB.id}/subscription`, { token: adminToken, body: { tier: 'free', api_call_limit: 1 } });
      // The catalog.subscription.updated event drops metering's cached plan.
      await waitFor(async () => (await clients.metering.call.checkRateLimit({ apiKeyId: 'plan-change-key', organizationId: orgB.id, projectId: '', cost: 1 })).tier === 'free', 'the new plan');
    });
  });

  describe('restarts and redelivery', () => {
    const dir = scratchDir();
    let database: Awaited<ReturnType<typeof isolatedDatabase>>;
    let platform: Platform | undefined;
    let env: NodeJS.ProcessEnv;

    const start = async () => {
      platform = new Platform(loadConfig(env), testLogger(), platformModules, env);
      await platform.start();
      return platform;
    };
    const request: Request = async (method, path, options = {}) => {
      const headers: Record<string, string> = { ...options.headers };
      if (options.token) headers.authorization = options.token;
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`http://127.0.0.1:${platform!.port}/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as never, headers: response.headers };
    };
    // On Kafka the topic also carries other suites' calls (metering stores them too): count this project's.
    const meteringRows = async (projectId: string) => {
      const db = platform!.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('metering');
      const logs = await db.selectFrom('api_logs').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      const rollups = await db.selectFrom('usage_rollups').select((eb) => eb.fn.sum<string>('requests').as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
      return { logs: Number(logs.n), rollups: Number(rollups.n ?? 0) };
    };

    beforeAll(async () => {
      database = await isolatedDatabase();
      env = {
        ...process.env,
        PORT: '0',
        GRPC_PORT: '0',
        QUERYLANE_DATA_DIR: dir.path,
        QUERYLANE_ADMIN_TOKEN: adminToken,
        KAFKA_GROUP_PREFIX: uniqueName('test'),
        CONNECTOR_ALLOWED_TARGETS: api.hostPort,
        QUERY_RUNTIME_JOB_BACKOFF_MS: '50',
        METERING_PLANS: generousPlans,
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      };
      await start();
    }, 60_000);
    afterAll(async () => {
      await platform?.stop();
      await database?.drop();
      dir.remove();
    });

    it('no ApiLog is lost or doubled when the platform restarts while calls flow, or when events are delivered twice', async () => {
      const { projectId, key } = await deployedProgram(request, `${api.origin}/cars`);
      // Every api-calls event the bus carried, seen by a group of the test's own in each platform.
      const published = new Set<string>();
      const listen = () =>
        platform!.value(eventBusModule).subscribe({ group: uniqueName('test.api-calls'), topics: [topics.apiCalls], startAt: 'latest', handler: async ({ envelope }) => void (envelope.projectId === projectId && published.add(envelope.id)) });
      let listener = await listen();
      let answered = 0;
      let flowing = true;
      // Four callers keep calling on connections of their own while the platform stops and starts.
      const caller = async () => {
        while (flowing) {
          try {
            // While the platform starts, its HTTP listener answers 404 before the gateway is
            // mounted; such an answer never reached a query endpoint, so it leaves no ApiLog.
            if ((await oneShotCall(platform!.port!, key)) === 200) answered += 1;
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 20)); // the platform is down
          }
        }
      };
      const callers = Array.from({ length: 4 }, caller);
      await waitFor(() => answered >= 40, 'calls before the restart', 30_000);
      await platform!.stop();
      const atStop = answered;
      await start();
      listener = await listen();
      await waitFor(() => answered >= atStop + 40, 'calls after the restart', 60_000);
      flowing = false;
      await Promise.all(callers);
      await listener.close();
      const rows = await waitFor(
        async () => {
          const counted = await meteringRows(projectId);
          return counted.logs >= answered ? counted : undefined;
        },
        `${answered} ApiLog rows`,
        20_000,
        100,
      );
      // Every call answered is one row, once, and counted once in the rollups; every event the test's
      // own groups saw on the bus is among them.
      expect(rows).toEqual({ logs: answered, rollups: answered });
      const db = platform!.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('metering');
      const ids = new Set((await db.selectFrom('api_logs').select('id').execute()).map((row) => String(row.id)));
      expect([...published].filter((id) => !ids.has(id))).toEqual([]);

      // The bus delivers the same events again (as Kafka does after a consumer restart before its
      // offsets were committed): nothing changes.
      // This project's events only: the topic also holds every other test's calls (thousands on a
      // shared broker), which would make one publish larger than Kafka takes.
      const replayed: EventEnvelope[] = [];
      const bus = platform!.value(eventBusModule);
      const replay = await bus.subscribe({ group: uniqueName('test.replay'), topics: [topics.apiCalls], handler: async ({ envelope }) => void (envelope.projectId === projectId && replayed.push(envelope)) });
      await waitFor(() => replayed.length > 0, "the project's retained events");
      await replay.close();
      const before = await projectTotals(request, projectId);
      // In batches of the size the gateway publishes (ApiCallPublisher: 500).
      for (let round = 0; round < 2; round += 1) {
        for (let start = 0; start < replayed.length; start += 500) await bus.publish(topics.apiCalls, replayed.slice(start, start + 500));
      }
      expect(await meteringRows(projectId)).toEqual(rows);
      expect((await projectTotals(request, projectId)).requests).toBe(before.requests);
      expect(before.requests).toBe(rows.logs);
    }, 180_000);
  });
});

async function projectTotals(request: Request, projectId: string): Promise<Point> {
  const answer = await request<{ totals: Point }>('GET', `/projects/${projectId}/metrics`, { token: adminToken });
  return answer.body.totals;
}
