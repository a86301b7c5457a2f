// Alerts (API.md "Metrics, logs, alerts, plan"): rules on a project's metrics, their notifications
// (signed webhooks, e-mail) and their history. The metering service checks each rule in full.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { meteringV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { validationHook } from '../openapi/errors.js';
import { as, body, idParam, listResponses, record, recordResponses, records, security } from './route-kit.js';

const channel = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('webhook'),
        url: z.string().min(1).max(2048).openapi({ description: 'http(s) URL; must pass the SSRF guard (public addresses, or CONNECTOR_ALLOWED_TARGETS)' }),
        secret: z.string().min(1).max(256).nullable().optional().openapi({
          description: 'Signs each POST: X-Querylane-Signature: sha256=<hex HMAC-SHA256 of the body>. Never returned. On PATCH, omitted keeps the secret of the same URL; null removes it.',
        }),
      })
      .strict(),
    z.object({ type: z.literal('email'), to: z.union([z.string().min(3).max(254), z.array(z.string().min(3).max(254)).min(1).max(10)]) }).strict(),
  ])
  .openapi('AlertChannel');

const fields = {
  name: z.string().min(1).max(200),
  metric: z.enum(['error_rate', 'avg_response_time_ms', 'p95_response_time_ms', 'requests', 'quota_used_pct']),
  operator: z.enum(['gt', 'gte', 'lt', 'lte']),
  threshold: z.number().openapi({ description: 'error_rate is a fraction 0–1; quota_used_pct a percentage' }),
  window_minutes: z.number().int().min(1).max(1440),
  query_name: z.string().max(200).nullable().optional().openapi({ description: 'Only the calls of this query (not with quota_used_pct); null or "" for every call' }),
  channels: z.array(channel).max(10),
  cooldown_minutes: z.number().int().min(0).max(10_080).openapi({ description: 'No new firing notification within this many minutes of the last one (default 15)' }),
  enabled: z.boolean(),
};
const createBody = z
  .object({ ...fields, channels: fields.channels.default([]), cooldown_minutes: fields.cooldown_minutes.optional(), enabled: fields.enabled.optional() })
  .strict()
  .openapi('AlertInput');
const patchBody = z.object(fields).partial().strict().openapi('AlertPatch');

type Given = Partial<z.infer<typeof patchBody>>;
const toInput = (given: Given) => ({
  name: given.name,
  metric: given.metric,
  operator: given.operator,
  threshold: given.threshold,
  windowMinutes: given.window_minutes,
  // '' clears the query on an update.
  queryName: given.query_name === null ? '' : given.query_name,
  channels: (given.channels ?? []) as never,
  channelsSet: given.channels !== undefined,
  cooldownMinutes: given.cooldown_minutes,
  enabled: given.enabled,
});

export function alertsRoutes(clients: ServiceClients) {
  const metering = clients.metering.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/projects/{id}/alerts',
      tags: ['alerts'],
      security,
      summary: 'Create an alert: the metric over the last window_minutes compared with the threshold, evaluated every 30 s',
      request: { params: idParam('id'), ...body(createBody) },
      responses: recordResponses(meteringV1.AlertSchema, 'The alert (webhook secrets are never returned; has_secret says whether one is set)'),
    }),
    async (c) => c.json(record(meteringV1.AlertSchema, (await metering.createAlert({ projectId: c.req.valid('param').id, alert: toInput(c.req.valid('json')) }, as(c))).alert) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}/alerts', tags: ['alerts'], security, request: { params: idParam('id') }, responses: listResponses(meteringV1.AlertSchema, "The project's alerts") }),
    async (c) => c.json({ data: records(meteringV1.AlertSchema, (await metering.listAlerts({ projectId: c.req.valid('param').id }, as(c))).alerts) } as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/alerts/{id}', tags: ['alerts'], security, request: { params: idParam('id') }, responses: recordResponses(meteringV1.AlertSchema, 'The alert') }),
    async (c) => c.json(record(meteringV1.AlertSchema, (await metering.getAlert({ alertId: c.req.valid('param').id }, as(c))).alert) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/alerts/{id}',
      tags: ['alerts'],
      security,
      summary: 'Change an alert (only the members given); a changed condition or disabling starts it again from ok',
      request: { params: idParam('id'), ...body(patchBody) },
      responses: recordResponses(meteringV1.AlertSchema, 'The changed alert'),
    }),
    async (c) => c.json(record(meteringV1.AlertSchema, (await metering.updateAlert({ alertId: c.req.valid('param').id, alert: toInput(c.req.valid('json')) }, as(c))).alert) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'delete', path: '/alerts/{id}', tags: ['alerts'], security, request: { params: idParam('id') }, responses: recordResponses(meteringV1.AlertSchema, 'The deleted alert') }),
    async (c) => c.json(record(meteringV1.AlertSchema, (await metering.deleteAlert({ alertId: c.req.valid('param').id }, as(c))).alert) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/alerts/{id}/events',
      tags: ['alerts'],
      security,
      summary: 'State changes (fired, resolved) and delivery attempts (delivered, delivery_failed), newest first (at most 500)',
      request: { params: idParam('id') },
      responses: listResponses(meteringV1.AlertEventSchema, "The alert's history"),
    }),
    async (c) => c.json({ data: records(meteringV1.AlertEventSchema, (await metering.listAlertEvents({ alertId: c.req.valid('param').id }, as(c))).events) } as never, 200),
  );

  return app;
}
