// bench/query-exec: a 1M-row dataline (generated orders) with its generated programs; for one
// program of each family, p50/p99 of the run path inside query-runtime over gRPC with varied slot
// values, beside DuckDB running the same SQL with the same values in-process, in the same run.
// Goal: ≤ 1.5× DuckDB's time plus 1 ms. Run: npm run bench:query-exec  (BENCH_ROWS, BENCH_RUNS)
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { platformModules } from '@querylane/platform/modules';
import { createLogger, loadConfig, objectStoreModule, Platform, serviceClientsModule } from '@querylane/runtime';
import { scratchDir } from '@querylane/testing';
import { startRecordsFixture } from '../support/records.js';
import { slotValues } from '../support/slot-values.js';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 60);
const adminToken = 'bench-admin-token-0123456789abcdef';
const progress = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const fixture = await startRecordsFixture(rows);
const fixturePort = fixture.port;

const dir = scratchDir('querylane-query-exec-');
const env = {
  ...process.env,
  PORT: '0',
  GRPC_PORT: '0',
  LOG_LEVEL: 'warn',
  QUERYLANE_DATA_DIR: dir.path,
  QUERYLANE_ADMIN_TOKEN: adminToken,
  CONNECTOR_ALLOWED_TARGETS: `127.0.0.1:${fixturePort}`,
  CONNECTOR_MAX_RESPONSE_BYTES: String(2 * 1024 ** 3),
  CONNECTOR_TOTAL_TIMEOUT_MS: '900000',
};
const platform = new Platform(loadConfig(env), createLogger({ level: 'warn' }), platformModules, env);
await platform.start();
const base = `http://127.0.0.1:${platform.port}/v1`;
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method, headers: { authorization: adminToken, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

progress(`loading ${rows} rows through execute-request`);
const me = await call<{ projects: { id: string }[] }>('GET', '/me');
const projectId = me.projects[0]!.id;
const datasourceId = (await call<{ id: string }>('POST', '/datasources', { name: 'Orders', project_id: projectId, type: 'http-requests' })).id;
const executed = await call<{ jobs: { id: string }[]; data_object_id: string }>('POST', '/http/execute-request', {
  url: `http://127.0.0.1:${fixturePort}/orders`,
  method: 'GET',
  authType: 'None',
  project_id: projectId,
  datasource_id: datasourceId,
});
for (;;) {
  const job = await call<{ status: string; error: string | null }>('GET', `/jobs/${executed.jobs[0]!.id}`);
  if (job.status === 'failed') throw new Error(`job failed: ${job.error}`);
  if (job.status === 'succeeded') break;
  await new Promise((resolve) => setTimeout(resolve, 200));
}

interface Program {
  id: string;
  name: string;
  family: string;
  query_program: string;
  slots: { name: string; type: string; default: unknown; enum_values?: unknown[]; minimum?: number | string; maximum?: number | string }[];
}
const programs = (await call<{ data: Program[] }>('GET', `/projects/${projectId}/queryprograms`)).data;
const oneOfEach = [...new Map(programs.map((program) => [program.family, program])).values()];

const slotValuesOf = (program: Program, run: number) => slotValues(program.slots, run, rows);

// The baseline reads the same Parquet in this process.
const dataObject = await platform.value(serviceClientsModule).catalog.call.getDataObject({ dataObjectId: executed.data_object_id });
const parquet = join(dir.path, 'orders.parquet');
await pipeline(await platform.value(objectStoreModule).get(dataObject.dataObject!.key), createWriteStream(parquet));
const duck = await DuckDBInstance.create(':memory:');
const baseline = await duck.connect();
await baseline.run(`CREATE TABLE orders AS SELECT * FROM read_parquet('${parquet}')`);

const runtime = platform.value(serviceClientsModule)['query-runtime'].call;
// The path the query endpoints take: a service call, the API key already checked by the gateway.
const asService = {};
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const lines: string[] = [];
let met = 0;
for (const program of oneOfEach) {
  progress(`${program.family}: ${program.name}`);
  await runtime.runQueryProgram({ queryProgramId: program.id, slots: slotValuesOf(program, 0) as never }, asService); // warm-up: load, prepare
  const prepared = await baseline.prepare(program.query_program);
  const viaGrpc: number[] = [];
  const inProcess: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const values = slotValuesOf(program, run);
    let started = performance.now();
    await runtime.runQueryProgram({ queryProgramId: program.id, slots: values as never }, asService);
    viaGrpc.push(performance.now() - started);
    const bound = Object.fromEntries(program.slots.map((slot) => [slot.name, (values[slot.name] ?? slot.default ?? null) as never]));
    started = performance.now();
    prepared.clearBindings();
    if (program.slots.length) prepared.bind(bound);
    const reader = await prepared.runAndReadUntil(10_001);
    reader.getRowObjectsJson();
    inProcess.push(performance.now() - started);
  }
  viaGrpc.sort((a, b) => a - b);
  inProcess.sort((a, b) => a - b);
  const ok = percentile(viaGrpc, 50) <= 1.5 * percentile(inProcess, 50) + 1;
  if (ok) met += 1;
  lines.push(
    `${program.family.padEnd(12)} ${program.name.padEnd(36)} query-runtime p50 ${percentile(viaGrpc, 50).toFixed(2).padStart(7)} ms p99 ${percentile(viaGrpc, 99).toFixed(2).padStart(7)} ms   DuckDB in-process p50 ${percentile(inProcess, 50).toFixed(2).padStart(7)} ms p99 ${percentile(inProcess, 99).toFixed(2).padStart(7)} ms   ${ok ? 'within' : 'OVER'} 1.5×+1 ms`,
  );
}
console.log(`\nquery execution: ${rows} rows, ${programs.length} generated programs, ${runs} runs each with varied slot values (gRPC from this process, loopback)`);
for (const line of lines) console.log(line);
console.log(`goal ≤ 1.5× DuckDB + 1 ms at p50: met by ${met} of ${lines.length} families`);

baseline.closeSync();
duck.closeSync();
await platform.stop();
fixture.close();
dir.remove();
