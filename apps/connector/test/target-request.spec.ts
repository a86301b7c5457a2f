// The pieces of the target client that need no network: request validation and building, path
// extraction, body parsing, Link headers, Retry-After, redaction and limits.
import { describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { pageRequest, prepareCall, requestRedactor } from '../src/target/request-builder.js';
import {
  backoffDelay,
  defaultTargetLimits,
  extractPath,
  lookUpPath,
  nextLink,
  parseBody,
  parseRetryAfter,
  parseTargetRequest,
  Redactor,
  resolveTargetLimits,
  targetRequestSchema,
  toRecords,
  type TargetRequestInput,
} from '../src/target/index.js';

function thrown(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected an AppError');
}

const base = { url: 'https://api.example.com/v1/items', method: 'GET', authType: 'None' } as const;

function build(extra: Partial<TargetRequestInput>) {
  const request = parseTargetRequest({ ...base, ...extra });
  return { request, call: prepareCall(request, undefined) };
}

describe('targetRequestSchema', () => {
  it('accepts the seed shape and fills in defaults', () => {
    const request = parseTargetRequest({
      url: 'https://api.example.com/users/{id}',
      method: 'get',
      headers: { 'X-Client': 'querylane' },
      parameters: { id: { value: 7, required: true, in: 'path' }, q: { value: 'x' } },
      parameterGroups: [{ name: 'one', parameters: { q: { value: 'y' } } }],
      authType: 'API Key',
      auth: { key: 'X-Api-Key', value: 'k-123456' },
      responsePathExtractor: 'data',
      pagination: { type: 'page' },
    });
    expect(request.method).toBe('GET');
    expect(request.auth).toEqual({ key: 'X-Api-Key', value: 'k-123456', in: 'header' });
    expect(request.pagination).toEqual({ type: 'page', param: 'page', start: 1, sizeParam: 'per_page', in: 'query' });
    expect(targetRequestSchema.safeParse(request).success).toBe(true); // a parsed request parses again
  });

  it.each([
    [{ authType: 'OAuth' }, 'authType'],
    [{ authType: 'API Key', auth: { key: 'X-Api-Key' } }, 'auth.value'],
    [{ authType: 'API Key', auth: { key: 'bad header', value: 'v' } }, 'auth.key'],
    [{ authType: 'API Key', auth: { key: 'k', value: 'v', in: 'cookie' } }, 'auth.in'],
    [{ authType: 'Bearer Token', auth: {} }, 'auth.token'],
    [{ authType: 'Bearer Token', auth: { token: 'a\r\nX-Evil: 1' } }, 'auth.token'],
    [{ authType: 'Basic Auth', auth: { username: 'a:b', password: 'p' } }, 'auth.username'],
    [{ authType: 'Basic Auth', auth: { username: 'a' } }, 'auth.password'],
    [{ url: 'ftp://example.com/' }, 'url'],
    [{ url: 'https://user:pass@example.com/' }, 'url'],
    [{ url: '/relative' }, 'url'],
    [{ method: 'TRACE' }, 'method'],
    [{ headers: { 'X-Evil': 'a\r\nb' } }, 'headers.X-Evil'],
    [{ parameters: { q: { value: { nested: true } } } }, 'parameters.q.value'],
    [{ parameters: { q: { value: 'x', in: 'cookie' } } }, 'parameters.q.in'],
    [{ pagination: { type: 'cursor' } }, 'pagination.cursorPath'],
    [{ pagination: { type: 'scroll' } }, 'pagination.type'],
    [{ method: 'POST', body: JSON.parse(`${'{"a":'.repeat(40)}1${'}'.repeat(40)}`) as unknown }, 'body'],
  ])('refuses %j naming %s', (extra, field) => {
    const error = thrown(() => parseTargetRequest({ ...base, ...extra }));
    expect(error.code).toBe('invalid_request');
    expect(error.details?.field).toBe(field);
    expect(error.message).toContain(field);
  });

  it('names every bad field at once, also when authType is missing', () => {
    const empty = thrown(() => parseTargetRequest({}));
    expect(empty.details?.field).toBe('authType');
    expect((empty.details?.issues as { field: string }[]).map((issue) => issue.field)).toEqual(['authType', 'url', 'method']);
    const some = thrown(() => parseTargetRequest({ url: 'ftp://x/', method: 'GET', authType: 'OAuth' }));
    expect((some.details?.issues as { field: string }[]).map((issue) => issue.field)).toEqual(['authType', 'url']);
    // A valid authType: only the union's own issues, each once.
    const valid = thrown(() => parseTargetRequest({ url: 'ftp://x/', method: 'GET', authType: 'None' }));
    expect((valid.details?.issues as { field: string }[]).map((issue) => issue.field)).toEqual(['url']);
  });
});

describe('request building', () => {
  it('places parameters and replaces a query value already in the url', () => {
    const { call } = build({
      url: 'https://api.example.com/orgs/{org}/items?sort=asc&q=old',
      parameters: { org: { value: 'a/b c', in: 'path' }, q: { value: 'new' }, 'X-Trace': { value: 1, in: 'header' }, skipped: { value: null } },
    });
    expect(call.url.href).toBe('https://api.example.com/orgs/a%2Fb%20c/items?sort=asc&q=new');
    expect(call.headers['x-trace']).toBe('1');
    expect(call.headers['accept-encoding']).toBe('gzip, deflate, br');
    expect(call.body).toEqual({ kind: 'none' });
  });

  it('refuses placeholders without parameters and parameters without placeholders', () => {
    expect(thrown(() => build({ url: 'https://api.example.com/users/{id}' })).details).toEqual({ field: 'parameters.id' });
    expect(thrown(() => build({ parameters: { id: { value: 1, in: 'path' } } })).details).toEqual({ field: 'parameters.id' });
  });

  it('refuses a body on GET and headers the connector owns', () => {
    expect(thrown(() => build({ body: { a: 1 } })).details).toEqual({ field: 'body' });
    expect(thrown(() => build({ parameters: { a: { value: 1, in: 'body' } } })).details).toEqual({ field: 'parameters.a' });
    expect(thrown(() => build({ headers: { Host: 'internal.example' } })).details).toEqual({ field: 'headers.Host' });
    expect(thrown(() => build({ method: 'POST', body: [1, 2], parameters: { a: { value: 1, in: 'body' } } })).details).toEqual({ field: 'body' });
  });

  it('keeps auth apart as credentials for the request origin', () => {
    const basic = build({ authType: 'Basic Auth', auth: { username: 'ada', password: 'pw:ü' } }).call;
    expect(basic.credentials).toEqual({ origin: 'https://api.example.com', headers: { authorization: `Basic ${Buffer.from('ada:pw:ü').toString('base64')}` }, query: undefined });
    expect(basic.headers.authorization).toBeUndefined();
    const query = build({ authType: 'API Key', auth: { key: 'api_key', value: 'k-secret', in: 'query' } }).call;
    expect(query.credentials.query).toEqual({ name: 'api_key', value: 'k-secret' });
    expect(query.url.searchParams.has('api_key')).toBe(false);
    const secretHeader = build({ headers: { 'X-Auth-Token': 'tok-123456', Accept: 'text/csv' } }).call;
    expect(secretHeader.credentials.headers).toEqual({ 'x-auth-token': 'tok-123456' });
    expect(secretHeader.headers.accept).toBe('text/csv');
  });

  it('encodes bodies and adds pagination values', () => {
    const { call } = build({ method: 'POST', body: { filter: 'x' }, parameters: { size: { value: 5, in: 'body' } } });
    const first = pageRequest(call, { in: 'body', values: { offset: 0, limit: 10 } }, defaultTargetLimits);
    expect(JSON.parse(first.body!.toString())).toEqual({ filter: 'x', size: 5, offset: 0, limit: 10 });
    expect(first.headers['content-type']).toBe('application/json');
    const text = build({ method: 'POST', body: 'a=1&b=2', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }).call;
    const sent = pageRequest(text, { in: 'query', values: { page: 2 } }, defaultTargetLimits);
    expect(sent.body?.toString()).toBe('a=1&b=2');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.url.searchParams.get('page')).toBe('2');
    const big = build({ method: 'POST', body: { blob: 'x'.repeat(2000) } }).call;
    expect(thrown(() => pageRequest(big, undefined, { ...defaultTargetLimits, maxRequestBodyBytes: 1000 })).code).toBe('payload_too_large');
  });

  it('collects every secret of a request for redaction', () => {
    const request = parseTargetRequest({
      ...base,
      headers: { 'X-Session-Token': 'header-secret-1' },
      parameters: { client_secret: { value: 'param-secret-2' }, plain: { value: 'visible-value' } },
      authType: 'Bearer Token',
      auth: { token: 'bearer-secret-3' },
    });
    const redactor = requestRedactor(request);
    expect(redactor.text('header-secret-1 param-secret-2 bearer-secret-3 visible-value')).toBe('[redacted] [redacted] [redacted] visible-value');
  });
});

