// Verifying management tokens, sessions and API keys, and issuing tokens and sessions.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import type { CatalogTables } from '../db/schema.js';
import { assertApiKeyFormat, newOpaqueToken, sha256, tokenPrefix } from './tokens.js';

export interface Principal {
  userId: string;
  organizationId: string;
  isPlatformAdmin: boolean;
  name: string;
}

const sessionHours = 12;

export class IdentityUseCase {
  /** last_used is written off the request path, at most once per record and flush. */
  private readonly pendingUse = { auth_records: new Set<string>(), api_keys: new Set<string>() };
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly logger: Logger,
    private readonly flushMs = 10_000,
  ) {}

  async verifyToken(token: string): Promise<Principal> {
    // Any printable token of a sane length may be looked up (QUERYLANE_ADMIN_TOKEN is chosen by people).
    if (!/^[\x21-\x7e]{16,512}$/.test(token)) throw new AppError('authentication_failed', 'the token is not valid');
    const row = await this.db
      .selectFrom('auth_records')
      .innerJoin('users', 'users.id', 'auth_records.user_id')
      .select(['auth_records.id as record_id', 'auth_records.expires_at', 'users.id', 'users.organization_id', 'users.is_platform_admin', 'users.name'])
      .where('auth_records.token_hash', '=', sha256(token))
      .where('auth_records.deleted_at', 'is', null)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row || (row.expires_at && row.expires_at.getTime() <= Date.now())) throw new AppError('authentication_failed', 'the token is not valid');
    this.markUsed('auth_records', row.record_id);
    return { userId: row.id, organizationId: row.organization_id, isPlatformAdmin: row.is_platform_admin, name: row.name };
  }

  async verifyApiKey(key: string) {
    assertApiKeyFormat(key);
    const row = await this.db
      .selectFrom('api_keys')
      .innerJoin('users', 'users.id', 'api_keys.user_id')
      .selectAll('api_keys')
      .select(['users.is_platform_admin', 'users.name as user_name'])
      .where('api_keys.key_hash', '=', sha256(key))
      .where('api_keys.deleted_at', 'is', null)
      .where('users.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw new AppError('authentication_failed', 'the API key is not valid');
    this.markUsed('api_keys', row.id);
    const { is_platform_admin: isPlatformAdmin, user_name: name, ...apiKey } = row;
    return { apiKey, principal: { userId: row.user_id, organizationId: row.organization_id, isPlatformAdmin, name } };
  }

  /** Issues a token for the user; only its hash is kept, the token is shown once. */
  async issueToken(userId: string, type: 'token' | 'session', expiresAt: Date | null, db: Kysely<CatalogTables> = this.db) {
    const token = newOpaqueToken(type);
    const record = await db
      .insertInto('auth_records')
      .values({ id: randomUUID(), user_id: userId, type, token_hash: sha256(token), token_prefix: tokenPrefix(token), expires_at: expiresAt, last_used: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { token, record };
  }

  async createSession(token: string) {
    const principal = await this.verifyToken(token);
    return this.issueToken(principal.userId, 'session', new Date(Date.now() + sessionHours * 3600_000));
  }

  async deleteSession(sessionToken: string): Promise<void> {
    await this.db
      .updateTable('auth_records')
      .set({ deleted_at: new Date() })
      .where('token_hash', '=', sha256(sessionToken))
      .where('type', '=', 'session')
      .where('deleted_at', 'is', null)
      .execute();
  }

  /** Writes what markUsed collected; called on a timer and at shutdown. */
  async flushLastUsed(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const now = new Date();
    for (const table of ['auth_records', 'api_keys'] as const) {
      const ids = [...this.pendingUse[table]];
      this.pendingUse[table].clear();
      if (ids.length) await this.db.updateTable(table).set({ last_used: now }).where('id', 'in', ids).execute();
    }
  }

  private markUsed(table: 'auth_records' | 'api_keys', id: string): void {
    this.pendingUse[table].add(id);
    this.flushTimer ??= setTimeout(() => {
      this.flushLastUsed().catch((error: unknown) => this.logger.warn({ err: error }, 'recording last_used failed'));
    }, this.flushMs);
    this.flushTimer.unref();
  }
}
