// The embedded PostgreSQL's own thread: PGlite (Postgres compiled to WASM) and its wire-protocol
// server run here, so the statements it executes never hold the platform's event loop (on the main
// thread they took ~10% of it at a few hundred query calls a second, and each transaction of a job
// waited for whatever the main thread was doing). Plain JavaScript, so the file loads as it is
// wherever the platform runs (node, tsx, vitest). The main thread's side is embedded-postgres.ts.
//
// Messages: workerData { mode, pgDir, startParams, maxConnections } in. mode 'create' makes a new
// data directory (initdb) and ends: { type: 'created' }. mode 'serve' opens it: { type: 'ready',
// address }, then { type: 'stop' } in, { type: 'stopped' } out. A failure: { type: 'failed', message, stack }.
import { mkdirSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { mode, pgDir, startParams, maxConnections } = workerData;
const options = { startParams };

function failed(error) {
  parentPort.postMessage({ type: 'failed', message: String(error?.message ?? error), stack: error?.stack });
  parentPort.close();
}

async function create() {
  // Creating a database directory (initdb) leaves PGlite's instance holding ~500 MB more than one
  // that opens an existing directory (measured: 782 vs 297 MB RSS). It runs on a thread of its own
  // that ends when it is done, so that memory goes with the thread rather than waiting for a
  // collection on an idle one.
  mkdirSync(pgDir, { recursive: true });
  const initializer = await PGlite.create(pgDir, options);
  await initializer.close();
  parentPort.postMessage({ type: 'created' });
  parentPort.close();
}

async function serve() {
  const db = await PGlite.create(pgDir, options);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections });
  await server.start();
  parentPort.on('message', async (message) => {
    if (message?.type !== 'stop') return;
    try {
      await server.stop();
      await db.close();
      parentPort.postMessage({ type: 'stopped' });
      parentPort.close();
    } catch (error) {
      failed(error);
    }
  });
  parentPort.postMessage({ type: 'ready', address: server.getServerConn() });
}

await (mode === 'create' ? create() : serve()).catch(failed);
