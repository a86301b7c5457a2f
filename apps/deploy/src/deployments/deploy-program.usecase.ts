// Deploy: the newest version of the program's name goes live in the environment. When another
// version is live there, this is a redeploy: that deployment becomes `replaced` (kept as history)
// and the endpoint is rewritten for the new version. Deploying the version already live changes
// nothing (a repeated POST is harmless).
import type { Kysely } from 'kysely';
import type { CallContext } from '@querylane/grpc';
import { AppError } from '@querylane/errors';
import type { Logger } from 'pino';
import type { DeployTables } from '../db/schema.js';
import { endpointSecurity, endpointSpec, queriesBasePath, queriesTag } from '../endpoints/endpoint-spec.js';
import { slotsOf, type ProgramSource } from '../programs/program-source.js';
import type { DeploymentChanges } from './deployment-changes.js';
import type { DeploymentsRepository, DeploymentRow, EndpointRow } from './deployments.repository.js';
import { parseEnvironment, type Environment } from './environments.js';

export interface ApiSettings {
  /** The servers entry of every Api: the public base URL of the gateway, or `/` (the document's own origin). */
  serverUrl: string;
}

export interface DeployCommand {
  queryProgramId: string;
  environment: string;
}

export class DeployProgramUseCase {
  constructor(
    private readonly repository: DeploymentsRepository,
    private readonly changes: DeploymentChanges,
    private readonly programs: ProgramSource,
    private readonly settings: ApiSettings,
    private readonly logger: Logger,
  ) {}

  async execute(command: DeployCommand, context: CallContext): Promise<{ deployment: DeploymentRow; endpoint: EndpointRow }> {
    const environment = parseEnvironment(command.environment);
    const { current } = await this.programs.programAndCurrent(command.queryProgramId, context);
    const projectId = current.projectId;
    await this.programs.authorizeWrite(projectId, context);
    if (current.status !== 'valid') {
      throw new AppError('conflict', `query program ${current.name} (version ${current.version}) is invalid and cannot be deployed: ${current.invalidReason ?? 'unknown reason'}`, {
        query_program_id: current.id,
        status: current.status,
        invalid_reason: current.invalidReason ?? null,
      });
    }
    const live = await this.repository.findActive(projectId, current.name, environment);
    if (live?.query_program_id === current.id) return this.withEndpoint(live);

    // Everything that asks another service happens before the transaction (see program-source.ts).
    const columns = await this.programs.resultColumns(current, context);
    const spec = endpointSpec({ id: current.id, name: current.name, version: current.version, query: current.query, description: current.description, slots: slotsOf(current) }, columns);
    const apiName = (await this.repository.findApi(projectId, environment)) ? '' : `${await this.programs.projectName(projectId, context)} queries`;

    try {
      const result = await this.changes.commit(async (trx, emit) => {
        const api = await this.repository.ensureApi(trx, this.newApi(projectId, environment, apiName));
        const previous = await this.repository.activeDeployment(trx, projectId, current.name, environment);
        if (previous?.query_program_id === current.id) return { ...(await this.withEndpoint(previous, trx)), replaced: undefined };
        const replaced = previous ? await this.repository.endDeployment(trx, previous.id, 'replaced') : undefined;
        const deployment = await this.repository.insertDeployment(trx, {
          projectId,
          queryProgramId: current.id,
          programName: current.name,
          version: current.version,
          environment,
          endpointPath: spec.path,
        });
        const endpoint = await this.repository.upsertEndpoint(trx, api, deployment, spec);
        await this.repository.touchApi(trx, api.id);
        emit(deployment, 'deployed', await this.repository.publishedProgramIds(trx, projectId, current.name));
        return { deployment, endpoint, replaced };
      });
      this.logger.info(
        { request_id: context.requestId, project_id: projectId, query_program_id: current.id, environment, version: current.version, replaced_version: result.replaced?.version },
        result.replaced ? 'query program redeployed' : 'query program deployed',
      );
      return { deployment: result.deployment, endpoint: result.endpoint };
    } catch (error) {
      // Two deploys of one name in one environment at once: the unique index lets one win.
      if ((error as { code?: string }).code === '23505') throw new AppError('conflict', `query program ${current.name} is being deployed in ${environment} by another request; try again`);
      throw error;
    }
  }

  private async withEndpoint(deployment: DeploymentRow, trx?: Kysely<DeployTables>) {
    const endpoint = await this.repository.endpointOf(deployment.id, trx);
    if (!endpoint) throw new AppError('internal_error', `deployment ${deployment.id} has no endpoint`);
    return { deployment, endpoint };
  }

  private newApi(projectId: string, environment: Environment, name: string) {
    return {
      projectId,
      environment,
      name,
      basePath: queriesBasePath,
      version: 'v1',
      servers: [{ url: this.settings.serverUrl, description: `Querylane ${environment}` }],
      security: endpointSecurity,
      tags: [{ name: queriesTag, description: 'The deployed queries of the project; each takes one body member per slot' }],
    };
  }
}
