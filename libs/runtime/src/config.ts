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
    /** Consumer groups are `<prefix>.<service>`; separate deployments sharing a cluster use their own. */
    KAFKA_GROUP_PREFIX: z.string().regex(/^[\w.-]{1,100}$/, 'expected letters, digits, dots, dashes or underscores').default('querylane'),
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
  });

export type PlatformConfig = z.output<typeof platformConfigSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

type Variables = Record<string, string>;

/**
 * Parses the environment with any zod object schema (unknown variables are ignored) and reports
 * every problem at once: the schema's, and those of `crossChecks` (rules across variables).
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
  crossChecks: (env: Variables) => string[] = () => [],
): z.output<S> {
  // An empty variable counts as unset, as in most deployment tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''));
  const result = schema.safeParse(cleaned);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '(environment)');
        const where = issue.path.length > 1 ? ` (item ${issue.path.slice(1).join('.')})` : '';
        const value = cleaned[name];
        const shown = value === undefined ? 'unset' : isSecretName(name) ? 'a value' : JSON.stringify(value);
        return `${name}: ${issue.message}${where} (got ${shown})`;
      });
  problems.push(...crossChecks(cleaned));
  if (problems.length || !result.success) throw new ConfigError(problems);
  return result.data;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  return parseEnv(platformConfigSchema, env, (vars) =>
    vars.S3_ENDPOINT ? ['S3_ACCESS_KEY', 'S3_SECRET_KEY'].filter((name) => !vars[name]).map((name) => `${name}: required when S3_ENDPOINT is set (got unset)`) : [],
  );
}

function isSecretName(name: string): boolean {
  return /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL/i.test(name);
}
