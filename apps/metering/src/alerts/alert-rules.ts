// What an alert rule is (API.md "alerts"): the metric over a window compared with a threshold, and
// where its notifications go. Input is checked here, once, whoever calls (gateway or service).
import { z } from 'zod';
import { AppError } from '@querylane/errors';

export const alertMetrics = ['error_rate', 'avg_response_time_ms', 'p95_response_time_ms', 'requests', 'quota_used_pct'] as const;
export type AlertMetric = (typeof alertMetrics)[number];
export const alertOperators = ['gt', 'gte', 'lt', 'lte'] as const;
export type AlertOperator = (typeof alertOperators)[number];
export type AlertState = 'ok' | 'firing';

export const maxWindowMinutes = 1440;
export const maxCooldownMinutes = 10_080;
export const defaultCooldownMinutes = 15;
export const maxChannels = 10;

/**
 * A webhook's secret: given → set; `null` → none; omitted on an update → the secret the alert already
 * has for the same URL (secrets are never read back, so a client cannot send them again).
 */
const webhookChannel = z
  .object({
    type: z.literal('webhook'),
    // Credentials in the URL would be shown back on every read (a URL is not a secret): they belong
    // in `secret`, which signs the body and is never read back.
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .refine((url) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(url), 'a webhook URL must not carry credentials (user:password@); give a secret to sign the deliveries instead'),
    secret: z.string().min(1).max(256).nullable().optional(),
  })
  .strict();
const email = z.string().trim().max(254).regex(/^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/, 'expected an e-mail address');
const emailChannel = z
  .object({
    type: z.literal('email'),
    to: z.union([email, z.array(email).min(1).max(10)]),
  })
  .strict();
export const channelSchema = z.discriminatedUnion('type', [webhookChannel, emailChannel]);
export type ChannelInput = z.infer<typeof channelSchema>;

export const ruleSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    metric: z.enum(alertMetrics),
    operator: z.enum(alertOperators),
    threshold: z.number().finite(),
    window_minutes: z.number().int().min(1).max(maxWindowMinutes),
    query_name: z.string().trim().min(1).max(200).nullable(),
    channels: z.array(channelSchema).max(maxChannels),
    cooldown_minutes: z.number().int().min(0).max(maxCooldownMinutes),
    enabled: z.boolean(),
  })
  .superRefine((rule, context) => {
    if (rule.metric === 'error_rate' && (rule.threshold < 0 || rule.threshold > 1)) {
      context.addIssue({ code: 'custom', path: ['threshold'], message: 'error_rate is a fraction (errors / requests), so the threshold must be between 0 and 1' });
    }
    if (rule.metric !== 'error_rate' && rule.threshold < 0) context.addIssue({ code: 'custom', path: ['threshold'], message: 'must be 0 or more' });
    // The monthly quota belongs to the organization, not to one query.
    if (rule.metric === 'quota_used_pct' && rule.query_name !== null) context.addIssue({ code: 'custom', path: ['query_name'], message: 'quota_used_pct cannot be limited to one query' });
  });
export type AlertRule = z.infer<typeof ruleSchema>;

/** A rule checked against ruleSchema; the first problem becomes `invalid_request` naming its field. */
export function parseRule(candidate: Record<string, unknown>): AlertRule {
  const result = ruleSchema.safeParse(candidate);
  if (result.success) return result.data;
  const issues = result.error.issues.map((issue) => ({ field: issue.path.join('.') || 'alert', message: issue.message }));
  const first = issues[0]!;
  throw new AppError('invalid_request', `invalid alert: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`, { field: first.field, issues });
}

/** A channel as stored: the webhook secret sealed (base64), e-mail recipients as a list. */
export type StoredChannel = { type: 'webhook'; url: string; sealed_secret?: string } | { type: 'email'; to: string[] };

/** A channel as shown: never the secret, only whether there is one. */
export type PublicChannel = { type: 'webhook'; url: string; has_secret: boolean } | { type: 'email'; to: string[] };

export function publicChannel(channel: StoredChannel): PublicChannel {
  return channel.type === 'webhook' ? { type: 'webhook', url: channel.url, has_secret: channel.sealed_secret !== undefined } : { type: 'email', to: channel.to };
}

/** Does the value cross the threshold? No value (no calls in the window) never does. */
export function breaches(value: number | null, operator: AlertOperator, threshold: number): boolean {
  if (value === null || Number.isNaN(value)) return false;
  switch (operator) {
    case 'gt':
      return value > threshold;
    case 'gte':
      return value >= threshold;
    case 'lt':
      return value < threshold;
    case 'lte':
      return value <= threshold;
  }
}
