// Unit tests of how a put body is read: in order, in bounded parts, and held to its declared size.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { bodyChunks, bodyParts } from '../src/object-body.js';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

function chunked(sizes: number[]): Readable {
  let value = 0;
  return Readable.from(sizes.map((size) => Buffer.from(Array.from({ length: size }, () => value++ % 256))));
}

describe('object body', () => {
  it('reads every form of body as the same bytes', async () => {
    const expected = Buffer.from('héllo');
    for (const body of ['héllo', expected, new Uint8Array(expected), Readable.from([Buffer.from('hé'), 'llo'])]) {
      expect(Buffer.concat(await collect(bodyChunks(body, undefined)))).toEqual(expected);
    }
  });

  it('cuts parts of exactly the part size and marks only the last one', async () => {
    const parts = await collect(bodyParts(bodyChunks(chunked([3, 7, 1, 9, 4]), undefined), 8));
    expect(parts.map((p) => [p.data.length, p.last])).toEqual([
      [8, false],
      [8, false],
      [8, true],
    ]);
    expect(Buffer.concat(parts.map((p) => p.data))).toEqual(Buffer.concat(await collect(bodyChunks(chunked([3, 7, 1, 9, 4]), undefined))));
  });

  it('yields one last part for a body that fits, and one empty part for an empty body', async () => {
    expect((await collect(bodyParts(bodyChunks(chunked([2, 3]), undefined), 8))).map((p) => [p.data.length, p.last])).toEqual([[5, true]]);
    expect((await collect(bodyParts(bodyChunks(Readable.from([]), undefined), 8))).map((p) => [p.data.length, p.last])).toEqual([[0, true]]);
    expect((await collect(bodyParts(bodyChunks(chunked([8]), undefined), 8))).map((p) => [p.data.length, p.last])).toEqual([[8, true]]);
  });

  it('refuses a body longer or shorter than declared', async () => {
    await expect(collect(bodyChunks(chunked([4, 4]), 5))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(collect(bodyChunks(chunked([4]), 5))).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(collect(bodyChunks('abc', 4))).rejects.toMatchObject({ code: 'invalid_request' });
    expect(Buffer.concat(await collect(bodyChunks(chunked([2, 3]), 5)))).toHaveLength(5);
  });

  it('destroys the source when reading stops early', async () => {
    const source = chunked([4, 4, 4]);
    await expect(collect(bodyChunks(source, 5))).rejects.toThrow();
    expect(source.destroyed).toBe(true);
  });

  it('refuses what is not a body', async () => {
    await expect(collect(bodyChunks({} as unknown as Readable, undefined))).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
