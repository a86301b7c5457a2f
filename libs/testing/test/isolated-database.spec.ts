import { describe, expect, it } from 'vitest';
import { dropDatabase, isolatedDatabase, realParts } from '../src/index.js';

/** A stand-in for PostgreSQL's answers, scripted per statement kind, recording what was sent. */
function scriptedClient(answers: { force: string[]; plain: string[] }) {
  const sent: string[] = [];
  const answer = (queue: string[]) => {
    const code = queue.shift();
    if (code) throw Object.assign(new Error(`postgres says ${code}`), { code });
  };
  return {
    sent,
    query: async (text: string) => {
      if (text.startsWith('select pg_terminate_backend')) sent.push('terminate');
      else if (text.endsWith('with (force)')) {
        sent.push('force');
        answer(answers.force);
      } else {
        sent.push('plain');
        answer(answers.plain);
      }
    },
  };
}

describe('dropDatabase', () => {
  it('drops with FORCE when it may end every session', async () => {
    const client = scriptedClient({ force: [], plain: [] });
    await dropDatabase(client, 'qltest_x');
    expect(client.sent).toEqual(['force']);
  });

  it('falls back to a plain drop, after ending its own sessions, while an autovacuum worker blocks FORCE', async () => {
    const client = scriptedClient({ force: ['42501'], plain: ['55006'] });
    await dropDatabase(client, 'qltest_x');
    expect(client.sent).toEqual(['force', 'terminate', 'plain', 'terminate', 'plain']);
  });

  it('gives up with the server error when the database stays in use', async () => {
    const client = scriptedClient({ force: ['42501'], plain: Array.from({ length: 100 }, () => '55006') });
    await expect(dropDatabase(client, 'qltest_x', 300)).rejects.toMatchObject({ code: '55006' });
  });

  it('passes any other error straight on', async () => {
    const client = scriptedClient({ force: ['42P04'], plain: [] });
    await expect(dropDatabase(client, 'qltest_x')).rejects.toMatchObject({ code: '42P04' });
    expect(client.sent).toEqual(['force']);
  });

  it.runIf(realParts.databaseUrl)('drops a real database that a session still holds [postgres]', async () => {
    const { default: pg } = await import('pg');
    const database = await isolatedDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    holder.on('error', () => undefined);
    await holder.connect();
    await database.drop();
    const admin = new pg.Client({ connectionString: realParts.databaseUrl });
    await admin.connect();
    try {
      const name = new URL(database.url!).pathname.slice(1);
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
      expect(rowCount).toBe(0);
    } finally {
      await admin.end();
      await holder.end().catch(() => undefined);
    }
  });
});
