// The metering schema (DESIGN.md §1): ApiLog rows, per-minute usage rollups (read by metrics and by
// alerts), monthly usage per organization (the quota) and normalized questions per day.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_logs')
    // The querylane.api-calls envelope id: redelivered events conflict on it and change nothing.
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('api_slug', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('endpoint_path', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('queryresponse_id', 'text')
    .addColumn('query_params', 'jsonb')
    .addColumn('response_time_ms', 'double precision', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('request_body', 'jsonb')
    .addColumn('parent_log_id', 'text')
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('query_name', 'text', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('api_key_id', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('error', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // ListApiLogs pages newest first by (created_at, id) within a project.
  await db.schema.createIndex('api_logs_project_created_idx').on('api_logs').columns(['project_id', 'created_at desc', 'id desc']).execute();

  await db.schema
    .createTable('usage_rollups')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('query_name', 'text', (c) => c.notNull())
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    .addColumn('rate_limited', 'integer', (c) => c.notNull())
    .addColumn('total_response_ms', 'double precision', (c) => c.notNull())
    .addColumn('latency_buckets', sql`integer[]`, (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_rollups_pkey', ['project_id', 'environment', 'query_name', 'minute'])
    .execute();
  await db.schema.createIndex('usage_rollups_project_minute_idx').on('usage_rollups').columns(['project_id', 'minute']).execute();

  await db.schema
    .createTable('organization_usage')
    .addColumn('organization_id', 'text', (c) => c.notNull())
    .addColumn('period_start', 'timestamptz', (c) => c.notNull())
    .addColumn('calls', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('organization_usage_pkey', ['organization_id', 'period_start'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_asked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('query_used', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('questions_pkey', ['project_id', 'day', 'question'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['questions', 'organization_usage', 'usage_rollups', 'api_logs']) await db.schema.dropTable(table).execute();
}
