// The catalog service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule } from '@querylane/runtime';
import { catalogV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { CatalogTables } from './db/schema.js';

export const catalogModule = defineServiceModule<typeof catalogV1.CatalogService, CatalogTables>({
  name: 'catalog',
  service: catalogV1.CatalogService,
  schema: 'catalog',
  migrations,
  start: async () => ({ implementation: {} }),
});
