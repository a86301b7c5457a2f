// Retries with exponential backoff, then the dead-letter topic: the same for every bus.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Logger } from 'pino';
import { eventsV1 } from '@querylane/proto';
import { createEnvelope, type EventEnvelope } from './envelope.js';
import { defaultRetryPolicy, type BatchHandler, type EventHandler, type RetryPolicy, type SubscribeOptions } from './event-bus.js';
import { topics } from './topics.js';

export interface DeliveryContext {
  topic: string;
  group: string;
  handler: EventHandler;
  /** When set, deliverAll hands the events over at once. */
  batchHandler?: BatchHandler | undefined;
  retry: RetryPolicy;
  logger: Logger;
  publishDeadLetter(envelope: EventEnvelope): Promise<void>;
  signal?: AbortSignal;
}

export function retryPolicy(partial: Partial<RetryPolicy> | undefined): RetryPolicy {
  return { ...defaultRetryPolicy, ...partial };
}

export function backoffMs(policy: RetryPolicy, attempt: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(exponential / 2 + Math.random() * (exponential / 2));
}

/** The handler of a subscription: exactly one of `handler` and `batchHandler`. */
export function handlersOf(options: SubscribeOptions): { handler: EventHandler; batchHandler: BatchHandler | undefined } {
  if ((options.handler === undefined) === (options.batchHandler === undefined)) {
    throw new Error(`consumer group ${options.group}: give either handler or batchHandler`);
  }
  const batchHandler = options.batchHandler;
  return { handler: options.handler ?? ((event) => batchHandler!([event])), batchHandler };
}

/** Delivers events in order: at once to a batch handler, else one by one. */
export async function deliverAll(context: DeliveryContext, envelopes: EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  if (context.batchHandler === undefined) {
    for (const envelope of envelopes) await deliver(context, envelope);
    return;
  }
  const batchHandler = context.batchHandler;
  const failure = await attempt(context, { event_ids: envelopes.length }, (attemptNo) => batchHandler(envelopes.map((envelope) => ({ topic: context.topic, envelope, attempt: attemptNo }))));
  if (failure === undefined) return;
  for (const envelope of envelopes) await deadLetter(context, envelope, failure);
}

/**
 * Runs the handler until it succeeds or the attempts are spent; then the event goes to
 * querylane.dead-letter with the reason, and the consumer moves on.
 */
export async function deliver(context: DeliveryContext, envelope: EventEnvelope): Promise<'processed' | 'dead-lettered'> {
  const failure = await attempt(context, { event_id: envelope.id, event_type: envelope.type }, (attemptNo) => context.handler({ topic: context.topic, envelope, attempt: attemptNo }));
  if (failure === undefined) return 'processed';
  await deadLetter(context, envelope, failure);
  return 'dead-lettered';
}

// Failures that say the handler's own database or storage could not be reached, not that the event
// is at fault: Node's network errors, PostgreSQL's connection exceptions (class 08), shutdowns and
// "cannot connect now" (57P01–57P03), too many connections (53300), and pg's own words for a
// connection that went away.
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300']);
const unreachableMessage = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/** Whether `error` (or one of its causes) says a part the handler needs is unreachable. */
export function isUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 8; cause = cause.cause, depth += 1) {
    const code = (cause as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (unreachableCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    if (unreachableMessage.test(cause.message)) return true;
    if (cause instanceof AggregateError && cause.errors.some(isUnreachable)) return true;
  }
  return false;
}

/**
 * Retries `work` with backoff; undefined once it succeeded, else what the last attempt threw. While
 * the handler's database or storage is unreachable the attempts are not counted (the backoff stays at
 * its longest): an outage must not send good events to the dead-letter topic. If the subscription
 * closes meanwhile, that error is thrown, so the events are not acknowledged and come again.
 */
async function attempt(context: DeliveryContext, about: Record<string, unknown>, work: (attempt: number) => Promise<void>): Promise<{ error: unknown } | undefined> {
  const { retry, logger } = context;
  let counted = 0;
  for (let attemptNo = 1; ; attemptNo += 1) {
    try {
      await work(attemptNo);
      return undefined;
    } catch (error) {
      const unreachable = isUnreachable(error);
      if (!unreachable) counted += 1;
      const log = { err: error, topic: context.topic, group: context.group, ...about, attempt: attemptNo };
      if (context.signal?.aborted && unreachable) throw error;
      if (counted >= retry.attempts || context.signal?.aborted) {
        logger.error(log, 'event handler failed; giving up');
        return { error };
      }
      const delay = backoffMs(retry, unreachable ? Math.max(attemptNo, retry.attempts) : attemptNo);
      logger.warn({ ...log, retry_in_ms: delay, unreachable }, unreachable ? 'event handler cannot reach a part it needs; retrying until it can' : 'event handler failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function deadLetter(context: DeliveryContext, envelope: EventEnvelope, failure: { error: unknown }): Promise<void> {
  const { retry } = context;
  const lastError = failure.error;
  const deadLetter = create(eventsV1.DeadLetterSchema, {
    envelope,
    topic: context.topic,
    consumerGroup: context.group,
    error: lastError instanceof Error ? lastError.message : String(lastError),
    attempts: retry.attempts,
    failedAt: timestampFromDate(new Date()),
  });
  await context.publishDeadLetter(
    createEnvelope({
      type: 'bus.dead_letter',
      projectId: envelope.projectId,
      traceId: envelope.traceId,
      source: context.group,
      schema: eventsV1.DeadLetterSchema,
      payload: deadLetter,
    }),
  );
}

export const deadLetterTopic = topics.deadLetter;
