// bench/platform-read: GET /v1/platforms/{id} through the whole path (HTTP → gateway → gRPC →
// catalog → database) on 3 organizations × 3 teams × 5 projects with datasources, jobs and keys.
// Prints p50/p95 latency and SQL statements per read, beside a baseline measured in the same run:
// the same read done the naive way (one query per parent row), on the same database.
// Run: npm run bench:platform-read  (embedded parts; or with `npm run -s infra:env` exported).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { platformModules } from '@querylane/platform/modules';
import { databaseModule, loadConfig, Platform, createLogger } from '@querylane/runtime';
import { scratchDir } from '@querylane/testing';

const organizations = 3;
const teamsPerOrganization = 3;
const projectsPerTeam = 5;
const iterations = Number(process.env.BENCH_ITERATIONS ?? 40);
const adminToken = 'bench-admin-token-0123456789abcdef';

// Counts every statement any pg client sends (the platform runs in this process).
let statements = 0;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const dir = scratchDir('querylane-bench-');
const env = { ...process.env, PORT: '0', GRPC_PORT: '0', QUERYLANE_DATA_DIR: dir.path, QUERYLANE_ADMIN_TOKEN: adminToken, LOG_LEVEL: 'warn' };
const platform = new Platform(loadConfig(env), createLogger({ level: 'warn' }), platformModules, env);
await platform.start();
const base = `http://127.0.0.1:${platform.port}/v1`;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: adminToken, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function progress(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench writes rows of several tables
const db = platform.value(databaseModule).forSchema<any>('catalog') as Kysely<any>;

progress(`building ${organizations} organizations × ${teamsPerOrganization} teams × ${projectsPerTeam} projects`);
const me = await call<{ platform_id: string; organization: { id: string } }>('GET', '/me');
const orgIds = [me.organization.id];
for (let o = 1; o < organizations; o += 1) orgIds.push((await call<{ id: string }>('POST', '/organizations', { platform_id: me.platform_id, name: `Org ${o}` })).id);
let projects = 0;
for (const [o, organizationId] of orgIds.entries()) {
  const users: string[] = [];
  for (let u = 0; u < 3; u += 1) users.push((await call<{ id: string }>('POST', '/users', { organization_id: organizationId, name: `User ${o}.${u}`, email: `u${o}.${u}@bench.test` })).id);
  for (let t = 0; t < teamsPerOrganization; t += 1) {
    const team = await call<{ id: string }>('POST', '/teams', { organization_id: organizationId, name: `Team ${o}.${t}` });
    for (const user of users) await call('PUT', `/teams/${team.id}/members/${user}`, { role: 'member' });
    for (let p = 0; p < projectsPerTeam; p += 1) {
      const project = await call<{ id: string }>('POST', '/projects', { team_id: team.id, name: `Project ${o}.${t}.${p}` });
      projects += 1;
      for (let d = 0; d < 2; d += 1) {
        const datasource = await call<{ id: string }>('POST', '/datasources', { project_id: project.id, name: `ds ${d}`, type: 'http-requests' });
        // Jobs have no public create endpoint (the connector creates them); write them as it will.
        const job = randomUUID();
        await db.insertInto('jobs').values({ id: job, project_id: project.id, datasource_id: datasource.id, job_type: 'build_dataline_from_connected_resource', status: 'succeeded', attempts: 1 }).execute();
        await db.insertInto('job_statuses').values([
          { id: randomUUID(), job_id: job, status: 'queued', previous_status: null },
          { id: randomUUID(), job_id: job, status: 'running', previous_status: 'queued' },
          { id: randomUUID(), job_id: job, status: 'succeeded', previous_status: 'running' },
        ]).execute();
        await db.insertInto('job_events').values([1, 2, 3].map((seq) => ({ id: randomUUID(), job_id: job, seq_id: seq, event_type: 'step', message: `step ${seq}` }))).execute();
      }
      await call('POST', '/api-keys', { name: `key ${p}`, project_ids: [project.id] });
    }
  }
  progress(`organization ${o + 1}/${organizations} built`);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, read: () => Promise<unknown>) {
  await read(); // warm-up
  const before = statements;
  await read();
  const perRead = statements - before;
  const times: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((x, y) => x - y);
  return { name, statements: perRead, p50: percentile(times, 50), p95: percentile(times, 95) };
}

// The baseline: the same tree, loaded one parent at a time (what an ORM does without batching).
async function naiveRead(): Promise<number> {
  let rows = 0;
  const orgs = await db.selectFrom('organizations').selectAll().where('platform_id', '=', me.platform_id).execute();
  for (const org of orgs) {
    for (const table of ['credentials', 'infrastructure', 'subscriptions']) rows += (await db.selectFrom(table).selectAll().where('organization_id', '=', org.id).execute()).length;
    const users = await db.selectFrom('users').selectAll().where('organization_id', '=', org.id).execute();
    for (const user of users) for (const table of ['api_keys', 'rbac', 'user_teams']) rows += (await db.selectFrom(table).selectAll().where('user_id', '=', user.id).execute()).length;
    const teams = await db.selectFrom('teams').selectAll().where('organization_id', '=', org.id).execute();
    for (const team of teams) {
      const teamProjects = await db.selectFrom('projects').selectAll().where('team_id', '=', team.id).execute();
      for (const project of teamProjects) {
        for (const table of ['datalines', 'ontologies', 'project_events']) rows += (await db.selectFrom(table).selectAll().where('project_id', '=', project.id).execute()).length;
        const datasources = await db.selectFrom('datasources').selectAll().where('project_id', '=', project.id).execute();
        for (const datasource of datasources) rows += (await db.selectFrom('data_objects').selectAll().where('datasource_id', '=', datasource.id).execute()).length;
        const jobs = await db.selectFrom('jobs').selectAll().where('project_id', '=', project.id).execute();
        for (const job of jobs) for (const table of ['job_statuses', 'job_events', 'job_sources']) rows += (await db.selectFrom(table).selectAll().where('job_id', '=', job.id).execute()).length;
      }
    }
  }
  return rows;
}

const size = (await call<{ organizations: unknown[] }>('GET', `/platforms/${me.platform_id}`)).organizations.length;
progress(`measuring ${iterations} reads each`);
const batched = await measure('platform read (batched, full HTTP path)', () => call('GET', `/platforms/${me.platform_id}`));
const naive = await measure('baseline: one query per parent row (database only)', naiveRead);
const bytes = JSON.stringify(await call('GET', `/platforms/${me.platform_id}`)).length;

const line = (r: { name: string; statements: number; p50: number; p95: number }) =>
  `${r.name.padEnd(52)} ${String(r.statements).padStart(6)} statements   p50 ${r.p50.toFixed(1).padStart(7)} ms   p95 ${r.p95.toFixed(1).padStart(7)} ms`;
console.log(`\nplatform read: ${size} organizations, ${orgIds.length * teamsPerOrganization} teams, ${projects} projects, ${(bytes / 1024).toFixed(0)} KiB of JSON; database ${platform.value(databaseModule).kind}`);
console.log(line(batched));
console.log(line(naive));
console.log(`goals: ≤ 30 statements (${batched.statements <= 30 ? 'met' : 'MISSED'}), p50 ≤ 100 ms (${batched.p50 <= 100 ? 'met' : 'MISSED'}); the baseline sends ${(naive.statements / batched.statements).toFixed(0)}× the statements`);

await platform.stop();
dir.remove();
