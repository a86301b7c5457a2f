// Every SQL statement of the alerts: rules, history, pending deliveries, the lease, and the window
// sums read from the per-minute rollups (metering.usage_rollups, written by the ingestion; read with
// plain SQL so the alerts do not depend on how that code types it).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AlertDeliveriesTable, AlertsTable, MeteringTables } from '../db/schema.js';
import type { StoredChannel } from './alert-rules.js';
import type { AlertStatus, Transition, WindowTotals } from './alert-evaluation.js';

/** Raw SQL is not rewritten by the schema plugin, so the table is named with the service's schema. */
const rollups = sql.table('metering.usage_rollups');

export type AlertRow = Selectable<AlertsTable>;
export type DeliveryRow = Selectable<AlertDeliveriesTable>;
export type AlertEventKind = 'fired' | 'resolved' | 'delivered' | 'delivery_failed';

/** The columns a rule sets (create and update). */
export interface AlertValues {
  name: string;
  metric: string;
  operator: string;
  threshold: number;
  window_minutes: number;
  query_name: string | null;
  channels: StoredChannel[];
  cooldown_minutes: number;
  enabled: boolean;
}

export interface NewDelivery {
  channel: StoredChannel;
  payload: Record<string, unknown>;
}

export class AlertsRepository {
  constructor(private readonly db: Kysely<MeteringTables>) {}

