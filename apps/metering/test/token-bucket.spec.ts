// The token bucket and the rate limiter's decision, on a hand-driven clock.
import { describe, expect, it } from 'vitest';
import { testLogger } from '@querylane/testing';
import { defaultPlanRates } from '../src/rate-limit/plans.js';
import { RateLimiter, type OrganizationPlan } from '../src/rate-limit/rate-limiter.js';
import { TokenBucket } from '../src/rate-limit/token-bucket.js';

describe('TokenBucket', () => {
  it('allows the burst at once, then refuses with the time until a token is back', () => {
    const bucket = new TokenBucket({ perSecond: 10, burst: 20 }, 0);
    for (let index = 0; index < 20; index += 1) expect(bucket.take(1, 0).allowed).toBe(true);
    const refused = bucket.take(1, 0);
    expect(refused).toMatchObject({ allowed: false, remaining: 0, retryAfterMs: 100, resetMs: 2_000 });
  });

  it('refills continuously at the rate, never beyond the burst', () => {
    const bucket = new TokenBucket({ perSecond: 10, burst: 20 }, 0);
    for (let index = 0; index < 20; index += 1) bucket.take(1, 0);
    expect(bucket.take(1, 50).allowed).toBe(false); // half a token
    expect(bucket.take(1, 100).allowed).toBe(true); // one token after 100 ms
    expect(bucket.take(1, 100).allowed).toBe(false);
    expect(bucket.take(0, 60_000).remaining).toBe(20); // capped at the burst after a long idle
    expect(bucket.isFull(60_000)).toBe(true);
  });

  it('holds the rate over a long run: allowed ≈ burst + rate × time', () => {
    const bucket = new TokenBucket({ perSecond: 100, burst: 200 }, 0);
    let allowed = 0;
    // 1,000 attempts a second for 10 s.
    for (let t = 0; t <= 10_000; t += 1) if (bucket.take(1, t).allowed) allowed += 1;
    expect(allowed).toBeGreaterThanOrEqual(200 + 100 * 10 - 1);
    expect(allowed).toBeLessThanOrEqual(200 + 100 * 10 + 1);
  });

  it('grants part of a cost when partial (whole tokens only, at least one), and takes tokens given back up to the burst', () => {
    const bucket = new TokenBucket({ perSecond: 10, burst: 20 }, 0);
    expect(bucket.take(15, 0, true)).toMatchObject({ allowed: true, granted: 15, remaining: 5 });
    expect(bucket.take(15, 0)).toMatchObject({ allowed: false, granted: 0, remaining: 5 }); // all or nothing
    expect(bucket.take(15, 0, true)).toMatchObject({ allowed: true, granted: 5, remaining: 0 });
    expect(bucket.take(3, 50, true)).toMatchObject({ allowed: false, granted: 0, retryAfterMs: 50 }); // half a token
    bucket.give(4, 50);
    expect(bucket.take(0, 50).remaining).toBe(4);
    bucket.give(100, 50);
    expect(bucket.take(0, 50).remaining).toBe(20);
  });

  it('keeps the tokens used when the plan changes (capped at the new burst)', () => {
    const bucket = new TokenBucket({ perSecond: 10, burst: 20 }, 0);
    for (let index = 0; index < 15; index += 1) bucket.take(1, 0);
    bucket.reshape({ perSecond: 100, burst: 200 });
    expect(bucket.take(0, 0).remaining).toBe(5);
    bucket.reshape({ perSecond: 1, burst: 2 });
    expect(bucket.take(0, 0).remaining).toBe(2);
  });
});

