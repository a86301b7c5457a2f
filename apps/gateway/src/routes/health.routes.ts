// GET /v1/healthz: the platform's health as the gateway sees it, one entry per service.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CheckServicesUseCase } from '../health/check-services.usecase.js';
import type { GatewayEnv } from '../gateway-env.js';
import { jsonResponse } from './route-kit.js';

const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    services: z.array(
      z.object({
        name: z.string(),
        status: z.enum(['serving', 'not_serving', 'unreachable']),
        address: z.string(),
        latency_ms: z.number(),
        version: z.string().optional(),
        instance_id: z.string().optional(),
        started_at: z.string().optional(),
        components: z.array(z.object({ name: z.string(), status: z.string(), detail: z.string(), latency_ms: z.number() })).optional(),
        error: z.string().optional(),
      }),
    ),
  })
  .openapi('PlatformHealth');

export function healthRoutes(checkServices: CheckServicesUseCase) {
  return new OpenAPIHono<GatewayEnv>().openapi(
    createRoute({
      method: 'get',
      path: '/healthz',
      tags: ['health'],
      summary: 'Every service, asked over gRPC (no credentials needed)',
      responses: { 200: jsonResponse(healthSchema, 'All services serve'), 503: jsonResponse(healthSchema, 'A service does not serve') },
    }),
    async (c) => {
      const health = await checkServices.execute(c.get('requestId'));
      return c.json(health as never, health.status === 'ok' ? 200 : 503);
    },
  );
}
