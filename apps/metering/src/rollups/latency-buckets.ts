// Response times are kept per minute as counts in fixed buckets, so that a p95 over any window is
// the sum of the minutes' counts read back, without storing every call's time. Bucket i counts the
// calls that took at most latencyBucketsMs[i] (and more than the bucket before); the last bucket
// counts everything slower than the last bound. A percentile read back is the bound of its bucket,
// at most one bucket (≤ 25% here) above the true value.
export const latencyBucketsMs: readonly number[] = [
  0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 125, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1250, 1500, 2000, 2500, 3000, 4000,
  5000, 6000, 8000, 10000, 15000, 20000, 30000, 60000,
];

/** Counts per bucket, one more than latencyBucketsMs (the last one for anything slower). */
export function emptyBuckets(): number[] {
  return new Array<number>(latencyBucketsMs.length + 1).fill(0);
}

/** The index of the bucket a response time falls in. */
export function bucketOf(ms: number): number {
  let low = 0;
  let high = latencyBucketsMs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (ms <= latencyBucketsMs[middle]!) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Adds `more` into `into` (same length), returning `into`. */
export function addBuckets(into: number[], more: readonly number[]): number[] {
  for (let index = 0; index < into.length; index += 1) into[index] = (into[index] ?? 0) + (more[index] ?? 0);
  return into;
}

/** The p-th percentile (0–100) read back from bucket counts; null when there are no calls. */
export function percentileFromBuckets(counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let index = 0; index < counts.length; index += 1) {
    seen += counts[index] ?? 0;
    if (seen >= rank) return latencyBucketsMs[index] ?? latencyBucketsMs[latencyBucketsMs.length - 1]!;
  }
  return latencyBucketsMs[latencyBucketsMs.length - 1]!;
}
