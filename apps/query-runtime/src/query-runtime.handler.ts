// query-runtime's gRPC surface for query programs: authorize through the catalog, then read or run.
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import type { MessageInitShape } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { asCompleted, onBehalfOf, toErrorDetail, type CallContext, type ServiceImplementation } from '@querylane/grpc';
import type { queryRuntimeV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { QueryProgramsTable, QueryRuntimeTables } from './db/schema.js';
import type { ProjectDatabases } from './execution/project-databases.js';
import type { ManageProgramsUseCase } from './programs/manage-programs.usecase.js';
import type { ProgramCache } from './programs/program-cache.js';
import { loadRunnableProgram, runKey } from './programs/runnable-program.js';
import type { AnswerQuestionUseCase, Question } from './questions/answer-question.usecase.js';
import { bindSlots, type Slot } from './programs/slot-values.js';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Selectable<QueryProgramsTable>;

/** Runs in one RunQueryPrograms call, at most (the gateway sends 64). */
const maxBatchedRuns = 256;
/** Runs of one RunQueryProgramsChannel call in flight at once, at most. */
const maxChannelRuns = 1024;

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

/** An invalid program is never run: it would fail, or answer from columns that are gone. */
function runnable(row: Row): Row {
  if (row.status !== 'valid') throw new AppError('conflict', `query program ${row.name} is invalid: ${row.invalid_reason ?? 'unknown reason'}`, { status: row.status });
  return row;
}

/** The value at or below which p% of the sorted values lie (nearest rank). */
function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export function queryRuntimeHandlers(deps: {
  db: Kysely<QueryRuntimeTables>;
  clients: ServiceClients;
  databases: ProjectDatabases;
  cache: ProgramCache;
  manage: ManageProgramsUseCase;
  answers: AnswerQuestionUseCase;
  logger: Logger;
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
  // `run`: as the run path reads it, with a newer version's values of its enum slots (runnable-program.ts).
  const program = async (id: string, context: CallContext, action = 'project:read', read: 'stored' | 'run' = 'stored'): Promise<Row> => {
    const load = () => (read === 'run' ? loadRunnableProgram(deps.db, id) : deps.db.selectFrom('query_programs').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst());
    const row = uuid.test(id) ? await deps.cache.get(read === 'run' ? runKey(id) : id, load) : undefined;
    if (!row) throw new AppError('not_found', `query program ${id} not found`, { id });
    await authorize(row.project_id, context, action).catch((error: unknown) => {
      // Another organization's program is not found, like an unknown one.
      if (error instanceof AppError && error.code === 'not_found') throw new AppError('not_found', `query program ${id} not found`, { id });
      throw error;
    });
    return row;
  };

  const questionOf = async (question: queryRuntimeV1.Question | undefined, context: CallContext): Promise<Question> => {
    if (!question) throw new AppError('invalid_query', 'the question is missing');
    await authorize(question.projectId, context);
    return {
      projectId: question.projectId,
      text: question.text,
      candidates: question.candidates.map((candidate) => ({ queryProgramId: candidate.queryProgramId, endpointName: candidate.endpointName })),
      conversationId: question.conversationId,
      environment: question.environment || 'production',
      apiKeyId: question.apiKeyId,
      userId: question.userId,
    };
  };

  const runProgram = async ({ queryProgramId, slots }: queryRuntimeV1.RunQueryProgramRequest, context: CallContext) => {
    const row = runnable(await program(queryProgramId, context, 'project:read', 'run'));
    const params = bindSlots(row.slots as unknown as Slot[], (slots ?? {}) as Record<string, unknown>);
    const result = await deps.databases.run(row.project_id, row.query_program, params);
    return { dataJson: Buffer.from(result.json, 'utf8'), rowCount: result.rowCount, columns: result.columns, executionTimeMs: result.executionTimeMs, truncated: result.truncated };
  };

  type Outcome = MessageInitShape<typeof queryRuntimeV1.RunQueryProgramsResponseSchema>['outcome'];
  /** One run of a batch or a channel, as RunQueryProgram would do it: its result or its error. */
  const runOne = (method: string, run: queryRuntimeV1.RunQueryProgramRequest | undefined, requestId: string, deadline: Date | undefined, context: CallContext, withoutColumns: boolean): Promise<Outcome> => {
    const runContext: CallContext = { requestId, metadata: context.metadata, deadline, get signal() { return context.signal; }, get peer() { return context.peer; } };
    return runProgram(run ?? ({ queryProgramId: '', slots: {} } as queryRuntimeV1.RunQueryProgramRequest), runContext).then(
      (result): Outcome => ({ case: 'result', value: withoutColumns ? { ...result, columns: [] } : result }),
      (error: unknown): Outcome => {
        if (!(error instanceof AppError)) deps.logger.error({ err: error, method: `QueryRuntimeService/${method}`, request_id: requestId }, 'grpc handler failed');
        return { case: 'error', value: toErrorDetail(error, requestId) };
      },
    );
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
    answerQuestion: async ({ question }, context) => {
      const asked = await questionOf(question, context);
      const answer = await deps.answers.answer(asked);
      return {
        dataJson: Buffer.from(answer.json, 'utf8'),
        rowCount: answer.rowCount,
        truncated: answer.truncated,
        queryUsed: answer.queryUsed,
        parameters: answer.parameters as never,
        executionTimeMs: answer.executionTimeMs,
        conversationId: answer.conversationId,
        queryresponseId: answer.queryResponseId,
        queryProgramId: answer.program.id,
        confidence: answer.confidence,
      };
    },
    streamAnswer: async function* ({ question }, context) {
      const parts = deps.answers.stream(await questionOf(question, context));
      for (let next = await parts.next(); ; next = await parts.next()) {
        if (next.done) {
          yield { part: { case: 'done', value: { rowCount: BigInt(next.value.rowCount), executionTimeMs: next.value.executionTimeMs } } };
          return;
        }
        const part = next.value;
        if ('routed' in part) {
          const { routed } = part;
          yield {
            part: {
              case: 'meta',
              value: { queryUsed: routed.queryUsed, parameters: routed.parameters as never, conversationId: routed.conversationId, queryresponseId: routed.queryResponseId, queryProgramId: routed.program.id, confidence: routed.confidence },
            },
          };
        } else {
          yield { part: { case: 'rowsJson', value: Buffer.from(`[${part.rows.join(',')}]`, 'utf8') } };
        }
      }
    },
    profileQueryProgram: async ({ queryProgramId, runs }, context) => {
      const row = runnable(await program(queryProgramId, context));
      const params = bindSlots(row.slots as unknown as Slot[], {});
      const count = Math.min(50, Math.max(1, runs || 5));
      // The first run loads the project's database and prepares the statement; it is not timed.
      let last = await deps.databases.run(row.project_id, row.query_program, params);
      const times: number[] = [];
      for (let index = 0; index < count; index += 1) {
        last = await deps.databases.run(row.project_id, row.query_program, params);
        times.push(last.executionTimeMs);
      }
      times.sort((a, b) => a - b);
      const scanned = await deps.databases.scanned(row.project_id, row.query_program, params);
      return {
        p50Ms: percentile(times, 50),
        p95Ms: percentile(times, 95),
        rows: BigInt(last.rowCount),
        bytesScanned: BigInt(scanned.bytesScanned),
        rowsScanned: BigInt(scanned.rowsScanned),
      };
    },
    runQueryProgram: runProgram,
    // Each run is what RunQueryProgram would do, under its own request id; the runs go side by side
    // (point lookups of one program become one statement, execution/point-lookups.ts) and each is
    // answered when it is done, so a slow run holds back none of the others.
    runQueryPrograms: ({ runs, withoutColumns }, context) => {
      if (runs.length > maxBatchedRuns) throw new AppError('invalid_request', `at most ${maxBatchedRuns} runs in one call (got ${runs.length})`, { runs: runs.length });
      return asCompleted(
        runs.map((batched, index) => ({ index, batched })),
        ({ index, batched }) => runOne('RunQueryPrograms', batched.run, batched.requestId || context.requestId, context.deadline, context, withoutColumns).then((outcome) => ({ index, outcome })),
      );
    },
    // The same runs on one long-lived call, numbered by the caller; at most maxChannelRuns at once
    // (the call's further messages wait to be read meanwhile).
    runQueryProgramsChannel: (runs, context) =>
      asCompleted(
        runs,
        (channelRun) => {
          const deadline = channelRun.deadlineMs > 0 ? new Date(Date.now() + channelRun.deadlineMs) : undefined;
          return runOne('RunQueryProgramsChannel', channelRun.run, channelRun.requestId || context.requestId, deadline, context, true).then((outcome) => ({ id: channelRun.id, outcome }));
        },
        maxChannelRuns,
      ),
  };
}
