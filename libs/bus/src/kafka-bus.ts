// The Kafka event bus (kafkajs). Records are keyed by project_id so a project's events stay in order.
import { Kafka, logLevel, type Admin, type Consumer, type KafkaMessage, type LogEntry, type Producer } from 'kafkajs';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { BatchPipeline } from './batch-pipeline.js';
import { deadLetterTopic, deliver, deliverAll, handlersOf, retryPolicy } from './delivery.js';
import { decodeEnvelope, encodeEnvelope, type EventEnvelope } from './envelope.js';
import { EventsRejectedError, type EventBus, type SubscribeOptions, type Subscription } from './event-bus.js';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  logger: Logger;
  /** Partitions of the topics this bus creates (default 6). */
  partitions?: number;
  /** Replication factor of the topics this bus creates (default 1; 3 in production clusters). */
  replicationFactor?: number;
  /** Partitions a consumer handles at once (default 1). */
  partitionsConsumedConcurrently?: number;
  connectionTimeoutMs?: number;
}

export class KafkaBus implements EventBus {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private readonly admin: Admin;
  private readonly consumers = new Map<string, Consumer>();
  /** Groups whose batches are handled while the next are fetched, to be let run dry before leaving. */
  private readonly pipelines = new Map<string, { topics: string[]; pipeline: BatchPipeline }>();
  private readonly logger: Logger;

