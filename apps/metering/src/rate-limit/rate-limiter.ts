// The rate-limit decision (CheckRateLimit): a token bucket per API key, shaped by the tier of the
// key's organization, then the organization's monthly quota. Everything the decision reads is held
// in memory: the organization's plan (from the catalog, kept until a catalog.subscription.updated
// event drops it, or 5 minutes) and its calls this month (from organization_usage, refreshed in
// the background every second, plus the calls this process allowed since). Only the first call of
// an organization waits for I/O; after that a decision is synchronous.
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { monthEnd, monthStart } from '../ingestion/api-call-record.js';
import { TokenBucket, type BucketShape } from './token-bucket.js';

export interface OrganizationPlan {
  tier: string;
  /** null: no monthly cap. */
  apiCallLimit: number | null;
  overageMode: 'block' | 'allow';
}

export interface PlanSource {
  plan(organizationId: string): Promise<OrganizationPlan>;
  /** Calls of the organization in the month that starts at periodStart. */
  usage(organizationId: string, periodStart: Date): Promise<number>;
}

/** A call's request for tokens (CheckRateLimit). */
export interface RateLimitRequest {
  apiKeyId: string;
  organizationId: string;
  /** Tokens wanted (default 1). */
  cost?: number;
  /** Fewer than `cost` will do, at least one. */
  partial?: boolean;
  /** Unused tokens of an earlier grant, given back first. */
  refund?: number;
}

export interface Decision {
  allowed: boolean;
  /** Tokens taken (0 when not allowed). */
  granted: number;
  reason: '' | 'rate_limit_exceeded' | 'quota_exceeded';
  limitPerSecond: number;
  burst: number;
  remaining: number;
  resetMs: number;
  retryAfterMs: number;
  tier: string;
}

export interface RateLimiterOptions {
  rates: Record<string, BucketShape>;
  planTtlMs?: number;
  usageRefreshMs?: number;
  /** Milliseconds, monotonic. */
  now?: () => number;
  /** Wall-clock time for billing periods. */
  wallClock?: () => Date;
}

interface CachedPlan {
  plan: OrganizationPlan;
  shape: BucketShape;
  expiresAt: number;
}

interface Usage {
  periodStart: number;
  periodEnd: number;
  stored: number;
  /** Calls this process allowed since `stored` was read. */
  allowedSince: number;
  refreshedAt: number;
  refreshing: boolean;
}

