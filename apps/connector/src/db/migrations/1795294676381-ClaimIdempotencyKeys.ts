// An Idempotency-Key is claimed before its request runs: a row without an answer is a request
// still running, so a concurrent call with the same key is refused instead of running it twice.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').alterColumn('answer', (column) => column.dropNotNull()).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('answer', 'is', null).execute();
  await db.schema.alterTable('idempotency_keys').alterColumn('answer', (column) => column.setNotNull()).execute();
}
