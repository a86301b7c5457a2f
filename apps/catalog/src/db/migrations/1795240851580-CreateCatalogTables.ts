// The catalog's records (docs/resource-model.md): organizations and access, credentials and
// secrets, and the data records. Soft deletes through deleted_at where the model has it.
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
type Db = Kysely<any>;
type Table = CreateTableBuilder<string, string>;
type Column = (t: Table) => Table;

const id: Column = (t) => t.addColumn('id', 'uuid', (c) => c.primaryKey());
const createdAt: Column = (t) => t.addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
const updatedAt: Column = (t) => t.addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`));
const deletedAt: Column = (t) => t.addColumn('deleted_at', 'timestamptz');
const stamps = [createdAt, updatedAt];
const text = (name: string, nullable = false): Column => (t) => t.addColumn(name, 'text', (c) => (nullable ? c : c.notNull()));
const json = (name: string, nullable = true): Column => (t) => t.addColumn(name, 'jsonb', (c) => (nullable ? c : c.notNull().defaultTo(sql`'{}'::jsonb`)));
const bigint = (name: string, nullable = false): Column => (t) => t.addColumn(name, 'bigint', (c) => (nullable ? c : c.notNull()));
const time = (name: string): Column => (t) => t.addColumn(name, 'timestamptz');
const array = (name: string, type: 'text' | 'uuid'): Column => (t) => t.addColumn(name, sql`${sql.raw(type)}[]`, (c) => c.notNull());
const references = (name: string, table: string, nullable = false): Column => (t) =>
  t.addColumn(name, 'uuid', (c) => {
    const column = c.references(`${table}.id`).onDelete('cascade');
    return nullable ? column : column.notNull();
  });
const unique = (name: string, columns: string[]): Column => (t) => t.addUniqueConstraint(name, columns);

async function createTable(db: Db, name: string, columns: Column[]): Promise<void> {
  const builder = columns.reduce((t, column) => column(t), db.schema.createTable(name) as unknown as Table);
  await builder.execute();
}

export async function up(db: Db): Promise<void> {
  await createTable(db, 'platforms', [id, text('name'), text('description', true), ...stamps]);
  await createTable(db, 'organizations', [id, references('platform_id', 'platforms'), text('name'), text('description', true), ...stamps, deletedAt]);
  await createTable(db, 'teams', [id, references('organization_id', 'organizations'), text('name'), text('description', true), ...stamps, deletedAt]);
  await createTable(db, 'users', [
    id,
    references('organization_id', 'organizations'),
    text('name'),
    text('email'),
    (t) => t.addColumn('is_platform_admin', 'boolean', (c) => c.notNull().defaultTo(false)),
    ...stamps,
    deletedAt,
  ]);
  await db.schema.createIndex('users_email_live_idx').on('users').expression(sql`lower(email)`).unique().where(sql.ref('deleted_at'), 'is', null).execute();
  await createTable(db, 'user_teams', [id, references('user_id', 'users'), references('team_id', 'teams'), ...stamps, unique('user_teams_user_team_key', ['user_id', 'team_id'])]);
  await createTable(db, 'rbac', [
    id,
    references('user_id', 'users'),
    references('team_id', 'teams'),
    text('role'),
    array('permissions', 'text'),
    ...stamps,
    unique('rbac_user_team_key', ['user_id', 'team_id']),
  ]);
  await createTable(db, 'auth_records', [
    id,
    references('user_id', 'users'),
    text('type'),
    text('token_hash'),
    text('token_prefix'),
    time('expires_at'),
    time('last_used'),
    createdAt,
    deletedAt,
    unique('auth_records_token_hash_key', ['token_hash']),
  ]);
  await createTable(db, 'api_keys', [
    id,
    references('user_id', 'users'),
    references('organization_id', 'organizations'),
    text('name'),
    text('key_hash'),
    text('display_value'),
    array('project_ids', 'uuid'),
    array('environments', 'text'),
    time('last_used'),
    createdAt,
    deletedAt,
    unique('api_keys_key_hash_key', ['key_hash']),
  ]);
  await createTable(db, 'projects', [
    id,
    references('team_id', 'teams'),
    references('organization_id', 'organizations'),
    text('name'),
    text('description', true),
    ...stamps,
    deletedAt,
  ]);
  await createTable(db, 'project_events', [id, references('project_id', 'projects'), text('event_type'), text('message'), json('data'), createdAt]);
  await createTable(db, 'datasources', [id, references('project_id', 'projects'), text('name'), text('type'), text('status'), ...stamps, deletedAt]);
  await createTable(db, 'credentials', [
    id,
    text('name'),
    text('type'),
    text('description', true),
    json('metadata'),
    json('config'),
    references('datasource_id', 'datasources', true),
    references('team_id', 'teams', true),
    references('organization_id', 'organizations'),
    ...stamps,
    deletedAt,
  ]);
  await createTable(db, 'secrets', [
    id,
    references('credential_id', 'credentials'),
    text('name'),
    (t) => t.addColumn('ciphertext', 'bytea', (c) => c.notNull()),
    (t) => t.addColumn('key_version', 'integer', (c) => c.notNull()),
    ...stamps,
    unique('secrets_credential_name_key', ['credential_id', 'name']),
  ]);
  await createTable(db, 'infrastructure', [id, references('organization_id', 'organizations'), text('name'), text('provider'), text('region', true), json('config'), ...stamps]);
  await createTable(db, 'subscriptions', [
    id,
    references('organization_id', 'organizations'),
    text('tier'),
    text('status'),
    bigint('api_call_limit', true),
    (t) => t.addColumn('api_calls_used', 'bigint', (c) => c.notNull().defaultTo(0)),
    (t) => t.addColumn('billing_period_start', 'timestamptz', (c) => c.notNull()),
    (t) => t.addColumn('billing_period_end', 'timestamptz', (c) => c.notNull()),
    json('overage_settings', false),
    ...stamps,
  ]);
  await createTable(db, 'data_objects', [
    id,
    references('project_id', 'projects'),
    references('datasource_id', 'datasources'),
    text('bucket'),
    text('key'),
    text('file_type'),
    text('file_role'),
    bigint('file_size'),
    text('etag'),
    text('mime_type'),
    ...stamps,
    deletedAt,
  ]);
  await createTable(db, 'lineage', [
    id,
    references('project_id', 'projects'),
    references('upstream_id', 'data_objects'),
    references('downstream_id', 'data_objects'),
    text('transformation'),
    createdAt,
  ]);
  await createTable(db, 'datalines', [
    id,
    references('project_id', 'projects'),
    references('datasource_id', 'datasources'),
    references('data_object_id', 'data_objects'),
    text('name'),
    json('data_model', false),
    text('schema_code'),
    ...stamps,
  ]);
  await createTable(db, 'ontologies', [id, references('project_id', 'projects'), text('name'), text('description', true), json('definition', false), ...stamps]);
  await createTable(db, 'ontology_mappings', [
    id,
    references('ontology_id', 'ontologies'),
    references('dataline_id', 'datalines'),
    text('column_name'),
    text('concept'),
    json('mapping', false),
    createdAt,
  ]);
  await createTable(db, 'jobs', [
    id,
    references('project_id', 'projects'),
    references('datasource_id', 'datasources', true),
    text('job_type'),
    text('status'),
    (t) => t.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0)),
    text('error', true),
    ...stamps,
  ]);
  await createTable(db, 'job_statuses', [id, references('job_id', 'jobs'), text('status'), text('previous_status', true), text('reason', true), createdAt]);
  await createTable(db, 'job_events', [
    id,
    references('job_id', 'jobs'),
    bigint('seq_id'),
    text('event_type'),
    text('message'),
    json('data'),
    createdAt,
    unique('job_events_job_seq_key', ['job_id', 'seq_id']),
  ]);
  await createTable(db, 'job_sources', [id, references('job_id', 'jobs'), text('source_type'), text('source_id'), createdAt]);

  const indexes: [string, string[]][] = [
    ['organizations', ['platform_id']],
    ['teams', ['organization_id']],
    ['users', ['organization_id']],
    ['user_teams', ['team_id']],
    ['rbac', ['team_id']],
    ['auth_records', ['user_id']],
    ['api_keys', ['organization_id']],
    ['api_keys', ['user_id']],
    ['projects', ['team_id']],
    ['projects', ['organization_id']],
    ['project_events', ['project_id', 'created_at']],
    ['datasources', ['project_id']],
    ['credentials', ['organization_id']],
    ['infrastructure', ['organization_id']],
    ['subscriptions', ['organization_id']],
    ['data_objects', ['datasource_id']],
    ['lineage', ['downstream_id']],
    ['lineage', ['upstream_id']],
    ['datalines', ['project_id']],
    ['ontologies', ['project_id']],
    ['ontology_mappings', ['ontology_id']],
    ['jobs', ['project_id', 'created_at']],
    ['job_statuses', ['job_id']],
    ['job_sources', ['job_id']],
  ];
  for (const [table, columns] of indexes) {
    await db.schema.createIndex(`${table}_${columns.join('_')}_idx`).on(table).columns(columns).execute();
  }
}

export async function down(db: Db): Promise<void> {
  const tables = ['job_sources', 'job_events', 'job_statuses', 'jobs', 'ontology_mappings', 'ontologies', 'datalines', 'lineage', 'data_objects', 'subscriptions'];
  tables.push('infrastructure', 'secrets', 'credentials', 'datasources', 'project_events', 'projects', 'api_keys', 'auth_records', 'rbac', 'user_teams', 'users', 'teams', 'organizations', 'platforms');
  for (const table of tables) await db.schema.dropTable(table).execute();
}
