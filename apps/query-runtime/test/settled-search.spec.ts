// SettledSearch answers what minisearch's own search answers, in the same order and to the same bit.
import { vegaJson } from '@querylane/testing';
import MiniSearch, { type SearchOptions } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { SettledSearch } from '../src/routing/settled-search.js';

describe('the router\'s search with each term\'s scores kept (SettledSearch)', () => {
  // Movies as documents of several fields boosted differently, as the router indexes its programs.
  const movies = (vegaJson('movies.json') as Record<string, unknown>[]).slice(0, 600).map((movie, id) => ({
    id,
    title: String(movie.Title ?? ''),
    genre: String(movie['Major Genre'] ?? ''),
    people: [movie.Director, movie.Distributor].filter((x) => typeof x === 'string').join(' '),
    rating: String(movie['MPAA Rating'] ?? ''),
  }));
  const vocabulary = new Set(movies.flatMap((movie) => `${movie.title} ${movie.genre} ${movie.people} ${movie.rating}`.toLowerCase().split(/[^a-z0-9]+/)));
  const searchOptions: SearchOptions = {
    boost: { title: 2, genre: 1.5, people: 0.6, rating: 0.4 },
    fuzzy: (term) => (term.length >= 5 && !vocabulary.has(term) ? 0.2 : false),
    combineWith: 'OR',
  };
  const index = new MiniSearch<(typeof movies)[number]>({ fields: ['title', 'genre', 'people', 'rating'], idField: 'id', searchOptions });
  index.addAll(movies);
  const settled = new SettledSearch(index, searchOptions);
  const known = [...vocabulary].filter((word) => word.length >= 2).sort();
  // Terms as a question gives them: known words, repeated ones, typos (found by fuzzy matching),
  // and words no document has.
  const queries: string[][] = [['drama'], ['the', 'dark', 'knight'], ['comedy', 'pg', 'warner'], ['dramma', 'spielberg'], ['horsepower'], ['star', 'star', 'wars'], ['adventur', 'disney', 'r']];
  for (let i = 0; i < 200; i += 1) {
    const size = 1 + (i % 5);
    queries.push(Array.from({ length: size }, (_, k) => known[(i * 7919 + k * 104_729) % known.length]!));
  }

  it('gives the same results in the same order as minisearch, scores equal to the bit', () => {
    let many = 0;
    for (const terms of queries) {
      const own = index.search(terms.join(' '), { tokenize: (text) => text.split(' '), processTerm: (term) => term });
      // Twice: the second time from the kept scores.
      expect(settled.search(terms), terms.join(' ')).toEqual(own);
      expect(settled.search(terms), terms.join(' ')).toEqual(own);
      if (own.length > 1) many += 1;
    }
    // (Most queries find several documents, whose order is then what is compared.)
    expect(many).toBeGreaterThan(150);
    // Some of the queries are of words only fuzzy matching finds, and they find something.
    expect(settled.search(['dramma']).some((hit) => hit.terms.includes('drama'))).toBe(true);
  });

  it('refuses options it would not honour (AND, a per-term boost, a filter)', () => {
    expect(() => new SettledSearch(index, { ...searchOptions, combineWith: 'AND' })).toThrow(/OR searches/);
    expect(() => new SettledSearch(index, { ...searchOptions, boostTerm: () => 2 })).toThrow(/OR searches/);
    expect(() => new SettledSearch(index, { ...searchOptions, filter: () => true })).toThrow(/OR searches/);
  });

  it('keeps no more terms than its limit, and answers the same past it', () => {
    const small = new SettledSearch(index, searchOptions, 3);
    for (const terms of queries.slice(0, 40)) {
      expect(small.search(terms)).toEqual(index.search(terms.join(' '), { tokenize: (text) => text.split(' '), processTerm: (term) => term }));
    }
  });
});
