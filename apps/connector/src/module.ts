// The connector service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule } from '@querylane/runtime';
import { connectorV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { ConnectorTables } from './db/schema.js';

export const connectorModule = defineServiceModule<typeof connectorV1.ConnectorService, ConnectorTables>({
  name: 'connector',
  service: connectorV1.ConnectorService,
  schema: 'connector',
  migrations,
  usesObjects: true,
  start: async () => ({ implementation: {} }),
});
