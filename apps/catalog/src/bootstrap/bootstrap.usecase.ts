// First start on an empty database: a platform, an organization, a team, a project and an admin
// user (API.md "Bootstrap"). The admin token is QUERYLANE_ADMIN_TOKEN, or new, printed once and
// written to <data dir>/admin-token (0600). Replicas starting together bootstrap once (advisory lock).
import { randomUUID } from 'node:crypto';
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { CatalogTables } from '../db/schema.js';
import type { IdentityUseCase } from '../identity/identity.usecase.js';
import { sha256 } from '../identity/tokens.js';
import { insertOrganization, type InfrastructureFacts } from '../organizations/organization-records.js';
import { setMembership } from '../teams/membership.repository.js';

export interface BootstrapOptions {
  adminToken?: string | undefined;
  adminEmail: string;
  dataDir: string;
  infrastructure: InfrastructureFacts;
}

export interface BootstrapResult {
  created: boolean;
  platformId: string;
  adminUserId: string;
}

const lockId = 7_205_311_842; // any constant shared by every catalog replica

export class BootstrapUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly identity: IdentityUseCase,
    private readonly logger: Logger,
  ) {}

  async execute(options: BootstrapOptions): Promise<BootstrapResult> {
    let generatedToken: string | undefined;
    const result = await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${lockId})`.execute(trx);
      const existing = await trx
        .selectFrom('users')
        .innerJoin('organizations', 'organizations.id', 'users.organization_id')
        .select(['users.id', 'organizations.platform_id'])
        .where('users.is_platform_admin', '=', true)
        .where('users.deleted_at', 'is', null)
        .orderBy('users.created_at')
        .executeTakeFirst();
      if (existing) {
        if (options.adminToken) await this.ensureToken(trx, existing.id, options.adminToken);
        return { created: false, platformId: existing.platform_id, adminUserId: existing.id };
      }
      const platform = await trx.insertInto('platforms').values({ id: randomUUID(), name: 'Querylane', description: 'Created at first start' }).returningAll().executeTakeFirstOrThrow();
      const organization = await insertOrganization(trx, { platformId: platform.id, name: 'Default organization' }, options.infrastructure);
      const team = await trx.insertInto('teams').values({ id: randomUUID(), organization_id: organization.id, name: 'Default team', description: null }).returningAll().executeTakeFirstOrThrow();
      const admin = await trx
        .insertInto('users')
        .values({ id: randomUUID(), organization_id: organization.id, name: 'Admin', email: options.adminEmail, is_platform_admin: true })
        .returningAll()
        .executeTakeFirstOrThrow();
      await setMembership(trx, team.id, admin.id, 'owner');
      const project = await trx
        .insertInto('projects')
        .values({ id: randomUUID(), team_id: team.id, organization_id: organization.id, name: 'Default project', description: null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('project_events').values({ id: randomUUID(), project_id: project.id, event_type: 'project.created', message: 'Project created at first start', data: null }).execute();
      if (options.adminToken) await this.ensureToken(trx, admin.id, options.adminToken);
      else generatedToken = (await this.identity.issueToken(admin.id, 'token', null, trx)).token;
      return { created: true, platformId: platform.id, adminUserId: admin.id };
    });
    if (generatedToken) this.announce(generatedToken, options.dataDir);
    if (result.created) this.logger.info({ platform_id: result.platformId, admin_user_id: result.adminUserId }, 'bootstrapped an empty catalog');
    return result;
  }

  /** QUERYLANE_ADMIN_TOKEN works from the moment it is set, also on an existing database. */
  private async ensureToken(trx: Kysely<CatalogTables>, userId: string, token: string): Promise<void> {
    const known = await trx.selectFrom('auth_records').select('id').where('token_hash', '=', sha256(token)).executeTakeFirst();
    if (!known) {
      await trx
        .insertInto('auth_records')
        .values({ id: randomUUID(), user_id: userId, type: 'token', token_hash: sha256(token), token_prefix: token.slice(0, 8), expires_at: null, last_used: null })
        .execute();
    }
  }

  private announce(token: string, dataDir: string): void {
    const file = join(dataDir, 'admin-token');
    try {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, `${token}\n`, { mode: 0o600 });
    } catch (error) {
      this.logger.warn({ err: error, file }, 'could not write the admin token file');
    }
    // Printed once, on purpose (API.md): the only way to learn a generated token besides the file.
    this.logger.warn({ file }, `admin token (shown once; also in ${file}): ${token}`);
  }
}
