// The EventBus every service uses; Kafka in production, in-process in the embedded mode.
import type { EventEnvelope } from './envelope.js';

/**
 * The bus refused these events for what they are (too large for the broker, invalid): sending the
 * same events again cannot succeed, unlike a broker that is away. A publisher may send them in
 * smaller groups, or give up on the one event that alone is refused.
 */
export class EventsRejectedError extends Error {
  override readonly name = 'EventsRejectedError';
}

export interface ReceivedEvent {
  topic: string;
  envelope: EventEnvelope;
  /** 1 for the first delivery attempt in this process. */
  attempt: number;
}

export type EventHandler = (event: ReceivedEvent) => Promise<void>;

/** Takes several events of one topic at once (in order); it succeeds or fails as a whole. */
export type BatchHandler = (events: ReceivedEvent[]) => Promise<void>;

export interface RetryPolicy {
  attempts: number;
  initialDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { attempts: 5, initialDelayMs: 200, maxDelayMs: 5_000 };

export interface SubscribeOptions {
  /** One consumer group per service: `querylane.<service>`. A group subscribes once. */
  group: string;
  topics: string[];
  /** One event at a time. Give either this or `batchHandler`. */
  handler?: EventHandler;
  /**
   * Every event the bus has at hand at once (a Kafka fetch batch, an in-process publish), for a
   * consumer that writes many rows in one transaction. A failing batch is retried as a whole, then
   * each of its events goes to the dead-letter topic.
   */
  batchHandler?: BatchHandler;
  /**
   * Partitions handled at the same time (Kafka; default 1). Order is kept within a partition (and
   * so per project) whatever the value; more lets a consumer that does not need order across
   * projects (metering's ingestion) overlap its batches.
   */
  concurrency?: number;
  /**
   * Batches (of `batchHandler`) still being handled while the consumer fetches the next ones (Kafka;
   * default 1: the next fetch waits for the handler). Offsets are committed per partition only up to
   * the oldest batch not yet handled, so nothing is acknowledged before it is handled, and a failed
   * batch is read again from its first event. Batches of one partition then run side by side: only
   * for idempotent handlers that do not need order (metering's ingestion).
   */
  batchesInFlight?: number;
  retry?: Partial<RetryPolicy>;
  /**
   * Where a new group starts: `earliest` (default) reads what the topic retains, as a service's
   * group must; `latest` reads only what is published from now on, for a group of one process that
   * keeps a cache fresh and has nothing to catch up on (name it per process).
   */
  startAt?: 'earliest' | 'latest';
  /** Called when the consumer stops for good (Kafka gave up reconnecting); services stop the process. */
  onFatal?: (error: Error) => void;
}

export interface Subscription {
  close(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'kafka' | 'in-process';
  /** Creates the topics that do not exist yet. */
  ensureTopics(topics: string[]): Promise<void>;
  /** The topics that exist. */
  listTopics(): Promise<string[]>;
  /** Resolves once the events are durably accepted (Kafka acks), or delivered (in-process). */
  publish(topic: string, events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Round trip to the broker in ms; throws when it is unreachable. */
  ping(): Promise<number>;
  close(): Promise<void>;
}
