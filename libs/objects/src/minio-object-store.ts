// ObjectStore on MinIO or any S3-compatible service, through the minio client.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Client, type BucketItem } from 'minio';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import { bodyChunks, bodyParts, discardBody, inMemoryBody } from './object-body.js';
import type { ObjectBody, ObjectInfo, ObjectStore, ObjectSummary, PutObjectOptions } from './object-store.js';
import { defaultContentType } from './object-store.js';
import { validateBucketName, validateKeyPrefix, validateObjectKey, validatePutOptions } from './object-validation.js';

export interface MinioObjectStoreOptions {
  /** `http://host:port` or `https://host:port`, nothing else (S3_ENDPOINT). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  /** Saves the bucket-location lookup and names the region a new bucket is created in. */
  region?: string | undefined;
  /**
   * Bytes per part of a multipart upload (default 5 MiB, S3's minimum). A streaming put holds at most
   * two parts in memory: one uploading while the next is read. With an unknown size a stream may
   * reach 10,000 parts; a declared size raises the part size as far as it needs.
   */
  partSize?: number;
}

const mebibyte = 1024 * 1024;
const minPartSize = 5 * mebibyte;
const maxPartSize = 5 * 1024 * mebibyte;
const maxParts = 10_000;

// Failures that mean the service (or the way to it) is down, not that the request was wrong.
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EPIPE',
  'SlowDown',
  'ServiceUnavailable',
  'InternalError',
  'RequestTimeout',
  'XMinioServerNotInitialized',
]);
// The service answers but refuses this configuration: every request will fail until it is fixed.
const refusedCodes = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'NoSuchBucket', 'AuthorizationHeaderMalformed']);

export class MinioObjectStore implements ObjectStore {
  readonly kind = 'minio' as const;
  readonly bucket: string;
  private readonly client: Client;
  private readonly region: string | undefined;
  private readonly partSize: number;
  private readonly logger: Logger;

  constructor(options: MinioObjectStoreOptions, logger: Logger) {
    validateBucketName(options.bucket);
    const partSize = options.partSize ?? minPartSize;
    if (!Number.isSafeInteger(partSize) || partSize < minPartSize || partSize > maxPartSize) {
      throw new AppError('internal_error', `invalid object store part size ${partSize}: it must be between 5 MiB and 5 GiB`);
    }
    const endpoint = parseEndpoint(options.endpoint);
    this.bucket = options.bucket;
    this.region = options.region || undefined;
    this.partSize = partSize;
    this.logger = logger.child({ component: 'object-store', kind: this.kind, bucket: this.bucket });
    this.client = new Client({
      endPoint: endpoint.host,
      port: endpoint.port,
      useSSL: endpoint.useSSL,
      accessKey: options.accessKey,
      secretKey: options.secretKey,
      ...(this.region ? { region: this.region } : {}),
    });
  }

  async put(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<ObjectInfo> {
    let etag: string;
    let size: number;
    let validated: ReturnType<typeof validatePutOptions>;
    try {
      validateObjectKey(key);
      validated = validatePutOptions(options);
      const headers = objectHeaders(validated.contentType, validated.metadata);
      const memory = inMemoryBody(body);
      if (memory) {
        // Already in memory: one PUT, whatever its size, so the etag is the content's MD5.
        if (validated.size !== undefined && validated.size !== memory.length) {
          throw new AppError('invalid_request', `the object body has ${memory.length} bytes; ${validated.size} were declared`, { size: validated.size });
        }
        etag = await this.putSingle(key, memory, headers);
        size = memory.length;
      } else {
        ({ etag, size } = await this.putStream(key, body, headers, validated.size));
      }
    } catch (error) {
      discardBody(body);
      throw error;
    }
    // S3 answers a PUT without Last-Modified; the HEAD gives the server's own time.
    const stored = await this.stat(key).catch(() => undefined);
    const lastModified = stored && stored.etag === etag ? stored.lastModified : new Date();
    this.logger.debug({ key, size, etag }, 'object stored');
    return { key, size, etag, lastModified, contentType: validated.contentType, metadata: validated.metadata };
  }

  async get(key: string): Promise<Readable> {
    validateObjectKey(key);
    try {
      return await this.client.getObject(this.bucket, key);
    } catch (error) {
      throw this.failure(error, 'reading', key);
    }
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    validateObjectKey(key);
    let stat: Awaited<ReturnType<Client['statObject']>>;
    try {
      stat = await this.client.statObject(this.bucket, key);
    } catch (error) {
      if (errorCode(error) === 'NotFound' || errorCode(error) === 'NoSuchKey') return undefined;
      throw this.failure(error, 'describing', key);
    }
    const headers = stat.metaData as Record<string, unknown>;
    const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : defaultContentType;
    const metadata: Record<string, string> = {};
    // statObject mixes the standard headers into the user metadata; user names never collide with
    // them (validatePutOptions refuses those names), so everything else is the user's.
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (typeof value === 'string' && !standardHeaderNames.has(lower) && !lower.startsWith('x-amz-')) metadata[lower] = value;
    }
    return { key, size: stat.size, etag: stripQuotes(stat.etag), lastModified: stat.lastModified, contentType, metadata };
  }

