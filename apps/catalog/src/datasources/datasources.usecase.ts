// Datasources (seed endpoint 2) and the read side of jobs: records of a project.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import type { CatalogTables } from '../db/schema.js';
import type { CatalogEvents } from '../events/catalog-events.js';

export const datasourceTypes = ['http-requests'] as const;
export const datasourceStatuses = ['transformation_started', 'transformed', 'transformation_failed'] as const;

export class DatasourcesUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly catalogEvents: CatalogEvents,
  ) {}

  async create(actor: Actor, input: { projectId: string; name: string; type: string; status: string }) {
    if (!(datasourceTypes as readonly string[]).includes(input.type)) {
      throw new AppError('invalid_request', `type must be one of ${datasourceTypes.join(', ')}`, { field: 'type' });
    }
    if (!(datasourceStatuses as readonly string[]).includes(input.status)) {
      throw new AppError('invalid_request', `status must be one of ${datasourceStatuses.join(', ')}`, { field: 'status' });
    }
    const project = await this.authorizer.requireProject(actor, input.projectId, 'project:write');
    return this.catalogEvents.commit(async (trx, emit) => {
      const datasource = await trx
        .insertInto('datasources')
        .values({ id: randomUUID(), project_id: project.id, name: input.name, type: input.type, status: input.status })
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit.project(project, 'datasource.created', `Datasource ${datasource.name} created`, { id: datasource.id, datasource_id: datasource.id });
      return datasource;
    });
  }

  /** Without an actor this is a service's own call (DESIGN.md: internal calls are not user calls). */
  async get(actor: Actor | undefined, datasourceId: string) {
    const datasource = await this.find(datasourceId);
    if (actor) await this.authorizer.requireProject(actor, datasource.project_id, 'project:read').catch(hideAs('datasource', datasourceId));
    return datasource;
  }

  async list(actor: Actor, projectId: string) {
    await this.authorizer.requireProject(actor, projectId, 'project:read');
    return this.db.selectFrom('datasources').selectAll().where('project_id', '=', projectId).where('deleted_at', 'is', null).orderBy('created_at').execute();
  }

  async delete(actor: Actor, datasourceId: string) {
    const existing = await this.find(datasourceId);
    const project = await this.authorizer.requireProject(actor, existing.project_id, 'project:write').catch(hideAs('datasource', datasourceId));
    return this.catalogEvents.commit(async (trx, emit) => {
      const datasource = await trx.updateTable('datasources').set({ deleted_at: new Date(), updated_at: new Date() }).where('id', '=', datasourceId).returningAll().executeTakeFirstOrThrow();
      await emit.project(project, 'datasource.deleted', `Datasource ${datasource.name} deleted`, { id: datasource.id, datasource_id: datasource.id });
      return datasource;
    });
  }

  async getJob(actor: Actor | undefined, jobId: string) {
    assertId('job', jobId);
    const job = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    if (!job) throw notFound('job', jobId);
    if (actor) await this.authorizer.requireProject(actor, job.project_id, 'project:read').catch(hideAs('job', jobId));
    const [statuses, events, sources] = await Promise.all([
      this.db.selectFrom('job_statuses').selectAll().where('job_id', '=', jobId).orderBy('created_at').orderBy('id').execute(),
      this.db.selectFrom('job_events').selectAll().where('job_id', '=', jobId).orderBy('seq_id').execute(),
      this.db.selectFrom('job_sources').selectAll().where('job_id', '=', jobId).orderBy('created_at').execute(),
    ]);
    return { job, statuses, events, sources };
  }

  async listJobs(actor: Actor, projectId: string) {
    await this.authorizer.requireProject(actor, projectId, 'project:read');
    return this.db.selectFrom('jobs').selectAll().where('project_id', '=', projectId).orderBy('created_at', 'desc').limit(500).execute();
  }

  private async find(datasourceId: string) {
    assertId('datasource', datasourceId);
    const datasource = await this.db.selectFrom('datasources').selectAll().where('id', '=', datasourceId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!datasource) throw notFound('datasource', datasourceId);
    return datasource;
  }
}

/** A record reached through a project of another organization is not found, not forbidden. */
export function hideAs(kind: string, id: string) {
  return (error: unknown): never => {
    if (error instanceof AppError && error.code === 'not_found') throw notFound(kind, id);
    throw error;
  };
}
