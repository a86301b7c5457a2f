// The connector's own settings: the SSRF guard and the limits on a target's answers.
import { z } from 'zod';
import type { TargetLimits } from './target/index.js';

const positive = z.coerce.number().int().positive();
const zeroOrMore = z.coerce.number().int().min(0);

export const connectorConfigSchema = z.object({
  CONNECTOR_ALLOWED_TARGETS: z.string().optional(),
  CONNECTOR_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  CONNECTOR_CONNECT_TIMEOUT_MS: positive.default(5_000),
  CONNECTOR_TOTAL_TIMEOUT_MS: positive.default(30_000),
  CONNECTOR_MAX_RESPONSE_BYTES: positive.default(100 * 1024 * 1024),
  CONNECTOR_MAX_DECOMPRESSED_BYTES: positive.default(500 * 1024 * 1024),
  CONNECTOR_MAX_REDIRECTS: zeroOrMore.default(5),
  CONNECTOR_MAX_PAGES: positive.default(100),
  CONNECTOR_MAX_ATTEMPTS: positive.default(4),
  CONNECTOR_RETRY_BASE_DELAY_MS: zeroOrMore.default(500),
  CONNECTOR_RETRY_MAX_DELAY_MS: zeroOrMore.default(30_000),
  CONNECTOR_MAX_REQUEST_BODY_BYTES: positive.default(10 * 1024 * 1024),
  CONNECTOR_PREVIEW_RECORDS: zeroOrMore.default(100),
});

export type ConnectorConfig = z.output<typeof connectorConfigSchema>;

/** The limits on a target's answers, as the settings give them. */
export function targetLimitsOf(settings: ConnectorConfig): TargetLimits {
  return {
    connectTimeoutMs: settings.CONNECTOR_CONNECT_TIMEOUT_MS,
    totalTimeoutMs: settings.CONNECTOR_TOTAL_TIMEOUT_MS,
    maxRedirects: settings.CONNECTOR_MAX_REDIRECTS,
    maxResponseBytes: settings.CONNECTOR_MAX_RESPONSE_BYTES,
    maxDecompressedBytes: settings.CONNECTOR_MAX_DECOMPRESSED_BYTES,
    maxPages: settings.CONNECTOR_MAX_PAGES,
    maxAttempts: settings.CONNECTOR_MAX_ATTEMPTS,
    retryBaseDelayMs: settings.CONNECTOR_RETRY_BASE_DELAY_MS,
    retryMaxDelayMs: settings.CONNECTOR_RETRY_MAX_DELAY_MS,
    maxRequestBodyBytes: settings.CONNECTOR_MAX_REQUEST_BODY_BYTES,
    previewRecords: settings.CONNECTOR_PREVIEW_RECORDS,
  };
}
