// Contract of libs/objects: runs on the filesystem store by default and on MinIO when S3_ENDPOINT is set.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilesystemObjectStore, MinioObjectStore, createObjectStore, type ObjectStore, type ObjectSummary } from '@querylane/objects';
import { realParts, scratchDir, testLogger, uniqueName } from '@querylane/testing';

const backend = realParts.s3 ? 'minio' : 'filesystem';
const MiB = 1024 * 1024;

interface RandomBody {
  stream: Readable;
  /** Hex SHA-256 of every byte the stream produced (complete once it ended). */
  sha256(): string;
}

/** Random bytes from a generator, so the test never holds the body either. */
function randomBody(totalBytes: number, options: { failAfter?: number; chunkBytes?: number } = {}): RandomBody {
  const hash = createHash('sha256');
  const chunkBytes = options.chunkBytes ?? 64 * 1024;
  async function* generate(): AsyncGenerator<Buffer> {
    for (let sent = 0; sent < totalBytes; ) {
      if (options.failAfter !== undefined && sent >= options.failAfter) throw new Error('the source failed midway');
      const chunk = randomBytes(Math.min(chunkBytes, totalBytes - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(generate()), sha256: () => hash.copy().digest('hex') };
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function collect(items: AsyncIterable<ObjectSummary>): Promise<ObjectSummary[]> {
  const out: ObjectSummary[] = [];
  for await (const item of items) out.push(item);
  return out;
}

const md5 = (data: string | Buffer): string => createHash('md5').update(data).digest('hex');

function minioClient(): Client {
  const s3 = realParts.s3;
  if (!s3) throw new Error('minioClient() needs S3_ENDPOINT');
  const url = new URL(s3.endpoint);
  return new Client({
    endPoint: url.hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    useSSL: url.protocol === 'https:',
    accessKey: s3.accessKey,
    secretKey: s3.secretKey,
  });
}

describe(`object store contract [${backend}]`, () => {
  const dir = scratchDir('querylane-objects-');
  const bucket = realParts.s3?.bucket ?? 'querylane';
  // Every key of this run lives under its own prefix, so runs against a shared bucket never meet.
  const prefix = `${uniqueName('objtest')}/`;
  let store: ObjectStore;

  beforeAll(async () => {
    store = await createObjectStore({ bucket, directory: dir.path, s3: realParts.s3 }, testLogger());
  });

  afterAll(async () => {
    if (store) {
      for (const item of await collect(store.list(prefix))) await store.delete(item.key);
      expect(await collect(store.list(prefix))).toEqual([]);
    }
    dir.remove();
  });

  it('runs the backend the environment names', async () => {
    expect(store.kind).toBe(backend);
    expect(store.bucket).toBe(bucket);
    expect(await store.ping()).toBeGreaterThanOrEqual(0);
  });

  it('streams a multi-MiB body in and out byte for byte', async () => {
    const key = `${prefix}big/random.bin`;
    const body = randomBody(8 * MiB);
    const put = await store.put(key, body.stream, { contentType: 'application/x-ndjson', metadata: { source: 'contract-test' } });
    expect(put).toMatchObject({ key, size: 8 * MiB, contentType: 'application/x-ndjson', metadata: { source: 'contract-test' } });
    expect(put.etag).toMatch(/^[0-9a-f]{32}(-\d+)?$/);

    const read = await sha256Of(await store.get(key));
    expect(read).toEqual({ sha256: body.sha256(), size: 8 * MiB });

    const stat = await store.stat(key);
    expect(stat).toEqual({ ...put, lastModified: expect.any(Date) });
    expect(Math.abs((stat?.lastModified.getTime() ?? 0) - put.lastModified.getTime())).toBeLessThan(2_000);
  });

  it('gives a single-part object the MD5 of its content as etag, whatever the body form', async () => {
    const content = 'hello, object store\n';
    const bodies = {
      string: content,
      buffer: Buffer.from(content),
      bytes: new Uint8Array(Buffer.from(content)),
      stream: Readable.from([Buffer.from(content.slice(0, 5)), Buffer.from(content.slice(5))]),
    };
    for (const [form, body] of Object.entries(bodies)) {
      const key = `${prefix}md5/${form}.txt`;
      const put = await store.put(key, body, { contentType: 'text/plain' });
      expect(put.etag, form).toBe(md5(content));
      expect(await store.stat(key), form).toMatchObject({ size: Buffer.byteLength(content), etag: md5(content), contentType: 'text/plain', metadata: {} });
      expect(await text(await store.get(key)), form).toBe(content);
    }
  });

  it('stores an empty object, with the default content type', async () => {
    const key = `${prefix}empty`;
    const put = await store.put(key, Readable.from([]));
    expect(put).toMatchObject({ size: 0, etag: md5(''), contentType: 'application/octet-stream', metadata: {} });
    expect(await store.stat(key)).toMatchObject({ size: 0, etag: md5(''), contentType: 'application/octet-stream' });
    expect(await text(await store.get(key))).toBe('');
  });

  it('replaces an object whole, content type and metadata included', async () => {
    const key = `${prefix}replaced.json`;
    await store.put(key, '{"v":1}', { contentType: 'application/json', metadata: { version: '1', extra: 'gone later' } });
    await store.put(key, 'v2 as text', { contentType: 'text/plain; charset=utf-8', metadata: { version: '2' } });
    expect(await store.stat(key)).toMatchObject({ size: 10, etag: md5('v2 as text'), contentType: 'text/plain; charset=utf-8', metadata: { version: '2' } });
    expect(await text(await store.get(key))).toBe('v2 as text');
  });

  it('keeps a declared size: a body of another length stores nothing', async () => {
    const key = `${prefix}sized`;
    await expect(store.put(key, Readable.from([Buffer.alloc(10)]), { size: 5 })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(store.put(key, Readable.from([Buffer.alloc(10)]), { size: 11 })).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(store.put(key, 'abc', { size: 4 })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(await store.stat(key)).toBeUndefined();
    expect(await store.put(key, Readable.from([Buffer.alloc(10)]), { size: 10 })).toMatchObject({ size: 10 });
  });

  it('lists a prefix recursively, in UTF-8 byte order, with exact prefix boundaries', async () => {
    const base = `${prefix}list/`;
    // '-' (0x2d) and '.' (0x2e) sort before '/' (0x2f); U+FF01 (ef bc 81) before U+1F642 (f0 9f 99 82)
    // in UTF-8 although not in UTF-16, which is how S3 orders keys.
    const names = ['ba', 'b/d/e', 'a', '🙂', 'b-x', 'b/c', 'z', '！', 'b.txt', 'é'];
    for (const name of names) await store.put(base + name, name);
    const keys = async (p: string) => (await collect(store.list(p))).map((item) => item.key.slice(base.length));

    expect(await keys(base)).toEqual(['a', 'b-x', 'b.txt', 'b/c', 'b/d/e', 'ba', 'z', 'é', '！', '🙂']);
    expect(await keys(`${base}b`)).toEqual(['b-x', 'b.txt', 'b/c', 'b/d/e', 'ba']);
    expect(await keys(`${base}b/`)).toEqual(['b/c', 'b/d/e']);
    expect(await keys(`${base}b/d`)).toEqual(['b/d/e']);
    expect(await keys(`${base}b/c`)).toEqual(['b/c']);
    expect(await keys(`${base}nothing`)).toEqual([]);
    expect(await keys(`${base}nothing/deeper/`)).toEqual([]);

    const [first] = await collect(store.list(`${base}b/c`));
    expect(first).toEqual({ key: `${base}b/c`, size: 3, etag: md5('b/c'), lastModified: expect.any(Date) });
  });

  it('treats a folder of other keys as no object', async () => {
    await store.put(`${prefix}folder/inside`, 'x');
    expect(await store.stat(`${prefix}folder`)).toBeUndefined();
    await expect(store.get(`${prefix}folder`)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes: stat then finds nothing, get fails with not_found, and deleting again is fine', async () => {
    const key = `${prefix}deleted/deep/object`;
    await store.put(key, 'soon gone');
    await store.put(`${prefix}deleted/sibling`, 'stays');
    await store.delete(key);
    expect(await store.stat(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toMatchObject({ code: 'not_found' });
    await store.delete(key);
    await store.delete(`${prefix}never/existed`);
    expect((await collect(store.list(`${prefix}deleted/`))).map((item) => item.key)).toEqual([`${prefix}deleted/sibling`]);
  });

  it('reports a missing object as not_found on get and undefined on stat', async () => {
    await expect(store.get(`${prefix}missing`)).rejects.toMatchObject({ code: 'not_found' });
    expect(await store.stat(`${prefix}missing`)).toBeUndefined();
  });

  it('refuses invalid keys and prefixes with invalid_request, consuming no body', async () => {
    const invalid = ['', '/abs', `${prefix}a/../b`, `${prefix}./b`, `${prefix}a//b`, `${prefix}back\\slash`, `${prefix}nul\u0000`, `${prefix}${'x'.repeat(1024)}`];
    for (const key of invalid) {
      const body = Readable.from([Buffer.from('x')]);
      await expect(store.put(key, body), JSON.stringify(key)).rejects.toMatchObject({ code: 'invalid_request' });
      expect(body.destroyed).toBe(true);
      await expect(store.get(key)).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(store.stat(key)).rejects.toMatchObject({ code: 'invalid_request' });
      await expect(store.delete(key)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(collect(store.list('/abs'))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(collect(store.list(`${prefix}../`))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(store.put(`${prefix}bad-meta`, 'x', { metadata: { 'Not Valid': 'x' } })).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('leaves nothing visible when the body fails midway, and keeps the previous object', async () => {
    const fresh = `${prefix}failed/fresh.bin`;
    // Past one 5 MiB part, so MinIO has a multipart upload under way when the source fails.
    const failing = randomBody(12 * MiB, { failAfter: 6 * MiB });
    await expect(store.put(fresh, failing.stream)).rejects.toThrow('the source failed midway');
    expect(await store.stat(fresh)).toBeUndefined();
    await expect(store.get(fresh)).rejects.toMatchObject({ code: 'not_found' });

    const existing = `${prefix}failed/existing.txt`;
    await store.put(existing, 'the old content', { contentType: 'text/plain' });
    await expect(store.put(existing, randomBody(MiB, { failAfter: 256 * 1024 }).stream)).rejects.toThrow('the source failed midway');
    await expect(store.put(existing, randomBody(12 * MiB, { failAfter: 6 * MiB }).stream)).rejects.toThrow('the source failed midway');
    expect(await store.stat(existing)).toMatchObject({ size: 15, etag: md5('the old content'), contentType: 'text/plain' });
    expect(await text(await store.get(existing))).toBe('the old content');
    expect((await collect(store.list(`${prefix}failed/`))).map((item) => item.key)).toEqual([existing]);
  });

  it.runIf(backend === 'minio')('aborts the multipart upload of a failed body', async () => {
    const key = `${prefix}failed/aborted.bin`;
    await expect(store.put(key, randomBody(12 * MiB, { failAfter: 6 * MiB }).stream)).rejects.toThrow('the source failed midway');
    const pending: unknown[] = [];
    for await (const upload of minioClient().listIncompleteUploads(bucket, key, true)) pending.push(upload);
    expect(pending).toEqual([]);
  });

  it('never mixes two concurrent writes of one key', async () => {
    const key = `${prefix}race.bin`;
    const one = randomBody(7 * MiB);
    const two = randomBody(7 * MiB);
    const [putOne, putTwo] = await Promise.all([store.put(key, one.stream), store.put(key, two.stream)]);
    const read = await sha256Of(await store.get(key));
    const stat = await store.stat(key);
    const winner = read.sha256 === one.sha256() ? putOne : putTwo;
    expect([one.sha256(), two.sha256()]).toContain(read.sha256);
    expect(stat?.etag).toBe(winner.etag);
  });

  it('creates a missing bucket, idempotently and concurrently', async () => {
    const freshBucket = uniqueName('objtest').replaceAll('_', '-');
    const fresh: ObjectStore = realParts.s3
      ? new MinioObjectStore({ ...realParts.s3, bucket: freshBucket }, testLogger())
      : new FilesystemObjectStore({ directory: dir.path, bucket: freshBucket }, testLogger());
    try {
      await expect(fresh.ping()).rejects.toMatchObject({ code: 'service_unavailable' });
      await Promise.all([fresh.ensureBucket(), fresh.ensureBucket()]);
      await fresh.ensureBucket();
      expect(await fresh.ping()).toBeGreaterThanOrEqual(0);
      await fresh.put('hello.txt', 'in a new bucket');
      expect(await text(await fresh.get('hello.txt'))).toBe('in a new bucket');
      expect((await collect(fresh.list(''))).map((item) => item.key)).toEqual(['hello.txt']);
      await fresh.delete('hello.txt');
    } finally {
      if (realParts.s3) await minioClient().removeBucket(freshBucket).catch(() => undefined);
    }
  });
});
