// Contract of libs/db: runs on embedded PGlite by default and on real PostgreSQL when DATABASE_URL is set.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely, type Migration } from 'kysely';
import { Database } from '@querylane/db';
import { realParts, scratchDir, testLogger, uniqueName } from '@querylane/testing';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';

interface Tables {
  notes: { id: number; body: string };
}

const createNotes: Migration = {
  up: async (db: Kysely<unknown>) => {
    await db.schema.createTable('notes').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('body', 'text', (c) => c.notNull()).execute();
  },
  down: async (db: Kysely<unknown>) => {
    await db.schema.dropTable('notes').execute();
  },
};

describe(`db contract [${backend}]`, () => {
  const dir = scratchDir();
  const schema = uniqueName('dbtest');
  let database: Database;

  beforeAll(async () => {
    database = await Database.open({ url: realParts.databaseUrl, dataDir: dir.path, logger: testLogger() });
  });

  afterAll(async () => {
    if (database) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(database.forSchema(schema));
      await database.close();
    }
    dir.remove();
  });

  it('runs the backend the environment names', () => {
    expect(database.kind).toBe(backend);
  });

  it('creates the schema, migrates it, and is idempotent when migrated again (also concurrently)', async () => {
    const migrations = { '1700000000000-CreateNotes': createNotes };
    const [first, second] = await Promise.all([database.migrate(schema, migrations), database.migrate(schema, migrations)]);
    const applied = [...first, ...second].filter((r) => r.status === 'Success');
    expect(applied.map((r) => r.migrationName)).toEqual(['1700000000000-CreateNotes']);
    expect(await database.migrate(schema, migrations)).toEqual([]);
    const tables = await sql<{ table_name: string }>`
      select table_name from information_schema.tables where table_schema = ${schema} order by table_name`.execute(database.forSchema(schema));
    expect(tables.rows.map((r) => r.table_name)).toEqual(['kysely_migration', 'kysely_migration_lock', 'notes']);
  });

  it('refuses a history in which an executed migration went missing', async () => {
    await expect(database.migrate(schema, { '1700000000001-Other': createNotes })).rejects.toMatchObject({ code: 'internal_error' });
  });

  it('keeps a service inside its own schema', async () => {
    const db = database.forSchema<Tables>(schema);
    await db.insertInto('notes').values({ id: 1, body: 'one' }).execute();
    const qualified = await sql<{ body: string }>`select body from ${sql.id(schema, 'notes')}`.execute(db);
    expect(qualified.rows).toEqual([{ body: 'one' }]);
  });

  it('commits and rolls back transactions, and concurrent transactions do not interfere', async () => {
    const db = database.forSchema<Tables>(schema);
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 2, body: 'rolled back' }).execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.selectFrom('notes').select('id').where('id', '=', 2).execute()).toEqual([]);

    const ids = Array.from({ length: 20 }, (_, i) => 100 + i);
    await Promise.all(
      ids.map((id) =>
        db.transaction().execute(async (trx) => {
          await trx.insertInto('notes').values({ id, body: `n${id}` }).execute();
          const row = await trx.selectFrom('notes').select('body').where('id', '=', id).executeTakeFirstOrThrow();
          expect(row.body).toBe(`n${id}`);
        }),
      ),
    );
    const { count } = await db.selectFrom('notes').select((eb) => eb.fn.countAll<string>().as('count')).where('id', '>=', 100).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(ids.length);
  });

  // PGlite runs on a thread of its own: a statement that works for a while (a job's transaction, a
  // metering rollup) leaves the event loop serving HTTP and gRPC meanwhile.
  it('runs a long statement without holding the event loop', async () => {
    const db = database.forSchema<Tables>(schema);
    let last = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 5);
    try {
      const started = performance.now();
      await sql`select pg_sleep(0.5)`.execute(db);
      expect(performance.now() - started).toBeGreaterThanOrEqual(450);
    } finally {
      clearInterval(ticker);
    }
    // The timer kept ticking while the statement ran (a blocked loop shows one gap of ~500 ms).
    expect(longestGap).toBeLessThan(250);
  });

  // The server ending a connection that a transaction holds between two statements (a restart, an
  // administrator): pg emits 'error' on the client, and one nobody listened to ended the process.
  it.runIf(backend === 'postgres')('survives the server ending a connection held by a transaction, and serves the next query', async () => {
    const db = database.forSchema<Tables>(schema);
    const ended = db.transaction().execute(async (trx) => {
      const { pid } = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!;
      await sql`select pg_terminate_backend(${pid})`.execute(db);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the error arrives while no statement runs
      await sql`select 1`.execute(trx);
    });
    await expect(ended).rejects.toThrow();
    expect((await sql<{ n: number }>`select 1 as n`.execute(db)).rows[0]!.n).toBe(1);
  });

  it('keeps data when the database is closed and opened again', async () => {
    await database.close();
    database = await Database.open({ url: realParts.databaseUrl, dataDir: dir.path, logger: testLogger() });
    const rows = await database.forSchema<Tables>(schema).selectFrom('notes').select('body').where('id', '=', 1).execute();
    expect(rows).toEqual([{ body: 'one' }]);
  });

  it.runIf(backend === 'pglite')('refuses a second process on the same data directory', async () => {
    // A live process that is not this one stands for the other Querylane process.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const other = scratchDir();
    try {
      writeFileSync(`${other.path}/pg.lock`, String(sleeper.pid));
      await expect(Database.open({ dataDir: other.path, logger: testLogger() })).rejects.toThrow(/another Querylane process/);
    } finally {
      sleeper.kill();
      other.remove();
    }
  });
});