  async delete(key: string): Promise<void> {
    validateObjectKey(key);
    try {
      // S3's DELETE answers 204 for a missing key too, so this is idempotent without a HEAD.
      await this.client.removeObject(this.bucket, key);
    } catch (error) {
      if (errorCode(error) === 'NoSuchKey' || errorCode(error) === 'NotFound') return;
      throw this.failure(error, 'deleting', key);
    }
  }

  async *list(prefix: string): AsyncGenerator<ObjectSummary> {
    validateKeyPrefix(prefix);
    const items = this.client.listObjectsV2(this.bucket, prefix, true);
    try {
      for await (const item of items as AsyncIterable<BucketItem>) {
        if (item.name === undefined) continue;
        yield { key: item.name, size: item.size, etag: stripQuotes(item.etag), lastModified: item.lastModified };
      }
    } catch (error) {
      throw this.failure(error, 'listing', prefix);
    } finally {
      (items as unknown as Readable).destroy?.();
    }
  }

  async ensureBucket(): Promise<void> {
    try {
      if (await this.client.bucketExists(this.bucket)) return;
      await this.client.makeBucket(this.bucket, this.region ?? '');
      this.logger.info('bucket created');
    } catch (error) {
      // Another replica created it between our check and our request.
      if (errorCode(error) === 'BucketAlreadyOwnedByYou') return;
      if (errorCode(error) === 'BucketAlreadyExists') {
        throw new AppError('service_unavailable', `bucket ${this.bucket} exists but belongs to another account`, undefined, { cause: error });
      }
      throw this.failure(error, 'creating the bucket of', undefined);
    }
  }

  async ping(): Promise<number> {
    const started = performance.now();
    let exists: boolean;
    try {
      exists = await this.client.bucketExists(this.bucket);
    } catch (error) {
      throw this.failure(error, 'reaching', undefined);
    }
    if (!exists) throw new AppError('service_unavailable', `the object store has no bucket ${this.bucket}`);
    return performance.now() - started;
  }

  private async putSingle(key: string, data: Buffer, headers: Record<string, string>): Promise<string> {
    try {
      // minio mutates the headers it is given; each request gets its own copy.
      const uploaded = await this.client.putObject(this.bucket, key, data, data.length, { ...headers });
      return stripQuotes(uploaded.etag);
    } catch (error) {
      throw this.failure(error, 'storing', key);
    }
  }

