// Contract of libs/bus: in-process by default, Kafka when KAFKA_BROKERS is set; the outbox and
// idempotent-consumer parts run on PGlite by default and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { StringValueSchema } from '@bufbuild/protobuf/wkt';
import { sql, type Kysely, type KyselyPlugin } from 'kysely';
import {
  addToOutbox,
  allTopics,
  createBusTablesV1,
  createEnvelope,
  createEventBus,
  EventsRejectedError,
  openPayload,
  OutboxRelay,
  processOnce,
  topics,
  type BusTables,
  type EventBus,
  type EventEnvelope,
  type ReceivedEvent,
} from '@querylane/bus';
import { Database } from '@querylane/db';
import { eventsV1 } from '@querylane/proto';
import { realParts, scratchDir, testLogger, uniqueName, waitFor } from '@querylane/testing';

const busKind = realParts.kafkaBrokers ? 'kafka' : 'in-process';
const dbKind = realParts.databaseUrl ? 'postgres' : 'pglite';

function textEvent(text: string, projectId = 'p1'): EventEnvelope {
  return createEnvelope({ type: 'test.text', projectId, source: 'bus-test', schema: StringValueSchema, payload: create(StringValueSchema, { value: text }) });
}

function collector() {
  const received: ReceivedEvent[] = [];
  return { received, handler: async (event: ReceivedEvent) => void received.push(event) };
}

const connect = () =>
  createEventBus({
    kafkaBrokers: realParts.kafkaBrokers?.split(','),
    clientId: uniqueName('bus-test'),
    logger: testLogger(),
    partitions: 3,
  });

