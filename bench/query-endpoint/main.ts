// bench/query-endpoint: the direct query endpoint (API.md 7) through the whole gateway path
// (TARGET=all: API key, deployed-endpoint resolution, gRPC to query-runtime, DuckDB) on a 1M-row
// dataline, for a lookup program and an aggregate program with varied slot values; req/s and
// p50/p99 at 1 and 32 connections, beside, in the same run, (a) DuckDB running the same SQL
// in-process behind a bare @hono/node-server route and (b) a bare hello route. The servers run in
// processes of their own and autocannon in this one, all on this machine.
// At 1 connection p50/p99 come from sequential requests timed here (autocannon's are whole ms),
// beside the median `execution_time_ms` the answers report (the engine's own time on each side).
// The whole path and (a) take turns (request by request at 1 connection, in rounds under
// autocannon) after a warm-up of both, so that a noisy machine's slow minutes fall on both.
// Goals: ≤ +0.5 ms at p50 over (a) at 1 connection, ≥ 80% of (a)'s req/s at 32, lookup ≥ 2,000 req/s.
// Run: npm run bench:query-endpoint   (BENCH_ROWS, BENCH_SECONDS, BENCH_ROUNDS, BENCH_WARMUP_CALLS;
// real parts via infra:env)
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import autocannon from 'autocannon';
// query-runtime's choice of the columns it indexes, which the baseline copies.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { indexedKeys } from '../../apps/query-runtime/src/programs/dataline-tables.js';
import { startPlatformProcess } from '../support/platform-process.js';
import { startRecordsFixture } from '../support/records.js';
import { slotValues, type BenchSlot } from '../support/slot-values.js';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// Turns per measurement (BENCH_ROUNDS), and sequential calls of each target before any is timed
// (BENCH_WARMUP_CALLS, for at most twice BENCH_SECONDS).
const rounds = Number(process.env.BENCH_ROUNDS ?? 4);
const warmUpCalls = Number(process.env.BENCH_WARMUP_CALLS ?? 3000);
const scratch = mkdtempSync(join(tmpdir(), 'querylane-query-endpoint-'));
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const fixture = await startRecordsFixture(rows);
const fixturePort = fixture.port;

// The rate-limit decision stays on the path (one CheckRateLimit call per query call), with a plan
// high enough that it never refuses: the bench measures the path, not the plan.
const platform = await startPlatformProcess({
  LOG_LEVEL: 'warn',
  METERING_PLANS: JSON.stringify({ enterprise: { perSecond: 1_000_000, burst: 1_000_000 } }),
  QUERYLANE_DATA_DIR: join(scratch, 'data'),
  CONNECTOR_ALLOWED_TARGETS: `127.0.0.1:${fixturePort}`,
  CONNECTOR_MAX_RESPONSE_BYTES: String(2 * 1024 ** 3),
  CONNECTOR_TOTAL_TIMEOUT_MS: '900000',
});
const { call } = platform;

progress(`loading ${rows} rows through execute-request`);
const me = await call<{ projects: { id: string }[]; organization: { id: string } }>('GET', '/me');
const projectId = me.projects[0]!.id;
// Enterprise has no monthly cap, so the free plan's 10,000 calls do not end the run.
await call('PUT', `/organizations/${me.organization.id}/subscription`, { tier: 'enterprise' });
const datasourceId = (await call<{ id: string }>('POST', '/datasources', { name: 'Orders', project_id: projectId, type: 'http-requests' })).id;
const executed = await call<{ jobs: { id: string }[]; data_object_id: string }>('POST', '/http/execute-request', { url: `http://127.0.0.1:${fixturePort}/orders`, method: 'GET', authType: 'None', project_id: projectId, datasource_id: datasourceId });
for (;;) {
  const job = await call<{ status: string; error: string | null }>('GET', `/jobs/${executed.jobs[0]!.id}`);
  if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
  if (job.status === 'succeeded') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}
fixture.close();

