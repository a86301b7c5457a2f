// GET /v1/healthz: the platform's health as the gateway sees it, one entry per service.
import { Hono } from 'hono';
import type { CheckServicesUseCase } from '../health/check-services.usecase.js';
import type { GatewayEnv } from '../gateway-env.js';

export function healthRoutes(checkServices: CheckServicesUseCase) {
  return new Hono<GatewayEnv>().get('/healthz', async (c) => {
    const health = await checkServices.execute(c.get('requestId'));
    return c.json(health, health.status === 'ok' ? 200 : 503);
  });
}
