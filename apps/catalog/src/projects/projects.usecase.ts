// Projects and their event log; every change is recorded as a ProjectEvent and announced on
// querylane.catalog through the outbox, in the same transaction.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Actor } from '../access/actor.js';
import type { Authorizer } from '../access/authorizer.js';
import type { CatalogTables, ProjectsTable } from '../db/schema.js';
import type { CatalogEvents } from '../events/catalog-events.js';

export class ProjectsUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly catalogEvents: CatalogEvents,
  ) {}

  async create(actor: Actor, input: { teamId: string; name: string; description?: string | undefined }) {
    const team = await this.authorizer.requireTeam(actor, input.teamId, 'project:manage');
    return this.catalogEvents.commit(async (trx, emit) => {
      const project = await trx
        .insertInto('projects')
        .values({ id: randomUUID(), team_id: team.id, organization_id: team.organization_id, name: input.name, description: input.description ?? null })
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit.project(project, 'project.created', `Project ${project.name} created`, { actor_id: actor.userId });
      return project;
    });
  }

  async get(actor: Actor, projectId: string): Promise<Selectable<ProjectsTable>> {
    return this.authorizer.requireProject(actor, projectId, 'project:read');
  }

  async listForTeam(actor: Actor, teamId: string) {
    await this.authorizer.requireTeam(actor, teamId, 'team:read');
    return this.db.selectFrom('projects').selectAll().where('team_id', '=', teamId).where('deleted_at', 'is', null).orderBy('created_at').execute();
  }

  async delete(actor: Actor, projectId: string) {
    await this.authorizer.requireProject(actor, projectId, 'project:manage');
    return this.catalogEvents.commit(async (trx, emit) => {
      const project = await trx.updateTable('projects').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', projectId).returningAll().executeTakeFirstOrThrow();
      await emit.project(project, 'project.deleted', `Project ${project.name} deleted`, { actor_id: actor.userId });
      return project;
    });
  }

  /** Newest first; `before` is the cursor of the previous page (an event's created_at and id). */
  async events(actor: Actor, projectId: string, limit: number, before: string | undefined) {
    await this.authorizer.requireProject(actor, projectId, 'project:read');
    const size = Math.min(Math.max(limit || 50, 1), 500);
    let query = this.db.selectFrom('project_events').selectAll().where('project_id', '=', projectId);
    const cursor = decodeCursor(before);
    if (cursor) query = query.where((eb) => eb.or([eb('created_at', '<', cursor.at), eb.and([eb('created_at', '=', cursor.at), eb('id', '<', cursor.id)])]));
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(size + 1).execute();
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return { events: page, nextCursor: rows.length > size && last ? encodeCursor(last.created_at, last.id) : '' };
  }
}

function encodeCursor(at: Date, id: string): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || !id ? undefined : { at: date, id };
}
