// The read side: the project's Api of an environment with its endpoints, its OpenAPI document,
// and the live endpoints (the gateway's hot-path cache loads those with a service call).
import type { CallContext } from '@querylane/grpc';
import { AppError } from '@querylane/errors';
import { openApiDocument } from '../openapi/openapi-document.js';
import type { ProgramSource } from '../programs/program-source.js';
import type { ApiRow, DeploymentsRepository, EndpointRow } from './deployments.repository.js';
import { parseEnvironment } from './environments.js';

export class ProjectApiUseCase {
  constructor(
    private readonly repository: DeploymentsRepository,
    private readonly programs: ProgramSource,
    private readonly serverUrl: string,
  ) {}

  async api(projectId: string, environmentName: string, context: CallContext): Promise<{ api: ApiRow; endpoints: EndpointRow[] }> {
    const environment = parseEnvironment(environmentName);
    await this.programs.authorize(projectId, 'project:read', context);
    const api = await this.repository.findApi(projectId, environment);
    if (!api) throw new AppError('not_found', `nothing has been deployed in ${environment} yet: the Api is created by the first deploy`, { project_id: projectId, environment });
    return { api, endpoints: await this.repository.endpoints(projectId, environment) };
  }

  async document(projectId: string, environmentName: string, context: CallContext): Promise<Record<string, unknown>> {
    const environment = parseEnvironment(environmentName);
    await this.programs.authorize(projectId, 'project:read', context);
    const [api, endpoints] = await Promise.all([this.repository.findApi(projectId, environment), this.repository.endpoints(projectId, environment)]);
    return openApiDocument({ projectId, environment, api, endpoints, serverUrl: this.serverUrl });
  }

  async endpoints(projectId: string, environmentName: string, context: CallContext): Promise<EndpointRow[]> {
    const environment = parseEnvironment(environmentName);
    await this.programs.authorize(projectId, 'project:read', context);
    return this.repository.endpoints(projectId, environment);
  }
}
