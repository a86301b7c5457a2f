// One querylane.deployments event per deploy or undeploy, written to the outbox in the
// transaction of the change: the gateway drops its cached endpoints, query-runtime sets each
// program version's `published` from `published_program_ids`.
import { create } from '@bufbuild/protobuf';
import type { Selectable } from 'kysely';
import { createEnvelope, topics, type OutgoingEvent } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { DeploymentsTable } from '../db/schema.js';

export type DeploymentChange = 'deployed' | 'undeployed';

export function deploymentChanged(deployment: Selectable<DeploymentsTable>, change: DeploymentChange, publishedProgramIds: string[]): OutgoingEvent {
  return {
    topic: topics.deployments,
    envelope: createEnvelope({
      type: `deployments.${change}`,
      projectId: deployment.project_id,
      source: 'deploy',
      schema: eventsV1.RecordChangedSchema,
      payload: create(eventsV1.RecordChangedSchema, {
        kind: 'deployment',
        id: deployment.id,
        change,
        record: {
          project_id: deployment.project_id,
          environment: deployment.environment,
          endpoint_name: deployment.program_name,
          query_program_id: deployment.query_program_id,
          program_name: deployment.program_name,
          version: deployment.version,
          status: deployment.status,
          published_program_ids: publishedProgramIds,
        },
      }),
    }),
  };
}
