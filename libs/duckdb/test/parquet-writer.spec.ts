// writeParquet against the real DuckDB: names kept and quoted, mixed and nested values, refusals,
// wrapping, progress, and the temporary NDJSON file gone in every outcome.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AppError } from '@querylane/errors';
import { RecordsFormatChange, writeParquet, type JsonRecordsDocument, type WriteParquetOptions } from '@querylane/duckdb';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { literal, query } from './duckdb-query.js';

type Records = Iterable<Record<string, unknown>>;

/** Each column's SQL type by its name. */
const typesOf = (result: { columns: readonly { name: string; type: string }[] }): Record<string, string> => Object.fromEntries(result.columns.map((column) => [column.name, column.type]));

describe('writeParquet', () => {
  let dir: ScratchDir;
  let spool: string;
  let out: string;
  let options: WriteParquetOptions;

  beforeEach(() => {
    dir = scratchDir('querylane-duckdb-writer-');
    spool = join(dir.path, 'spool');
    out = join(dir.path, 'out', 'response.parquet');
    options = { scratchDir: dir.path, logger: testLogger() };
  });
  afterEach(() => dir.remove());

  /** Scratch entries left by the writer (the output folder is the test's own). */
  const leftovers = (): string[] => readdirSync(dir.path).filter((name) => name !== 'out' && name !== 'spool');

  it('keeps column names exactly, quoting reserved words, spaces, dots, quotes and case', async () => {
    const names = ['US Gross', 'Beak Length (mm)', 'order', 'select', 'a.b', 'say "hi"', "it's", 'MixedCase', 'ünïcødé', 'line\nbreak', '__proto__'];
    const records = [0, 1, 2].map((i) => Object.fromEntries(names.map((name, j) => [name, i * 10 + j])));
    // JSON.parse is how records arrive, and how `__proto__` becomes an own key.
    const parsed = JSON.parse(JSON.stringify(records)) as Record<string, unknown>[];
    const result = await writeParquet(parsed, out, options);
    expect(result.rows).toBe(3);
    expect(result.columns.map((column) => column.name)).toEqual(names);
    expect(result.columns.every((column) => column.type === 'BIGINT')).toBe(true);
    const rows = await query(`SELECT "say ""hi""" AS q, "order" AS o, "a.b" AS d, "MixedCase" AS m, "__proto__" AS p FROM read_parquet(${literal(out)}) ORDER BY 1`);
    expect(rows).toEqual([0, 1, 2].map((i) => ({ q: i * 10 + 5, o: i * 10 + 2, d: i * 10 + 4, m: i * 10 + 7, p: i * 10 + 10 })));
  });

  it('renames only what DuckDB cannot hold: empty keys, NUL, and keys equal but for ASCII case', async () => {
    const records = [
      { id: 1, '': 'empty', 'a\u0000b': 'nul', nested: { name: 'x' } },
      { ID: 2, Id: 3, nested: { Name: 'y', name: 'z' } },
      { ÉTÉ: 4, été: 5 },
    ];
    const result = await writeParquet(records, out, options);
    const columns = typesOf(result);
    expect(Object.keys(columns)).toEqual(['id', 'unnamed', 'a_b', 'nested', 'ID_1', 'Id_2', 'ÉTÉ', 'été']);
    expect(columns.nested).toBe('STRUCT("name" VARCHAR, Name_1 VARCHAR)');
    const rows = await query(`SELECT id, "ID_1" AS id1, "Id_2" AS id2, unnamed, a_b, nested.name AS n, nested."Name_1" AS n1 FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([
      { id: 1, id1: null, id2: null, unnamed: 'empty', a_b: 'nul', n: 'x', n1: null },
      { id: null, id1: 2, id2: 3, unnamed: null, a_b: null, n: 'z', n1: 'y' },
      { id: null, id1: null, id2: null, unnamed: null, a_b: null, n: null, n1: null },
    ]);
  });

  it('stores a key holding numbers, strings and booleans as text: strings as they are, others as JSON', async () => {
    const records = [{ k: 1, n: 1 }, { k: 'x', n: 2.5 }, { k: true, n: null }, { k: 2.5 }, { k: null }, { k: -0.125 }, { k: 'say "hi"' }];
    const result = await writeParquet(records, out, options);
    expect(result.columns).toEqual([
      { name: 'k', type: 'VARCHAR' },
      { name: 'n', type: 'DOUBLE' },
    ]);
    const rows = await query(`SELECT k FROM read_parquet(${literal(out)})`);
    expect(rows.map((row) => row.k)).toEqual(['1', 'x', 'true', '2.5', null, '-0.125', 'say "hi"']);
  });

  it('stores a text column whose every value is a number as numbers: strings of digits, grouped thousands, currency and percent signs', async () => {
    const records = [
      { count: '12', price: '1.5', cost: '$4.99', budget: '45,571,090', share: '12.5%', loss: '-$5', euro: '€1,200', mixed: 3, none: null },
      { count: '-3', price: '2', cost: '$1,234.00', budget: '0', share: '3%', loss: '$-7', euro: '€0.5', mixed: '4', none: null },
      { count: null, price: '.25', cost: null, budget: '1,000', share: '100%', loss: '0', euro: '£2', mixed: '5', none: null },
    ];
    const result = await writeParquet(records, out, options);
    expect(typesOf(result)).toEqual({
      count: 'BIGINT',
      price: 'DOUBLE',
      cost: 'DOUBLE',
      budget: 'BIGINT',
      share: 'DOUBLE',
      loss: 'BIGINT',
      euro: 'DOUBLE',
      mixed: 'BIGINT',
      none: 'JSON',
    });
    const rows = await query(`SELECT count, price, cost, budget, share, loss, euro, mixed FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([
      { count: 12, price: 1.5, cost: 4.99, budget: 45_571_090, share: 12.5, loss: -5, euro: 1200, mixed: 3 },
      { count: -3, price: 2, cost: 1234, budget: 0, share: 3, loss: -7, euro: 0.5, mixed: 4 },
      { count: null, price: 0.25, cost: null, budget: 1000, share: 100, loss: 0, euro: 2, mixed: 5 },
    ]);
    expect(leftovers()).toEqual([]);
    expect(readdirSync(dirname(out))).toEqual(['response.parquet']);
  });

  it('keeps a column text when one value is no number as written: leading zeros, a comma as decimal point, a suffix, a word, 16 digits, 1e999', async () => {
    const kept = { zip: ['10001', '00501'], comma: ['1', '1,5'], suffix: ['10,000', '10,000+'], size: ['19', '19M'], word: ['4', 'Varies with device'], digits: ['1', '1234567890123456'], huge: ['1', '1e999'], plus: ['1', '+1'], spaced: ['1', ' 2'], grouping: ['1,000', '1,00'] };
    const records = [0, 1].map((i) => Object.fromEntries(Object.entries(kept).map(([name, values]) => [name, values[i]])));
    const result = await writeParquet(records, out, options);
    expect(result.columns.filter((column) => column.type !== 'VARCHAR')).toEqual([]);
    const rows = await query(`SELECT * FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual(records);
  });

  it('stores fractions of more digits than a double holds as doubles (CoinCap\'s prices), whole numbers of as many as text', async () => {
    const records = [
      { priceUsd: '6929.8217756835584756', supply: '17193925.0000000000000000', big: '12345678901234567890' },
      { priceUsd: '404.9774667605527197', supply: '101160540.0000000000000000', big: '1' },
    ];
    const result = await writeParquet(records, out, options);
    expect(typesOf(result)).toEqual({ priceUsd: 'DOUBLE', supply: 'DOUBLE', big: 'VARCHAR' });
    const rows = await query(`SELECT priceUsd, supply FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([
      { priceUsd: Number('6929.8217756835584756'), supply: 17_193_925 },
      { priceUsd: Number('404.9774667605527197'), supply: 101_160_540 },
    ]);
  });

  it('keeps a column named for a code text, however its digits are written: a ZIP, a phone, an ISBN', async () => {
    const records = [0, 1, 2].map((i) => ({ zip_code: String(10001 + i), ZipCode: String(94103 + i), 'Postal Code': String(2000 + i), phone: String(5551230000 + i), isbn: String(9780140449136 + i), count: String(i) }));
    const result = await writeParquet(records, out, options);
    expect(typesOf(result)).toEqual({ zip_code: 'VARCHAR', ZipCode: 'VARCHAR', 'Postal Code': 'VARCHAR', phone: 'VARCHAR', isbn: 'VARCHAR', count: 'BIGINT' });
  });

  it('reads every value of a number-text column, not only the first rows', async () => {
    const records = Array.from({ length: 5_000 }, (_, i) => ({ late: i === 4_999 ? 'n/a' : String(i), sparse: i < 4_000 ? null : String(i) }));
    const result = await writeParquet(records, out, options);
    expect(result.columns).toEqual([
      { name: 'late', type: 'VARCHAR' },
      { name: 'sparse', type: 'BIGINT' },
    ]);
    const rows = await query(`SELECT count(*) AS n, sum(sparse) AS total, max(late) AS last FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([{ n: 5_000, total: Array.from({ length: 1_000 }, (_, i) => 4_000 + i).reduce((a, b) => a + b, 0), last: 'n/a' }]);
  });

  it('keeps integers given as bigint: safe ones as numbers, larger ones as exact text', async () => {
    const result = await writeParquet([{ small: 5n, big: 2n ** 70n }, { small: 7n, big: 3n }], out, options);
    expect(result.columns).toEqual([
      { name: 'small', type: 'BIGINT' },
      { name: 'big', type: 'VARCHAR' },
    ]);
    const rows = await query(`SELECT small, big FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([
      { small: 5, big: (2n ** 70n).toString() },
      { small: 7, big: '3' },
    ]);
  });

  it('keeps nested values as STRUCT and LIST, and as JSON where their shapes disagree', async () => {
    const records = [
      { user: { login: 'ada', site_admin: false }, tags: ['a', 'b'], items: [{ sku: 'x1', qty: 2 }], extra: { a: 1 }, odd: { p: 1 } },
      { user: { login: 'bob', site_admin: true }, tags: [], items: [{ sku: 'y2', qty: 1 }, { sku: 'z3', qty: 5 }], extra: [1, 2], odd: { p: 'two' } },
      { user: null, tags: null, items: null, extra: 'text', odd: null },
    ];
    const result = await writeParquet(records, out, options);
    expect(typesOf(result)).toEqual({
      user: 'STRUCT(login VARCHAR, site_admin BOOLEAN)',
      tags: 'VARCHAR[]',
      items: 'STRUCT(sku VARCHAR, qty BIGINT)[]',
      extra: 'JSON',
      odd: 'STRUCT(p JSON)',
    });
    const rows = await query(
      `SELECT "user".login AS login, len(tags) AS tags, list_sum(list_transform(items, i -> i.qty)) AS qty, extra ->> '$.a' AS a, json_array_length(extra) AS n FROM read_parquet(${literal(out)})`,
    );
    expect(rows).toEqual([
      { login: 'ada', tags: 2, qty: 2, a: '1', n: 0 },
      { login: 'bob', tags: 0, qty: 6, a: null, n: 2 },
      { login: null, tags: null, qty: null, a: null, n: 0 },
    ]);
  });

  it('keeps ISO dates and timestamps as DATE and TIMESTAMP (in UTC); a column mixing formats or with other values is text', async () => {
    const records = [
      { day: '2020-01-02', at: '2020-01-02T03:04:05Z', offset: '2020-01-02T03:04:05+02:00', formats: '2020-01-02T03:04:05Z', mixed: '2020-01-02' },
      { day: '2021-12-31', at: '2020-01-02T03:04:06Z', offset: '2020-01-02T23:30:00-01:00', formats: '2020-01-02T03:04:05.5Z', mixed: 'soon' },
    ];
    const result = await writeParquet(records, out, options);
    expect(result.columns.map((column) => column.type)).toEqual(['DATE', 'TIMESTAMP', 'TIMESTAMP', 'VARCHAR', 'VARCHAR']);
    const rows = await query(`SELECT CAST(day AS VARCHAR) AS day, CAST("at" AS VARCHAR) AS "at", CAST("offset" AS VARCHAR) AS "offset" FROM read_parquet(${literal(out)})`);
    expect(rows).toEqual([
      { day: '2020-01-02', at: '2020-01-02 03:04:05', offset: '2020-01-02 01:04:05' },
      { day: '2021-12-31', at: '2020-01-02 03:04:06', offset: '2020-01-03 00:30:00' },
    ]);
  });

  it('wraps records that are not plain objects as { value }', async () => {
    const result = await writeParquet([10, 20, 30] as unknown as Records, out, options);
    expect(result.columns).toEqual([{ name: 'value', type: 'BIGINT' }]);
    expect(await query(`SELECT sum(value) AS s FROM read_parquet(${literal(out)})`)).toEqual([{ s: 60 }]);

    const lists = await writeParquet([[1, 2], [3], 'x', { value: [4] }] as unknown as Records, out, options);
    expect(lists.columns).toEqual([{ name: 'value', type: 'JSON' }]);
    expect(lists.rows).toBe(4);
  });

  it('refuses zero records with invalid_request and leaves nothing behind', async () => {
    await expect(writeParquet([], out, options)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/^the response has no records/) });
    async function* none(): AsyncGenerator<Record<string, unknown>> {
      // A response whose pages are all empty.
    }
    await expect(writeParquet(none(), out, options)).rejects.toMatchObject({ code: 'invalid_request' });
    expect(existsSync(out)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('refuses records that are all empty objects', async () => {
    await expect(writeParquet([{}, {}], out, options)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/no fields/) });
    expect(leftovers()).toEqual([]);
  });

  it('streams an async source, reports progress every 10,000 rows and removes its temporary file', async () => {
    async function* pages(): AsyncGenerator<Record<string, unknown>> {
      for (let page = 0; page < 5; page++) {
        await new Promise((resolve) => setImmediate(resolve));
        for (let i = 0; i < 5_000; i++) yield { n: page * 5_000 + i, page };
      }
    }
    const progress: number[] = [];
    const result = await writeParquet(pages(), out, { ...options, onProgress: (rows) => progress.push(rows) });
    expect(result.rows).toBe(25_000);
    expect(progress).toEqual([10_000, 20_000, 25_000]);
    expect(result.bytes).toBeGreaterThan(0);
    expect(await query(`SELECT count(*) AS c, count(DISTINCT n) AS d, max(n) AS m FROM read_parquet(${literal(out)})`)).toEqual([{ c: 25_000, d: 25_000, m: 24_999 }]);
    expect(leftovers()).toEqual([]);
    expect(readdirSync(join(dir.path, 'out'))).toEqual(['response.parquet']);
  });

  it('fails with the error of a failing source and removes its temporary file', async () => {
    async function* failing(): AsyncGenerator<Record<string, unknown>> {
      for (let i = 0; i < 15_000; i++) yield { n: i };
      throw new Error('page 2 failed');
    }
    await expect(writeParquet(failing(), out, options)).rejects.toThrow('page 2 failed');
    expect(existsSync(out)).toBe(false);
    expect(leftovers()).toEqual([]);
  });

  it('puts its temporary file in scratchDir, where it exists only while records arrive', async () => {
    const seen: string[][] = [];
    function* records(): Generator<Record<string, unknown>> {
      for (let i = 0; i < 3; i++) {
        seen.push(existsSync(spool) ? readdirSync(spool) : []);
        yield { i };
      }
    }
    const { mkdirSync } = await import('node:fs');
    mkdirSync(spool);
    await writeParquet(records(), out, { ...options, scratchDir: spool });
    expect(seen[2]).toHaveLength(1);
    expect(seen[2]?.[0]).toMatch(/^querylane-parquet-/);
    expect(readdirSync(spool)).toEqual([]);
  });

  it('writes zstd-compressed Parquet that carries the table name', async () => {
    await writeParquet([{ a: 1, b: 'x' }], out, { ...options, tableName: "cars 'n' trucks" });
    const compression = await query(`SELECT DISTINCT compression FROM parquet_metadata(${literal(out)})`);
    expect(compression).toEqual([{ compression: 'ZSTD' }]);
    const metadata = await query(`SELECT decode(value) AS v FROM parquet_kv_metadata(${literal(out)}) WHERE decode(key) = 'querylane.table'`);
    expect(metadata).toEqual([{ v: "cars 'n' trucks" }]);
  });
  describe('from a whole JSON body', () => {
    /** The body as a target sends it, with its values as JSON.parse reads them. */
    const document = (text: string, format: JsonRecordsDocument['format'] = 'array'): JsonRecordsDocument => ({
      json: Buffer.from(text),
      format,
      values: format === 'array' ? (JSON.parse(text) as unknown[]) : text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown),
    });
    /** Writes the body and, apart, its values record by record; answers the origin DuckDB read last and both tables. */
    const both = async (body: JsonRecordsDocument) => {
      const origins: string[] = [];
      const typings: string[] = [];
      const logger = pino({ level: 'debug' }, {
        write: (line: string) => {
          const { origin, typing } = JSON.parse(line) as { origin?: string; typing?: string };
          if (origin) origins.push(origin);
          if (typing) typings.push(typing);
        },
      });
      const fromBody = await writeParquet(body, out, { ...options, logger });
      const bodyRows = await query(`SELECT * FROM read_parquet(${literal(out)})`);
      const fromValues = await writeParquet(body.values as Record<string, unknown>[], out, options);
      const valueRows = await query(`SELECT * FROM read_parquet(${literal(out)})`);
      return { origin: origins.at(-1), typing: typings.at(-1), fromBody, fromValues, bodyRows, valueRows };
    };

    it.each([
      ['flat records', '[{"id":1,"city":"Berlin","paid":true,"day":"2024-01-02"},{"id":2,"city":null,"paid":false,"day":"2024-02-03","extra":2.5}]'],
      ['nested records', '[{"owner":{"login":"a","id":1},"tags":["x","y"],"items":[{"n":1}]},{"owner":{"login":"b"},"tags":[],"items":[{"n":2,"m":"z"}]}]'],
      ['mixed scalars', '[{"Title":"Avatar"},{"Title":1776},{"Title":true},{"Title":null}]'],
      ['numbers written as text', '[{"rank":"1","priceUsd":"6929.82","supply":"17,193,925"},{"rank":"2","priceUsd":"$404.97","supply":"0"}]'],
      ['disagreeing shapes', '[{"v":{"a":1}},{"v":[1,2]},{"v":{"a":"s"}}]'],
    ])('writes %s from the bytes as sent, the same table as record by record', async (_name, text) => {
      const { origin, fromBody, fromValues, bodyRows, valueRows } = await both(document(text));
      expect(origin).toBe('body');
      expect(fromBody).toEqual(fromValues);
      expect(bodyRows).toEqual(valueRows);
      expect(leftovers()).toEqual([]);
    });

    describe('typed from a sample', () => {
      // More records than DuckDB's sample (20,480), all alike; `last` is appended after them.
      const body = (last?: string) => {
        const records = Array.from({ length: 20_600 }, (_, i) =>
          JSON.stringify({ id: i, name: `n${i % 5}`, score: i / 4, day: `2024-01-0${1 + (i % 9)}`, owner: { login: `u${i % 7}`, rank: i % 4 }, tags: ['a', `t${i % 3}`], paid: i % 2 === 0 }),
        );
        return `[${[...records, ...(last ? [last] : [])].join(',')}]`;
      };
      // Sorted, so the comparison does not depend on the order DuckDB wrote the rows in.
      const sorted = (rows: Record<string, unknown>[]) => rows.map((row) => JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))).sort();

      it('keeps the sampled types when every record fits them', async () => {
        const { origin, typing, fromBody, fromValues, bodyRows, valueRows } = await both(document(body()));
        expect([origin, typing]).toEqual(['body', 'sampled']);
        expect(fromBody).toEqual(fromValues);
        expect(sorted(bodyRows)).toEqual(sorted(valueRows));
        expect(leftovers()).toEqual([]);
      });

      // The last record: like the others but for `change`.
      const last = (change: Record<string, unknown>) => JSON.stringify({ id: 1, name: 'x', score: 0.5, day: '2024-01-01', owner: { login: 'x', rank: 1 }, tags: [], paid: true, ...change });
      it.each([
        ['a fraction in an integer column', last({ id: 1.5 }), { name: 'id', type: 'DOUBLE' }],
        // (Stored as numbers once written: every value of the column is a number, some as text.)
        ['a number written as text in an integer column', last({ id: '7' }), { name: 'id', type: 'BIGINT' }],
        ['a boolean in an integer column', last({ id: true }), { name: 'id', type: 'VARCHAR' }],
        ['a number in a boolean column', last({ paid: 1 }), { name: 'paid', type: 'VARCHAR' }],
        ['a number written as text in a number column', last({ score: '0.5' }), { name: 'score', type: 'DOUBLE' }],
        ['text in a number column', last({ score: 'n/a' }), { name: 'score', type: 'VARCHAR' }],
        ['a number in a text column', last({ name: 42 }), { name: 'name', type: 'VARCHAR' }],
        ['an object in a text column', last({ name: { first: 'x' } }), { name: 'name', type: 'JSON' }],
        ['a fraction in a struct field of integers', last({ owner: { login: 'x', rank: 0.5 } }), { name: 'owner', type: 'STRUCT(login VARCHAR, rank DOUBLE)' }],
        ['a number in a struct field of text', last({ owner: { login: 5, rank: 1 } }), undefined],
        ['a key no sampled record had', last({ late: 'yes' }), { name: 'late', type: 'VARCHAR' }],
        ['a struct field no sampled record had', last({ owner: { login: 'x', rank: 1, site: 'y' } }), { name: 'owner', type: 'STRUCT(login VARCHAR, rank BIGINT, site VARCHAR)' }],
        ['a number in a list of strings', last({ tags: [7] }), undefined],
        ['a date in another format', last({ day: '01/02/2024' }), { name: 'day', type: 'VARCHAR' }],
      ])('types every record when the last one has %s, as record by record does', async (_name, last, column) => {
        const { origin, typing, fromBody, fromValues, bodyRows, valueRows } = await both(document(body(last)));
        expect([origin, typing]).toEqual(['body', 'whole']);
        expect(fromBody).toEqual(fromValues);
        if (column) expect(fromBody.columns).toContainEqual(column);
        expect(bodyRows).toHaveLength(20_601);
        expect(sorted(bodyRows)).toEqual(sorted(valueRows));
        expect(leftovers()).toEqual([]);
      });

      it('never parses a body its sampled types hold; parses one DuckDB refuses, and stops at its parse error', async () => {
        const text = body();
        let parses = 0;
        const lazy: JsonRecordsDocument = {
          json: Buffer.from(text),
          format: 'array',
          values: () => {
            parses += 1;
            return { format: 'array', values: JSON.parse(text) as unknown[] };
          },
        };
        const counted: number[] = [];
        await expect(writeParquet({ ...lazy, written: (records) => counted.push(records) }, out, options)).resolves.toMatchObject({ rows: 20_600 });
        expect(parses).toBe(0);
        expect(counted).toEqual([20_600]);
        expect(await query(`SELECT count(*)::INTEGER AS n, count(DISTINCT id)::INTEGER AS ids FROM read_parquet(${literal(out)})`)).toEqual([{ n: 20_600, ids: 20_600 }]);

        const broken: JsonRecordsDocument = {
          json: Buffer.from(`${text.slice(0, -1)},{"id":`),
          format: 'array',
          values: () => {
            throw new AppError('upstream_error', 'the body is not valid JSON');
          },
        };
        const elsewhere = join(dir.path, 'broken.parquet');
        await expect(writeParquet(broken, elsewhere, options)).rejects.toMatchObject({ code: 'upstream_error' });
        expect(existsSync(elsewhere)).toBe(false);
        expect(leftovers()).toEqual([]);
      });
    });

    it('reads a body on disk where it is, and leaves the file to its owner', async () => {
      const text = '[{"id":1,"city":"Berlin","tags":["a"]},{"id":2,"city":null,"tags":[]}]';
      const path = join(dir.path, 'out', 'body.json');
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, text);
      let parses = 0;
      const fromFile = (nulEscape: boolean): JsonRecordsDocument => ({
        json: { path, bytes: Buffer.byteLength(text), nulEscape },
        format: 'array',
        values: async () => {
          parses += 1;
          return { format: 'array', values: JSON.parse(await readFile(path, 'utf8')) as unknown[] };
        },
      });
      const expected = await writeParquet(document(text), out, options);
      const rows = await query(`SELECT * FROM read_parquet(${literal(out)}) ORDER BY id`);
      await expect(writeParquet(fromFile(false), out, options)).resolves.toEqual(expected);
      expect(await query(`SELECT * FROM read_parquet(${literal(out)}) ORDER BY id`)).toEqual(rows);
      expect(parses).toBe(0);
      expect(readFileSync(path, 'utf8')).toBe(text);
      // An escaped NUL: DuckDB is not given the bytes; the records are parsed (asynchronously here).
      await expect(writeParquet(fromFile(true), out, options)).resolves.toEqual(expected);
      expect(parses).toBe(1);
      expect(existsSync(path)).toBe(true);
      expect(leftovers()).toEqual([]);
    });

    it('reads the records again when the body turns out to be JSON Lines', async () => {
      const text = '[{"a":1},{"a":2}]\n[{"a":3}]\n';
      let calls = 0;
      const document: JsonRecordsDocument = {
        json: Buffer.from(text),
        format: 'array',
        values: () => {
          calls += 1;
          if (calls > 1) return { format: 'newline_delimited', values: [[{ a: 1 }, { a: 2 }], [{ a: 3 }]] };
          return {
            format: 'array',
            values: (function* () {
              yield { a: 1 };
              throw new RecordsFormatChange('JSON Lines');
            })(),
          };
        },
      };
      const written = await writeParquet(document, out, options);
      expect(calls).toBe(2);
      expect(written.rows).toBe(2);
      expect(await query(`SELECT len(value)::INTEGER AS n FROM read_parquet(${literal(out)}) ORDER BY n`)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(leftovers()).toEqual([]);
    });

    it('reads an NDJSON body as sent', async () => {
      const { origin, fromBody, bodyRows } = await both(document('{"a":1,"b":"x"}\n{"a":2,"b":"y"}\n', 'newline_delimited'));
      expect(origin).toBe('body');
      expect(fromBody.columns).toEqual([
        { name: 'a', type: 'BIGINT' },
        { name: 'b', type: 'VARCHAR' },
      ]);
      expect(bodyRows).toEqual([
        { a: 1, b: 'x' },
        { a: 2, b: 'y' },
      ]);
    });

    it.each([
      ['keys renamed', '[{"id":1,"":2},{"ID":3,"a\\u0000b":4}]'],
      ['items that are not objects', '[1,{"a":2},[3]]'],
      ['a key twice in one object (DuckDB refuses, JSON.parse keeps the last)', '[{"a":1,"a":2}]'],
    ])('takes the records one by one for %s, with the same result', async (_name, text) => {
      const { origin, fromBody, fromValues, bodyRows, valueRows } = await both(document(text));
      expect(origin).toBe('spool');
      expect(fromBody).toEqual(fromValues);
      expect(bodyRows).toEqual(valueRows);
      expect(leftovers()).toEqual([]);
    });

    it('refuses a body of no records or of empty objects like records', async () => {
      await expect(writeParquet(document('[]'), out, options)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/no records/) });
      await expect(writeParquet(document('[{},{}]'), out, options)).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/no fields/) });
      expect(leftovers()).toEqual([]);
    });
  });
});
