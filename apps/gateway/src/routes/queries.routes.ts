// The query endpoints (API.md seed endpoints 6 and 7): called with an API key, they resolve the
// project and environment from the key's scope, find the deployed program in memory, and have
// query-runtime run it (directly by name, or by routing a question). The rows arrive from
// query-runtime as JSON text and are passed on without being parsed. Every call, answered or not,
// becomes one querylane.api-calls event after its response.
import { z } from '@hono/zod-openapi';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { streamSSE } from 'hono/streaming';
import { AppError, toErrorBody } from '@querylane/errors';
import type { ServiceClients } from '@querylane/runtime';
import { resolveQueryScope, type QueryScope } from '../auth/api-key-scope.js';
import { apiKeyAuth } from '../auth/api-key-auth.middleware.js';
import type { Authenticator } from '../auth/authenticator.js';
import type { GatewayEnv } from '../gateway-env.js';
import { errorSchema } from '../openapi/errors.js';
import type { ApiCallPublisher } from '../queries/api-calls.js';
import type { DeployedEndpoints } from '../queries/deployed-endpoints.js';
import { defaultRunDeadlineMs, QueryRuns } from '../queries/query-runs.js';
import { isRateLimitRefusal, type RateLimiter } from '../queries/rate-limiter.js';

export interface QueryRoutesDependencies {
  clients: ServiceClients;
  authenticator: Authenticator;
  endpoints: DeployedEndpoints;
  calls: ApiCallPublisher;
  /** Absent: no rate limits (tests of other parts, a platform without metering). */
  limiter?: RateLimiter;
  /** Deadline of a query-runtime call (the query's own time-out is shorter). */
  deadlineMs?: number;
  /** How the direct calls reach query-runtime (default: batched while others are in flight, without metrics). */
  runs?: QueryRuns;
}

const maxQuestionLength = 2_000;

const questionSchema = z
  .object({
    query: z.string(),
    project_id: z.string().max(64).optional(),
    stream: z.boolean().default(false),
    environment: z.string().max(32).optional(),
    conversation_id: z.string().max(64).optional(),
  })
  .strict();

