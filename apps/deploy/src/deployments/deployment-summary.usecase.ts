// What deploying a program gives in an environment: its endpoint, its slots, its measured cost,
// and whether it is live there (outdated when a newer version exists than the one deployed).
import { create } from '@bufbuild/protobuf';
import type { CallContext } from '@querylane/grpc';
import { deployV1 } from '@querylane/proto';
import { endpointPath } from '../endpoints/endpoint-spec.js';
import type { ProgramSource } from '../programs/program-source.js';
import type { DeploymentsRepository } from './deployments.repository.js';
import { parseEnvironment } from './environments.js';

export class DeploymentSummaryUseCase {
  constructor(
    private readonly repository: DeploymentsRepository,
    private readonly programs: ProgramSource,
  ) {}

  async execute(command: { queryProgramId: string; environment: string }, context: CallContext): Promise<deployV1.DeploymentSummary> {
    const environment = parseEnvironment(command.environment);
    // The summary describes what a deploy would put live: the current version of the name.
    const { current } = await this.programs.programAndCurrent(command.queryProgramId, context);
    const [live, estimated] = await Promise.all([this.repository.findActive(current.projectId, current.name, environment), this.programs.estimate(current, context)]);
    const status = !live ? 'not_deployed' : live.version >= current.version ? 'deployed' : 'outdated';
    return create(deployV1.DeploymentSummarySchema, {
      queryProgramId: current.id,
      name: current.name,
      description: current.description,
      slots: current.slots,
      estimated,
      endpoint: { method: 'POST', path: endpointPath(current.name) },
      status,
      deployedVersion: live?.version,
      environment,
    });
  }
}
