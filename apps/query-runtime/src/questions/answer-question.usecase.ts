// The unified query endpoint's work in query-runtime (DESIGN.md §6): route a question to one of the
// candidate programs (the deployed ones of the project and environment, named by the gateway), fill
// its slots, run it, and store the Conversation, the Messages and the QueryResponse. A question no
// candidate answers with confidence is refused with invalid_query and the closest candidates —
// stored too, so the questions users ask are counted whether or not they were answered.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Logger } from 'pino';
import { AppError } from '@querylane/errors';
import type { ServiceClients } from '@querylane/runtime';
import type { QueryProgramsTable, QueryRuntimeTables } from '../db/schema.js';
import type { ProjectDatabases } from '../execution/project-databases.js';
import type { StreamEnd } from '../execution/project-database.js';
import type { ProgramCache } from '../programs/program-cache.js';
import { loadRunnableProgram, runKey } from '../programs/runnable-program.js';
import { bindSlots, type Slot } from '../programs/slot-values.js';
import { looksLikeFollowUp, QuestionRouter, refersBack, valuesFromProfile, type DataValues, type RouteAnswer, type RouteCandidateInput, type RouteResult, type SlotValue } from '../routing/index.js';
import { leadRowsWith, leadRowWith, type Figure } from './leading-figure.js';

type ProgramRow = Selectable<QueryProgramsTable>;

export interface Question {
  projectId: string;
  text: string;
  candidates: { queryProgramId: string; endpointName: string }[];
  conversationId?: string | undefined;
  environment: string;
  apiKeyId?: string | undefined;
  userId?: string | undefined;
}

/** What was decided before the rows: the program, its values, and the records' ids. */
export interface Routed {
  program: ProgramRow;
  queryUsed: string;
  parameters: Record<string, unknown>;
  /** Of an aggregate answering a total and an average: the one asked, which its rows lead with (`leading-figure.ts`). */
  figure?: Figure;
  confidence: number;
  conversationId: string;
  queryResponseId: string;
}

export interface Answer extends Routed {
  json: string;
  rowCount: number;
  truncated: boolean;
  executionTimeMs: number;
}

const maxQuestionLength = 2_000;
// Routers kept at once (one per project, environment and set of deployed programs).
const maxRouters = 500;

export class AnswerQuestionUseCase {
  private readonly routers = new Map<string, Promise<QuestionRouter>>();

  constructor(
    private readonly deps: {
      db: Kysely<QueryRuntimeTables>;
      cache: ProgramCache;
      databases: ProjectDatabases;
      clients: ServiceClients;
      logger: Logger;
      now?: () => Date;
    },
  ) {
    // A project's routers are built over its programs and its data's values: both may change.
    deps.cache.onForget((projectId) => {
      for (const key of this.routers.keys()) if (key.startsWith(`${projectId}\u0000`)) this.routers.delete(key);
    });
  }