export function queryRoutes(deps: QueryRoutesDependencies) {
  const runtime = deps.clients['query-runtime'].call;
  const deadlineMs = deps.deadlineMs ?? defaultRunDeadlineMs;
  const runs = deps.runs ?? new QueryRuns(runtime, { deadlineMs });
  const app = new OpenAPIHono<GatewayEnv>();
  // The event is recorded around everything, so a refused key is a logged call too.
  app.use('/queries/*', recordCall(deps.calls), apiKeyAuth(deps.authenticator));
  app.use('/query', recordCall(deps.calls), apiKeyAuth(deps.authenticator));

  app.post('/queries/:query_name', async (c) => {
    const name = c.req.param('query_name');
    note(c, { queryName: name });
    const scope = await scoped(c);
    // The rate-limit decision and the query run side by side: the call waits for the slower of
    // the two, not their sum. A refused call's rows are dropped; the gateway remembers the refusal
    // until the bucket refills, so that happens once per refusal, not once per call.
    const limited = limit(c, scope);
    limited.catch(() => undefined);
    // A body that is not a JSON object is answered after the decision, with its headers.
    const slots = await jsonObject(c).catch(async (error: unknown) => {
      await limited;
      throw error;
    });
    note(c, { requestBody: slots, queryParams: slots });
    const endpoint = (await deps.endpoints.of(scope.projectId, scope.environment, c.get('requestId'))).get(name);
    if (!endpoint) {
      await limited;
      throw new AppError('query_not_found', `no query named ${name} is deployed in the ${scope.environment} environment of this project`, { query_name: name, environment: scope.environment });
    }
    note(c, { apiSlug: endpoint.apiId });
    const running = runs.run({ queryProgramId: endpoint.queryProgramId, slots, requestId: c.get('requestId') });
    running.catch(() => undefined);
    await limited;
    const result = await running.catch(asQueryError);
    if (result.truncated) c.header('querylane-truncated', 'true');
    return c.body(`{"data":${text(result.dataJson)},"execution_time_ms":${result.executionTimeMs}}`, 200, { 'content-type': 'application/json' });
  });

  app.post('/query', async (c) => {
    // A bad body is still a call of the project it names (or the key's only one): it is logged
    // there and answered with the rate-limit headers, like every answer of this endpoint.
    const refuse = async (error: AppError, named: Record<string, unknown> = {}) => {
      const asked = { project_id: typeof named.project_id === 'string' ? named.project_id : undefined, environment: typeof named.environment === 'string' ? named.environment : undefined };
      await scoped(c, asked).then(
        (scope) => limit(c, scope),
        (scopeError: unknown) => (isRateLimitRefusal(scopeError) ? Promise.reject(scopeError) : undefined),
      );
      throw error;
    };
    const raw = await jsonObject(c).catch((error: unknown) => (error instanceof AppError ? refuse(error) : Promise.reject(error)));
    const parsed = questionSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return refuse(new AppError('invalid_query', `invalid body: ${issue.path.join('.') || 'body'}: ${issue.message}`, { field: issue.path.join('.') }), raw);
    }
    const body = parsed.data;
    note(c, { question: body.query, requestBody: body });
    if (body.query.trim() === '') return refuse(new AppError('invalid_query', 'query (the question) is empty', { field: 'query' }), body);
    if (body.query.length > maxQuestionLength) return refuse(new AppError('invalid_query', `the question is longer than ${maxQuestionLength} characters`, { field: 'query' }), body);
    const scope = await scoped(c, body);
    await limit(c, scope);
    const endpoints = await deps.endpoints.of(scope.projectId, scope.environment, c.get('requestId'));
    // (The project's API, which every endpoint of it belongs to, as a direct call's log names it.)
    const api = endpoints.values().next().value?.apiId;
    if (api) note(c, { apiSlug: api });
    const key = c.get('apiKey');
    const question = {
      projectId: scope.projectId,
      text: body.query,
      candidates: [...endpoints.values()].map((endpoint) => ({ queryProgramId: endpoint.queryProgramId, endpointName: endpoint.endpointName })),
      conversationId: body.conversation_id ?? '',
      environment: scope.environment,
      apiKeyId: key.apiKeyId,
      userId: key.userId,
    };
    const options = { requestId: c.get('requestId'), deadlineMs };

    if (body.stream && (c.req.header('accept') ?? '').includes('text/event-stream')) {
      const parts = runtime.streamAnswer({ question }, { ...options, deadlineMs: Math.max(deadlineMs, 120_000) })[Symbol.asyncIterator]();
      // The routing decision comes first: a refusal is an ordinary JSON error, not a stream.
      const first = await parts.next().catch(asQueryError);
      if (first.done || first.value.part.case !== 'meta') throw new AppError('internal_error', 'query-runtime answered without the routing decision');
      const meta = first.value.part.value;
      note(c, { queryName: meta.queryUsed, queryParams: (meta.parameters ?? {}) as Record<string, unknown>, queryresponseId: meta.queryresponseId });
      return streamSSE(c, async (sse) => {
        await sse.writeSSE({ event: 'meta', data: JSON.stringify({ query_used: meta.queryUsed, parameters: meta.parameters ?? {}, conversation_id: meta.conversationId }) });
        try {
          for (let next = await parts.next(); !next.done; next = await parts.next()) {
            const part = next.value.part;
            if (part.case === 'rowsJson') await sse.writeSSE({ event: 'rows', data: text(part.value) });
            else if (part.case === 'done') await sse.writeSSE({ event: 'done', data: JSON.stringify({ row_count: Number(part.value.rowCount), execution_time_ms: part.value.executionTimeMs }) });
          }
        } catch (error) {
          const failure = error instanceof AppError ? queryError(error) : new AppError('internal_error', 'the query failed while streaming');
          note(c, { streamError: failure.code });
          await sse.writeSSE({ event: 'error', data: JSON.stringify(toErrorBody(failure, c.get('requestId'))) });
        }
      });
    }

    const answer = await runtime.answerQuestion({ question }, options).catch(asQueryError);
    note(c, { queryName: answer.queryUsed, queryParams: (answer.parameters ?? {}) as Record<string, unknown>, queryresponseId: answer.queryresponseId });
    const rest = JSON.stringify({ query_used: answer.queryUsed, parameters: answer.parameters ?? {}, execution_time_ms: answer.executionTimeMs, conversation_id: answer.conversationId });
    if (answer.truncated) c.header('querylane-truncated', 'true');
    return c.body(`{"data":${text(answer.dataJson)},${rest.slice(1)}`, 200, { 'content-type': 'application/json' });
  });

  /**
   * The call's project and environment. A key refused for them (403, or no project named) is still
   * answered with its rate-limit headers like every answer of these endpoints, and a key refused
   * only the environment of a project it holds is logged as a call of that project.
   */
  async function scoped(c: Context<GatewayEnv>, body?: { project_id?: string | undefined; environment?: string | undefined }): Promise<QueryScope> {
    const key = c.get('apiKey');
    const asked = {
      projectId: body?.project_id || c.req.query('project_id') || c.req.header('x-project-id'),
      environment: body?.environment || c.req.header('x-environment'),
      bodyNamesProject: body !== undefined,
    };
    try {
      const scope = resolveQueryScope(key, asked);
      c.set('queryScope', scope);
      return scope;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const projectId = asked.projectId || (key.projectIds.length === 1 ? key.projectIds[0]! : '');
      const held = key.projectIds.includes(projectId);
      if (held) c.set('queryScope', { projectId, environment: asked.environment ?? '' });
      await limit(c, { projectId: held ? projectId : '', environment: asked.environment ?? '' });
      throw error;
    }
  }

  /** Takes the call from the key's rate limit and quota; every answer after this carries the headers. */
  async function limit(c: Context<GatewayEnv>, scope: QueryScope): Promise<void> {
    const key = c.get('apiKey');
    const headers = await deps.limiter?.take({ apiKeyId: key.apiKeyId, organizationId: key.organizationId, projectId: scope.projectId }, c.get('requestId'));
    if (headers) for (const [name, value] of Object.entries(headers)) c.header(name, value);
  }

  documentRoutes(app);
  return app;
}

