// The Kysely types of the tables in the `metering` schema, which only this service touches.
import type { ColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

export type MeteringTables = BusTables & AlertTables;

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
