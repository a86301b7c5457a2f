// The gateway's memory of refusals: a rate-limit refusal until the bucket has a token again, a
// used-up quota only briefly (a plan can change before the month ends), each answered with the
// Retry-After metering gave. Metering is stood in for by its decisions (a unit test of the gateway's
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
});
