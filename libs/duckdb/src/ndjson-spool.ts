// Streams records to a newline-delimited JSON file as they arrive, so a response of millions of
// records never sits in memory: at most one batch of lines is held before it is written.
import { open, type FileHandle } from 'node:fs/promises';
import { AppError } from '@querylane/errors';
import { operationFailure } from './duckdb-session.js';
import type { RecordNormalizer } from './record-normalizer.js';

export type RecordSource = AsyncIterable<unknown> | Iterable<unknown>;

export interface SpoolOptions {
  onProgress?: ((rows: number) => void) | undefined;
  /** Rows between two progress reports. */
  progressEvery?: number;
}

export interface SpoolResult {
  rows: number;
  /** The longest line in UTF-16 units; DuckDB's reader must accept an object that long. */
  maxLineLength: number;
}

// Large enough that the write calls cost nothing next to JSON.stringify, small enough to not matter.
const flushAtChars = 1 << 20;

export async function spoolRecords(records: RecordSource, normalizer: RecordNormalizer, path: string, options: SpoolOptions = {}): Promise<SpoolResult> {
  const every = options.progressEvery ?? 10_000;
  const handle = await open(path, 'w').catch((error: unknown) => {
    throw operationFailure(error, 'creating the temporary records file');
  });
  let rows = 0;
  let maxLineLength = 0;
  let pending: string[] = [];
  let pendingChars = 0;

  /** Adds one record; true when the batch is full and must be written before the next one. */
  const add = (record: unknown): boolean => {
    const line = toLine(normalizer.normalize(record), rows + 1);
    pending.push(line);
    pendingChars += line.length;
    if (line.length > maxLineLength) maxLineLength = line.length;
    rows++;
    if (rows % every === 0) options.onProgress?.(rows);
    return pendingChars >= flushAtChars;
  };
  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const data = Buffer.from(pending.join(''), 'utf8');
    pending = [];
    pendingChars = 0;
    // Awaiting each write is the backpressure: the source is not pulled while the disk is busy.
    await writeAll(handle, data).catch((error: unknown) => {
      throw operationFailure(error, 'writing the temporary records file');
    });
  };

  try {
    if (isAsyncIterable(records)) {
      for await (const record of records) if (add(record)) await flush();
    } else {
      for (const record of records) if (add(record)) await flush();
    }
    await flush();
  } finally {
    await handle.close();
  }
  if (rows % every !== 0) options.onProgress?.(rows);
  return { rows, maxLineLength };
}

function toLine(record: Record<string, unknown>, position: number): string {
  try {
    return `${JSON.stringify(record)}\n`;
  } catch (error) {
    // A cycle or a bigint inside a class instance: JSON cannot hold it, and neither can Parquet.
    throw new AppError('invalid_request', `record ${position} cannot be written as JSON: ${(error as Error).message}`, { record: position }, { cause: error });
  }
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

function isAsyncIterable(value: RecordSource): value is AsyncIterable<unknown> {
  return typeof (value as Partial<AsyncIterable<unknown>>)[Symbol.asyncIterator] === 'function';
}
