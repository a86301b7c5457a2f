// bench/metering: (1) ApiLog ingestion from querylane.api-calls — metering's consumer (a batch
// handler: each bus batch, a Kafka fetch or an in-process publish, becomes multi-row inserts, and is
// acknowledged once committed) beside a bare consumer group that only counts the same events in the
// same run (on Kafka both read events published before they start), and metering's batched write
// path fed directly; (2) the rate-limit decision:
// CheckRateLimit over gRPC (loopback) beside a bare grpc-js round trip (a server answering a
// constant), and metering's in-process RateLimiter beside a bare in-process token bucket (a Map and
// three lines of arithmetic).
// Goals: ingestion ≥ 20,000 events/s batched; decision p99 ≤ 1 ms in-process.
// Run: npm run bench:metering   (BENCH_EVENTS, BENCH_BATCH_EVENTS, BENCH_DECISIONS; Kafka and
// Postgres when KAFKA_BROKERS / DATABASE_URL are set: eval "$(bash deploy/local/env.sh)")
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { Kafka, logLevel } from 'kafkajs';
import { createEnvelope, createEventBus, topics, type EventEnvelope } from '@querylane/bus';
import { ApiLogsRepository, apiLogRow, defaultPlanRates, RateLimiter } from '@querylane/metering/module';
import { platformModules } from '@querylane/platform/modules';
import { createClient, GrpcServer } from '@querylane/grpc';
import { eventsV1, meteringV1 } from '@querylane/proto';
import { databaseModule, eventBusModule, loadConfig, Platform, serviceClientsModule } from '@querylane/runtime';
import { isolatedDatabase } from '@querylane/testing';

const events = Number(process.env.BENCH_EVENTS ?? 5_000);
const batchEvents = Number(process.env.BENCH_BATCH_EVENTS ?? 100_000);
const decisions = Number(process.env.BENCH_DECISIONS ?? 1_000_000);
const grpcDecisions = Math.min(decisions, 20_000);
// Rows per transaction on the batched path (metering's METERING_INGEST_BATCH_MAX default).
const batchSize = Number(process.env.BENCH_BATCH ?? 1_000);
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);
const scratch = mkdtempSync(join(tmpdir(), 'querylane-metering-bench-'));

// On PostgreSQL the run has a database of its own, dropped at the end: every run starts from empty
// tables (rows left by earlier runs had made the inserts slower run after run).
const database = await isolatedDatabase();
const env: NodeJS.ProcessEnv = { ...process.env, ...(database.url ? { DATABASE_URL: database.url } : {}), PORT: '0', GRPC_PORT: '0', QUERYLANE_DATA_DIR: scratch, KAFKA_GROUP_PREFIX: `bench.${randomUUID().slice(0, 8)}`, LOG_LEVEL: 'warn', QUERYLANE_ADMIN_TOKEN: randomUUID() + randomUUID() };
const kafkaBrokers = process.env.KAFKA_BROKERS?.split(',').filter(Boolean) ?? [];
const projectId = `bench-${randomUUID()}`;
const meteringGroup = `${env.KAFKA_GROUP_PREFIX}.metering`;
const bareGroupId = `${env.KAFKA_GROUP_PREFIX}.bare`;

