// Metrics, logs and the plan (API.md "Metrics, logs, alerts, plan"): metering answers the project
// reads (it asks the catalog to authorize the caller); the subscription is the catalog's, with the
// calls used this month from metering.
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AppError } from '@querylane/errors';
import { catalogV1, meteringV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, idParam, jsonResponse, listResponses, present, record, records, security } from './route-kit.js';

const isoTime = z.string().datetime({ offset: true }).optional();
const limit = (max: number) => z.coerce.number().int().min(1).max(max).optional();

const pointSchema = z
  .object({
    ts: z.string(),
    requests: z.number(),
    errors: z.number(),
    rate_limited: z.number(),
    error_rate: z.number(),
    avg_response_time_ms: z.number(),
    p95_response_time_ms: z.number(),
  })
  .openapi('MetricsPoint');

const iso = (ts: Timestamp | undefined) => (ts ? timestampDate(ts).toISOString() : null);
const stamp = (text: string | undefined) => (text ? timestampFromDate(new Date(text)) : undefined);

function point(p: meteringV1.MetricsPoint | undefined) {
  const value = present(p, 'totals');
  return {
    ts: iso(value.ts),
    requests: Number(value.requests),
    errors: Number(value.errors),
    rate_limited: Number(value.rateLimited),
    error_rate: value.errorRate,
    avg_response_time_ms: value.avgResponseTimeMs,
    p95_response_time_ms: value.p95ResponseTimeMs,
  };
}

export function meteringRoutes(clients: ServiceClients) {
  const metering = clients.metering.call;
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/metrics',
      tags: ['metrics'],
      security,
      summary: 'Requests, errors (≥ 400 except 429), rate-limited calls, error rate, average and p95 response time per bucket',
      request: {
        params: idParam('id'),
        query: z.object({ from: isoTime, to: isoTime, bucket: z.enum(['minute', 'hour', 'day']).optional(), environment: z.string().max(64).optional() }),
      },
      responses: { 200: jsonResponse(z.object({ series: z.array(pointSchema), totals: pointSchema }), 'The series and its totals'), ...errorResponses },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const answer = await metering.getProjectMetrics(
        { projectId: c.req.valid('param').id, from: stamp(query.from), to: stamp(query.to), bucket: query.bucket ?? '', environment: query.environment ?? '' },
        as(c),
      );
      return c.json({ series: answer.series.map(point), totals: point(answer.totals) } as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/metrics/queries',
      tags: ['metrics'],
      security,
      summary: 'The most called queries',
      request: { params: idParam('id'), query: z.object({ from: isoTime, to: isoTime, environment: z.string().max(64).optional(), limit: limit(100) }) },
      responses: {
        200: jsonResponse(z.object({ data: z.array(z.object({ query_name: z.string(), requests: z.number(), error_rate: z.number(), avg_response_time_ms: z.number() })) }), 'Popular queries'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const answer = await metering.getQueryMetrics(
        { projectId: c.req.valid('param').id, from: stamp(query.from), to: stamp(query.to), environment: query.environment ?? '', limit: query.limit ?? 0 },
        as(c),
      );
      const data = answer.queries.map((q) => ({ query_name: q.queryName, requests: Number(q.requests), error_rate: q.errorRate, avg_response_time_ms: q.avgResponseTimeMs }));
      return c.json({ data } as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/metrics/questions',
      tags: ['metrics'],
      security,
      summary: 'The questions asked most often (case, punctuation and spacing ignored)',
      request: { params: idParam('id'), query: z.object({ from: isoTime, to: isoTime, limit: limit(100) }) },
      responses: {
        200: jsonResponse(z.object({ data: z.array(z.object({ question: z.string(), count: z.number(), last_asked_at: z.string().nullable(), query_used: z.string().nullable() })) }), 'Top questions (query_used: the query the last asking was answered by; null when it was refused)'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const query = c.req.valid('query');
      const answer = await metering.getQuestionMetrics({ projectId: c.req.valid('param').id, from: stamp(query.from), to: stamp(query.to), limit: query.limit ?? 0 }, as(c));
      const data = answer.questions.map((q) => ({ question: q.question, count: Number(q.count), last_asked_at: iso(q.lastAskedAt), query_used: q.queryUsed || null }));
      return c.json({ data } as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/api-logs',
      tags: ['metrics'],
      security,
      summary: 'The ApiLog of every query call, newest first',
      request: { params: idParam('id'), query: z.object({ cursor: z.string().max(200).optional(), limit: limit(500), status_code: z.coerce.number().int().min(100).max(599).optional() }) },
      responses: listResponses(meteringV1.ApiLogSchema, 'A page of ApiLogs'),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const answer = await metering.listApiLogs({ projectId: c.req.valid('param').id, cursor: query.cursor ?? '', limit: query.limit ?? 0, statusCode: query.status_code ?? 0 }, as(c));
      return c.json({ data: records(meteringV1.ApiLogSchema, answer.apiLogs), next_cursor: answer.nextCursor || null } as never, 200);
    },
  );

  const subscriptionResponse = { 200: jsonResponse(recordSchema(catalogV1.SubscriptionSchema), "The organization's subscription"), ...errorResponses };

  /** The catalog's record with this month's calls from metering (asked as the gateway's own call: the catalog already authorized the user). */
  const withUsage = async (subscription: catalogV1.Subscription | undefined, requestId: string) => {
    const value = present(subscription, 'subscription');
    const usage = await metering.getUsage({ organizationId: value.organizationId }, { requestId });
    return record(catalogV1.SubscriptionSchema, { ...value, apiCallsUsed: usage.apiCallsUsed });
  };

  app.openapi(
    createRoute({ method: 'get', path: '/organizations/{id}/subscription', tags: ['access'], security, request: { params: idParam('id') }, responses: subscriptionResponse }),
    async (c) => c.json((await withUsage((await catalog.getSubscription({ organizationId: c.req.valid('param').id }, as(c))).subscription, c.get('requestId'))) as never, 200),
  );

  const subscriptionBody = z
    .object({
      tier: z.enum(['free', 'pro', 'enterprise']).optional(),
      api_call_limit: z.number().int().min(0).nullable().optional(),
      overage_settings: z.object({ mode: z.enum(['block', 'allow']) }).strict().optional(),
      status: z.enum(['active', 'suspended', 'canceled']).optional(),
    })
    .strict()
    .openapi('SubscriptionInput');

  app.openapi(
    createRoute({
      method: 'put',
      path: '/organizations/{id}/subscription',
      tags: ['access'],
      security,
      summary: "Change the organization's tier, monthly cap (null: none) or overage mode (platform admins)",
      request: { params: idParam('id'), ...body(subscriptionBody) },
      responses: subscriptionResponse,
    }),
    async (c) => {
      const input = c.req.valid('json');
      if (!Object.keys(input).length) throw new AppError('invalid_request', 'nothing to change: give tier, api_call_limit, overage_settings or status');
      const answer = await catalog.updateSubscription(
        {
          organizationId: c.req.valid('param').id,
          tier: input.tier,
          // The catalog takes 0 for "no monthly cap".
          apiCallLimit: input.api_call_limit === undefined ? undefined : BigInt(input.api_call_limit ?? 0),
          overageSettings: input.overage_settings,
          status: input.status,
        },
        as(c),
      );
      return c.json((await withUsage(answer.subscription, c.get('requestId'))) as never, 200);
    },
  );

  return app;
}