  /**
   * Streams the body as parts. A body that fits one part goes up as a single PUT (its etag is then
   * the MD5, like any small object). Larger bodies use our own multipart upload rather than minio's
   * putObject: that one buffers a part as large as 5 TiB / 10,000 when the size is unknown, and
   * resumes any unfinished upload of the same key, so two writers of one key could mix their parts.
   */
  private async putStream(
    key: string,
    body: ObjectBody,
    headers: Record<string, string>,
    declaredSize: number | undefined,
  ): Promise<{ etag: string; size: number }> {
    const partSize = declaredSize === undefined ? this.partSize : Math.max(this.partSize, Math.ceil(declaredSize / maxParts / mebibyte) * mebibyte);
    const parts = bodyParts(bodyChunks(body, declaredSize), partSize);
    const first = await parts.next();
    if (first.done) throw new AppError('internal_error', 'the object body produced no part');
    if (first.value.last) {
      return { etag: await this.putSingle(key, first.value.data, headers), size: first.value.data.length };
    }

    let uploadId: string;
    try {
      uploadId = await this.client.initiateNewMultipartUpload(this.bucket, key, { ...headers });
    } catch (error) {
      await parts.return(undefined);
      throw this.failure(error, 'storing', key);
    }
    const etags: { part: number; etag: string }[] = [];
    let size = 0;
    let uploading: Promise<void> | undefined;
    try {
      let part: IteratorResult<{ data: Buffer; last: boolean }> = first;
      for (let number = 1; !part.done; number++) {
        if (number > maxParts) {
          throw new AppError('payload_too_large', `the object is larger than ${maxParts} parts of ${partSize} bytes; declare its size`, {
            max_bytes: maxParts * partSize,
          });
        }
        const data = part.value.data;
        size += data.length;
        // One part uploads while the next is read, so the network and the source overlap.
        await uploading;
        uploading = this.uploadPart(key, uploadId, number, data).then((etag) => {
          etags.push({ part: number, etag });
        });
        // Its failure is awaited below; until then it must not count as an unhandled rejection.
        uploading.catch(() => undefined);
        part = await parts.next();
      }
      await uploading;
      etags.sort((a, b) => a.part - b.part);
      const completed = await this.client.completeMultipartUpload(this.bucket, key, uploadId, etags).catch((error: unknown) => {
        throw this.failure(error, 'storing', key);
      });
      return { etag: stripQuotes(completed.etag), size };
    } catch (error) {
      await uploading?.catch(() => undefined);
      await parts.return(undefined);
      // An unfinished upload is invisible but keeps its parts (and their storage) until aborted.
      await this.client.abortMultipartUpload(this.bucket, key, uploadId).catch((abortError: unknown) => {
        this.logger.warn({ err: abortError, key, upload_id: uploadId }, 'aborting a failed multipart upload failed');
      });
      // Store failures are AppErrors already; anything else is the body's own error, passed on as is.
      throw error;
    }
  }

  private async uploadPart(key: string, uploadId: string, partNumber: number, data: Buffer): Promise<string> {
    try {
      const md5 = createHash('md5').update(data).digest('base64');
      const uploaded = await this.client.uploadPart(
        { bucketName: this.bucket, objectName: key, uploadID: uploadId, partNumber, headers: { 'Content-MD5': md5 } },
        data,
      );
      return stripQuotes(uploaded.etag);
    } catch (error) {
      throw this.failure(error, 'storing', key);
    }
  }

  /** Turns a client or network failure into the public error it stands for. */
  private failure(error: unknown, action: string, key: string | undefined): AppError {
    if (error instanceof AppError) return error;
    const code = errorCode(error);
    const subject = key === undefined ? `bucket ${this.bucket}` : `object ${JSON.stringify(key)}`;
    const reason = error instanceof Error ? error.message : String(error);
    const details = code ? { store_code: code } : undefined;
    if (code === 'NoSuchKey' || code === 'NotFound') {
      return new AppError('not_found', `${subject} not found`, undefined, { cause: error });
    }
    if (code === 'EntityTooLarge') {
      return new AppError('payload_too_large', `${subject} is too large for the object store`, details, { cause: error });
    }
    if ((code && (unreachableCodes.has(code) || refusedCodes.has(code))) || /^Request failed after \d+ retries/.test(reason)) {
      this.logger.warn({ err: error, key, action }, 'object store unavailable');
      return new AppError('service_unavailable', `the object store failed ${action} ${subject}: ${reason}`, details, { cause: error });
    }
    return new AppError('internal_error', `the object store failed ${action} ${subject}: ${reason}`, details, { cause: error });
  }
}

const standardHeaderNames = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-type',
  'if-match',
  'if-none-match',
]);

function objectHeaders(contentType: string, metadata: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': contentType };
  for (const [name, value] of Object.entries(metadata)) headers[`X-Amz-Meta-${name}`] = value;
  return headers;
}

function parseEndpoint(endpoint: string): { host: string; port: number; useSSL: boolean } {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    // The raw value is not echoed: a mistyped endpoint may carry a credential.
    throw new AppError('internal_error', 'the S3 endpoint is not a URL; expected http(s)://host:port');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('internal_error', `the S3 endpoint must use http or https, not ${url.protocol}`);
  }
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    throw new AppError('internal_error', 'the S3 endpoint must be http(s)://host[:port] only (credentials go in S3_ACCESS_KEY / S3_SECRET_KEY)');
  }
  const useSSL = url.protocol === 'https:';
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : useSSL ? 443 : 80, useSSL };
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Node's connection attempts to several addresses fail with an AggregateError of the attempts.
  if (error instanceof AggregateError) return error.errors.map(errorCode).find((c) => c !== undefined);
  return undefined;
}

function stripQuotes(etag: string | undefined): string {
  return (etag ?? '').replace(/^"|"$/g, '');
}
