// BatchPipeline on its own: what it commits, when admit() waits, and how a failed batch is read again.
import { describe, expect, it } from 'vitest';
import { testLogger } from '@querylane/testing';
import { BatchPipeline, type PartitionOffset } from '../src/batch-pipeline.js';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => ([resolve, reject] = [yes, no]));
  return { promise, resolve, reject };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function pipeline(limit: number) {
  const commits: PartitionOffset[][] = [];
  const rewinds: PartitionOffset[] = [];
  const subject = new BatchPipeline({ limit, commit: async (offsets) => void commits.push(offsets), rewind: (position) => void rewinds.push(position), logger: testLogger() });
  const committed = () => commits.flat().map(({ partition, offset }) => `${partition}:${offset}`);
  return { subject, commits, rewinds, committed };
}

describe('BatchPipeline', () => {
  it('commits a partition only up to its oldest batch not yet handled, whatever order handlers finish in', async () => {
    const { subject, committed } = pipeline(10);
    const batches = [deferred(), deferred(), deferred()];
    await subject.admit('t', 0, '0', '10', () => batches[0]!.promise);
    await subject.admit('t', 0, '10', '20', () => batches[1]!.promise);
    await subject.admit('t', 1, '0', '5', () => batches[2]!.promise);
    batches[1]!.resolve();
    await settle();
    expect(committed()).toEqual([]); // offset 20 would acknowledge batch 0, still running
    batches[2]!.resolve();
    await settle();
    expect(committed()).toEqual(['1:5']);
    batches[0]!.resolve();
    await subject.drain();
    expect(committed()).toEqual(['1:5', '0:20']);
  });

  it('admit() returns while fewer than `limit` batches run, and waits otherwise', async () => {
    const { subject } = pipeline(2);
    const first = deferred();
    await subject.admit('t', 0, '0', '1', () => first.promise);
    let admitted = false;
    const second = subject.admit('t', 1, '0', '1', () => new Promise<void>(() => undefined)).then(() => (admitted = true));
    await settle();
    expect(admitted).toBe(false);
    expect(subject.inFlight).toBe(2);
    first.resolve();
    await second;
    expect(subject.inFlight).toBe(1);
  });

  it('rewinds a partition to a failed batch, commits the batches before it and not those after', async () => {
    const { subject, committed, rewinds } = pipeline(10);
    const [before, failing, after] = [deferred(), deferred(), deferred()];
    await subject.admit('t', 0, '0', '10', () => before.promise);
    await subject.admit('t', 0, '10', '20', () => failing.promise);
    await subject.admit('t', 0, '20', '30', () => after.promise);
    after.resolve();
    failing.reject(new Error('the database is away'));
    await settle();
    expect(rewinds).toEqual([{ topic: 't', partition: 0, offset: '10' }]);
    before.resolve();
    await settle();
    expect(committed()).toEqual(['0:10']);
    // The partition is read again from offset 10: those batches commit as usual.
    await subject.admit('t', 0, '10', '30', () => Promise.resolve());
    await subject.drain();
    expect(committed()).toEqual(['0:10', '0:30']);
  });

  it('survives a rewind that throws (the consumer stopped): drain still resolves and the batch is not committed', async () => {
    const commits: PartitionOffset[][] = [];
    const subject = new BatchPipeline({
      limit: 10,
      commit: async (offsets) => void commits.push(offsets),
      rewind: () => {
        throw new Error('consumer not running');
      },
      logger: testLogger(),
    });
    await subject.admit('t', 0, '0', '10', () => Promise.reject(new Error('failed for good')));
    await expect(subject.drain()).resolves.toBeUndefined();
    expect(commits).toEqual([]);
  });

  it('never moves a committed offset back when a partition is read again after a rebalance', async () => {
    const { subject, committed } = pipeline(10);
    await subject.admit('t', 0, '0', '10', () => Promise.resolve());
    await subject.admit('t', 0, '10', '20', () => Promise.resolve());
    await subject.drain();
    expect(committed().at(-1)).toBe('0:20');
    const before = committed().length;
    await subject.admit('t', 0, '0', '10', () => Promise.resolve());
    await subject.drain();
    expect(committed()).toHaveLength(before);
  });

  it('keeps what a failed commit held and commits it with the next one', async () => {
    let fail = true;
    const commits: PartitionOffset[][] = [];
    const subject = new BatchPipeline({
      limit: 10,
      commit: async (offsets) => {
        if (fail) throw new Error('coordinator not available');
        commits.push(offsets);
      },
      rewind: () => undefined,
      logger: testLogger(),
    });
    await subject.admit('t', 0, '0', '10', () => Promise.resolve());
    await settle();
    expect(commits).toEqual([]);
    fail = false;
    await subject.admit('t', 1, '0', '3', () => Promise.resolve());
    await subject.drain();
    expect(commits.flat().map(({ partition, offset }) => `${partition}:${offset}`).sort()).toEqual(['0:10', '1:3']);
  });
});
