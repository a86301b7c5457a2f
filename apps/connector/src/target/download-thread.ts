// The thread a body that is the whole data set downloads on (download.thread.ts runs there; the
// model is the embedded PostgreSQL's thread). On the platform's main thread a large download was
// slowed by the heap it shares: every 64 KiB socket read is an ArrayBuffer that V8 counts as
// external memory, and past its limit V8 collects the whole heap, routing indexes and caches
// included, every ~100 ms of the download (138 MB took 0.5–0.9 s there against 0.3 s alone). A
// thread's own small heap collects in a millisecond, and the main thread serves requests meanwhile.
//
// The guard still vets every hop on the main thread (http-transport.ts); the thread connects only
// to the addresses it was handed. One thread serves every download, started with the connector
// (`warm`) or else by the first download; if it dies, what it was sending fails with the reason and
// the next download starts another.
import { Worker } from 'node:worker_threads';
import type { IncomingHttpHeaders } from 'node:http';
import { AppError, type ErrorCode, type ErrorDetails } from '@querylane/errors';
import type { VettedTarget } from '@querylane/net';
import type { SpooledBody } from './body-spool.js';
import type { Hop, RawResponse, SpoolTarget } from './http-transport.js';
import type { TargetLimits } from './target-limits.js';

/** An AppError as it crosses between threads. */
export interface ThreadFailure {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails | undefined;
}

interface WireHop {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | undefined;
}

type WireTarget = Omit<VettedTarget, 'url'> & { url: string };

interface WireResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Uint8Array;
  spooled?: SpooledBody | undefined;
  rawBytes: number;
}

export type ToThread =
  | { type: 'send'; id: number; hop: WireHop; target: WireTarget; limits: TargetLimits; shown: string; spoolTo: { path: string; secrets: Uint8Array[] } }
  | { type: 'abort'; id: number; reason: ThreadFailure };

export type FromThread = { type: 'answer'; id: number; response: WireResponse } | { type: 'failure'; id: number; error: ThreadFailure };

const bytes = (view: Uint8Array): Buffer => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** What the thread makes of a message: the objects sendOnce takes. */
export const fromWire = {
  hop: (hop: WireHop): Hop => ({ ...hop, url: new URL(hop.url), body: hop.body && bytes(hop.body) }),
  target: (target: WireTarget): VettedTarget => ({ ...target, url: new URL(target.url) }),
  spoolTarget: (spool: { path: string; secrets: Uint8Array[] }): SpoolTarget => ({ path: spool.path, secrets: spool.secrets.map(bytes) }),
  error: (failure: ThreadFailure): AppError => new AppError(failure.code, failure.message, failure.details),
};

/** The thread's answer, its body moved rather than copied when the body owns its memory. */
export function answerMessage(id: number, response: RawResponse): { message: FromThread; transfer: ArrayBuffer[] } {
  const { body } = response;
  const owned = body.byteLength > 0 && body.byteOffset === 0 && body.buffer instanceof ArrayBuffer && body.byteLength === body.buffer.byteLength;
  return { message: { type: 'answer', id, response }, transfer: owned ? [body.buffer as ArrayBuffer] : [] };
}

interface Pending {
  resolve: (response: RawResponse) => void;
  reject: (error: AppError) => void;
}

export class DownloadThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** sendOnce on the thread: the same answer, the same AppErrors. */
  send(hop: Hop, target: VettedTarget, limits: TargetLimits, signal: AbortSignal, shown: string, spoolTo: SpoolTarget): Promise<RawResponse> {
    if (signal.aborted) return Promise.reject(abortError(signal.reason));
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<RawResponse>((resolve, reject) => {
      // The caller learns of the abort at once; the thread drops the connection and the spool file.
      const onAbort = () => {
        const error = abortError(signal.reason);
        this.settle(id)?.reject(error);
        worker.postMessage({ type: 'abort', id, reason: { code: error.code, message: error.message, details: error.details } } satisfies ToThread);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.pending.set(id, {
        resolve: (response) => (done(), resolve(response)),
        reject: (error) => (done(), reject(error)),
      });
      const message: ToThread = {
        type: 'send',
        id,
        hop: { ...hop, url: hop.url.href },
        target: { ...target, url: target.url.href },
        limits,
        shown,
        spoolTo,
      };
      worker.postMessage(message);
    });
  }

  /** Ends the thread; whatever it was sending fails. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new AppError('service_unavailable', 'the connector is stopping'));
    await worker?.terminate();
  }

  /** Starts the thread now rather than with the first download (its modules take a moment to load). */
  warm(): void {
    this.running();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const source = import.meta.url.endsWith('.ts');
    // From the source tree the thread loads its TypeScript through tsx; a built image has it bundled beside main.js.
    const entry = new URL(source ? './download.thread.ts' : './download.thread.js', import.meta.url);
    const worker = new Worker(new URL('./download.worker.mjs', import.meta.url), { workerData: { entry: entry.href } });
    // It keeps no process alive on its own: a download in flight has its caller's timers.
    worker.unref();
    worker.on('message', (message: FromThread) => {
      if (message.type === 'answer') {
        const { response } = message;
        this.settle(message.id)?.resolve({ ...response, body: bytes(response.body) });
      } else {
        this.settle(message.id)?.reject(fromWire.error(message.error));
      }
    });
    const lost = (reason: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(new AppError('internal_error', `the download thread ${reason}`));
    };
    worker.on('error', (error) => lost(`failed: ${error.message}`));
    worker.on('exit', (code) => lost(`ended (exit code ${code})`));
    this.worker = worker;
    return worker;
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    return pending;
  }

  private failAll(error: AppError): void {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const entry of pending) entry.reject(error);
  }
}

function abortError(reason: unknown): AppError {
  return reason instanceof AppError ? reason : new AppError('timeout', 'fetching the target was cancelled', { reason: 'aborted' });
}
