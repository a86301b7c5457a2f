// The process's one HTTP listener: /healthz, /readyz and /metrics for every target, and the
// routes modules mount (the gateway's /v1). Every request gets an x-request-id and an access log.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { Histogram, type Registry } from 'prom-client';

/** What a mounted app gets beside the request (hono: `c.env`). */
export interface MountBindings {
  /** The request's x-request-id, given or made here; the app answers and logs with it. */
  requestId: string;
}

export interface MountedApp {
  fetch(request: Request, bindings: MountBindings): Response | Promise<Response>;
}

export interface HttpRoutes {
  /** Requests whose path starts with `prefix` go to `app`, which sees the full path. */
  mount(prefix: string, app: MountedApp): void;
}

export type Readiness = () => Promise<{ ready: boolean; modules: Record<string, string> }>;

export class HttpServer implements HttpRoutes {
  private readonly mounts: ({ prefix: string } & MountedApp)[] = [];
  private readonly app = new Hono<{ Variables: { requestId: string } }>();
  private server: ServerType | undefined;

  constructor(
    private readonly logger: Logger,
    metrics: Registry,
    readiness: Readiness,
    /** True until every module has started: a path no module has mounted yet may still come. */
    starting: () => boolean = () => false,
  ) {
    const duration = new Histogram({
      name: 'querylane_http_request_duration_seconds',
      help: 'HTTP request duration by route prefix, method and status',
      labelNames: ['method', 'status', 'prefix'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metrics],
    });

    this.app.use(async (c, next) => {
      const requestId = c.req.header('x-request-id') || randomUUID();
      c.set('requestId', requestId);
      const started = performance.now();
      await next();
      c.res.headers.set('x-request-id', requestId);
      const seconds = (performance.now() - started) / 1000;
      const prefix = this.mounts.find((m) => c.req.path.startsWith(m.prefix))?.prefix ?? c.req.path;
      duration.observe({ method: c.req.method, status: String(c.res.status), prefix }, seconds);
      const quiet = c.req.path === '/healthz' || c.req.path === '/readyz' || c.req.path === '/metrics';
      this.logger[quiet ? 'debug' : 'info'](
        { request_id: requestId, method: c.req.method, path: c.req.path, status: c.res.status, duration_ms: Math.round(seconds * 100_000) / 100 },
        'http request',
      );
    });
    this.app.get('/healthz', (c) => c.json({ status: 'ok' }));
    this.app.get('/readyz', async (c) => {
      const state = await readiness();
      return c.json({ status: state.ready ? 'ready' : 'not_ready', modules: state.modules }, state.ready ? 200 : 503);
    });
    this.app.get('/metrics', async (c) => c.text(await metrics.metrics(), 200, { 'content-type': metrics.contentType }));
    this.app.all('*', async (c) => {
      const mount = this.mounts.find((m) => c.req.path.startsWith(m.prefix));
      const requestId = c.get('requestId');
      if (!mount && starting()) {
        // The listener opens first (for the probes); the gateway mounts /v1 once its services are up.
        c.header('Retry-After', '1');
        return c.json({ error: 'service_unavailable', message: 'the platform is starting; try again in a moment (GET /readyz says when it is ready)', request_id: requestId }, 503);
      }
      if (!mount) return c.json({ error: 'not_found', message: `no route for ${c.req.method} ${c.req.path}`, request_id: requestId }, 404);
      // The id goes beside the request: a copy of the request to add a header would be a whole
      // web Request with its body as a web stream, a measurable share of a query call's CPU.
      return mount.fetch(c.req.raw, { requestId });
    });
  }

  mount(prefix: string, app: MountedApp): void {
    this.mounts.push({ prefix, fetch: (request, bindings) => app.fetch(request, bindings) });
    this.mounts.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  async listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = serve({ fetch: this.app.fetch, hostname: host, port }, (info: AddressInfo) => {
        this.logger.info({ address: `${host}:${info.port}` }, 'http server listening');
        resolve(info.port);
      });
      server.once('error', reject);
      this.server = server;
    });
  }

  /** Stops accepting connections and waits for open requests (bounded by the caller's grace). */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    });
  }

  /** For tests: the composed app without a socket. */
  fetch(request: Request): Response | Promise<Response> {
    return this.app.fetch(request);
  }
}
