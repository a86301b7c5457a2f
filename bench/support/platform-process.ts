// The platform as its own process, as `npm start` runs it (so its RSS and its event loop are its
// own), with a small HTTP client for the management API.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';

export const benchAdminToken = 'bench-admin-token-0123456789abcdef';

export interface PlatformProcess {
  child: ChildProcess;
  port: number;
  base: string;
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

let built = false;

/** Starts the platform on a free port and waits until /readyz answers 200, at any LOG_LEVEL. */
export async function startPlatformProcess(env: Record<string, string>, options: { log?: WriteStream } = {}): Promise<PlatformProcess> {
  const port = await freePort();
  // Built as `npm start` builds it, once per bench.
  if (!built) execFileSync(process.execPath, ['tools/build-app.mjs', 'platform'], { stdio: 'inherit' });
  built = true;
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the platform process there when it exits;
  // BENCH_TRACE_GC=1 prints its garbage collections (`--trace-gc`) to its standard output, which is
  // the kept log when there is one; BENCH_NODE_ARGS adds Node or V8 flags of its own (space-separated,
  // e.g. `--trace-deopt`).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []), ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), '--enable-source-maps', 'dist/apps/platform/main.js'], {
    env: { ...process.env, LOG_LEVEL: 'info', QUERYLANE_ADMIN_TOKEN: benchAdminToken, ...env, PORT: String(port) },
    stdio: ['ignore', options.log ? 'pipe' : 'ignore', 'inherit'],
  });
  if (options.log) child.stdout!.pipe(options.log);
  for (;;) {
    if (child.exitCode !== null) throw new Error('the platform exited');
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const base = `http://127.0.0.1:${port}/v1`;
  return {
    child,
    port,
    base,
    async call<T>(method: string, path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${base}${path}`, { method, headers: { authorization: benchAdminToken, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
