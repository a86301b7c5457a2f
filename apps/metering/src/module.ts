// The metering service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule } from '@querylane/runtime';
import { meteringV1 } from '@querylane/proto';
import { migrations } from './db/migrations/index.js';
import type { MeteringTables } from './db/schema.js';

export const meteringModule = defineServiceModule<typeof meteringV1.MeteringService, MeteringTables>({
  name: 'metering',
  service: meteringV1.MeteringService,
  schema: 'metering',
  migrations,
  start: async () => ({ implementation: {} }),
});
