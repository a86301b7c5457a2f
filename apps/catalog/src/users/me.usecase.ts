// GET /v1/me: the caller, their organization, teams with roles, and the projects they can reach.
import type { Kysely } from 'kysely';
import type { Actor } from '../access/actor.js';
import type { Authorizer } from '../access/authorizer.js';
import type { CatalogTables } from '../db/schema.js';

export class MeUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
  ) {}

  async execute(actor: Actor) {
    const [user, organization, roles] = await Promise.all([
      this.db.selectFrom('users').selectAll().where('id', '=', actor.userId).executeTakeFirstOrThrow(),
      this.db.selectFrom('organizations').selectAll().where('id', '=', actor.organizationId).executeTakeFirstOrThrow(),
      this.db.selectFrom('rbac').selectAll().where('user_id', '=', actor.userId).orderBy('created_at').execute(),
    ]);
    const teamIds = roles.map((role) => role.team_id);
    const everyTeam = await this.authorizer.managesOrganization(actor);
    let teams = this.db.selectFrom('teams').selectAll().where('organization_id', '=', actor.organizationId).where('deleted_at', 'is', null);
    if (!everyTeam) teams = teams.where('id', 'in', teamIds.length ? teamIds : ['00000000-0000-0000-0000-000000000000']);
    const teamRows = await teams.orderBy('created_at').execute();
    const projects = teamRows.length
      ? await this.db
          .selectFrom('projects')
          .selectAll()
          .where(
            'team_id',
            'in',
            teamRows.map((team) => team.id),
          )
          .where('deleted_at', 'is', null)
          .orderBy('created_at')
          .execute()
      : [];
    return { user, organization, teams: teamRows, roles, projects };
  }
}