/** What the api-calls event of this call says beyond the request itself. */
export interface CallNote {
  queryName?: string;
  question?: string;
  queryParams?: Record<string, unknown>;
  requestBody?: unknown;
  queryresponseId?: string;
  apiSlug?: string;
  streamError?: string;
}

function note(c: Context<GatewayEnv>, values: CallNote): void {
  c.set('callNote', { ...c.get('callNote'), ...values });
}

/** Publishes the call's event once its response exists (an error answer included). */
function recordCall(calls: ApiCallPublisher): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const key = c.get('apiKey');
    const noted = c.get('callNote') ?? {};
    const scope = c.get('queryScope');
    calls.publish({
      apiSlug: noted.apiSlug ?? '',
      version: 'v1',
      endpointPath: c.req.path,
      userId: key?.userId ?? '',
      projectId: scope?.projectId ?? '',
      queryresponseId: noted.queryresponseId ?? '',
      queryParams: jsonObjectOrUndefined(noted.queryParams) as never,
      responseTimeMs: Math.round((performance.now() - started) * 1000) / 1000,
      statusCode: c.res.status,
      requestBody: jsonObjectOrUndefined(noted.requestBody) as never,
      parentLogId: '',
      apiKeyId: key?.apiKeyId ?? '',
      environment: scope?.environment ?? '',
      queryName: noted.queryName ?? '',
      question: noted.question ?? '',
      calledAt: new Date(),
      error: noted.streamError ?? (c.error instanceof AppError ? queryError(c.error).code : c.error ? 'internal_error' : ''),
      organizationId: key?.organizationId ?? '',
    });
  };
}

/** The body as a JSON object; anything else is invalid_query. */
async function jsonObject(c: Context<GatewayEnv>): Promise<Record<string, unknown>> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new AppError('invalid_query', `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new AppError('invalid_query', 'the body must be a JSON object (one member per slot)');
  return value as Record<string, unknown>;
}

function jsonObjectOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.parse(JSON.stringify(value)) : undefined;
}

/** The query endpoints speak of queries: a bad slot is invalid_query, an unknown program query_not_found. */
function queryError(error: AppError): AppError {
  if (error.code === 'invalid_request') return new AppError('invalid_query', error.message, error.details, { cause: error });
  if (error.code === 'not_found') return new AppError('query_not_found', error.message, error.details, { cause: error });
  return error;
}

function asQueryError(error: unknown): never {
  throw error instanceof AppError ? queryError(error) : error;
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/** The query endpoints in GET /v1/openapi.json (they are served by the plain routes above). */
function documentRoutes(app: OpenAPIHono<GatewayEnv>): void {
  const errors = Object.fromEntries(
    [
      [400, 'invalid_query: a slot is unknown, missing, of the wrong type or out of range; or the project cannot be told'],
      [401, 'authentication_failed: no API key, or not a valid one'],
      [403, "permission_denied: the key's scope does not cover the project or environment"],
      [404, 'query_not_found'],
      [429, 'rate_limit_exceeded or quota_exceeded, with retry_after and Retry-After'],
      [504, 'timeout'],
    ].map(([status, description]) => [status, { description, content: { 'application/json': { schema: errorSchema } } }]),
  );
  const headers = z.object({
    'x-project-id': z.string().optional().openapi({ description: "The project, when the key covers several (or the project_id query parameter)" }),
    'x-environment': z.string().optional().openapi({ description: "production (default), staging or development; the key's only environment when it has one" }),
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/queries/{query_name}',
    tags: ['queries'],
    summary: 'Call a deployed query by name with slot values (API.md endpoint 7)',
    security: [{ apiKey: [] }],
    request: {
      params: z.object({ query_name: z.string().openapi({ param: { name: 'query_name', in: 'path' } }) }),
      query: z.object({ project_id: z.string().optional() }),
      headers,
      body: { content: { 'application/json': { schema: z.record(z.string(), z.unknown()).openapi({ description: 'One member per slot' }) } } },
    },
    responses: {
      200: { description: 'The rows', content: { 'application/json': { schema: z.object({ data: z.array(z.record(z.string(), z.unknown())), execution_time_ms: z.number() }) } } },
      ...errors,
    },
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/query',
    tags: ['queries'],
    summary: 'Ask a question in words; it is routed to a deployed query (API.md endpoint 6); stream: true with Accept: text/event-stream streams meta, rows and done events',
    security: [{ apiKey: [] }],
    request: { headers, body: { content: { 'application/json': { schema: questionSchema } } } },
    responses: {
      200: {
        description: 'The rows and how the question was answered (or Server-Sent Events meta, rows…, done)',
        content: {
          'application/json': { schema: z.object({ data: z.array(z.record(z.string(), z.unknown())), query_used: z.string(), parameters: z.record(z.string(), z.unknown()), execution_time_ms: z.number(), conversation_id: z.string() }) },
          'text/event-stream': { schema: z.string() },
        },
      },
      ...errors,
    },
  });
}