describe('RateLimiter', () => {
  const plans = new Map<string, OrganizationPlan>();
  const usage = new Map<string, number>();
  let planReads = 0;
  const source = {
    plan: async (organizationId: string) => {
      planReads += 1;
      return plans.get(organizationId) ?? { tier: 'free', apiCallLimit: 10_000, overageMode: 'block' as const };
    },
    usage: async (organizationId: string) => usage.get(organizationId) ?? 0,
  };
  const limiter = (clock: { t: number }) => new RateLimiter(source, { rates: defaultPlanRates, now: () => clock.t, wallClock: () => new Date('2026-11-21T12:00:00Z'), usageRefreshMs: 1e12 }, testLogger());

  it('gives every key of many its own bucket, by the tier of its organization', async () => {
    plans.set('org-pro', { tier: 'pro', apiCallLimit: 1_000_000, overageMode: 'block' });
    // No monthly cap here: 1,000 free keys × 20 would pass the default 10,000.
    plans.set('org-free', { tier: 'free', apiCallLimit: null, overageMode: 'block' });
    const clock = { t: 0 };
    const rl = limiter(clock);
    await rl.check({ apiKeyId: 'warm-free', organizationId: 'org-free' });
    await rl.check({ apiKeyId: 'warm-pro', organizationId: 'org-pro' });
    const allowed = new Map<string, number>();
    // 2,000 keys interleaved, 30 calls each at the same instant: the free burst is 20, pro's 200.
    for (let round = 0; round < 30; round += 1) {
      for (let key = 0; key < 2_000; key += 1) {
        const organizationId = key % 2 ? 'org-pro' : 'org-free';
        const decision = rl.check({ apiKeyId: `key-${key}`, organizationId });
        if (decision instanceof Promise) throw new Error('a warm organization must be decided synchronously');
        if (decision.allowed) allowed.set(`key-${key}`, (allowed.get(`key-${key}`) ?? 0) + 1);
      }
    }
    for (let key = 0; key < 2_000; key += 1) expect(allowed.get(`key-${key}`)).toBe(key % 2 ? 30 : 20);
    expect(rl.bucketCount).toBe(2_002);
    clock.t += 10_000;
    expect(rl.sweep()).toBe(2_002); // all full again: forgotten
  });

  it('answers concurrent first calls of an organization with one plan read', async () => {
    const rl = limiter({ t: 0 });
    const before = planReads;
    const decisions = await Promise.all(Array.from({ length: 50 }, () => rl.check({ apiKeyId: 'k', organizationId: 'org-concurrent' })));
    expect(planReads - before).toBe(1);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    expect(decisions.find((d) => !d.allowed)).toMatchObject({ reason: 'rate_limit_exceeded', limitPerSecond: 10, burst: 20, tier: 'free' });
  });

  it('blocks at the monthly cap until the period ends, or lets the overage through in allow mode', async () => {
    plans.set('org-capped', { tier: 'free', apiCallLimit: 100, overageMode: 'block' });
    usage.set('org-capped', 100);
    const rl = limiter({ t: 0 });
    const blocked = await rl.check({ apiKeyId: 'capped', organizationId: 'org-capped' });
    expect(blocked).toMatchObject({ allowed: false, reason: 'quota_exceeded', remaining: 20 });
    expect(blocked.retryAfterMs).toBe(Date.parse('2026-12-01T00:00:00Z') - Date.parse('2026-11-21T12:00:00Z'));

    plans.set('org-overage', { tier: 'free', apiCallLimit: 100, overageMode: 'allow' });
    usage.set('org-overage', 100);
    expect(await rl.check({ apiKeyId: 'overage', organizationId: 'org-overage' })).toMatchObject({ allowed: true, reason: '' });
  });

  it('counts the calls it allowed towards the cap before they are ingested', async () => {
    plans.set('org-small', { tier: 'pro', apiCallLimit: 5, overageMode: 'block' });
    const rl = limiter({ t: 0 });
    const decisions = [];
    for (let index = 0; index < 8; index += 1) decisions.push(await rl.check({ apiKeyId: 'small', organizationId: 'org-small' }));
    expect(decisions.map((d) => d.reason)).toEqual(['', '', '', '', '', 'quota_exceeded', 'quota_exceeded', 'quota_exceeded']);
  });

  it('leases: grants what the bucket and the quota still hold when partial, and a refund is back in both', async () => {
    plans.set('org-lease', { tier: 'free', apiCallLimit: 30, overageMode: 'block' });
    const clock = { t: 0 };
    const rl = limiter(clock);
    const key = { apiKeyId: 'lease', organizationId: 'org-lease' };
    expect(await rl.check({ ...key, cost: 12, partial: true })).toMatchObject({ allowed: true, granted: 12, remaining: 8 });
    expect(await rl.check({ ...key, cost: 12, partial: true })).toMatchObject({ allowed: true, granted: 8, remaining: 0 });
    expect(await rl.check({ ...key, cost: 12, partial: true })).toMatchObject({ allowed: false, granted: 0, reason: 'rate_limit_exceeded', retryAfterMs: 100 });
    // Five of the 20 were not used: back in the bucket, and no longer counted against the 30 calls of the month.
    expect(await rl.check({ ...key, cost: 1, refund: 5 })).toMatchObject({ allowed: true, granted: 1, remaining: 4 });
    clock.t = 10_000; // the bucket is full again; 16 calls of the month are counted
    expect(await rl.check({ ...key, cost: 20, partial: true })).toMatchObject({ allowed: true, granted: 14, remaining: 6 });
    expect(await rl.check({ ...key, cost: 1, partial: true })).toMatchObject({ allowed: false, reason: 'quota_exceeded', granted: 0 });
    // Without partial a cost is all or nothing, as before.
    expect(await rl.check({ apiKeyId: 'whole', organizationId: 'org-lease-2', cost: 25 })).toMatchObject({ allowed: false, granted: 0, reason: 'rate_limit_exceeded' });
  });

  it('reads the plan again after forgetOrganization (a subscription change)', async () => {
    const rl = limiter({ t: 0 });
    plans.set('org-change', { tier: 'free', apiCallLimit: null, overageMode: 'block' });
    expect((await rl.check({ apiKeyId: 'c', organizationId: 'org-change' })).tier).toBe('free');
    plans.set('org-change', { tier: 'enterprise', apiCallLimit: null, overageMode: 'block' });
    expect((await rl.check({ apiKeyId: 'c', organizationId: 'org-change' })).tier).toBe('free');
    rl.forgetOrganization('org-change');
    expect(await rl.check({ apiKeyId: 'c', organizationId: 'org-change' })).toMatchObject({ tier: 'enterprise', limitPerSecond: 1_000, burst: 2_000 });
  });
});
