// The metering service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule, parseEnv } from '@querylane/runtime';
import { meteringV1 } from '@querylane/proto';
import { meteringConfigSchema } from './config.js';
import { alertHandlers } from './alerts/alerts.handler.js';
import { startAlertEvaluator } from './alerts/alert-evaluator.js';
import { migrations } from './db/migrations/index.js';
import { meteringSchema, type MeteringTables } from './db/schema.js';
import { consumeApiCalls } from './ingestion/api-calls.consumer.js';
import { ApiLogBatcher } from './ingestion/api-log-batcher.js';
import { ApiLogsRepository } from './ingestion/api-logs.repository.js';
import { meteringHandlers } from './metering.handler.js';
import { MetricsRepository } from './metrics/metrics.repository.js';
import { MetricsUseCase } from './metrics/metrics.usecase.js';
import { CatalogPlanSource } from './rate-limit/catalog-plan-source.js';
import { quotaUsedPct } from './rate-limit/quota-used.js';
import { RateLimiter } from './rate-limit/rate-limiter.js';
import { consumeSubscriptionChanges } from './rate-limit/subscription-changes.consumer.js';

export const meteringModule = defineServiceModule<typeof meteringV1.MeteringService, MeteringTables>({
  name: 'metering',
  service: meteringV1.MeteringService,
  schema: meteringSchema,
  migrations,
  start: async (context) => {
    const { db, bus, logger, clients } = context;
    const settings = parseEnv(meteringConfigSchema, context.env);
    const metricsRepository = new MetricsRepository(db);
    const plans = new CatalogPlanSource(clients, metricsRepository);
    const limiter = new RateLimiter(plans, { rates: settings.METERING_PLANS }, logger);
    const batcher = new ApiLogBatcher((rows) => new ApiLogsRepository(db).writeBatch(rows), { maxEvents: settings.METERING_INGEST_BATCH_MAX, maxWaitMs: settings.METERING_INGEST_BATCH_WAIT_MS }, logger);
    const subscriptionChanges = await consumeSubscriptionChanges({ bus, group: context.consumerGroup, limiter, logger, onFatal: context.fail });
    const apiCalls = await consumeApiCalls({ bus, group: context.consumerGroup, batcher, batchesInFlight: settings.METERING_INGEST_BATCHES_IN_FLIGHT, logger, onFatal: context.fail });
    // Full buckets are forgotten (a new one starts full), so memory follows the keys in use.
    const sweeper = setInterval(() => limiter.sweep(), 60_000);
    sweeper.unref();
    const alertEvaluator = startAlertEvaluator(context, { quotaUsedPct: quotaUsedPct(db, plans) });
    return {
      implementation: meteringHandlers({ metrics: new MetricsUseCase(metricsRepository, clients), limiter, alerts: alertHandlers(context) }),
      stop: async () => {
        clearInterval(sweeper);
        await alertEvaluator.stop();
        await batcher.quiesce(100, 3_000);
        await apiCalls.close();
        await subscriptionChanges.close();
        await batcher.drain();
      },
    };
  },
});

// For bench/metering, which measures the decision and the write path beside their bare peers.
export { RateLimiter } from './rate-limit/rate-limiter.js';
export { defaultPlanRates } from './rate-limit/plans.js';
export { ApiLogsRepository } from './ingestion/api-logs.repository.js';
export { apiLogRow } from './ingestion/api-call-record.js';
