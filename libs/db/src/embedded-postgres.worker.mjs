// The embedded PostgreSQL's own thread: PGlite (Postgres compiled to WASM) and its wire-protocol
// server run here, so the statements it executes never hold the platform's event loop (on the main
// thread they took ~10% of it at a few hundred query calls a second, and each transaction of a job
// waited for whatever the main thread was doing). Plain JavaScript, so the file loads as it is
// wherever the platform runs (node, tsx, vitest). The main thread's side is embedded-postgres.ts.
//
// Messages: workerData { pgDir, startParams, maxConnections } in; { type: 'ready', address,
// createdMs } or { type: 'failed', message, stack } out; { type: 'stop' } in, { type: 'stopped' } out.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { pgDir, startParams, maxConnections } = workerData;
const options = { startParams };

async function start() {
  let createdMs;
  if (pgDir) {
    mkdirSync(pgDir, { recursive: true });
    if (!existsSync(join(pgDir, 'PG_VERSION'))) {
      // Creating a database directory (initdb) leaves PGlite's instance holding ~500 MB more than
      // one that opens an existing directory (measured: 782 vs 297 MB RSS), for as long as it
      // lives. The instance that creates it is closed at once, and the platform opens the result.
      const started = performance.now();
      const initializer = await PGlite.create(pgDir, options);
      await initializer.close();
      createdMs = Math.round(performance.now() - started);
    }
  }
  const db = await PGlite.create(pgDir, options);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  return { db, server, createdMs };
}

try {
  const { db, server, createdMs } = await start();
  parentPort.on('message', async (message) => {
    if (message?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
      parentPort.postMessage({ type: 'stopped' });
    } catch (error) {
      parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), stack: error?.stack });
    } finally {
      parentPort.close();
    }
  });
  parentPort.postMessage({ type: 'ready', address: server.getServerConn(), createdMs });
} catch (error) {
  parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), stack: error?.stack });
  parentPort.close();
}
