// What the deploy service learns about programs, all from query-runtime over gRPC (it owns them)
// and the catalog (it authorizes). Nothing here may run inside a deploy-schema transaction: in the
// embedded mode every service shares one Postgres session, so waiting on another service's query
// from inside a transaction would wait forever (DESIGN.md §3).
import { AppError } from '@querylane/errors';
import { onBehalfOf, type CallContext, type CallOptions } from '@querylane/grpc';
import type { queryRuntimeV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { Logger } from 'pino';
import { sampleSlotValues, type ResultColumn, type Slot } from '../endpoints/endpoint-spec.js';

export type QueryProgram = queryRuntimeV1.QueryProgram;

export interface Estimate {
  p50Ms: number;
  p95Ms: number;
  rows: bigint;
  bytesScanned: bigint;
}

/** The program's slots as plain objects (they travel as Structs). */
export function slotsOf(program: QueryProgram): Slot[] {
  return program.slots as unknown as Slot[];
}

export class ProgramSource {
  constructor(
    private readonly clients: ServiceClients,
    private readonly logger: Logger,
    private readonly profileRuns: number,
  ) {}

  private get runtime() {
    return this.clients['query-runtime'].call;
  }

  /** The program a user names (any version); query-runtime checks that the user may read it. */
  async program(queryProgramId: string, context: CallContext): Promise<QueryProgram> {
    const { queryProgram } = await this.runtime.getQueryProgram({ queryProgramId }, onBehalfOf(context));
    if (!queryProgram) throw new AppError('not_found', `query program ${queryProgramId} not found`, { id: queryProgramId });
    return queryProgram;
  }

  /**
   * The program a user names (any version) and the current version of its name. query-runtime
   * checks that the user may read it; another organization's program is not found.
   */
  async programAndCurrent(queryProgramId: string, context: CallContext): Promise<{ program: QueryProgram; current: QueryProgram }> {
    const program = await this.program(queryProgramId, context);
    const { versions } = await this.runtime.listQueryProgramVersions({ queryProgramId }, onBehalfOf(context));
    const current = versions.find((version) => version.isCurrent && !version.deletedAt);
    if (!current) throw new AppError('not_found', `query program ${program.name} has no current version (deleted)`, { id: queryProgramId });
    return { program, current };
  }

  /** Deploying and undeploying change the project: the user needs write access to it. */
  async authorizeWrite(projectId: string, context: CallContext): Promise<void> {
    await this.authorize(projectId, 'project:write', context);
  }

  /** A user's call is checked by the catalog; a service's own call (no actor) is trusted. */
  async authorize(projectId: string, action: 'project:read' | 'project:write', context: CallContext): Promise<void> {
    const options = onBehalfOf(context);
    if (options.metadata) await this.clients.catalog.call.authorize({ projectId, action }, options);
  }

  /** The project's name, for the title of its Api; the id when the catalog cannot tell. */
  async projectName(projectId: string, context: CallContext): Promise<string> {
    try {
      const { project } = await this.clients.catalog.call.getProject({ projectId }, onBehalfOf(context));
      return project?.name || projectId;
    } catch (error) {
      this.logger.warn({ err: error, project_id: projectId }, 'project name unavailable; the Api is named after the project id');
      return projectId;
    }
  }

  /**
   * The result columns, learnt by running the program once with its defaults (and sample values
   * for required slots without one). A program that cannot run that way still deploys; its rows
   * are then described as any object, and the log says why.
   */
  async resultColumns(program: QueryProgram, context: CallContext): Promise<ResultColumn[] | undefined> {
    try {
      const result = await this.runtime.runQueryProgram(
        { queryProgramId: program.id, slots: sampleSlotValues(slotsOf(program)) as never },
        { ...this.callOptions(context), deadlineMs: 30_000 },
      );
      return result.columns.map((column) => ({ name: column.name, type: column.type }));
    } catch (error) {
      this.logger.warn({ err: error, project_id: program.projectId, query_program_id: program.id }, 'result columns unknown: the program did not run with its defaults');
      return undefined;
    }
  }

  /**
   * The measured cost with the defaults (query-runtime's profile, a few timed runs after a warm-up).
   * Undefined when it cannot be measured (an invalid program, a required slot without a default):
   * the summary is still worth answering.
   */
  async estimate(program: QueryProgram, context: CallContext): Promise<Estimate | undefined> {
    if (program.status !== 'valid') return undefined;
    try {
      const profile = await this.runtime.profileQueryProgram({ queryProgramId: program.id, runs: this.profileRuns }, { ...this.callOptions(context), deadlineMs: 60_000 });
      return { p50Ms: profile.p50Ms, p95Ms: profile.p95Ms, rows: profile.rows, bytesScanned: profile.bytesScanned };
    } catch (error) {
      this.logger.warn({ err: error, project_id: program.projectId, query_program_id: program.id }, 'no estimate: the program could not be profiled');
      return undefined;
    }
  }

  private callOptions(context: CallContext): CallOptions {
    return onBehalfOf(context);
  }
}
