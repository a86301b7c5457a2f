// metering's own settings, validated like the platform's (one line per bad variable).
import { z } from 'zod';
import { planRatesVariable } from './rate-limit/plans.js';

export const meteringConfigSchema = z.object({
  // Requests per second and burst per tier, JSON over the defaults of API.md.
  METERING_PLANS: planRatesVariable,
  // ApiLog rows per insert transaction, and how long the first row of a batch waits for others.
  METERING_INGEST_BATCH_MAX: z.coerce.number().int().min(1).max(10_000).default(1_000),
  METERING_INGEST_BATCH_WAIT_MS: z.coerce.number().int().min(0).max(5_000).default(0),
  // Kafka batches of api-calls being written while the next are fetched (1: fetch, write, fetch…).
  METERING_INGEST_BATCHES_IN_FLIGHT: z.coerce.number().int().min(1).max(64).default(4),
});

export type MeteringConfig = z.output<typeof meteringConfigSchema>;
