// Platforms, organizations, teams and users: the organizational model and who manages it.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import { isRole, type Role } from '../access/roles.js';
import type { CatalogTables } from '../db/schema.js';
import { removeMembership, setMembership } from '../teams/membership.repository.js';
import { insertOrganization, type InfrastructureFacts } from './organization-records.js';

export class OrganizationsUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly infrastructure: InfrastructureFacts,
  ) {}

  async createPlatform(actor: Actor, input: { name: string; description?: string | undefined }) {
    requirePlatformAdmin(actor);
    return this.db.insertInto('platforms').values({ id: randomUUID(), name: input.name, description: input.description ?? null }).returningAll().executeTakeFirstOrThrow();
  }

  async createOrganization(actor: Actor, input: { platformId: string; name: string; description?: string | undefined }) {
    requirePlatformAdmin(actor);
    assertId('platform', input.platformId);
    const platform = await this.db.selectFrom('platforms').select('id').where('id', '=', input.platformId).executeTakeFirst();
    if (!platform) throw notFound('platform', input.platformId);
    return this.db.transaction().execute((trx) => insertOrganization(trx, input, this.infrastructure));
  }

  async getOrganization(actor: Actor, organizationId: string) {
    await this.authorizer.requireOrganization(actor, organizationId, 'read');
    return this.db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirstOrThrow();
  }

  async createTeam(actor: Actor, input: { organizationId: string; name: string; description?: string | undefined }) {
    await this.authorizer.requireOrganization(actor, input.organizationId, 'manage');
    return this.db.transaction().execute(async (trx) => {
      const team = await trx
        .insertInto('teams')
        .values({ id: randomUUID(), organization_id: input.organizationId, name: input.name, description: input.description ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      // The creator owns the team when it is in their organization (a platform admin's may not be).
      if (actor.organizationId === input.organizationId) await setMembership(trx, team.id, actor.userId, 'owner');
      return team;
    });
  }

  async getTeam(actor: Actor, teamId: string) {
    const team = await this.authorizer.requireTeam(actor, teamId, 'team:read');
    const members = await this.db.selectFrom('rbac').selectAll().where('team_id', '=', teamId).orderBy('created_at').execute();
    return { team, members };
  }

  async setTeamMember(actor: Actor, input: { teamId: string; userId: string; role: string }) {
    if (!isRole(input.role)) throw new AppError('invalid_request', `role must be one of owner, admin, member, viewer`, { field: 'role' });
    const role: Role = input.role;
    const team = await this.authorizer.requireTeam(actor, input.teamId, 'team:manage_members');
    const user = await this.userInOrganization(input.userId, team.organization_id);
    const current = await this.authorizer.roleIn({ ...actor, userId: user.id }, team.id);
    if ((role === 'owner' || current === 'owner') && !(await this.canManageOwners(actor, team.id))) {
      throw new AppError('permission_denied', 'only an owner can grant or take away the owner role');
    }
    return this.db.transaction().execute(async (trx) => {
      if (current === 'owner' && role !== 'owner') await this.keepAnOwner(trx, team.id);
      return setMembership(trx, team.id, user.id, role);
    });
  }

  async removeTeamMember(actor: Actor, input: { teamId: string; userId: string }) {
    const team = await this.authorizer.requireTeam(actor, input.teamId, 'team:manage_members');
    assertId('user', input.userId);
    const current = await this.authorizer.roleIn({ ...actor, userId: input.userId }, team.id);
    if (!current) throw notFound('team member', input.userId);
    if (current === 'owner' && !(await this.canManageOwners(actor, team.id))) throw new AppError('permission_denied', 'only an owner can remove an owner');
    await this.db.transaction().execute(async (trx) => {
      if (current === 'owner') await this.keepAnOwner(trx, team.id);
      await removeMembership(trx, team.id, input.userId);
    });
  }

  async createUser(actor: Actor, input: { organizationId: string; name: string; email: string }) {
    await this.authorizer.requireOrganization(actor, input.organizationId, 'manage');
    const taken = await this.db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email.toLowerCase()))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (taken) throw new AppError('conflict', `a user with email ${input.email} exists`, { field: 'email' });
    return this.db
      .insertInto('users')
      .values({ id: randomUUID(), organization_id: input.organizationId, name: input.name, email: input.email, is_platform_admin: false })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async getUser(actor: Actor, userId: string) {
    assertId('user', userId);
    const user = await this.db.selectFrom('users').selectAll().where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user || (!actor.isPlatformAdmin && user.organization_id !== actor.organizationId)) throw notFound('user', userId);
    return user;
  }

  /** Who may issue a token for a user: the user, a platform admin, or a manager of their organization. */
  async requireTokenIssuer(actor: Actor, userId: string) {
    const user = await this.getUser(actor, userId);
    if (actor.userId !== user.id && !actor.isPlatformAdmin && !(await this.authorizer.managesOrganization(actor))) {
      throw new AppError('permission_denied', 'only the user, an organization owner or a platform admin can issue a token');
    }
    return user;
  }

  private async userInOrganization(userId: string, organizationId: string) {
    assertId('user', userId);
    const user = await this.db.selectFrom('users').select(['id', 'organization_id']).where('id', '=', userId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!user || user.organization_id !== organizationId) throw notFound('user', userId);
    return user;
  }

  private async canManageOwners(actor: Actor, teamId: string): Promise<boolean> {
    return actor.isPlatformAdmin || (await this.authorizer.roleIn(actor, teamId)) === 'owner';
  }

  private async keepAnOwner(trx: Kysely<CatalogTables>, teamId: string): Promise<void> {
    const owners = await trx.selectFrom('rbac').select('id').where('team_id', '=', teamId).where('role', '=', 'owner').forUpdate().execute();
    if (owners.length <= 1) throw new AppError('conflict', 'a team keeps at least one owner');
  }
}

export function requirePlatformAdmin(actor: Actor): void {
  if (!actor.isPlatformAdmin) throw new AppError('permission_denied', 'only platform admins can do this');
}
