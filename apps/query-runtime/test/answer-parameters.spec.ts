// The slots a routed question runs with: a list of rows asked with no number of them is whole.
import { describe, expect, it } from 'vitest';
import { parametersOf } from '../src/questions/answer-question.usecase.js';
import type { RouteAnswer } from '../src/routing/index.js';

function routed(family: string, slots: RouteAnswer['slots']): RouteAnswer {
  return {
    kind: 'answer',
    candidate: {
      endpoint_name: `${family}_crashes`,
      name: `${family}_crashes`,
      family: family as never,
      slots: [
        { name: 'resolved', type: 'boolean', required: false, default: null, description: '' },
        { name: family === 'top_n' ? 'n' : 'limit', type: 'integer', required: false, default: 100, description: '', minimum: 1, maximum: 10_000 },
      ],
    },
    slots,
    confidence: 0.9,
    alternatives: [],
  } as RouteAnswer;
}

describe('parametersOf', () => {
  it('gives a list asked with no number every row up to the program\'s most', () => {
    expect(parametersOf(routed('list', { resolved: false }), 'List the unresolved crashes in version 5.4.1')).toEqual({ resolved: false, limit: 10_000 });
    expect(parametersOf(routed('range', {}), 'crashes between March and May')).toEqual({ limit: 10_000 });
  });

  it('keeps a number the question gives, the default of "some" or "a few", and a ranking\'s own n', () => {
    expect(parametersOf(routed('list', { limit: 5 }), 'list 5 crashes')).toEqual({ limit: 5 });
    expect(parametersOf(routed('list', {}), 'show me some crashes')).toEqual({});
    expect(parametersOf(routed('list', {}), 'a few examples of crashes')).toEqual({});
    expect(parametersOf(routed('top_n', {}), 'the crashes that affected the most users')).toEqual({});
  });
});
