// Keeps the gateway's in-memory answers fresh: every gateway process reads querylane.deployments
// and querylane.catalog in a consumer group of its own, from the moment it starts (its caches start
// empty). A deploy or undeploy drops the project's deployed endpoints; a revoked API key is dropped
// from the key cache at once instead of at the end of its cache time.
import { randomUUID } from 'node:crypto';
import { openPayload, topics, type EventBus, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { Authenticator } from '../auth/authenticator.js';
import type { DeployedEndpoints } from './deployed-endpoints.js';

export function consumeGatewayEvents(deps: { bus: EventBus; groupPrefix: string; endpoints: DeployedEndpoints; authenticator: Authenticator; onFatal: (error: Error) => void }): Promise<Subscription> {
  return deps.bus.subscribe({
    group: `${deps.groupPrefix}.gateway.${randomUUID()}`,
    topics: [topics.deployments, topics.catalog],
    startAt: 'latest',
    onFatal: deps.onFatal,
    handler: async ({ envelope }) => {
      if (envelope.type.startsWith('deployments.')) {
        deps.endpoints.forgetProject(envelope.projectId);
      } else if (envelope.type === 'catalog.api_key.revoked') {
        deps.authenticator.forgetApiKey(openPayload(envelope, eventsV1.RecordChangedSchema).id);
      } else if (envelope.type === 'catalog.project.deleted') {
        deps.endpoints.forgetProject(envelope.projectId);
      }
    },
  });
}
