// The gateway as a module: stateless, it mounts the public API on the process's HTTP listener. It
// reads querylane.deployments and querylane.catalog to keep its caches fresh and publishes one
// querylane.api-calls event per query call.
import { Counter } from 'prom-client';
import { z } from 'zod';
import { defineModule, eventBusModule, parseEnv, serviceClientsModule } from '@querylane/runtime';
import { createGatewayApp } from './app.js';
import { Authenticator } from './auth/authenticator.js';
import { ApiCallPublisher } from './queries/api-calls.js';
import { DeployedEndpoints } from './queries/deployed-endpoints.js';
import { defaultRunDeadlineMs, QueryRuns } from './queries/query-runs.js';
import { RateLimiter } from './queries/rate-limiter.js';
import { consumeGatewayEvents } from './queries/gateway-events.consumer.js';

// With revocations announced on querylane.catalog, a verified key can be kept for longer than the
// management tokens' 5 s; the time is what a missed event could cost.
const apiKeyCacheMs = 60_000;

const gatewayConfigSchema = z.object({
  /** What a query call does when metering cannot decide in time: go through (open) or 503 (closed). */
  GATEWAY_RATE_LIMIT_FAILURE_MODE: z.enum(['open', 'closed']).default('open'),
  GATEWAY_RATE_LIMIT_DEADLINE_MS: z.coerce.number().int().min(1).max(10_000).default(200),
});

export const gatewayModule = defineModule<void>({
  name: 'gateway',
  targetable: true,
  dependsOn: [serviceClientsModule, eventBusModule],
  start: async (context) => {
    const clients = context.use(serviceClientsModule);
    const bus = context.use(eventBusModule);
    const authenticator = new Authenticator(clients, { apiKeyTtlMs: apiKeyCacheMs });
    const endpoints = new DeployedEndpoints(clients);
    const calls = new ApiCallPublisher(bus, context.logger, { metrics: context.metrics });
    const settings = parseEnv(gatewayConfigSchema, context.env);
    const failures = new Counter({ name: 'querylane_gateway_rate_limit_failures_total', help: 'Query calls whose rate-limit decision failed, by failure mode', labelNames: ['mode'] as const, registers: [context.metrics] });
    const limiter = new RateLimiter(clients, { failureMode: settings.GATEWAY_RATE_LIMIT_FAILURE_MODE, deadlineMs: settings.GATEWAY_RATE_LIMIT_DEADLINE_MS, failures, logger: context.logger });
    const subscription = await consumeGatewayEvents({ bus, groupPrefix: context.config.KAFKA_GROUP_PREFIX, endpoints, authenticator, onFatal: (error) => context.fail(error) });
    const runs = new QueryRuns(clients['query-runtime'].call, { deadlineMs: defaultRunDeadlineMs, metrics: context.metrics });
    const app = createGatewayApp({ clients, logger: context.logger, authenticator, queries: { endpoints, calls, limiter, runs } });
    context.http.mount('/v1', app);
    return {
      value: undefined,
      stop: async () => {
        runs.close();
        await subscription.close();
        await calls.close();
      },
    };
  },
});
