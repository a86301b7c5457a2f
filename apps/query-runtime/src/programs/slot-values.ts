// Slot values are checked against the program's slots before anything runs (API.md endpoint 7):
// an unknown slot, a missing required one, a wrong type, a value out of range or outside the
// enum is refused naming the slot. Optional slots left out take their default (or null).
import { AppError, type ErrorCode } from '@querylane/errors';

export interface Slot {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'enum';
  required?: boolean;
  default?: unknown;
  description?: string;
  enum_values?: unknown[];
  minimum?: number | string;
  maximum?: number | string;
  /** The data's extent on a range filter: told, never checked here. */
  observed_minimum?: number | string;
  observed_maximum?: number | string;
}

export type BoundValue = string | number | boolean | null;

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** A real day and time: Date.parse takes 2015-02-30 (as March 2), which DuckDB then refuses. */
function onTheCalendar(value: string): boolean {
  if (Number.isNaN(Date.parse(value))) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false;
  const time = /[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  return !time || (Number(time[1]) < 24 && Number(time[2]) < 60 && Number(time[3] ?? 0) < 60);
}

/** `code` is invalid_query on the query endpoints and invalid_request on the management ones. */
export function bindSlots(slots: readonly Slot[], values: Record<string, unknown>, code: ErrorCode = 'invalid_request'): Record<string, BoundValue> {
  const refuse = (slot: string, message: string, extra: Record<string, unknown> = {}): never => {
    throw new AppError(code, `slot ${slot}: ${message}`, { slot, ...extra });
  };
  const known = new Map(slots.map((slot) => [slot.name, slot]));
  for (const name of Object.keys(values)) {
    if (!known.has(name)) refuse(name, `unknown slot (the program has ${slots.map((s) => s.name).join(', ') || 'no slots'})`, { known: slots.map((s) => s.name) });
  }
  const bound: Record<string, BoundValue> = {};
  for (const slot of slots) {
    const given = values[slot.name];
    if (given === undefined || given === null) {
      if (slot.required && (slot.default === undefined || slot.default === null)) refuse(slot.name, 'is required');
      bound[slot.name] = (slot.default ?? null) as BoundValue;
      continue;
    }
    bound[slot.name] = check(slot, given, refuse);
  }
  return bound;
}

function check(slot: Slot, value: unknown, refuse: (slot: string, message: string, extra?: Record<string, unknown>) => never): BoundValue {
  switch (slot.type) {
    case 'string':
      if (typeof value !== 'string') return refuse(slot.name, `expected a string, got ${typeof value}`);
      return value;
    case 'boolean':
      if (typeof value !== 'boolean') return refuse(slot.name, `expected true or false, got ${JSON.stringify(value)}`);
      return value;
    case 'integer':
    case 'number': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return refuse(slot.name, `expected a number, got ${JSON.stringify(value)}`);
      if (slot.type === 'integer' && !Number.isInteger(value)) return refuse(slot.name, `expected an integer, got ${value}`);
      if (typeof slot.minimum === 'number' && value < slot.minimum) return refuse(slot.name, `must be at least ${slot.minimum}`, { minimum: slot.minimum });
      if (typeof slot.maximum === 'number' && value > slot.maximum) return refuse(slot.name, `must be at most ${slot.maximum}`, { maximum: slot.maximum });
      return value;
    }
    case 'date': {
      if (typeof value !== 'string' || !isoDate.test(value) || !onTheCalendar(value)) return refuse(slot.name, `expected an ISO date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM:SSZ), got ${JSON.stringify(value)}`);
      if (typeof slot.minimum === 'string' && value < slot.minimum) return refuse(slot.name, `must be on or after ${slot.minimum}`, { minimum: slot.minimum });
      if (typeof slot.maximum === 'string' && value > slot.maximum) return refuse(slot.name, `must be on or before ${slot.maximum}`, { maximum: slot.maximum });
      return value;
    }
    case 'enum': {
      const allowed = slot.enum_values ?? [];
      if (allowed.some((option) => option === value)) return value as BoundValue;
      // "usa" for "USA": a text value that matches one option but for case is that option.
      const folded = typeof value === 'string' ? allowed.filter((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase()) : [];
      if (folded.length === 1) return folded[0] as BoundValue;
      return refuse(slot.name, `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`, { enum_values: allowed });
    }
    default:
      return refuse(slot.name, `has an unknown type ${String((slot as { type: unknown }).type)}`);
  }
}
