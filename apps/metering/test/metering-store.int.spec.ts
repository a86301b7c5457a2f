// The ingestion write path and the metrics reads against a real database (embedded PGlite, or
// PostgreSQL when DATABASE_URL is set): batches, idempotency, rollups, questions, paging.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Database } from '@querylane/db';
import { isolatedDatabase, scratchDir, testLogger, type IsolatedDatabase, type ScratchDir } from '@querylane/testing';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { migrations } from '../src/db/migrations/index.js';
import type { MeteringTables } from '../src/db/schema.js';
import type { ApiLogRow } from '../src/ingestion/api-call-record.js';
import { ApiLogsRepository } from '../src/ingestion/api-logs.repository.js';
import { MetricsRepository } from '../src/metrics/metrics.repository.js';
import { MetricsUseCase } from '../src/metrics/metrics.usecase.js';
import { quotaUsedPct } from '../src/rate-limit/quota-used.js';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { ServiceClients } from '@querylane/runtime';

const noActor = { metadata: { get: () => [] }, requestId: 'test' } as never;

function row(overrides: Partial<ApiLogRow> = {}): ApiLogRow {
  return {
    id: randomUUID(), api_slug: 'p', version: 'v1', endpoint_path: '/v1/queries/q', user_id: 'u', project_id: 'project-1', queryresponse_id: null,
    query_params: null, response_time_ms: 10, status_code: 200, request_body: JSON.stringify({ a: 1 }), parent_log_id: null, environment: 'production',
    query_name: 'q', question: '', api_key_id: 'k', organization_id: 'org-1', error: '', created_at: new Date('2026-11-21T10:00:30Z'), ...overrides,
  };
}

describe('metering store', () => {
  let dir: ScratchDir;
  let isolated: IsolatedDatabase;
  let database: Database;
  let db: Kysely<MeteringTables>;

  beforeAll(async () => {
    dir = scratchDir();
    isolated = await isolatedDatabase();
    database = await Database.open({ url: isolated.url, dataDir: dir.path, logger: testLogger() } as never);
    await database.migrate('metering', migrations);
    db = database.forSchema<MeteringTables>('metering');
  });
  afterAll(async () => {
    await database?.close();
    await isolated?.drop();
    dir?.remove();
  });

  it('writes a batch once: the same rows again change nothing', async () => {
    const repository = new ApiLogsRepository(db);
    const rows = [row(), row({ status_code: 400, response_time_ms: 30 }), row({ status_code: 429, response_time_ms: 1 }), row({ question: 'Top cars?' }), row({ question: 'top  CARS' })];
    expect(await repository.writeBatch(rows)).toEqual({ inserted: 5, duplicates: 0 });
    expect(await repository.writeBatch([...rows, rows[0]!])).toEqual({ inserted: 0, duplicates: 6 });
    const metrics = new MetricsUseCase(new MetricsRepository(db), {} as ServiceClients);
    const answer = await metrics.projectMetrics(
      { projectId: 'project-1', from: timestampFromDate(new Date('2026-11-21T09:00:00Z')), to: timestampFromDate(new Date('2026-11-21T11:00:00Z')), bucket: 'minute', environment: '' },
      noActor,
    );
    expect(answer.totals).toMatchObject({ requests: 5, errors: 1, rateLimited: 1, errorRate: 0.2, avgResponseTimeMs: (10 + 30 + 1 + 10 + 10) / 5, p95ResponseTimeMs: 30 });
    expect(answer.series).toHaveLength(1);
    const questions = await metrics.questionMetrics({ projectId: 'project-1', from: timestampFromDate(new Date('2026-11-20T00:00:00Z')), to: timestampFromDate(new Date('2026-11-22T00:00:00Z')), limit: 0 }, noActor);
    expect(questions).toMatchObject([{ question: 'top cars', count: 2, queryUsed: 'q' }]);
    expect(await new MetricsRepository(db).usage('org-1', new Date('2026-11-01T00:00:00Z'))).toBe(4);
    const page = await metrics.apiLogs({ projectId: 'project-1', cursor: '', limit: 2, statusCode: 0 }, noActor);
    expect(page.logs).toHaveLength(2);
    const next = await metrics.apiLogs({ projectId: 'project-1', cursor: page.nextCursor, limit: 10, statusCode: 0 }, noActor);
    expect(next.logs).toHaveLength(3);
    expect(next.nextCursor).toBe('');
  });
  it('stores every field as sent: quotes, commas, braces, backslashes, NULL as text, unicode, JSON and nulls', async () => {
    const projectId = `project-${randomUUID()}`;
    const awkward = ['a,"b"\\c{d}', 'NULL', '', ' padded ', 'línea\nnueva ✓ 数据', "it's"];
    const rows = awkward.map((text, index) =>
      row({
        project_id: projectId, api_slug: text, user_id: text, question: text, error: text, endpoint_path: `/v1/queries/${index}`,
        queryresponse_id: index % 2 ? text : null, parent_log_id: index % 2 ? null : text,
        query_params: index % 3 ? JSON.stringify({ text, n: index, nested: [1.5, null, { t: text }] }) : null,
        request_body: index % 2 ? null : JSON.stringify([text]),
        response_time_ms: index + 0.125, status_code: 200 + index, created_at: new Date(Date.UTC(2026, 10, 21, 10, 0, index, 123)),
      }),
    );
    expect(await new ApiLogsRepository(db).writeBatch(rows)).toEqual({ inserted: rows.length, duplicates: 0 });
    const stored = await db.selectFrom('api_logs').selectAll().where('project_id', '=', projectId).orderBy('endpoint_path').execute();
    const parsed = (json: string | null) => (json === null ? null : (JSON.parse(json) as unknown));
    expect(stored).toEqual(rows.map((sent) => ({ ...sent, query_params: parsed(sent.query_params), request_body: parsed(sent.request_body) })));
  });
  it('gives quota_used_pct of the organization a project calls for, and none without calls or a cap', async () => {
    const organizationId = `org-${randomUUID()}`;
    const projectId = `project-${randomUUID()}`;
    const now = new Date();
    await new ApiLogsRepository(db).writeBatch(Array.from({ length: 25 }, () => row({ project_id: projectId, organization_id: organizationId, created_at: now })));
    let limit: number | null = 100;
    const plans = { plan: async () => ({ tier: 'free', apiCallLimit: limit, overageMode: 'block' as const }), usage: (org: string, start: Date) => new MetricsRepository(db).usage(org, start) };
    const used = quotaUsedPct(db, plans, () => now);
    expect(await used(projectId)).toBe(25);
    expect(await used(`project-${randomUUID()}`)).toBeNull();
    limit = null;
    expect(await used(projectId)).toBeNull();
  });
});
