// Helpers shared by the test suites: a quiet logger, scratch directories, unique names, and which
// real infrastructure the environment points at.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { pino, type Logger } from 'pino';

/** Silent unless TEST_LOG_LEVEL is set (e.g. TEST_LOG_LEVEL=debug npm test). */
export function testLogger(): Logger {
  return pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
}

export interface ScratchDir {
  path: string;
  remove(): void;
}

export function scratchDir(prefix = 'querylane-test-'): ScratchDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** A lower-case identifier unique to this run, safe as a schema, topic or bucket suffix. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** The real parts named by the environment (as `npm run infra:env` prints them). */
export const realParts = {
  databaseUrl: process.env.DATABASE_URL || undefined,
  kafkaBrokers: process.env.KAFKA_BROKERS || undefined,
  s3: process.env.S3_ENDPOINT
    ? {
        endpoint: process.env.S3_ENDPOINT,
        accessKey: process.env.S3_ACCESS_KEY ?? '',
        secretKey: process.env.S3_SECRET_KEY ?? '',
        bucket: process.env.S3_BUCKET ?? 'querylane',
      }
    : undefined,
};

/** Polls `check` until it returns a truthy value or the time is up (then throws with `what`). */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 20_000, intervalMs = 50): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface IsolatedDatabase {
  /** DATABASE_URL of a new, empty database, or undefined on the embedded parts. */
  url: string | undefined;
  drop(): Promise<void>;
}

/**
 * On real PostgreSQL every suite that starts a platform gets a database of its own (created here,
 * dropped after), so bootstraps, unique emails and row counts of parallel suites never meet.
 */
export async function isolatedDatabase(): Promise<IsolatedDatabase> {
  const base = realParts.databaseUrl;
  if (!base) return { url: undefined, drop: async () => undefined };
  const { default: pg } = await import('pg');
  const name = uniqueName('qltest');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await dropDatabase(client, name);
      } finally {
        await client.end();
      }
    },
  };
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/**
 * DROP DATABASE … WITH (FORCE) refuses a non-superuser when an autovacuum worker is in the database
 * (42501: the worker belongs to no role the caller is a member of). A plain DROP DATABASE does stop
 * autovacuum workers itself, so then the caller's own sessions are ended and the plain form is tried,
 * again until `timeoutMs` while either form finds the database still in use (42501, 55006).
 */
export async function dropDatabase(client: SqlClient, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    return;
  } catch (error) {
    if (!isInUse(error)) throw error;
  }
  for (;;) {
    try {
      await client.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and usename = current_user and pid <> pg_backend_pid()',
        [name],
      );
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if (!isInUse(error) || Date.now() > deadline) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function isInUse(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '42501' || code === '55006';
}

export { json, protectedBy, startFixtureApi, vegaDataDir, vegaFile, vegaJson } from './fixture-api.js';
export type { FixtureApi, FixtureAuth, FixtureHandler } from './fixture-api.js';
