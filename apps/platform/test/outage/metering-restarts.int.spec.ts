// Issue 7: no ApiLog is lost or doubled when metering and then Kafka are restarted while calls flow,
// nor when PostgreSQL is.
// Metering runs as a platform of its own (TARGET=metering, as in Kubernetes) beside one running every
// other service, and the two find each other over gRPC; four callers keep calling a deployed query
// on the second while the first stops and starts, and then while the broker stops and starts.
//
// This file stops the shared Kafka broker and PostgreSQL server, so it is not part of `npm test` (whose suites run in
// parallel and use the broker): vitest.config.ts leaves test/outage/ out, vitest.outage.config.ts
// runs it alone, and .ci/run runs that after the main run on the real parts. It needs a separate
// metering process and a broker to stop, which the embedded parts do not have: there it is skipped.
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topics, type Subscription } from '@querylane/bus';
import { databaseModule, eventBusModule, loadConfig, Platform } from '@querylane/runtime';
import { platformModules } from '@querylane/platform/modules';
import { isolatedDatabase, realParts, scratchDir, startFixtureApi, testLogger, uniqueName, vegaJson, waitFor, type FixtureApi, type IsolatedDatabase, type ScratchDir } from '@querylane/testing';
import { adminToken, backend } from '../harness.js';
import { deployedProgram, generousPlans, oneShotCall, type Request } from '../metering.fixtures.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const run = promisify(execFile);

/** `deploy/local/kafka.sh stop|start|status` (data kept across a stop). */
async function kafka(command: 'stop' | 'start' | 'status'): Promise<void> {
  await run('bash', ['deploy/local/kafka.sh', command], { cwd: repositoryRoot, timeout: 120_000 });
}

/** `deploy/local/postgres.sh stop|start` (data kept across a stop). */
async function postgres(command: 'stop' | 'start'): Promise<void> {
  await run('bash', ['deploy/local/postgres.sh', command], { cwd: repositoryRoot, timeout: 120_000 });
}

