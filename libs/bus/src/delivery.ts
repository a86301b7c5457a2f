// Retries with exponential backoff, then the dead-letter topic: the same for every bus.
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Logger } from 'pino';
import { eventsV1 } from '@querylane/proto';
import { createEnvelope, type EventEnvelope } from './envelope.js';
import { defaultRetryPolicy, type EventHandler, type RetryPolicy } from './event-bus.js';
import { topics } from './topics.js';

export interface DeliveryContext {
  topic: string;
  group: string;
  handler: EventHandler;
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

/**
 * Runs the handler until it succeeds or the attempts are spent; then the event goes to
 * querylane.dead-letter with the reason, and the consumer moves on.
 */
export async function deliver(context: DeliveryContext, envelope: EventEnvelope): Promise<'processed' | 'dead-lettered'> {
  const { retry, logger } = context;
  let lastError: unknown;
  for (let attempt = 1; attempt <= retry.attempts; attempt += 1) {
    try {
      await context.handler({ topic: context.topic, envelope, attempt });
      return 'processed';
    } catch (error) {
      lastError = error;
      const log = { err: error, topic: context.topic, group: context.group, event_id: envelope.id, event_type: envelope.type, attempt };
      if (attempt === retry.attempts || context.signal?.aborted) {
        logger.error(log, 'event handler failed; giving up');
        break;
      }
      const delay = backoffMs(retry, attempt);
      logger.warn({ ...log, retry_in_ms: delay }, 'event handler failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
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
  return 'dead-lettered';
}

export const deadLetterTopic = topics.deadLetter;
