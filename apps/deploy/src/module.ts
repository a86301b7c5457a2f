// The deploy service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule } from '@querylane/runtime';
import { deployV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { DeployTables } from './db/schema.js';

export const deployModule = defineServiceModule<typeof deployV1.DeployService, DeployTables>({
  name: 'deploy',
  service: deployV1.DeployService,
  schema: 'deploy',
  migrations,
  start: async () => ({ implementation: {} }),
});