export class RateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();
  private readonly plans = new Map<string, CachedPlan>();
  private readonly loadingPlans = new Map<string, Promise<CachedPlan>>();
  private readonly usage = new Map<string, Usage>();
  private readonly loadingUsage = new Map<string, Promise<Usage>>();
  private readonly now: () => number;
  private readonly wallClock: () => Date;
  private readonly planTtlMs: number;
  private readonly usageRefreshMs: number;

  constructor(
    private readonly source: PlanSource,
    private readonly options: RateLimiterOptions,
    private readonly logger: Logger,
  ) {
    this.now = options.now ?? (() => performance.now());
    this.wallClock = options.wallClock ?? (() => new Date());
    this.planTtlMs = options.planTtlMs ?? 5 * 60_000;
    this.usageRefreshMs = options.usageRefreshMs ?? 1_000;
  }

  /** Synchronous once the organization is warm; a promise only while its plan or usage loads. */
  check(request: RateLimitRequest): Decision | Promise<Decision> {
    if (!request.apiKeyId) throw new AppError('invalid_request', 'api_key_id is required', { field: 'api_key_id' });
    if (!request.organizationId) throw new AppError('invalid_request', 'organization_id is required', { field: 'organization_id' });
    const now = this.now();
    const plan = this.plans.get(request.organizationId);
    const usage = this.usage.get(request.organizationId);
    const wall = this.wallClock();
    if (plan && plan.expiresAt > now && usage && usage.periodEnd > wall.getTime()) return this.decide(request, plan, usage, now, wall);
    return this.warm(request.organizationId).then(([warmPlan, warmUsage]) => this.decide(request, warmPlan, warmUsage, this.now(), this.wallClock()));
  }

  /** Drops an organization's plan (its subscription changed); the next call reads it again. */
  forgetOrganization(organizationId: string): void {
    this.plans.delete(organizationId);
  }

  /** Forgets buckets that are full again: a new bucket starts full, so nothing is lost. */
  sweep(): number {
    const now = this.now();
    let removed = 0;
    for (const [key, bucket] of this.buckets) {
      if (bucket.isFull(now)) {
        this.buckets.delete(key);
        removed += 1;
      }
    }
    return removed;
  }

  get bucketCount(): number {
    return this.buckets.size;
  }

  private decide(request: RateLimitRequest, cached: CachedPlan, usage: Usage, now: number, wall: Date): Decision {
    const { plan, shape } = cached;
    if (now - usage.refreshedAt > this.usageRefreshMs) this.refreshUsage(request.organizationId, usage);
    const cost = Math.max(1, request.cost ?? 1);
    let bucket = this.buckets.get(request.apiKeyId);
    if (!bucket) {
      bucket = new TokenBucket(shape, now);
      this.buckets.set(request.apiKeyId, bucket);
    } else bucket.reshape(shape);
    const refund = Math.max(0, request.refund ?? 0);
    if (refund > 0) {
      // A lease's unused tokens: back in the bucket, and no longer calls of this month (unless a
      // usage read since has already stopped counting them: they never became calls to ingest).
      bucket.give(refund, now);
      usage.allowedSince -= Math.min(refund, usage.allowedSince);
    }

    const base = { limitPerSecond: shape.perSecond, burst: shape.burst, tier: plan.tier };
    const used = usage.stored + usage.allowedSince;
    // What the monthly quota still allows (all of it with overage allowed or no cap).
    const quotaLeft = plan.apiCallLimit === null || plan.overageMode === 'allow' ? cost : Math.max(0, plan.apiCallLimit - used);
    const wanted = request.partial ? Math.min(cost, quotaLeft) : cost;
    if (wanted > quotaLeft || wanted === 0) {
      // The quota is checked before the bucket, so a refused call does not spend a token.
      const peek = bucket.take(0, now);
      return { ...base, allowed: false, granted: 0, reason: 'quota_exceeded', remaining: peek.remaining, resetMs: peek.resetMs, retryAfterMs: Math.max(1, usage.periodEnd - wall.getTime()) };
    }
    const take = bucket.take(wanted, now, request.partial === true);
    usage.allowedSince += take.granted;
    return { ...base, allowed: take.allowed, granted: take.granted, reason: take.allowed ? '' : 'rate_limit_exceeded', remaining: take.remaining, resetMs: take.resetMs, retryAfterMs: take.retryAfterMs };
  }

  private async warm(organizationId: string): Promise<[CachedPlan, Usage]> {
    return Promise.all([this.loadPlan(organizationId), this.loadUsage(organizationId)]);
  }

  private loadPlan(organizationId: string): Promise<CachedPlan> {
    const cached = this.plans.get(organizationId);
    if (cached && cached.expiresAt > this.now()) return Promise.resolve(cached);
    let loading = this.loadingPlans.get(organizationId);
    if (!loading) {
      loading = this.source
        .plan(organizationId)
        .then((plan) => {
          const shape = this.options.rates[plan.tier] ?? this.options.rates.free;
          if (!shape) throw new AppError('internal_error', `no rate is configured for tier ${plan.tier}`);
          const entry = { plan, shape, expiresAt: this.now() + this.planTtlMs };
          this.plans.set(organizationId, entry);
          return entry;
        })
        .catch((error: unknown) => {
          // A plan read before keeps serving while the catalog cannot answer.
          if (cached) {
            this.logger.warn({ err: error, organization_id: organizationId }, 'reading the subscription failed; keeping the cached plan');
            cached.expiresAt = this.now() + 10_000;
            return cached;
          }
          throw error;
        })
        .finally(() => this.loadingPlans.delete(organizationId));
      this.loadingPlans.set(organizationId, loading);
    }
    return loading;
  }

  private loadUsage(organizationId: string): Promise<Usage> {
    const wall = this.wallClock();
    const current = this.usage.get(organizationId);
    if (current && current.periodEnd > wall.getTime()) return Promise.resolve(current);
    let loading = this.loadingUsage.get(organizationId);
    if (!loading) {
      const periodStart = monthStart(wall);
      loading = this.source
        .usage(organizationId, periodStart)
        .then((stored) => {
          const entry: Usage = { periodStart: periodStart.getTime(), periodEnd: monthEnd(wall).getTime(), stored, allowedSince: 0, refreshedAt: this.now(), refreshing: false };
          this.usage.set(organizationId, entry);
          return entry;
        })
        .finally(() => this.loadingUsage.delete(organizationId));
      this.loadingUsage.set(organizationId, loading);
    }
    return loading;
  }

  private refreshUsage(organizationId: string, usage: Usage): void {
    if (usage.refreshing) return;
    usage.refreshing = true;
    const allowedBefore = usage.allowedSince;
    this.source
      .usage(organizationId, new Date(usage.periodStart))
      .then((stored) => {
        // Calls allowed while the read ran may not be in it yet; they stay counted locally.
        usage.stored = stored;
        usage.allowedSince = Math.max(0, usage.allowedSince - allowedBefore);
        usage.refreshedAt = this.now();
      })
      .catch((error: unknown) => this.logger.warn({ err: error, organization_id: organizationId }, 'refreshing the monthly usage failed'))
      .finally(() => {
        usage.refreshing = false;
      });
  }
}
