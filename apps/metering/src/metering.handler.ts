// metering's gRPC surface: map each request to its use case and the results to messages.
import type { ServiceImplementation } from '@querylane/grpc';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { meteringV1 } from '@querylane/proto';
import { rowToMessage } from '@querylane/records';
import type { MetricsUseCase, Point } from './metrics/metrics.usecase.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

export type AlertHandlers = Pick<
  ServiceImplementation<typeof meteringV1.MeteringService>,
  'createAlert' | 'listAlerts' | 'getAlert' | 'updateAlert' | 'deleteAlert' | 'listAlertEvents'
>;

const point = (p: Point) => ({
  ts: timestampFromDate(p.ts),
  requests: BigInt(p.requests),
  errors: BigInt(p.errors),
  rateLimited: BigInt(p.rateLimited),
  errorRate: p.errorRate,
  avgResponseTimeMs: p.avgResponseTimeMs,
  p95ResponseTimeMs: p.p95ResponseTimeMs,
});

export function meteringHandlers(u: { metrics: MetricsUseCase; limiter: RateLimiter; alerts: AlertHandlers }): Omit<ServiceImplementation<typeof meteringV1.MeteringService>, 'getServiceInfo'> {
  return {
    checkRateLimit: async (request) => {
      const decision = await u.limiter.check(request);
      return { ...decision, resetMs: BigInt(decision.resetMs), retryAfterMs: BigInt(decision.retryAfterMs) };
    },
    getProjectMetrics: async (request, context) => {
      const { series, totals } = await u.metrics.projectMetrics(request, context);
      return { series: series.map(point), totals: point(totals) };
    },
    getQueryMetrics: async (request, context) => ({ queries: (await u.metrics.queryMetrics(request, context)).map((q) => ({ ...q, requests: BigInt(q.requests) })) }),
    getQuestionMetrics: async (request, context) => ({
      questions: (await u.metrics.questionMetrics(request, context)).map((q) => ({ question: q.question, count: BigInt(q.count), lastAskedAt: timestampFromDate(q.lastAskedAt), queryUsed: q.queryUsed })),
    }),
    listApiLogs: async (request, context) => {
      const page = await u.metrics.apiLogs(request, context);
      return { apiLogs: page.logs.map((row) => rowToMessage(meteringV1.ApiLogSchema, row as unknown as Record<string, unknown>)), nextCursor: page.nextCursor };
    },
    getUsage: async ({ organizationId }, context) => {
      const usage = await u.metrics.usage(organizationId, context);
      return { ...usage, apiCallsUsed: BigInt(usage.apiCallsUsed) };
    },
    ...u.alerts,
  };
}
