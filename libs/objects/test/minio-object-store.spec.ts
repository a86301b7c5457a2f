// MinIO store behaviour that needs no server: configuration checks and how an unreachable
// service is reported. (Its contract runs in object-store.int.spec.ts when S3_ENDPOINT is set.)
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MinioObjectStore, createObjectStore } from '@querylane/objects';
import { realParts, scratchDir, testLogger } from '@querylane/testing';

// Port 1 on loopback refuses connections at once.
const unreachable = { endpoint: 'http://127.0.0.1:1', accessKey: 'key', secretKey: 'secret', bucket: 'querylane', region: 'us-east-1' };

async function drain(items: AsyncIterable<unknown>): Promise<void> {
  for await (const _ of items) void _;
}

describe('minio object store', () => {
  it.each([
    ['not a url', 'not a URL'],
    ['ftp://127.0.0.1:9000', 'http or https'],
    ['http://admin:hunter2@127.0.0.1:9000', 'host[:port] only'],
    ['http://127.0.0.1:9000/some/path', 'host[:port] only'],
  ])('refuses the endpoint %j with internal_error, never echoing it', (endpoint, reason) => {
    let caught: unknown;
    try {
      new MinioObjectStore({ ...unreachable, endpoint }, testLogger());
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({ code: 'internal_error' });
    expect((caught as Error).message).toContain(reason);
    expect((caught as Error).message).not.toContain('hunter2');
  });

  it('refuses a part size S3 would refuse, and an invalid bucket name', () => {
    expect(() => new MinioObjectStore({ ...unreachable, partSize: 1024 }, testLogger())).toThrow(/part size/);
    expect(() => new MinioObjectStore({ ...unreachable, bucket: 'Not_Valid' }, testLogger())).toThrow(/bucket name/);
  });

  it('accepts https and IPv6 endpoints', () => {
    expect(new MinioObjectStore({ ...unreachable, endpoint: 'https://s3.example.com' }, testLogger()).kind).toBe('minio');
    expect(new MinioObjectStore({ ...unreachable, endpoint: 'http://[::1]:9000' }, testLogger()).kind).toBe('minio');
  });

  it('reports an unreachable service as service_unavailable on every operation', async () => {
    const store = new MinioObjectStore(unreachable, testLogger());
    const unavailable = { code: 'service_unavailable' };
    await expect(store.ping()).rejects.toMatchObject(unavailable);
    await expect(store.ensureBucket()).rejects.toMatchObject(unavailable);
    await expect(store.stat('a')).rejects.toMatchObject(unavailable);
    await expect(store.get('a')).rejects.toMatchObject(unavailable);
    await expect(store.delete('a')).rejects.toMatchObject(unavailable);
    await expect(store.put('a', 'small')).rejects.toMatchObject(unavailable);
    await expect(store.put('a', Readable.from([Buffer.alloc(6 * 1024 * 1024)]))).rejects.toMatchObject(unavailable);
    await expect(drain(store.list(''))).rejects.toMatchObject(unavailable);
  });

  it('makes createObjectStore fail with service_unavailable when S3 is configured but down', async () => {
    const dir = scratchDir();
    try {
      const { bucket, ...s3 } = unreachable;
      await expect(createObjectStore({ bucket, directory: dir.path, s3 }, testLogger())).rejects.toMatchObject({ code: 'service_unavailable' });
      const embedded = await createObjectStore({ bucket, directory: dir.path, s3: undefined }, testLogger());
      expect(embedded.kind).toBe('filesystem');
    } finally {
      dir.remove();
    }
  });

  const s3 = realParts.s3;
  it.runIf(s3 !== undefined)('reports refused credentials as service_unavailable', async () => {
    if (!s3) return;
    const store = new MinioObjectStore({ ...s3, secretKey: 'wrong-secret' }, testLogger());
    await expect(store.ping()).rejects.toMatchObject({ code: 'service_unavailable' });
    await expect(store.stat('a')).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