/** A loopback port free now, for a gRPC server that must come back at the same address. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const everyServiceButMetering = platformModules.map((module) => module.name).filter((name) => name !== 'metering');

describe(`metering and Kafka restarts [${backend}]`, () => {
  let api: FixtureApi;
  let database: IsolatedDatabase;
  const dirs: ScratchDir[] = [];
  let services: Platform | undefined;
  let metering: Platform | undefined;
  let servicesEnv: NodeJS.ProcessEnv;
  let meteringEnv: NodeJS.ProcessEnv;
  const cars = vegaJson('cars.json');

  const startMetering = async () => {
    metering = new Platform(loadConfig(meteringEnv), testLogger(), platformModules, meteringEnv);
    await metering.start();
  };
  const request: Request = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`http://127.0.0.1:${services!.port}/v1${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as never, headers: response.headers };
  };
  const meteringDb = () => services!.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('metering');
  const meteringRows = async (projectId: string) => {
    const logs = await meteringDb().selectFrom('api_logs').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    const rollups = await meteringDb().selectFrom('usage_rollups').select((eb) => eb.fn.sum<string>('requests').as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return { logs: Number(logs.n), rollups: Number(rollups.n ?? 0) };
  };

  /** Four callers calling the gateway until stop(), which checks every call was answered 200. */
  const startCallers = (key: string) => {
    const statuses = new Map<number, number>();
    let answered = 0;
    let flowing = true;
    const caller = async () => {
      while (flowing) {
        try {
          const status = await oneShotCall(services!.port!, key);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) answered += 1;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const callers = Array.from({ length: 4 }, caller);
    return {
      // Each phase lasts until 40 more calls were answered, and at least `minMs` (long enough for
      // the consumers and the producer to see the part go away and come back).
      moreCalls: async (what: string, minMs = 0) => {
        const from = answered;
        const until = Date.now() + minMs;
        await waitFor(() => answered >= from + 40 && Date.now() >= until, `40 calls ${what}`, 60_000).catch((error: Error) => {
          throw new Error(`${error.message}; answers so far by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
        });
      },
      stop: async () => {
        flowing = false;
        await Promise.all(callers);
        // Only 200s: no call was refused or failed because a part was away.
        expect(Object.fromEntries(statuses)).toEqual({ 200: answered });
        return answered;
      },
    };
  };
  /** Every call answered is one ApiLog row, once, and counted once in the rollups; 3 s later (when a redelivery would have landed) still so. */
  const everyCallStoredOnce = async (projectId: string, answered: number, before = { logs: 0, rollups: 0 }) => {
    const expected = { logs: before.logs + answered, rollups: before.rollups + answered };
    const rows = await waitFor(
      async () => {
        const counted = await meteringRows(projectId);
        return counted.logs >= expected.logs ? counted : undefined;
      },
      `${answered} ApiLog rows`,
      120_000,
      250,
    );
    expect(rows).toEqual(expected);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await meteringRows(projectId)).toEqual(expected);
  };

  beforeAll(async () => {
    if (!realParts.kafkaBrokers) return;
    api = await startFixtureApi({ '/cars': (_request, response) => void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(cars)) });
    database = await isolatedDatabase();
    const [servicesGrpc, meteringGrpc] = [await freePort(), await freePort()];
    const shared = {
      ...process.env,
      PORT: '0',
      GRPC_HOST: '127.0.0.1',
      QUERYLANE_ADMIN_TOKEN: adminToken,
      KAFKA_GROUP_PREFIX: uniqueName('test'),
      METERING_PLANS: generousPlans,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    };
    const dir = () => {
      const made = scratchDir();
      dirs.push(made);
      return made.path;
    };
    servicesEnv = {
      ...shared,
      TARGET: everyServiceButMetering.join(','),
      GRPC_PORT: String(servicesGrpc),
      METERING_ADDR: `127.0.0.1:${meteringGrpc}`,
      QUERYLANE_DATA_DIR: dir(),
      CONNECTOR_ALLOWED_TARGETS: api.hostPort,
      QUERY_RUNTIME_JOB_BACKOFF_MS: '50',
    };
    meteringEnv = { ...shared, TARGET: 'metering', GRPC_PORT: String(meteringGrpc), CATALOG_ADDR: `127.0.0.1:${servicesGrpc}`, QUERYLANE_DATA_DIR: dir() };
    // Metering first: the gateway asks it for rate-limit decisions from its first call.
    await startMetering();
    services = new Platform(loadConfig(servicesEnv), testLogger(), platformModules, servicesEnv);
    await services.start();
    // Four callers calling as fast as they can pass the free tier's 10,000 calls a month within this
    // file, and one quota_exceeded is remembered by the gateway until the month ends: the quota lets
    // the calls through here (its own tests are in metering.int.spec.ts).
    const me = await request<{ organization: { id: string } }>('GET', '/me', { token: adminToken });
    const overage = await request('PUT', `/organizations/${me.body.organization.id}/subscription`, { token: adminToken, body: { overage_settings: { mode: 'allow' } } });
    expect(overage.status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    if (!realParts.kafkaBrokers) return;
    await kafka('start'); // a no-op unless the test failed while the broker was down
    await services?.stop();
    await metering?.stop();
    await database?.drop();
    await api?.close();
    for (const dir of dirs) dir.remove();
  }, 180_000);

  it.runIf(realParts.kafkaBrokers)(
    'no ApiLog is lost or doubled when metering and then Kafka are restarted while calls flow',
    async () => {
      expect(services!.modules).not.toContain('metering');
      expect(metering!.modules).toContain('metering');
      const { projectId, key } = await deployedProgram(request, `${api.origin}/cars`);
      // Every api-calls event the bus carried, seen by a group of the test's own (which lives through
      // the broker's restart as metering's does).
      const published = new Set<string>();
      const listener: Subscription = await services!
        .value(eventBusModule)
        .subscribe({ group: uniqueName('test.api-calls'), topics: [topics.apiCalls], startAt: 'latest', handler: async ({ envelope }) => void (envelope.projectId === projectId && published.add(envelope.id)) });

      // Four callers keep calling the gateway, which stays up throughout; rate limiting fails open
      // while metering is away, so every call is answered.
      const calls = startCallers(key);
      const moreCalls = calls.moreCalls;

      await moreCalls('before metering stops');
      await metering!.stop();
      await moreCalls('while metering is down', 3_000);
      await startMetering();
      await moreCalls('after metering restarted');

      await kafka('stop');
      // A change made meanwhile is committed with its event in the catalog's outbox, whose relay
      // must live through the outage and publish it afterwards.
      const change = await request<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name: 'During the outage', project_id: projectId, type: 'http-requests' } });
      expect(change.status).toBe(200);
      await moreCalls('while Kafka is down', 5_000);
      await kafka('start');
      await moreCalls('after Kafka restarted');

      const answered = await calls.stop();
      await everyCallStoredOnce(projectId, answered);
      // Every event the test's own group saw on the bus is among them.
      await waitFor(() => published.size >= answered, `${answered} events seen by the test's group`, 60_000, 250);
      await listener.close();
      const ids = new Set((await meteringDb().selectFrom('api_logs').select('id').where('project_id', '=', projectId).execute()).map((row) => String(row.id)));
      expect([...published].filter((id) => !ids.has(id))).toEqual([]);
      expect(published.size).toBe(answered);
      const outbox = services!.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('catalog');
      await waitFor(
        async () => (await outbox.selectFrom('outbox').select('id').where('published_at', 'is', null).execute()).length === 0,
        "the catalog's outbox relayed",
        60_000,
        250,
      );
    },
    420_000,
  );
  // PostgreSQL away for a few seconds: metering cannot write, and must neither lose the events nor
  // send them to querylane.dead-letter (which it did after 5 attempts, a few seconds); the gateway
  // answers from its caches throughout (a fresh key and program, verified just before).
  it.runIf(realParts.kafkaBrokers && realParts.databaseUrl)(
    'no ApiLog is lost or doubled when PostgreSQL is restarted while calls flow',
    async () => {
      const { projectId, key } = await deployedProgram(request, `${api.origin}/cars`);
      const dead = new Set<string>();
      const deadLetters: Subscription = await services!
        .value(eventBusModule)
        .subscribe({ group: uniqueName('test.dead-letter'), topics: [topics.deadLetter], startAt: 'latest', handler: async ({ envelope }) => void (envelope.projectId === projectId && dead.add(envelope.id)) });
      // The project's rows so far (an earlier test of the file may have called it).
      const before = await meteringRows(projectId);
      const calls = startCallers(key);
      await calls.moreCalls('before PostgreSQL stops');
      await postgres('stop');
      try {
        await calls.moreCalls('while PostgreSQL is down', 5_000);
      } finally {
        await postgres('start');
      }
      await calls.moreCalls('after PostgreSQL restarted');
      const answered = await calls.stop();
      await everyCallStoredOnce(projectId, answered, before);
      await deadLetters.close();
      expect([...dead]).toEqual([]);
    },
    240_000,
  );
});
