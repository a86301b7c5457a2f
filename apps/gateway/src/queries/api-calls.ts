// One querylane.api-calls event per query call (DESIGN.md §1, issue: metering consumes them into
// ApiLog rows). The gateway has no database, so there is no outbox: events are published after the
// response was sent, in batches (every `flushMs` or `batchSize` events) so that a busy endpoint does
// not make one broker round trip per call. What is still buffered when the process dies is lost;
// that is at most one flush interval (200 ms) of calls, or what a bus outage left waiting.
//
// While the bus is away (a broker restart), a batch it refuses is kept at the head of the buffer and
// sent again with exponential backoff; calls meanwhile wait behind it, and go out `batchSize` at a
// time once it is back (one publish of everything buffered would exceed the broker's message size).
// The buffer is bounded: beyond `maxBuffered` the oldest events are dropped, logged and counted.
// Events the bus refuses for what they are (EventsRejectedError: too large) are sent in halves; the
// one event refused alone is dropped and counted, so it cannot hold the others back for ever.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Logger } from 'pino';
import { Counter, Gauge, type Registry } from 'prom-client';
import { createEnvelope, EventsRejectedError, topics, type EventBus, type EventEnvelope } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';

export type ApiCall = Omit<eventsV1.ApiCall, '$typeName' | '$unknown' | 'calledAt'> & { calledAt: Date };

export interface ApiCallPublisherOptions {
  flushMs?: number;
  /** Events in one publish, at most. */
  batchSize?: number;
  maxBuffered?: number;
  /** First and longest wait before a refused batch is sent again (defaults 200 ms and 30 s). */
  retryInitialMs?: number;
  retryMaxMs?: number;
  /** Where the publisher's counters go (querylane_gateway_api_call_events_*). */
  metrics?: Registry;
}

interface PendingCall {
  id: string;
  call: ApiCall;
}

