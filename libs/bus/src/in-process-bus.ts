// The embedded event bus. publish() resolves only after every subscribed group has handled the
// events (or dead-lettered them), so the outbox relay marks a row published only once it was
// really delivered: a crash before that leaves the row to be published again at the next start.
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { deadLetterTopic, deliverAll, handlersOf, retryPolicy } from './delivery.js';
import type { EventEnvelope } from './envelope.js';
import type { EventBus, SubscribeOptions, Subscription } from './event-bus.js';

interface Group {
  options: SubscribeOptions;
  /** Serializes delivery within the group, so events arrive in publish order. */
  tail: Promise<unknown>;
  closed: boolean;
}

export interface InProcessBusOptions {
  logger: Logger;
  /** Events kept per topic for groups that subscribe later (Kafka's retention, in small). */
  retainPerTopic?: number;
}

// The most events handed to a batch handler at once.
const maxBatch = 1_000;

export class InProcessBus implements EventBus {
  readonly kind = 'in-process' as const;
  private readonly topics = new Map<string, EventEnvelope[]>();
  private readonly groups = new Map<string, Group>();
  private readonly logger: Logger;
  private readonly retain: number;
  private closed = false;

  constructor(options: InProcessBusOptions) {
    this.logger = options.logger.child({ component: 'bus', bus: 'in-process' });
    this.retain = options.retainPerTopic ?? 10_000;
  }

  async ensureTopics(topics: string[]): Promise<void> {
    for (const topic of topics) if (!this.topics.has(topic)) this.topics.set(topic, []);
  }

  async listTopics(): Promise<string[]> {
    return [...this.topics.keys()];
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    const log = this.topics.get(topic);
    if (!log) throw new AppError('service_unavailable', `topic ${topic} does not exist`);
    log.push(...events);
    if (log.length > this.retain) log.splice(0, log.length - this.retain);
    const deliveries = [...this.groups.values()]
      .filter((group) => !group.closed && group.options.topics.includes(topic))
      .map((group) => this.enqueue(group, topic, events));
    await Promise.all(deliveries);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    handlersOf(options);
    if (this.groups.has(options.group)) throw new Error(`consumer group ${options.group} already subscribed`);
    const missing = options.topics.filter((topic) => !this.topics.has(topic));
    if (missing.length) throw new AppError('service_unavailable', `topics do not exist: ${missing.join(', ')}`);
    const group: Group = { options, tail: Promise.resolve(), closed: false };
    this.groups.set(options.group, group);
    // A new group reads from the beginning of what is retained, as a new Kafka group does.
    for (const topic of options.startAt === 'latest' ? [] : options.topics) {
      const retained = this.topics.get(topic) ?? [];
      if (retained.length) void this.enqueue(group, topic, [...retained]);
    }
    return {
      close: async () => {
        group.closed = true;
        this.groups.delete(options.group);
        await group.tail;
      },
    };
  }

  async ping(): Promise<number> {
    this.assertOpen();
    return 0;
  }

  async close(): Promise<void> {
    this.closed = true;
    const groups = [...this.groups.values()];
    for (const group of groups) group.closed = true;
    await Promise.all(groups.map((group) => group.tail));
    this.groups.clear();
  }

  private enqueue(group: Group, topic: string, events: EventEnvelope[]): Promise<void> {
    const { handler, batchHandler } = handlersOf(group.options);
    const context = {
      topic,
      group: group.options.group,
      handler,
      batchHandler,
      retry: retryPolicy(group.options.retry),
      logger: this.logger,
      publishDeadLetter: (deadLetter: EventEnvelope) => this.publish(deadLetterTopic, [deadLetter]),
    };
    const run = group.tail.then(async () => {
      // A batch handler gets what one publish carried (in slices), as a Kafka fetch would give it.
      const step = batchHandler ? maxBatch : 1;
      for (let start = 0; start < events.length; start += step) {
        if (group.closed) return;
        await deliverAll(context, events.slice(start, start + step));
      }
    });
    group.tail = run.catch(() => undefined);
    return run;
  }

  private assertOpen(): void {
    if (this.closed) throw new AppError('service_unavailable', 'the event bus is closed');
  }
}
