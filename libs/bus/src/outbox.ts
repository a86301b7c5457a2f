// The transactional outbox: a service writes its events in the same transaction as its state
// change, and a relay publishes them afterwards, so an event exists exactly when the change does.
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import { encodeEnvelope, decodeEnvelope, type EventEnvelope } from './envelope.js';
import type { BusTables } from './bus-tables.js';
import type { EventBus } from './event-bus.js';

export interface OutgoingEvent {
  topic: string;
  envelope: EventEnvelope;
}

/** Adds events to the outbox inside the caller's transaction. */
export async function addToOutbox<DB extends BusTables>(trx: Transaction<DB> | Kysely<DB>, events: OutgoingEvent[]): Promise<void> {
  if (!events.length) return;
  const db = trx as unknown as Kysely<BusTables>;
  await db
    .insertInto('outbox')
    .values(
      events.map(({ topic, envelope }) => ({
        id: envelope.id,
        topic,
        event_type: envelope.type,
        project_id: envelope.projectId,
        envelope: encodeEnvelope(envelope),
        published_at: null,
        claimed_until: null,
        last_error: null,
      })),
    )
    .execute();
}

export interface OutboxRelayOptions {
  service: string;
  logger: Logger;
  /**
   * How often the relay looks for rows when nobody kicked it (default 500 ms). Each pass that finds
   * nothing doubles the wait, up to `maxPollMs`; a pass that publishes, or a kick, starts again at
   * `pollMs`.
   */
  pollMs?: number;
  /** The longest wait between passes of an idle relay (default 5 s). */
  maxPollMs?: number;
  batchSize?: number;
  /** How long a claimed row belongs to this relay before another may take it (default 30 s). */
  leaseMs?: number;
  /** Published rows older than this are deleted (default 7 days). */
  retentionMs?: number;
}

/**
 * Publishes outbox rows in order. Rows are claimed with a lease in one statement (SKIP LOCKED),
 * so replicas share the work and no transaction stays open while the bus is called — which also
 * keeps the embedded single-session database free for the consumers the bus calls.
 */
export class OutboxRelay {
  private readonly db: Kysely<BusTables>;
  private readonly logger: Logger;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastCleanup = 0;
  /** Passes in a row that found nothing to publish (or failed): the next wait doubles with each. */
  private idlePasses = 0;

  constructor(
    db: Kysely<BusTables> | Kysely<never>,
    private readonly bus: EventBus,
    private readonly options: OutboxRelayOptions,
  ) {
    this.db = db as unknown as Kysely<BusTables>;
    this.logger = options.logger.child({ component: 'outbox-relay', service: options.service });
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Publishes now instead of at the next poll; call after committing a transaction with events. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then((published) => {
        this.idlePasses = published > 0 ? 0 : this.idlePasses + 1;
      })
      .catch((error: unknown) => {
        this.idlePasses += 1;
        this.logger.error({ err: error }, 'outbox relay pass failed');
      })
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.idlePasses = 0;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.nextPollMs());
        }
      });
  }

  /**
   * The wait before the next pass nobody kicked: `pollMs` after a pass that published, doubling
   * with each idle or failed pass up to `maxPollMs`. Events written here kick the relay at once, so
   * the passes only find rows of a replica that stopped before publishing them (or whose publish
   * failed); an idle relay of the embedded mode had run ten claims a second on the shared database.
   */
  private nextPollMs(): number {
    const base = this.options.pollMs ?? 500;
    const longest = Math.max(base, this.options.maxPollMs ?? 5_000);
    return Math.min(longest, base * 2 ** Math.max(0, this.idlePasses - 1));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Publishes until the outbox has nothing ready; returns how many events went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < (this.options.batchSize ?? 100)) break;
    }
    await this.cleanup();
    return total;
  }

  private async publishBatch(): Promise<number> {
    const leaseMs = this.options.leaseMs ?? 30_000;
    const limit = this.options.batchSize ?? 100;
    const { rows } = await sqlClaim(this.db, limit, leaseMs);
    if (!rows.length) return 0;
    rows.sort((a, b) => Number(a.seq) - Number(b.seq));
    // Consecutive rows of the same topic go out together; order across topics is kept too.
    let published = 0;
    for (let start = 0; start < rows.length; ) {
      let end = start + 1;
      while (end < rows.length && rows[end]!.topic === rows[start]!.topic) end += 1;
      const group = rows.slice(start, end);
      try {
        await this.bus.publish(group[0]!.topic, group.map((row) => decodeEnvelope(row.envelope)));
        await this.db
          .updateTable('outbox')
          .set({ published_at: new Date(), claimed_until: null })
          .where('seq', 'in', group.map((row) => row.seq))
          .execute();
        published += group.length;
      } catch (error) {
        const remaining = rows.slice(start).map((row) => row.seq);
        this.logger.warn({ err: error, topic: group[0]!.topic, events: remaining.length }, 'publishing outbox events failed; will retry');
        await this.db
          .updateTable('outbox')
          .set((eb) => ({ claimed_until: null, attempts: eb('attempts', '+', 1), last_error: String((error as Error).message ?? error) }))
          .where('seq', 'in', remaining)
          .execute();
        throw error;
      }
      start = end;
    }
    this.logger.debug({ events: published }, 'outbox events published');
    return published;
  }

  private async cleanup(): Promise<void> {
    const now = Date.now();
    if (now - this.lastCleanup < 60_000) return;
    this.lastCleanup = now;
    const before = new Date(now - (this.options.retentionMs ?? 7 * 24 * 3600_000));
    await this.db.deleteFrom('outbox').where('published_at', '<', before).execute();
  }
}

async function sqlClaim(db: Kysely<BusTables>, limit: number, leaseMs: number) {
  const until = new Date(Date.now() + leaseMs);
  const now = new Date();
  const rows = await db
    .updateTable('outbox')
    .set({ claimed_until: until })
    .where('seq', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('seq')
        .where('published_at', 'is', null)
        .where((w) => w.or([w('claimed_until', 'is', null), w('claimed_until', '<', now)]))
        .orderBy('seq')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['seq', 'topic', 'envelope'])
    .execute();
  return { rows };
}
