// The one place where keys, prefixes, bucket names and put options are checked, so both stores
// accept exactly the same inputs and a key that works in the embedded mode works on S3 too.
import { AppError } from '@querylane/errors';
import { defaultContentType, type PutObjectOptions } from './object-store.js';

/** S3's limit on a key, in UTF-8 bytes. */
export const maxKeyBytes = 1024;
/** S3's limit on user metadata (names and values together), in bytes. */
export const maxMetadataBytes = 2048;

// Control characters (NUL included) break file names, S3's XML listings and log lines; a backslash
// is a separator on Windows and an escape almost everywhere else.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const forbiddenCharacters = /[\u0000-\u001f\u007f\\]/;
// A lone surrogate has no UTF-8 form, so S3 and the filesystem would each store something else.
const loneSurrogate = /\p{Cs}/u;

/** Throws `invalid_request` unless `key` names an object the same way on every backend. */
export function validateObjectKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0) throw invalidKey(key, 'it must be a non-empty string');
  checkCharacters(key, 'key');
  if (key.startsWith('/')) throw invalidKey(key, "it must not start with '/'");
  for (const segment of key.split('/')) checkSegment(key, segment, 'key');
}

/**
 * Throws `invalid_request` unless `prefix` could start a valid key. The empty prefix lists everything;
 * the part after the last '/' may be any partial segment (`reports/20` matches `reports/2024/x`).
 */
export function validateKeyPrefix(prefix: string): void {
  if (typeof prefix !== 'string') throw invalidPrefix(prefix, 'it must be a string');
  if (prefix.length === 0) return;
  checkCharacters(prefix, 'prefix');
  if (prefix.startsWith('/')) throw invalidPrefix(prefix, "it must not start with '/'");
  const complete = prefix.split('/').slice(0, -1);
  for (const segment of complete) checkSegment(prefix, segment, 'prefix');
}

/**
 * Throws `internal_error` (a bucket comes from configuration, not from a caller) unless `bucket`
 * follows S3's naming rules; the filesystem store obeys them too so a configuration moves unchanged.
 */
export function validateBucketName(bucket: string): void {
  const valid =
    typeof bucket === 'string' &&
    /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) &&
    !bucket.includes('..') &&
    !/^\d+\.\d+\.\d+\.\d+$/.test(bucket);
  if (!valid) {
    throw new AppError(
      'internal_error',
      `invalid bucket name ${JSON.stringify(bucket)}: use 3 to 63 lower-case letters, digits, '.' or '-', starting and ending with a letter or digit`,
    );
  }
}

export interface ValidatedPutOptions {
  contentType: string;
  metadata: Record<string, string>;
  size: number | undefined;
}

// Names minio's statObject reports beside the user metadata; a user entry with one of these names
// could not be told apart from the header when read back.
const reservedMetadataNames = new Set([
  'cache-control',
  'content-disposition',
  'content-encoding',
  'content-language',
  'content-type',
  'if-match',
  'if-none-match',
]);

/**
 * Checks the put options and fills in the defaults. Metadata travels as HTTP headers on S3, so names
 * are lower-case tokens and values printable ASCII without surrounding spaces (which HTTP would strip).
 */
export function validatePutOptions(options: PutObjectOptions | undefined): ValidatedPutOptions {
  const contentType = options?.contentType ?? defaultContentType;
  if (!/^[\x21-\x7e](?:[\x20-\x7e]{0,253}[\x21-\x7e])?$/.test(contentType)) {
    throw new AppError('invalid_request', `invalid content type ${JSON.stringify(contentType)}: use printable ASCII, at most 255 characters`);
  }
  const size = options?.size;
  if (size !== undefined && !(Number.isSafeInteger(size) && size >= 0)) {
    throw new AppError('invalid_request', `invalid object size ${String(size)}: it must be a non-negative integer`);
  }
  const metadata: Record<string, string> = {};
  let metadataBytes = 0;
  for (const [name, value] of Object.entries(options?.metadata ?? {})) {
    if (!/^[a-z0-9][a-z0-9-]{0,127}$/.test(name) || name.startsWith('x-amz-') || reservedMetadataNames.has(name)) {
      throw new AppError(
        'invalid_request',
        `invalid metadata name ${JSON.stringify(name)}: use lower-case letters, digits and '-' (at most 128), not a standard header name`,
      );
    }
    if (typeof value !== 'string' || !/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(value)) {
      throw new AppError('invalid_request', `invalid value for metadata ${JSON.stringify(name)}: use non-empty printable ASCII without leading or trailing spaces`);
    }
    metadataBytes += name.length + value.length;
    metadata[name] = value;
  }
  if (metadataBytes > maxMetadataBytes) {
    throw new AppError('invalid_request', `object metadata takes ${metadataBytes} bytes; at most ${maxMetadataBytes} are allowed`);
  }
  return { contentType, metadata, size };
}

function checkCharacters(value: string, what: 'key' | 'prefix'): void {
  const fail = what === 'key' ? invalidKey : invalidPrefix;
  if (forbiddenCharacters.test(value)) throw fail(value, 'it must not contain a backslash, NUL or another control character');
  if (loneSurrogate.test(value)) throw fail(value, 'it must be well-formed Unicode');
  const bytes = Buffer.byteLength(value, 'utf8');
  if (bytes > maxKeyBytes) throw fail(value, `it takes ${bytes} UTF-8 bytes; at most ${maxKeyBytes} are allowed`);
}

function checkSegment(value: string, segment: string, what: 'key' | 'prefix'): void {
  const fail = what === 'key' ? invalidKey : invalidPrefix;
  // Empty, '.' and '..' segments would be folded away by a file path, so two keys could name one file.
  if (segment === '') throw fail(value, "it must not contain an empty segment ('//' or a trailing '/')");
  if (segment === '.' || segment === '..') throw fail(value, `it must not contain a '${segment}' segment`);
}

function invalidKey(key: unknown, reason: string): AppError {
  return new AppError('invalid_request', `invalid object key ${show(key)}: ${reason}`);
}

function invalidPrefix(prefix: unknown, reason: string): AppError {
  return new AppError('invalid_request', `invalid key prefix ${show(prefix)}: ${reason}`);
}

/** Quotes the value for a message without letting a huge or odd key flood it. */
function show(value: unknown): string {
  const text = JSON.stringify(typeof value === 'string' ? value : String(value)) ?? '';
  return text.length > 120 ? `${text.slice(0, 117)}…"` : text;
}
