// The binary as `npm start` runs it (bundled by tools/build-app.mjs, then run with source maps):
// ready, healthy, and a clean exit on SIGTERM; a clear message and a non-zero exit for bad
// configuration or a module that cannot start.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir, waitFor } from '@querylane/testing';

const main = 'dist/apps/platform/main.js';
const children: ChildProcess[] = [];
beforeAll(() => {
  execFileSync(process.execPath, ['tools/build-app.mjs', 'platform'], { stdio: 'pipe' });
}, 60_000);
afterAll(() => children.forEach((child) => child.kill('SIGKILL')));

interface Started {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  stderr: () => string;
  exit: Promise<number | null>;
}

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as Record<string, unknown>);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, lines, stderr: () => stderr, exit };
}

describe('platform process', () => {
  it('starts on the embedded defaults, serves /v1/healthz, and exits 0 on SIGTERM', async () => {
    const dir = scratchDir();
    const started = performance.now();
    const run = start({ QUERYLANE_DATA_DIR: dir.path });
    const ready = await waitFor(() => run.lines.find((line) => line.msg === 'ready'), 'the ready log line', 60_000);
    const readyMs = performance.now() - started;
    const port = ready.http_port as number;
    const health = await fetch(`http://127.0.0.1:${port}/v1/healthz`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { services: { status: string }[] };
    expect(body.services).toHaveLength(6);
    expect(body.services.every((s) => s.status === 'serving')).toBe(true);
    // Every log line is structured JSON with a level and a message; none carries a secret.
    expect(run.lines.every((line) => typeof line.level === 'string' && typeof line.msg === 'string')).toBe(true);
    // The access log line is written once the response has gone out, so it may trail the answer.
    await waitFor(() => run.lines.some((line) => line.msg === 'http request' && typeof line.request_id === 'string'), 'the access log line', 5_000);

    const stopping = performance.now();
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    console.log(`platform process: ready in ${Math.round(readyMs)} ms (fresh data dir), exited ${Math.round(performance.now() - stopping)} ms after SIGTERM`);
    expect(run.lines.some((line) => line.msg === 'stopped')).toBe(true);
    dir.remove();
  });

  it('refuses bad configuration naming each variable, before starting anything', async () => {
    const run = start({ PORT: 'eighty', KAFKA_BROKERS: 'nohostport', TARGET: 'all' });
    expect(await run.exit).toBe(78);
    expect(run.stderr()).toMatch(/PORT: .*"eighty"/);
    expect(run.stderr()).toMatch(/KAFKA_BROKERS: expected host:port/);
    expect(run.lines).toEqual([]);
  });

  it('refuses an unknown target, listing the valid ones', async () => {
    const run = start({ TARGET: 'catalog,billing' });
    expect(await run.exit).toBe(78);
    expect(run.stderr()).toContain('unknown target billing (expected all or a comma list of catalog, connector, query-runtime, deploy, metering, gateway)');
  });

  it('stops with a clear message when a module cannot start', async () => {
    const dir = scratchDir();
    // Nothing listens on port 1, so the database module fails.
    const run = start({ QUERYLANE_DATA_DIR: dir.path, DATABASE_URL: 'postgres://querylane:secret-password@127.0.0.1:1/querylane' });
    expect(await run.exit).toBe(1);
    expect(run.stderr()).toContain('module database failed to start: cannot reach the database');
    expect(run.stderr() + JSON.stringify(run.lines)).not.toContain('secret-password');
    dir.remove();
  });

  it('refuses to share an embedded data directory with a running process', async () => {
    const dir = scratchDir();
    const first = start({ QUERYLANE_DATA_DIR: dir.path });
    await waitFor(() => first.lines.find((line) => line.msg === 'ready'), 'the first process', 60_000);
    const second = start({ QUERYLANE_DATA_DIR: dir.path });
    expect(await second.exit).toBe(1);
    expect(second.stderr()).toContain('another Querylane process');
    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    dir.remove();
  });
});
