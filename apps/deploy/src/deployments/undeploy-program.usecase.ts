// Undeploy: the program's endpoint leaves the environment and its deployment ends `undeployed`.
// A deleted program's deployments end the same way, from its querylane.queryprograms event.
import type { Kysely } from 'kysely';
import type { CallContext } from '@querylane/grpc';
import { AppError } from '@querylane/errors';
import type { Logger } from 'pino';
import type { DeployTables } from '../db/schema.js';
import type { ProgramSource } from '../programs/program-source.js';
import type { DeploymentChanges, Emit } from './deployment-changes.js';
import type { DeploymentRow, DeploymentsRepository } from './deployments.repository.js';
import { parseEnvironment } from './environments.js';

export interface UndeployCommand {
  queryProgramId: string;
  environment: string;
}

export class UndeployProgramUseCase {
  constructor(
    private readonly repository: DeploymentsRepository,
    private readonly changes: DeploymentChanges,
    private readonly programs: ProgramSource,
    private readonly logger: Logger,
  ) {}

  async execute(command: UndeployCommand, context: CallContext): Promise<DeploymentRow> {
    const environment = parseEnvironment(command.environment);
    const program = await this.programs.program(command.queryProgramId, context);
    await this.programs.authorizeWrite(program.projectId, context);
    const ended = await this.changes.commit(async (trx, emit) => {
      const active = await this.repository.activeDeployment(trx, program.projectId, program.name, environment);
      if (!active) throw new AppError('not_found', `query program ${program.name} is not deployed in ${environment}`, { query_program_id: program.id, environment });
      return this.end(trx, emit, active);
    });
    this.logger.info({ request_id: context.requestId, project_id: program.projectId, query_program_id: ended.query_program_id, environment }, 'query program undeployed');
    return ended;
  }

  /**
   * Inside the consumer's transaction: every live deployment of a deleted program's name, deployed
   * before the deletion (a program created later under the same name keeps its own).
   */
  async undeployDeleted(trx: Kysely<DeployTables>, projectId: string, programName: string, deletedAt: Date): Promise<DeploymentRow[]> {
    return this.changes.within(trx, async (_trx, emit) => {
      const ended: DeploymentRow[] = [];
      for (const active of await this.repository.activeOfName(trx, projectId, programName, deletedAt)) ended.push(await this.end(trx, emit, active));
      return ended;
    });
  }

  private async end(trx: Kysely<DeployTables>, emit: Emit, active: DeploymentRow): Promise<DeploymentRow> {
    const ended = await this.repository.endDeployment(trx, active.id, 'undeployed');
    await this.repository.deleteEndpoint(trx, active.project_id, active.environment, active.program_name);
    emit(ended, 'undeployed', await this.repository.publishedProgramIds(trx, active.project_id, active.program_name));
    return ended;
  }
}
