import { describe, expect, it } from 'vitest';
import { bindSlots, type Slot } from '../src/programs/slot-values.js';

const slots: Slot[] = [
  { name: 'origin', type: 'enum', required: false, default: null, enum_values: ['USA', 'Europe', 'Japan'] },
  { name: 'limit', type: 'integer', required: false, default: 10, minimum: 1, maximum: 1000 },
  { name: 'min_hp', type: 'number', required: true },
  { name: 'since', type: 'date', required: false, minimum: '1970-01-01', maximum: '1982-12-31' },
  { name: 'term', type: 'string', required: false },
  { name: 'only_paid', type: 'boolean', required: false, default: false },
];

describe('bindSlots', () => {
  it('binds given values and fills the defaults of optional slots', () => {
    expect(bindSlots(slots, { min_hp: 100, origin: 'Japan', since: '1975-06-01' })).toEqual({ origin: 'Japan', limit: 10, min_hp: 100, since: '1975-06-01', term: null, only_paid: false });
  });

  it('takes values beyond the data\'s extent (observed_minimum/observed_maximum are told, not enforced)', () => {
    const ranges = [
      { name: 'min_yield', type: 'number', required: false, default: null, observed_minimum: 14.43, observed_maximum: 65.77 },
      { name: 'to_day', type: 'date', required: false, default: null, observed_minimum: '2015-01-01', observed_maximum: '2015-05-30' },
    ] as Slot[];
    expect(bindSlots(ranges, { min_yield: 10, to_day: '2015-12-31' })).toEqual({ min_yield: 10, to_day: '2015-12-31' });
  });

  it('takes an enum option written in another case as that option, unless two options differ only by case', () => {
    expect(bindSlots(slots, { min_hp: 1, origin: 'usa' })).toMatchObject({ origin: 'USA' });
    expect(bindSlots(slots, { min_hp: 1, origin: 'JAPAN' })).toMatchObject({ origin: 'Japan' });
    const cased = [{ name: 'code', type: 'enum', required: false, enum_values: ['ab', 'AB'] }] as Slot[];
    expect(bindSlots(cased, { code: 'AB' })).toEqual({ code: 'AB' });
    expect(() => bindSlots(cased, { code: 'Ab' })).toThrow(/must be one of/);
  });

  it('takes a date-time in a date slot (timestamp columns)', () => {
    expect(bindSlots(slots, { min_hp: 1, since: '1975-06-01T10:00:00Z' })).toMatchObject({ since: '1975-06-01T10:00:00Z' });
  });

  it.each([
    [{ min_hp: 1, colour: 'red' }, 'colour', /unknown slot/],
    [{}, 'min_hp', /is required/],
    [{ min_hp: 'fast' }, 'min_hp', /expected a number/],
    [{ min_hp: 1, limit: 2.5 }, 'limit', /expected an integer/],
    [{ min_hp: 1, limit: 0 }, 'limit', /at least 1/],
    [{ min_hp: 1, limit: 5000 }, 'limit', /at most 1000/],
    [{ min_hp: 1, origin: 'Mars' }, 'origin', /must be one of/],
    [{ min_hp: 1, since: 'yesterday' }, 'since', /ISO date/],
    [{ min_hp: 1, since: '1975-02-30' }, 'since', /ISO date/],
    [{ min_hp: 1, since: '1975-06-01T24:30:00Z' }, 'since', /ISO date/],
    [{ min_hp: 1, since: '1990-01-01' }, 'since', /on or before/],
    [{ min_hp: 1, term: 42 }, 'term', /expected a string/],
    [{ min_hp: 1, only_paid: 'yes' }, 'only_paid', /true or false/],
  ])('refuses %j naming the slot %s', (values, slot, message) => {
    let error: unknown;
    try {
      bindSlots(slots, values, 'invalid_query');
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'invalid_query', details: expect.objectContaining({ slot }) });
    expect((error as Error).message).toMatch(message);
  });
});
