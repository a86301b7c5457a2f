// The query-runtime service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule } from '@querylane/runtime';
import { queryRuntimeV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { QueryRuntimeTables } from './db/schema.js';

export const queryRuntimeModule = defineServiceModule<typeof queryRuntimeV1.QueryRuntimeService, QueryRuntimeTables>({
  name: 'query-runtime',
  service: queryRuntimeV1.QueryRuntimeService,
  schema: 'query',
  migrations,
  usesObjects: true,
  start: async () => ({ implementation: {} }),
});
