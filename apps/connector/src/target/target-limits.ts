// The bounds on every call to a target (DESIGN.md §7): time, redirects, bytes, pages and retries.
import { AppError } from '@querylane/errors';

const mebibyte = 1024 * 1024;

export interface TargetLimits {
  /** From the start of a TCP connection until it is established. */
  connectTimeoutMs: number;
  /** One exchange: name resolution, every redirect hop and the whole body (not the whole fetch). */
  totalTimeoutMs: number;
  maxRedirects: number;
  /** Bytes as received (compressed when the target compresses), counted while streaming. */
  maxResponseBytes: number;
  /** Bytes after gzip/deflate/br decoding; a zip bomb stops here. */
  maxDecompressedBytes: number;
  /** Pages per parameter group; `pagination.maxPages` may lower it, never raise it. */
  maxPages: number;
  /** Attempts per page in execute mode, the first included; test-connection makes one. */
  maxAttempts: number;
  /** The first retry waits about this long; every further one doubles it (with jitter). */
  retryBaseDelayMs: number;
  /** No wait between attempts is longer, whatever the backoff or `Retry-After` says. */
  retryMaxDelayMs: number;
  /** The JSON (or text) body sent to the target. */
  maxRequestBodyBytes: number;
  /** Records (array items) test-connection returns in `data`. */
  previewRecords: number;
}

export const defaultTargetLimits: Readonly<TargetLimits> = Object.freeze({
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 30_000,
  maxRedirects: 5,
  maxResponseBytes: 100 * mebibyte,
  maxDecompressedBytes: 500 * mebibyte,
  maxPages: 100,
  maxAttempts: 4,
  retryBaseDelayMs: 500,
  retryMaxDelayMs: 30_000,
  maxRequestBodyBytes: 10 * mebibyte,
  previewRecords: 100,
});

// Zero is a meaningful setting for these (no redirects, no wait between retries); the rest must be positive.
const zeroAllowed = new Set<keyof TargetLimits>(['maxRedirects', 'retryBaseDelayMs', 'retryMaxDelayMs', 'previewRecords']);

/** The defaults with `overrides` applied; a bad value is a configuration error, so `internal_error`. */
export function resolveTargetLimits(overrides: Partial<TargetLimits> | undefined): TargetLimits {
  const limits: TargetLimits = { ...defaultTargetLimits };
  for (const [name, value] of Object.entries(overrides ?? {}) as [keyof TargetLimits, number | undefined][]) {
    if (value === undefined) continue;
    if (!(name in defaultTargetLimits)) throw new AppError('internal_error', `unknown target limit ${JSON.stringify(name)}`);
    const minimum = zeroAllowed.has(name) ? 0 : 1;
    if (!Number.isSafeInteger(value) || value < minimum) {
      throw new AppError('internal_error', `target limit ${name} must be an integer of at least ${minimum}, got ${String(value)}`);
    }
    limits[name] = value;
  }
  return limits;
}