  async insert(id: string, projectId: string, values: AlertValues): Promise<AlertRow> {
    const at = new Date();
    return this.db
      .insertInto('alerts')
      // Timestamps from here, in milliseconds, so updated_at compares equal when read back (recordTransition).
      .values({ id, project_id: projectId, ...values, channels: JSON.stringify(values.channels), last_value: null, last_evaluated_at: null, last_fired_at: null, last_notified_at: null, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(id: string): Promise<AlertRow | undefined> {
    return this.db.selectFrom('alerts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listByProject(projectId: string): Promise<AlertRow[]> {
    return this.db.selectFrom('alerts').selectAll().where('project_id', '=', projectId).orderBy('created_at').orderBy('id').execute();
  }

  async countByProject(projectId: string): Promise<number> {
    const row = await this.db.selectFrom('alerts').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Saves a changed rule. A rule that is disabled, or whose condition changed, starts again from
   * `ok` (a firing it had is closed without a notification: the rule that fired no longer exists).
   */
  async update(id: string, values: AlertValues, reset: boolean): Promise<AlertRow> {
    return this.db
      .updateTable('alerts')
      .set({ ...values, channels: JSON.stringify(values.channels), updated_at: new Date(), ...(reset ? { state: 'ok', firing_notified: false } : {}) })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async delete(id: string): Promise<AlertRow | undefined> {
    return this.db.deleteFrom('alerts').where('id', '=', id).returningAll().executeTakeFirst();
  }

  async events(alertId: string, limit: number) {
    return this.db.selectFrom('alert_events').selectAll().where('alert_id', '=', alertId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }

  async enabledAlerts(): Promise<AlertRow[]> {
    return this.db.selectFrom('alerts').selectAll().where('enabled', '=', true).orderBy('id').execute();
  }

  /** Sums of the project's rollups from `since` on (one query, or every query when null). */
  async windowTotals(projectId: string, queryName: string | null, since: Date, withBuckets: boolean): Promise<WindowTotals> {
    const only = queryName === null ? sql`` : sql`and query_name = ${queryName}`;
    const { rows } = await sql<{ requests: string; errors: string; total_response_ms: string }>`
      select coalesce(sum(requests), 0) as requests, coalesce(sum(errors), 0) as errors, coalesce(sum(total_response_ms), 0) as total_response_ms
      from ${rollups} where project_id = ${projectId} and minute >= ${since} ${only}`.execute(this.db);
    const row = rows[0]!;
    const totals: WindowTotals = { requests: Number(row.requests), errors: Number(row.errors), totalResponseMs: Number(row.total_response_ms), latencyBuckets: [] };
    if (withBuckets && totals.requests > 0) {
      // Element-wise sums of the minutes' bucket arrays (position is 1-based).
      const buckets = await sql<{ position: string; count: string }>`
        select b.position, sum(b.count) as count
        from ${rollups} r cross join lateral unnest(r.latency_buckets) with ordinality as b(count, position)
        where r.project_id = ${projectId} and r.minute >= ${since} ${queryName === null ? sql`` : sql`and r.query_name = ${queryName}`}
        group by b.position`.execute(this.db);
      for (const bucket of buckets.rows) totals.latencyBuckets[Number(bucket.position) - 1] = Number(bucket.count);
      for (let index = 0; index < totals.latencyBuckets.length; index += 1) totals.latencyBuckets[index] ??= 0;
    }
    return totals;
  }

  async recordEvaluation(id: string, value: number | null, now: Date): Promise<void> {
    await this.db.updateTable('alerts').set({ last_value: value, last_evaluated_at: now }).where('id', '=', id).execute();
  }

  /**
   * A state change, its event and its notifications in one transaction; only while the rule is
   * still in the state it was read in, so a concurrent edit or a second evaluator changes nothing.
   */
  async recordTransition(alert: AlertRow, transition: Exclude<Transition, { kind: 'none' }>, next: AlertStatus, value: number | null, now: Date, notify: (eventId: string) => NewDelivery[]): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable('alerts')
        .set({
          state: next.state,
          last_notified_at: next.lastNotifiedAt,
          firing_notified: next.firingNotified,
          last_value: value,
          last_evaluated_at: now,
          ...(transition.kind === 'fired' ? { last_fired_at: now } : {}),
        })
        .where('id', '=', alert.id)
        .where('state', '=', alert.state)
        .where('updated_at', '=', alert.updated_at)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) return false;
      const eventId = randomUUID();
      const details = {
        metric: alert.metric,
        operator: alert.operator,
        threshold: alert.threshold,
        window_minutes: alert.window_minutes,
        notified: transition.notify,
        ...(transition.kind === 'fired' && !transition.notify ? { suppressed_by: 'cooldown' } : {}),
      };
      await trx.insertInto('alert_events').values({ id: eventId, alert_id: alert.id, kind: transition.kind, value, details: JSON.stringify(details), created_at: now }).execute();
      const deliveries = notify(eventId);
      if (deliveries.length > 0) {
        await trx
          .insertInto('alert_deliveries')
          .values(
            deliveries.map((delivery) => ({
              id: randomUUID(),
              alert_id: alert.id,
              event_id: eventId,
              channel: JSON.stringify(delivery.channel),
              payload: JSON.stringify(delivery.payload),
              status: 'pending',
              next_attempt_at: now,
            })),
          )
          .execute();
      }
      return true;
    });
  }

  async dueDeliveries(now: Date, limit: number): Promise<DeliveryRow[]> {
    return this.db.selectFrom('alert_deliveries').selectAll().where('status', '=', 'pending').where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(limit).execute();
  }

  /** One attempt in the delivery log, and what becomes of the delivery (done, failed, or retried at `retryAt`). */
  async recordAttempt(delivery: DeliveryRow, kind: 'delivered' | 'delivery_failed', details: Record<string, unknown>, retryAt: Date | undefined, now: Date): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('alert_events').values({ id: randomUUID(), alert_id: delivery.alert_id, kind, value: null, details: JSON.stringify(details), created_at: now }).execute();
      await trx
        .updateTable('alert_deliveries')
        .set({ attempts: delivery.attempts + 1, status: kind === 'delivered' ? 'delivered' : retryAt ? 'pending' : 'failed', next_attempt_at: retryAt ?? now })
        .where('id', '=', delivery.id)
        .execute();
    });
  }

  /**
   * Takes or renews the named lease for `ttlMs` (database clock); false while another holder has
   * it. One statement, so two replicas asking at once cannot both get it.
   */
  async acquireLease(name: string, holder: string, ttlMs: number): Promise<boolean> {
    const expires = sql<Date>`now() + ${ttlMs} * interval '1 millisecond'`;
    const row = await this.db
      .insertInto('alert_leases')
      .values({ name, holder, expires_at: expires })
      .onConflict((conflict) =>
        conflict
          .column('name')
          .doUpdateSet({ holder, expires_at: expires })
          .where((eb) => eb.or([eb('alert_leases.holder', '=', holder), eb('alert_leases.expires_at', '<', sql<Date>`now()`)])),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === holder;
  }

  async releaseLease(name: string, holder: string): Promise<void> {
    await this.db.deleteFrom('alert_leases').where('name', '=', name).where('holder', '=', holder).execute();
  }
}
