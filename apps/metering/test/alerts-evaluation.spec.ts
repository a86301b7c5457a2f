// The evaluator's rules without IO: operators, windows, metric values, the ok → firing → ok state
// machine and its cooldown, rule validation, and the webhook signature.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { applyTransition, evaluate, metricValue, nextTransition, windowStart, type AlertStatus, type WindowTotals } from '../src/alerts/alert-evaluation.js';
import { breaches, parseRule } from '../src/alerts/alert-rules.js';
import { signBody } from '../src/alerts/alert-channels.js';
import { bucketOf, emptyBuckets } from '../src/rollups/latency-buckets.js';

const at = (iso: string) => new Date(iso);
const ok: AlertStatus = { state: 'ok', lastNotifiedAt: null, firingNotified: false };
const totals = (requests: number, errors: number, totalResponseMs = 0, latencyBuckets: number[] = []): WindowTotals => ({ requests, errors, totalResponseMs, latencyBuckets });

describe('operators', () => {
  it.each([
    ['gt', 5, 5, false],
    ['gt', 5.01, 5, true],
    ['gte', 5, 5, true],
    ['gte', 4.99, 5, false],
    ['lt', 4.99, 5, true],
    ['lt', 5, 5, false],
    ['lte', 5, 5, true],
    ['lte', 5.01, 5, false],
  ] as const)('%s: %d against %d → %s', (operator, value, threshold, expected) => {
    expect(breaches(value, operator, threshold)).toBe(expected);
  });

  it('no value (no calls in the window) never breaches, whatever the operator', () => {
    for (const operator of ['gt', 'gte', 'lt', 'lte'] as const) expect(breaches(null, operator, 0)).toBe(false);
  });
});

