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
