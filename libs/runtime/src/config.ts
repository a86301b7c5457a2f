// Configuration comes from the environment only, validated with zod; a bad value stops the
// process with one line per bad variable, naming it.
import { z } from 'zod';

export const serviceNames = ['catalog', 'connector', 'query-runtime', 'deploy', 'metering'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** `query-runtime` → `QUERY_RUNTIME_ADDR` */
export function addressVariable(service: ServiceName): string {
  return `${service.toUpperCase().replaceAll('-', '_')}_ADDR`;
}

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const optionalString = z.string().trim().min(1).optional();
const hostPort = z
  .string()
  .trim()
  .regex(/^[\w.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, 'expected host:port');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const platformConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    TARGET: z
      .string()
      .default('all')
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.string()).min(1, 'name at least one target')),
    PORT: port.default(8080),
    HOST: z.string().default('0.0.0.0'),
    GRPC_PORT: port.optional(),
    GRPC_HOST: z.string().optional(),
    GRPC_DEADLINE_MS: positiveInt.default(5_000),
    SHUTDOWN_GRACE_MS: positiveInt.default(4_000),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    QUERYLANE_DATA_DIR: z.string().default('./.querylane'),
    DATABASE_URL: z
      .string()
      .url()
      .refine((url) => /^postgres(ql)?:\/\//.test(url), 'expected a postgres:// URL')
      .optional(),
    DB_POOL_SIZE: positiveInt.default(10),
    KAFKA_BROKERS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(hostPort).min(1))
      .optional(),
    KAFKA_TOPIC_PARTITIONS: positiveInt.default(6),
    KAFKA_REPLICATION_FACTOR: positiveInt.default(1),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY: optionalString,
    S3_SECRET_KEY: optionalString,
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected an S3 bucket name')
      .default('querylane'),
    S3_REGION: z.string().default('us-east-1'),
    CATALOG_ADDR: hostPort.optional(),
    CONNECTOR_ADDR: hostPort.optional(),
    QUERY_RUNTIME_ADDR: hostPort.optional(),
    DEPLOY_ADDR: hostPort.optional(),
    METERING_ADDR: hostPort.optional(),
  })
  .superRefine((config, ctx) => {
    if (config.S3_ENDPOINT && (!config.S3_ACCESS_KEY || !config.S3_SECRET_KEY)) {
      for (const name of ['S3_ACCESS_KEY', 'S3_SECRET_KEY'] as const) {
        if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'required when S3_ENDPOINT is set' });
      }
    }
  });

export type PlatformConfig = z.output<typeof platformConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

/** Parses the environment with any zod object schema; unknown variables are ignored. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  // An empty variable counts as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = cleaned[String(issue.path[0])];
      const shown = value === undefined ? 'unset' : isSecretName(name) ? 'a value' : JSON.stringify(value);
      return `${name}: ${issue.message} (got ${shown})`;
    }),
  );
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return parseEnv(platformConfigSchema, env);
}

function isSecretName(name: string): boolean {
  return /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL/i.test(name);
}
