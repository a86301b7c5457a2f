// Chrono is asked for a question's dates only when the question has something a date is written
// with (`mayHoldDate`); this checks the test never leaves out a question where chrono finds one.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as chrono from 'chrono-node';
import { describe, expect, it } from 'vitest';
import { mayHoldDate, parseQuestion } from '../src/routing/question-parse.js';

const now = new Date('2026-11-30T12:00:00Z');

describe('which questions chrono is asked to read dates in (mayHoldDate)', () => {
  it('asks it of every way a date or a time is said', () => {
    const said = [
      'sales in a d',
      'orders the day after',
      'rides a week later',
      'tickets from 3 weeks ago',
      'calls next week',
      'signups since March',
      'flights on Sunday',
      'trips at noon',
      'what happened last night',
      'the weather on christmas day',
      'deliveries by 3pm',
      'revenue for Q3',
      'bookings tomorrow',
      'visits this morning',
      'the first of june',
      'orders placed in the past quarter',
      'sales at the end of month',
      'uploads in the s',
    ];
    for (const text of said) expect(mayHoldDate.test(text), text).toBe(true);
    // (And chrono finds something in most of them: the list is of what it reads.)
    expect(said.filter((text) => chrono.casual.parse(text, now).length > 0).length).toBeGreaterThanOrEqual(14);
  });

  it('leaves out only questions in which chrono finds nothing (every string of these tests, and the dates parsed alike)', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const texts = new Set<string>();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
      for (const match of readFileSync(`${dir}/${file}`, 'utf8').matchAll(/'([^'\n]{6,})'|"([^"\n]{6,})"|`([^`\n]{6,})`/g)) texts.add(match[1] ?? match[2] ?? match[3]!);
    }
    const left = [...texts].filter((text) => !mayHoldDate.test(text));
    expect(left.length).toBeGreaterThan(1000);
    for (const text of left) {
      expect(chrono.casual.parse(text, now).map((result) => result.text), text).toEqual([]);
      expect(parseQuestion(text, now).dates, text).toEqual([]);
    }
  });
});
