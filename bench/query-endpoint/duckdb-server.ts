// The baselines of bench/query-endpoint, in a process of their own: (a) DuckDB running the programs'
// SQL in-process behind a bare @hono/node-server route, on the same Parquet, and (b) a bare hello
// route. Reads BENCH_PARQUET, BENCH_KEYS (JSON: the columns to index) and BENCH_PROGRAMS (JSON:
// [{route, sql}]); prints `READY <port>`.
import { serve } from '@hono/node-server';
import { DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { Hono } from 'hono';

const programs = JSON.parse(process.env.BENCH_PROGRAMS ?? '[]') as { route: string; sql: string; slots: { name: string; default?: unknown }[] }[];
const duck = await DuckDBInstance.create(':memory:');
const connection = await duck.connect();
await connection.run(`CREATE TABLE orders AS SELECT * FROM read_parquet('${process.env.BENCH_PARQUET}')`);
// The key columns query-runtime indexes (BENCH_KEYS), indexed here too.
for (const [position, column] of (JSON.parse(process.env.BENCH_KEYS ?? '[]') as string[]).entries()) {
  await connection.run(`CREATE INDEX orders_key_${position} ON orders ("${column.replaceAll('"', '""')}")`);
}

const app = new Hono();
app.get('/hello', (c) => c.text('hello'));
// The plain way: one connection runs one statement at a time and requests take turns. What
// query-runtime does beyond that (lanes of connections, lookups called side by side run as one
// statement) is part of the path measured against it.
let turn: Promise<unknown> = Promise.resolve();
function serialized<T>(work: () => Promise<T>): Promise<T> {
  const next = turn.then(work);
  turn = next.catch(() => undefined);
  return next;
}

for (const program of programs) {
  const statement = await connection.prepare(program.sql);
  app.post(`/${program.route}`, async (c) => {
    const slots = (await c.req.json()) as Record<string, unknown>;
    const started = performance.now();
    const data = await serialized(async () => {
      statement.clearBindings();
      // Bound as query-runtime binds them: whole numbers as BIGINT.
      // An optional slot left out takes its default or null, as query-runtime fills it.
      const values = Object.fromEntries(
        program.slots.map(({ name, default: fallback }) => {
          const value = slots[name] ?? fallback ?? null;
          return [name, (typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value) as DuckDBValue];
        }),
      );
      if (statement.parameterCount > 0) statement.bind(values);
      const reader = await statement.runAndReadUntil(10_001);
      return reader.getRowObjectsJson();
    });
    return c.json({ data, execution_time_ms: performance.now() - started });
  });
}
app.onError((error, c) => {
  process.stderr.write(`[baseline] ${error.message.split('\n')[0]}\n`);
  return c.json({ error: error.message }, 500);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`READY ${info.port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
