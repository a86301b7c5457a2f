// One million generated records through an async generator: counted, zstd-compressed, profiled.
// Prints the time and peak RSS growth; asserts nothing about speed (machines differ).
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileParquet, writeParquet } from '@querylane/duckdb';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { literal, query } from './duckdb-query.js';

const total = 1_000_000;
const categories = ['books', 'games', 'music', 'garden', 'tools'];

/** Records as a connector yields them: page after page, each page a tick of the event loop. */
async function* generate(count: number): AsyncGenerator<Record<string, unknown>> {
  for (let i = 0; i < count; i++) {
    if (i % 1_000 === 0) await new Promise((resolve) => setImmediate(resolve));
    yield {
      id: i,
      order_ref: `ord-${i.toString(36)}`,
      customer: `customer ${i % 5_000}`,
      category: categories[i % categories.length],
      amount: ((i * 7_919) % 100_000) / 100,
      quantity: i % 10 === 0 ? null : i % 7,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 1_000).toISOString(),
      paid: i % 3 !== 0,
      tags: i % 2 === 0 ? ['gift', 'express'] : [],
      address: { city: `city ${i % 100}`, zip: 10_000 + (i % 900) },
    };
  }
}

/** Samples the process RSS (DuckDB's native memory included) until stopped; returns the peak. */
function watchRss(): { stop: () => number; sample: () => void } {
  let peak = process.memoryUsage.rss();
  const sample = (): void => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  const timer = setInterval(sample, 20);
  return {
    sample,
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

describe('a million records', () => {
  let dir: ScratchDir;
  const path = (): string => join(dir.path, 'million.parquet');

  beforeAll(() => {
    dir = scratchDir('querylane-duckdb-million-');
  });
  afterAll(() => dir.remove());

  it('streams through bounded memory into one zstd Parquet file', async () => {
    const baseline = process.memoryUsage.rss();
    const rss = watchRss();
    const progress: number[] = [];
    const started = performance.now();
    const result = await writeParquet(generate(total), path(), {
      scratchDir: dir.path,
      logger: testLogger(),
      onProgress: (rows) => {
        progress.push(rows);
        rss.sample();
      },
    });
    const elapsed = performance.now() - started;
    const peak = rss.stop();

    expect(result.rows).toBe(total);
    expect(existsSync(path())).toBe(true);
    expect(statSync(path()).size).toBe(result.bytes);
    expect(progress).toHaveLength(total / 10_000);
    expect(progress.at(-1)).toBe(total);
    expect(await query(`SELECT count(*) AS c FROM read_parquet(${literal(path())})`)).toEqual([{ c: total }]);
    const compression = await query(`SELECT DISTINCT compression FROM parquet_metadata(${literal(path())})`);
    expect(compression).toEqual([{ compression: 'ZSTD' }]);
    expect(result.columns.map((c) => `${c.name} ${c.type}`)).toEqual([
      'id BIGINT',
      'order_ref VARCHAR',
      'customer VARCHAR',
      'category VARCHAR',
      'amount DOUBLE',
      'quantity BIGINT',
      'created_at TIMESTAMP',
      'paid BOOLEAN',
      'tags VARCHAR[]',
      'address STRUCT(city VARCHAR, zip BIGINT)',
    ]);

    console.log(
      `[duckdb] writeParquet ${total.toLocaleString('en')} records: ${(elapsed / 1000).toFixed(2)} s ` +
        `(${Math.round(total / (elapsed / 1000)).toLocaleString('en')} rows/s), ${mb(result.bytes)} zstd Parquet, ` +
        `peak RSS ${mb(peak)} (+${mb(peak - baseline)} over ${mb(baseline)} before)`,
    );
  }, 300_000);

  it('profiles the million rows in a few scans', async () => {
    const baseline = process.memoryUsage.rss();
    const rss = watchRss();
    const started = performance.now();
    const profile = await profileParquet(path(), { logger: testLogger() });
    const elapsed = performance.now() - started;
    const peak = rss.stop();

    expect(profile.row_count).toBe(total);
    const byName = Object.fromEntries(profile.columns.map((c) => [c.name, c]));
    expect(byName.id).toMatchObject({ semantic: 'identifier', distinct_count: total, min: 0, max: total - 1 });
    expect(byName.order_ref).toMatchObject({ semantic: 'identifier', distinct_count: total });
    expect(byName.category).toMatchObject({ semantic: 'categorical', distinct_count: 5, top_values: categories.map((value) => ({ value, count: total / 5 })).sort((a, b) => a.value.localeCompare(b.value)) });
    // 5,000 names over a million rows: past the 1,000 distinct values a category may have.
    expect(byName.customer).toMatchObject({ semantic: 'text', distinct_count: 5_000 });
    expect(byName.quantity).toMatchObject({ semantic: 'numeric', null_count: total / 10, min: 0, max: 6 });
    expect(byName.created_at).toMatchObject({ semantic: 'temporal', min: '2024-01-01T00:00:00', max: new Date(Date.UTC(2024, 0, 1) + (total - 1) * 1_000).toISOString().slice(0, 19) });
    expect(byName.paid).toMatchObject({ semantic: 'boolean' });
    expect(byName.address).toMatchObject({ semantic: 'nested' });

    console.log(`[duckdb] profileParquet ${total.toLocaleString('en')} rows × ${profile.columns.length} columns: ${(elapsed / 1000).toFixed(2)} s, peak RSS +${mb(peak - baseline)}`);
  }, 300_000);
});
