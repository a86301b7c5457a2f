// The public HTTP API under /v1, composed from route groups; every error leaves in the shape of DESIGN.md §8.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Logger } from 'pino';
import { AppError, toErrorBody } from '@querylane/errors';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from './gateway-env.js';
import { CheckServicesUseCase } from './health/check-services.usecase.js';
import { healthRoutes } from './routes/health.routes.js';

export interface GatewayDependencies {
  clients: ServiceClients;
  logger: Logger;
}

export function createGatewayApp({ clients, logger }: GatewayDependencies) {
  const app = new Hono<GatewayEnv>().basePath('/v1');
  app.use(async (c, next) => {
    const requestId = c.req.header('x-request-id') || randomUUID();
    c.set('requestId', requestId);
    c.set('logger', logger.child({ request_id: requestId }));
    await next();
    c.header('x-request-id', requestId);
  });
  app.route('/', healthRoutes(new CheckServicesUseCase(clients)));
  app.notFound((c) => c.json(toErrorBody(new AppError('not_found', `no route for ${c.req.method} ${c.req.path}`), c.get('requestId')), 404));
  app.onError((error, c) => {
    const appError =
      error instanceof HTTPException ? new AppError(error.status === 413 ? 'payload_too_large' : 'invalid_request', error.message) : error;
    const body = toErrorBody(appError, c.get('requestId'));
    if (body.error === 'internal_error') c.get('logger').error({ err: error }, 'request failed');
    return c.json(body, (appError instanceof AppError ? appError.httpStatus : 500) as ContentfulStatusCode);
  });
  return app;
}
