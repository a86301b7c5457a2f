// Every management call is authorized here, against the team that owns the resource. A resource
// of another organization is `not_found` (its existence is not disclosed); inside the organization
// a missing permission is `permission_denied`.
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '@querylane/errors';
import type { CatalogTables, ProjectsTable, TeamsTable } from '../db/schema.js';
import type { Actor } from './actor.js';
import { roleAllows, type Permission } from './roles.js';

export class Authorizer {
  constructor(private readonly db: Kysely<CatalogTables>) {}

  /** The actor's role in the team, or undefined. */
  async roleIn(actor: Actor, teamId: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('rbac').select('role').where('user_id', '=', actor.userId).where('team_id', '=', teamId).executeTakeFirst();
    return row?.role;
  }

  async requireOrganization(actor: Actor, organizationId: string, need: 'read' | 'manage'): Promise<void> {
    assertId('organization', organizationId);
    if (actor.isPlatformAdmin) {
      await this.existing('organizations', organizationId, 'organization');
      return;
    }
    if (actor.organizationId !== organizationId) throw notFound('organization', organizationId);
    if (need === 'manage' && !(await this.managesOrganization(actor))) {
      throw new AppError('permission_denied', 'managing the organization needs the owner role in one of its teams');
    }
  }

  /** Owners of any team of their organization manage it (users, teams, credentials). */
  async managesOrganization(actor: Actor): Promise<boolean> {
    if (actor.isPlatformAdmin) return true;
    const owner = await this.db
      .selectFrom('rbac')
      .innerJoin('teams', 'teams.id', 'rbac.team_id')
      .select('rbac.id')
      .where('rbac.user_id', '=', actor.userId)
      .where('rbac.role', '=', 'owner')
      .where('teams.organization_id', '=', actor.organizationId)
      .where('teams.deleted_at', 'is', null)
      .executeTakeFirst();
    return owner !== undefined;
  }

  async requireTeam(actor: Actor, teamId: string, permission: Permission): Promise<Selectable<TeamsTable>> {
    assertId('team', teamId);
    const team = await this.db.selectFrom('teams').selectAll().where('id', '=', teamId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!team || (!actor.isPlatformAdmin && team.organization_id !== actor.organizationId)) throw notFound('team', teamId);
    await this.check(actor, team.id, team.organization_id, permission);
    return team;
  }

  async requireProject(actor: Actor, projectId: string, permission: Permission): Promise<Selectable<ProjectsTable>> {
    assertId('project', projectId);
    const project = await this.db.selectFrom('projects').selectAll().where('id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!project || (!actor.isPlatformAdmin && project.organization_id !== actor.organizationId)) throw notFound('project', projectId);
    await this.check(actor, project.team_id, project.organization_id, permission);
    return project;
  }

  private async check(actor: Actor, teamId: string, organizationId: string, permission: Permission): Promise<void> {
    if (actor.isPlatformAdmin) return;
    const role = await this.roleIn(actor, teamId);
    if (role && roleAllows(role, permission)) return;
    // Organization managers may read every team's work, not change it.
    if (!role && permission.endsWith(':read') && organizationId === actor.organizationId && (await this.managesOrganization(actor))) return;
    throw new AppError('permission_denied', role ? `the ${role} role does not allow ${permission}` : `${permission} needs a role in the team`);
  }

  private async existing(table: 'organizations', id: string, kind: string): Promise<void> {
    assertId(kind, id);
    const row = await this.db.selectFrom(table).select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!row) throw notFound(kind, id);
  }
}

export function notFound(kind: string, id: string): AppError {
  return new AppError('not_found', `${kind} ${id} not found`, { kind, id });
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else cannot name a record, so it is simply not found. */
/** Whether a text is a UUID (the ids of the catalog's rows). */
export function isId(id: string): boolean {
  return uuidPattern.test(id);
}

export function assertId(kind: string, id: string): void {
  if (!uuidPattern.test(id)) throw notFound(kind, id);
}
