// Rate limits and monthly quotas of the query endpoints, decided by metering (the model is Envoy's
// global rate-limit service: one CheckRateLimit call per query call, token buckets held by metering
// and sharded by API key). A refusal is remembered here until the key's bucket has a token again, so
// a client hammering past its limit costs no metering call until then; a used-up monthly quota for
// 10 s at a time (its Retry-After stays the period's end), since the plan may change before then. When metering cannot answer
// in time the call goes through (fail open, the default) or is refused with 503 (fail closed,
// GATEWAY_RATE_LIMIT_FAILURE_MODE=closed); either way the failure is counted in
// querylane_gateway_rate_limit_failures_total.
import type { Counter } from 'prom-client';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import type { meteringV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';

export type FailureMode = 'open' | 'closed';

const quotaRefusalMemoryMs = 10_000;

/** The RateLimit-Policy and RateLimit headers of the answer (draft-ietf-httpapi-ratelimit-headers). */
export interface RateLimitHeaders {
  'RateLimit-Policy': string;
  RateLimit: string;
}

interface Refusal {
  /** Until when the refusal is answered here without asking metering. */
  until: number;
  /** When the client may call again (the answer's Retry-After). */
  retryAt: number;
  reason: string;
  decision: meteringV1.CheckRateLimitResponse;
}

export class RateLimiter {
  private readonly refusals = new Map<string, Refusal>();

  constructor(
    private readonly clients: ServiceClients,
    private readonly options: { failureMode: FailureMode; deadlineMs: number; failures: Counter<'mode'>; logger: Logger },
  ) {}

  /** Takes one call from the key's allowance; throws 429 (rate_limit_exceeded or quota_exceeded) when there is none. */
  async take(call: { apiKeyId: string; organizationId: string; projectId: string }, requestId: string): Promise<RateLimitHeaders | undefined> {
    const remembered = this.refusals.get(call.apiKeyId);
    if (remembered !== undefined) {
      if (Date.now() < remembered.until) throw refusal(remembered.reason, remembered.retryAt - Date.now(), remembered.decision);
      this.refusals.delete(call.apiKeyId);
    }
    let decision: meteringV1.CheckRateLimitResponse;
    try {
      decision = await this.clients.metering.call.checkRateLimit({ ...call, cost: 1 }, { requestId, deadlineMs: this.options.deadlineMs });
    } catch (error) {
      this.options.failures.inc({ mode: this.options.failureMode });
      this.options.logger.warn({ err: error, mode: this.options.failureMode }, 'the rate-limit decision failed');
      if (this.options.failureMode === 'closed') throw new AppError('service_unavailable', 'the rate limit cannot be checked right now; try again shortly');
      return undefined;
    }
    if (!decision.allowed) {
      const retryMs = Number(decision.retryAfterMs);
      // A used-up quota lasts until the month ends, but a plan can change before then (an upgrade,
      // overage allowed): that refusal is remembered for a short while only, then metering is asked again.
      const rememberMs = decision.reason === 'quota_exceeded' ? Math.min(retryMs, quotaRefusalMemoryMs) : retryMs;
      this.refusals.set(call.apiKeyId, { until: Date.now() + rememberMs, retryAt: Date.now() + retryMs, reason: decision.reason, decision });
      if (this.refusals.size > 100_000) this.refusals.delete(this.refusals.keys().next().value as string);
      throw refusal(decision.reason, retryMs, decision);
    }
    return headersOf(decision, decision.remaining, Number(decision.resetMs));
  }
}

function headersOf(decision: meteringV1.CheckRateLimitResponse, remaining: number, resetMs: number): RateLimitHeaders {
  const policy = JSON.stringify(decision.tier || 'default');
  // The policy's quota is the burst (what a client may send at once), its window the time the
  // bucket takes to refill from empty at limit_per_second.
  const window = Math.max(1, Math.ceil(decision.burst / Math.max(1, decision.limitPerSecond)));
  return {
    'RateLimit-Policy': `${policy};q=${decision.burst};w=${window}`,
    RateLimit: `${policy};r=${Math.max(0, remaining)};t=${Math.max(0, Math.ceil(resetMs / 1000))}`,
  };
}

/** A refusal of this limiter (429): rate_limit_exceeded or quota_exceeded. */
export function isRateLimitRefusal(error: unknown): error is AppError {
  return error instanceof AppError && (error.code === 'rate_limit_exceeded' || error.code === 'quota_exceeded');
}

function refusal(reason: string, retryMs: number, decision: meteringV1.CheckRateLimitResponse): AppError {
  const retryAfter = Math.max(1, Math.ceil(retryMs / 1000));
  const code = reason === 'quota_exceeded' ? 'quota_exceeded' : 'rate_limit_exceeded';
  const message =
    code === 'quota_exceeded'
      ? `the organization's monthly call quota is used up; calls resume in ${retryAfter} s`
      : `more than ${decision.limitPerSecond} calls a second (burst ${decision.burst}) for this API key; retry in ${retryAfter} s`;
  return new AppError(code, message, { retry_after: retryAfter, headers: headersOf(decision, 0, retryMs) });
}
