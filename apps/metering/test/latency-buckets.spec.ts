// Percentiles read back from bucket counts, and the question normalization.
import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from '../src/ingestion/api-call-record.js';
import { addBuckets, bucketOf, emptyBuckets, latencyBucketsMs, percentileFromBuckets } from '../src/rollups/latency-buckets.js';

const countsOf = (times: number[]) => {
  const counts = emptyBuckets();
  for (const ms of times) counts[bucketOf(ms)]! += 1;
  return counts;
};

describe('percentileFromBuckets', () => {
  it('is null without calls', () => {
    expect(percentileFromBuckets(emptyBuckets(), 95)).toBeNull();
  });

  it('gives the bound of the bucket holding the p-th call: never below it, at most one bucket above', () => {
    const times = Array.from({ length: 1_000 }, (_, index) => 1 + index * 0.7); // 1 … 700 ms
    const sorted = [...times].sort((a, b) => a - b);
    for (const p of [50, 90, 95, 99]) {
      const exact = sorted[Math.ceil((p / 100) * sorted.length) - 1]!;
      const read = percentileFromBuckets(countsOf(times), p)!;
      expect(read).toBeGreaterThanOrEqual(exact);
      expect(read).toBe(latencyBucketsMs[bucketOf(exact)]);
    }
  });

  it('reads 95 fast calls and 5 slow ones as fast at p95 and slow at p96', () => {
    const counts = countsOf([...Array<number>(95).fill(3), ...Array<number>(5).fill(900)]);
    expect(percentileFromBuckets(counts, 95)).toBe(3);
    expect(percentileFromBuckets(counts, 96)).toBe(1_000);
  });

  it('sums minutes element-wise, and puts calls beyond the last bound in the last bucket', () => {
    const total = addBuckets(countsOf([1, 2]), countsOf([120_000]));
    expect(total.reduce((a, b) => a + b, 0)).toBe(3);
    expect(total[total.length - 1]).toBe(1);
    expect(percentileFromBuckets(total, 100)).toBe(latencyBucketsMs[latencyBucketsMs.length - 1]);
  });
});

describe('normalizeQuestion', () => {
  it('ignores case, punctuation and extra spaces, keeping letters of every script', () => {
    expect(normalizeQuestion('  Which cars are the HEAVIEST, from Japan?! ')).toBe('which cars are the heaviest from japan');
    expect(normalizeQuestion('which   cars are the heaviest from japan')).toBe('which cars are the heaviest from japan');
    expect(normalizeQuestion('Äpfel über 5€?')).toBe('äpfel über 5');
    expect(normalizeQuestion('?!')).toBe('');
  });
});