  private constructor(private readonly options: KafkaBusOptions) {
    this.logger = options.logger.child({ component: 'bus', bus: 'kafka' });
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      connectionTimeout: options.connectionTimeoutMs ?? 5_000,
      logLevel: logLevel.WARN,
      logCreator: () => (entry: LogEntry) => this.log(entry),
      retry: { retries: 8, initialRetryTime: 200, maxRetryTime: 10_000 },
    });
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    this.admin = this.kafka.admin();
  }

  static async connect(options: KafkaBusOptions): Promise<KafkaBus> {
    const bus = new KafkaBus(options);
    try {
      await bus.admin.connect();
      await bus.producer.connect();
    } catch (error) {
      await bus.close().catch(() => undefined);
      throw new AppError('service_unavailable', `cannot reach Kafka at ${options.brokers.join(',')}: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    return bus;
  }

  async ensureTopics(topics: string[]): Promise<void> {
    const existing = new Set(await this.listTopics());
    const missing = topics.filter((topic) => !existing.has(topic));
    if (!missing.length) return;
    await this.admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic,
        numPartitions: this.options.partitions ?? 6,
        replicationFactor: this.options.replicationFactor ?? 1,
      })),
    });
    this.logger.info({ topics: missing }, 'created topics');
  }

  async listTopics(): Promise<string[]> {
    return this.admin.listTopics();
  }

  async publish(topic: string, events: EventEnvelope[]): Promise<void> {
    if (!events.length) return;
    try {
      await this.producer.send({
        topic,
        acks: -1,
        messages: events.map((envelope) => ({
          key: envelope.projectId || null,
          value: Buffer.from(encodeEnvelope(envelope)),
          headers: { 'event-id': envelope.id, 'event-type': envelope.type, 'trace-id': envelope.traceId },
        })),
      });
    } catch (error) {
      if (refusedForWhatItIs(error)) throw new EventsRejectedError(`Kafka refused ${events.length} event(s) on ${topic}: ${(error as Error).message}`, { cause: error });
      throw error;
    }
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    // kafkajs's assigners expect every member of a group to subscribe to the same topics.
    if (this.consumers.has(options.group)) throw new Error(`consumer group ${options.group} already subscribed`);
    handlersOf(options);
    const consumer = this.kafka.consumer({ groupId: options.group, allowAutoTopicCreation: false });
    this.consumers.set(options.group, consumer);
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (payload.restart) return; // kafkajs restarts the consumer itself
      this.logger.error({ err: payload.error, group: options.group }, 'consumer stopped for good');
      options.onFatal?.(payload.error);
    });
    try {
      // A `latest` group owns no offsets, and kafkajs would resolve "latest" only at its first fetch,
      // skipping what is published in between. The ends of the partitions are read now instead, and
      // the consumer is moved to them once it has joined: nothing published after subscribe() was
      // called is missed (an event may be seen twice if a fetch got ahead of the move).
      const ends = options.startAt === 'latest' ? await Promise.all(options.topics.map(async (topic) => ({ topic, partitions: await this.admin.fetchTopicOffsets(topic) }))) : [];
      await consumer.connect();
      for (const topic of options.topics) await consumer.subscribe({ topic, fromBeginning: options.startAt !== 'latest' });
      const retry = retryPolicy(options.retry);
      const joined = options.startAt === 'latest' ? groupJoined(consumer) : undefined;
      const { handler, batchHandler } = handlersOf(options);
      const context = (topic: string) => ({
        topic,
        group: options.group,
        handler,
        batchHandler,
        retry,
        logger: this.logger,
        publishDeadLetter: (deadLetter: EventEnvelope) => this.publish(deadLetterTopic, [deadLetter]),
      });
      // Not ours to retry: a record that is not an envelope can never succeed.
      const decode = (topic: string, partition: number, message: KafkaMessage): EventEnvelope | undefined => {
        if (!message.value) return undefined;
        try {
          return decodeEnvelope(message.value);
        } catch (error) {
          this.logger.error({ err: error, topic, partition, offset: message.offset }, 'undecodable record skipped');
          return undefined;
        }
      };
      const inFlight = batchHandler ? Math.max(1, options.batchesInFlight ?? 1) : 1;
      const pipeline =
        inFlight > 1
          ? new BatchPipeline({
              limit: inFlight,
              commit: (offsets) => consumer.commitOffsets(offsets),
              rewind: (position) => consumer.seek(position),
              logger: this.logger.child({ group: options.group }),
            })
          : undefined;
      if (pipeline) this.pipelines.set(options.group, { topics: options.topics, pipeline });
      await consumer.run({
        partitionsConsumedConcurrently: options.concurrency ?? this.options.partitionsConsumedConcurrently ?? 1,
        ...(pipeline
          ? {
              // Offsets are committed by the pipeline, each once its batch and every earlier one are
              // handled; when the dead-letter publish fails, the pipeline rewinds the partition.
              autoCommit: false,
              eachBatch: async ({ batch, heartbeat, isStale }) => {
                if (isStale() || !batch.messages.length) return; // the partition was rewound before this batch
                const envelopes = batch.messages.map((message) => decode(batch.topic, batch.partition, message)).filter((envelope) => envelope !== undefined);
                const next = (BigInt(batch.lastOffset()) + 1n).toString();
                await pipeline.admit(batch.topic, batch.partition, batch.messages[0]!.offset, next, () => deliverAll(context(batch.topic), envelopes));
                await heartbeat();
              },
            }
          : // When the dead-letter publish fails these throw, and kafkajs delivers the records again.
            batchHandler
          ? {
              // The whole fetch batch at once; its offsets are committed once the handler succeeded.
              eachBatch: async ({ batch, heartbeat }) => {
                const envelopes = batch.messages.map((message) => decode(batch.topic, batch.partition, message)).filter((envelope) => envelope !== undefined);
                await deliverAll(context(batch.topic), envelopes);
                await heartbeat();
              },
            }
          : {
              eachMessage: async ({ topic, partition, message }) => {
                const envelope = decode(topic, partition, message);
                if (envelope) await deliver(context(topic), envelope);
              },
            }),
      });
      if (joined) {
        await joined;
        for (const { topic, partitions } of ends) for (const { partition, offset } of partitions) consumer.seek({ topic, partition, offset });
      }
    } catch (error) {
      this.consumers.delete(options.group);
      this.pipelines.delete(options.group);
      await consumer.disconnect().catch(() => undefined);
      throw new AppError('service_unavailable', `cannot subscribe ${options.group} to ${options.topics.join(', ')}: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    return {
      close: async () => {
        this.consumers.delete(options.group);
        await this.letPipelineRunDry(options.group, consumer);
        await consumer.disconnect();
      },
    };
  }

  async ping(): Promise<number> {
    const started = performance.now();
    await this.admin.describeCluster();
    return performance.now() - started;
  }

  async close(): Promise<void> {
    await Promise.all(
      [...this.consumers].map(async ([group, consumer]) => {
        await this.letPipelineRunDry(group, consumer);
        await consumer.disconnect().catch(() => undefined);
      }),
    );
    this.consumers.clear();
    await this.producer.disconnect().catch(() => undefined);
    await this.admin.disconnect().catch(() => undefined);
  }

  /**
   * Stops fetching and waits (a bounded time) for the batches being handled and the commit of their
   * offsets; what is not committed by then is read again by the group's next member.
   */
  private async letPipelineRunDry(group: string, consumer: Consumer): Promise<void> {
    const running = this.pipelines.get(group);
    if (!running) return;
    this.pipelines.delete(group);
    try {
      consumer.pause(running.topics.map((topic) => ({ topic })));
    } catch {
      // not running (never joined): nothing is being handled
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timed out'>((resolve) => (timer = setTimeout(() => resolve('timed out'), pipelineDrainMs)));
    const outcome = await Promise.race([running.pipeline.drain().then(() => 'drained' as const), timedOut]);
    clearTimeout(timer);
    if (outcome === 'timed out') this.logger.warn({ group, batches: running.pipeline.inFlight }, 'batches still being handled at close; they are read again');
  }

  private log(entry: LogEntry): void {
    const { message, ...rest } = entry.log;
    const fields = { kafka_namespace: entry.namespace, ...rest };
    if (entry.level === logLevel.ERROR) this.logger.error(fields, message);
    else if (entry.level === logLevel.WARN) this.logger.warn(fields, message);
    else this.logger.debug(fields, message);
  }
}

// Produce errors about the records themselves (MESSAGE_TOO_LARGE, RECORD_LIST_TOO_LARGE,
// INVALID_RECORD): the broker answered, and would answer the same again.
const recordErrorCodes = new Set([10, 18, 87]);

function refusedForWhatItIs(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'KafkaJSProtocolError' && recordErrorCodes.has((cause as Error & { code?: number }).code ?? -1)) return true;
  }
  return false;
}

const groupJoinTimeoutMs = 30_000;
const pipelineDrainMs = 10_000;

function groupJoined(consumer: Consumer): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      removeListener();
      reject(new Error(`the consumer did not join its group within ${groupJoinTimeoutMs} ms`));
    }, groupJoinTimeoutMs);
    const removeListener = consumer.on(consumer.events.GROUP_JOIN, () => {
      clearTimeout(timer);
      removeListener();
      resolve();
    });
  });
}
