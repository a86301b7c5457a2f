// The metrics reads of API.md "Metrics, logs": windows with defaults, the derived rates, cursors.
// A user's call is authorized by the catalog (project:read); a service's own call is trusted.
import { timestampDate, timestampFromDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { onBehalfOf, type CallContext } from '@querylane/grpc';
import type { ServiceClients } from '@querylane/runtime';
import { monthEnd, monthStart } from '../ingestion/api-call-record.js';
import { addBuckets, emptyBuckets, percentileFromBuckets } from '../rollups/latency-buckets.js';
import type { Aggregate, Bucket, MetricsRepository } from './metrics.repository.js';

const day = 86_400_000;
const maxPoints = 2_000;
const bucketMs: Record<Bucket, number> = { minute: 60_000, hour: 3_600_000, day };

export interface Point {
  ts: Date;
  requests: number;
  errors: number;
  rateLimited: number;
  errorRate: number;
  avgResponseTimeMs: number;
  p95ResponseTimeMs: number;
}

export class MetricsUseCase {
  constructor(
    private readonly repository: MetricsRepository,
    private readonly clients: ServiceClients,
  ) {}

  async projectMetrics(request: { projectId: string; from?: Timestamp | undefined; to?: Timestamp | undefined; bucket: string; environment: string }, context: CallContext) {
    await this.authorize(request.projectId, context);
    const { from, to } = window(request.from, request.to);
    const bucket = chooseBucket(request.bucket, to.getTime() - from.getTime());
    const aggregates = await this.repository.aggregate({ projectId: request.projectId, from, to, environment: request.environment || undefined }, bucket);
    const total: Aggregate = { ts: from, requests: 0, errors: 0, rateLimited: 0, totalResponseMs: 0, buckets: emptyBuckets() };
    for (const aggregate of aggregates) {
      total.requests += aggregate.requests;
      total.errors += aggregate.errors;
      total.rateLimited += aggregate.rateLimited;
      total.totalResponseMs += aggregate.totalResponseMs;
      addBuckets(total.buckets, aggregate.buckets);
    }
    return { series: aggregates.map(point), totals: point(total), bucket, from, to };
  }

  async queryMetrics(request: { projectId: string; from?: Timestamp | undefined; to?: Timestamp | undefined; environment: string; limit: number }, context: CallContext) {
    await this.authorize(request.projectId, context);
    const { from, to } = window(request.from, request.to);
    const rows = await this.repository.byQuery({ projectId: request.projectId, from, to, environment: request.environment || undefined }, clampLimit(request.limit, 20, 100));
    return rows.map((row) => ({ queryName: row.queryName, requests: row.requests, errorRate: ratio(row.errors, row.requests), avgResponseTimeMs: ratio(row.totalResponseMs, row.requests) }));
  }

  async questionMetrics(request: { projectId: string; from?: Timestamp | undefined; to?: Timestamp | undefined; limit: number }, context: CallContext) {
    await this.authorize(request.projectId, context);
    const { from, to } = window(request.from, request.to, 30 * day);
    return this.repository.questions({ projectId: request.projectId, from, to }, clampLimit(request.limit, 20, 100));
  }

  async apiLogs(request: { projectId: string; cursor: string; limit: number; statusCode: number }, context: CallContext) {
    await this.authorize(request.projectId, context);
    if (request.statusCode && (request.statusCode < 100 || request.statusCode > 599)) throw new AppError('invalid_request', 'status_code must be an HTTP status', { field: 'status_code' });
    const limit = clampLimit(request.limit, 50, 500);
    const rows = await this.repository.apiLogs({ projectId: request.projectId, after: request.cursor ? decodeCursor(request.cursor) : undefined, limit: limit + 1, statusCode: request.statusCode || undefined });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return { logs: page, nextCursor: rows.length > limit && last ? encodeCursor(last.created_at, last.id) : '' };
  }

  async usage(organizationId: string, context: CallContext, now = new Date()) {
    if (!organizationId) throw new AppError('invalid_request', 'organization_id is required', { field: 'organization_id' });
    // For a user, reading the subscription through the catalog checks they belong to the organization.
    const options = onBehalfOf(context);
    if (options.metadata) await this.clients.catalog.call.getSubscription({ organizationId }, options);
    const start = monthStart(now);
    return { apiCallsUsed: await this.repository.usage(organizationId, start), billingPeriodStart: timestampFromDate(start), billingPeriodEnd: timestampFromDate(monthEnd(now)) };
  }

  private async authorize(projectId: string, context: CallContext): Promise<void> {
    if (!projectId) throw new AppError('invalid_request', 'project_id is required', { field: 'project_id' });
    const options = onBehalfOf(context);
    if (options.metadata) await this.clients.catalog.call.authorize({ projectId, action: 'project:read' }, options);
  }
}

/** Defaults: the last 24 hours (or `span`) up to now. */
function window(fromTs: Timestamp | undefined, toTs: Timestamp | undefined, span = day): { from: Date; to: Date } {
  const to = toTs ? timestampDate(toTs) : new Date();
  const from = fromTs ? timestampDate(fromTs) : new Date(to.getTime() - span);
  if (!(from < to)) throw new AppError('invalid_request', 'from must be before to', { field: 'from' });
  return { from, to };
}

/** The asked bucket, or the finest one that gives at most a few hundred points. */
function chooseBucket(asked: string, spanMs: number): Bucket {
  if (asked && asked !== 'minute' && asked !== 'hour' && asked !== 'day') throw new AppError('invalid_request', 'bucket must be minute, hour or day', { field: 'bucket' });
  const bucket: Bucket = (asked as Bucket) || (spanMs <= 6 * 3_600_000 ? 'minute' : spanMs <= 14 * day ? 'hour' : 'day');
  if (spanMs / bucketMs[bucket] > maxPoints) throw new AppError('invalid_request', `that window holds more than ${maxPoints} ${bucket}s; choose a coarser bucket`, { field: 'bucket' });
  return bucket;
}

function point(aggregate: Aggregate): Point {
  return {
    ts: aggregate.ts,
    requests: aggregate.requests,
    errors: aggregate.errors,
    rateLimited: aggregate.rateLimited,
    errorRate: ratio(aggregate.errors, aggregate.requests),
    avgResponseTimeMs: ratio(aggregate.totalResponseMs, aggregate.requests),
    p95ResponseTimeMs: percentileFromBuckets(aggregate.buckets, 95) ?? 0,
  };
}

function ratio(part: number, whole: number): number {
  return whole ? part / whole : 0;
}

function clampLimit(limit: number, fallback: number, max: number): number {
  if (!limit) return fallback;
  if (limit < 1 || limit > max) throw new AppError('invalid_request', `limit must be between 1 and ${max}`, { field: 'limit' });
  return limit;
}

function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('invalid_request', 'the cursor is not one this endpoint gave', { field: 'cursor' });
  return { createdAt, id };
}
