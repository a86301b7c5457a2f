// Every read of metrics, logs and usage (SQL lives here). Series and totals come from the
// per-minute rollups; p95 sums the minutes' bucket counts (element-wise, in SQL) and reads the
// percentile back from them.
import { sql, type Kysely, type Selectable } from 'kysely';
import { meteringSchema, type ApiLogsTable, type MeteringTables } from '../db/schema.js';
import { emptyBuckets } from '../rollups/latency-buckets.js';

export type Bucket = 'minute' | 'hour' | 'day';

export interface Window {
  projectId: string;
  from: Date;
  to: Date;
  environment?: string | undefined;
}

export interface Aggregate {
  ts: Date;
  requests: number;
  errors: number;
  rateLimited: number;
  totalResponseMs: number;
  buckets: number[];
}

export class MetricsRepository {
  constructor(private readonly db: Kysely<MeteringTables>) {}

  /** One aggregate per bucket that has calls (ts = the bucket's start, UTC); bucket null: one total. */
  async aggregate(window: Window, bucket: Bucket | null): Promise<Aggregate[]> {
    const ts = bucket ? sql<Date>`date_trunc(${bucket}, minute, 'UTC')` : sql<Date>`${window.from}::timestamptz`;
    const scope = this.db
      .selectFrom('usage_rollups')
      .where('project_id', '=', window.projectId)
      .where('minute', '>=', window.from)
      .where('minute', '<', window.to)
      .$if(Boolean(window.environment), (query) => query.where('environment', '=', window.environment!));
    const counts = await scope
      .select([
        ts.as('ts'),
        sql<string>`sum(requests)`.as('requests'),
        sql<string>`sum(errors)`.as('errors'),
        sql<string>`sum(rate_limited)`.as('rate_limited'),
        sql<number>`sum(total_response_ms)`.as('total_response_ms'),
      ])
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .execute();
    const environment = window.environment ? sql`and environment = ${window.environment}` : sql``;
    const { rows: buckets } = await sql<{ ts: Date; position: string; count: string }>`
      select ${ts} as ts, b.position, sum(b.count) as count
      from ${sql.table(`${meteringSchema}.usage_rollups`)}, unnest(latency_buckets) with ordinality as b(count, position)
      where project_id = ${window.projectId} and minute >= ${window.from} and minute < ${window.to} ${environment}
      group by 1, 2`.execute(this.db);
    const byTs = new Map<number, Aggregate>();
    for (const row of counts) {
      const at = new Date(row.ts);
      byTs.set(at.getTime(), { ts: at, requests: Number(row.requests), errors: Number(row.errors), rateLimited: Number(row.rate_limited), totalResponseMs: Number(row.total_response_ms), buckets: emptyBuckets() });
    }
    for (const row of buckets) {
      const aggregate = byTs.get(new Date(row.ts).getTime());
      if (aggregate) aggregate.buckets[Number(row.position) - 1] = Number(row.count);
    }
    return [...byTs.values()];
  }

  async byQuery(window: Window, limit: number) {
    const rows = await this.db
      .selectFrom('usage_rollups')
      .where('project_id', '=', window.projectId)
      .where('minute', '>=', window.from)
      .where('minute', '<', window.to)
      .where('query_name', '<>', '')
      .$if(Boolean(window.environment), (query) => query.where('environment', '=', window.environment!))
      .select(['query_name', sql<string>`sum(requests)`.as('requests'), sql<string>`sum(errors)`.as('errors'), sql<number>`sum(total_response_ms)`.as('total_response_ms')])
      .groupBy('query_name')
      .orderBy(sql`sum(requests)`, 'desc')
      .orderBy('query_name')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ queryName: row.query_name, requests: Number(row.requests), errors: Number(row.errors), totalResponseMs: Number(row.total_response_ms) }));
  }

  async questions(window: Omit<Window, 'environment'>, limit: number) {
    const rows = await this.db
      .selectFrom('questions')
      .where('project_id', '=', window.projectId)
      .where('day', '>=', window.from.toISOString().slice(0, 10))
      .where('day', '<=', window.to.toISOString().slice(0, 10))
      .select([
        'question',
        sql<string>`sum(count)`.as('count'),
        sql<Date>`max(last_asked_at)`.as('last_asked_at'),
        // The program the newest asking was routed to.
        sql<string>`(array_agg(query_used order by last_asked_at desc))[1]`.as('query_used'),
      ])
      .groupBy('question')
      .orderBy(sql`sum(count)`, 'desc')
      .orderBy(sql`max(last_asked_at)`, 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({ question: row.question, count: Number(row.count), lastAskedAt: new Date(row.last_asked_at), queryUsed: row.query_used }));
  }

  /** Newest first; `after` is the (created_at, id) of the last row of the previous page. */
  async apiLogs(input: { projectId: string; after?: { createdAt: Date; id: string } | undefined; limit: number; statusCode?: number | undefined }): Promise<Selectable<ApiLogsTable>[]> {
    return this.db
      .selectFrom('api_logs')
      .selectAll()
      .where('project_id', '=', input.projectId)
      .$if(Boolean(input.statusCode), (query) => query.where('status_code', '=', input.statusCode!))
      .$if(Boolean(input.after), (query) => query.where(sql<boolean>`(created_at, id) < (${input.after!.createdAt}::timestamptz, ${input.after!.id}::uuid)`))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .execute();
  }

  async usage(organizationId: string, periodStart: Date): Promise<number> {
    const row = await this.db
      .selectFrom('organization_usage')
      .select('calls')
      .where('organization_id', '=', organizationId)
      .where('period_start', '=', periodStart)
      .executeTakeFirst();
    return row ? Number(row.calls) : 0;
  }
}