  async answer(question: Question): Promise<Answer> {
    const routed = await this.route(question);
    try {
      const result = await this.deps.databases.run(routed.program.project_id, routed.program.query_program, bindSlots(routed.program.slots as unknown as Slot[], routed.parameters, 'invalid_query'));
      await this.record(question, routed, { status: 'answered', rowCount: result.rowCount, executionTimeMs: result.executionTimeMs });
      return { ...routed, json: leadRowsWith(result.json, routed.figure), rowCount: result.rowCount, truncated: result.truncated, executionTimeMs: result.executionTimeMs };
    } catch (error) {
      await this.record(question, routed, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      throw error;
    }
  }

  /** The routed program first, then its rows in parts of at most 1,000; the records are written at the end. */
  async *stream(question: Question): AsyncGenerator<{ routed: Routed } | { rows: string[] }, StreamEnd> {
    const routed = await this.route(question);
    yield { routed };
    let end: StreamEnd | undefined;
    let failure: unknown;
    try {
      const parts = this.deps.databases.stream(routed.program.project_id, routed.program.query_program, bindSlots(routed.program.slots as unknown as Slot[], routed.parameters, 'invalid_query'));
      for (let next = await parts.next(); ; next = await parts.next()) {
        if (next.done) {
          end = next.value;
          break;
        }
        const figure = routed.figure;
        if (next.value.rows.length > 0) yield { rows: figure === undefined ? next.value.rows : next.value.rows.map((row) => leadRowWith(row, figure)) };
      }
      return end;
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      // Also when the client went away mid-stream: the question was asked and answered in part.
      await this.record(
        question,
        routed,
        end ? { status: 'answered', rowCount: end.rowCount, executionTimeMs: end.executionTimeMs } : { status: 'failed', error: failure instanceof Error ? failure.message : 'the stream was abandoned' },
      );
    }
  }

  /** Validates the question, picks the program and its values, or records the refusal and throws it. */
  private async route(question: Question): Promise<Routed> {
    const text = question.text.trim();
    if (text === '') throw new AppError('invalid_query', 'query (the question) is empty', { field: 'query' });
    if (text.length > maxQuestionLength) throw new AppError('invalid_query', `the question is longer than ${maxQuestionLength} characters`, { field: 'query' });
    const conversationId = question.conversationId || randomUUID();
    if (question.conversationId) await this.assertConversation(question.projectId, question.conversationId);
    if (question.candidates.length === 0) {
      await this.recordRefusal(question, conversationId, 'no query is deployed in this project and environment', []);
      throw new AppError('invalid_query', `no query is deployed in the ${question.environment} environment of this project`, { candidates: [], conversation_id: conversationId });
    }
    const { router, programs } = await this.router(question);
    const now = this.deps.now?.() ?? new Date();
    // In a conversation, "what about Morris?" runs the last answered program again with Morris: tried
    // first when the question reads as a follow-up, else only when the question alone is refused.
    const previous = question.conversationId ? await this.lastAnswer(question.conversationId) : undefined;
    // Read once: a cue-worded question that is not a follow-up and is refused alone is not read again.
    let followed: RouteResult | null | undefined;
    // (The same program with new values, else what it computed per a column the follow-up names:
    // "and by sex?" — or the refusal of a grouping that would drop a filter of the last answer.)
    const followUp = (): RouteResult | null => {
      if (followed === undefined) followed = previous && programs.has(previous.endpoint_name) ? (router.followUp(text, previous, { now }) ?? router.regroup(text, previous, { now })) : null;
      return followed;
    };
    const cued = looksLikeFollowUp(text);
    // "And what is the direction there?" with no earlier answer to refer to (a new conversation, or
    // one whose questions were refused): it has nothing to be about, and alone it would be answered
    // over every row.
    const dangling = cued && !(previous && programs.has(previous.endpoint_name)) && refersBack(text);
    let routed: RouteResult = dangling
      ? { kind: 'refusal', reason: 'the question refers back to an earlier answer, and this conversation has none', confidence: 0, candidates: [] }
      : (cued && followUp()) || router.route(text, { now });
    if (routed.kind === 'refusal') {
      const again = followUp();
      if (again?.kind === 'answer') routed = again;
    }
    // A follow-up answered by another program of the same data keeps the last answer's filters it takes.
    else if (cued && previous && followed !== routed) routed = router.carryOver(previous, routed);
    if (routed.kind === 'refusal') {
      await this.recordRefusal(question, conversationId, routed.reason, routed.candidates);
      throw new AppError('invalid_query', `the question does not match a deployed query closely enough: ${routed.reason}`, {
        confidence: round(routed.confidence),
        candidates: routed.candidates.map((candidate) => ({ query_name: candidate.endpoint_name, score: round(candidate.score) })),
        conversation_id: conversationId,
      });
    }
    const program = programs.get(routed.candidate.endpoint_name);
    if (!program) throw new AppError('internal_error', `the router chose ${routed.candidate.endpoint_name}, which is not a candidate`);
    return { program, queryUsed: routed.candidate.endpoint_name, parameters: parametersOf(routed, text), confidence: routed.confidence, conversationId, queryResponseId: randomUUID(), ...(routed.figure ? { figure: routed.figure } : {}) };
  }

  /** The router of this candidate set, built once (with the data's own values) and reused. */
  private async router(question: Question): Promise<{ router: QuestionRouter; programs: Map<string, ProgramRow> }> {
    const rows = await Promise.all(
      question.candidates.map(async (candidate) => {
        const row = await this.deps.cache.get(runKey(candidate.queryProgramId), () => loadRunnableProgram(this.deps.db, candidate.queryProgramId));
        return row && row.project_id === question.projectId && row.status === 'valid' ? { row, endpointName: candidate.endpointName } : undefined;
      }),
    );
    const usable = rows.filter((entry) => entry !== undefined);
    const programs = new Map(usable.map((entry) => [entry.endpointName, entry.row]));
    const key = `${question.projectId}\u0000${usable.map((entry) => `${entry.endpointName}=${entry.row.id}`).sort().join(',')}`;
    let router = this.routers.get(key);
    if (router === undefined) {
      router = this.values(question.projectId).then(({ values, columns }) =>
        QuestionRouter.build(
          usable.map(
            ({ row, endpointName }): RouteCandidateInput => ({
              endpoint_name: endpointName,
              name: row.name,
              family: row.family,
              query: row.query,
              description: row.description,
              reason: row.reason,
              examples: row.examples,
              steps: row.steps,
              slots: row.slots as RouteCandidateInput['slots'],
              stores: row.stores,
            }),
          ),
          { values, columns },
        ),
      );
      this.routers.set(key, router);
      router.catch(() => this.routers.get(key) === router && this.routers.delete(key));
      if (this.routers.size > maxRouters) this.routers.delete(this.routers.keys().next().value as string);
    }
    return { router: await router, programs };
  }

  /** Table → column → values, and table → every column, from each dataline's profile (the router picks the columns it can use). */
  private async values(projectId: string): Promise<{ values: DataValues; columns: Record<string, string[]> }> {
    const { datalines } = await this.deps.clients.catalog.call.listProjectDatalines({ projectId });
    const values: DataValues = {};
    const columns: Record<string, string[]> = {};
    for (const dataline of datalines) {
      const model = dataline.dataModel as Parameters<typeof valuesFromProfile>[0] | undefined;
      if (!Array.isArray(model?.columns)) continue;
      values[dataline.name] = valuesFromProfile(model);
      columns[dataline.name] = model.columns.map((column) => column.name);
    }
    return { values, columns };
  }

  /** The program and values of the conversation's last answered question. */
  private async lastAnswer(conversationId: string): Promise<{ endpoint_name: string; slots: Record<string, SlotValue> } | undefined> {
    const row = await this.deps.db
      .selectFrom('query_responses')
      .select(['query_used', 'parameters'])
      .where('conversation_id', '=', conversationId)
      .where('status', '=', 'answered')
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row?.query_used) return undefined;
    const slots: Record<string, SlotValue> = {};
    for (const [name, value] of Object.entries(row.parameters ?? {})) if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') slots[name] = value;
    return { endpoint_name: row.query_used, slots };
  }

