// The alerts' settings (environment only). Webhook targets follow the connector's egress policy:
// CONNECTOR_ALLOWED_TARGETS and CONNECTOR_ALLOW_PRIVATE_NETWORKS (DESIGN.md §7) apply to both.
import { z } from 'zod';
import { parseEnv, type ModuleContext } from '@querylane/runtime';
import { EmailSender, WebhookSender } from './alert-channels.js';
import { AlertsRepository } from './alerts.repository.js';
import { parseNetworkPolicy } from '@querylane/net';
import { SsrfGuard } from '@querylane/net';
import { loadSecretKey, WebhookSecrets } from './webhook-secret.js';
import type { Kysely } from 'kysely';
import type { MeteringTables } from '../db/schema.js';

export const alertsConfigSchema = z.object({
  /** How often the rules are evaluated. */
  METERING_ALERT_INTERVAL_MS: z.coerce.number().int().min(50).default(30_000),
  /** Attempts per notification (the first included) before it is given up. */
  METERING_ALERT_DELIVERY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  /** The wait before the second attempt; doubled for each next one (1 s, 2 s, 4 s, … at most 1 h). */
  METERING_ALERT_RETRY_BASE_MS: z.coerce.number().int().min(10).default(1_000),
  /** Time-out of one webhook request or SMTP step. */
  METERING_ALERT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** smtp://user:pass@host:port or smtps://…; e-mail channels are refused while it is unset. */
  METERING_SMTP_URL: z.string().url().refine((url) => /^smtps?:\/\//.test(url), 'expected an smtp:// or smtps:// URL').optional(),
  METERING_ALERT_FROM: z.string().min(3).default('Querylane Alerts <alerts@querylane.local>'),
  QUERYLANE_SECRET_KEY: z.string().optional(),
});
export type AlertsConfig = z.output<typeof alertsConfigSchema>;

/** What the handlers and the evaluator are built from: the service's context. */
export type AlertsContext = Pick<ModuleContext, 'env' | 'config' | 'logger' | 'instanceId'> & { db: Kysely<MeteringTables> };

export interface AlertsParts {
  settings: AlertsConfig;
  repository: AlertsRepository;
  secrets: WebhookSecrets;
  webhooks: WebhookSender;
  email: EmailSender;
}

export function alertsParts(context: AlertsContext): AlertsParts {
  const settings = parseEnv(alertsConfigSchema, context.env);
  const key = loadSecretKey({ secretKey: settings.QUERYLANE_SECRET_KEY, production: context.config.NODE_ENV === 'production', dataDir: context.config.QUERYLANE_DATA_DIR });
  return {
    settings,
    repository: new AlertsRepository(context.db),
    secrets: new WebhookSecrets(key),
    webhooks: new WebhookSender(new SsrfGuard(parseNetworkPolicy(context.env)), settings.METERING_ALERT_TIMEOUT_MS),
    email: new EmailSender(settings.METERING_SMTP_URL, settings.METERING_ALERT_FROM, settings.METERING_ALERT_TIMEOUT_MS),
  };
}
