// The target client against a fixture HTTP API on 127.0.0.1 serving vega-datasets files: formats,
// encodings, the four pagination styles, parameter groups, auth, retries, redirects, limits.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { spawn } from 'node:child_process';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { pino, type Logger } from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@querylane/errors';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { TargetClient, type FetchOptions, type FetchProgress, type JsonBody, type TargetLimits, type TargetRequestInput } from '../src/target/index.js';

const dataDir = fileURLToPath(new URL('../../../node_modules/vega-datasets/data/', import.meta.url));
const carsText = readFileSync(`${dataDir}cars.json`, 'utf8');
const cars = JSON.parse(carsText) as Record<string, unknown>[];
const zipcodesCsv = readFileSync(`${dataDir}zipcodes.csv`);
const unemploymentTsv = readFileSync(`${dataDir}unemployment.tsv`);
const mebibyte = 1024 * 1024;

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface Fixture {
  port: number;
  base: string;
  connections: number;
  requests: number;
  /** Requests per path (without the query). */
  hits: Map<string, number>;
  /** Bytes the endless endpoints wrote before the client went away. */
  sent: Map<string, number>;
  seen: Seen[];
  close(): Promise<void>;
}

async function startFixture(): Promise<Fixture> {
  const perKey = new Map<string, number>();
  const fixture = { port: 0, base: '', connections: 0, requests: 0, hits: new Map<string, number>(), sent: new Map<string, number>(), seen: [] as Seen[] } as Fixture;
  const gzipMember = zlib.gzipSync(Buffer.alloc(mebibyte, 0x20));
  const gzipBomb = Buffer.concat(Array.from({ length: 600 }, () => gzipMember)); // 600 MiB of spaces in ~1 MB
  const brotliBomb = zlib.brotliCompressSync(Buffer.alloc(64 * mebibyte, 0x20), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  const ndjson = `${cars.map((car) => JSON.stringify(car)).join('\n')}\n`;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server.on('connection', () => (fixture.connections += 1));

  const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) => {
    const body = JSON.stringify(value);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  const send = (res: ServerResponse, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(200, { 'content-type': type, 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
  const count = (key: string) => {
    const value = (perKey.get(key) ?? 0) + 1;
    perKey.set(key, value);
    return value;
  };

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://fixture');
    const q = (name: string) => url.searchParams.get(name);
    fixture.requests += 1;
    fixture.hits.set(url.pathname, (fixture.hits.get(url.pathname) ?? 0) + 1);
    fixture.seen.push({ method: req.method ?? '', url: req.url ?? '', headers: { ...req.headers }, body });
    const path = url.pathname;
    switch (path) {
      case '/cars.json':
        return send(res, 'application/json', carsText);
      case '/cars-unlabelled':
        return send(res, 'application/octet-stream', carsText);
      case '/malformed-array':
        return send(res, 'application/json', carsText.slice(0, -2));
      case '/wrapped':
        return json(res, 200, { data: { items: cars.slice(0, 50), total: 50 }, results: [{ rows: cars.slice(0, 3) }], 'meta.info': { ok: true } });
      case '/one':
        return json(res, 200, { data: { id: 7, name: 'single' } });
      case '/cars.ndjson':
        return send(res, 'application/x-ndjson', ndjson);
      case '/cars.jsonl':
        return send(res, 'application/jsonl', ndjson);
      case '/cars-sniffed':
        return send(res, 'text/plain', ndjson);
      case '/zipcodes.csv':
        return send(res, 'text/csv; charset=utf-8', zipcodesCsv);
      case '/unemployment.tsv':
        return send(res, 'text/tab-separated-values', unemploymentTsv);
      case '/html':
        return send(res, 'text/html', '<html><body>hello</body></html>');
      case '/html-error':
        res.writeHead(Number(q('status') ?? 404), { 'content-type': 'text/html' });
        return void res.end('<html><head><title>Error</title></head><body><h1>Something went wrong</h1><hr>nginx</body></html>');
      case '/empty':
        res.writeHead(204);
        return void res.end();
      case '/encoded': {
        const encoding = q('as') ?? 'gzip';
        const raw = Buffer.from(carsText);
        const encoded =
          encoding === 'gzip'
            ? zlib.gzipSync(raw)
            : encoding === 'br'
              ? zlib.brotliCompressSync(raw)
              : encoding === 'deflate'
                ? zlib.deflateSync(raw)
                : encoding === 'deflate-raw'
                  ? zlib.deflateRawSync(raw)
                  : zlib.brotliCompressSync(zlib.gzipSync(raw));
        const header = encoding === 'deflate-raw' ? 'deflate' : encoding === 'gzip-then-br' ? 'gzip, br' : encoding;
        return send(res, 'application/json', encoded, { 'content-encoding': header });
      }
      case '/corrupt-gzip':
        return send(res, 'application/json', Buffer.from('definitely not gzip'), { 'content-encoding': 'gzip' });
      case '/bomb.gz':
        return send(res, 'application/json', gzipBomb, { 'content-encoding': 'gzip' });
      case '/bomb.br':
        return send(res, 'application/json', brotliBomb, { 'content-encoding': 'br' });
      case '/filter':
        return json(res, 200, cars.filter((car) => car.Origin === q('origin')));
      case '/paged/page': {
        const total = Number(q('total') ?? cars.length);
        const size = Number(q('per_page') ?? 50);
        const page = Number(q('page') ?? 1);
        return json(res, 200, cars.slice(0, total).slice((page - 1) * size, page * size));
      }
      case '/paged/offset': {
        const offset = Number(q('offset') ?? 0);
        const limit = Number(q('limit') ?? 100);
        return json(res, 200, { items: cars.slice(offset, offset + limit) });
      }
      case '/paged/offset-capped': {
        // Caps every page at 40 records whatever limit is asked for.
        const offset = Number(q('offset') ?? 0);
        const limit = Math.min(40, Number(q('limit') ?? 100));
        return json(res, 200, { items: cars.slice(offset, offset + limit) });
      }
      case '/paged/offset-body': {
        const { offset, limit } = JSON.parse(body || '{}') as { offset: number; limit: number };
        return json(res, 200, { items: cars.slice(offset, offset + limit) });
      }
      case '/paged/cursor': {
        const start = Number(q('cursor') ?? 0);
        const next = start + 100 < cars.length ? String(start + 100) : null;
        return json(res, 200, { data: cars.slice(start, start + 100), meta: { next } });
      }
      case '/paged/flaky': {
        const page = Number(q('page') ?? 1);
        if (page === 2 && count(`flaky:${q('key')}`) === 1) return json(res, 503, { error: 'try again' }, { 'retry-after': '0' });
        return json(res, 200, cars.slice((page - 1) * 100, page * 100));
      }
      case '/paged/cursor-stuck':
        return json(res, 200, { data: cars.slice(0, 10), meta: { next: 'same' } });
      case '/paged/link': {
        const page = Number(q('p') ?? 0);
        const more = (page + 1) * 100 < cars.length;
        const link = more ? `</paged/link?p=${page + 1}>; rel="next", </paged/link?p=4>; rel="last"` : '</paged/link?p=0>; rel="first"';
        return json(res, 200, cars.slice(page * 100, page * 100 + 100), { link });
      }
      case '/slow':
        return void setTimeout(() => json(res, 200, cars.slice(0, 3)), Number(q('ms') ?? 2000));
      case '/slow-body': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('[');
        const timer = setInterval(() => res.write('{"a":1},'), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/retry-after': {
        if (count(`retry-after:${q('key')}`) > 1) return json(res, 200, cars.slice(0, 5));
        const after = q('date') ? new Date(Date.now() + Number(q('date')) * 1000).toUTCString() : (q('after') ?? '1');
        return json(res, 429, { error: 'slow down' }, { 'retry-after': after });
      }
      case '/fail': {
        if (count(`fail:${q('key')}`) > Number(q('times') ?? Infinity)) return json(res, 200, cars.slice(0, 2));
        return json(res, Number(q('status') ?? 500), { error: 'broken', echoed: q('api_key') });
      }
      case '/reset':
        if (count(`reset:${q('key')}`) === 1) return void req.socket.destroy();
        return json(res, 200, cars.slice(0, 4));
      case '/status':
        return json(res, Number(q('code') ?? 404), { error: 'not here', echoed: q('api_key') });
      case '/redirect':
        res.writeHead(Number(q('status') ?? 302), { location: q('to') ?? '/cars.json' });
        return void res.end('moved');
      case '/chain': {
        const left = Number(q('n') ?? 0);
        if (left > 0) {
          res.writeHead(302, { location: `/chain?n=${left - 1}` });
          return void res.end();
        }
        return json(res, 200, cars.slice(0, 3));
      }
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        return void res.end();
      case '/echo-records':
        return json(res, 200, [{ id: 1, seen: q('api_key') }, { id: 2, seen: 'nothing' }]);
      case '/nul-array':
        return send(res, 'application/json', '[{"a\\u0000b": 1}]');
      case '/latin1-array':
        return send(res, 'application/json', Buffer.from('[{"name": "Caf\u00e9"}]', 'latin1'));
      case '/echo':
        return json(res, 200, { method: req.method, query: Object.fromEntries(url.searchParams), headers: req.headers, body: body === '' ? null : body });
      case '/endless':
      case '/endless-declared': {
        const total = 200 * mebibyte;
        const headers: Record<string, string | number> = { 'content-type': 'application/json' };
        if (path === '/endless-declared') headers['content-length'] = total;
        res.writeHead(200, headers);
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        let written = 0;
        const pump = () => {
          while (written < total && !res.destroyed) {
            written += chunk.length;
            fixture.sent.set(path, written);
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        return pump();
      }
      default: {
        const user = /^\/users\/([^/]+)$/.exec(path);
        if (user) return json(res, 200, { id: decodeURIComponent(user[1] ?? ''), trace: req.headers['x-trace'] ?? null, query: Object.fromEntries(url.searchParams) });
        return json(res, 404, { error: 'no such fixture path' });
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixture.port = (server.address() as AddressInfo).port;
  fixture.base = `http://127.0.0.1:${fixture.port}`;
  fixture.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fixture;
}

/** A logger whose lines the test can read (debug and up), to prove secrets never reach them. */
function capturedLogger(): { logger: Logger; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), text: () => lines.join('') };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

async function collect<T>(records: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const record of records) all.push(record);
  return all;
}

let fixture: Fixture;
let other: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
  other = await startFixture();
});

afterAll(async () => {
  await fixture?.close();
  await other?.close();
});

function client(limits: Partial<TargetLimits> = {}, logger: Logger = testLogger()): TargetClient {
  return new TargetClient({
    policy: { allowedTargets: [`127.0.0.1:${fixture.port}`, `127.0.0.1:${other.port}`], allowPrivateNetworks: false },
    limits: { retryBaseDelayMs: 10, ...limits },
    logger,
  });
}

function get(path: string, extra: Partial<TargetRequestInput> = {}): TargetRequestInput {
  return { url: `${fixture.base}${path}`, method: 'GET', authType: 'None', ...extra } as TargetRequestInput;
}

const hits = (path: string) => fixture.hits.get(path) ?? 0;

describe('response formats', () => {
  it('reads a JSON array: every item a record, bytes as received', async () => {
    const result = await client().fetchRecords(get('/cars.json'));
    const records = await collect(result.records);
    expect(records).toEqual(cars);
    expect(result).toMatchObject({ pages: 1, status: 200, contentType: 'application/json', truncated: false, bytes: Buffer.byteLength(carsText) });
  });

  it('sniffs JSON sent as application/octet-stream', async () => {
    expect(await collect((await client().fetchRecords(get('/cars-unlabelled'))).records)).toHaveLength(cars.length);
  });

  it('extracts a dotted path, an array index path and a key that contains a dot', async () => {
    const items = await collect((await client().fetchRecords(get('/wrapped', { responsePathExtractor: 'data.items' }))).records);
    expect(items).toEqual(cars.slice(0, 50));
    const rows = await collect((await client().fetchRecords(get('/wrapped', { responsePathExtractor: 'results.0.rows' }))).records);
    expect(rows).toEqual(cars.slice(0, 3));
    const dotted = await collect((await client().fetchRecords(get('/wrapped', { responsePathExtractor: 'meta.info' }))).records);
    expect(dotted).toEqual([{ ok: true }]);
  });

  it('makes one record of an extracted object', async () => {
    const records = await collect((await client().fetchRecords(get('/one', { responsePathExtractor: 'data' }))).records);
    expect(records).toEqual([{ id: 7, name: 'single' }]);
  });

  it('refuses a missing path with invalid_request listing the keys at the deepest level reached', async () => {
    const error = await rejection(client().testConnection(get('/wrapped', { responsePathExtractor: 'data.itemz' })));
    expect(error.code).toBe('invalid_request');
    expect(error.message).toContain('"data"');
    expect(error.message).toContain('items, total');
    expect(error.details).toMatchObject({ field: 'responsePathExtractor', reached: 'data', available_keys: ['items', 'total'] });
    const outOfRange = await rejection(client().testConnection(get('/wrapped', { responsePathExtractor: 'results.5.rows' })));
    expect(outOfRange.message).toContain('array of 1 items');
  });

  it.each(['/cars.ndjson', '/cars.jsonl', '/cars-sniffed'])('reads NDJSON from %s', async (path) => {
    const result = await client().fetchRecords(get(path));
    expect(await collect(result.records)).toEqual(cars);
  });

  it('reads CSV with the header row as keys, numeric columns as numbers, text with leading zeros kept as text', async () => {
    const result = await client().fetchRecords(get('/zipcodes.csv'));
    const records = await collect(result.records);
    const lines = zipcodesCsv.toString('utf8').trim().split('\n');
    expect(records).toHaveLength(lines.length - 1);
    expect(records[0]).toEqual({ zip_code: '00501', latitude: 40.922326, longitude: -72.637078, city: 'Holtsville', state: 'NY', county: 'Suffolk' });
    expect(result.contentType).toBe('text/csv; charset=utf-8');
  });

  it('reads TSV', async () => {
    const records = await collect((await client().fetchRecords(get('/unemployment.tsv'))).records);
    const [header, first] = unemploymentTsv.toString('utf8').split('\n');
    const columns = (header ?? '').trim().split('\t');
    expect(Object.keys(records[0] ?? {})).toEqual(columns);
    // id and rate (".097") are numbers in every row, so they are read as numbers.
    expect(Object.values(records[0] ?? {})).toEqual((first ?? '').trim().split('\t').map(Number));
  });

  it.each(['gzip', 'br', 'deflate', 'deflate-raw', 'gzip-then-br'])('decodes %s bodies', async (encoding) => {
    const result = await client().fetchRecords(get(`/encoded?as=${encoding}`));
    expect(await collect(result.records)).toEqual(cars);
    expect(result.bytes).toBeLessThan(Buffer.byteLength(carsText) / 3);
  });

  it('reports a corrupt gzip body as upstream_error', async () => {
    const error = await rejection(client().fetchRecords(get('/corrupt-gzip')));
    expect(error.code).toBe('upstream_error');
    expect(error.details).toMatchObject({ reason: 'undecodable_body' });
  });

  it('gives no records for 204 and refuses HTML in execute mode', async () => {
    expect(await collect((await client().fetchRecords(get('/empty'))).records)).toEqual([]);
    const result = await client().fetchRecords(get('/html'));
    const error = await rejection(collect(result.records));
    expect(error.code).toBe('upstream_error');
    expect(error.details).toMatchObject({ reason: 'unsupported_content_type' });
  });
});

describe('testConnection', () => {
  it('answers API.md endpoint 1 with at most 100 records of data', async () => {
    const result = await client().testConnection(get('/cars.json'));
    expect(result).toMatchObject({ success: true, status: 200, content_type: 'application/json', size: Buffer.byteLength(carsText) });
    expect(result.response_time).toBeGreaterThanOrEqual(0);
    expect(result.data).toEqual(cars.slice(0, 100));
    expect(result.error).toBeUndefined();
  });

  it('answers success:false with the status and body of a non-2xx target, without retrying', async () => {
    const before = hits('/fail');
    const result = await client().testConnection(get('/fail?key=test-500&status=503'));
    expect(result).toMatchObject({ success: false, status: 503, data: { error: 'broken' } });
    expect(result.error).toContain('503');
    expect(hits('/fail') - before).toBe(1);
  });

  it('answers success:false, status 0 and an error for a port nobody listens on', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const target = new TargetClient({ policy: { allowedTargets: [`127.0.0.1:${port}`], allowPrivateNetworks: false }, logger: testLogger() });
    const result = await target.testConnection({ url: `http://127.0.0.1:${port}/`, method: 'GET', authType: 'None' });
    expect(result).toMatchObject({ success: false, status: 0, data: null });
    expect(result.error).toContain('ECONNREFUSED');
  });

  it('answers an HTML error page with success false, its status and its text, and execute-request with upstream_error naming the status', async () => {
    const page = await client().testConnection(get('/html-error?status=404'));
    expect(page).toMatchObject({ success: false, status: 404, content_type: 'text/html' });
    expect(page.data).toContain('Something went wrong');
    for (const status of [404, 502]) {
      const error = await rejection(client({ maxAttempts: 2, retryBaseDelayMs: 0 }).fetchRecords(get(`/html-error?status=${status}`)));
      expect(error.code).toBe('upstream_error');
      expect(error.details).toMatchObject({ status });
      expect(error.message).toContain(String(status));
    }
  });

  it('returns a text body as it is', async () => {
    const result = await client().testConnection(get('/html'));
    expect(result).toMatchObject({ success: true, status: 200, content_type: 'text/html', data: '<html><body>hello</body></html>' });
  });

  it('uses the first parameter group only', async () => {
    const before = hits('/filter');
    const result = await client().testConnection(
      get('/filter', {
        parameterGroups: [
          { name: 'usa', parameters: { origin: { value: 'USA' } } },
          { name: 'japan', parameters: { origin: { value: 'Japan' } } },
        ],
      }),
    );
    expect(hits('/filter') - before).toBe(1);
    const data = result.data as { Origin: string }[];
    expect(data.length).toBe(100);
    expect(new Set(data.map((car) => car.Origin))).toEqual(new Set(['USA']));
  });
});

describe('parameters and parameter groups', () => {
  it('places path, query and header parameters', async () => {
    const result = await client().testConnection(
      get('/users/{id}', {
        parameters: { id: { value: 'a b/42', in: 'path' }, verbose: { value: true }, limit: { value: 5, in: 'query' }, 'X-Trace': { value: 'trace-1', in: 'header' } },
      }),
    );
    expect(result.data).toEqual({ id: 'a b/42', trace: 'trace-1', query: { verbose: 'true', limit: '5' } });
  });

  it('sends PUT, PATCH and DELETE with their method and body, and HEAD without reading a body', async () => {
    for (const method of ['PUT', 'PATCH'] as const) {
      const echo = (await client().testConnection(get('/echo', { method, body: { name: 'x' } }))).data as { method: string; body: string };
      expect(echo.method).toBe(method);
      expect(JSON.parse(echo.body)).toEqual({ name: 'x' });
    }
    const deleted = (await client().testConnection(get('/echo?id=7', { method: 'DELETE' }))).data as { method: string; query: Record<string, string>; body: string | null };
    expect(deleted).toMatchObject({ method: 'DELETE', query: { id: '7' }, body: null });
    const head = await client().testConnection(get('/cars.json', { method: 'HEAD' }));
    expect(head).toMatchObject({ success: true, status: 200, size: 0 });
    expect(await collect((await client().fetchRecords(get('/cars.json', { method: 'HEAD' }))).records)).toEqual([]);
  });

  it('merges body parameters into the JSON body of a POST', async () => {
    const result = await client().testConnection(get('/echo', { method: 'POST', body: { filter: 'x' }, parameters: { page_size: { value: 10, in: 'body' } } }));
    const echo = result.data as { method: string; body: string; headers: Record<string, string> };
    expect(echo.method).toBe('POST');
    expect(JSON.parse(echo.body)).toEqual({ filter: 'x', page_size: 10 });
    expect(echo.headers['content-type']).toBe('application/json');
  });

  it('refuses a required parameter without a value before sending anything', async () => {
    const before = fixture.requests;
    for (const value of [undefined, null, '']) {
      const error = await rejection(client().fetchRecords(get('/users/{id}', { parameters: { id: { value, required: true, in: 'path' } } })));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain('"id"');
      expect(error.details).toEqual({ field: 'parameters.id' });
    }
    const inGroup = await rejection(
      client().fetchRecords(get('/filter', { parameters: { origin: { required: true } }, parameterGroups: [{ name: 'a', parameters: { origin: { value: 'USA' } } }, { name: 'b', parameters: { origin: { value: '' } } }] })),
    );
    expect(inGroup.details).toEqual({ field: 'parameterGroups.1.parameters.origin' });
    expect(fixture.requests).toBe(before);
  });

  it('fetches once per group and tags every record with its group', async () => {
    const before = hits('/filter');
    const result = await client().fetchRecords(
      get('/filter', {
        parameters: { origin: { value: 'Europe' } },
        parameterGroups: [
          { name: 'usa', parameters: { origin: { value: 'USA' } } },
          { name: 'japan', parameters: { origin: { value: 'Japan' } } },
        ],
      }),
    );
    const records = await collect(result.records);
    const usa = cars.filter((car) => car.Origin === 'USA').map((car) => ({ ...car, _parameter_group: 'usa' }));
    const japan = cars.filter((car) => car.Origin === 'Japan').map((car) => ({ ...car, _parameter_group: 'japan' }));
    expect(records).toEqual([...usa, ...japan]);
    expect(result.pages).toBe(2);
    expect(hits('/filter') - before).toBe(2);
  });
});

describe('wholeBody', () => {
  /** The items of a whole body, parsing it when it was handed over unparsed. */
  const itemsOf = async (body: JsonBody | undefined) => {
    if (typeof body?.values !== 'function') return { format: body?.format, values: body?.values };
    const { format, values } = await body.values();
    return { format, values: [...values] };
  };

  it('hands over a single JSON array or NDJSON body as bytes, parsed when asked for its items, the run consumed', async () => {
    const progress: FetchProgress[] = [];
    const result = await client().fetchRecords(get('/cars.json'), { onProgress: (p) => progress.push(p) });
    const body = await result.wholeBody();
    expect(body?.format).toBe('array');
    expect(body?.json.toString()).toBe(carsText);
    // Without pagination nothing needs the items before the caller does.
    expect(typeof body?.values).toBe('function');
    expect(progress).toEqual([]);
    expect(await itemsOf(body)).toEqual({ format: 'array', values: cars });
    expect(result).toMatchObject({ pages: 1, bytes: Buffer.byteLength(carsText) });
    expect(progress).toEqual([{ pages: 1, records: cars.length, bytes: Buffer.byteLength(carsText) }]);
    expect((await rejection(collect(result.records))).code).toBe('internal_error');
    const lines = await (await client().fetchRecords(get('/cars.ndjson'))).wholeBody();
    expect(lines?.format).toBe('newline_delimited');
    expect(await itemsOf(lines)).toEqual({ format: 'newline_delimited', values: cars });
  });

  it('hands over a one-page paginated body already parsed, and an unparsed body that is not JSON fails when parsed', async () => {
    const onePage = await (await client().fetchRecords(get('/cars.json', { pagination: { type: 'link' } }))).wholeBody();
    expect(onePage?.values).toEqual(cars);
    const malformed = await (await client().fetchRecords(get('/malformed-array'))).wholeBody();
    expect(typeof malformed?.values).toBe('function');
    expect(await rejection(itemsOf(malformed))).toMatchObject({ code: 'upstream_error', details: { reason: 'invalid_body' } });
  });

  it('declines a response path, pages to follow and CSV; records still reads them', async () => {
    const declined = [
      get('/wrapped', { responsePathExtractor: 'data.items' }),
      get('/paged/page', { pagination: { type: 'page', param: 'page', sizeParam: 'per_page', size: 100 } }),
      get('/zipcodes.csv'),
    ];
    for (const request of declined) {
      const result = await client().fetchRecords(request);
      expect(await result.wholeBody()).toBeUndefined();
      expect((await collect(result.records)).length).toBeGreaterThan(0);
    }
    // A decoded body is the same JSON, so it is handed over too.
    expect((await itemsOf(await (await client().fetchRecords(get('/encoded?as=gzip'))).wholeBody())).values).toEqual(cars);
  });

  describe('with a spool directory', () => {
    let spoolDir: ScratchDir;
    beforeEach(() => {
      spoolDir = scratchDir('querylane-spool-');
    });
    afterEach(() => spoolDir.remove());
    const fetchSpooled = (request: TargetRequestInput, options: FetchOptions = {}) => client().fetchRecords(request, { ...options, spoolDir: spoolDir.path });
    const spooledFiles = () => readdirSync(spoolDir.path);

    it('writes a whole JSON array or NDJSON body to a file as it arrives and hands over the file, parsed only when asked', async () => {
      const progress: FetchProgress[] = [];
      const result = await fetchSpooled(get('/cars.json'), { onProgress: (p) => progress.push(p) });
      const body = await result.wholeBody();
      expect(body?.format).toBe('array');
      expect(Buffer.isBuffer(body?.json)).toBe(false);
      const file = body!.json as { path: string; bytes: number; nulEscape: boolean };
      expect(readFileSync(file.path, 'utf8')).toBe(carsText);
      expect(file).toMatchObject({ bytes: Buffer.byteLength(carsText), nulEscape: false });
      expect(progress).toEqual([]);
      expect(await itemsOf(body)).toEqual({ format: 'array', values: cars });
      expect(result).toMatchObject({ pages: 1, bytes: Buffer.byteLength(carsText) });
      const lines = await (await fetchSpooled(get('/cars.ndjson'))).wholeBody();
      expect(lines?.format).toBe('newline_delimited');
      expect(Buffer.isBuffer(lines?.json)).toBe(false);
      expect(await itemsOf(lines)).toEqual({ format: 'newline_delimited', values: cars });
      await expect((await fetchSpooled(get('/nul-array'))).wholeBody()).resolves.toMatchObject({ json: { nulEscape: true } });
    });

    it('reads back a body that is not UTF-8 records, or echoes a secret, and goes on as without a spool', async () => {
      // CSV: not handed over; its records are read from the file.
      const csv = await fetchSpooled(get('/zipcodes.csv'));
      expect(await csv.wholeBody()).toBeUndefined();
      expect((await collect(csv.records)).length).toBeGreaterThan(1000);
      // Latin-1 bytes: not handed to DuckDB; the records still come.
      const latin1 = await fetchSpooled(get('/latin1-array'));
      expect(await latin1.wholeBody()).toBeUndefined();
      expect(await collect(latin1.records)).toEqual([{ name: 'Caf\uFFFD' }]);
      // A secret the target echoes in a records body is redacted before anything reads it.
      const echoed = await (await fetchSpooled(get('/echo-records', { authType: 'API Key', auth: { key: 'api_key', value: 'spooled-secret-77', in: 'query' } }))).wholeBody();
      expect(Buffer.isBuffer(echoed?.json)).toBe(true);
      expect(echoed?.json.toString()).not.toContain('spooled-secret-77');
      expect((await itemsOf(echoed)).values).toEqual([{ id: 1, seen: '[redacted]' }, { id: 2, seen: 'nothing' }]);
      // A compressed body is decoded in memory, as before.
      expect(Buffer.isBuffer((await (await fetchSpooled(get('/encoded?as=gzip'))).wholeBody())?.json)).toBe(true);
    });

    it('leaves no file behind when the body fails part-way, and spools nothing a page or an error needs', async () => {
      const tooLarge = await rejection(client({ maxResponseBytes: 8 * mebibyte }).fetchRecords(get('/endless'), { spoolDir: spoolDir.path }));
      expect(tooLarge.code).toBe('payload_too_large');
      expect(await rejection(fetchSpooled(get('/fail?status=400')))).toMatchObject({ code: 'upstream_error' });
      const paged = await fetchSpooled(get('/paged/page', { pagination: { type: 'page', param: 'page', sizeParam: 'per_page', size: 100 } }));
      expect((await collect(paged.records)).length).toBeGreaterThan(100);
      await vi.waitFor(() => expect(spooledFiles()).toEqual([]));
    });
  });
});

describe('pagination', () => {
  it('follows page numbers until a short page', async () => {
    const progress: FetchProgress[] = [];
    const result = await client().fetchRecords(get('/paged/page', { pagination: { type: 'page', param: 'page', sizeParam: 'per_page', size: 100 } }), { onProgress: (p) => progress.push(p) });
    expect(await collect(result.records)).toEqual(cars);
    expect(result.pages).toBe(5);
    expect(result.truncated).toBe(false);
    expect(progress.map((p) => p.records)).toEqual([100, 200, 300, 400, 406]);
    expect(progress.map((p) => p.pages)).toEqual([1, 2, 3, 4, 5]);
    expect(progress[4]?.bytes).toBe(result.bytes);
  });

  it('takes the first page as the page size when none is configured, and stops on an empty page', async () => {
    const unsized = await client().fetchRecords(get('/paged/page', { pagination: { type: 'page' } }));
    expect(await collect(unsized.records)).toEqual(cars);
    expect(unsized.pages).toBe(9); // 8 pages of the server's 50, then 6
    const exact = await client().fetchRecords(get('/paged/page?total=400', { pagination: { type: 'page', size: 100 } }));
    expect(await collect(exact.records)).toEqual(cars.slice(0, 400));
    expect(exact.pages).toBe(5); // the fifth is empty
  });

  it('follows offset and limit, in the query or in a POST body', async () => {
    const result = await client().fetchRecords(get('/paged/offset', { responsePathExtractor: 'items', pagination: { type: 'offset', offsetParam: 'offset', limitParam: 'limit', limit: 100 } }));
    expect(await collect(result.records)).toEqual(cars);
    expect(result.pages).toBe(5);
    const posted = await client().fetchRecords(get('/paged/offset-body', { method: 'POST', body: {}, responsePathExtractor: 'items', pagination: { type: 'offset', limit: 150, in: 'body' } }));
    expect(await collect(posted.records)).toEqual(cars);
    expect(posted.pages).toBe(3);
  });

  it('reads every record of an offset API that caps the limit lower than asked', async () => {
    const result = await client().fetchRecords(get('/paged/offset-capped', { responsePathExtractor: 'items', pagination: { type: 'offset', limit: 100 } }));
    expect(await collect(result.records)).toEqual(cars);
    expect(result.pages).toBe(Math.ceil(cars.length / 40));
  });

  it('follows a cursor from the body until it is missing', async () => {
    const result = await client().fetchRecords(get('/paged/cursor', { responsePathExtractor: 'data', pagination: { type: 'cursor', cursorParam: 'cursor', cursorPath: 'meta.next' } }));
    expect(await collect(result.records)).toEqual(cars);
    expect(result.pages).toBe(5);
    const stuck = await client().fetchRecords(get('/paged/cursor-stuck', { responsePathExtractor: 'data', pagination: { type: 'cursor', cursorPath: 'meta.next' } }));
    await collect(stuck.records);
    expect(stuck.pages).toBe(2); // the repeated cursor ends it instead of looping
  });

  it('follows RFC 8288 Link rel="next"', async () => {
    const result = await client().fetchRecords(get('/paged/link', { pagination: { type: 'link' } }));
    expect(await collect(result.records)).toEqual(cars);
    expect(result.pages).toBe(5);
  });

  it('stops at maxPages and reports truncated', async () => {
    const result = await client().fetchRecords(get('/paged/page', { pagination: { type: 'page', size: 100, maxPages: 2 } }));
    expect(await collect(result.records)).toEqual(cars.slice(0, 200));
    expect(result).toMatchObject({ pages: 2, truncated: true });
    const capped = await client({ maxPages: 3 }).fetchRecords(get('/paged/link', { pagination: { type: 'link', maxPages: 50 } }));
    expect(await collect(capped.records)).toHaveLength(300);
    expect(capped).toMatchObject({ pages: 3, truncated: true });
  });

  it('fetches later pages only while the records are read', async () => {
    const before = hits('/paged/cursor');
    const result = await client().fetchRecords(get('/paged/cursor', { responsePathExtractor: 'data', pagination: { type: 'cursor', cursorPath: 'meta.next' } }));
    expect(hits('/paged/cursor') - before).toBe(1);
    let read = 0;
    for await (const _record of result.records) if (++read === 150) break;
    expect(hits('/paged/cursor') - before).toBe(2);
    await expect(collect(result.records)).rejects.toThrow('can be read once');
  });
});

describe('retries (execute mode)', () => {
  it('honours Retry-After in seconds', async () => {
    const started = Date.now();
    const result = await client().fetchRecords(get('/retry-after?key=seconds&after=1'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(await collect(result.records)).toEqual(cars.slice(0, 5));
  });

  it('honours Retry-After as an HTTP date', async () => {
    const started = Date.now();
    const result = await client().fetchRecords(get('/retry-after?key=date&date=2'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(result.status).toBe(200);
  });

  it('caps Retry-After', async () => {
    const started = Date.now();
    await client({ retryMaxDelayMs: 100 }).fetchRecords(get('/retry-after?key=capped&after=3600'));
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('retries 5xx up to maxAttempts, then upstream_error with the status', async () => {
    const before = hits('/fail');
    const error = await rejection(client().fetchRecords(get('/fail?key=always')));
    expect(error.code).toBe('upstream_error');
    expect(error.httpStatus).toBe(502);
    expect(error.details).toMatchObject({ status: 500, attempts: 4 });
    expect(hits('/fail') - before).toBe(4);
    const recovered = await client().fetchRecords(get('/fail?key=twice&times=2&status=503'));
    expect(await collect(recovered.records)).toEqual(cars.slice(0, 2));
  });

  it('does not retry other statuses', async () => {
    const before = hits('/status');
    const error = await rejection(client().fetchRecords(get('/status?code=404')));
    expect(error.details).toMatchObject({ status: 404, attempts: 1 });
    expect(hits('/status') - before).toBe(1);
  });

  it('retries a dropped connection', async () => {
    const before = hits('/reset');
    const result = await client().fetchRecords(get('/reset?key=once'));
    expect(await collect(result.records)).toEqual(cars.slice(0, 4));
    expect(hits('/reset') - before).toBe(2);
  });

  it('retries later pages too', async () => {
    // Page 2 of this listing answers 503 once.
    const before = hits('/paged/flaky');
    const result = await client().fetchRecords(get('/paged/flaky?key=later', { pagination: { type: 'page', size: 100, maxPages: 3 } }));
    expect(await collect(result.records)).toEqual(cars.slice(0, 300));
    expect(hits('/paged/flaky') - before).toBe(4);
    expect(result.pages).toBe(3);
  });
});

describe('redirects', () => {
  it('follows up to five redirects and refuses the sixth', async () => {
    expect(await collect((await client().fetchRecords(get('/chain?n=5'))).records)).toEqual(cars.slice(0, 3));
    const error = await rejection(client().fetchRecords(get('/chain?n=6')));
    expect(error.code).toBe('upstream_error');
    expect(error.details).toMatchObject({ reason: 'too_many_redirects' });
  });

  it('stops a redirect loop', async () => {
    const before = hits('/loop');
    const error = await rejection(client().fetchRecords(get('/loop')));
    expect(error.details).toMatchObject({ reason: 'too_many_redirects' });
    expect(hits('/loop') - before).toBe(6);
  });

  it('turns a POST into a GET without body on 301, 302 and 303, and keeps both on 307 and 308', async () => {
    for (const status of [301, 302, 303]) {
      const result = await client().testConnection(get(`/redirect?status=${status}&to=/echo`, { method: 'POST', body: { a: 1 } }));
      expect(result.data).toMatchObject({ method: 'GET', body: null });
    }
    for (const status of [307, 308]) {
      const result = await client().testConnection(get(`/redirect?status=${status}&to=/echo`, { method: 'POST', body: { a: 1 } }));
      expect(result.data).toMatchObject({ method: 'POST', body: '{"a":1}' });
    }
  });

  it('keeps credentials on the same origin and drops them on another', async () => {
    const auth = { authType: 'Bearer Token', auth: { token: 'bearer-secret-1234' } } as const;
    const same = await client().testConnection(get('/redirect?to=/echo', auth));
    expect(fixture.seen.at(-1)?.headers.authorization).toBe('Bearer bearer-secret-1234');
    expect((same.data as { headers: Record<string, string> }).headers.authorization).toBe('[redacted]');
    await client().testConnection(get(`/redirect?to=${encodeURIComponent(`${other.base}/echo?x=1`)}`, auth));
    expect(other.seen.at(-1)?.headers.authorization).toBeUndefined();
    await client().testConnection(get(`/redirect?to=${encodeURIComponent(`${other.base}/echo`)}`, { authType: 'API Key', auth: { key: 'api_key', value: 'query-secret-5678', in: 'query' } }));
    expect(other.seen.at(-1)?.url).toBe('/echo');
  });
});

describe('limits', () => {
  it('gives up connecting after connectTimeoutMs (timeout 504, reason connect_timeout)', async () => {
    // A listener whose process accepts nothing: once its queue is full the kernel drops further
    // handshakes, so a connection attempt hangs as it does towards a host that never answers.
    const listener = spawn(
      process.execPath,
      ['-e', "const s = require('net').createServer(); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => { console.log(s.address().port); setTimeout(() => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30000), 50); });"],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const fillers: Socket[] = [];
    try {
      const port = await new Promise<number>((resolve) => listener.stdout!.once('data', (data: Buffer) => resolve(Number(String(data).trim()))));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Fill the queue until a connection attempt no longer completes.
      for (;;) {
        const socket = connect(port, '127.0.0.1');
        fillers.push(socket);
        const connected = await new Promise<boolean>((resolve) => {
          socket.once('connect', () => resolve(true));
          setTimeout(() => resolve(false), 1000);
        });
        if (!connected) break;
        if (fillers.length > 16) throw new Error('the listener kept accepting');
      }
      const target = new TargetClient({ policy: { allowedTargets: [`127.0.0.1:${port}`], allowPrivateNetworks: false }, logger: testLogger(), limits: { connectTimeoutMs: 400 } });
      const started = Date.now();
      const error = await rejection(target.fetchRecords({ url: `http://127.0.0.1:${port}/`, method: 'GET', authType: 'None' }));
      expect(Date.now() - started).toBeLessThan(3000);
      expect(error).toMatchObject({ code: 'timeout', httpStatus: 504, details: { reason: 'connect_timeout', limit_ms: 400 } });
      await target.close();
    } finally {
      for (const socket of fillers) socket.destroy();
      listener.kill('SIGKILL');
    }
  });

  it('answers timeout (504) when the target is too slow, and success:false in test-connection', async () => {
    const started = Date.now();
    const error = await rejection(client({ totalTimeoutMs: 300 }).fetchRecords(get('/slow?ms=3000')));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.code).toBe('timeout');
    expect(error.httpStatus).toBe(504);
    const result = await client({ totalTimeoutMs: 300 }).testConnection(get('/slow?ms=3000'));
    expect(result).toMatchObject({ success: false, status: 0 });
    expect(result.error).toContain('300 ms');
    const trickle = await rejection(client({ totalTimeoutMs: 400 }).fetchRecords(get('/slow-body')));
    expect(trickle.code).toBe('timeout');
  });

  it('stops an endless 200 MiB body at 100 MiB while streaming', async () => {
    const error = await rejection(client().fetchRecords(get('/endless')));
    expect(error.code).toBe('payload_too_large');
    expect(error.httpStatus).toBe(413);
    expect(error.details).toMatchObject({ reason: 'response_too_large', limit: 100 * mebibyte });
    // The fixture was cut off well before the end (socket buffers let a few MiB more through).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fixture.sent.get('/endless')).toBeLessThan(130 * mebibyte);
    expect(fixture.sent.get('/endless')).toBeGreaterThan(100 * mebibyte);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const error = await rejection(client().fetchRecords(get('/endless-declared')));
    expect(error.details).toMatchObject({ reason: 'response_too_large' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fixture.sent.get('/endless-declared')).toBeLessThan(20 * mebibyte);
  });

  it('stops a gzip bomb at the 500 MiB decompressed limit', async () => {
    const error = await rejection(client().fetchRecords(get('/bomb.gz')));
    expect(error.code).toBe('payload_too_large');
    expect(error.details).toMatchObject({ reason: 'decompressed_too_large', limit: 500 * mebibyte });
  });

  it('stops a brotli bomb at a configured limit', async () => {
    const error = await rejection(client({ maxDecompressedBytes: 8 * mebibyte }).fetchRecords(get('/bomb.br')));
    expect(error.details).toMatchObject({ reason: 'decompressed_too_large', limit: 8 * mebibyte });
    const result = await client({ maxDecompressedBytes: 8 * mebibyte }).testConnection(get('/bomb.br'));
    expect(result).toMatchObject({ success: false, status: 200 });
    expect(result.error).toContain('decompresses to more than');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await rejection(client().fetchRecords(get('/slow?ms=3000'), { signal: controller.signal }));
    expect(error.details).toMatchObject({ reason: 'aborted' });
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('secrets', () => {
  it('sends each auth type and never logs, returns or reports the secret', async () => {
    const { logger, text } = capturedLogger();
    const target = client({}, logger);
    const cases = [
      { request: { authType: 'API Key', auth: { key: 'X-Api-Key', value: 'header-key-secret-1' } }, header: 'x-api-key', sent: 'header-key-secret-1', secret: 'header-key-secret-1' },
      { request: { authType: 'API Key', auth: { key: 'api_key', value: 'query-key-secret-2', in: 'query' } }, query: 'api_key', sent: 'query-key-secret-2', secret: 'query-key-secret-2' },
      { request: { authType: 'Bearer Token', auth: { token: 'bearer-secret-3' } }, header: 'authorization', sent: 'Bearer bearer-secret-3', secret: 'bearer-secret-3' },
      {
        request: { authType: 'Basic Auth', auth: { username: 'ada', password: 'basic-password-4' } },
        header: 'authorization',
        sent: `Basic ${Buffer.from('ada:basic-password-4').toString('base64')}`,
        secret: Buffer.from('ada:basic-password-4').toString('base64'),
      },
    ] as const;
    for (const entry of cases) {
      const result = await target.testConnection(get('/echo', entry.request as Partial<TargetRequestInput>));
      const seen = fixture.seen.at(-1)!;
      if ('header' in entry) expect(seen.headers[entry.header]).toBe(entry.sent);
      else expect(new URL(seen.url, fixture.base).searchParams.get(entry.query)).toBe(entry.sent);
      expect(JSON.stringify(result)).not.toContain(entry.secret);
      expect(JSON.stringify(result)).toContain('[redacted]');

      const failure = await rejection(target.fetchRecords(get('/status?code=404', entry.request as Partial<TargetRequestInput>)));
      expect(failure.code).toBe('upstream_error');
      expect(JSON.stringify({ message: failure.message, details: failure.details })).not.toContain(entry.secret);
    }
    const paged = await target.fetchRecords(get('/paged/page', { pagination: { type: 'page', size: 200 }, authType: 'API Key', auth: { key: 'api_key', value: 'query-key-secret-2', in: 'query' } }));
    await collect(paged.records);
    const logs = text();
    expect(logs).toContain('target page fetched');
    expect(logs).toContain('api_key=[redacted]');
    for (const entry of cases) expect(logs).not.toContain(entry.secret);
  });

  it('scrubs a query API key the target echoes into an error body', async () => {
    const error = await rejection(client().fetchRecords(get('/fail?key=echo&status=400', { authType: 'API Key', auth: { key: 'api_key', value: 'echoed-secret-99', in: 'query' } })));
    expect(error.details?.target_message).toContain('[redacted]');
    expect(JSON.stringify(error.details)).not.toContain('echoed-secret-99');
    expect(error.message).not.toContain('echoed-secret-99');
  });
});