  private async assertConversation(projectId: string, conversationId: string): Promise<void> {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const found = uuid.test(conversationId) ? await this.deps.db.selectFrom('conversations').select('project_id').where('id', '=', conversationId).executeTakeFirst() : undefined;
    if (!found || found.project_id !== projectId) throw new AppError('invalid_query', `conversation ${conversationId} is not a conversation of this project`, { field: 'conversation_id' });
  }

  private async record(
    question: Question,
    routed: Routed,
    outcome: { status: 'answered'; rowCount: number; executionTimeMs: number } | { status: 'failed'; error: string },
  ): Promise<void> {
    const summary =
      outcome.status === 'answered'
        ? `${routed.queryUsed}(${JSON.stringify(routed.parameters)}) → ${outcome.rowCount} row${outcome.rowCount === 1 ? '' : 's'}`
        : `${routed.queryUsed} failed: ${outcome.error}`;
    await this.write(question, routed.conversationId, summary, {
      id: routed.queryResponseId,
      status: outcome.status,
      query_program_id: routed.program.id,
      query_used: routed.queryUsed,
      parameters: JSON.stringify(routed.parameters),
      confidence: routed.confidence,
      row_count: outcome.status === 'answered' ? outcome.rowCount : null,
      execution_time_ms: outcome.status === 'answered' ? outcome.executionTimeMs : null,
      error: outcome.status === 'failed' ? outcome.error.slice(0, 1000) : null,
      candidates: '[]',
    });
  }

