// Alert rules, their history (state changes and delivery attempts), the notifications waiting to be
// delivered (retried with backoff across restarts), and the lease that lets one replica evaluate.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alerts')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    .addColumn('query_name', 'text')
    // Webhook secrets are sealed (AES-256-GCM) inside; never returned.
    .addColumn('channels', 'jsonb', (c) => c.notNull())
    .addColumn('cooldown_minutes', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('ok'))
    .addColumn('last_value', 'double precision')
    .addColumn('last_evaluated_at', 'timestamptz')
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('last_notified_at', 'timestamptz')
    // Whether the current firing was notified (a firing within the cooldown is not, nor its resolution).
    .addColumn('firing_notified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alerts_project_idx').on('alerts').columns(['project_id', 'created_at']).execute();

  await db.schema
    .createTable('alert_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision')
    .addColumn('details', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alert_events_alert_created_idx').on('alert_events').columns(['alert_id', 'created_at desc']).execute();

  await db.schema
    .createTable('alert_deliveries')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('alert_id', 'uuid', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('event_id', 'uuid', (c) => c.notNull())
    // The channel as it was when the notification was made (a later edit does not redirect it).
    .addColumn('channel', 'jsonb', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('alert_deliveries_due_idx').on('alert_deliveries').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('alert_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['alert_leases', 'alert_deliveries', 'alert_events', 'alerts']) await db.schema.dropTable(table).execute();
}
