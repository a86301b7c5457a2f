// How questions are grouped in /metrics/questions.
import { describe, expect, it } from 'vitest';
import { normalizeQuestion } from '../src/ingestion/api-call-record.js';

describe('normalizeQuestion', () => {
  it.each([
    ['Top 5 cars?', 'top 5 cars'],
    ['top  5 CARS!!', 'top 5 cars'],
    ['Weather between 2015-12-25 and 2015-12-27?', 'weather between 2015-12-25 and 2015-12-27'],
    ['Cars over 3.5 litres, after 10:30 on 12/25', 'cars over 3.5 litres after 10:30 on 12/25'],
    ['Ages 18 - 25 (inclusive)', 'ages 18 25 inclusive'],
    ['Von Köln nach Zürich — 東京?', 'von köln nach zürich 東京'],
    ['5.', '5'],
  ])('%j → %j', (question, normalized) => {
    expect(normalizeQuestion(question)).toBe(normalized);
  });
});
