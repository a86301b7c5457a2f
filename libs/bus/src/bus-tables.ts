// The tables every emitting or consuming service keeps in its own schema: the transactional
// outbox and the record of processed events. The migration function is frozen: a change to
// these tables is a new function (createBusTablesV2), called from a new migration.
import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';

export interface OutboxTable {
  seq: Generated<string>;
  id: string;
  topic: string;
  event_type: string;
  project_id: string;
  envelope: Uint8Array;
  created_at: Generated<Date>;
  published_at: Date | null;
  /** While set in the future, one relay owns the row (lease); it lapses if that relay dies. */
  claimed_until: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface ProcessedEventTable {
  consumer: string;
  event_id: string;
  event_type: string;
  processed_at: ColumnType<Date, never, never>;
}

export interface BusTables {
  outbox: OutboxTable;
  processed_events: ProcessedEventTable;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function createBusTablesV1(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('seq', 'bigserial', (c) => c.primaryKey())
    .addColumn('id', 'uuid', (c) => c.notNull().unique())
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('envelope', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('published_at', 'timestamptz')
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('outbox_unpublished_idx').on('outbox').column('seq').where(sql.ref('published_at'), 'is', null).execute();
  await db.schema
    .createTable('processed_events')
    .addColumn('consumer', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('processed_events_pk', ['consumer', 'event_id'])
    .execute();
}
