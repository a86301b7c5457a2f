// One querylane.api-calls event as the rows it becomes: the ApiLog, its rollup cell, its month of
// usage and, for a question, its normalized text.
import { timestampDate } from '@bufbuild/protobuf/wkt';
import { openPayload, type EventEnvelope } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { Insertable } from 'kysely';
import type { ApiLogsTable } from '../db/schema.js';

export type ApiLogRow = Required<Insertable<ApiLogsTable>>;

export function apiLogRow(envelope: EventEnvelope): ApiLogRow {
  const call = openPayload(envelope, eventsV1.ApiCallSchema);
  // An event without its own time (an older gateway) is dated by the envelope.
  const createdAt = call.calledAt ? timestampDate(call.calledAt) : envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date();
  return {
    id: envelope.id,
    api_slug: call.apiSlug,
    version: call.version,
    endpoint_path: call.endpointPath,
    user_id: call.userId,
    project_id: call.projectId || envelope.projectId,
    queryresponse_id: call.queryresponseId || null,
    query_params: call.queryParams ? JSON.stringify(call.queryParams) : null,
    response_time_ms: call.responseTimeMs,
    status_code: call.statusCode,
    request_body: call.requestBody ? JSON.stringify(call.requestBody) : null,
    parent_log_id: call.parentLogId || null,
    environment: call.environment,
    query_name: call.queryName,
    question: call.question,
    api_key_id: call.apiKeyId,
    organization_id: call.organizationId,
    error: call.error,
    created_at: createdAt,
  };
}

/** API.md: errors are answers of 400 or above except 429, which counts as rate limited. */
export function isError(status: number): boolean {
  return status >= 400 && status !== 429;
}

export function isRateLimited(status: number): boolean {
  return status === 429;
}

/**
 * Questions are counted as the same question whatever their case, punctuation or spacing
 * ("Top 5 cars?" and "top 5  cars"); letters and digits of every script are kept, and so is one
 * `-`, `.`, `/` or `:` between two digits, so dates, decimals and times read as written
 * ("between 2015-12-25 and 3.5" rather than "between 2015 12 25 and 3 5").
 */
export function normalizeQuestion(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, (run: string, offset: number, text: string) =>
      /^[-./:]$/.test(run) && /\p{N}/u.test(text[offset - 1] ?? '') && /\p{N}/u.test(text[offset + 1] ?? '') ? run : ' ',
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The calendar month (UTC) containing `at`: the catalog's billing period. */
export function monthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export function monthEnd(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

export function minuteOf(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}
