// The gateway as a module: stateless, it mounts the public API on the process's HTTP listener.
import { defineModule, serviceClientsModule } from '@querylane/runtime';
import { createGatewayApp } from './app.js';

export const gatewayModule = defineModule<void>({
  name: 'gateway',
  targetable: true,
  dependsOn: [serviceClientsModule],
  start: async (context) => {
    const app = createGatewayApp({ clients: context.use(serviceClientsModule), logger: context.logger });
    context.http.mount('/v1', app);
    return { value: undefined };
  },
});