describe('response paths', () => {
  const body = { data: { items: [{ id: 1 }, { id: 2 }], 'a.b': { c: 3 }, empty: {} }, count: 2 };

  it('follows keys, indexes, JSONPath-looking paths and dotted keys', () => {
    expect(extractPath(body, 'data.items')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(extractPath(body, 'data.items.1.id')).toBe(2);
    expect(extractPath(body, '$.data.items[0]')).toEqual({ id: 1 });
    expect(extractPath(body, 'data.a.b.c')).toBe(3);
    expect(extractPath(body, '')).toBe(body);
  });

  it('says where a path broke off and what is there', () => {
    const missing = thrown(() => extractPath(body, 'data.itemz'));
    expect(missing.message).toBe('responsePathExtractor "data.itemz" does not match the response: at "data" it has no key "itemz"; the keys there are: items, a.b, empty');
    expect(missing.details).toEqual({ field: 'responsePathExtractor', reached: 'data', available_keys: ['items', 'a.b', 'empty'] });
    expect(thrown(() => extractPath(body, 'result')).message).toContain('at the top level of the response it has no key "result"; the keys there are: data, count');
    expect(thrown(() => extractPath(body, 'count.value')).message).toContain('it is a number, which has no keys');
    expect(lookUpPath(body, 'data.items.x')).toMatchObject({ found: false, reached: 'data.items' });
  });

  it('turns values into records', () => {
    expect(toRecords([{ a: 1 }, 2, null])).toEqual([{ a: 1 }, { value: 2 }, { value: null }]);
    expect(toRecords({ a: 1 })).toEqual([{ a: 1 }]);
    expect(toRecords(null)).toEqual([]);
    expect(toRecords('x')).toEqual([{ value: 'x' }]);
  });
});

describe('body parsing', () => {
  it('parses CSV with blank, repeated and missing cells', () => {
    const csv = Buffer.from('\ufeffid,name,name,\n1,"a, b",,x\n2\n\n3,"",c,d,extra\n');
    expect(parseBody(csv, 'text/csv').value).toEqual([
      { id: 1, name: 'a, b', name_2: null, column_4: 'x' },
      { id: 2, name: null, name_2: null, column_4: null },
      { id: 3, name: null, name_2: 'c', column_4: 'd', column_5: 'extra' },
    ]);
  });

  it('parses NDJSON and names the bad line', () => {
    expect(parseBody(Buffer.from('{"a":1}\r\n\n{"a":2}\n'), 'application/x-ndjson')).toEqual({ format: 'ndjson', value: [{ a: 1 }, { a: 2 }] });
    const error = thrown(() => parseBody(Buffer.from('{"a":1}\n{oops\n'), 'application/x-ndjson'));
    expect(error.code).toBe('upstream_error');
    expect(error.details).toMatchObject({ line: 2 });
  });

  it('decodes the declared charset and refuses broken JSON', () => {
    expect(parseBody(Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]), 'application/json; charset=iso-8859-1').value).toEqual({ n: 'é' });
    expect(thrown(() => parseBody(Buffer.from('{"a":'), 'application/json')).details).toMatchObject({ reason: 'invalid_body' });
    expect(parseBody(Buffer.from('  '), 'application/json')).toEqual({ format: 'empty', value: null });
    expect(parseBody(Buffer.from('"ok"'), 'application/json')).toEqual({ format: 'json', value: 'ok' });
  });
});

