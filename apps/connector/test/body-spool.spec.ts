// The checks a spooled body gets a chunk at a time must agree with the same checks on the whole body,
// wherever the chunks are cut.
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { scratchDir, type ScratchDir } from '@querylane/testing';
import { BodySpool, NeedleWatch, Utf8Check } from '../src/target/body-spool.js';

/** Every way to cut `bytes` into three chunks (two cuts, empty chunks included). */
function* cuts(bytes: Buffer): Generator<Buffer[]> {
  for (let first = 0; first <= bytes.length; first += 1) {
    for (let second = first; second <= bytes.length; second += 1) yield [bytes.subarray(0, first), bytes.subarray(first, second), bytes.subarray(second)];
  }
}

const samples: [string, Buffer][] = [
  ['ASCII', Buffer.from('{"a":1}')],
  ['two-, three- and four-byte characters', Buffer.from('é€😀x😀')],
  ['an overlong encoding', Buffer.from([0x41, 0xc0, 0x80, 0x42])],
  ['a surrogate', Buffer.from([0x41, 0xed, 0xa0, 0x80, 0x42])],
  ['a character cut off at the end', Buffer.from([0x41, 0xe2, 0x82])],
  ['a lone continuation byte', Buffer.from([0x41, 0x80, 0x42])],
  ['a byte no sequence begins with', Buffer.from([0xf5, 0x80, 0x80, 0x80])],
  ['a lead byte followed by ASCII', Buffer.from([0xe2, 0x41, 0x42, 0x43])],
  ['a four-byte character past U+10FFFF', Buffer.from([0xf4, 0x90, 0x80, 0x80])],
  ['Latin-1 text', Buffer.from('Café crème', 'latin1')],
];

describe('Utf8Check', () => {
  it.each(samples)('agrees with isUtf8 on %s however it is cut', (_name, bytes) => {
    const expected = isUtf8(bytes);
    for (const chunks of cuts(bytes)) {
      const check = new Utf8Check();
      for (const chunk of chunks) check.push(chunk);
      expect({ chunks: chunks.map((chunk) => [...chunk]), valid: check.end() }).toEqual({ chunks: chunks.map((chunk) => [...chunk]), valid: expected });
    }
  });
});

describe('NeedleWatch', () => {
  it('finds a needle wherever the chunks cut it, and nothing in a body without one', () => {
    const needles = [Buffer.from('\\u0000'), Buffer.from('secret-42')];
    for (const body of ['[{"a\\u0000b":1}]', 'xx secret-42 yy', 'secret-42', '\\u0000']) {
      for (const chunks of cuts(Buffer.from(body))) {
        const watch = new NeedleWatch(needles);
        for (const chunk of chunks) watch.push(chunk);
        expect({ body, at: chunks.map((chunk) => chunk.length), found: watch.found }).toEqual({ body, at: chunks.map((chunk) => chunk.length), found: true });
      }
    }
    for (const chunks of cuts(Buffer.from('[{"a\\\\u0001":"secret-4"}]'))) {
      const watch = new NeedleWatch(needles);
      for (const chunk of chunks) watch.push(chunk);
      expect(watch.found).toBe(false);
    }
  });
});

describe('BodySpool', () => {
  let dir: ScratchDir;
  beforeEach(() => {
    dir = scratchDir('querylane-body-spool-');
  });
  afterEach(() => dir.remove());

  it('writes the chunks to its file and reports what it saw in them', async () => {
    const spool = new BodySpool(join(dir.path, 'body.json'), [Buffer.from('token-1234')]);
    for (const chunk of ['  \n', '[{"name":"Caf', Buffer.from([0xc3]), Buffer.from([0xa9]), '"}]']) spool.write(Buffer.from(chunk));
    const spooled = await spool.finish();
    expect(readFileSync(spooled.path, 'utf8')).toBe('  \n[{"name":"Café"}]');
    expect(spooled).toMatchObject({ bytes: 21, utf8: true, lead: '['.charCodeAt(0), nulEscape: false, secretFound: false });

    const other = new BodySpool(join(dir.path, 'other.json'), [Buffer.from('token-1234')]);
    for (const chunk of ['[{"k":"tok', 'en-1234","n":"\\u0', '000"}', ']', Buffer.from([0xe9])]) other.write(Buffer.from(chunk));
    expect(await other.finish()).toMatchObject({ utf8: false, nulEscape: true, secretFound: true });

    const empty = new BodySpool(join(dir.path, 'empty.json'), []);
    expect(await empty.finish()).toMatchObject({ bytes: 0, utf8: true, lead: undefined });
  });
});
