// Writes a batch of ApiLog rows and everything derived from them in one transaction, in a handful of
// multi-row statements. Only the rows that were new feed the rollups, so a redelivered event (same
// id) changes nothing anywhere.
import { sql, type Kysely } from 'kysely';
import { meteringSchema, type MeteringTables } from '../db/schema.js';
import { bucketOf, emptyBuckets } from '../rollups/latency-buckets.js';
import { isError, isRateLimited, minuteOf, monthStart, normalizeQuestion, type ApiLogRow } from './api-call-record.js';

export interface BatchResult {
  inserted: number;
  duplicates: number;
}

// The ApiLog columns with the Postgres type each is sent as: one array parameter per column, so a
// batch of any size is one short statement (a VALUES list of 19 parameters per row took ~2× longer
// to send, parse and plan, and had to be split under Postgres's 65,535 parameters). JSON goes as text
// and is cast per row.
const apiLogColumns = [
  ['id', 'uuid'],
  ['api_slug', 'text'],
  ['version', 'text'],
  ['endpoint_path', 'text'],
  ['user_id', 'text'],
  ['project_id', 'text'],
  ['queryresponse_id', 'text'],
  ['query_params', 'jsonb'],
  ['response_time_ms', 'float8'],
  ['status_code', 'int4'],
  ['request_body', 'jsonb'],
  ['parent_log_id', 'text'],
  ['environment', 'text'],
  ['query_name', 'text'],
  ['question', 'text'],
  ['api_key_id', 'text'],
  ['organization_id', 'text'],
  ['error', 'text'],
  ['created_at', 'timestamptz'],
] as const satisfies ReadonlyArray<readonly [keyof ApiLogRow, string]>;

const insertedIds = (() => {
  const names = apiLogColumns.map(([name]) => name).join(', ');
  const selected = apiLogColumns.map(([name, type]) => (type === 'jsonb' ? `${name}::jsonb` : name)).join(', ');
  return (arrays: unknown[][]) =>
    sql<{ id: string }>`insert into ${sql.table(`${meteringSchema}.api_logs`)} (${sql.raw(names)}) select ${sql.raw(selected)} from unnest(${sql.join(
      apiLogColumns.map(([, type], index) => sql`${arrays[index]}::${sql.raw(type === 'jsonb' ? 'text' : type)}[]`),
    )}) as t(${sql.raw(names)}) on conflict (id) do nothing returning id`;
})();

export class ApiLogsRepository {
  constructor(private readonly db: Kysely<MeteringTables>) {}

  async writeBatch(batch: ApiLogRow[]): Promise<BatchResult> {
    const unique = [...new Map(batch.map((row) => [row.id, row])).values()];
    return this.db.transaction().execute(async (trx) => {
      const inserted = await insertedIds(apiLogColumns.map(([name]) => unique.map((row) => row[name]))).execute(trx);
      const ids = new Set(inserted.rows.map((row) => row.id));
      const fresh = ids.size === unique.length ? unique : unique.filter((row) => ids.has(row.id));
      if (fresh.length) {
        await upsertRollups(trx, fresh);
        await upsertOrganizationUsage(trx, fresh);
        await upsertQuestions(trx, fresh);
      }
      return { inserted: fresh.length, duplicates: batch.length - fresh.length };
    });
  }
}

async function upsertRollups(trx: Kysely<MeteringTables>, rows: ApiLogRow[]): Promise<void> {
  const cells = new Map<string, MeteringTables['usage_rollups']>();
  for (const row of rows) {
    const minute = minuteOf(row.created_at);
    const key = `${row.project_id}\u0000${row.environment}\u0000${row.query_name}\u0000${minute.getTime()}`;
    let cell = cells.get(key);
    if (!cell) {
      cell = { project_id: row.project_id, environment: row.environment, query_name: row.query_name, minute, requests: 0, errors: 0, rate_limited: 0, total_response_ms: 0, latency_buckets: emptyBuckets() };
      cells.set(key, cell);
    }
    cell.requests += 1;
    if (isError(row.status_code)) cell.errors += 1;
    if (isRateLimited(row.status_code)) cell.rate_limited += 1;
    cell.total_response_ms += row.response_time_ms;
    cell.latency_buckets[bucketOf(row.response_time_ms)]! += 1;
  }
  await trx
    .insertInto('usage_rollups')
    .values([...cells.values()].map((cell) => ({ ...cell, latency_buckets: sql<number[]>`${`{${cell.latency_buckets.join(',')}}`}::integer[]` as never })))
    .onConflict((oc) =>
      oc.columns(['project_id', 'environment', 'query_name', 'minute']).doUpdateSet({
        requests: sql`usage_rollups.requests + excluded.requests`,
        errors: sql`usage_rollups.errors + excluded.errors`,
        rate_limited: sql`usage_rollups.rate_limited + excluded.rate_limited`,
        total_response_ms: sql`usage_rollups.total_response_ms + excluded.total_response_ms`,
        // Element-wise sum of the two bucket arrays (same length: latencyBucketsMs + 1).
        latency_buckets: sql`array(select a + b from unnest(usage_rollups.latency_buckets, excluded.latency_buckets) with ordinality as t(a, b, i) order by i)`,
      }),
    )
    .execute();
}

async function upsertOrganizationUsage(trx: Kysely<MeteringTables>, rows: ApiLogRow[]): Promise<void> {
  const months = new Map<string, { organization_id: string; period_start: Date; calls: number }>();
  for (const row of rows) {
    // A refused call (429) was not served, so it does not use the monthly allowance.
    if (!row.organization_id || isRateLimited(row.status_code)) continue;
    const periodStart = monthStart(row.created_at);
    const key = `${row.organization_id}\u0000${periodStart.getTime()}`;
    const month = months.get(key) ?? { organization_id: row.organization_id, period_start: periodStart, calls: 0 };
    month.calls += 1;
    months.set(key, month);
  }
  if (!months.size) return;
  await trx
    .insertInto('organization_usage')
    .values([...months.values()])
    .onConflict((oc) => oc.columns(['organization_id', 'period_start']).doUpdateSet({ calls: sql`organization_usage.calls + excluded.calls` }))
    .execute();
}

async function upsertQuestions(trx: Kysely<MeteringTables>, rows: ApiLogRow[]): Promise<void> {
  const asked = new Map<string, MeteringTables['questions'] & { day: string }>();
  for (const row of rows) {
    const question = normalizeQuestion(row.question);
    if (!question) continue;
    const day = row.created_at.toISOString().slice(0, 10);
    const key = `${row.project_id}\u0000${day}\u0000${question}`;
    const entry = asked.get(key);
    if (!entry) asked.set(key, { project_id: row.project_id, day, question, count: 1, last_asked_at: row.created_at, query_used: row.query_name });
    else {
      entry.count += 1;
      if (row.created_at >= entry.last_asked_at) {
        entry.last_asked_at = row.created_at;
        entry.query_used = row.query_name;
      }
    }
  }
  if (!asked.size) return;
  await trx
    .insertInto('questions')
    .values([...asked.values()])
    .onConflict((oc) =>
      oc.columns(['project_id', 'day', 'question']).doUpdateSet({
        count: sql`questions.count + excluded.count`,
        query_used: sql`case when excluded.last_asked_at >= questions.last_asked_at then excluded.query_used else questions.query_used end`,
        last_asked_at: sql`greatest(questions.last_asked_at, excluded.last_asked_at)`,
      }),
    )
    .execute();
}

