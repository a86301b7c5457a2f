// Durations a row holds as two of its times: a ride's start and end, a shipment's shipping and
// delivery, a ticket's creation and resolution. No column holds them, yet "the average ride
// duration" and "how long does delivery take" are among the first questions of such data.
import { comingToBeName, type TimeColumn } from './column-roles.js';
import { singular } from './program-builders.js';

export interface DurationPair {
  start: TimeColumn;
  end: TimeColumn;
  /** What the span is called: `ride duration` (of one thing's start and end), `delivery time` (of a row's start and an outcome; a discharge's is the `length of stay`). */
  label: string;
  /** The unit the span is given in (see `durationPairs`). */
  unit: 'minutes' | 'hours' | 'days';
}

// Words that say a time is where one thing starts, and the word saying where it ends, in the same
// place of an otherwise equal name: `started_at`/`ended_at`, `pickup_datetime`/`dropoff_datetime`,
// `check_in`/`check_out`, `departure_time`/`arrival_time`, `login_at`/`logout_at`.
const endOf: Readonly<Record<string, readonly string[]>> = {
  start: ['end', 'stop', 'finish'],
  started: ['ended', 'stopped', 'finished', 'completed'],
  begin: ['end'],
  began: ['ended'],
  pickup: ['dropoff', 'return'],
  pick: ['drop'],
  departure: ['arrival'],
  // (Of a stay, the arrival comes first: a hotel's `arrival_date`/`departure_date`. The extents tell
  // which way a pair runs: a flight's arrival ends no departure.)
  arrival: ['departure'],
  arrived: ['departed'],
  entry: ['exit'],
  entered: ['exited', 'left'],
  departed: ['arrived'],
  depart: ['arrive'],
  in: ['out'],
  checkin: ['checkout'],
  login: ['logout'],
  open: ['close'],
  opened: ['closed'],
  from: ['to', 'until'],
};

// An outcome's word, as its noun ("delivery time" of `delivered_at` after `shipped_at`): the time it
// took to come about, counted from the row's own time.
const outcomeNouns: Readonly<Record<string, string>> = {
  resolved: 'resolution',
  closed: 'closing',
  completed: 'completion',
  delivered: 'delivery',
  returned: 'return',
  settled: 'settlement',
  discharged: 'discharge',
  fulfilled: 'fulfillment',
  finished: 'finish',
  shipped: 'shipping',
  paid: 'payment',
  approved: 'approval',
  answered: 'answer',
  responded: 'response',
  accepted: 'acceptance',
  hired: 'hiring',
  // (A pull request's merge, an alert's acknowledgement, an order's dispatch or confirmation, a
  // deploy, a trial's conversion or an account's activation.)
  merged: 'merge',
  acknowledged: 'acknowledgement',
  dispatched: 'dispatch',
  confirmed: 'confirmation',
  reviewed: 'review',
  deployed: 'deployment',
  converted: 'conversion',
  activated: 'activation',
  // (Or its verb or noun as a date's name has it: a store order's `Ship Date` after its `Order Date`.)
  ship: 'shipping',
  shipping: 'shipping',
  delivery: 'delivery',
  resolution: 'resolution',
  completion: 'completion',
  settlement: 'settlement',
  discharge: 'discharge',
  payment: 'payment',
  approval: 'approval',
  response: 'response',
};

// A row's own time that an outcome is counted from: when it came to be (`comingToBeName`), or the
// shipping an order's delivery follows, a request's receipt, a book's checkout, an invoice's date.
const ownTime = (label: string) => comingToBeName.test(label) || /^(?:requested|received|shipped|checked|invoice|invoiced)(\s|$)/.test(label);

/**
 * The pairs of times whose span is a duration, best first: one thing's start and end (named alike
 * but for the word of starting and ending), then an outcome after the row's own time. A pair is
 * taken only when the end's known extent does not lie wholly before the start's.
 */
export function durationPairs(times: readonly TimeColumn[], entity: string, holdsTimesOfDay: (time: TimeColumn) => boolean): DurationPair[] {
  // The unit: days between dates or midnights; otherwise by the span the data's extents suggest —
  // the first end after the first start, the last after the last (a ride's minutes, a ticket's
  // hours, a rental's days) — or, where they tell nothing, minutes of one thing and hours to an outcome.
  const unitOf = (start: TimeColumn, end: TimeColumn, otherwise: DurationPair['unit']): DurationPair['unit'] => {
    if (start.isDate || end.isDate || (!holdsTimesOfDay(start) && !holdsTimesOfDay(end))) return 'days';
    const gaps = [gap(start.minimum, end.minimum), gap(start.maximum, end.maximum)].filter((one): one is number => one !== null && one >= 0);
    if (gaps.length === 0) return otherwise;
    const typical = gaps.reduce((sum, one) => sum + one, 0) / gaps.length;
    return typical < 3 * hour ? 'minutes' : typical < 3 * day ? 'hours' : 'days';
  };
  const candidates = times.filter((time) => !time.yearly);
  const pairs: DurationPair[] = [];
  const paired = new Set<TimeColumn>();
  const thing = entity.split(' ').at(-1) ?? entity;
  for (const start of candidates) {
    const words = start.label.split(' ');
    for (const [at, word] of words.entries()) {
      const ends = endOf[word];
      if (ends === undefined) continue;
      const end = candidates.find((other) => {
        const otherWords = other.label.split(' ');
        return other !== start && otherWords.length === words.length && otherWords.every((w, k) => (k === at ? ends.includes(w) : w === words[k]));
      });
      if (end === undefined || paired.has(end) || !ordered(start, end)) continue;
      pairs.push({ start, end, label: `${singular(thing)} duration`, unit: unitOf(start, end, 'minutes') });
      paired.add(start).add(end);
      break;
    }
  }
  // An outcome after the row's own time: the best time named as the row's own, and each later time
  // named as an outcome.
  const own = candidates.find((time) => ownTime(time.label));
  if (own !== undefined) {
    for (const end of candidates) {
      const noun = end.label
        .split(' ')
        .map((word) => outcomeNouns[word])
        .find((one) => one !== undefined);
      if (end === own || noun === undefined || paired.has(end) || end.label.split(' ')[0] === own.label.split(' ')[0] || !ordered(own, end)) continue;
      pairs.push({ start: own, end, label: noun === 'discharge' ? 'length of stay' : `${noun} time`, unit: unitOf(own, end, 'hours') });
      paired.add(end);
    }
  }
  return pairs;
}

const hour = 3_600_000;
const day = 24 * hour;

/** Milliseconds from one ISO time to another, or null where either is unknown. */
function gap(from: string | null, to: string | null): number | null {
  const [start, end] = [Date.parse(from ?? ''), Date.parse(to ?? '')];
  return Number.isNaN(start) || Number.isNaN(end) ? null : end - start;
}

/** Whether the end's known extent, at its first or its last, lies no earlier than the start's (unknown extents pass; a bad row may end before it starts). */
function ordered(start: TimeColumn, end: TimeColumn): boolean {
  return (gap(start.minimum, end.minimum) ?? 0) >= 0 || (gap(start.maximum, end.maximum) ?? 0) >= 0;
}
