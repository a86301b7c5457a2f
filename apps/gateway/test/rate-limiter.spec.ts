// The gateway's memory of refusals: a rate-limit refusal until the bucket has a token again, a
// used-up quota only briefly (a plan can change before the month ends), each answered with the
// Retry-After metering gave; and its leases: a key calling often spends tokens taken ahead. Metering is stood in for by its decisions (a unit test of the gateway's
// own logic; the whole path is covered by apps/platform/test/rate-limits.int.spec.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { Counter, Registry } from 'prom-client';
import { meteringV1 } from '@querylane/proto';
import { testLogger } from '@querylane/testing';
import { RateLimiter } from '../src/queries/rate-limiter.js';

const month = 20 * 24 * 3_600_000;

function limiterAnswering(decisions: meteringV1.CheckRateLimitResponse[]) {
  let asked = 0;
  const clients = { metering: { call: { checkRateLimit: async () => decisions[Math.min(asked++, decisions.length - 1)]! } } } as never;
  const failures = new Counter({ name: 'failures_test', help: 'test', labelNames: ['mode'], registers: [new Registry()] });
  const limiter = new RateLimiter(clients, { failureMode: 'open', deadlineMs: 100, failures, logger: testLogger() });
  return { limiter, asked: () => asked };
}

const refusedForQuota = create(meteringV1.CheckRateLimitResponseSchema, { allowed: false, reason: 'quota_exceeded', limitPerSecond: 10, burst: 20, retryAfterMs: BigInt(month), tier: 'free' });
const allowed = create(meteringV1.CheckRateLimitResponseSchema, { allowed: true, limitPerSecond: 10, burst: 20, remaining: 19, tier: 'free' });
const call = { apiKeyId: 'k', organizationId: 'o', projectId: 'p' };

afterEach(() => vi.useRealTimers());

describe('gateway RateLimiter', () => {
  it('answers a used-up quota with the Retry-After of the period end, and asks metering again after 10 s (the plan may have changed)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { limiter, asked } = limiterAnswering([refusedForQuota, refusedForQuota, allowed]);
    await expect(limiter.take(call, 'r1')).rejects.toMatchObject({ code: 'quota_exceeded', details: { retry_after: month / 1000 } });
    vi.advanceTimersByTime(5_000);
    await expect(limiter.take(call, 'r2')).rejects.toMatchObject({ code: 'quota_exceeded', details: { retry_after: month / 1000 - 5 } });
    expect(asked()).toBe(1); // remembered: metering not asked
    vi.advanceTimersByTime(6_000);
    await expect(limiter.take(call, 'r3')).rejects.toMatchObject({ code: 'quota_exceeded' });
    expect(asked()).toBe(2);
    vi.advanceTimersByTime(11_000);
    await expect(limiter.take(call, 'r4')).resolves.toMatchObject({ RateLimit: expect.any(String) });
    expect(asked()).toBe(3);
  });

  it('remembers a rate-limit refusal until the bucket refills', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const limited = create(meteringV1.CheckRateLimitResponseSchema, { allowed: false, reason: 'rate_limit_exceeded', limitPerSecond: 10, burst: 20, retryAfterMs: 1_500n, tier: 'free' });
    const { limiter, asked } = limiterAnswering([limited, allowed]);
    await expect(limiter.take(call, 'r1')).rejects.toMatchObject({ code: 'rate_limit_exceeded', details: { retry_after: 2 } });
    vi.advanceTimersByTime(1_000);
    await expect(limiter.take(call, 'r2')).rejects.toMatchObject({ code: 'rate_limit_exceeded' });
    expect(asked()).toBe(1);
    vi.advanceTimersByTime(600);
    await expect(limiter.take(call, 'r3')).resolves.toBeDefined();
    expect(asked()).toBe(2);
  });

  describe('leases', () => {
    /** Metering granting whatever is asked (a bucket that never runs dry), recording each request. */
    function generousMetering(options: { delayMs?: number; burst?: number } = {}) {
      const requests: { cost: number; partial: boolean; refund: number }[] = [];
      const checkRateLimit = async (request: { cost: number; partial: boolean; refund: number }) => {
        requests.push({ cost: request.cost, partial: request.partial, refund: request.refund });
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        return create(meteringV1.CheckRateLimitResponseSchema, { allowed: true, granted: request.cost, limitPerSecond: 1_000, burst: options.burst ?? 2_000, remaining: 500, tier: 'pro' });
      };
      const failures = new Counter({ name: 'failures_lease_test', help: 'test', labelNames: ['mode'], registers: [new Registry()] });
      const limiter = new RateLimiter({ metering: { call: { checkRateLimit } } } as never, { failureMode: 'open', deadlineMs: 100, failures, logger: testLogger() });
      const granted = () => requests.reduce((sum, request) => sum + request.cost, 0);
      return { limiter, requests, granted };
    }

    it('spends tokens taken ahead for a key calling often: far fewer metering calls, never more calls than tokens granted', async () => {
      const { limiter, requests, granted } = generousMetering();
      const calls = 300;
      for (let index = 0; index < calls; index += 1) await expect(limiter.take(call, `r${index}`)).resolves.toMatchObject({ RateLimit: expect.stringMatching(/^"pro";r=\d+;t=\d+$/) });
      expect(requests.length).toBeLessThan(calls / 10);
      expect(requests[0]).toMatchObject({ cost: 1, partial: false }); // the burst is not known yet
      expect(requests.slice(1).some((request) => request.cost > 1 && request.partial)).toBe(true);
      expect(granted()).toBeGreaterThanOrEqual(calls);
    });

    it('asks for at most a tenth of the burst, so a small plan is shared fairly', async () => {
      const { limiter, requests } = generousMetering({ burst: 20 });
      for (let index = 0; index < 100; index += 1) await limiter.take(call, `r${index}`);
      expect(Math.max(...requests.map((request) => request.cost))).toBe(2);
    });

    it('gives back what a lease left unused once it ran out, with the key\'s next request', async () => {
      vi.useFakeTimers({ toFake: ['performance'] });
      const { limiter, requests, granted } = generousMetering();
      let allowed = 0;
      for (let index = 0; index < 200; index += 1) {
        await limiter.take(call, `r${index}`);
        allowed += 1;
      }
      const asked = requests.length;
      vi.advanceTimersByTime(150); // the lease has run out
      await limiter.take(call, 'after');
      allowed += 1;
      expect(requests.length).toBe(asked + 1);
      const refund = requests.at(-1)!.refund;
      expect(refund).toBeGreaterThan(0);
      // Every token granted was either spent by a call or given back.
      expect(granted() - refund - requests.at(-1)!.cost).toBe(allowed - 1);
    });

    it('lets calls side by side wait for a request that asks for them rather than each asking metering', async () => {
      const { limiter, requests, granted } = generousMetering({ delayMs: 5 });
      for (let index = 0; index < 50; index += 1) await limiter.take(call, `warm${index}`);
      const before = requests.length;
      await new Promise((resolve) => setTimeout(resolve, 120)); // the lease ran out; the rate is remembered
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => limiter.take(call, `side${index}`)));
      expect(answers.every((answer) => answer !== undefined)).toBe(true);
      expect(requests.length - before).toBeLessThan(5);
      expect(granted()).toBeGreaterThanOrEqual(70);
    });
  });
});
