// One exchange with a target: every hop vetted by the SSRF guard and pinned to the vetted address,
// redirects followed by hand, time-outs, the size limit enforced while the body streams in, and
// gzip/deflate/br decoded under the decompressed-size limit; a body that is the whole data set can
// be written to a scratch file as it arrives (body-spool.ts) instead of held in memory.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { join } from 'node:path';
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { BodySpool, type SpooledBody } from './body-spool.js';
import type { DownloadThread } from './download-thread.js';
import type { OutgoingRequest } from './request-builder.js';
import type { Redactor } from './secret-redaction.js';
import { pinnedLookup, type SsrfGuard, type VettedTarget } from '@querylane/net';
import type { TargetLimits } from './target-limits.js';

export interface TargetResponse {
  /** The URL that answered, after redirects. */
  url: URL;
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  contentType: string | null;
  /** Bytes as received, before decoding. */
  rawBytes: number;
  /** The decoded body; empty when it was spooled. */
  body: Buffer;
  /** The body as written to a file while it arrived (see ExchangeContext.spoolDir). */
  spooled?: SpooledBody | undefined;
  redirects: number;
}

export interface ExchangeContext {
  guard: SsrfGuard;
  limits: TargetLimits;
  redactor: Redactor;
  logger: Logger;
  signal?: AbortSignal | undefined;
  /**
   * A directory to write a successful, unencoded body to as it arrives instead of holding it in
   * memory (the caller removes the directory). Other answers (an error status, a compressed body,
   * a redirect) are read into memory as always.
   */
  spoolDir?: string | undefined;
  /** Where a spooled body downloads (download-thread.ts); without it, on this thread. */
  downloads?: DownloadThread | undefined;
}

