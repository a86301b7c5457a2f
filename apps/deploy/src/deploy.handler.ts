// deploy's gRPC surface: map each request to its use case and the rows to messages.
import type { ServiceImplementation } from '@querylane/grpc';
import type { deployV1 } from '@querylane/proto';
import { toApi, toApiEndpoint, toDeployment } from './deployments/deployment-records.js';
import type { DeployProgramUseCase } from './deployments/deploy-program.usecase.js';
import type { DeploymentSummaryUseCase } from './deployments/deployment-summary.usecase.js';
import type { ProjectApiUseCase } from './deployments/project-api.usecase.js';
import type { UndeployProgramUseCase } from './deployments/undeploy-program.usecase.js';

export function deployHandlers(useCases: {
  deploy: DeployProgramUseCase;
  undeploy: UndeployProgramUseCase;
  summary: DeploymentSummaryUseCase;
  projectApi: ProjectApiUseCase;
}): Omit<ServiceImplementation<typeof deployV1.DeployService>, 'getServiceInfo'> {
  return {
    getDeploymentSummary: async (request, context) => ({ summary: await useCases.summary.execute(request, context) }),
    deploy: async (request, context) => {
      const { deployment, endpoint } = await useCases.deploy.execute(request, context);
      return { deployment: toDeployment(deployment), endpoint: toApiEndpoint(endpoint) };
    },
    undeploy: async (request, context) => ({ deployment: toDeployment(await useCases.undeploy.execute(request, context)) }),
    getProjectApi: async ({ projectId, environment }, context) => {
      const { api, endpoints } = await useCases.projectApi.api(projectId, environment, context);
      return { api: toApi(api, endpoints) };
    },
    getOpenApiDocument: async ({ projectId, environment }, context) => ({
      documentJson: JSON.stringify(await useCases.projectApi.document(projectId, environment, context)),
    }),
    listDeployedEndpoints: async ({ projectId, environment }, context) => ({
      endpoints: (await useCases.projectApi.endpoints(projectId, environment, context)).map(toApiEndpoint),
    }),
  };
}