describe(`event bus contract [${busKind}]`, () => {
  let bus: EventBus;
  const topic = uniqueName('test.topic').replaceAll('_', '-');
  const fast = { initialDelayMs: 10, maxDelayMs: 50 };

  beforeAll(async () => {
    bus = await connect();
    await bus.ensureTopics([topic]);
  });
  afterAll(async () => bus?.close());

  it('creates the topics of DESIGN.md §2 at start', async () => {
    const existing = await bus.listTopics();
    expect(existing).toEqual(expect.arrayContaining([...allTopics, topic]));
    expect(allTopics).toEqual([
      'querylane.jobs',
      'querylane.catalog',
      'querylane.queryprograms',
      'querylane.deployments',
      'querylane.api-calls',
      'querylane.alerts',
      'querylane.dead-letter',
    ]);
  });

  it('delivers every event to each consumer group, in order per project', async () => {
    const a = collector();
    const b = collector();
    const subA = await bus.subscribe({ group: uniqueName('group-a'), topics: [topic], handler: a.handler });
    const subB = await bus.subscribe({ group: uniqueName('group-b'), topics: [topic], handler: b.handler });
    const events = Array.from({ length: 20 }, (_, i) => textEvent(`e${i}`, i % 2 ? 'p-odd' : 'p-even'));
    await bus.publish(topic, events);
    for (const c of [a, b]) {
      await waitFor(() => c.received.length >= events.length, 'both groups to receive every event');
      expect(c.received.map((e) => e.envelope.id).sort()).toEqual(events.map((e) => e.id).sort());
      for (const project of ['p-odd', 'p-even']) {
        const sent = events.filter((e) => e.projectId === project).map((e) => e.id);
        expect(c.received.filter((e) => e.envelope.projectId === project).map((e) => e.envelope.id)).toEqual(sent);
      }
      expect(openPayload(c.received[0]!.envelope, StringValueSchema).value).toMatch(/^e\d+$/);
    }
    await subA.close();
    await subB.close();
  });

  // The broker's default message.max.bytes is 1 MB: an event over it can never be sent, and the bus
  // says so with its own error (publishers then send smaller batches, or give that event up).
  it.runIf(busKind === 'kafka')('refuses an event too large for the broker with EventsRejectedError, and still takes the next ones', async () => {
    await expect(bus.publish(topic, [textEvent('x'.repeat(2 * 1024 * 1024))])).rejects.toBeInstanceOf(EventsRejectedError);
    await expect(bus.publish(topic, [textEvent('small')])).resolves.toBeUndefined();
  });

  it("starts a group at 'latest' after what was published before it subscribed", async () => {
    const before = textEvent('before');
    await bus.publish(topic, [before]);
    const seen = collector();
    const sub = await bus.subscribe({ group: uniqueName('group-latest'), topics: [topic], startAt: 'latest', handler: seen.handler });
    const after = Array.from({ length: 3 }, (_, i) => textEvent(`after-${i}`));
    await bus.publish(topic, after);
    await waitFor(() => after.every((event) => seen.received.some((r) => r.envelope.id === event.id)), 'the events published after subscribing');
    expect(seen.received.some((r) => r.envelope.id === before.id)).toBe(false);
    await sub.close();
  });

  it('hands a batch handler many events at once, in order per project, and dead-letters a batch that keeps failing', async () => {
    const batches: ReceivedEvent[][] = [];
    const sub = await bus.subscribe({ group: uniqueName('group-batch'), topics: [topic], batchHandler: async (events) => void batches.push(events) });
    const events = Array.from({ length: 50 }, (_, i) => textEvent(`b${i}`, 'p-batch'));
    await bus.publish(topic, events);
    await waitFor(() => batches.flat().filter((e) => e.envelope.projectId === 'p-batch').length >= events.length, 'every event in batches');
    const mine = batches.map((batch) => batch.filter((e) => e.envelope.projectId === 'p-batch')).filter((batch) => batch.length > 0);
    expect(mine.flat().map((e) => e.envelope.id)).toEqual(events.map((e) => e.id));
    expect(mine.length).toBeLessThan(events.length); // several events per call, not one by one
    await sub.close();

    const dead = collector();
    const deadSub = await bus.subscribe({ group: uniqueName('group-batch-dead'), topics: [topics.deadLetter], startAt: 'latest', handler: dead.handler });
    const failing = await bus.subscribe({
      group: uniqueName('group-batch-failing'),
      topics: [topic],
      startAt: 'latest',
      retry: { attempts: 2, ...fast },
      batchHandler: async (batch) => {
        if (batch.some((e) => e.envelope.type === 'test.poison')) throw new Error('poisoned batch');
      },
    });
    const poison = { ...textEvent('poison', 'p-poison'), type: 'test.poison' };
    await bus.publish(topic, [poison]);
    await waitFor(() => dead.received.some((e) => openPayload(e.envelope, eventsV1.DeadLetterSchema).envelope?.id === poison.id), 'the poisoned event in querylane.dead-letter');
    await failing.close();
    await deadSub.close();
  });

  it('with batches in flight, handles every event, overlaps batches on Kafka, and commits only what was handled', async () => {
    const group = uniqueName('group-in-flight');
    const project = uniqueName('p-in-flight');
    const handled = new Set<string>();
    let running = 0;
    let mostAtOnce = 0;
    const batchHandler = async (batch: ReceivedEvent[]) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await new Promise((resolve) => setTimeout(resolve, 30));
      for (const event of batch) if (event.envelope.projectId.startsWith(project)) handled.add(event.envelope.id);
      running -= 1;
    };
    // From the earliest offset (no 'latest': that would move the second member to the ends whatever was committed).
    const subscribe = () => bus.subscribe({ group, topics: [topic], batchesInFlight: 3, batchHandler });
    const first = await subscribe();
    // Three projects land on several partitions; several publishes make several fetches.
    const events = Array.from({ length: 300 }, (_, i) => textEvent(`f${i}`, `${project}-${i % 3}`));
    for (let start = 0; start < events.length; start += 50) await bus.publish(topic, events.slice(start, start + 50));
    await waitFor(() => events.every((event) => handled.has(event.id)), 'every event handled');
    if (busKind === 'kafka') expect(mostAtOnce).toBeGreaterThan(1);
    await first.close();
    expect(running).toBe(0); // close() let the batches being handled finish

    if (busKind !== 'kafka') return; // the in-process bus keeps no offsets for a group between subscriptions
    // The group's next member starts where the handled events end: it sees the new events only.
    handled.clear();
    const second = await subscribe();
    const later = Array.from({ length: 10 }, (_, i) => textEvent(`l${i}`, `${project}-${i % 3}`));
    await bus.publish(topic, later);
    await waitFor(() => later.every((event) => handled.has(event.id)), 'the events published after the first member left');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([...handled].sort()).toEqual(later.map((event) => event.id).sort());
    await second.close();
  });

  it('retries a failing handler with backoff and processes the event once it succeeds', async () => {
    const attempts: number[] = [];
    const sub = await bus.subscribe({
      group: uniqueName('group-retry'),
      topics: [topic],
      retry: { attempts: 5, ...fast },
      handler: async (event) => {
        if (event.envelope.type !== 'test.flaky') return;
        attempts.push(event.attempt);
        if (event.attempt < 3) throw new Error('not yet');
      },
    });
    await bus.publish(topic, [{ ...textEvent('flaky'), type: 'test.flaky' }]);
    await waitFor(() => attempts.length >= 3, 'three attempts');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(attempts).toEqual([1, 2, 3]);
    await sub.close();
  });

  it('sends an event that keeps failing to querylane.dead-letter with the reason', async () => {
    const dead = uniqueName('dead');
    const poisoned = { ...textEvent(dead), type: 'test.poison' };
    const deadLetters = collector();
    const group = uniqueName('group-poison');
    const dlq = await bus.subscribe({ group: uniqueName('group-dlq'), topics: [topics.deadLetter], handler: deadLetters.handler });
    const sub = await bus.subscribe({
      group,
      topics: [topic],
      retry: { attempts: 2, ...fast },
      handler: async (event) => {
        if (event.envelope.id === poisoned.id) throw new Error(`cannot handle ${dead}`);
      },
    });
    await bus.publish(topic, [poisoned]);
    const letter = await waitFor(
      () =>
        deadLetters.received
          .map((e) => openPayload(e.envelope, eventsV1.DeadLetterSchema))
          .find((l) => l.envelope?.id === poisoned.id),
      'the dead letter',
    );
    expect(letter).toMatchObject({ topic, consumerGroup: group, attempts: 2, error: `cannot handle ${dead}` });
    await sub.close();
    await dlq.close();
  });
});