// On Kafka the events are on the topic before either group reads, so the groups are timed, not the
// producer (one idempotent kafkajs producer publishes ~13,000 events/s here, and groups reading
// while it publishes read exactly that fast). Both groups start at the topic's ends as they were
// before the publish (offsets set ahead), so neither reads what earlier runs left there. The bare
// group reads first and alone (its own bus, before the platform starts): the two groups share one
// event loop, and reading side by side each would have slowed the other.
let bare = 0;
let bareFirst = 0;
let bareDone = 0;
const countBare = ({ envelope }: { envelope: EventEnvelope }) => {
  if (envelope.projectId !== projectId) return Promise.resolve();
  bare += 1;
  if (bare === 1) bareFirst = performance.now();
  if (bare === events) bareDone = performance.now();
  return Promise.resolve();
};
if (kafkaBrokers.length) {
  const kafka = new Kafka({ clientId: 'bench-metering', brokers: kafkaBrokers, logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const pre = await createEventBus({ kafkaBrokers, clientId: 'bench-metering', logger: pino({ level: 'warn' }) });
  const ends = (await admin.fetchTopicOffsets(topics.apiCalls)).map(({ partition, offset }) => ({ partition, offset }));
  for (const groupId of [meteringGroup, bareGroupId]) await admin.setOffsets({ groupId, topic: topics.apiCalls, partitions: ends });
  progress(`publishing ${events} api-calls events before the groups read`);
  for (let start = 0; start < events; start += 500) await pre.publish(topics.apiCalls, Array.from({ length: Math.min(500, events - start) }, (_, index) => apiCall(projectId, start + index)));
  progress('the bare group reads them');
  const bareGroup = await pre.subscribe({ group: bareGroupId, topics: [topics.apiCalls], handler: countBare });
  while (bare < events) await new Promise((resolve) => setTimeout(resolve, 20));
  await bareGroup.close();
  await pre.close();
  await admin.disconnect();
}
const platform = new Platform(loadConfig(env), pino({ level: 'warn' }), platformModules, env);
progress(`starting the platform (${process.env.DATABASE_URL ? 'postgres' : 'pglite'} + ${kafkaBrokers.length ? 'kafka' : 'in-process bus'})`);
await platform.start();
const bus = platform.value(eventBusModule);
const db = platform.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('metering');
const clients = platform.value(serviceClientsModule);

function apiCall(projectId: string, index: number): EventEnvelope {
  return createEnvelope({
    type: 'api-calls.call',
    projectId,
    source: 'bench',
    schema: eventsV1.ApiCallSchema,
    payload: create(eventsV1.ApiCallSchema, {
      apiSlug: 'bench',
      version: 'v1',
      endpointPath: `/v1/queries/q${index % 20}`,
      userId: 'bench-user',
      projectId,
      queryParams: { origin: 'USA' },
      responseTimeMs: 1 + (index % 400) / 3,
      statusCode: index % 25 === 0 ? 400 : 200,
      requestBody: { origin: 'USA', n: index % 10 },
      apiKeyId: `key-${index % 100}`,
      environment: 'production',
      queryName: `q${index % 20}`,
      question: index % 10 === 0 ? `Which cars are the heaviest from ${index % 3}?` : '',
      calledAt: timestampFromDate(new Date()),
      organizationId: 'bench-org',
    }),
  });
}

// The rows stored so far, read from the rollups (written in the same transaction as the ApiLog rows):
// a few rows per minute to sum, where counting the growing api_logs table every 50 ms took the
// database's core from the writes being timed.
const countRows = async (projectId: string) =>
  Number((await db.selectFrom('usage_rollups').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('requests'), eb.lit(0)).as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow()).n);


// (1a, 1b) metering's consumer and a bare group that only counts, on the same topic in the same run;
// each rate is taken from its first stored (counted) event to its last. In-process, the events are
// published here and both groups read them together (publish() resolves once every group handled a
// batch, so the bare group is paced by metering's); on Kafka the bare group has read them already.
const bareGroup = kafkaBrokers.length ? undefined : await bus.subscribe({ group: bareGroupId, topics: [topics.apiCalls], startAt: 'latest', handler: countBare });
const publishing = kafkaBrokers.length
  ? Promise.resolve()
  : (async () => {
      progress(`publishing ${events} api-calls events in batches of 500`);
      for (let start = 0; start < events; start += 500) await bus.publish(topics.apiCalls, Array.from({ length: Math.min(500, events - start) }, (_, index) => apiCall(projectId, start + index)));
    })();
let stored = 0;
let storedFirst = 0;
let storedAtFirst = 0;
let lastReport = performance.now();
while (stored < events) {
  await new Promise((resolve) => setTimeout(resolve, 50));
  stored = await countRows(projectId);
  if (stored > 0 && !storedFirst) [storedFirst, storedAtFirst] = [performance.now(), stored];
  if (performance.now() - lastReport > 5_000) {
    progress(`metering stored ${stored}/${events}, bare group counted ${bare}`);
    lastReport = performance.now();
  }
}
const meteringMs = performance.now() - storedFirst;
await publishing;
while (bare < events) await new Promise((resolve) => setTimeout(resolve, 50));
await bareGroup?.close();
const bareMs = bareDone - bareFirst;

// (1c) the batched write path: `batchSize` rows in one transaction each.
const repository = new ApiLogsRepository(db as never);
const batchProject = `bench-${randomUUID()}`;
progress(`writing ${batchEvents} rows through the batched write path`);
const batchRows = Array.from({ length: batchEvents }, (_, index) => apiLogRow(apiCall(batchProject, index)));
const batchStarted = performance.now();
for (let start = 0; start < batchEvents; start += batchSize) await repository.writeBatch(batchRows.slice(start, start + batchSize));
const batchMs = performance.now() - batchStarted;
const again = await repository.writeBatch(batchRows.slice(0, batchSize));

// (2a) CheckRateLimit over gRPC.
const organizationId = (await platform.value(databaseModule).forSchema<Record<string, Record<string, unknown>>>('catalog').selectFrom('organizations').select('id').executeTakeFirstOrThrow()).id as string;
const percentile = (sorted: Float64Array, p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const summarize = (times: Float64Array) => {
  const sorted = times.slice().sort();
  return { p50_us: +(percentile(sorted, 50) * 1000).toFixed(1), p99_us: +(percentile(sorted, 99) * 1000).toFixed(1), max_us: +(sorted[sorted.length - 1]! * 1000).toFixed(1) };
};
// Both gRPC loops are timed after a warm-up of their own (the first thousands of calls run
// through code not yet optimized: p99 0.94 ms in a first 20,000 vs 0.73–0.77 ms in the next).
const warmUpCalls = 2_000;
const warmUp = async (call: () => Promise<unknown>) => {
  for (let index = 0; index < warmUpCalls; index += 1) await call();
};
await warmUp(() => clients.metering.call.checkRateLimit({ apiKeyId: 'warm', organizationId, projectId: '', cost: 1 }));
progress(`${grpcDecisions} CheckRateLimit calls over gRPC`);
const grpcTimes = new Float64Array(grpcDecisions);
for (let index = 0; index < grpcDecisions; index += 1) {
  const t0 = performance.now();
  await clients.metering.call.checkRateLimit({ apiKeyId: `key-${index % 1_000}`, organizationId, projectId: '', cost: 1 });
  grpcTimes[index] = performance.now() - t0;
}

// (2a') The transport alone: the same calls to a bare grpc-js server in this process whose
// CheckRateLimit answers a constant (our libs/grpc adapter on both sides, no limiter, no platform):
// the floor of a decision asked over gRPC on this machine.
const bareServer = new GrpcServer({ logger: pino({ level: 'warn' }) });
bareServer.addService(
  meteringV1.MeteringService,
  Object.fromEntries(meteringV1.MeteringService.methods.map((method) => [method.localName, async () => (method.localName === 'checkRateLimit' ? { allowed: true, limit: 100, remaining: 99 } : {})])) as never,
);
const bareClient = createClient(meteringV1.MeteringService, `127.0.0.1:${await bareServer.listen('127.0.0.1', 0)}`);
await warmUp(() => bareClient.call.checkRateLimit({ apiKeyId: 'warm', organizationId, projectId: '', cost: 1 }));
progress(`${grpcDecisions} calls to a bare grpc-js server`);
const bareGrpcTimes = new Float64Array(grpcDecisions);
for (let index = 0; index < grpcDecisions; index += 1) {
  const t0 = performance.now();
  await bareClient.call.checkRateLimit({ apiKeyId: `key-${index % 1_000}`, organizationId, projectId: '', cost: 1 });
  bareGrpcTimes[index] = performance.now() - t0;
}
bareClient.close();
await bareServer.shutdown();

// (2b) metering's RateLimiter in-process (warm: plans and usage in memory).
const limiter = new RateLimiter(
  { plan: async () => ({ tier: 'pro', apiCallLimit: null, overageMode: 'block' }), usage: async () => 0 },
  { rates: defaultPlanRates },
  pino({ level: 'silent' }),
);
await limiter.check({ apiKeyId: 'warm', organizationId: 'org' });
progress(`${decisions} in-process decisions over 10,000 keys`);
const limiterTimes = new Float64Array(decisions);
for (let index = 0; index < decisions; index += 1) {
  const t0 = performance.now();
  limiter.check({ apiKeyId: `key-${index % 10_000}`, organizationId: 'org' });
  limiterTimes[index] = performance.now() - t0;
}

// (2c) the bare baseline: a token bucket in a Map, nothing else.
const buckets = new Map<string, { tokens: number; at: number }>();
const bareTimes = new Float64Array(decisions);
for (let index = 0; index < decisions; index += 1) {
  const t0 = performance.now();
  const key = `key-${index % 10_000}`;
  let bucket = buckets.get(key);
  if (!bucket) buckets.set(key, (bucket = { tokens: 200, at: t0 }));
  bucket.tokens = Math.min(200, bucket.tokens + ((t0 - bucket.at) / 1000) * 100);
  bucket.at = t0;
  if (bucket.tokens >= 1) bucket.tokens -= 1;
  bareTimes[index] = performance.now() - t0;
}

const figures = {
  backend: `${process.env.DATABASE_URL ? 'postgres' : 'pglite'} + ${process.env.KAFKA_BROKERS ? 'kafka' : 'in-process bus'}`,
  ingestion: {
    events,
    // From the first row stored to the last (the rows of the first poll are not counted).
    metering_consumer_events_per_s: Math.round((events - storedAtFirst) / (meteringMs / 1000)),
    bare_consumer_events_per_s: Math.round((events - 1) / (bareMs / 1000)),
    batched_write_path: { rows: batchEvents, rows_per_s: Math.round(batchEvents / (batchMs / 1000)), batch: batchSize, redelivered_batch: again },
  },
  rate_limit_decision: {
    grpc_check_rate_limit: { calls: grpcDecisions, ...summarize(grpcTimes) },
    bare_grpc_round_trip: { calls: grpcDecisions, ...summarize(bareGrpcTimes) },
    in_process_rate_limiter: { calls: decisions, ...summarize(limiterTimes) },
    bare_token_bucket: { calls: decisions, ...summarize(bareTimes) },
  },
};
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
await platform.stop();
await database.drop();
// What this run put on the topic goes: a new consumer group (every test run's metering) reads the
// topic from its start, and hundreds of thousands of bench events kept it from its own for minutes.
if (kafkaBrokers.length) {
  const admin = new Kafka({ clientId: 'bench-metering', brokers: kafkaBrokers, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const ends = await admin.fetchTopicOffsets(topics.apiCalls);
  await admin.deleteTopicRecords({ topic: topics.apiCalls, partitions: ends.map(({ partition, offset }) => ({ partition, offset })) });
  await admin.disconnect();
}
rmSync(scratch, { recursive: true, force: true });