describe('Link headers', () => {
  it('finds rel="next" among several links and header lines', () => {
    expect(nextLink('<https://a.example/?p=1>; rel="prev", <https://a.example/?p=3>; rel="next"')).toBe('https://a.example/?p=3');
    expect(nextLink(['<https://a.example/last>; rel=last', '</items?page=2>; title="a, b; c"; rel="next last"'])).toBe('/items?page=2');
    expect(nextLink('<https://a.example/?p=1>; rel="prev"')).toBeUndefined();
    expect(nextLink(undefined)).toBeUndefined();
  });
});

describe('retry timing', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with jitter, capped', () => {
    expect(backoffDelay(1, 500, 30_000, () => 0)).toBe(250);
    expect(backoffDelay(1, 500, 30_000, () => 1)).toBe(500);
    expect(backoffDelay(3, 500, 30_000, () => 0.5)).toBe(1500);
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000);
  });
});

describe('redaction', () => {
  it('strips userinfo and secret query values from URLs', () => {
    const redactor = new Redactor(['s3cr3t-value'], ['custom_key']);
    expect(redactor.url('https://user:pw@api.example.com/x?api_key=abc&custom_key=def&page=2&token=t&q=s3cr3t-value')).toBe(
      'https://api.example.com/x?api_key=[redacted]&custom_key=[redacted]&page=2&token=[redacted]&q=[redacted]',
    );
  });

  it('scrubs secrets from text and bytes, also in their JSON and URL-encoded forms', () => {
    const redactor = new Redactor(['pa"ss wörd', 'abc']);
    expect(redactor.text('x pa"ss wörd y')).toBe('x [redacted] y');
    expect(redactor.text(JSON.stringify({ p: 'pa"ss wörd' }))).toBe('{"p":"[redacted]"}');
    expect(redactor.text(`q=${encodeURIComponent('pa"ss wörd')}`)).toBe('q=[redacted]');
    expect(redactor.bytes(Buffer.from('{"p":"pa\\"ss wörd"}')).toString()).toBe('{"p":"[redacted]"}');
    expect(redactor.text('abc')).toBe('abc'); // too short to be told from data
  });
});

describe('limits', () => {
  it('merges overrides and refuses nonsense', () => {
    expect(resolveTargetLimits({ maxPages: 7 })).toMatchObject({ maxPages: 7, maxResponseBytes: 100 * 1024 * 1024, maxDecompressedBytes: 500 * 1024 * 1024, connectTimeoutMs: 5000, totalTimeoutMs: 30_000, maxRedirects: 5, maxAttempts: 4 });
    expect(thrown(() => resolveTargetLimits({ maxPages: 0 })).code).toBe('internal_error');
    expect(thrown(() => resolveTargetLimits({ totalTimeoutMs: 1.5 })).code).toBe('internal_error');
    expect(resolveTargetLimits({ maxRedirects: 0 }).maxRedirects).toBe(0);
  });
});
