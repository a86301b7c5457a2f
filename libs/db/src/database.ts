// The metadata database: real PostgreSQL (DATABASE_URL) or embedded PGlite, behind one pg pool.
// Each service sees only its own schema through a Kysely instance bound to it.
import { Kysely, Migrator, PostgresDialect, WithSchemaPlugin, sql, type Migration, type MigrationResult } from 'kysely';
import pg from 'pg';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.js';

export interface DatabaseOptions {
  /** postgres://… for a real server; undefined starts the embedded one. */
  url?: string | undefined;
  /** Where the embedded database keeps its files (`memory://` for none). */
  dataDir: string;
  /** Pool size against a real server (the embedded one always uses 1, see below). */
  poolSize?: number;
  logger: Logger;
}

export type DatabaseKind = 'postgres' | 'pglite';

export class Database {
  private constructor(
    readonly kind: DatabaseKind,
    readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly embedded: EmbeddedPostgres | undefined,
  ) {}

  static async open(options: DatabaseOptions): Promise<Database> {
    const logger = options.logger.child({ component: 'database' });
    const embedded = options.url ? undefined : await startEmbeddedPostgres(options.dataDir, logger);
    const connectionString = options.url ?? embedded!.connectionString;
    // PGlite runs one session: its socket server interleaves messages of different connections,
    // so the embedded mode keeps exactly one connection and queues the rest in the pool.
    const max = embedded ? 1 : (options.poolSize ?? 10);
    const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 });
    pool.on('error', (error) => logger.error({ err: error }, 'idle database connection failed'));
    // A connection can also fail while it is checked out between two statements (a transaction
    // waiting on JavaScript) when the server shuts down or restarts: pg then emits 'error' on the
    // client, which the pool listens to only while the client is idle, and an 'error' nobody listens
    // to ends the process. The statement in flight fails on its own; the pool drops the client.
    pool.on('connect', (client) => client.on('error', (error) => logger.warn({ err: error }, 'database connection failed')));
    const database = new Database(embedded ? 'pglite' : 'postgres', pool, logger, embedded);
    try {
      await database.ping();
    } catch (error) {
      await database.close();
      throw new AppError('service_unavailable', `cannot reach the database: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    logger.info({ kind: database.kind, pool_size: max }, 'database connected');
    return database;
  }

  /** A Kysely instance whose unqualified tables live in `schema`. */
  forSchema<DB>(schema: string): Kysely<DB> {
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool: this.sharedPool() }), plugins: [new WithSchemaPlugin(schema)] });
  }

  /**
   * Creates the schema when missing and applies its migrations in order, under Kysely's advisory
   * lock, so replicas starting together migrate once. Fails on a migration that is missing or renamed.
   */
  async migrate(schema: string, migrations: Record<string, Migration>): Promise<MigrationResult[]> {
    const db = this.forSchema<unknown>(schema);
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableSchema: schema,
    });
    const { error, results = [] } = await migrator.migrateToLatest();
    for (const result of results) {
      this.logger.info({ schema, migration: result.migrationName, status: result.status }, 'migration');
    }
    if (error) {
      throw new AppError('internal_error', `migrating schema ${schema} failed: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    return results;
  }

  /** Round trip time of `select 1`, in milliseconds. */
  async ping(): Promise<number> {
    const started = performance.now();
    await this.pool.query('select 1');
    return performance.now() - started;
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
    await this.embedded?.stop();
  }

  /** Kysely ends the pool it was given on destroy(); services share this one, so that is a no-op. */
  private sharedPool(): pg.Pool {
    const pool = this.pool;
    return new Proxy(pool, {
      get(target, property, receiver) {
        if (property === 'end') return async () => undefined;
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }
}
