// The public HTTP API under /v1, composed from route groups; every error leaves in the shape of
// DESIGN.md §8, and GET /v1/openapi.json describes every route.
import { randomUUID } from 'node:crypto';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { AppError, toErrorBody } from '@querylane/errors';
import type { ServiceClients } from '@querylane/runtime';
import { Authenticator } from './auth/authenticator.js';
import { managementAuth } from './auth/management-auth.middleware.js';
import type { GatewayEnv } from './gateway-env.js';
import { CheckServicesUseCase } from './health/check-services.usecase.js';
import { validationHook } from './openapi/errors.js';
import { isRateLimitRefusal } from './queries/rate-limiter.js';
import { accessRoutes, sessionRoutes } from './routes/access.routes.js';
import { alertsRoutes } from './routes/alerts.routes.js';
import { apiKeysRoutes } from './routes/api-keys.routes.js';
import { connectionsRoutes } from './routes/connections.routes.js';
import { deployRoutes } from './routes/deploy.routes.js';
import { meteringRoutes } from './routes/metering.routes.js';
import type { ApiCallPublisher } from './queries/api-calls.js';
import type { DeployedEndpoints } from './queries/deployed-endpoints.js';
import type { RateLimiter } from './queries/rate-limiter.js';
import type { QueryRuns } from './queries/query-runs.js';
import { queryProgramsRoutes } from './routes/query-programs.routes.js';
import { queryRoutes } from './routes/queries.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { projectsRoutes } from './routes/projects.routes.js';

export interface GatewayDependencies {
  clients: ServiceClients;
  logger: Logger;
  authenticator?: Authenticator;
  /** The query endpoints' in-memory state and their api-calls events (absent: no query endpoints). */
  queries?: { endpoints: DeployedEndpoints; calls: ApiCallPublisher; limiter?: RateLimiter; runs?: QueryRuns };
  /** Largest management request body (default 1 MiB). */
  maxBodyBytes?: number;
  secureCookies?: boolean;
}

const publicRoutes = new Set(['GET /v1/healthz', 'GET /v1/openapi.json', 'POST /v1/auth/sessions', 'DELETE /v1/auth/sessions']);

/** API.md's 429: `{error, message, retry_after}` (with the request id of every error) and Retry-After. */
function tooManyRequests(c: Context<GatewayEnv>, error: AppError): Response {
  const { retry_after: retryAfter, headers } = (error.details ?? {}) as { retry_after?: number; headers?: Record<string, string> };
  for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
  c.header('Retry-After', String(retryAfter ?? 1));
  return c.json({ error: error.code, message: error.message, retry_after: retryAfter ?? 1, request_id: c.get('requestId') }, 429);
}

function isQueryPath(path: string): boolean {
  return path === '/v1/query' || path.startsWith('/v1/queries/');
}

function isQueryRoute(path: string, method: string): boolean {
  return method === 'POST' && isQueryPath(path);
}

export function createGatewayApp({ clients, logger, authenticator = new Authenticator(clients), queries, maxBodyBytes = 1024 * 1024, secureCookies = false }: GatewayDependencies) {
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook }).basePath('/v1');
  app.use(async (c, next) => {
    const requestId = c.env?.requestId || c.req.header('x-request-id') || randomUUID();
    c.set('requestId', requestId);
    // Set before the handler: c.json/c.body take it with them. Set on a finished response, it would
    // turn node-server's light response (a string body written as it is) into a whole web Response
    // with its body as a stream (about 1% of a query call's main-thread samples in a CPU profile).
    c.header('x-request-id', requestId);
    await next();
  });
  const tooLarge = () => {
    throw new AppError('payload_too_large', `the request body is larger than ${maxBodyBytes} bytes`, { max_bytes: maxBodyBytes });
  };
  const countedBodyLimit = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge });
  app.use(async (c, next) => {
    // A body of declared length (Node's parser holds it to that length) is judged by its header.
    // hono's bodyLimit reads `raw.body`, which has @hono/node-server build a whole web Request and
    // the route then read the body through a web stream: 5% of a query call's CPU.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > maxBodyBytes) tooLarge();
      return next();
    }
    return countedBodyLimit(c, next);
  });
  // A query endpoint called with another method (a GET with the slots in the query string is the
  // usual guess) is told to POST, instead of failing management authentication with its API key.
  app.use(async (c, next) => {
    if (c.req.method === 'POST' || !isQueryPath(c.req.path)) return next();
    c.header('Allow', 'POST');
    throw new AppError('invalid_query', `${c.req.method} ${c.req.path} is not served: call a query with POST and a JSON body of its slot values`, { allowed_methods: ['POST'] });
  });
  // The query endpoints authenticate with an API key instead (queries.routes.ts).
  app.use(managementAuth(authenticator, (path, method) => publicRoutes.has(`${method} ${path}`) || isQueryRoute(path, method)));

  app.route('/', healthRoutes(new CheckServicesUseCase(clients)));
  app.route('/', sessionRoutes(clients, { secureCookies }));
  app.route('/', accessRoutes(clients));
  app.route('/', projectsRoutes(clients));
  app.route('/', apiKeysRoutes(clients));
  app.route('/', connectionsRoutes(clients));
  app.route('/', queryProgramsRoutes(clients));
  app.route('/', alertsRoutes(clients));
  app.route('/', meteringRoutes(clients));
  app.route('/', deployRoutes(clients, logger, (projectId) => queries?.endpoints.forgetProject(projectId)));
  if (queries) app.route('/', queryRoutes({ clients, authenticator, ...queries }));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerToken', {
    type: 'http',
    scheme: 'bearer',
    description: 'A management token; the bare token without "Bearer " is accepted too',
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'sessionCookie', { type: 'apiKey', in: 'cookie', name: 'ql_session' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key (query endpoints); Authorization: Bearer <key> works too' });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Querylane API', version: 'v1', description: 'Turns external HTTP APIs into queryable, deployable APIs.' },
    servers: [{ url: '/' }],
  });

  app.notFound((c) => c.json(toErrorBody(new AppError('not_found', `no route for ${c.req.method} ${c.req.path}`), c.get('requestId')), 404));
  app.onError((error, c) => {
    const appError =
      error instanceof HTTPException ? new AppError(error.status === 413 ? 'payload_too_large' : 'invalid_request', error.message || 'invalid request') : error;
    if (isRateLimitRefusal(appError)) return tooManyRequests(c, appError);
    const body = toErrorBody(appError, c.get('requestId') ?? randomUUID());
    // The request id as a field of this line, not a child logger per request: pino's child
    // serializes its bindings when made (2% of a query call's main-thread samples at 32 connections).
    if (body.error === 'internal_error') logger.error({ err: error, request_id: body.request_id }, 'request failed');
    // The rest of an oversized body is not read, so this connection cannot carry another request.
    if (body.error === 'payload_too_large') c.header('connection', 'close');
    return c.json(body, (appError instanceof AppError ? appError.httpStatus : 500) as ContentfulStatusCode);
  });
  return app;
}