  private async recordRefusal(question: Question, conversationId: string, reason: string, candidates: { endpoint_name: string; score: number }[]): Promise<void> {
    await this.write(question, conversationId, `no deployed query answers this: ${reason}`, {
      id: randomUUID(),
      status: 'refused',
      query_program_id: null,
      query_used: null,
      parameters: '{}',
      confidence: null,
      row_count: null,
      execution_time_ms: null,
      error: reason,
      candidates: JSON.stringify(candidates),
    });
  }

  /** The conversation (new or continued), the question and the answer's summary, and the QueryResponse, in one transaction. */
  private async write(
    question: Question,
    conversationId: string,
    summary: string,
    response: { id: string; status: string; query_program_id: string | null; query_used: string | null; parameters: string; confidence: number | null; row_count: number | null; execution_time_ms: number | null; error: string | null; candidates: string },
  ): Promise<void> {
    const text = question.text.trim();
    try {
      await this.deps.db.transaction().execute(async (trx) => {
        const now = new Date();
        await trx
          .insertInto('conversations')
          .values({ id: conversationId, project_id: question.projectId, environment: question.environment, api_key_id: question.apiKeyId || null, user_id: question.userId || null, title: text.slice(0, 200) })
          .onConflict((conflict) => conflict.column('id').doUpdateSet({ updated_at: now }))
          .execute();
        const messageId = randomUUID();
        await trx.insertInto('messages').values({ id: messageId, conversation_id: conversationId, role: 'user', content: text }).execute();
        await trx.insertInto('messages').values({ id: randomUUID(), conversation_id: conversationId, role: 'assistant', content: summary }).execute();
        await trx.insertInto('query_responses').values({ ...response, conversation_id: conversationId, message_id: messageId, project_id: question.projectId, question: text }).execute();
      });
    } catch (error) {
      // The caller's answer does not depend on the record; losing one is logged, not turned into a failed call.
      this.deps.logger.error({ err: error, project_id: question.projectId, conversation_id: conversationId }, 'recording the question failed');
    }
  }
}

// Programs whose `limit` cuts a list of rows (not a ranking's n).
const rowLists = new Set(['list', 'range', 'text_search']);

/**
 * The slots the program runs with. A question that asks for rows and says no number of them ("list
 * the unresolved crashes in version 5.4.1") gets every row up to the program's most, not the first
 * page of its default: the answer carries no sign that rows were left out. "Some", "a few", "a
 * sample" or "examples" keep the default.
 */
export function parametersOf(routed: RouteAnswer, question: string): Record<string, unknown> {
  const parameters: Record<string, unknown> = { ...routed.slots };
  const limit = routed.candidate.slots.find((slot) => slot.name === 'limit' && slot.type === 'integer' && typeof slot.maximum === 'number');
  if (limit && rowLists.has(routed.candidate.family ?? '') && parameters[limit.name] === undefined && !/\b(some|a few|a couple|sample|samples|examples?)\b/i.test(question)) {
    parameters[limit.name] = limit.maximum;
  }
  return parameters;
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
