// One querylane.api-calls event per query call (DESIGN.md §1, issue: metering consumes them into
// ApiLog rows). The gateway has no database, so there is no outbox: events are published after the
// response was sent, in batches (every `flushMs` or `batchSize` events) so that a busy endpoint does
// not make one broker round trip per call. What is still buffered when the process dies is lost;
// that is at most one flush interval of calls. A bus that refuses a batch gets it again at the next
// flush, and the buffer is bounded: beyond `maxBuffered` the oldest events are dropped and counted.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Logger } from 'pino';
import { createEnvelope, topics, type EventBus, type EventEnvelope } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';

export type ApiCall = Omit<eventsV1.ApiCall, '$typeName' | '$unknown' | 'calledAt'> & { calledAt: Date };

export interface ApiCallPublisherOptions {
  flushMs?: number;
  batchSize?: number;
  maxBuffered?: number;
}

interface PendingCall {
  id: string;
  call: ApiCall;
}

function envelopeOf({ id, call }: PendingCall): EventEnvelope {
  return createEnvelope({
    id,
    occurredAt: call.calledAt,
    type: 'api-calls.call',
    projectId: call.projectId,
    source: 'gateway',
    schema: eventsV1.ApiCallSchema,
    payload: create(eventsV1.ApiCallSchema, { ...call, calledAt: timestampFromDate(call.calledAt) }),
  });
}

export class ApiCallPublisher {
  // Calls wait as plain objects; their envelopes are built at the flush, off the request's path.
  private buffer: PendingCall[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: ApiCallPublisherOptions = {},
  ) {
    this.flushMs = options.flushMs ?? 50;
    this.batchSize = options.batchSize ?? 500;
    this.maxBuffered = options.maxBuffered ?? 100_000;
  }

  /** The event's id, which is also the ApiLog's id (metering ingests idempotently by it). */
  publish(call: ApiCall): string {
    const id = randomUUID();
    this.buffer.push({ id, call });
    if (this.buffer.length > this.maxBuffered) {
      const excess = this.buffer.length - this.maxBuffered;
      this.buffer.splice(0, excess);
      this.dropped += excess;
      this.logger.error({ dropped: excess, dropped_total: this.dropped }, 'api-call events dropped: the bus does not keep up');
    }
    if (this.buffer.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    return id;
  }

  /** Events dropped since start because the buffer was full. */
  get droppedCount(): number {
    return this.dropped;
  }

  /** Publishes what is buffered; resolves once the bus accepted it (or refused it: kept for later). */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.flushing) return this.flushing.then(() => (this.buffer.length > 0 ? this.flush() : undefined));
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    this.buffer = [];
    this.flushing = this.bus
      .publish(topics.apiCalls, batch.map(envelopeOf))
      .catch((error: unknown) => {
        this.logger.warn({ err: error, events: batch.length }, 'publishing api-call events failed; they are kept for the next flush');
        this.buffer = [...batch, ...this.buffer];
        this.timer ??= setTimeout(() => void this.flush(), Math.max(this.flushMs, 1_000));
      })
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Publishes everything buffered (at shutdown). */
  async close(): Promise<void> {
    await this.flush();
    if (this.buffer.length > 0) await this.flush();
  }
}
