// Lets a Kafka consumer fetch its next batches while the handlers of earlier ones still run, and
// acknowledges nothing before it is handled: a partition's offset is committed only up to the end of
// the oldest batch of that partition still running. A batch whose handling failed is read again
// from its first offset (the partition is rewound; what was admitted after it is neither waited for
// nor acknowledged, and is read again too). Handlers of one partition may run side by side, so a
// consumer using this must not need order (metering's ingestion: idempotent rows, summed rollups).
// After a rebalance a batch of a partition this member no longer holds may still commit its end: at
// worst the partition's position moves back and its new holder reads events again; it never moves
// past an event not handled, since every offset committed follows only handled batches.
import type { Logger } from 'pino';

export interface PartitionOffset {
  topic: string;
  partition: number;
  /** The offset of the next record to read, as Kafka commits it. */
  offset: string;
}

export interface BatchPipelineOptions {
  /** Batches admitted and not yet handled, across partitions, before admit() waits. */
  limit: number;
  commit(offsets: PartitionOffset[]): Promise<void>;
  /** Moves the partition's next fetch back to `offset`. */
  rewind(position: PartitionOffset): void;
  logger: Logger;
}

interface Entry {
  key: string;
  first: PartitionOffset;
  next: PartitionOffset;
  state: 'running' | 'done';
  settled: Promise<void>;
}

export class BatchPipeline {
  private readonly partitions = new Map<string, Entry[]>();
  private readonly running = new Set<Entry>();
  private readonly committable = new Map<string, PartitionOffset>();
  /** The highest offset made committable per partition: a batch read again after a rebalance never moves it back. */
  private readonly highest = new Map<string, bigint>();
  private committing: Promise<void> | undefined;

  constructor(private readonly options: BatchPipelineOptions) {}

  /**
   * Starts handling the batch of [firstOffset, nextOffset) and returns once fewer than `limit`
   * batches are running (at once while there is room).
   */
  async admit(topic: string, partition: number, firstOffset: string, nextOffset: string, handle: () => Promise<void>): Promise<void> {
    const key = `${topic}\u0000${partition}`;
    const entry: Entry = { key, first: { topic, partition, offset: firstOffset }, next: { topic, partition, offset: nextOffset }, state: 'running', settled: Promise.resolve() };
    const queue = this.partitions.get(key) ?? [];
    this.partitions.set(key, queue);
    queue.push(entry);
    this.running.add(entry);
    entry.settled = handle().then(
      () => this.handled(entry),
      (error: unknown) => this.failed(entry, error),
    );
    while (this.running.size >= this.options.limit) await Promise.race([...this.running].map((running) => running.settled));
  }

  /** Batches admitted and not yet handled. */
  get inFlight(): number {
    return this.running.size;
  }

  /** Waits for every running batch and the commit of what they handled. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running].map((running) => running.settled));
    await this.flushCommits();
  }

  private handled(entry: Entry): void {
    this.running.delete(entry);
    entry.state = 'done';
    const queue = this.partitions.get(entry.key);
    if (!queue?.includes(entry)) return; // rewound past it: read again, not acknowledged
    let committed: PartitionOffset | undefined;
    while (queue.length && queue[0]!.state === 'done') committed = queue.shift()!.next;
    if (!committed || BigInt(committed.offset) <= (this.highest.get(entry.key) ?? -1n)) return;
    this.highest.set(entry.key, BigInt(committed.offset));
    this.committable.set(entry.key, committed);
    void this.flushCommits();
  }

  private failed(entry: Entry, error: unknown): void {
    this.running.delete(entry);
    const queue = this.partitions.get(entry.key);
    const at = queue?.indexOf(entry) ?? -1;
    if (at < 0) return; // already rewound past it
    // This batch and every later one of the partition are read again (the later ones still count
    // against the limit until their handlers return); the earlier ones still commit.
    queue!.splice(at);
    this.options.logger.warn({ err: error, topic: entry.first.topic, partition: entry.first.partition, offset: entry.first.offset }, 'a batch failed; its partition is read again from it');
    try {
      this.options.rewind(entry.first);
    } catch (rewindError) {
      // The consumer stopped (closing, or partitions taken away): the next member reads from the last commit.
      this.options.logger.warn({ err: rewindError, topic: entry.first.topic, partition: entry.first.partition }, 'could not rewind the partition');
    }
  }

  /** One commit at a time; what became committable meanwhile goes in the next one. */
  private flushCommits(): Promise<void> {
    if (this.committing) return this.committing.then(() => (this.committable.size ? this.flushCommits() : undefined));
    if (!this.committable.size) return Promise.resolve();
    const offsets = [...this.committable.values()];
    this.committable.clear();
    this.committing = this.options
      .commit(offsets)
      .catch((error: unknown) => {
        // Left uncommitted, these are read again after a restart or rebalance (handlers are idempotent).
        for (const offset of offsets) {
          const key = `${offset.topic}\u0000${offset.partition}`;
          if (!this.committable.has(key)) this.committable.set(key, offset);
        }
        this.options.logger.warn({ err: error, partitions: offsets.length }, 'committing offsets failed; retried with the next commit');
      })
      .finally(() => {
        this.committing = undefined;
      });
    return this.committing;
  }
}
