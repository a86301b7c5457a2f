// Rate limits and monthly quotas of the query endpoints, decided by metering (the model is Envoy's
// global rate-limit service: token buckets held by metering and sharded by API key). A key calling
// often gets a lease (the model is quota leasing as in Google's Doorman): CheckRateLimit takes as
// many tokens as the key is expected to use in the next 100 ms (at most a tenth of its burst; one
// for a key calling now and then), and the calls that follow spend them here without a metering
// call; what a lease leaves unused when it runs out goes back with the key's next request. A
// refusal is remembered here until the key's bucket has a token again, so a client hammering past
// its limit costs no metering call until then; a used-up monthly quota for 10 s at a time (its
// Retry-After stays the period's end), since the plan may change before then. When metering cannot
// answer in time the call goes through (fail open, the default) or is refused with 503 (fail
// closed, GATEWAY_RATE_LIMIT_FAILURE_MODE=closed); either way the failure is counted in
// querylane_gateway_rate_limit_failures_total.
import type { Counter } from 'prom-client';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import type { meteringV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';

export type FailureMode = 'open' | 'closed';

const quotaRefusalMemoryMs = 10_000;
/** How long a lease's tokens may be spent, and the span of calls a lease is sized for. */
const leaseMs = 100;
/** A lease holds at most this share of the key's burst, so other gateways still find tokens. */
const leaseShareOfBurst = 0.1;
/** The window a key's call rate is counted over. */
const rateWindowMs = 250;

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

/** How a request to metering ended: a grant, a refusal, or no answer (failed: error when failing closed). */
type Outcome = { kind: 'allowed'; headers: RateLimitHeaders } | { kind: 'refused'; error: AppError } | { kind: 'failed'; error: AppError | undefined };

/** A call when metering could not answer: refused with 503 when failing closed, else let through without headers. */
function unanswered(outcome: { error: AppError | undefined }): undefined {
  if (outcome.error) throw outcome.error;
  return undefined;
}

/** Tokens of a key this gateway holds: each spends one call without asking metering. */
interface Lease {
  tokens: number;
  expiresAt: number;
  /** The grant's decision (policy, and the bucket's state when it was taken). */
  decision: meteringV1.CheckRateLimitResponse;
  grantedAt: number;
}

/** A key's calls: this window's and the last window's count, the rate a lease is sized by. */
interface CallRate {
  windowStart: number;
  count: number;
  previous: number;
}

export class RateLimiter {
  private readonly refusals = new Map<string, Refusal>();
  private readonly leases = new Map<string, Lease>();
  /** A key's CheckRateLimit under way: its other calls wait for that grant rather than ask again. */
  private readonly asking = new Map<string, { outcome: Promise<Outcome>; spare: number }>();
  private readonly rates = new Map<string, CallRate>();

  constructor(
    private readonly clients: ServiceClients,
    private readonly options: { failureMode: FailureMode; deadlineMs: number; failures: Counter<'mode'>; logger: Logger },
  ) {}

  /** Takes one call from the key's allowance; throws 429 (rate_limit_exceeded or quota_exceeded) when there is none. */
  async take(call: { apiKeyId: string; organizationId: string; projectId: string }, requestId: string): Promise<RateLimitHeaders | undefined> {
    const wanted = this.countCall(call.apiKeyId);
    for (;;) {
      const remembered = this.refusals.get(call.apiKeyId);
      if (remembered !== undefined) {
        if (Date.now() < remembered.until) throw refusal(remembered.reason, remembered.retryAt - Date.now(), remembered.decision);
        this.refusals.delete(call.apiKeyId);
      }
      const leased = this.spend(call.apiKeyId);
      if (leased) return leased;
      // A request of the key under way asks for more tokens than its own call needs: this call
      // waits for that grant rather than asking too. If metering could not answer it, this call
      // meets the same failure mode without asking again.
      const asking = this.asking.get(call.apiKeyId);
      if (!asking || asking.spare < 1) break;
      asking.spare -= 1;
      const outcome = await asking.outcome;
      if (outcome.kind === 'failed') return unanswered(outcome);
    }
    const cost = this.leaseSize(call.apiKeyId, wanted);
    const asking = { outcome: this.ask(call, requestId, cost), spare: cost - 1 };
    this.asking.set(call.apiKeyId, asking);
    let outcome: Outcome;
    try {
      outcome = await asking.outcome;
    } finally {
      // This continuation runs before those of the calls waiting on the same request.
      if (this.asking.get(call.apiKeyId) === asking) this.asking.delete(call.apiKeyId);
    }
    if (outcome.kind === 'refused') throw outcome.error;
    if (outcome.kind === 'failed') return unanswered(outcome);
    return outcome.headers;
  }

  /** How many tokens to ask for: the calls expected within a lease's time, at most a share of the key's burst (one until the burst is known). */
  private leaseSize(apiKeyId: string, wanted: number): number {
    const burst = this.leases.get(apiKeyId)?.decision.burst ?? 1;
    return Math.max(1, Math.min(wanted, Math.floor(burst * leaseShareOfBurst)));
  }

  /** Asks metering for `cost` tokens (fewer will do), spends one for this call and leases the rest. */
  private async ask(call: { apiKeyId: string; organizationId: string; projectId: string }, requestId: string, cost: number): Promise<Outcome> {
    // A lease that ran out with tokens left gives them back with this request.
    const ended = this.leases.get(call.apiKeyId);
    let refund = 0;
    if (ended && performance.now() >= ended.expiresAt) {
      refund = ended.tokens;
      ended.tokens = 0;
    }
    let decision: meteringV1.CheckRateLimitResponse;
    try {
      decision = await this.clients.metering.call.checkRateLimit({ ...call, cost, partial: cost > 1, refund }, { requestId, deadlineMs: this.options.deadlineMs });
    } catch (error) {
      this.options.failures.inc({ mode: this.options.failureMode });
      this.options.logger.warn({ err: error, mode: this.options.failureMode }, 'the rate-limit decision failed');
      return { kind: 'failed', error: this.options.failureMode === 'closed' ? new AppError('service_unavailable', 'the rate limit cannot be checked right now; try again shortly') : undefined };
    }
    if (!decision.allowed) {
      const retryMs = Number(decision.retryAfterMs);
      // A used-up quota lasts until the month ends, but a plan can change before then (an upgrade,
      // overage allowed): that refusal is remembered for a short while only, then metering is asked again.
      const rememberMs = decision.reason === 'quota_exceeded' ? Math.min(retryMs, quotaRefusalMemoryMs) : retryMs;
      this.refusals.set(call.apiKeyId, { until: Date.now() + rememberMs, retryAt: Date.now() + retryMs, reason: decision.reason, decision });
      if (this.refusals.size > 100_000) this.refusals.delete(this.refusals.keys().next().value as string);
      return { kind: 'refused', error: refusal(decision.reason, retryMs, decision) };
    }
    // A metering that counts no grant took the whole cost.
    const granted = decision.granted > 0 ? decision.granted : cost;
    const now = performance.now();
    const lease = this.leases.get(call.apiKeyId);
    // Grants that arrive while a lease lasts (requests of the key side by side) add to it. A lease
    // is kept when spent too: its decision tells the key's burst, which sizes the next request.
    const held = lease && now < lease.expiresAt ? lease.tokens : 0;
    this.leases.set(call.apiKeyId, { tokens: held + granted - 1, expiresAt: now + leaseMs, decision, grantedAt: now });
    if (this.leases.size > 100_000) this.leases.delete(this.leases.keys().next().value as string);
    return { kind: 'allowed', headers: headersOf(decision, decision.remaining + granted - 1, Number(decision.resetMs)) };
  }

  /** One token of the key's lease, with the headers it answers with; undefined when the lease is spent or over. */
  private spend(apiKeyId: string): RateLimitHeaders | undefined {
    const lease = this.leases.get(apiKeyId);
    if (!lease || lease.tokens < 1) return undefined;
    const now = performance.now();
    if (now >= lease.expiresAt) return undefined;
    lease.tokens -= 1;
    // The tokens still leased here are the client's too; the bucket has refilled since the grant.
    const elapsed = now - lease.grantedAt;
    return headersOf(lease.decision, lease.decision.remaining + lease.tokens, Math.max(0, Number(lease.decision.resetMs) - elapsed));
  }

  /** Counts a call of the key; answers how many calls of it to expect within a lease's time. */
  private countCall(apiKeyId: string): number {
    const now = performance.now();
    let rate = this.rates.get(apiKeyId);
    if (!rate) {
      rate = { windowStart: now, count: 0, previous: 0 };
      this.rates.set(apiKeyId, rate);
      if (this.rates.size > 100_000) this.rates.delete(this.rates.keys().next().value as string);
    }
    if (now - rate.windowStart >= rateWindowMs) {
      // A window with no call in between counts as none.
      rate.previous = now - rate.windowStart < 2 * rateWindowMs ? rate.count : 0;
      rate.windowStart = now;
      rate.count = 0;
    }
    rate.count += 1;
    return Math.ceil((Math.max(rate.previous, rate.count) * leaseMs) / rateWindowMs);
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
