// Creating, changing and deleting alert rules: the whole rule checked after every change, webhook
// URLs through the SSRF guard when saved, secrets sealed and never given back.
import { randomUUID } from 'node:crypto';
import { AppError } from '@querylane/errors';
import { parseRule, type AlertRule, type StoredChannel } from './alert-rules.js';
import { defaultCooldownMinutes } from './alert-rules.js';
import type { EmailSender, WebhookSender } from './alert-channels.js';
import type { AlertRow, AlertsRepository, AlertValues } from './alerts.repository.js';
import type { WebhookSecrets } from './webhook-secret.js';

/** The members a request gives; absent ones keep their value (update) or take the default (create). */
export interface AlertChanges {
  name?: string | undefined;
  metric?: string | undefined;
  operator?: string | undefined;
  threshold?: number | undefined;
  window_minutes?: number | undefined;
  /** '' clears it. */
  query_name?: string | undefined;
  channels?: Record<string, unknown>[] | undefined;
  cooldown_minutes?: number | undefined;
  enabled?: boolean | undefined;
}

export const maxAlertsPerProject = 100;

/** The names of the project's query programs (query-runtime), one of which a rule's query_name must be. */
export type QueryNames = (projectId: string) => Promise<readonly string[]>;

export class ManageAlertsUseCase {
  constructor(
    private readonly alerts: AlertsRepository,
    private readonly secrets: WebhookSecrets,
    private readonly webhooks: WebhookSender,
    private readonly email: EmailSender,
    private readonly queryNames: QueryNames,
  ) {}

  async create(projectId: string, changes: AlertChanges): Promise<AlertRow> {
    const rule = parseRule({
      name: changes.name,
      metric: changes.metric,
      operator: changes.operator,
      threshold: changes.threshold,
      window_minutes: changes.window_minutes,
      query_name: changes.query_name || null,
      channels: changes.channels ?? [],
      cooldown_minutes: changes.cooldown_minutes ?? defaultCooldownMinutes,
      enabled: changes.enabled ?? true,
    });
    await this.checkQueryName(projectId, rule.query_name);
    if ((await this.alerts.countByProject(projectId)) >= maxAlertsPerProject) {
      throw new AppError('conflict', `a project has at most ${maxAlertsPerProject} alerts; delete one first`, { max_alerts: maxAlertsPerProject });
    }
    const id = randomUUID();
    return this.alerts.insert(id, projectId, { ...rule, channels: await this.storeChannels(id, rule, []) });
  }

  async update(current: AlertRow, changes: AlertChanges): Promise<AlertRow> {
    const stored = current.channels as StoredChannel[];
    const rule = parseRule({
      name: changes.name ?? current.name,
      metric: changes.metric ?? current.metric,
      operator: changes.operator ?? current.operator,
      threshold: changes.threshold ?? current.threshold,
      window_minutes: changes.window_minutes ?? current.window_minutes,
      query_name: changes.query_name === undefined ? current.query_name : changes.query_name || null,
      // Stored channels are valid already; only given ones are checked (and their secrets sealed).
      channels: changes.channels ?? stored.map((channel) => (channel.type === 'webhook' ? { type: 'webhook', url: channel.url } : channel)),
      cooldown_minutes: changes.cooldown_minutes ?? current.cooldown_minutes,
      enabled: changes.enabled ?? current.enabled,
    });
    // A name checked before stays valid though its program is gone since: its calls still count.
    if (rule.query_name !== current.query_name) await this.checkQueryName(current.project_id, rule.query_name);
    const channels = changes.channels === undefined ? stored : await this.storeChannels(current.id, rule, stored);
    const values: AlertValues = { ...rule, channels };
    const conditionChanged = (['metric', 'operator', 'threshold', 'window_minutes', 'query_name'] as const).some((key) => values[key] !== current[key]);
    return this.alerts.update(current.id, values, conditionChanged || !values.enabled);
  }

  async delete(current: AlertRow): Promise<AlertRow> {
    const deleted = await this.alerts.delete(current.id);
    if (!deleted) throw new AppError('not_found', `alert ${current.id} not found`, { id: current.id });
    return deleted;
  }

  /** A rule about a query no program of the project is named for would never fire: a typo, refused. */
  private async checkQueryName(projectId: string, name: string | null): Promise<void> {
    if (name === null) return;
    const names = await this.queryNames(projectId);
    if (names.includes(name)) return;
    const shown = names.length === 0 ? 'it has no query programs yet' : `it has ${names.slice(0, 10).join(', ')}${names.length > 10 ? `, … (${names.length} in all)` : ''}`;
    throw new AppError('invalid_request', `query_name: the project has no query named ${JSON.stringify(name)} (${shown})`, { field: 'query_name' });
  }

  private async storeChannels(alertId: string, rule: AlertRule, previous: StoredChannel[]): Promise<StoredChannel[]> {
    const stored: StoredChannel[] = [];
    for (const [index, channel] of rule.channels.entries()) {
      const field = `channels.${index}`;
      if (channel.type === 'email') {
        if (!this.email.configured) throw new AppError('invalid_request', `${field}: e-mail notifications are not configured on this platform (METERING_SMTP_URL)`, { field });
        stored.push({ type: 'email', to: typeof channel.to === 'string' ? [channel.to] : channel.to });
        continue;
      }
      try {
        await this.webhooks.vet(channel.url);
      } catch (error) {
        if (error instanceof AppError) throw new AppError(error.code === 'upstream_error' ? 'invalid_request' : error.code, `${field}.url: ${error.message}`, { ...error.details, field: `${field}.url` });
        throw error;
      }
      const kept = previous.find((old): old is Extract<StoredChannel, { type: 'webhook' }> => old.type === 'webhook' && old.url === channel.url)?.sealed_secret;
      const sealed = typeof channel.secret === 'string' ? this.secrets.seal(channel.secret, alertId) : channel.secret === null ? undefined : kept;
      stored.push({ type: 'webhook', url: channel.url, ...(sealed ? { sealed_secret: sealed } : {}) });
    }
    return stored;
  }
}
