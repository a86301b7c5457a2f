// The four pagination styles (page number, offset/limit, cursor from the body, RFC 8288 Link
// header): what to add to the first request, and from each page what to ask for next, if anything.
import type { ParsedBody } from './response-parser.js';
import { lookUpPath } from './response-path.js';
import type { TargetLimits } from './target-limits.js';
import type { Pagination } from './target-request.schema.js';

/** What a page adds to the request: values (query or JSON body), or a whole URL (Link). */
export interface PagePatch {
  in: 'query' | 'body';
  values: Record<string, string | number>;
  url?: string;
}

export interface PageOutcome {
  /** Records the page gave after `responsePathExtractor`. */
  records: number;
  body: ParsedBody;
  linkHeader: string | string[] | undefined;
  /** The URL that answered (after redirects), for resolving a relative `Link`. */
  url: URL;
}

export interface Paginator {
  /** Pages this run may fetch before it stops and reports `truncated`. */
  readonly maxPages: number;
  first(): PagePatch | undefined;
  /** The next page's patch, or undefined when the outcome says there is no more. */
  next(outcome: PageOutcome): PagePatch | undefined;
}

export function createPaginator(pagination: Pagination | null | undefined, limits: TargetLimits): Paginator {
  if (!pagination) return { maxPages: 1, first: () => undefined, next: () => undefined };
  const maxPages = Math.min(pagination.maxPages ?? limits.maxPages, limits.maxPages);
  switch (pagination.type) {
    case 'page':
      return pageNumbers(pagination, maxPages);
    case 'offset':
      return offsets(pagination, maxPages);
    case 'cursor':
      return cursors(pagination, maxPages);
    case 'link':
      return links(maxPages);
  }
}

function pageNumbers(pagination: Extract<Pagination, { type: 'page' }>, maxPages: number): Paginator {
  let page = pagination.start;
  // Without a configured size, the first page's length is the page size a short page falls below.
  let expected = pagination.size;
  const patch = (): PagePatch => ({
    in: pagination.in,
    values: { [pagination.param]: page, ...(pagination.size === undefined ? {} : { [pagination.sizeParam]: pagination.size }) },
  });
  return {
    maxPages,
    first: patch,
    next: (outcome) => {
      expected ??= outcome.records;
      if (outcome.records === 0 || outcome.records < expected) return undefined;
      page += 1;
      return patch();
    },
  };
}

function offsets(pagination: Extract<Pagination, { type: 'offset' }>, maxPages: number): Paginator {
  let offset = pagination.start;
  // The page size a short page is measured against: what the first page held, which is `limit` unless
  // the target caps it lower (52 records, limit 100, capped at 40: 40, then 12). Measuring against
  // `limit` stopped after that first page of 40 and lost the rest without a word.
  let expected: number | undefined;
  const patch = (): PagePatch => ({ in: pagination.in, values: { [pagination.offsetParam]: offset, [pagination.limitParam]: pagination.limit } });
  return {
    maxPages,
    first: patch,
    next: (outcome) => {
      expected ??= Math.min(outcome.records, pagination.limit);
      if (outcome.records === 0 || outcome.records < expected) return undefined;
      // Advance by what came, not by the limit.
      offset += outcome.records;
      return patch();
    },
  };
}

function cursors(pagination: Extract<Pagination, { type: 'cursor' }>, maxPages: number): Paginator {
  const seen = new Set<string>();
  return {
    maxPages,
    first: () => undefined,
    next: (outcome) => {
      if (outcome.records === 0 || outcome.body.format === 'empty' || outcome.body.format === 'text') return undefined;
      const found = lookUpPath(outcome.body.value, pagination.cursorPath);
      if (!found.found) return undefined;
      const cursor = typeof found.value === 'string' || typeof found.value === 'number' ? String(found.value) : '';
      // A cursor seen before would loop forever; that is the end, whatever the target meant.
      if (cursor === '' || seen.has(cursor)) return undefined;
      seen.add(cursor);
      return { in: pagination.in, values: { [pagination.cursorParam]: cursor } };
    },
  };
}

function links(maxPages: number): Paginator {
  const seen = new Set<string>();
  return {
    maxPages,
    first: () => undefined,
    next: (outcome) => {
      seen.add(outcome.url.href);
      if (outcome.records === 0) return undefined;
      const target = nextLink(outcome.linkHeader);
      if (target === undefined) return undefined;
      let url: URL;
      try {
        url = new URL(target, outcome.url);
      } catch {
        return undefined;
      }
      if (seen.has(url.href)) return undefined;
      return { in: 'query', values: {}, url: url.href };
    },
  };
}

/** The target of the first `rel="next"` link in one or more RFC 8288 `Link` header values. */
export function nextLink(header: string | string[] | undefined): string | undefined {
  const values = header === undefined ? [] : Array.isArray(header) ? header : [header];
  for (const value of values) {
    for (const link of parseLinkHeader(value)) {
      const rel = link.params.get('rel');
      if (rel && rel.toLowerCase().split(/\s+/).includes('next')) return link.target;
    }
  }
  return undefined;
}

export function parseLinkHeader(value: string): { target: string; params: Map<string, string> }[] {
  const links: { target: string; params: Map<string, string> }[] = [];
  let index = 0;
  while (index < value.length) {
    const open = value.indexOf('<', index);
    if (open < 0) break;
    const close = value.indexOf('>', open);
    if (close < 0) break;
    const params = new Map<string, string>();
    index = close + 1;
    // `; name=value` or `; name="quoted, value"`, until the comma that starts the next link.
    for (;;) {
      const match = /^\s*;\s*([^\s=;,]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,]*))?/.exec(value.slice(index));
      if (!match) break;
      const name = (match[1] ?? '').toLowerCase();
      const raw = (match[2] ?? '').trim();
      const unquoted = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
      if (!params.has(name)) params.set(name, unquoted);
      index += match[0].length;
    }
    links.push({ target: value.slice(open + 1, close).trim(), params });
    const comma = value.indexOf(',', index);
    if (comma < 0) break;
    index = comma + 1;
  }
  return links;
}
