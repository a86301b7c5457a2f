// The api-calls publisher through a bus outage: nothing is lost, batches stay within batchSize,
// retries back off, and an event the bus refuses for its size cannot hold the others back.
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { EventsRejectedError, type EventBus, type EventEnvelope } from '@querylane/bus';
import { ApiCallPublisher, type ApiCall } from '../src/queries/api-calls.js';

const logger = pino({ level: 'silent' });

/** A bus that is away while `down` is true, and refuses batches over `maxEvents` or with a huge event. */
class FakeBus {
  down = false;
  maxEvents = Number.POSITIVE_INFINITY;
  readonly accepted: EventEnvelope[] = [];
  readonly batches: number[] = [];
  attemptsWhileDown = 0;

  async publish(_topic: string, events: EventEnvelope[]): Promise<void> {
    await Promise.resolve();
    if (this.down) {
      this.attemptsWhileDown += 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:9092');
    }
    if (events.length > this.maxEvents || events.some((event) => event.projectId === 'huge')) throw new EventsRejectedError('message too large');
    this.batches.push(events.length);
    this.accepted.push(...events);
  }
}

const call = (projectId = 'p1'): ApiCall => ({
  apiSlug: 'q',
  version: '1',
  endpointPath: '/queries/q',
  userId: 'u',
  projectId,
  organizationId: 'o',
  apiKeyId: 'k',
  queryresponseId: '',
  queryParams: {},
  responseTimeMs: 1,
  statusCode: 200,
  requestBody: {},
  parentLogId: '',
  environment: 'production',
  queryName: 'q',
  question: '',
  error: '',
  calledAt: new Date(),
});

const publisherOn = (bus: FakeBus, metrics = new Registry()) =>
  new ApiCallPublisher(bus as unknown as EventBus, logger, { flushMs: 5, batchSize: 10, retryInitialMs: 20, retryMaxMs: 80, metrics });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await wait(5);
  }
}

describe('ApiCallPublisher', () => {
  it('keeps every event while the bus is away and sends them, batchSize at a time, once it is back', async () => {
    const bus = new FakeBus();
    const metrics = new Registry();
    const publisher = publisherOn(bus, metrics);
    const ids = new Set<string>();
    bus.down = true;
    for (let index = 0; index < 95; index += 1) {
      ids.add(publisher.publish(call()));
      if (index % 10 === 0) await wait(10);
    }
    await wait(300);
    // Backing off: a handful of attempts in 400 ms, not one per call or per flush interval.
    expect(bus.attemptsWhileDown).toBeGreaterThan(1);
    expect(bus.attemptsWhileDown).toBeLessThan(20);
    expect(publisher.bufferedCount).toBe(95);
    bus.down = false;
    await until(() => bus.accepted.length === 95, 'every event');
    expect(new Set(bus.accepted.map((event) => event.id))).toEqual(ids);
    expect(Math.max(...bus.batches)).toBeLessThanOrEqual(10);
    expect(publisher.droppedCount).toBe(0);
    expect(await metrics.getSingleMetricAsString('querylane_gateway_api_call_publish_retries_total')).toMatch(new RegExp(`_total ${bus.attemptsWhileDown}$`, 'm'));
    await publisher.close();
  });

  it('sends smaller batches when the bus refuses one as too large, and drops only the event refused alone', async () => {
    const bus = new FakeBus();
    bus.maxEvents = 3;
    const publisher = publisherOn(bus);
    const ids = Array.from({ length: 9 }, (_, index) => publisher.publish(call(index === 4 ? 'huge' : 'p1')));
    await publisher.flush();
    await until(() => publisher.bufferedCount === 0, 'an empty buffer');
    expect(bus.accepted.map((event) => event.id)).toEqual(ids.filter((_, index) => index !== 4));
    expect(publisher.droppedCount).toBe(1);
    await publisher.close();
  });

  it('under steady calls publishes once per flush interval, not once per publish round trip', async () => {
    // A bus whose publish takes 20 ms (a metering transaction, a broker's acknowledgement).
    const bus = new FakeBus();
    const publish = bus.publish.bind(bus);
    bus.publish = async (topic, events) => {
      await wait(20);
      await publish(topic, events);
    };
    const publisher = new ApiCallPublisher(bus as unknown as EventBus, logger, { flushMs: 100, batchSize: 500 });
    const ids = new Set<string>();
    const started = Date.now();
    while (Date.now() - started < 600) {
      ids.add(publisher.publish(call()));
      await wait(2);
    }
    await publisher.close();
    expect(new Set(bus.accepted.map((event) => event.id))).toEqual(ids);
    // ~600 ms / 100 ms (+ the last at close); a publish per round trip would be ~25.
    expect(bus.batches.length).toBeLessThanOrEqual(9);
  });

  it('drops the oldest events beyond maxBuffered, and counts them', async () => {
    const bus = new FakeBus();
    bus.down = true;
    const publisher = new ApiCallPublisher(bus as unknown as EventBus, logger, { flushMs: 1_000, batchSize: 100, maxBuffered: 20, retryInitialMs: 1_000 });
    for (let index = 0; index < 25; index += 1) publisher.publish(call());
    expect(publisher.bufferedCount).toBe(20);
    expect(publisher.droppedCount).toBe(5);
    await publisher.close(); // the bus is still away: what is left is lost, and counted
    expect(publisher.droppedCount).toBe(25);
  });
});
