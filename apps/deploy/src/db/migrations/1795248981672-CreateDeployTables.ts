// The deploy schema (DESIGN.md §1): one Api per project and environment, one ApiEndpoint per
// deployed program and environment, and the deployment history (active, replaced, undeployed).
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('apis')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('base_path', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('servers', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('security', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('apis_project_environment_key', ['project_id', 'environment'])
    .execute();

  await db.schema
    .createTable('deployments')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('query_program_id', 'uuid', (c) => c.notNull())
    .addColumn('program_name', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('endpoint_path', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('deployed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ended_at', 'timestamptz')
    .addCheckConstraint('deployments_status_check', sql`status in ('active', 'replaced', 'undeployed')`)
    .execute();
  // One live deployment of a program name per environment; two racing deploys cannot both win.
  await db.schema
    .createIndex('deployments_one_active_idx')
    .on('deployments')
    .columns(['project_id', 'program_name', 'environment'])
    .unique()
    .where(sql.ref('status'), '=', 'active')
    .execute();
  await db.schema.createIndex('deployments_history_idx').on('deployments').columns(['project_id', 'program_name', 'deployed_at']).execute();

  await db.schema
    .createTable('api_endpoints')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('api_id', 'uuid', (c) => c.notNull().references('apis.id').onDelete('cascade'))
    .addColumn('deployment_id', 'uuid', (c) => c.notNull().references('deployments.id'))
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('query_program_id', 'uuid', (c) => c.notNull())
    .addColumn('program_version', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('endpoint_name', 'text', (c) => c.notNull())
    .addColumn('http_method', 'text', (c) => c.notNull())
    .addColumn('operation_id', 'text', (c) => c.notNull())
    // The program's question and description, for the OpenAPI operation's summary and description.
    .addColumn('summary', 'text')
    .addColumn('description', 'text')
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The JSON Schema documents are `json`, not `jsonb`: jsonb reorders object keys, and the order
    // of a row's properties (the program's column order) and of the slots is part of the document.
    .addColumn('parameters', 'json', (c) => c.notNull())
    .addColumn('slot_mapping', 'json', (c) => c.notNull())
    .addColumn('component_schemas', 'json', (c) => c.notNull())
    .addColumn('request_body', 'json', (c) => c.notNull())
    .addColumn('responses', 'json', (c) => c.notNull())
    .addColumn('security', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('api_endpoints_name_key', ['project_id', 'environment', 'endpoint_name'])
    .execute();
  await db.schema.createIndex('api_endpoints_api_idx').on('api_endpoints').column('api_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_endpoints').execute();
  await db.schema.dropTable('deployments').execute();
  await db.schema.dropTable('apis').execute();
}
