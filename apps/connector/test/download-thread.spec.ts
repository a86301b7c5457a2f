// The download thread against a fixture HTTP API on 127.0.0.1: a spooled body written there, the
// AppErrors sendOnce gives, an abort, closing it, and the thread as a built image carries it.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@querylane/errors';
import type { VettedTarget } from '@querylane/net';
import { scratchDir, type ScratchDir } from '@querylane/testing';
import { DownloadThread, type FromThread, type ToThread } from '../src/target/download-thread.js';
import type { Hop } from '../src/target/http-transport.js';
import { defaultTargetLimits } from '../src/target/target-limits.js';

const records = Array.from({ length: 20_000 }, (_, index) => ({ id: index, name: `record ${index}`, score: index / 7 }));
const body = JSON.stringify(records);
let server: Server;
let port: number;
let spool: ScratchDir;
let thread: DownloadThread;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/records') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    } else if (req.url === '/slow') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[{"a":1}');
      const timer = setInterval(() => res.write(',{"a":1}'), 20);
      res.on('close', () => clearInterval(timer));
    } else if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('no such thing');
    } else {
      res.writeHead(500);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  spool = scratchDir('querylane-download-');
  thread = new DownloadThread();
});
afterEach(async () => {
  await thread.close();
  spool.remove();
});

const hop = (path: string): Hop => ({ url: new URL(`http://127.0.0.1:${port}${path}`), method: 'GET', headers: { accept: 'application/json' }, body: undefined });
const target = (): VettedTarget => ({ url: new URL(`http://127.0.0.1:${port}/`), hostname: '127.0.0.1', port, addresses: [{ address: '127.0.0.1', family: 4 }] });
const spoolTo = (name: string) => ({ path: join(spool.path, name), secrets: [Buffer.from('a-secret-value')] });
const send = (path: string, signal = new AbortController().signal, limits = defaultTargetLimits) => thread.send(hop(path), target(), { ...limits }, signal, `127.0.0.1:${port}${path}`, spoolTo(`${path.slice(1)}.json`));

describe('DownloadThread', () => {
  it('writes a whole body to the spool file on its thread and answers what the spool learned', async () => {
    const response = await send('/records');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.rawBytes).toBe(Buffer.byteLength(body));
    expect(response.body.length).toBe(0);
    expect(response.spooled).toMatchObject({ bytes: Buffer.byteLength(body), utf8: true, lead: '['.charCodeAt(0), nulEscape: false, secretFound: false });
    expect(readFileSync(response.spooled!.path, 'utf8')).toBe(body);
    // Another download on the same thread.
    const again = await send('/records');
    expect(again.spooled?.path).toBe(response.spooled?.path);
  });

  it('answers an error status with its body in memory, and the size limit as sendOnce does', async () => {
    const missing = await send('/missing');
    expect(missing.status).toBe(404);
    expect(missing.spooled).toBeUndefined();
    expect(missing.body.toString()).toBe('no such thing');
    const tooLarge = await send('/slow', undefined, { ...defaultTargetLimits, maxResponseBytes: 200 }).catch((error: unknown) => error);
    expect(tooLarge).toBeInstanceOf(AppError);
    expect(tooLarge).toMatchObject({ code: 'payload_too_large', details: { reason: 'response_too_large', limit: 200 } });
    await vi.waitFor(() => expect(existsSync(join(spool.path, 'slow.json'))).toBe(false));
  });

  it('fails at once with the abort reason, and the thread drops the connection and the file', async () => {
    const controller = new AbortController();
    const download = send('/slow', controller.signal);
    await vi.waitFor(() => expect(existsSync(join(spool.path, 'slow.json'))).toBe(true));
    controller.abort(new AppError('timeout', 'too slow for the test', { reason: 'total_timeout' }));
    await expect(download).rejects.toMatchObject({ code: 'timeout', message: 'too slow for the test' });
    await vi.waitFor(() => expect(existsSync(join(spool.path, 'slow.json'))).toBe(false));
    expect((await send('/records')).status).toBe(200);
  });

  it('fails what it was sending when it closes, and starts again for the next download', async () => {
    const download = send('/slow').catch((error: unknown) => error);
    await vi.waitFor(() => expect(existsSync(join(spool.path, 'slow.json'))).toBe(true));
    await thread.close();
    expect(await download).toMatchObject({ code: 'service_unavailable' });
    expect((await send('/records')).spooled?.bytes).toBe(Buffer.byteLength(body));
  });

  it('runs from a built image: the bundled thread beside main.js answers the same messages', async () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    await promisify(execFile)(process.execPath, ['tools/build-app.mjs', 'connector'], { cwd: root });
    const dist = join(root, 'dist/apps/connector');
    const worker = new Worker(join(dist, 'download.worker.mjs'), { workerData: { entry: pathToFileURL(join(dist, 'download.thread.js')).href } });
    try {
      const answer = new Promise<FromThread>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      const { url, ...rest } = target();
      const message: ToThread = { type: 'send', id: 7, hop: { ...hop('/records'), url: hop('/records').url.href }, target: { ...rest, url: url.href }, limits: { ...defaultTargetLimits }, shown: 'records', spoolTo: spoolTo('built.json') };
      worker.postMessage(message);
      const received = await answer;
      expect(received).toMatchObject({ type: 'answer', id: 7, response: { status: 200, spooled: { bytes: Buffer.byteLength(body) } } });
      expect(readFileSync(join(spool.path, 'built.json'), 'utf8')).toBe(body);
    } finally {
      await worker.terminate();
    }
  });
});