describe('windows', () => {
  it('covers the current minute and the minutes before it', () => {
    expect(windowStart(at('2026-11-20T12:04:30.500Z'), 5).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(windowStart(at('2026-11-20T12:04:30.500Z'), 1).toISOString()).toBe('2026-11-20T12:04:00.000Z');
    expect(windowStart(at('2026-11-20T00:00:00.000Z'), 60).toISOString()).toBe('2026-11-19T23:01:00.000Z');
  });
});

describe('metric values', () => {
  it('error rate, average and count; nothing to measure is null except the count', () => {
    expect(metricValue('error_rate', totals(20, 5))).toBe(0.25);
    expect(metricValue('avg_response_time_ms', totals(4, 0, 100))).toBe(25);
    expect(metricValue('requests', totals(7, 1))).toBe(7);
    expect(metricValue('error_rate', totals(0, 0))).toBeNull();
    expect(metricValue('avg_response_time_ms', totals(0, 0))).toBeNull();
    expect(metricValue('p95_response_time_ms', totals(0, 0))).toBeNull();
    expect(metricValue('requests', totals(0, 0))).toBe(0);
  });

  it('p95 from the latency buckets', () => {
    const buckets = emptyBuckets();
    buckets[bucketOf(4)] = 95;
    buckets[bucketOf(900)] = 5;
    expect(metricValue('p95_response_time_ms', totals(100, 0, 0, buckets))).toBe(4);
    buckets[bucketOf(900)] = 6;
    expect(metricValue('p95_response_time_ms', totals(101, 0, 0, buckets))).toBe(1000);
  });
});

describe('state machine', () => {
  const rule = { operator: 'gt' as const, threshold: 0.5, cooldown_minutes: 10 };

  it('fires once, stays firing without repeating, resolves when the value falls back', () => {
    const t0 = at('2026-11-20T12:00:00Z');
    const fired = evaluate(rule, ok, 0.8, t0);
    expect(fired).toEqual({ kind: 'fired', notify: true });
    const firing = applyTransition(ok, fired, t0);
    expect(firing).toEqual({ state: 'firing', lastNotifiedAt: t0, firingNotified: true });
    expect(evaluate(rule, firing, 0.9, at('2026-11-20T12:00:30Z'))).toEqual({ kind: 'none' });
    const resolved = evaluate(rule, firing, 0.2, at('2026-11-20T12:01:00Z'));
    expect(resolved).toEqual({ kind: 'resolved', notify: true });
    expect(applyTransition(firing, resolved, at('2026-11-20T12:01:00Z'))).toEqual({ state: 'ok', lastNotifiedAt: t0, firingNotified: false });
    expect(evaluate(rule, ok, 0.5, t0)).toEqual({ kind: 'none' });
  });

  it('a firing without calls resolves (no data is not a breach)', () => {
    const firing: AlertStatus = { state: 'firing', lastNotifiedAt: at('2026-11-20T12:00:00Z'), firingNotified: true };
    expect(evaluate(rule, firing, null, at('2026-11-20T12:03:00Z'))).toEqual({ kind: 'resolved', notify: true });
  });

  it('within the cooldown a new firing is recorded but not notified, and neither is its resolution', () => {
    let status: AlertStatus = ok;
    const step = (value: number, iso: string) => {
      const transition = evaluate(rule, status, value, at(iso));
      status = applyTransition(status, transition, at(iso));
      return transition;
    };
    expect(step(0.9, '2026-11-20T12:00:00Z')).toEqual({ kind: 'fired', notify: true });
    expect(step(0.1, '2026-11-20T12:02:00Z')).toEqual({ kind: 'resolved', notify: true });
    expect(step(0.9, '2026-11-20T12:05:00Z')).toEqual({ kind: 'fired', notify: false });
    expect(status.lastNotifiedAt).toEqual(at('2026-11-20T12:00:00Z'));
    expect(step(0.1, '2026-11-20T12:06:00Z')).toEqual({ kind: 'resolved', notify: false });
    // The cooldown runs from the last notified firing: 10 minutes after 12:00.
    expect(step(0.9, '2026-11-20T12:09:59Z')).toEqual({ kind: 'fired', notify: false });
    step(0.1, '2026-11-20T12:10:00Z');
    expect(step(0.9, '2026-11-20T12:10:00Z')).toEqual({ kind: 'fired', notify: true });
  });

  it('a cooldown of 0 notifies every firing', () => {
    const status: AlertStatus = { state: 'ok', lastNotifiedAt: at('2026-11-20T12:00:00Z'), firingNotified: false };
    expect(nextTransition(status, true, at('2026-11-20T12:00:00Z'), 0)).toEqual({ kind: 'fired', notify: true });
  });

  it('lt rules fire on silence (requests lt 1)', () => {
    expect(evaluate({ operator: 'lt', threshold: 1, cooldown_minutes: 0 }, ok, metricValue('requests', totals(0, 0)), at('2026-11-20T12:00:00Z'))).toEqual({ kind: 'fired', notify: true });
  });
});

describe('rule validation', () => {
  const valid = {
    name: 'errors',
    metric: 'error_rate',
    operator: 'gt',
    threshold: 0.1,
    window_minutes: 5,
    query_name: null,
    channels: [{ type: 'webhook', url: 'https://hooks.example.com/x', secret: 's3cret' }, { type: 'email', to: 'ops@example.com' }],
    cooldown_minutes: 10,
    enabled: true,
  };
  const fieldOf = (candidate: Record<string, unknown>) => {
    try {
      parseRule(candidate);
      return undefined;
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_request');
      return (error as AppError).details?.field;
    }
  };

  it('accepts a full rule', () => {
    expect(parseRule(valid).channels).toHaveLength(2);
  });

  it.each([
    [{ metric: 'latency' }, 'metric'],
    [{ operator: 'eq' }, 'operator'],
    [{ threshold: 5 }, 'threshold'],
    [{ threshold: Number.NaN }, 'threshold'],
    [{ window_minutes: 0 }, 'window_minutes'],
    [{ window_minutes: 1441 }, 'window_minutes'],
    [{ window_minutes: 2.5 }, 'window_minutes'],
    [{ cooldown_minutes: -1 }, 'cooldown_minutes'],
    [{ name: '  ' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ metric: 'quota_used_pct', threshold: 80, query_name: 'q' }, 'query_name'],
    [{ metric: 'requests', threshold: -1 }, 'threshold'],
    [{ channels: [{ type: 'sms', to: '1' }] }, 'channels.0.type'],
    [{ channels: [{ type: 'email', to: 'not-an-address' }] }, 'channels.0.to'],
    [{ channels: [{ type: 'webhook' }] }, 'channels.0.url'],
    [{ channels: [{ type: 'webhook', url: 'https://x.example', extra: 1 }] }, 'channels.0'],
  ])('%j → names %s', (change, field) => {
    expect(fieldOf({ ...valid, ...change })).toBe(field);
  });
});

describe('webhook signature', () => {
  it('is sha256= and the hex HMAC-SHA256 of the exact body', () => {
    const body = JSON.stringify({ alert_id: 'a', state: 'firing' });
    expect(signBody(body, 'secret')).toBe(`sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`);
    expect(signBody(body, 'secret')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