type DropReason = 'buffer_full' | 'rejected' | 'shutdown';

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
  /** Set while a refused batch waits for its next attempt: new calls do not start a publish then. */
  private retryTimer: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  /** Consecutive failed publishes (the backoff's exponent); 0 when the bus takes events. */
  private failures = 0;
  /** Lowered while the bus refuses batches as too large, raised again as they go through. */
  private chunk: number;
  private dropped = 0;
  private readonly flushMs: number;
  private readonly batchSize: number;
  private readonly maxBuffered: number;
  private readonly retryInitialMs: number;
  private readonly retryMaxMs: number;
  private readonly retriesTotal: Counter | undefined;
  private readonly droppedTotal: Counter<'reason'> | undefined;
  private readonly bufferedGauge: Gauge | undefined;

  constructor(
    private readonly bus: EventBus,
    private readonly logger: Logger,
    options: ApiCallPublisherOptions = {},
  ) {
    // Each publish becomes one metering transaction, which costs far more than its rows (PGlite:
    // ~5 ms against ~50 µs a row): at 50 ms, PGlite took 17% of the main thread of a platform
    // answering ~300 lookups/s in one process; at 200 ms, 1-connection p50 went 3.69 → 2.92 ms.
    this.flushMs = options.flushMs ?? 200;
    this.batchSize = options.batchSize ?? 500;
    this.chunk = this.batchSize;
    this.maxBuffered = options.maxBuffered ?? 100_000;
    this.retryInitialMs = options.retryInitialMs ?? 200;
    this.retryMaxMs = options.retryMaxMs ?? 30_000;
    if (options.metrics) {
      const registers = [options.metrics];
      this.retriesTotal = new Counter({ name: 'querylane_gateway_api_call_publish_retries_total', help: 'Publishes of api-call events that failed and were scheduled again', registers });
      this.droppedTotal = new Counter({ name: 'querylane_gateway_api_call_events_dropped_total', help: 'Api-call events given up on, by reason', labelNames: ['reason'] as const, registers });
      const buffered = () => this.buffer.length;
      this.bufferedGauge = new Gauge({
        name: 'querylane_gateway_api_call_events_buffered',
        help: 'Api-call events waiting to be published',
        registers,
        collect() {
          this.set(buffered());
        },
      });
    }
  }

  /** The event's id, which is also the ApiLog's id (metering ingests idempotently by it). */
  publish(call: ApiCall): string {
    const id = randomUUID();
    this.buffer.push({ id, call });
    if (this.buffer.length > this.maxBuffered) {
      const excess = this.buffer.length - this.maxBuffered;
      this.buffer.splice(0, excess);
      this.drop('buffer_full', excess, 'api-call events dropped: the buffer is full (the bus does not keep up or is away)');
    }
    // A publish running or waiting for its retry takes what is buffered when it continues.
    if (this.sending || this.retryTimer) return id;
    if (this.buffer.length >= this.batchSize) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    return id;
  }

  /** Events dropped since start (buffer full, refused by the bus, lost at shutdown). */
  get droppedCount(): number {
    return this.dropped;
  }

  /** Events waiting to be published. */
  get bufferedCount(): number {
    return this.buffer.length;
  }

  /**
   * Publishes what is buffered, `batchSize` events at a time; resolves once the bus took it all, or
   * refused a batch (which is kept and tried again after a backoff).
   */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.sending ??= this.sendAll().finally(() => {
      this.sending = undefined;
      // Calls answered while the publish ran wait for the next interval like any others (a full
      // batch goes at once): sending them as soon as the publish returned made one publish, and
      // one metering transaction, per call or two under steady traffic.
      if (this.retryTimer || this.buffer.length === 0) return;
      if (this.buffer.length >= this.batchSize) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.flushMs);
    });
    return this.sending;
  }

  /** Publishes everything buffered (at shutdown); what the bus still refuses is lost, and counted. */
  async close(): Promise<void> {
    await this.sending;
    await this.flush();
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.buffer.length > 0) {
      const lost = this.buffer.length;
      this.buffer = [];
      this.drop('shutdown', lost, 'api-call events lost at shutdown: the bus refused them');
    }
  }

  /** Publishes the events buffered when it starts (more arrive meanwhile: they wait for the next flush). */
  private async sendAll(): Promise<void> {
    let remaining = this.buffer.length;
    while (remaining > 0 && this.buffer.length > 0) {
      const batch = this.buffer.splice(0, Math.min(this.chunk, remaining));
      remaining -= batch.length;
      try {
        await this.bus.publish(topics.apiCalls, batch.map(envelopeOf));
      } catch (error) {
        if (error instanceof EventsRejectedError) {
          remaining += this.rejected(batch, error);
          continue;
        }
        this.buffer.unshift(...batch);
        this.failures += 1;
        const delay = this.backoffMs();
        this.retriesTotal?.inc();
        this.logger.warn({ err: error, events: batch.length, buffered: this.buffer.length, attempt: this.failures, retry_in_ms: delay }, 'publishing api-call events failed; they are kept and sent again');
        this.retryTimer = setTimeout(() => void this.flush(), delay);
        return;
      }
      if (this.failures > 0) {
        this.logger.info({ failed_attempts: this.failures, buffered: this.buffer.length }, 'publishing api-call events works again');
        this.failures = 0;
      }
      this.chunk = Math.min(this.batchSize, this.chunk * 2);
    }
  }

  /** Halves a batch the bus refused for its size (answers how many events went back to the buffer); drops the one event refused on its own. */
  private rejected(batch: PendingCall[], error: EventsRejectedError): number {
    if (batch.length > 1) {
      this.chunk = Math.ceil(batch.length / 2);
      this.buffer.unshift(...batch);
      this.logger.warn({ err: error, events: batch.length, next_batch: this.chunk }, 'the bus refused a batch of api-call events; sending smaller batches');
      return batch.length;
    }
    this.drop('rejected', 1, 'an api-call event was refused by the bus and dropped', { err: error, event_id: batch[0]!.id, project_id: batch[0]!.call.projectId });
    return 0;
  }

  private backoffMs(): number {
    const exponential = Math.min(this.retryMaxMs, this.retryInitialMs * 2 ** Math.min(this.failures - 1, 20));
    return Math.round(exponential / 2 + Math.random() * (exponential / 2));
  }

  private drop(reason: DropReason, count: number, message: string, fields: Record<string, unknown> = {}): void {
    this.dropped += count;
    this.droppedTotal?.inc({ reason }, count);
    this.logger.error({ ...fields, reason, dropped: count, dropped_total: this.dropped }, message);
  }
}
