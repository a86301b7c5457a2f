// The download thread's side (download-thread.ts starts it): each `send` message is one hop sent
// with sendOnce, its body written to the spool file here; the answer or the AppError goes back.
//
// Messages in: { type: 'send', id, hop, target, limits, shown, spoolTo } (URLs as their href,
// bytes as Uint8Array), { type: 'abort', id, reason }. Out: { type: 'answer', id, response } or
// { type: 'failure', id, error: { code, message, details } }.
import { parentPort } from 'node:worker_threads';
import { AppError } from '@querylane/errors';
import { sendOnce } from './http-transport.js';
import { answerMessage, fromWire, type FromThread, type ThreadFailure, type ToThread } from './download-thread.js';

const port = parentPort;
if (!port) throw new Error('download.thread.ts runs as a worker thread (see download-thread.ts)');

const running = new Map<number, AbortController>();

port.on('message', (message: ToThread) => {
  if (message.type === 'abort') {
    running.get(message.id)?.abort(fromWire.error(message.reason));
    return;
  }
  const { id } = message;
  const controller = new AbortController();
  running.set(id, controller);
  sendOnce(fromWire.hop(message.hop), fromWire.target(message.target), message.limits, controller.signal, message.shown, fromWire.spoolTarget(message.spoolTo))
    .then(
      (response) => {
        const { message: answer, transfer } = answerMessage(id, response);
        port.postMessage(answer, transfer);
      },
      (error: unknown) => port.postMessage({ type: 'failure', id, error: failureOf(error) } satisfies FromThread),
    )
    .finally(() => running.delete(id));
});

function failureOf(error: unknown): ThreadFailure {
  if (error instanceof AppError) return { code: error.code, message: error.message, details: error.details };
  return { code: 'internal_error', message: `the download failed: ${(error as Error | undefined)?.message ?? String(error)}` };
}