interface Program {
  id: string;
  name: string;
  family: string;
  query_program: string;
  slots: BenchSlot[];
}
const programs = (await call<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`)).data;
const chosen = ['lookup', 'aggregate'].map((family) => {
  const program = programs.find((candidate) => candidate.family === family);
  if (!program) throw new Error(`no ${family} program was generated`);
  return program;
});
for (const program of chosen) await call('POST', `/queryprograms/${program.id}/deployments`, { environment: 'production' });
const key = (await call<{ key: string }>('POST', '/api-keys', { name: 'bench', project_ids: [projectId], environments: ['production'] })).key;

// The baselines read the same Parquet, downloaded through the API.
const parquet = join(scratch, 'orders.parquet');
const content = await fetch(`${platform.base}/dataobjects/${executed.data_object_id}/content`, { headers: { authorization: 'bench-admin-token-0123456789abcdef' } });
await pipeline(Readable.fromWeb(content.body as never), createWriteStream(parquet));
// The baseline indexes the same key columns query-runtime indexes, so (a) does the engine's work
// the whole path does and the difference between them is the path.
const datalines = await call<{ data: { data_model: unknown }[] }>('GET', `/projects/${projectId}/datalines`);
const keys = indexedKeys(datalines.data[0]!.data_model);
const baseline = spawn(process.execPath, ['--import', 'tsx', 'bench/query-endpoint/duckdb-server.ts'], {
  env: {
    ...process.env,
    BENCH_PARQUET: parquet,
    BENCH_KEYS: JSON.stringify(keys),
    BENCH_PROGRAMS: JSON.stringify(chosen.map((program) => ({ route: program.family, sql: program.query_program, slots: program.slots }))),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const baselinePort = await new Promise<number>((resolve, reject) => {
  baseline.stdout!.on('data', (chunk: Buffer) => {
    const ready = /READY (\d+)/.exec(chunk.toString());
    if (ready) resolve(Number(ready[1]));
  });
  baseline.once('exit', () => reject(new Error('the baseline server exited')));
});

interface Figures {
  requests: number;
  p50: number;
  p99: number;
  errors: number;
  /** At 1 connection: the median `execution_time_ms` of the answers (DuckDB's own time, as each side measures it). */
  engineP50?: number | undefined;
}

/** A request of the run: the URL, its JSON body and headers. */
interface Target {
  url: string;
  body?: (run: number) => unknown;
  headers?: Record<string, string>;
}

/** One request: its time here, and the engine's own time the answer reports (`execution_time_ms`). */
async function request(target: Target, run: number): Promise<{ ms: number; ok: boolean; engineMs: number | undefined }> {
  const started = performance.now();
  const response = await fetch(target.url, {
    method: target.body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body ? JSON.stringify(target.body(run)) : undefined,
  });
  const text = await response.text();
  const ms = performance.now() - started;
  const engine = /"execution_time_ms":\s*([\d.]+)/.exec(text);
  return { ms, ok: response.ok, engineMs: engine ? Number(engine[1]) : undefined };
}

/**
 * p50/p99 at one connection of each target, measured here with sub-millisecond resolution
 * (autocannon's latency histogram counts whole milliseconds): sequential requests on one keep-alive
 * connection each, taking turns (one to each target, then the next), so that both see the same
 * moments of a noisy machine and the difference between them is the path, not the minute.
 */
async function sequential(targets: readonly Target[], count: number): Promise<{ p50: number; p99: number; errors: number; engineP50: number | undefined }[]> {
  const times = targets.map(() => [] as number[]);
  const engine = targets.map(() => [] as number[]);
  const errors = targets.map(() => 0);
  for (let run = 0; run < count; run += 1) {
    for (const [index, target] of targets.entries()) {
      const { ms, ok, engineMs } = await request(target, run);
      times[index]!.push(ms);
      if (engineMs !== undefined) engine[index]!.push(engineMs);
      if (!ok) errors[index]! += 1;
    }
  }
  const median = (list: number[]) => list.sort((a, b) => a - b)[Math.floor(list.length * 0.5)];
  return times.map((list, index) => {
    list.sort((a, b) => a - b);
    return { p50: list[Math.floor(count * 0.5)]!, p99: list[Math.floor(count * 0.99)]!, errors: errors[index]!, engineP50: median(engine[index]!) };
  });
}

/**
 * Each target under autocannon, in turns of `seconds / rounds` (a turn each, then again), for the
 * same reason: req/s is the average over its turns, p50 the mean of its turns' and p99 their highest.
 * At one connection p50/p99 come from `sequential` instead.
 */
async function load(targets: readonly Target[], connections: number, rounds: number): Promise<Figures[]> {
  const turns = targets.map(() => [] as Figures[]);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, target] of targets.entries()) turns[index]!.push(await cannon(target, connections, seconds / rounds));
  }
  const figures = turns.map((list) => ({
    requests: list.reduce((sum, turn) => sum + turn.requests, 0) / list.length,
    p50: list.reduce((sum, turn) => sum + turn.p50, 0) / list.length,
    p99: Math.max(...list.map((turn) => turn.p99)),
    errors: list.reduce((sum, turn) => sum + turn.errors, 0),
  }));
  if (connections > 1) return figures;
  const count = Math.max(200, Math.min(3000, Math.round(Math.min(...figures.map((turn) => turn.requests)) * seconds)));
  const latency = await sequential(targets, count);
  return figures.map((turn, index) => ({ ...turn, p50: latency[index]!.p50, p99: latency[index]!.p99, errors: turn.errors + latency[index]!.errors, engineP50: latency[index]!.engineP50 }));
}

async function cannon(target: Target, connections: number, duration: number): Promise<Figures> {
  let run = 0;
  const { body } = target;
  const result = await autocannon({
    url: target.url,
    connections,
    duration,
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...target.headers },
    requests: [{ setupRequest: (request) => (body ? { ...request, body: JSON.stringify(body(run++)) } : request) }],
  });
  return { requests: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors };
}

const lines: string[] = [];
const format = (label: string, figures: Figures) =>
  `${label.padEnd(44)} ${Math.round(figures.requests).toLocaleString('en').padStart(7)} req/s   p50 ${figures.p50.toFixed(2).padStart(6)} ms   p99 ${figures.p99.toFixed(2).padStart(6)} ms${figures.engineP50 !== undefined ? `   (engine p50 ${figures.engineP50.toFixed(2)} ms)` : ''}${figures.errors ? `   ${figures.errors} non-2xx/errors` : ''}`;
const verdicts: string[] = [];
for (const connections of [1, 32]) {
  progress(`hello, ${connections} connection(s)`);
  const [hello] = await load([{ url: `http://127.0.0.1:${baselinePort}/hello` }], connections, 1);
  lines.push(format(`(b) bare hello route, ${connections} conn`, hello!));
}
for (const program of chosen) {
  const body = (run: number) => slotValues(program.slots, run, rows);
  const whole: Target = { url: `${platform.base}/queries/${program.name}`, body, headers: { 'x-api-key': key } };
  const bare: Target = { url: `http://127.0.0.1:${baselinePort}/${program.family}`, body };
  // Warm-up of both: the project's database is loaded, the statements prepared and the code
  // optimized by the JIT (the first few thousand calls of a fresh process are slower) before
  // anything is timed.
  progress(`${program.family} ${program.name}, warming up`);
  const warmUpEnds = performance.now() + 2 * seconds * 1000;
  for (let run = 0; run < warmUpCalls && performance.now() < warmUpEnds; run += 1) for (const target of [whole, bare]) await request(target, run);
  for (const connections of [1, 32]) {
    progress(`${program.family} ${program.name}, ${connections} connection(s)`);
    const [path, baseline] = await load([whole, bare], connections, rounds);
    lines.push(format(`${program.family}: whole path, ${connections} conn`, path!));
    lines.push(format(`${program.family}: (a) DuckDB behind bare hono, ${connections} conn`, baseline!));
    if (connections === 1) verdicts.push(`${program.family}: +${(path!.p50 - baseline!.p50).toFixed(2)} ms at p50 over (a) at 1 connection (goal ≤ +0.5 ms): ${path!.p50 - baseline!.p50 <= 0.5 ? 'met' : 'NOT met'}`);
    else verdicts.push(`${program.family}: ${((path!.requests / baseline!.requests) * 100).toFixed(0)}% of (a)'s req/s at 32 connections (goal ≥ 80%): ${path!.requests >= 0.8 * baseline!.requests ? 'met' : 'NOT met'}`);
    if (program.family === 'lookup' && connections === 32) verdicts.push(`lookup: ${Math.round(path!.requests)} req/s through the whole path (goal ≥ 2,000): ${path!.requests >= 2000 ? 'met' : 'NOT met'}`);
  }
}

console.log(`\nquery endpoint: ${rows} rows, ${seconds} s per run, autocannon in this process, servers in their own (2 cores shared)`);
for (const line of lines) console.log(line);
for (const verdict of verdicts) console.log(verdict);

baseline.kill('SIGTERM');
await platform.stop();
rmSync(scratch, { recursive: true, force: true });
