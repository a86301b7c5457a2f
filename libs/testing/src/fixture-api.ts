// A fixture HTTP API on 127.0.0.1 standing in for the outside world: it serves vega-datasets' real
// data sets and counts what it was asked, so tests can tell what reached it.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The folder of vega-datasets' data files. */
export function vegaDataDir(): string {
  // The package exports only its code (build/index.js); the data sits beside that folder.
  return join(dirname(require.resolve('vega-datasets')), '..', 'data');
}

export function vegaJson(name: string): unknown {
  return JSON.parse(readFileSync(join(vegaDataDir(), name), 'utf8')) as unknown;
}

export type FixtureHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => void | Promise<void>;

export interface FixtureApi {
  port: number;
  origin: string;
  /** host:port, for CONNECTOR_ALLOWED_TARGETS. */
  hostPort: string;
  requests: { method: string; path: string; headers: IncomingMessage['headers'] }[];
  route(path: string, handler: FixtureHandler): void;
  close(): Promise<void>;
}

export async function startFixtureApi(routes: Record<string, FixtureHandler> = {}): Promise<FixtureApi> {
  const table = new Map(Object.entries(routes));
  const requests: FixtureApi['requests'] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fixture');
    requests.push({ method: request.method ?? 'GET', path: url.pathname + url.search, headers: request.headers });
    const handler = table.get(url.pathname);
    if (!handler) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'no such fixture' }));
      return;
    }
    Promise.resolve(handler(request, response, url)).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    requests,
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A handler that answers JSON. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): FixtureHandler {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
}

/** A vega-datasets file as the body, with the content type of its extension. */
export function vegaFile(name: string): FixtureHandler {
  const type = name.endsWith('.csv') ? 'text/csv; charset=utf-8' : name.endsWith('.json') ? 'application/json' : 'application/octet-stream';
  const body = readFileSync(join(vegaDataDir(), name));
  return (_request, response) => {
    response.writeHead(200, { 'content-type': type }).end(body);
  };
}

export type FixtureAuth =
  | { type: 'API Key'; key: string; value: string; in: 'header' | 'query' }
  | { type: 'Bearer Token'; token: string }
  | { type: 'Basic Auth'; username: string; password: string };

/**
 * Puts a handler behind one of the connector's auth types: a missing credential answers 401, a
 * wrong one 403, as real APIs do.
 */
export function protectedBy(auth: FixtureAuth, handler: FixtureHandler): FixtureHandler {
  return (request, response, url) => {
    const header = request.headers.authorization;
    let given: string | undefined;
    let expected: string;
    if (auth.type === 'API Key') {
      given = auth.in === 'header' ? (request.headers[auth.key.toLowerCase()] as string | undefined) : (url.searchParams.get(auth.key) ?? undefined);
      expected = auth.value;
    } else if (auth.type === 'Bearer Token') {
      given = header?.startsWith('Bearer ') ? header.slice(7) : undefined;
      expected = auth.token;
    } else {
      given = header?.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString() : undefined;
      expected = `${auth.username}:${auth.password}`;
    }
    if (given === undefined) {
      response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' }).end('{"error":"unauthenticated"}');
      return;
    }
    if (given !== expected) {
      response.writeHead(403, { 'content-type': 'application/json' }).end('{"error":"forbidden"}');
      return;
    }
    return handler(request, response, url);
  };
}