/** One hop's answer as received: the body undecoded (or spooled), redirects not followed. */
export interface RawResponse {
  status: number;
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  spooled?: SpooledBody;
  rawBytes: number;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const inflateRaw = promisify(zlib.inflateRaw);
const brotliDecompress = promisify(zlib.brotliDecompress);

/**
 * Sends the request and follows redirects (301/302/303 become GET without a body, 307/308 keep
 * both). `totalTimeoutMs` covers everything here: resolution, every hop and the whole body.
 */
export async function exchange(request: OutgoingRequest, context: ExchangeContext): Promise<TargetResponse> {
  const { limits, redactor } = context;
  const deadline = new AbortController();
  const timer = setTimeout(() => {
    deadline.abort(
      new AppError('timeout', `the target ${redactor.url(request.url)} did not answer within ${limits.totalTimeoutMs} ms`, { reason: 'total_timeout', limit_ms: limits.totalTimeoutMs }),
    );
  }, limits.totalTimeoutMs);
  const cancel = () => deadline.abort(cancelled(context.signal?.reason));
  if (context.signal?.aborted) cancel();
  else context.signal?.addEventListener('abort', cancel, { once: true });
  try {
    let current = request;
    for (let redirects = 0; ; redirects += 1) {
      const hop = withCredentials(current);
      const target = await context.guard.vet(hop.url, deadline.signal);
      const spool = context.spoolDir === undefined ? undefined : { path: join(context.spoolDir, `body-${randomUUID()}.json`), secrets: redactor.byteForms() };
      const shown = redactor.url(hop.url);
      const raw = spool && context.downloads ? await context.downloads.send(hop, target, limits, deadline.signal, shown, spool) : await sendOnce(hop, target, limits, deadline.signal, shown, spool);
      const location = raw.headers.location;
      if (redirectStatuses.has(raw.status) && location !== undefined) {
        if (redirects >= limits.maxRedirects) {
          throw new AppError('upstream_error', `the target redirected more than ${limits.maxRedirects} times (last: ${redactor.url(hop.url)})`, { reason: 'too_many_redirects', status: raw.status });
        }
        const next = resolveLocation(location, hop.url, redactor);
        context.logger.debug({ from: redactor.url(hop.url), to: redactor.url(next), status: raw.status }, 'target redirected');
        current = redirected(current, next, raw.status);
        continue;
      }
      const body = raw.spooled ? raw.body : await decode(raw.body, raw.headers['content-encoding'], limits, raw.status);
      if (deadline.signal.aborted) throw deadline.signal.reason;
      const contentType = raw.headers['content-type'] ?? null;
      return { url: hop.url, status: raw.status, statusText: raw.statusText, headers: raw.headers, contentType, rawBytes: raw.rawBytes, body, spooled: raw.spooled, redirects };
    }
  } finally {
    clearTimeout(timer);
    context.signal?.removeEventListener('abort', cancel);
  }
}

/** Credentials go to the request's own origin only; a hop elsewhere goes without them. */
function withCredentials(request: OutgoingRequest): { url: URL; method: OutgoingRequest['method']; headers: Record<string, string>; body: Buffer | undefined } {
  const url = new URL(request.url);
  const headers = { ...request.headers };
  const { credentials } = request;
  if (url.origin === credentials.origin) {
    Object.assign(headers, credentials.headers);
    if (credentials.query) url.searchParams.set(credentials.query.name, credentials.query.value);
  } else if (credentials.query && url.searchParams.get(credentials.query.name) === credentials.query.value) {
    url.searchParams.delete(credentials.query.name);
  }
  return { url, method: request.method, headers, body: request.body };
}

function redirected(request: OutgoingRequest, next: URL, status: number): OutgoingRequest {
  if ((status === 301 || status === 302 || status === 303) && request.method !== 'HEAD') {
    const headers = { ...request.headers };
    delete headers['content-type'];
    return { ...request, url: next, method: 'GET', headers, body: undefined };
  }
  return { ...request, url: next };
}

function resolveLocation(location: string | string[], base: URL, redactor: Redactor): URL {
  const text = Array.isArray(location) ? location[0] : location;
  let next: URL;
  try {
    next = new URL(text ?? '', base);
  } catch {
    throw new AppError('upstream_error', `the target ${redactor.url(base)} redirected to an invalid URL`, { reason: 'invalid_redirect' });
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw new AppError('upstream_error', `the target ${redactor.url(base)} redirected to a ${next.protocol.replace(/:$/, '')} URL; only http and https are followed`, { reason: 'invalid_redirect' });
  }
  next.hash = '';
  return next;
}

/** One hop as sent: the URL with its credentials, the method, the headers and the body. */
export interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/** Where a successful, unencoded body is written as it arrives, and the secrets to watch for in it. */
export interface SpoolTarget {
  path: string;
  secrets: Buffer[];
}

/** Sends one hop; the body goes to `spoolTo` when given and the answer allows it. Rejects only with an AppError. */
export function sendOnce(
  hop: Hop,
  target: VettedTarget,
  limits: TargetLimits,
  signal: AbortSignal,
  shown: string,
  spoolTo?: SpoolTarget,
): Promise<RawResponse> {
  return new Promise<RawResponse>((resolve, reject) => {
    let settled = false;
    // The Host header names the URL's host even when the connection goes to a canonical address.
    const headers: Record<string, string> = { ...hop.headers, host: hop.url.host };
    if (hop.body) headers['content-length'] = String(hop.body.length);
    const client = hop.url.protocol === 'https:' ? https : http;
    const literal = isIP(target.hostname) !== 0;
    const req = client.request({
      // A literal address is connected to in its checked, canonical form; a name through the pinned lookup.
      host: literal ? (target.addresses[0]?.address ?? target.hostname) : target.hostname,
      port: target.port,
      path: `${hop.url.pathname}${hop.url.search}`,
      method: hop.method,
      headers,
      lookup: pinnedLookup(target),
      // One connection per request: a pooled socket could outlive the check that vetted it.
      agent: false,
      ...(hop.url.protocol === 'https:' && !literal ? { servername: target.hostname } : {}),
    });
    let spool: BodySpool | undefined;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      req.destroy();
      void spool?.discard();
      reject(connectionError(error, shown));
    };
    const succeed = (response: RawResponse) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      resolve(response);
    };
    const onAbort = () => fail(signal.reason);
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });

    req.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(
        () => fail(new AppError('timeout', `could not connect to the target ${shown} within ${limits.connectTimeoutMs} ms`, { reason: 'connect_timeout', limit_ms: limits.connectTimeoutMs })),
        limits.connectTimeoutMs,
      );
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    req.on('error', fail);
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      const base = { status, statusText: res.statusMessage ?? '', headers: res.headers };
      if (redirectStatuses.has(status) && res.headers.location !== undefined) {
        // The body of a redirect is never read: it could be endless.
        res.destroy();
        succeed({ ...base, body: Buffer.alloc(0), rawBytes: 0 });
        return;
      }
      const tooLarge = () =>
        new AppError('payload_too_large', `the target's response ${shown} is larger than ${limits.maxResponseBytes} bytes`, {
          reason: 'response_too_large',
          limit: limits.maxResponseBytes,
          status,
        });
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > limits.maxResponseBytes) {
        fail(tooLarge());
        return;
      }
      res.on('error', fail);
      res.on('close', () => {
        if (!res.complete) fail(Object.assign(new Error('the response ended early'), { code: 'ECONNRESET' }));
      });
      const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
      if (spoolTo && status >= 200 && status < 300 && (encoding === '' || encoding === 'identity')) {
        spool = new BodySpool(spoolTo.path, spoolTo.secrets);
        const writing = spool;
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > limits.maxResponseBytes) return fail(tooLarge());
          if (!writing.write(chunk)) {
            res.pause();
            writing.onDrain(() => res.resume());
          }
        });
        res.on('end', () => {
          writing.finish().then(
            (spooled) => succeed({ ...base, body: Buffer.alloc(0), spooled, rawBytes: received }),
            (error: unknown) => fail(new AppError('internal_error', `could not write the target's response to a scratch file: ${(error as Error).message}`, undefined, { cause: error })),
          );
        });
        return;
      }
      // A declared length is read into one buffer of that size: no list of chunks beside a
      // concatenated copy, which doubled a large body's memory. More than declared (the HTTP
      // parser stops that) would go on as a list.
      let whole = Number.isSafeInteger(declared) && declared > 0 ? Buffer.allocUnsafe(declared) : undefined;
      let filled = 0;
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > limits.maxResponseBytes) return fail(tooLarge());
        if (whole && filled + chunk.length <= whole.length) {
          chunk.copy(whole, filled);
          filled += chunk.length;
          return;
        }
        if (whole) chunks.push(whole.subarray(0, filled));
        whole = undefined;
        chunks.push(chunk);
      });
      res.on('end', () => succeed({ ...base, body: whole ? whole.subarray(0, filled) : Buffer.concat(chunks, received), rawBytes: received }));
    });
    req.end(hop.body);
  });
}

