// The ObjectStore every service uses; MinIO (or any S3) in production, a directory in the embedded mode.
import type { Readable } from 'node:stream';

export type ObjectStoreKind = 'minio' | 'filesystem';

/** What `list` yields: enough to page through a prefix without one request per object. */
export interface ObjectSummary {
  key: string;
  size: number;
  /** Opaque; for an object stored in one part it is the hex MD5 of its content, as S3 defines it. */
  etag: string;
  lastModified: Date;
}

export interface ObjectInfo extends ObjectSummary {
  contentType: string;
  /** User metadata: lower-case keys, printable ASCII values (see `validateObjectMetadata`). */
  metadata: Record<string, string>;
}

/** A stream is read once and never held whole in memory; the other forms are already in memory. */
export type ObjectBody = Readable | Buffer | Uint8Array | string;

export interface PutObjectOptions {
  /** Defaults to `application/octet-stream`. */
  contentType?: string;
  /** The exact length of the body when known; a body of another length is refused. */
  size?: number;
  metadata?: Record<string, string>;
}

export const defaultContentType = 'application/octet-stream';

export interface ObjectStore {
  readonly kind: ObjectStoreKind;
  readonly bucket: string;

  /**
   * Stores the body under `key`, replacing any object there. The new object becomes visible at
   * once and whole, or not at all: a body that fails midway leaves the previous state untouched
   * and rejects with the body's own error. The filesystem store cannot hold a key that is also a
   * folder of other keys (`a` beside `a/b`) and refuses it with `conflict`; S3 can hold both.
   */
  put(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<ObjectInfo>;

  /** The content of `key`; rejects with `not_found` when there is no such object. */
  get(key: string): Promise<Readable>;

  /** The object's description, or undefined when there is no such object. */
  stat(key: string): Promise<ObjectInfo | undefined>;

  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;

  /**
   * Every object whose key starts with `prefix` (a plain string prefix, so `a/b` matches `a/b/c`
   * and `a/bc`), at any depth, in ascending order of the keys' UTF-8 bytes, as S3 lists them.
   */
  list(prefix: string): AsyncIterable<ObjectSummary>;

  /** Creates the bucket when it does not exist; safe to call from several processes at once. */
  ensureBucket(): Promise<void>;

  /** Round trip to the storage in ms; rejects with `service_unavailable` when it is unreachable. */
  ping(): Promise<number>;
}
