import type MiniSearch from 'minisearch';
import type { SearchOptions, SearchResult } from 'minisearch';

/** One program a term finds: minisearch's score of it for that term alone, and the fields each matched word was found in. */
interface TermHit {
  /** minisearch's own (short) id of the document. */
  shortId: number;
  /** The document's id as added. */
  id: unknown;
  score: number;
  match: Readonly<Record<string, readonly string[]>>;
  /** The words of `match`, in its order (a result's `terms`). */
  words: readonly string[];
}

/** The two of minisearch's methods this reads (public in its JavaScript, marked internal in its types). */
interface MiniSearchInternals {
  executeQuerySpec(query: { term: string; fuzzy: boolean | number; prefix: boolean; termBoost: number }, options: SearchOptions): Map<number, { score: number; terms: string[]; match: Record<string, string[]> }>;
  _documentIds: Map<number, unknown>;
}

/**
 * minisearch's search (`combineWith: 'OR'`) over an index that no longer changes, with each term's
 * scores worked out once and kept: a term's BM25 score of a document depends only on the index, so
 * the scores of a question are the sums of its terms' kept ones. The router's index is built once
 * and never added to; this answers what `index.search(terms.join(' '))` answers, in the same order
 * and to the same bit (the sums are taken in minisearch's order: term by term, each term's
 * documents in the order minisearch found them), without going over every field of every document
 * for every term of every question (a sixth of the routing time).
 *
 * A term is worked out the first time a question has it (the index's vocabulary is its data's
 * values too: tens of thousands of words, most never asked). `settled-search.spec` checks it
 * against minisearch's own search, so an upgrade of minisearch that changes its scoring shows there.
 * Only the options the router uses are honoured: OR, boosts per field, fuzzy and prefix of the term
 * alone (the constructor refuses a per-term boost, a filter or AND).
 */
export class SettledSearch<T> {
  private readonly hitsByTerm = new Map<string, readonly TermHit[]>();
  private readonly internals: MiniSearchInternals;

  constructor(
    /** The index, for searches of other kinds (a question's own words, minisearch's tokenizing). */
    readonly index: MiniSearch<T>,
    /** The index's search options: `fuzzy` must take the term alone (a function of its position would differ here). */
    private readonly options: SearchOptions,
    /** At most this many terms kept; past it, they are forgotten all at once (the first ones asked again are worked out again). */
    private readonly limit = 50_000,
  ) {
    if ((options.combineWith !== undefined && options.combineWith.toUpperCase() !== 'OR') || options.boostTerm !== undefined || options.filter !== undefined) {
      throw new Error('SettledSearch answers OR searches without a per-term boost or a filter');
    }
    this.internals = index as unknown as MiniSearchInternals;
  }

  /**
   * minisearch's results for these (already processed) terms, combined with OR. A program one term
   * alone finds shares that term's kept `match` and `terms` (frozen): the results are read, never
   * written to.
   */
  search(terms: readonly string[]): SearchResult[] {
    const combined = new Map<number, SearchResult>();
    for (const term of terms) {
      if (term === '') continue;
      for (const hit of this.hitsOf(term)) {
        const existing = combined.get(hit.shortId);
        if (existing === undefined) {
          combined.set(hit.shortId, { id: hit.id, score: hit.score, terms: hit.words as string[], queryTerms: [term], match: hit.match as SearchResult['match'] });
        } else {
          existing.score = existing.score + hit.score;
          // (The first term's match is kept frozen: the second one's is added to a copy.)
          const match = hit.match as SearchResult['match'];
          existing.match = Object.isFrozen(existing.match) ? { ...existing.match, ...match } : Object.assign(existing.match, match);
          if (!existing.queryTerms.includes(term)) existing.queryTerms.push(term);
        }
      }
    }
    const results = [...combined.values()];
    for (const result of results) {
      result.score = result.score * (result.queryTerms.length || 1);
      if (!Object.isFrozen(result.match)) result.terms = Object.keys(result.match);
    }
    return results.sort((a, b) => b.score - a.score);
  }

  private hitsOf(term: string): readonly TermHit[] {
    let hits = this.hitsByTerm.get(term);
    if (hits !== undefined) return hits;
    const { fuzzy, prefix } = this.options;
    const spec = {
      term,
      fuzzy: typeof fuzzy === 'function' ? fuzzy(term, 0, [term]) : (fuzzy ?? false),
      prefix: typeof prefix === 'function' ? prefix(term, 0, [term]) : prefix === true,
      termBoost: 1,
    };
    hits = [...this.internals.executeQuerySpec(spec, {})].map(([shortId, found]) => {
      const match = Object.freeze(Object.fromEntries(Object.entries(found.match).map(([word, fields]) => [word, Object.freeze([...fields])])));
      return { shortId, id: this.internals._documentIds.get(shortId), score: found.score, match, words: Object.freeze(Object.keys(match)) };
    });
    if (this.hitsByTerm.size >= this.limit) this.hitsByTerm.clear();
    this.hitsByTerm.set(term, hits);
    return hits;
  }
}
