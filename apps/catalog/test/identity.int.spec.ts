// Identity against a real database (PGlite, or PostgreSQL when DATABASE_URL is set): bootstrap,
// token checks, and last_used written off the request path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { Database } from '@querylane/db';
import { realParts, scratchDir, testLogger, uniqueName } from '@querylane/testing';
import { BootstrapUseCase } from '../src/bootstrap/bootstrap.usecase.js';
import { migrations } from '../src/db/migrations/index.js';
import type { CatalogTables } from '../src/db/schema.js';
import { IdentityUseCase } from '../src/identity/identity.usecase.js';
import { sha256 } from '../src/identity/tokens.js';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';
const infrastructure = { provider: 'embedded', config: {} };

describe(`identity [${backend}]`, () => {
  const dir = scratchDir();
  const schema = uniqueName('catalog_test');
  let database: Database;
  let db: Kysely<CatalogTables>;
  let identity: IdentityUseCase;

  beforeAll(async () => {
    database = await Database.open({ url: realParts.databaseUrl, dataDir: dir.path, logger: testLogger() });
    await database.migrate(schema, migrations);
    db = database.forSchema<CatalogTables>(schema);
    identity = new IdentityUseCase(db, testLogger(), 60_000);
  });
  afterAll(async () => {
    if (database) {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      await database.close();
    }
    dir.remove();
  });

  it('bootstraps once, with a free subscription and an infrastructure row, and keeps a generated token in the data dir', async () => {
    const bootstrap = new BootstrapUseCase(db, identity, testLogger());
    const [first, second] = await Promise.all([
      bootstrap.execute({ adminEmail: 'admin@example.test', dataDir: dir.path, infrastructure }),
      bootstrap.execute({ adminEmail: 'admin@example.test', dataDir: dir.path, infrastructure }),
    ]);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    expect(first.adminUserId).toBe(second.adminUserId);
    const counts = await Promise.all(
      (['platforms', 'organizations', 'teams', 'projects', 'subscriptions', 'infrastructure', 'users'] as const).map(async (table) =>
        Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
      ),
    );
    expect(counts).toEqual([1, 1, 1, 1, 1, 1, 1]);
    const subscription = await db.selectFrom('subscriptions').selectAll().executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ tier: 'free', api_call_limit: '10000', overage_settings: { mode: 'block' } });
    const { readFileSync, statSync } = await import('node:fs');
    const token = readFileSync(`${dir.path}/admin-token`, 'utf8').trim();
    expect(statSync(`${dir.path}/admin-token`).mode & 0o777).toBe(0o600);
    expect(await identity.verifyToken(token)).toMatchObject({ userId: first.adminUserId, isPlatformAdmin: true });
    // Only the hash is stored.
    const stored = await db.selectFrom('auth_records').select(['token_hash', 'token_prefix']).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('accepts QUERYLANE_ADMIN_TOKEN on an existing database', async () => {
    const chosen = 'a-token-chosen-by-the-operator-42';
    await expect(identity.verifyToken(chosen)).rejects.toMatchObject({ code: 'authentication_failed' });
    await new BootstrapUseCase(db, identity, testLogger()).execute({ adminToken: chosen, adminEmail: 'admin@example.test', dataDir: dir.path, infrastructure });
    expect((await identity.verifyToken(chosen)).isPlatformAdmin).toBe(true);
  });

  it('refuses expired tokens and tokens of deleted users; ends sessions', async () => {
    const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const expired = await identity.issueToken(admin.id, 'token', new Date(Date.now() - 1_000));
    await expect(identity.verifyToken(expired.token)).rejects.toMatchObject({ code: 'authentication_failed' });
    const { token: session } = await identity.issueToken(admin.id, 'session', new Date(Date.now() + 60_000));
    expect((await identity.verifyToken(session)).userId).toBe(admin.id);
    await identity.deleteSession(session);
    await expect(identity.verifyToken(session)).rejects.toMatchObject({ code: 'authentication_failed' });
  });

  it('writes last_used off the request path, in one batch', async () => {
    const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const { token, record } = await identity.issueToken(admin.id, 'token', null);
    await identity.verifyToken(token);
    await identity.verifyToken(token);
    expect((await db.selectFrom('auth_records').select('last_used').where('id', '=', record.id).executeTakeFirstOrThrow()).last_used).toBeNull();
    await identity.flushLastUsed();
    expect((await db.selectFrom('auth_records').select('last_used').where('id', '=', record.id).executeTakeFirstOrThrow()).last_used).toBeInstanceOf(Date);
  });
});
