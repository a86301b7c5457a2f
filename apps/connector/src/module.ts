// The connector service as a module (DESIGN.md §1): calls users' HTTP APIs and stores their answers.
import { connectorV1 } from '@querylane/proto';
import { defineServiceModule, parseEnv } from '@querylane/runtime';
import { connectorConfigSchema, targetLimitsOf } from './config.js';
import { connectorHandlers } from './connector.handler.js';
import { migrations } from './db/migrations/index.js';
import type { ConnectorTables } from './db/schema.js';
import { ExecuteRequestUseCase } from './execution/execute-request.usecase.js';
import { parseNetworkPolicy, TargetClient } from './target/index.js';

export const connectorModule = defineServiceModule<typeof connectorV1.ConnectorService, ConnectorTables>({
  name: 'connector',
  service: connectorV1.ConnectorService,
  schema: 'connector',
  migrations,
  usesObjects: true,
  start: async (context) => {
    const settings = parseEnv(connectorConfigSchema, context.env);
    const target = new TargetClient({
      policy: parseNetworkPolicy(context.env),
      limits: targetLimitsOf(settings),
      logger: context.logger,
    });
    target.warm();
    const execute = new ExecuteRequestUseCase({ db: context.db, objects: context.objects!, clients: context.clients, target, logger: context.logger });
    return { implementation: connectorHandlers({ target, execute, objects: context.objects!, clients: context.clients }), stop: () => target.close() };
  },
});
