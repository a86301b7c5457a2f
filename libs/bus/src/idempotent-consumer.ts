// At-least-once delivery, exactly-once effect: the event id is recorded in the consumer's schema
// in the same transaction as the handler's writes, so a redelivered event changes nothing.
import type { Kysely, Transaction } from 'kysely';
import type { BusTables } from './bus-tables.js';
import type { EventEnvelope } from './envelope.js';

/**
 * Runs `work` in a transaction unless `consumer` has processed this event before.
 * Returns false for a duplicate. When `work` throws, nothing is recorded and the bus retries.
 */
export async function processOnce<DB extends BusTables>(
  db: Kysely<DB>,
  consumer: string,
  envelope: EventEnvelope,
  work: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inbox = trx as unknown as Transaction<BusTables>;
    const inserted = await inbox
      .insertInto('processed_events')
      .values({ consumer, event_id: envelope.id, event_type: envelope.type })
      .onConflict((oc) => oc.columns(['consumer', 'event_id']).doNothing())
      .returning('event_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await work(trx);
    return true;
  });
}
