// The pure part of the evaluator: a window's value from its rollups, and the state machine
// ok → firing → ok (resolved) with its cooldown. No IO, so every rule of it is unit-tested.
import { percentileFromBuckets } from '../rollups/latency-buckets.js';
import { breaches, type AlertMetric, type AlertOperator, type AlertState } from './alert-rules.js';

const minuteMs = 60_000;

/** The sums of a window's per-minute rollups. */
export interface WindowTotals {
  requests: number;
  errors: number;
  totalResponseMs: number;
  /** Summed counts per latency bucket; empty when not read. */
  latencyBuckets: number[];
}

/**
 * The first minute of a window of `minutes` minutes ending now: the current (partial) minute and
 * the `minutes - 1` before it, so a 5-minute window at 12:04:30 reads the rollups of 12:00 to 12:04.
 */
export function windowStart(now: Date, minutes: number): Date {
  return new Date(Math.floor(now.getTime() / minuteMs) * minuteMs - (minutes - 1) * minuteMs);
}

/**
 * The metric's value over a window; null when there were no calls (an error rate or a response
 * time of nothing), which never breaches. `requests` is 0 then, so `requests lt 1` can watch for
 * silence. quota_used_pct does not come from the rollups and is given by the caller.
 */
export function metricValue(metric: Exclude<AlertMetric, 'quota_used_pct'>, totals: WindowTotals): number | null {
  const { requests } = totals;
  switch (metric) {
    case 'requests':
      return requests;
    case 'error_rate':
      return requests > 0 ? totals.errors / requests : null;
    case 'avg_response_time_ms':
      return requests > 0 ? totals.totalResponseMs / requests : null;
    case 'p95_response_time_ms':
      return percentileFromBuckets(totals.latencyBuckets, 95);
  }
}

/** What the evaluator remembers of an alert between evaluations. */
export interface AlertStatus {
  state: AlertState;
  /** The last firing that was notified (the cooldown runs from there). */
  lastNotifiedAt: Date | null;
  /** Whether the current firing was notified; its resolution is notified only if so. */
  firingNotified: boolean;
}

export type Transition = { kind: 'none' } | { kind: 'fired'; notify: boolean } | { kind: 'resolved'; notify: boolean };

/**
 * ok + breaching → fired (notified unless a firing was notified less than `cooldownMinutes` ago);
 * firing + not breaching → resolved (notified when its firing was); anything else stays as it is,
 * so a firing alert notifies once, not at every evaluation.
 */
export function nextTransition(status: AlertStatus, breaching: boolean, now: Date, cooldownMinutes: number): Transition {
  if (status.state === 'ok' && breaching) {
    const cooling = status.lastNotifiedAt !== null && now.getTime() - status.lastNotifiedAt.getTime() < cooldownMinutes * minuteMs;
    return { kind: 'fired', notify: !cooling };
  }
  if (status.state === 'firing' && !breaching) return { kind: 'resolved', notify: status.firingNotified };
  return { kind: 'none' };
}

/** The status after a transition. */
export function applyTransition(status: AlertStatus, transition: Transition, now: Date): AlertStatus {
  switch (transition.kind) {
    case 'none':
      return status;
    case 'fired':
      return { state: 'firing', lastNotifiedAt: transition.notify ? now : status.lastNotifiedAt, firingNotified: transition.notify };
    case 'resolved':
      return { state: 'ok', lastNotifiedAt: status.lastNotifiedAt, firingNotified: false };
  }
}

/** One evaluation: the value compared and the transition it leads to. */
export function evaluate(rule: { operator: AlertOperator; threshold: number; cooldown_minutes: number }, status: AlertStatus, value: number | null, now: Date): Transition {
  return nextTransition(status, breaches(value, rule.operator, rule.threshold), now, rule.cooldown_minutes);
}
