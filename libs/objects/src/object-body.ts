// Reads a put body as Buffers one at a time, so no store ever holds a whole stream in memory.
import type { Readable } from 'node:stream';
import { AppError } from '@querylane/errors';
import type { ObjectBody } from './object-store.js';

/** The body as one Buffer when it is already in memory (no copy); undefined for a stream. */
export function inMemoryBody(body: ObjectBody): Buffer | undefined {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return undefined;
}

/**
 * The body's bytes in order. A declared size is enforced as the bytes arrive, so a body longer than
 * announced is cut off at once instead of being stored or buffered.
 */
export async function* bodyChunks(body: ObjectBody, declaredSize: number | undefined): AsyncGenerator<Buffer> {
  const memory = inMemoryBody(body);
  if (memory) {
    checkTotal(memory.length, declaredSize, true);
    if (memory.length > 0) yield memory;
    return;
  }
  const stream = asReadable(body);
  let total = 0;
  // Leaving this loop early (a size error, a failed upload) makes the iterator destroy the stream.
  for await (const chunk of stream as AsyncIterable<unknown>) {
    const buffer = toBuffer(chunk);
    total += buffer.length;
    checkTotal(total, declaredSize, false);
    if (buffer.length > 0) yield buffer;
  }
  checkTotal(total, declaredSize, true);
}

export interface BodyPart {
  data: Buffer;
  /** True for the final part; a body that fits one part is `{ data, last: true }` at once. */
  last: boolean;
}

/**
 * Cuts the chunks into parts of exactly `partSize` bytes (the last one shorter). It looks one chunk
 * ahead to know whether a full part is the last, so it holds at most one part plus one chunk.
 */
export async function* bodyParts(chunks: AsyncIterable<Buffer>, partSize: number): AsyncGenerator<BodyPart> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let full: Buffer | undefined;
  for await (const chunk of chunks) {
    let rest = chunk;
    while (rest.length > 0) {
      if (full) {
        yield { data: full, last: false };
        full = undefined;
      }
      const take = Math.min(partSize - pendingBytes, rest.length);
      pending.push(rest.subarray(0, take));
      pendingBytes += take;
      rest = rest.subarray(take);
      if (pendingBytes === partSize) {
        full = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (full && pendingBytes === 0) {
    yield { data: full, last: true };
    return;
  }
  if (full) yield { data: full, last: false };
  yield { data: Buffer.concat(pending, pendingBytes), last: true };
}

/** Releases a stream body that will not be read (put owns its body: it reads it or destroys it). */
export function discardBody(body: ObjectBody): void {
  if (inMemoryBody(body)) return;
  const stream = body as Readable;
  if (typeof stream.destroy === 'function' && !stream.destroyed) stream.destroy();
}

function asReadable(body: ObjectBody): Readable {
  const candidate = body as Partial<Readable> | null;
  if (candidate && typeof candidate[Symbol.asyncIterator] === 'function' && typeof candidate.pipe === 'function') {
    return body as Readable;
  }
  throw new AppError('invalid_request', 'an object body must be a Readable stream, a Buffer, a Uint8Array or a string');
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new AppError('invalid_request', 'an object body stream must yield bytes or strings');
}

function checkTotal(total: number, declared: number | undefined, ended: boolean): void {
  if (declared === undefined) return;
  if (total > declared) {
    throw new AppError('invalid_request', `the object body is longer than its declared size of ${declared} bytes`, { size: declared });
  }
  if (ended && total < declared) {
    throw new AppError('invalid_request', `the object body ended after ${total} bytes; ${declared} were declared`, { size: declared });
  }
}
