// PGlite (WASM Postgres) served over the Postgres wire protocol on loopback, so the embedded mode
// uses the same pg driver and SQL as production. One process owns a data directory at a time.
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';

export interface EmbeddedPostgres {
  connectionString: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Settings on top of PGlite's own. The metadata database is small and PGlite's WASM memory never
 * shrinks, so shared buffers are 32 MB rather than PostgreSQL's 128 MB (the file system's page
 * cache sits below them either way).
 */
const embeddedSettings = ['-c', 'shared_buffers=32MB'];

/** Starts PGlite on `<dataDir>/pg` (or in memory for `memory://`) and serves it on 127.0.0.1. */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgres> {
  const inMemory = dataDir === 'memory://';
  const pgDir = inMemory ? undefined : join(dataDir, 'pg');
  const releaseLock = pgDir ? lockDirectory(dataDir) : () => undefined;
  try {
    const started = performance.now();
    if (pgDir) mkdirSync(pgDir, { recursive: true });
    const options = { startParams: [...PGlite.defaultStartParams, ...embeddedSettings] };
    if (pgDir && !existsSync(join(pgDir, 'PG_VERSION'))) {
      // Creating a database directory (initdb) leaves PGlite's instance holding ~500 MB more than
      // one that opens an existing directory (measured: 782 vs 297 MB RSS), for as long as it
      // lives. The instance that creates it is closed at once, and the platform opens the result.
      const initializer = await PGlite.create(pgDir, options);
      await initializer.close();
      logger.info({ data_dir: pgDir, elapsed_ms: Math.round(performance.now() - started) }, 'embedded postgres data directory created');
    }
    const db = await PGlite.create(pgDir, options);
    // Several sockets so psql or a test can attach beside the platform's own pool.
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 32 });
    await server.start();
    const connectionString = `postgres://postgres@${server.getServerConn()}/postgres`;
    logger.info(
      { data_dir: pgDir ?? 'memory', address: server.getServerConn(), startup_ms: Math.round(performance.now() - started) },
      'embedded postgres (pglite) ready',
    );
    return {
      connectionString,
      dataDir: pgDir ?? 'memory://',
      stop: async () => {
        await server.stop();
        await db.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** A pid file that refuses a second process on the same directory (PGlite has no locking of its own). */
function lockDirectory(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = join(dataDir, 'pg.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8'));
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new AppError(
          'service_unavailable',
          `another Querylane process (pid ${owner}) uses the embedded database in ${dataDir}; stop it or set QUERYLANE_DATA_DIR`,
        );
      }
      rmSync(lockFile, { force: true }); // left behind by a process that died
    }
  }
  throw new AppError('service_unavailable', `could not lock ${lockFile}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
