// ObjectStore on a local directory, for the embedded mode. Layout under the root:
//   <bucket>/<key>            the objects' bytes, nothing else, so `list` walks this tree alone
//   .meta/<bucket>/<key>      a JSON sidecar per object: etag, content type, metadata
//   .staging/<bucket>/        bodies being written, renamed into place once complete
// Bucket names cannot start with '.', so the two service trees never collide with a bucket.
import { createHash, randomUUID } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { access, lstat, mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '@querylane/errors';
import { bodyChunks, discardBody } from './object-body.js';
import type { ObjectBody, ObjectInfo, ObjectStore, ObjectSummary, PutObjectOptions } from './object-store.js';
import { defaultContentType } from './object-store.js';
import { validateBucketName, validateKeyPrefix, validateObjectKey, validatePutOptions } from './object-validation.js';

/** The size of the reads an object's body is streamed in. */
const readChunkBytes = 1024 * 1024;

export interface FilesystemObjectStoreOptions {
  /** The root; buckets are directories below it (e.g. `<QUERYLANE_DATA_DIR>/objects`). */
  directory: string;
  bucket: string;
}

// The sidecar names the exact file it describes (inode, size, mtime): after a crash between the
// rename of the data and that of its sidecar, the mismatch shows and the etag is computed again.
const sidecarSchema = z.object({
  version: z.literal(1),
  etag: z.string(),
  size: z.number(),
  contentType: z.string(),
  metadata: z.record(z.string(), z.string()),
  ino: z.number(),
  mtimeMs: z.number(),
});
type Sidecar = z.infer<typeof sidecarSchema>;

interface ObjectPaths {
  data: string;
  meta: string;
}

/** Staged files older than this belong to a process that died; younger ones may be in flight. */
const staleStagingMs = 60 * 60 * 1000;

// A directory that a concurrent delete prunes between our mkdir and our rename makes the rename
// fail with ENOENT; creating it again and retrying settles the race.
const placeAttempts = 5;

// One lock per object file, shared by every store of the process (TARGET=all opens several on the
// same root). Writers hold it while renaming the data and its sidecar, readers while reading both,
// so nobody sees the short moment in which one is new and the other old.
const objectLocks = new Map<string, Promise<void>>();

async function withObjectLock<T>(path: string, action: () => Promise<T>): Promise<T> {
  const previous = objectLocks.get(path) ?? Promise.resolve();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const queued = previous.then(() => held);
  objectLocks.set(path, queued);
  await previous;
  try {
    return await action();
  } finally {
    release();
    if (objectLocks.get(path) === queued) objectLocks.delete(path);
  }
}

export class FilesystemObjectStore implements ObjectStore {
  readonly kind = 'filesystem' as const;
  readonly bucket: string;
  private readonly dataRoot: string;
  private readonly metaRoot: string;
  private readonly stagingDir: string;
  private readonly logger: Logger;

  constructor(options: FilesystemObjectStoreOptions, logger: Logger) {
    validateBucketName(options.bucket);
    const root = resolve(options.directory);
    this.bucket = options.bucket;
    this.dataRoot = join(root, options.bucket);
    this.metaRoot = join(root, '.meta', options.bucket);
    this.stagingDir = join(root, '.staging', options.bucket);
    this.logger = logger.child({ component: 'object-store', kind: this.kind, bucket: this.bucket });
  }

  async put(key: string, body: ObjectBody, options?: PutObjectOptions): Promise<ObjectInfo> {
    const staged: string[] = [];
    try {
      validateObjectKey(key);
      const { contentType, metadata, size: declaredSize } = validatePutOptions(options);
      const paths = this.paths(key);
      await this.fs(() => mkdir(this.stagingDir, { recursive: true }), 'storing', key);

      const id = randomUUID();
      const stagedData = join(this.stagingDir, `${id}.data`);
      staged.push(stagedData);
      const { etag, size } = await this.writeBody(stagedData, bodyChunks(body, declaredSize), key);
      const written = await this.fs(() => stat(stagedData), 'storing', key);

      const stagedMeta = join(this.stagingDir, `${id}.meta`);
      staged.push(stagedMeta);
      const sidecar: Sidecar = { version: 1, etag, size, contentType, metadata, ino: written.ino, mtimeMs: written.mtimeMs };
      await this.writeSidecar(stagedMeta, sidecar, key);

      await withObjectLock(paths.data, async () => {
        await this.placeData(stagedData, paths.data, key);
        staged.shift();
        await this.placeSidecar(stagedMeta, paths.meta, key);
        staged.shift();
      });
      this.logger.debug({ key, size, etag }, 'object stored');
      return { key, size, etag, lastModified: written.mtime, contentType, metadata };
    } catch (error) {
      discardBody(body);
      await Promise.all(staged.map((path) => rm(path, { force: true }).catch(() => undefined)));
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    validateObjectKey(key);
    const path = this.paths(key).data;
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) throw notFound(key);
      throw this.failure(error, 'reading', key);
    }
    // The open descriptor keeps reading this version even if a put replaces the file meanwhile.
    const info = await handle.stat().catch(async (error: unknown) => {
      await handle.close();
      throw this.failure(error, 'reading', key);
    });
    if (!info.isFile()) {
      await handle.close();
      throw notFound(key);
    }
    // 1 MiB reads rather than the default 64 KiB: an object here is mostly a whole Parquet file,
    // and each read is a hop through libuv's thread pool (a 4 MB dataline download was ~65 of them).
    return handle.createReadStream({ highWaterMark: readChunkBytes });
  }

  async stat(key: string): Promise<ObjectInfo | undefined> {
    validateObjectKey(key);
    const paths = this.paths(key);
    return withObjectLock(paths.data, () => this.describe(key, paths));
  }

  async delete(key: string): Promise<void> {
    validateObjectKey(key);
    const paths = this.paths(key);
    await withObjectLock(paths.data, async () => {
      await this.fs(() => removeFile(paths.data), 'deleting', key);
      await this.fs(() => removeFile(paths.meta), 'deleting', key);
    });
    await pruneEmptyDirectories(dirname(paths.data), this.dataRoot);
    await pruneEmptyDirectories(dirname(paths.meta), this.metaRoot);
  }

  async *list(prefix: string): AsyncGenerator<ObjectSummary> {
    validateKeyPrefix(prefix);
    const cut = prefix.lastIndexOf('/') + 1;
    const directoryPart = prefix.slice(0, cut);
    yield* this.walk(join(this.dataRoot, ...directoryPart.split('/').filter(Boolean)), directoryPart, prefix.slice(cut));
  }

  async ensureBucket(): Promise<void> {
    const existed = await stat(this.dataRoot).then(
      (info) => info.isDirectory(),
      () => false,
    );
    for (const directory of [this.dataRoot, this.metaRoot, this.stagingDir]) {
      await this.fs(() => mkdir(directory, { recursive: true }), 'creating the bucket of', undefined);
    }
    if (!existed) this.logger.info({ directory: this.dataRoot }, 'bucket created');
    await this.removeStaleStaging();
  }

  async ping(): Promise<number> {
    const started = performance.now();
    try {
      await access(this.dataRoot, constants.R_OK | constants.W_OK);
    } catch (error) {
      throw new AppError('service_unavailable', `the object store directory ${this.dataRoot} is not usable: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    return performance.now() - started;
  }

  private paths(key: string): ObjectPaths {
    // validateObjectKey already refused '', '.', '..' and '\\', so every segment is a plain name.
    const segments = key.split('/');
    return { data: join(this.dataRoot, ...segments), meta: join(this.metaRoot, ...segments) };
  }

  /** Writes the body to a new file, hashing as it goes, and flushes it to disk before returning. */
  private async writeBody(path: string, chunks: AsyncIterable<Buffer>, key: string): Promise<{ etag: string; size: number }> {
    const handle = await this.fs(() => open(path, 'wx'), 'storing', key);
    const hash = createHash('md5');
    let size = 0;
    try {
      // A body error surfaces from this loop as is; only the file operations become AppErrors.
      for await (const chunk of chunks) {
        hash.update(chunk);
        size += chunk.length;
        await this.fs(() => writeAll(handle, chunk), 'storing', key);
      }
      await this.fs(() => handle.sync(), 'storing', key);
    } finally {
      await handle.close().catch(() => undefined);
    }
    return { etag: hash.digest('hex'), size };
  }

  private async writeSidecar(path: string, sidecar: Sidecar, key: string): Promise<void> {
    const handle = await this.fs(() => open(path, 'w'), 'storing', key);
    try {
      await this.fs(() => writeAll(handle, Buffer.from(JSON.stringify(sidecar))), 'storing', key);
      await this.fs(() => handle.sync(), 'storing', key);
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  /** Renames the staged body over the object: readers see the old file or the new one, never a part. */
  private async placeData(staged: string, target: string, key: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await rename(staged, target);
        await syncDirectory(dirname(target));
        return;
      } catch (error) {
        if (errorCode(error) === 'ENOENT' && attempt < placeAttempts) continue;
        // An empty folder (left by a crash before pruning) holds no object and may give way.
        if (errorCode(error) === 'EISDIR' && attempt < placeAttempts && (await rmdir(target).then(() => true, () => false))) continue;
        if (['EISDIR', 'ENOTDIR', 'EEXIST', 'ENOTEMPTY'].includes(errorCode(error) ?? '')) {
          // S3 can hold both `a` and `a/b`; a directory tree cannot.
          throw new AppError(
            'conflict',
            `object key ${JSON.stringify(key)} clashes with another key in the filesystem store: one key cannot be both an object and a folder of others (as "a" and "a/b")`,
            { key },
            { cause: error },
          );
        }
        throw this.failure(error, 'storing', key);
      }
    }
  }

  /** The data tree has the final word; anything in the sidecar tree in the way is a leftover. */
  private async placeSidecar(staged: string, target: string, key: string): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await mkdir(dirname(target), { recursive: true });
        await rename(staged, target);
        await syncDirectory(dirname(target));
        return;
      } catch (error) {
        const code = errorCode(error);
        if (attempt < placeAttempts && code === 'ENOENT') continue;
        if (attempt < placeAttempts && (code === 'EISDIR' || code === 'ENOTDIR' || code === 'EEXIST' || code === 'ENOTEMPTY')) {
          this.logger.warn({ key }, 'removing leftover sidecars in the way of a new one');
          await removeObstructions(target, this.metaRoot);
          continue;
        }
        throw this.failure(error, 'storing', key);
      }
    }
  }

  /** Reads the object's description; repairs the sidecar when it does not describe the file. */
  private async describe(key: string, paths: ObjectPaths): Promise<ObjectInfo | undefined> {
    let info: Stats;
    try {
      info = await stat(paths.data);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw this.failure(error, 'describing', key);
    }
    if (!info.isFile()) return undefined;
    const sidecar = await readSidecar(paths.meta);
    if (sidecar && sidecar.ino === info.ino && sidecar.size === info.size && sidecar.mtimeMs === info.mtimeMs) {
      return { key, size: info.size, etag: sidecar.etag, lastModified: info.mtime, contentType: sidecar.contentType, metadata: sidecar.metadata };
    }
    return this.repair(key, paths, info);
  }

  /**
   * The data was renamed but its sidecar was not (a crash between the two): the etag is computed
   * from the bytes again; the content type and metadata of that write are lost, so defaults stand in.
   */
  private async repair(key: string, paths: ObjectPaths, info: Stats): Promise<ObjectInfo | undefined> {
    this.logger.warn({ key }, 'object sidecar missing or stale; computing its etag again');
    const hash = createHash('md5');
    let handle: FileHandle;
    try {
      handle = await open(paths.data, 'r');
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw this.failure(error, 'describing', key);
    }
    try {
      for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    } finally {
      await handle.close().catch(() => undefined);
    }
    const sidecar: Sidecar = {
      version: 1,
      etag: hash.digest('hex'),
      size: info.size,
      contentType: defaultContentType,
      metadata: {},
      ino: info.ino,
      mtimeMs: info.mtimeMs,
    };
    const staged = join(this.stagingDir, `${randomUUID()}.meta`);
    try {
      await mkdir(this.stagingDir, { recursive: true });
      await this.writeSidecar(staged, sidecar, key);
      await this.placeSidecar(staged, paths.meta, key);
    } catch (error) {
      // The answer is right without the repair; the next reader will try again.
      await rm(staged, { force: true }).catch(() => undefined);
      this.logger.warn({ err: error, key }, 'could not rewrite the object sidecar');
    }
    return { key, size: info.size, etag: sidecar.etag, lastModified: info.mtime, contentType: sidecar.contentType, metadata: {} };
  }

  /**
   * Depth-first in the order of the keys' UTF-8 bytes. A folder sorts as its name plus '/', the
   * first byte of every key inside it, so `a-b` comes before `a/x` and `a/x` before `ab`, as on S3.
   */
  private async *walk(directory: string, keyPrefix: string, namePrefix: string): AsyncGenerator<ObjectSummary> {
    let entries;
    try {
      entries = await readdir(directory, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw this.failure(error, 'listing', keyPrefix + namePrefix);
    }
    const candidates = entries
      .filter((entry) => entry.name.startsWith(namePrefix) && (entry.isFile() || entry.isDirectory()))
      .map((entry) => ({ name: entry.name, isDirectory: entry.isDirectory(), order: Buffer.from(entry.isDirectory() ? `${entry.name}/` : entry.name) }))
      .sort((a, b) => Buffer.compare(a.order, b.order));
    for (const candidate of candidates) {
      const key = keyPrefix + candidate.name;
      if (candidate.isDirectory) {
        yield* this.walk(join(directory, candidate.name), `${key}/`, '');
        continue;
      }
      // Gone since readdir (a concurrent delete) means it is simply not listed.
      const paths = this.paths(key);
      const info = await withObjectLock(paths.data, () => this.describe(key, paths));
      if (info) yield { key: info.key, size: info.size, etag: info.etag, lastModified: info.lastModified };
    }
  }

  private async removeStaleStaging(): Promise<void> {
    const entries = await readdir(this.stagingDir).catch(() => [] as string[]);
    let removed = 0;
    for (const name of entries) {
      const path = join(this.stagingDir, name);
      const info = await lstat(path).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs > staleStagingMs) {
        await rm(path, { recursive: true, force: true }).catch(() => undefined);
        removed++;
      }
    }
    if (removed > 0) this.logger.info({ removed }, 'removed unfinished writes left by an earlier process');
  }

  /** Runs a file operation, turning its failure into the public error it stands for. */
  private async fs<T>(operation: () => Promise<T>, action: string, key: string | undefined): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      throw this.failure(error, action, key);
    }
  }

  private failure(error: unknown, action: string, key: string | undefined): AppError {
    if (error instanceof AppError) return error;
    const code = errorCode(error);
    const subject = key === undefined ? `bucket ${this.bucket}` : `object ${JSON.stringify(key)}`;
    const reason = error instanceof Error ? error.message : String(error);
    if (code === 'ENAMETOOLONG') {
      return new AppError('invalid_request', `object key ${JSON.stringify(key)} has a segment longer than the filesystem allows (usually 255 bytes)`, undefined, {
        cause: error,
      });
    }
    if (code && ['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO', 'EMFILE', 'ENFILE'].includes(code)) {
      this.logger.warn({ err: error, key, action }, 'object store unavailable');
      return new AppError('service_unavailable', `the object store failed ${action} ${subject}: ${reason}`, { store_code: code }, { cause: error });
    }
    return new AppError('internal_error', `the object store failed ${action} ${subject}: ${reason}`, code ? { store_code: code } : undefined, { cause: error });
  }
}

async function writeAll(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}

async function readSidecar(path: string): Promise<Sidecar | undefined> {
  try {
    const parsed = sidecarSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Missing, a folder, or unreadable: treated as stale, and repaired.
    return undefined;
  }
}

/** Makes a rename durable: the new directory entry reaches the disk with the directory. */
async function syncDirectory(path: string): Promise<void> {
  const handle = await open(path, 'r').catch(() => undefined);
  if (!handle) return;
  // Some platforms cannot fsync a directory; the rename is atomic either way.
  await handle.sync().catch(() => undefined);
  await handle.close().catch(() => undefined);
}

/** Unlinks a file; a missing one, or a folder standing where the file would be, is no object. */
async function removeFile(path: string): Promise<void> {
  try {
    await unlink(path);
  } catch (error) {
    if (isMissing(error)) return;
    const code = errorCode(error);
    if ((code === 'EISDIR' || code === 'EPERM') && (await lstat(path).catch(() => undefined))?.isDirectory()) return;
    throw error;
  }
}

/** Removes folders that became empty, from `directory` up to (not including) `root`. */
async function pruneEmptyDirectories(directory: string, root: string): Promise<void> {
  for (let current = directory; current.startsWith(root + sep); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      // Not empty (another object, or a put that just created it), or already gone: stop here.
      return;
    }
  }
}

/** Clears what blocks `target` in the sidecar tree: a file where a folder is needed, or a folder at `target`. */
async function removeObstructions(target: string, root: string): Promise<void> {
  const relative = target.slice(root.length + 1).split(sep);
  let current = root;
  for (const segment of relative.slice(0, -1)) {
    current = join(current, segment);
    const info = await lstat(current).catch(() => undefined);
    if (!info) return;
    if (!info.isDirectory()) {
      await rm(current, { force: true });
      return;
    }
  }
  const info = await lstat(target).catch(() => undefined);
  if (info?.isDirectory()) await rm(target, { recursive: true, force: true });
}

function notFound(key: string): AppError {
  return new AppError('not_found', `object ${JSON.stringify(key)} not found`);
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'ENOENT' || code === 'ENOTDIR';
}

function errorCode(error: unknown): string | undefined {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
}
