// A response body written to a file as it arrives, for a response that may be the whole data set
// (execute-request's single page): the bytes never sit in memory as one buffer, and the file is
// what DuckDB converts. What the buffered path learns from the whole body is learned here a chunk
// at a time: whether it is UTF-8, where its first non-blank byte is, whether it holds an escaped
// NUL, and whether a secret of the request appears in it (a character, a needle or a secret may
// straddle two chunks).
import { isUtf8 } from 'node:buffer';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';

/** What the spool learned of a complete body. */
export interface SpooledBody {
  path: string;
  bytes: number;
  /** The body is valid UTF-8 (an empty one is). */
  utf8: boolean;
  /** The first byte that is not JSON whitespace, or undefined when there is none. */
  lead: number | undefined;
  /** The body holds `\u0000` as text: DuckDB ends a key at an escaped NUL. */
  nulEscape: boolean;
  /** A secret of the request appears in the body: it must be redacted before anything reads it. */
  secretFound: boolean;
}

// A writer holds at most this much not yet written; more pauses the response (backpressure).
const pendingBytes = 16 * 1024 * 1024;
const nulEscape = Buffer.from('\\u0000', 'latin1');
const jsonWhitespace = new Set([0x20, 0x09, 0x0a, 0x0d]);

export class BodySpool {
  private readonly out: WriteStream;
  private readonly utf8 = new Utf8Check();
  private readonly nul = new NeedleWatch([nulEscape]);
  private readonly secrets: NeedleWatch;
  private bytes = 0;
  private lead: number | undefined;
  private failure: Error | undefined;

  /** @param secrets the request's secrets as the bytes a body would carry them in */
  constructor(
    readonly path: string,
    secrets: readonly Buffer[],
  ) {
    this.secrets = new NeedleWatch(secrets);
    this.out = createWriteStream(path, { highWaterMark: pendingBytes });
    this.out.on('error', (error) => {
      this.failure ??= error;
    });
  }

  /** Takes the next chunk; false when the caller should wait for `drain` before sending more. */
  write(chunk: Buffer): boolean {
    this.bytes += chunk.length;
    if (this.lead === undefined) {
      for (const byte of chunk) {
        if (jsonWhitespace.has(byte)) continue;
        this.lead = byte;
        break;
      }
    }
    this.utf8.push(chunk);
    this.nul.push(chunk);
    this.secrets.push(chunk);
    return this.out.write(chunk);
  }

  /** Calls `resume` once the pending bytes were written. */
  onDrain(resume: () => void): void {
    this.out.once('drain', resume);
  }

  /** The body is complete: waits until it is on disk. */
  async finish(): Promise<SpooledBody> {
    await new Promise<void>((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
    if (this.failure) throw this.failure;
    return { path: this.path, bytes: this.bytes, utf8: this.utf8.end(), lead: this.lead, nulEscape: this.nul.found, secretFound: this.secrets.found };
  }

  /** The response failed: the file goes (a failure to remove it is the scratch directory's to clean). */
  async discard(): Promise<void> {
    this.out.destroy();
    await rm(this.path, { force: true }).catch(() => undefined);
  }
}

/** The length of the UTF-8 sequence a lead byte begins; 1 for ASCII and for bytes no sequence begins with. */
function sequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/** Whether a byte stream is UTF-8, checked a chunk at a time (a character may straddle chunks). */
export class Utf8Check {
  private valid = true;
  /** The start of a sequence the last chunk ended in the middle of. */
  private carry: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): void {
    if (!this.valid || chunk.length === 0) return;
    let start = 0;
    if (this.carry.length > 0) {
      const missing = sequenceLength(this.carry[0]!) - this.carry.length;
      start = Math.min(missing, chunk.length);
      const joined = Buffer.concat([this.carry, chunk.subarray(0, start)]);
      if (start < missing) {
        this.carry = joined;
        return;
      }
      this.carry = Buffer.alloc(0);
      if (!isUtf8(joined)) {
        this.valid = false;
        return;
      }
    }
    const end = chunk.length - incompleteTail(chunk, start);
    if (!isUtf8(chunk.subarray(start, end))) {
      this.valid = false;
      return;
    }
    this.carry = Buffer.from(chunk.subarray(end));
  }

  /** The verdict on the whole stream: a sequence left unfinished makes it not UTF-8. */
  end(): boolean {
    return this.valid && this.carry.length === 0;
  }
}

/** How many of the chunk's last bytes (from `start` on) begin a sequence the chunk does not finish. */
function incompleteTail(chunk: Buffer, start: number): number {
  for (let back = 1; back <= 3 && chunk.length - back >= start; back += 1) {
    const byte = chunk[chunk.length - back]!;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    return sequenceLength(byte) > back ? back : 0;
  }
  return 0;
}

/** Whether any of the needles occurs in a byte stream read a chunk at a time. */
export class NeedleWatch {
  found = false;
  private readonly overlap: number;
  /** The last `overlap` bytes seen, where a needle may begin that the next chunk finishes. */
  private tail: Buffer = Buffer.alloc(0);

  constructor(private readonly needles: readonly Buffer[]) {
    this.overlap = Math.max(0, ...needles.map((needle) => needle.length - 1));
  }

  push(chunk: Buffer): void {
    if (this.found || this.needles.length === 0 || chunk.length === 0) return;
    const seam = this.tail.length > 0 ? Buffer.concat([this.tail, chunk.subarray(0, this.overlap)]) : undefined;
    this.found = this.needles.some((needle) => chunk.includes(needle) || (seam !== undefined && seam.includes(needle)));
    this.tail = chunk.length >= this.overlap ? Buffer.from(chunk.subarray(chunk.length - this.overlap)) : Buffer.concat([this.tail, chunk]).subarray(-this.overlap);
  }
}
