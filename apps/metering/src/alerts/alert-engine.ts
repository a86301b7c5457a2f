// The evaluator: every interval, each enabled rule's metric over its window, the state change it
// leads to (with its event and notifications, in one transaction), then the notifications that are
// due, each attempt logged, failures retried with exponential backoff.
import type { Logger } from 'pino';
import { alertMetrics, type AlertMetric, type AlertOperator, type AlertState, type StoredChannel } from './alert-rules.js';
import { applyTransition, evaluate, metricValue, windowStart, type AlertStatus } from './alert-evaluation.js';
import { DeliveryError, type AlertNotification, type EmailSender, type WebhookSender } from './alert-channels.js';
import type { AlertRow, AlertsRepository, DeliveryRow } from './alerts.repository.js';
import type { WebhookSecrets } from './webhook-secret.js';

/** The share (0–100) of the monthly quota the project's organization has used; null when it has no cap. */
export type QuotaUsedPct = (projectId: string) => Promise<number | null>;

export interface AlertEngineOptions {
  alerts: AlertsRepository;
  secrets: WebhookSecrets;
  webhooks: WebhookSender;
  email: EmailSender;
  quotaUsedPct: QuotaUsedPct;
  logger: Logger;
  /** Attempts per notification, the first included. */
  deliveryAttempts: number;
  /** The wait before the second attempt; doubled for each next one. */
  retryBaseMs: number;
  /** Notifications sent per round (they go out concurrently). */
  deliveryBatch?: number;
}

const maxRetryDelayMs = 60 * 60_000;

export class AlertEngine {
  constructor(private readonly options: AlertEngineOptions) {}

  /** Evaluates every enabled rule once; one failing rule is logged and the others go on. */
  async evaluateAll(now: Date = new Date()): Promise<void> {
    for (const alert of await this.options.alerts.enabledAlerts()) {
      try {
        await this.evaluateOne(alert, now);
      } catch (error) {
        this.options.logger.warn({ err: error, alert_id: alert.id, project_id: alert.project_id }, 'alert evaluation failed');
      }
    }
  }

  async evaluateOne(alert: AlertRow, now: Date): Promise<void> {
    const value = await this.valueOf(alert, now);
    const status: AlertStatus = { state: alert.state as AlertState, lastNotifiedAt: alert.last_notified_at, firingNotified: alert.firing_notified };
    const transition = evaluate({ operator: alert.operator as AlertOperator, threshold: alert.threshold, cooldown_minutes: alert.cooldown_minutes }, status, value, now);
    if (transition.kind === 'none') {
      await this.options.alerts.recordEvaluation(alert.id, value, now);
      return;
    }
    const firedAt = transition.kind === 'fired' ? now : (alert.last_fired_at ?? now);
    const notification: AlertNotification = {
      alert_id: alert.id,
      name: alert.name,
      state: transition.kind === 'fired' ? 'firing' : 'resolved',
      metric: alert.metric,
      value,
      threshold: alert.threshold,
      window_minutes: alert.window_minutes,
      project_id: alert.project_id,
      fired_at: firedAt.toISOString(),
      ...(transition.kind === 'resolved' ? { resolved_at: now.toISOString() } : {}),
    };
    const channels = alert.channels as StoredChannel[];
    const recorded = await this.options.alerts.recordTransition(alert, transition, applyTransition(status, transition, now), value, now, () =>
      transition.notify ? channels.map((channel) => ({ channel, payload: { ...notification } })) : [],
    );
    if (recorded) {
      this.options.logger.info(
        { alert_id: alert.id, project_id: alert.project_id, state: notification.state, metric: alert.metric, value, threshold: alert.threshold, notified: transition.notify },
        transition.kind === 'fired' ? 'alert fired' : 'alert resolved',
      );
    }
  }

  private async valueOf(alert: AlertRow, now: Date): Promise<number | null> {
    const metric = alert.metric as AlertMetric;
    if (!alertMetrics.includes(metric)) return null;
    if (metric === 'quota_used_pct') return this.options.quotaUsedPct(alert.project_id);
    const totals = await this.options.alerts.windowTotals(alert.project_id, alert.query_name, windowStart(now, alert.window_minutes), metric === 'p95_response_time_ms');
    return metricValue(metric, totals);
  }

  /** Sends the notifications that are due; returns how many attempts were made. */
  async deliverDue(now: Date = new Date()): Promise<number> {
    const due = await this.options.alerts.dueDeliveries(now, this.options.deliveryBatch ?? 20);
    await Promise.all(due.map((delivery) => this.attempt(delivery)));
    return due.length;
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const channel = delivery.channel as StoredChannel;
    const notification = delivery.payload as unknown as AlertNotification;
    const attempt = delivery.attempts + 1;
    const started = Date.now();
    // Only the webhook's origin is recorded: a path can carry a token (Slack-style webhook URLs).
    const target = channel.type === 'webhook' ? { channel: 'webhook', target: new URL(channel.url).origin } : { channel: 'email', to: channel.to };
    const log = { alert_id: delivery.alert_id, project_id: notification.project_id, delivery_id: delivery.id, attempt, ...target };
    try {
      let status: number | undefined;
      if (channel.type === 'webhook') {
        const secret = channel.sealed_secret ? this.options.secrets.open(channel.sealed_secret, delivery.alert_id) : undefined;
        status = (await this.options.webhooks.send({ url: channel.url, notification, secret, deliveryId: delivery.id })).status;
      } else {
        await this.options.email.send(channel.to, notification);
      }
      const details = { ...target, state: notification.state, attempt, delivery_id: delivery.id, duration_ms: Date.now() - started, ...(status ? { status } : {}) };
      await this.options.alerts.recordAttempt(delivery, 'delivered', details, undefined, new Date());
      this.options.logger.info({ ...log, status }, 'alert notification delivered');
    } catch (error) {
      const failure = error instanceof DeliveryError ? { error: error.message, ...error.detail } : { error: 'internal error', reason: 'internal' };
      if (!(error instanceof DeliveryError)) this.options.logger.error({ ...log, err: error }, 'alert notification failed unexpectedly');
      const retryAt = attempt < this.options.deliveryAttempts ? new Date(Date.now() + Math.min(maxRetryDelayMs, this.options.retryBaseMs * 2 ** (attempt - 1))) : undefined;
      const details = { ...target, state: notification.state, attempt, delivery_id: delivery.id, duration_ms: Date.now() - started, ...failure, ...(retryAt ? { next_attempt_at: retryAt.toISOString() } : { gave_up: true }) };
      await this.options.alerts.recordAttempt(delivery, 'delivery_failed', details, retryAt, new Date());
      this.options.logger.warn({ ...log, ...failure, retry_at: retryAt?.toISOString() }, 'alert notification failed');
    }
  }
}
