// The gateway as a module: stateless, it mounts the public API on the process's HTTP listener. It
// reads querylane.deployments and querylane.catalog to keep its caches fresh and publishes one
// querylane.api-calls event per query call.
import { defineModule, eventBusModule, serviceClientsModule } from '@querylane/runtime';
import { createGatewayApp } from './app.js';
import { Authenticator } from './auth/authenticator.js';
import { ApiCallPublisher } from './queries/api-calls.js';
import { DeployedEndpoints } from './queries/deployed-endpoints.js';
import { consumeGatewayEvents } from './queries/gateway-events.consumer.js';

// With revocations announced on querylane.catalog, a verified key can be kept for longer than the
// management tokens' 5 s; the time is what a missed event could cost.
const apiKeyCacheMs = 60_000;

export const gatewayModule = defineModule<void>({
  name: 'gateway',
  targetable: true,
  dependsOn: [serviceClientsModule, eventBusModule],
  start: async (context) => {
    const clients = context.use(serviceClientsModule);
    const bus = context.use(eventBusModule);
    const authenticator = new Authenticator(clients, { apiKeyTtlMs: apiKeyCacheMs });
    const endpoints = new DeployedEndpoints(clients);
    const calls = new ApiCallPublisher(bus, context.logger);
    const subscription = await consumeGatewayEvents({ bus, groupPrefix: context.config.KAFKA_GROUP_PREFIX, endpoints, authenticator, onFatal: (error) => context.fail(error) });
    const app = createGatewayApp({ clients, logger: context.logger, authenticator, queries: { endpoints, calls } });
    context.http.mount('/v1', app);
    return {
      value: undefined,
      stop: async () => {
        await subscription.close();
        await calls.close();
      },
    };
  },
});
