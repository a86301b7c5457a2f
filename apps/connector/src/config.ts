// The connector's own settings: the SSRF guard and the limits on a target's answers.
import { z } from 'zod';

const positive = z.coerce.number().int().positive();

export const connectorConfigSchema = z.object({
  CONNECTOR_ALLOWED_TARGETS: z.string().optional(),
  CONNECTOR_ALLOW_PRIVATE_NETWORKS: z.enum(['true', 'false']).default('false'),
  CONNECTOR_CONNECT_TIMEOUT_MS: positive.default(5_000),
  CONNECTOR_TOTAL_TIMEOUT_MS: positive.default(30_000),
  CONNECTOR_MAX_RESPONSE_BYTES: positive.default(100 * 1024 * 1024),
  CONNECTOR_MAX_PAGES: positive.default(100),
  CONNECTOR_MAX_ATTEMPTS: positive.default(4),
});

export type ConnectorConfig = z.output<typeof connectorConfigSchema>;