function connectionError(error: unknown, shown: string): AppError {
  if (error instanceof AppError) return error;
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? 'EUNKNOWN');
  // Only the code: node's messages name the resolved address, which a caller must not learn.
  const reason =
    code === 'ECONNRESET' || code === 'EPIPE' || code === 'ECONNABORTED'
      ? 'connection_reset'
      : code === 'ECONNREFUSED'
        ? 'connection_refused'
        : code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'EADDRNOTAVAIL'
          ? 'unreachable'
          : code === 'ETIMEDOUT'
            ? 'connect_timeout'
            : /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_OSSL)/.test(code)
              ? 'tls_error'
              : code.startsWith('HPE_')
                ? 'invalid_response'
                : 'connection_failed';
  if (reason === 'connect_timeout') return new AppError('timeout', `could not connect to the target ${shown} (${code})`, { reason, code });
  return new AppError('upstream_error', `could not complete the request to the target ${shown} (${code})`, { reason, code });
}

function cancelled(reason: unknown): AppError {
  return reason instanceof AppError ? reason : new AppError('timeout', 'fetching the target was cancelled', { reason: 'aborted' });
}

/** Undoes Content-Encoding, outermost last-applied first, never producing more than the limit. */
async function decode(body: Buffer, header: string | undefined, limits: TargetLimits, status: number): Promise<Buffer> {
  const encodings = (header ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '' && entry !== 'identity')
    .reverse();
  let data = body;
  for (const encoding of encodings) {
    if (data.length === 0) break;
    const options = { maxOutputLength: limits.maxDecompressedBytes };
    try {
      if (encoding === 'gzip' || encoding === 'x-gzip') data = await gunzip(data, options);
      // "deflate" is zlib-wrapped by the RFC, but some servers send a raw stream: the header tells.
      else if (encoding === 'deflate') data = hasZlibHeader(data) ? await inflate(data, options) : await inflateRaw(data, options);
      else if (encoding === 'br') data = await brotliDecompress(data, options);
      else throw new AppError('upstream_error', `the target's response uses content-encoding ${JSON.stringify(encoding)}, which is not supported (gzip, deflate and br are)`, { reason: 'unsupported_encoding', status });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new AppError('payload_too_large', `the target's ${encoding} response decompresses to more than ${limits.maxDecompressedBytes} bytes`, {
          reason: 'decompressed_too_large',
          limit: limits.maxDecompressedBytes,
          status,
        });
      }
      throw new AppError('upstream_error', `the target's ${encoding} response could not be decoded (${String((error as NodeJS.ErrnoException).code ?? 'corrupt data')})`, { reason: 'undecodable_body', status });
    }
  }
  return data;
}

function hasZlibHeader(data: Buffer): boolean {
  const [first = 0, second = 0] = data;
  return data.length >= 2 && (first & 0x0f) === 8 && ((first << 8) | second) % 31 === 0;
}
