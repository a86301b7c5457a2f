// query-runtime's gRPC surface for query programs: authorize through the catalog, then read or run.
import type { Kysely, Selectable } from 'kysely';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { onBehalfOf, type CallContext, type ServiceImplementation } from '@querylane/grpc';
import type { queryRuntimeV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { QueryProgramsTable, QueryRuntimeTables } from './db/schema.js';
import type { ProjectDatabases } from './execution/project-databases.js';
import type { ManageProgramsUseCase } from './programs/manage-programs.usecase.js';
import type { ProgramCache } from './programs/program-cache.js';
import { bindSlots, type Slot } from './programs/slot-values.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Selectable<QueryProgramsTable>;

export function toQueryProgram(row: Row) {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    version: row.version,
    prevId: row.prev_id ?? undefined,
    isCurrent: row.is_current,
    origin: row.origin,
    family: row.family ?? undefined,
    query: row.query,
    description: row.description ?? undefined,
    reason: row.reason ?? undefined,
    examples: row.examples,
    queryProgram: row.query_program,
    steps: (row.steps ?? undefined) as never,
    slots: row.slots as never,
    stores: row.stores,
    status: row.status,
    invalidReason: row.invalid_reason ?? undefined,
    published: row.published,
    createdAt: timestampFromDate(row.created_at),
    updatedAt: timestampFromDate(row.updated_at),
    ...(row.deleted_at ? { deletedAt: timestampFromDate(row.deleted_at) } : {}),
  };
}

export function queryRuntimeHandlers(deps: {
  db: Kysely<QueryRuntimeTables>;
  clients: ServiceClients;
  databases: ProjectDatabases;
  cache: ProgramCache;
  manage: ManageProgramsUseCase;
}): Omit<ServiceImplementation<typeof queryRuntimeV1.QueryRuntimeService>, 'getServiceInfo'> {
  // A call for a user is authorized by the catalog; a service's own call (the query endpoints,
  // which authorized their API key already) has no actor and goes straight to the data.
  const authorize = async (projectId: string, context: CallContext, action = 'project:read') => {
    const options = onBehalfOf(context);
    if (options.metadata) await deps.clients.catalog.call.authorize({ projectId, action }, options);
  };
  const input = (program: queryRuntimeV1.QueryProgramInput | undefined) => {
    if (!program) throw new AppError('invalid_request', 'the program is missing');
    return { name: program.name, query: program.query, description: program.description, queryProgram: program.queryProgram, slots: program.slots as Record<string, unknown>[], examples: program.examples };
  };
  const program = async (id: string, context: CallContext, action = 'project:read'): Promise<Row> => {
    const row = uuid.test(id) ? await deps.cache.get(id, () => deps.db.selectFrom('query_programs').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst()) : undefined;
    if (!row) throw new AppError('not_found', `query program ${id} not found`, { id });
    await authorize(row.project_id, context, action).catch((error: unknown) => {
      // Another organization's program is not found, like an unknown one.
      if (error instanceof AppError && error.code === 'not_found') throw new AppError('not_found', `query program ${id} not found`, { id });
      throw error;
    });
    return row;
  };

  return {
    listQueryPrograms: async ({ projectId }, context) => {
      await authorize(projectId, context);
      const rows = await deps.db
        .selectFrom('query_programs')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('is_current', '=', true)
        .where('deleted_at', 'is', null)
        .orderBy('name')
        .execute();
      return { queryPrograms: rows.map(toQueryProgram) };
    },
    getQueryProgram: async ({ queryProgramId }, context) => ({ queryProgram: toQueryProgram(await program(queryProgramId, context)) }),
    listQueryProgramVersions: async ({ queryProgramId }, context) => {
      const row = await program(queryProgramId, context);
      const versions = await deps.db.selectFrom('query_programs').selectAll().where('project_id', '=', row.project_id).where('name', '=', row.name).orderBy('version', 'desc').execute();
      return { versions: versions.map(toQueryProgram) };
    },
    createQueryProgram: async ({ projectId, program: given }, context) => {
      await authorize(projectId, context, 'project:write');
      return { queryProgram: toQueryProgram(await deps.manage.create(projectId, input(given))) };
    },
    updateQueryProgram: async ({ queryProgramId, program: given }, context) => ({
      queryProgram: toQueryProgram(await deps.manage.update(await program(queryProgramId, context, 'project:write'), input(given))),
    }),
    deleteQueryProgram: async ({ queryProgramId }, context) => ({ queryProgram: toQueryProgram(await deps.manage.delete(await program(queryProgramId, context, 'project:write'))) }),
    runQueryProgram: async ({ queryProgramId, slots }, context) => {
      const row = await program(queryProgramId, context);
      if (row.status !== 'valid') throw new AppError('conflict', `query program ${row.name} is invalid: ${row.invalid_reason ?? 'unknown reason'}`, { status: row.status });
      const params = bindSlots(row.slots as unknown as Slot[], (slots ?? {}) as Record<string, unknown>);
      const result = await deps.databases.run(row.project_id, row.query_program, params);
      return { dataJson: Buffer.from(result.json, 'utf8'), rowCount: result.rowCount, columns: result.columns, executionTimeMs: result.executionTimeMs, truncated: result.truncated };
    },
  };
}