interface ConsumerTables extends BusTables {
  effects: { event_id: string; text: string };
}

describe(`outbox and idempotent consumer [${dbKind} + ${busKind}]`, () => {
  const dir = scratchDir();
  const producerSchema = uniqueName('outbox_producer');
  const consumerSchema = uniqueName('outbox_consumer');
  const topic = uniqueName('test.outbox').replaceAll('_', '-');
  let database: Database;
  let bus: EventBus;
  let producer: Kysely<BusTables>;
  let consumer: Kysely<ConsumerTables>;

  beforeAll(async () => {
    database = await Database.open({ url: realParts.databaseUrl, dataDir: dir.path, logger: testLogger() });
    await database.migrate(producerSchema, { '1700000000000-Bus': { up: createBusTablesV1 } });
    await database.migrate(consumerSchema, {
      '1700000000000-Bus': { up: createBusTablesV1 },
      '1700000000001-Effects': {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped Kysely
        up: async (db: Kysely<any>) => {
          await db.schema.createTable('effects').addColumn('event_id', 'text').addColumn('text', 'text').execute();
        },
      },
    });
    producer = database.forSchema<BusTables>(producerSchema);
    consumer = database.forSchema<ConsumerTables>(consumerSchema);
    bus = await connect();
    await bus.ensureTopics([topic]);
  });

  afterAll(async () => {
    await bus?.close();
    if (database) {
      for (const schema of [producerSchema, consumerSchema]) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(producer);
      await database.close();
    }
    dir.remove();
  });

  const handle = (event: ReceivedEvent) =>
    processOnce(consumer, 'test-consumer', event.envelope, async (trx) => {
      await trx.insertInto('effects').values({ event_id: event.envelope.id, text: openPayload(event.envelope, StringValueSchema).value }).execute();
    }).then(() => undefined);

  it('publishes what a committed transaction wrote, nothing of a rolled-back one, and applies it exactly once even when delivered twice', async () => {
    const sub = await bus.subscribe({ group: uniqueName('group-outbox'), topics: [topic], handler: handle });
    const relay = new OutboxRelay(producer, bus, { service: 'test', logger: testLogger(), pollMs: 50 });
    const committed = textEvent('committed');
    const rolledBack = textEvent('rolled back');
    await producer.transaction().execute((trx) => addToOutbox(trx, [{ topic, envelope: committed }]));
    await expect(
      producer.transaction().execute(async (trx) => {
        await addToOutbox(trx, [{ topic, envelope: rolledBack }]);
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    relay.start();
    await waitFor(async () => (await consumer.selectFrom('effects').selectAll().execute()).length === 1, 'the effect');
    await relay.stop();

    // The same event again, as Kafka does after a consumer restart before its offset commit.
    await bus.publish(topic, [committed]);
    await bus.publish(topic, [committed]);
    const marker = textEvent('marker');
    await bus.publish(topic, [marker]);
    await waitFor(async () => (await consumer.selectFrom('effects').selectAll().where('event_id', '=', marker.id).execute()).length === 1, 'the marker');
    const effects = await consumer.selectFrom('effects').select(['event_id', 'text']).orderBy('text').execute();
    expect(effects).toEqual([
      { event_id: committed.id, text: 'committed' },
      { event_id: marker.id, text: 'marker' },
    ]);
    const row = await producer.selectFrom('outbox').select(['published_at', 'claimed_until']).where('id', '=', committed.id).executeTakeFirstOrThrow();
    expect(row.published_at).toBeInstanceOf(Date);
    expect(row.claimed_until).toBeNull();
    await sub.close();
  });

  it('waits longer between passes while it finds nothing, and still publishes what nobody kicked it for', async () => {
    // Every claim is an UPDATE of the outbox; the plugin only counts them.
    let claims = 0;
    const counting: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode') claims += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    await producer.updateTable('outbox').set({ published_at: new Date() }).where('published_at', 'is', null).execute();
    const relay = new OutboxRelay(producer.withPlugin(counting), bus, { service: 'test', logger: testLogger(), pollMs: 20, maxPollMs: 200 });
    relay.start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      // Every 20 ms would be ~50 passes; doubling up to 200 ms, ~9.
      expect(claims).toBeGreaterThanOrEqual(4);
      expect(claims).toBeLessThan(15);
      const received = collector();
      const sub = await bus.subscribe({ group: uniqueName('group-idle'), topics: [topic], handler: received.handler });
      const unkicked = textEvent('written by a replica that stopped');
      await producer.transaction().execute((trx) => addToOutbox(trx, [{ topic, envelope: unkicked }]));
      await waitFor(() => received.received.some((event) => event.envelope.id === unkicked.id), 'the event nobody kicked the relay for');
      await sub.close();
    } finally {
      await relay.stop();
    }
  });

  it('keeps events whose publish failed and publishes them when the bus is back', async () => {
    const pending = textEvent('survives a bus outage');
    await producer.transaction().execute((trx) => addToOutbox(trx, [{ topic, envelope: pending }]));
    const downBus = await connect();
    await downBus.close();
    await expect(new OutboxRelay(producer, downBus, { service: 'test', logger: testLogger() }).drain()).rejects.toThrow();
    const failed = await producer.selectFrom('outbox').select(['published_at', 'attempts', 'last_error']).where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(failed.published_at).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBeTruthy();

    const received = collector();
    const sub = await bus.subscribe({ group: uniqueName('group-recovered'), topics: [topic], handler: received.handler });
    expect(await new OutboxRelay(producer, bus, { service: 'test', logger: testLogger() }).drain()).toBeGreaterThanOrEqual(1);
    await waitFor(() => received.received.some((e) => e.envelope.id === pending.id), 'the recovered event');
    await sub.close();
  });
});
