// The data records other services produce (DESIGN.md §4): jobs and their statuses and events,
// data objects, lineage, datalines, datasource status and project events. With an actor the call
// is authorized for that user; without one it is a service's own call.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import type { Kysely, Selectable } from 'kysely';
import { addToOutbox, createEnvelope, topics } from '@querylane/bus';
import { AppError } from '@querylane/errors';
import { eventsV1 } from '@querylane/proto';
import type { Actor } from '../access/actor.js';
import { assertId, isId, notFound, type Authorizer } from '../access/authorizer.js';
import type { Permission } from '../access/roles.js';
import type { CatalogTables, JobsTable, ProjectsTable } from '../db/schema.js';
import { datasourceStatuses, hideAs } from '../datasources/datasources.usecase.js';
import type { CatalogEvents, Emitter } from '../events/catalog-events.js';

export const jobStatuses = ['queued', 'running', 'succeeded', 'failed'] as const;

/** The moves a job may make; → queued again is a retry. */
const transitions: Record<string, readonly string[]> = {
  queued: ['running', 'failed'],
  running: ['succeeded', 'failed', 'queued'],
  failed: ['queued'],
  succeeded: [],
};

export const fileRoles = ['request', 'response'] as const;
export const sourceTypes = ['data_object', 'datasource'] as const;

type Json = Record<string, unknown> | undefined;

export interface JobEventInput {
  eventType: string;
  message: string;
  data?: Json;
}

function checkJobEvent(event: JobEventInput): void {
  if (!event.eventType.trim()) throw new AppError('invalid_request', 'event_type is required', { field: 'event_type' });
}

function checkDatasourceStatus(status: string, field: string): void {
  if (!(datasourceStatuses as readonly string[]).includes(status)) {
    throw new AppError('invalid_request', `${field} must be one of ${datasourceStatuses.join(', ')}`, { field });
  }
}

export interface ObjectInput {
  bucket: string;
  key: string;
  fileType: string;
  fileSize: bigint;
  etag: string;
  mimeType: string;
}

