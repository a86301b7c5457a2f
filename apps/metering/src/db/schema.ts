// The Kysely types of the tables in the `metering` schema, which only this service touches.
import type { ColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

/** The Postgres schema metering owns; raw SQL names it (the schema plugin only rewrites built queries). */
export const meteringSchema = 'metering';

/** jsonb: written as JSON text, read back parsed. */
type Json = ColumnType<unknown, string | null, string | null>;

export interface ApiLogsTable {
  id: string;
  api_slug: string;
  version: string;
  endpoint_path: string;
  user_id: string;
  project_id: string;
  queryresponse_id: string | null;
  query_params: Json;
  response_time_ms: number;
  status_code: number;
  request_body: Json;
  parent_log_id: string | null;
  environment: string;
  query_name: string;
  question: string;
  api_key_id: string;
  organization_id: string;
  error: string;
  created_at: Date;
}

/** Per-minute counts; the alerts engineer reads this table exactly as defined here. */
export interface UsageRollupsTable {
  project_id: string;
  environment: string;
  /** '' for calls that named no existing query. */
  query_name: string;
  minute: Date;
  requests: number;
  /** Status ≥ 400 except 429. */
  errors: number;
  /** Status 429. */
  rate_limited: number;
  total_response_ms: number;
  /** Counts per bucket of latencyBucketsMs (rollups/latency-buckets.ts). */
  latency_buckets: number[];
}

export interface OrganizationUsageTable {
  organization_id: string;
  /** First instant of the calendar month (UTC), the catalog's billing period. */
  period_start: Date;
  calls: ColumnType<string, number | string, string>;
}

export interface QuestionsTable {
  project_id: string;
  /** The UTC day, written as YYYY-MM-DD. */
  day: string;
  /** Normalized: lower case, no punctuation, single spaces. */
  question: string;
  count: number;
  last_asked_at: Date;
  query_used: string;
}

export interface MeteringTables extends BusTables, AlertTables {
  api_logs: ApiLogsTable;
  usage_rollups: UsageRollupsTable;
  organization_usage: OrganizationUsageTable;
  questions: QuestionsTable;
}

/** Alert rules, their history, pending notifications and the evaluator lease (alerts/). */
export interface AlertTables {
  alerts: AlertsTable;
  alert_events: AlertEventsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_leases: AlertLeasesTable;
}

export interface AlertsTable {
  id: string;
  project_id: string;
  name: string;
  metric: string;
  operator: string;
  threshold: number;
  window_minutes: number;
  query_name: string | null;
  /** StoredChannel[] (alerts/alert-rules.ts): webhook secrets sealed. */
  channels: ColumnType<unknown, string, string>;
  cooldown_minutes: number;
  enabled: boolean;
  state: ColumnType<string, string | undefined, string>;
  last_value: number | null;
  last_evaluated_at: Date | null;
  last_fired_at: Date | null;
  last_notified_at: Date | null;
  firing_notified: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface AlertEventsTable {
  id: string;
  alert_id: string;
  /** fired, resolved, delivered or delivery_failed. */
  kind: string;
  value: number | null;
  details: ColumnType<Record<string, unknown>, string, never>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AlertDeliveriesTable {
  id: string;
  alert_id: string;
  event_id: string;
  channel: ColumnType<unknown, string, never>;
  payload: ColumnType<Record<string, unknown>, string, never>;
  /** pending, delivered or failed. */
  status: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface AlertLeasesTable {
  name: string;
  holder: string;
  expires_at: Date;
}
