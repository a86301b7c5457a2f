// PGlite (WASM Postgres) served over the Postgres wire protocol on loopback, so the embedded mode
// uses the same pg driver and SQL as production. One process owns a data directory at a time.
// PGlite and its socket server run on a worker thread of their own (embedded-postgres.worker.mjs):
// the main thread speaks to it over loopback like to any PostgreSQL, and its statements never hold
// the event loop that serves HTTP and gRPC.
import { Worker } from 'node:worker_threads';
import { existsSync, mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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

/** How long a stop waits for PGlite to close its files before the thread is ended. */
const stopTimeoutMs = 10_000;

type WorkerMessage = { type: 'created' } | { type: 'ready'; address: string } | { type: 'stopped' } | { type: 'failed'; message: string; stack?: string };

/** Starts PGlite on `<dataDir>/pg` (or in memory for `memory://`) on its own thread and serves it on 127.0.0.1. */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger): Promise<EmbeddedPostgres> {
  const inMemory = dataDir === 'memory://';
  const pgDir = inMemory ? undefined : join(dataDir, 'pg');
  const releaseLock = pgDir ? lockDirectory(dataDir) : () => undefined;
  const started = performance.now();
  let worker: Worker | undefined;
  let stopping = false;
  try {
    if (pgDir && !existsSync(join(pgDir, 'PG_VERSION'))) {
      await untilMessage(startWorker('create', pgDir), 'created');
      logger.info({ data_dir: pgDir, elapsed_ms: Math.round(performance.now() - started) }, 'embedded postgres data directory created');
    }
    worker = startWorker('serve', pgDir);
    const ready = await untilMessage(worker, 'ready');
    // After the start, PGlite's thread ends only when stopped; a crash fails every statement from
    // then on (the pool can no longer connect), and is logged here.
    worker.on('error', (error) => logger.error({ err: error }, 'the embedded postgres thread failed'));
    worker.on('exit', (code) => {
      if (!stopping) logger.error({ exit_code: code }, 'the embedded postgres thread ended unexpectedly');
    });
    logger.info(
      { data_dir: pgDir ?? 'memory', address: ready.address, startup_ms: Math.round(performance.now() - started) },
      'embedded postgres (pglite) ready',
    );
    const serving = worker;
    return {
      connectionString: `postgres://postgres@${ready.address}/postgres`,
      dataDir: pgDir ?? 'memory://',
      stop: async () => {
        stopping = true;
        try {
          await stopWorker(serving);
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    stopping = true;
    await worker?.terminate();
    releaseLock();
    throw error;
  }
}

function startWorker(mode: 'create' | 'serve', pgDir: string | undefined): Worker {
  // Several sockets so psql or a test can attach beside the platform's own pool.
  return new Worker(new URL('./embedded-postgres.worker.mjs', import.meta.url), {
    workerData: { mode, pgDir, startParams: [...PGlite.defaultStartParams, ...embeddedSettings], maxConnections: 32 },
  });
}

/** The worker's first message, which must be `expected`; a failure, an error or an early exit rejects. */
async function untilMessage<T extends WorkerMessage['type']>(worker: Worker, expected: T): Promise<Extract<WorkerMessage, { type: T }>> {
  try {
    return await new Promise((resolve, reject) => {
      worker.once('message', (message: WorkerMessage) => {
        if (message.type === expected) resolve(message as Extract<WorkerMessage, { type: T }>);
        else reject(Object.assign(new Error(message.type === 'failed' ? message.message : `unexpected message ${message.type}`), { stack: message.type === 'failed' ? message.stack : undefined }));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`its thread ended (exit code ${code})`)));
    });
  } catch (error) {
    throw new AppError('service_unavailable', `the embedded database did not start: ${(error as Error).message}`, undefined, { cause: error });
  } finally {
    worker.removeAllListeners();
  }
}

/** Asks PGlite's thread to close the server and the database (it may have ended already), then ends it. */
async function stopWorker(worker: Worker): Promise<void> {
  const outcome = await new Promise<WorkerMessage | 'ended' | 'timeout'>((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), stopTimeoutMs);
    const settle = (value: WorkerMessage | 'ended') => {
      clearTimeout(timer);
      resolve(value);
    };
    worker.once('message', settle);
    worker.once('exit', () => settle('ended'));
    worker.postMessage({ type: 'stop' });
  });
  await worker.terminate();
  if (outcome === 'timeout') throw new AppError('internal_error', `the embedded database did not stop within ${stopTimeoutMs / 1000} s; its thread was ended`);
  if (outcome !== 'ended' && outcome.type === 'failed') throw new AppError('internal_error', `stopping the embedded database failed: ${outcome.message}`);
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
