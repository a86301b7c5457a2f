// The deploy service as a module (DESIGN.md §1): its schema, its gRPC service, its background work.
import { defineServiceModule, parseEnv } from '@querylane/runtime';
import { deployV1 } from '@querylane/proto';
import { z } from 'zod';
import { migrations } from './db/migrations/index.js';
import type { DeployTables } from './db/schema.js';
import { deployHandlers } from './deploy.handler.js';
import { DeployProgramUseCase } from './deployments/deploy-program.usecase.js';
import { DeploymentChanges } from './deployments/deployment-changes.js';
import { DeploymentSummaryUseCase } from './deployments/deployment-summary.usecase.js';
import { DeploymentsRepository } from './deployments/deployments.repository.js';
import { consumeProgramDeletions } from './deployments/program-deleted.consumer.js';
import { ProjectApiUseCase } from './deployments/project-api.usecase.js';
import { UndeployProgramUseCase } from './deployments/undeploy-program.usecase.js';
import { ProgramSource } from './programs/program-source.js';

const deployConfigSchema = z.object({
  // Where the query endpoints are reached from outside, for the `servers` of the OpenAPI document;
  // `/` means the origin the document was fetched from (the gateway itself).
  QUERYLANE_PUBLIC_URL: z.string().url().optional(),
  // Timed runs behind a deployment summary's estimate.
  DEPLOY_PROFILE_RUNS: z.coerce.number().int().min(1).max(50).default(5),
});

export const deployModule = defineServiceModule<typeof deployV1.DeployService, DeployTables>({
  name: 'deploy',
  service: deployV1.DeployService,
  schema: 'deploy',
  migrations,
  start: async (context) => {
    const settings = parseEnv(deployConfigSchema, context.env);
    const serverUrl = settings.QUERYLANE_PUBLIC_URL?.replace(/\/+$/, '') || '/';
    const repository = new DeploymentsRepository(context.db);
    const changes = new DeploymentChanges(context.db, context.relay);
    const programs = new ProgramSource(context.clients, context.logger, settings.DEPLOY_PROFILE_RUNS);
    const undeploy = new UndeployProgramUseCase(repository, changes, programs, context.logger);
    const subscription = await consumeProgramDeletions({ bus: context.bus, db: context.db, group: context.consumerGroup, undeploy, changes, logger: context.logger, onFatal: context.fail });
    return {
      implementation: deployHandlers({
        deploy: new DeployProgramUseCase(repository, changes, programs, { serverUrl }, context.logger),
        undeploy,
        summary: new DeploymentSummaryUseCase(repository, programs),
        projectApi: new ProjectApiUseCase(repository, programs, serverUrl),
      }),
      stop: () => subscription.close(),
    };
  },
});
