// The service's first migration: the outbox and processed-events tables every service keeps.
import type { Kysely } from 'kysely';
import { createBusTablesV1 } from '@querylane/bus';

export async function up(db: Kysely<unknown>): Promise<void> {
  await createBusTablesV1(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('processed_events').execute();
  await db.schema.dropTable('outbox').execute();
}