export class DataRecordsUseCase {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly authorizer: Authorizer,
    private readonly catalogEvents: CatalogEvents,
  ) {}

  async createJob(actor: Actor | undefined, input: { projectId: string; datasourceId?: string | undefined; jobType: string; sources: { sourceType: string; sourceId: string }[] }) {
    const project = await this.project(actor, input.projectId, 'project:write');
    if (!input.jobType.trim()) throw new AppError('invalid_request', 'job_type is required', { field: 'job_type' });
    if (input.datasourceId) await this.datasourceOf(project.id, input.datasourceId);
    for (const source of input.sources) {
      if (!(sourceTypes as readonly string[]).includes(source.sourceType)) {
        throw new AppError('invalid_request', `source_type must be one of ${sourceTypes.join(', ')}`, { field: 'sources.source_type' });
      }
    }
    return this.catalogEvents.commit((trx, emit) => this.insertJob(trx, emit, project, { ...input, datasourceId: input.datasourceId ?? null }));
  }

  /**
   * One transaction for everything an HTTP execution leaves behind, so a failure records nothing
   * and the connector can delete the objects it wrote.
   */
  async recordExecution(
    actor: Actor | undefined,
    input: { projectId: string; datasourceId: string; requestObject: ObjectInput; responseObject: ObjectInput; jobType: string; details?: Json },
  ) {
    const project = await this.project(actor, input.projectId, 'project:write');
    await this.datasourceOf(project.id, input.datasourceId);
    for (const [field, object] of [['request_object', input.requestObject], ['response_object', input.responseObject]] as const) {
      if (!object.key.trim() || !object.bucket.trim()) throw new AppError('invalid_request', `${field} needs a bucket and a key`, { field });
      if (object.fileSize < 0n) throw new AppError('invalid_request', `${field}.file_size cannot be negative`, { field });
    }
    return this.catalogEvents.commit(async (trx, emit) => {
      const insertObject = (object: ObjectInput, role: 'request' | 'response') =>
        trx
          .insertInto('data_objects')
          .values({
            id: randomUUID(),
            project_id: project.id,
            datasource_id: input.datasourceId,
            bucket: object.bucket,
            key: object.key,
            file_type: object.fileType,
            file_role: role,
            file_size: object.fileSize.toString(),
            etag: object.etag,
            mime_type: object.mimeType,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      const requestObject = await insertObject(input.requestObject, 'request');
      const responseObject = await insertObject(input.responseObject, 'response');
      const lineage = await trx
        .insertInto('lineage')
        .values({ id: randomUUID(), project_id: project.id, upstream_id: requestObject.id, downstream_id: responseObject.id, transformation: 'http_request_execution' })
        .returningAll()
        .executeTakeFirstOrThrow();
      await emit.project(project, 'dataobject.created', `Response of the HTTP request stored (${responseObject.file_size} bytes)`, {
        id: responseObject.id,
        datasource_id: input.datasourceId,
        request_object_id: requestObject.id,
        response_object_id: responseObject.id,
        ...(input.details ?? {}),
      });
      const job = await this.insertJob(trx, emit, project, {
        datasourceId: input.datasourceId,
        jobType: input.jobType,
        sources: [
          { sourceType: 'data_object', sourceId: responseObject.id },
          { sourceType: 'datasource', sourceId: input.datasourceId },
        ],
      });
      return { requestObject, responseObject, lineage, job };
    });
  }

  private async insertJob(
    trx: Kysely<CatalogTables>,
    emit: Emitter,
    project: Selectable<ProjectsTable>,
    input: { datasourceId: string | null; jobType: string; sources: { sourceType: string; sourceId: string }[] },
  ) {
    const job = await trx
      .insertInto('jobs')
      .values({ id: randomUUID(), project_id: project.id, datasource_id: input.datasourceId, job_type: input.jobType, status: 'queued', error: null })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto('job_statuses').values({ id: randomUUID(), job_id: job.id, status: 'queued', previous_status: null, reason: 'created' }).execute();
    if (input.sources.length) {
      await trx
        .insertInto('job_sources')
        .values(input.sources.map((source) => ({ id: randomUUID(), job_id: job.id, source_type: source.sourceType, source_id: source.sourceId })))
        .execute();
    }
    await emit.project(project, 'job.queued', `Job ${job.job_type} queued`, { id: job.id, job_id: job.id });
    await this.queue(trx, job, 1);
    return job;
  }

  /**
   * Moves a job, with the JobEvents given (in order) and its datasource's new status, if one is
   * given, in the same transaction: a job's last steps and its end are one round trip, and no
   * reader sees the job succeeded before its datasource is transformed.
   */
  async transitionJob(
    actor: Actor | undefined,
    input: { jobId: string; status: string; reason?: string | undefined; events?: JobEventInput[]; datasourceStatus?: string | undefined },
  ) {
    if (!(jobStatuses as readonly string[]).includes(input.status)) throw new AppError('invalid_request', `status must be one of ${jobStatuses.join(', ')}`, { field: 'status' });
    const events = input.events ?? [];
    events.forEach(checkJobEvent);
    if (input.datasourceStatus !== undefined) checkDatasourceStatus(input.datasourceStatus, 'datasource_status');
    const existing = await this.job(actor, input.jobId, 'project:write');
    if (input.datasourceStatus !== undefined && !existing.datasource_id) {
      throw new AppError('invalid_request', 'the job has no datasource whose status could change', { field: 'datasource_status' });
    }
    return this.catalogEvents.commit(async (trx, emit) => {
      const job = await trx.selectFrom('jobs').selectAll().where('id', '=', existing.id).forUpdate().executeTakeFirstOrThrow();
      if (!transitions[job.status]?.includes(input.status)) {
        throw new AppError('conflict', `a ${job.status} job cannot become ${input.status}`, { from: job.status, to: input.status });
      }
      for (const event of events) await this.appendJobEvent(trx, job.id, event);
      if (input.datasourceStatus !== undefined && job.datasource_id) await this.moveDatasource(trx, emit, job.datasource_id, input.datasourceStatus);
      const updated = await trx
        .updateTable('jobs')
        .set((eb) => ({
          status: input.status,
          updated_at: new Date(),
          attempts: input.status === 'running' ? eb('attempts', '+', 1) : eb.ref('attempts'),
          error: input.status === 'failed' ? (input.reason ?? 'failed') : input.status === 'succeeded' ? null : eb.ref('error'),
        }))
        .where('id', '=', job.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('job_statuses').values({ id: randomUUID(), job_id: job.id, status: input.status, previous_status: job.status, reason: input.reason ?? null }).execute();
      await emit.project({ id: job.project_id }, `job.${input.status}`, `Job ${job.job_type} ${input.status}${input.reason ? `: ${input.reason}` : ''}`, { id: job.id, job_id: job.id, previous_status: job.status });
      if (input.status === 'queued') await this.queue(trx, updated, updated.attempts + 1);
      return updated;
    });
  }

  async addJobEvent(actor: Actor | undefined, input: { jobId: string } & JobEventInput) {
    const job = await this.job(actor, input.jobId, 'project:write');
    checkJobEvent(input);
    return this.db.transaction().execute(async (trx) => {
      // The job row lock makes seq_id strictly increasing under concurrent writers.
      await trx.selectFrom('jobs').select('id').where('id', '=', job.id).forUpdate().executeTakeFirstOrThrow();
      return this.appendJobEvent(trx, job.id, input);
    });
  }

  /** Appends a JobEvent with the next seq_id; the caller holds the job's row lock. */
  private async appendJobEvent(trx: Kysely<CatalogTables>, jobId: string, event: JobEventInput) {
    const last = await trx.selectFrom('job_events').select((eb) => eb.fn.max('seq_id').as('seq')).where('job_id', '=', jobId).executeTakeFirst();
    const seq = Number(last?.seq ?? 0) + 1;
    return trx
      .insertInto('job_events')
      .values({ id: randomUUID(), job_id: jobId, seq_id: seq, event_type: event.eventType, message: event.message, data: event.data ? JSON.stringify(event.data) : null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async createDataObject(
    actor: Actor | undefined,
    input: { projectId: string; datasourceId: string; bucket: string; key: string; fileType: string; fileRole: string; fileSize: bigint; etag: string; mimeType: string },
  ) {
    const project = await this.project(actor, input.projectId, 'project:write');
    await this.datasourceOf(project.id, input.datasourceId);
    if (!(fileRoles as readonly string[]).includes(input.fileRole)) throw new AppError('invalid_request', `file_role must be one of ${fileRoles.join(', ')}`, { field: 'file_role' });
    if (input.fileSize < 0n) throw new AppError('invalid_request', 'file_size cannot be negative', { field: 'file_size' });
    for (const [field, value] of [['bucket', input.bucket], ['key', input.key], ['file_type', input.fileType], ['mime_type', input.mimeType]] as const) {
      if (!value.trim()) throw new AppError('invalid_request', `${field} is required`, { field });
    }
    return this.db
      .insertInto('data_objects')
      .values({
        id: randomUUID(),
        project_id: project.id,
        datasource_id: input.datasourceId,
        bucket: input.bucket,
        key: input.key,
        file_type: input.fileType,
        file_role: input.fileRole,
        file_size: input.fileSize.toString(),
        etag: input.etag,
        mime_type: input.mimeType,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async getDataObject(actor: Actor | undefined, dataObjectId: string) {
    assertId('data object', dataObjectId);
    const object = await this.db.selectFrom('data_objects').selectAll().where('id', '=', dataObjectId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!object) throw notFound('data object', dataObjectId);
    await this.project(actor, object.project_id, 'project:read').catch(hideAs('data object', dataObjectId));
    const lineage = await this.db
      .selectFrom('lineage')
      .selectAll()
      .where((eb) => eb.or([eb('upstream_id', '=', object.id), eb('downstream_id', '=', object.id)]))
      .orderBy('created_at')
      .execute();
    return { object, lineage };
  }

  async listDataObjects(actor: Actor | undefined, datasourceId: string) {
    assertId('datasource', datasourceId);
    const datasource = await this.db.selectFrom('datasources').select(['id', 'project_id']).where('id', '=', datasourceId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!datasource) throw notFound('datasource', datasourceId);
    await this.project(actor, datasource.project_id, 'project:read').catch(hideAs('datasource', datasourceId));
    return this.db.selectFrom('data_objects').selectAll().where('datasource_id', '=', datasourceId).where('deleted_at', 'is', null).orderBy('created_at', 'desc').execute();
  }

  async createLineage(actor: Actor | undefined, input: { projectId: string; upstreamId: string; downstreamId: string; transformation: string }) {
    const project = await this.project(actor, input.projectId, 'project:write');
    for (const [field, id] of [['upstream_id', input.upstreamId], ['downstream_id', input.downstreamId]] as const) {
      assertId('data object', id);
      const object = await this.db.selectFrom('data_objects').select('project_id').where('id', '=', id).executeTakeFirst();
      if (!object || object.project_id !== project.id) throw new AppError('not_found', `data object ${id} not found in the project`, { field });
    }
    if (!input.transformation.trim()) throw new AppError('invalid_request', 'transformation is required', { field: 'transformation' });
    return this.db
      .insertInto('lineage')
      .values({ id: randomUUID(), project_id: project.id, upstream_id: input.upstreamId, downstream_id: input.downstreamId, transformation: input.transformation })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async upsertDataline(
    actor: Actor | undefined,
    input: { projectId: string; datasourceId: string; dataObjectId: string; name: string; dataModel?: Json; schemaCode: string },
  ) {
    const project = await this.project(actor, input.projectId, 'project:write');
    assertId('data object', input.dataObjectId);
    return this.catalogEvents.commit(async (trx, emit) => {
      // The datasource row lock serializes the upserts of one datasource.
      const datasource = await trx.selectFrom('datasources').select('id').where('id', '=', input.datasourceId).where('project_id', '=', project.id).forUpdate().executeTakeFirst();
      if (!datasource) throw notFound('datasource', input.datasourceId);
      const object = await trx.selectFrom('data_objects').select('id').where('id', '=', input.dataObjectId).where('datasource_id', '=', datasource.id).executeTakeFirst();
      if (!object) throw new AppError('not_found', `data object ${input.dataObjectId} not found in the datasource`, { field: 'data_object_id' });
      const values = { data_object_id: input.dataObjectId, name: input.name, data_model: JSON.stringify(input.dataModel ?? {}), schema_code: input.schemaCode };
      const existing = await trx.selectFrom('datalines').select('id').where('datasource_id', '=', datasource.id).executeTakeFirst();
      const dataline = existing
        ? await trx.updateTable('datalines').set({ ...values, updated_at: new Date() }).where('id', '=', existing.id).returningAll().executeTakeFirstOrThrow()
        : await trx.insertInto('datalines').values({ id: randomUUID(), project_id: project.id, datasource_id: datasource.id, ...values }).returningAll().executeTakeFirstOrThrow();
      await emit.project(project, existing ? 'dataline.updated' : 'dataline.created', `Dataline ${dataline.name} ${existing ? 'rebuilt' : 'built'}`, {
        id: dataline.id,
        dataline_id: dataline.id,
        datasource_id: datasource.id,
        data_object_id: input.dataObjectId,
      });
      return dataline;
    });
  }

  async getDataline(actor: Actor | undefined, datalineId: string) {
    assertId('dataline', datalineId);
    const dataline = await this.db.selectFrom('datalines').selectAll().where('id', '=', datalineId).executeTakeFirst();
    if (!dataline) throw notFound('dataline', datalineId);
    await this.project(actor, dataline.project_id, 'project:read').catch(hideAs('dataline', datalineId));
    return dataline;
  }

  async listDatalines(actor: Actor | undefined, projectId: string) {
    await this.project(actor, projectId, 'project:read');
    return this.db.selectFrom('datalines').selectAll().where('project_id', '=', projectId).orderBy('created_at').execute();
  }

  async setDatasourceStatus(actor: Actor | undefined, input: { datasourceId: string; status: string }) {
    checkDatasourceStatus(input.status, 'status');
    assertId('datasource', input.datasourceId);
    const existing = await this.db.selectFrom('datasources').select('project_id').where('id', '=', input.datasourceId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!existing) throw notFound('datasource', input.datasourceId);
    await this.project(actor, existing.project_id, 'project:write').catch(hideAs('datasource', input.datasourceId));
    return this.catalogEvents.commit((trx, emit) => this.moveDatasource(trx, emit, input.datasourceId, input.status));
  }

  /** Sets a datasource's status with its `datasource.status_changed` ProjectEvent. */
  private async moveDatasource(trx: Kysely<CatalogTables>, emit: Emitter, datasourceId: string, status: string) {
    const before = await trx.selectFrom('datasources').select('status').where('id', '=', datasourceId).where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
    if (!before) throw notFound('datasource', datasourceId);
    const datasource = await trx.updateTable('datasources').set({ status, updated_at: new Date() }).where('id', '=', datasourceId).returningAll().executeTakeFirstOrThrow();
    await emit.project({ id: datasource.project_id }, 'datasource.status_changed', `Datasource ${datasource.name} is ${status}`, {
      id: datasource.id,
      datasource_id: datasource.id,
      from: before.status,
      to: status,
    });
    return datasource;
  }

  async addProjectEvent(actor: Actor | undefined, input: { projectId: string; eventType: string; message: string; data?: Json }) {
    const project = await this.project(actor, input.projectId, 'project:write');
    if (!/^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/.test(input.eventType)) {
      throw new AppError('invalid_request', 'event_type must be dotted lower-case words, e.g. "query_program.generated"', { field: 'event_type' });
    }
    return this.catalogEvents.commit((_trx, emit) => emit.project(project, input.eventType, input.message, input.data));
  }

  private async queue(trx: Kysely<CatalogTables>, job: Selectable<JobsTable>, attempt: number): Promise<void> {
    // The key of the data object the job reads goes with the event, so that its consumer can fetch
    // the object while it reads the job (the job's sources still decide what it reads).
    const sources = await trx.selectFrom('job_sources').select('source_id').where('job_id', '=', job.id).where('source_type', '=', 'data_object').execute();
    const ids = sources.map((source) => source.source_id).filter(isId);
    const object = ids.length === 1 ? await trx.selectFrom('data_objects').select('key').where('id', '=', ids[0]!).where('deleted_at', 'is', null).executeTakeFirst() : undefined;
    await addToOutbox(trx, [
      {
        topic: topics.jobs,
        envelope: createEnvelope({
          type: 'jobs.job.queued',
          projectId: job.project_id,
          source: 'catalog',
          schema: eventsV1.JobQueuedSchema,
          payload: create(eventsV1.JobQueuedSchema, { jobId: job.id, projectId: job.project_id, datasourceId: job.datasource_id ?? '', jobType: job.job_type, attempt, dataObjectKey: object?.key ?? '' }),
        }),
      },
    ]);
  }

  private async project(actor: Actor | undefined, projectId: string, permission: Permission): Promise<Selectable<ProjectsTable>> {
    if (actor) return this.authorizer.requireProject(actor, projectId, permission);
    assertId('project', projectId);
    const project = await this.db.selectFrom('projects').selectAll().where('id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!project) throw notFound('project', projectId);
    return project;
  }

  private async job(actor: Actor | undefined, jobId: string, permission: Permission) {
    assertId('job', jobId);
    const job = await this.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
    if (!job) throw notFound('job', jobId);
    await this.project(actor, job.project_id, permission).catch(hideAs('job', jobId));
    return job;
  }

  private async datasourceOf(projectId: string, datasourceId: string) {
    assertId('datasource', datasourceId);
    const datasource = await this.db.selectFrom('datasources').select('id').where('id', '=', datasourceId).where('project_id', '=', projectId).where('deleted_at', 'is', null).executeTakeFirst();
    if (!datasource) throw new AppError('not_found', `datasource ${datasourceId} not found in the project`, { field: 'datasource_id' });
    return datasource;
  }
}
