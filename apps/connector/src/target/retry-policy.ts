// When execute mode tries a page again and how long it waits: 429, 5xx and dropped connections,
// exponential backoff with jitter, `Retry-After` honoured up to a cap.
import { AppError } from '@querylane/errors';

export function isRetriableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** Connection failures worth another attempt: the target (or a proxy) went away mid-way. */
export const retriableReasons: ReadonlySet<string> = new Set(['connection_reset', 'connection_refused']);

export function isRetriableError(error: unknown): boolean {
  return error instanceof AppError && error.code === 'upstream_error' && retriableReasons.has(String(error.details?.reason));
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * Undefined when absent or unreadable, so the backoff decides instead.
 */
export function parseRetryAfter(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1): "equal jitter", half of the
 * exponential step fixed and half random, so clients never retry in lock-step yet always back off.
 */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const step = Math.min(maxMs, baseMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

export function retryDelay(attempt: number, retryAfter: string | string[] | undefined, limits: { retryBaseDelayMs: number; retryMaxDelayMs: number }): number {
  const asked = parseRetryAfter(retryAfter);
  const delay = asked ?? backoffDelay(attempt, limits.retryBaseDelayMs, limits.retryMaxDelayMs);
  return Math.min(delay, limits.retryMaxDelayMs);
}

/** Resolves after `ms`, or rejects with `onAbort()` as soon as the signal fires. */
export function sleep(ms: number, signal: AbortSignal | undefined, onAbort: () => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(onAbort());
      return;
    }
    const abort = () => {
      clearTimeout(timer);
      reject(onAbort());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', abort, { once: true });
  });
}
