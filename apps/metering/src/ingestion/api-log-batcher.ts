// Groups ApiLog rows into multi-row transactions. add() resolves only once the row's batch is
// committed, so the bus acknowledges an event only after it is stored (at-least-once, and the
// id makes the second delivery a no-op). A batch is written when it holds `maxEvents`, or when the
// event loop has turned `maxWaitMs` after the first row arrived: every delivery in flight at that
// moment (several partitions, several bus batches) shares one transaction. One batch is written at a
// time; rows arriving meanwhile form the next one.
import type { Logger } from 'pino';
import type { ApiLogRow } from './api-call-record.js';
import type { BatchResult } from './api-logs.repository.js';

export interface BatcherOptions {
  maxEvents: number;
  maxWaitMs: number;
}

interface Pending {
  row: ApiLogRow;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class ApiLogBatcher {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;
  private written = 0;
  private lastAddedAt = 0;

  constructor(
    private readonly write: (rows: ApiLogRow[]) => Promise<BatchResult>,
    private readonly options: BatcherOptions,
    private readonly logger: Logger,
  ) {}

  /** Resolves once the row is committed; rejects when its batch failed (the bus redelivers it). */
  add(row: ApiLogRow): Promise<void> {
    this.lastAddedAt = performance.now();
    return new Promise((resolve, reject) => {
      this.pending.push({ row, resolve, reject });
      this.schedule();
    });
  }

  /** Adds many rows at once (a bus batch); resolves once all are committed. */
  addMany(rows: ApiLogRow[]): Promise<void> {
    return Promise.all(rows.map((row) => this.add(row))).then(() => undefined);
  }

  /** Rows committed since start (new ones only). */
  get committed(): number {
    return this.written;
  }

  /**
   * Waits until no row arrived for `quietMs` (at most `maxMs`). At shutdown the embedded bus drops
   * what is still queued for a group once it unsubscribes, so metering lets the queue run dry first.
   */
  async quiesce(quietMs: number, maxMs: number): Promise<void> {
    const deadline = performance.now() + maxMs;
    while (performance.now() < deadline && (this.writing || this.pending.length || performance.now() - this.lastAddedAt < quietMs)) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs, 25)));
    }
  }

  /** Writes what is pending now and waits for it. */
  async drain(): Promise<void> {
    while (this.pending.length || this.writing) {
      if (this.writing) await this.writing;
      else this.flush();
    }
  }

  private schedule(): void {
    if (this.writing) return; // the running write starts the next batch when it ends
    if (this.pending.length >= this.options.maxEvents) {
      this.flush();
      return;
    }
    if (this.timer) return;
    // setTimeout(0) still lets the deliveries already queued in this turn of the loop join.
    this.timer = setTimeout(() => this.flush(), this.options.maxWaitMs);
  }

  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.writing || !this.pending.length) return;
    const batch = this.pending.splice(0, this.options.maxEvents);
    const started = performance.now();
    this.writing = this.write(batch.map((entry) => entry.row))
      .then(
        (result) => {
          this.written += result.inserted;
          this.logger.debug({ events: batch.length, inserted: result.inserted, duplicates: result.duplicates, ms: Math.round(performance.now() - started) }, 'api logs written');
          for (const entry of batch) entry.resolve();
        },
        (error: unknown) => {
          this.logger.warn({ err: error, events: batch.length }, 'writing api logs failed; the bus will deliver them again');
          for (const entry of batch) entry.reject(error);
        },
      )
      .finally(() => {
        this.writing = undefined;
        if (this.pending.length) this.schedule();
      });
  }
}
