// What only the embedded store has to get right: its layout on disk, crash leftovers, and the
// keys a directory tree cannot hold.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FilesystemObjectStore, type ObjectSummary } from '@querylane/objects';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';

const md5 = (data: string): string => createHash('md5').update(data).digest('hex');

async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function keys(items: AsyncIterable<ObjectSummary>): Promise<string[]> {
  const out: string[] = [];
  for await (const item of items) out.push(item.key);
  return out;
}

/** Every file below `root`, as relative paths, sorted. */
function tree(root: string): string[] {
  if (!existsSync(root)) return [];
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

describe('filesystem object store', () => {
  let dir: ScratchDir;
  let store: FilesystemObjectStore;

  beforeEach(async () => {
    dir = scratchDir('querylane-fs-objects-');
    store = new FilesystemObjectStore({ directory: dir.path, bucket: 'querylane' }, testLogger());
    await store.ensureBucket();
  });

  afterEach(() => dir.remove());

  it('keeps the data tree to the objects alone: sidecars and staged writes live beside it', async () => {
    await store.put('a/b.txt', 'hello', { contentType: 'text/plain', metadata: { origin: 'test' } });
    expect(tree(join(dir.path, 'querylane'))).toEqual(['a/b.txt']);
    expect(readFileSync(join(dir.path, 'querylane', 'a', 'b.txt'), 'utf8')).toBe('hello');
    expect(tree(join(dir.path, '.meta', 'querylane'))).toEqual(['a/b.txt']);
    expect(JSON.parse(readFileSync(join(dir.path, '.meta', 'querylane', 'a', 'b.txt'), 'utf8'))).toMatchObject({
      etag: md5('hello'),
      contentType: 'text/plain',
      metadata: { origin: 'test' },
    });
    expect(tree(join(dir.path, '.staging', 'querylane'))).toEqual([]);
  });

  it('writes nothing into the data tree before the body is complete', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    async function* slow(): AsyncGenerator<Buffer> {
      yield Buffer.from('first half, ');
      await gate;
      yield Buffer.from('second half');
    }
    const writing = store.put('slow.txt', Readable.from(slow()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tree(join(dir.path, 'querylane'))).toEqual([]);
    expect(await store.stat('slow.txt')).toBeUndefined();
    expect(tree(join(dir.path, '.staging', 'querylane'))).toHaveLength(1);
    release();
    await writing;
    expect(await text(await store.get('slow.txt'))).toBe('first half, second half');
    expect(tree(join(dir.path, '.staging', 'querylane'))).toEqual([]);
  });

  it('removes the staged file of a failed body', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.alloc(1024);
      throw new Error('source broke');
    }
    await expect(store.put('broken.bin', Readable.from(failing()))).rejects.toThrow('source broke');
    expect(tree(dir.path)).toEqual([]);
  });

  it('clears writes a dead process left in staging, but not recent ones', async () => {
    const staging = join(dir.path, '.staging', 'querylane');
    writeFileSync(join(staging, 'old.data'), 'half an object');
    writeFileSync(join(staging, 'recent.data'), 'in flight');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(join(staging, 'old.data'), twoHoursAgo, twoHoursAgo);
    await store.ensureBucket();
    expect(readdirSync(staging)).toEqual(['recent.data']);
    expect(await keys(store.list(''))).toEqual([]);
  });

  it('notices a sidecar that does not describe its file (a crash between the renames) and repairs it', async () => {
    await store.put('crash.txt', 'old content', { contentType: 'text/plain', metadata: { v: '1' } });
    // The data of a newer write reached its place; its sidecar did not.
    const dataPath = join(dir.path, 'querylane', 'crash.txt');
    writeFileSync(`${dataPath}.new`, 'new content!');
    renameSync(`${dataPath}.new`, dataPath);

    const info = await store.stat('crash.txt');
    expect(info).toMatchObject({ size: 12, etag: md5('new content!'), contentType: 'application/octet-stream', metadata: {} });
    const sidecar = JSON.parse(readFileSync(join(dir.path, '.meta', 'querylane', 'crash.txt'), 'utf8')) as { etag: string; ino: number };
    expect(sidecar.etag).toBe(md5('new content!'));
    expect(sidecar.ino).toBe(statSync(dataPath).ino);
    expect((await keys(store.list(''))).length).toBe(1);
  });

  it('answers for an object whose sidecar is gone', async () => {
    await store.put('orphan.txt', 'bytes only');
    rmSync(join(dir.path, '.meta', 'querylane', 'orphan.txt'));
    expect(await store.stat('orphan.txt')).toMatchObject({ size: 10, etag: md5('bytes only') });
  });

  it('refuses with conflict a key that is also a folder of other keys, keeping both sides intact', async () => {
    await store.put('x/y', 'inside');
    await expect(store.put('x', 'clash')).rejects.toMatchObject({ code: 'conflict' });
    await store.put('p', 'file');
    await expect(store.put('p/q', 'clash')).rejects.toMatchObject({ code: 'conflict' });
    expect(await keys(store.list(''))).toEqual(['p', 'x/y']);
    expect(await text(await store.get('p'))).toBe('file');
    expect(tree(join(dir.path, '.staging', 'querylane'))).toEqual([]);
  });

  it('lets a new object replace an empty folder left behind', async () => {
    mkdirSync(join(dir.path, 'querylane', 'was-a-folder', 'empty'), { recursive: true });
    await store.put('was-a-folder/empty', 'now an object');
    expect(await text(await store.get('was-a-folder/empty'))).toBe('now an object');
  });

  it('clears leftover sidecars that stand in the way of a new one', async () => {
    mkdirSync(join(dir.path, '.meta', 'querylane', 'k', 'stale'), { recursive: true });
    writeFileSync(join(dir.path, '.meta', 'querylane', 'k', 'stale', 'child'), '{}');
    await store.put('k', 'value', { contentType: 'text/plain' });
    expect(await store.stat('k')).toMatchObject({ etag: md5('value'), contentType: 'text/plain' });
  });

  it('prunes the folders a delete leaves empty, in both trees, but keeps the bucket', async () => {
    await store.put('deep/er/still/object', 'x');
    await store.put('deep/sibling', 'y');
    await store.delete('deep/er/still/object');
    expect(existsSync(join(dir.path, 'querylane', 'deep', 'er'))).toBe(false);
    expect(existsSync(join(dir.path, '.meta', 'querylane', 'deep', 'er'))).toBe(false);
    await store.delete('deep/sibling');
    expect(readdirSync(join(dir.path, 'querylane'))).toEqual([]);
    expect(readdirSync(join(dir.path, '.meta', 'querylane'))).toEqual([]);
    expect(await store.ping()).toBeGreaterThanOrEqual(0);
  });

  it('refuses a key segment longer than the filesystem allows with invalid_request', async () => {
    await expect(store.put(`long/${'x'.repeat(300)}`, 'x')).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('serializes writers of one key across stores sharing a root (TARGET=all)', async () => {
    const other = new FilesystemObjectStore({ directory: dir.path, bucket: 'querylane' }, testLogger());
    const writes = Array.from({ length: 20 }, (_, i) =>
      (i % 2 ? store : other).put('shared', `value ${i}`, { contentType: `text/x-${i}`, metadata: { i: String(i) } }),
    );
    await Promise.all(writes);
    const info = await store.stat('shared');
    const i = Number(info?.metadata.i);
    expect(info).toMatchObject({ etag: md5(`value ${i}`), contentType: `text/x-${i}` });
    expect(await text(await store.get('shared'))).toBe(`value ${i}`);
  });
});
