// Every metering process reads querylane.catalog in a consumer group of its own, from the moment it
// starts (its plan cache starts empty, so there is nothing to catch up on), and drops an
// organization's cached plan when its subscription changes.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { openPayload, topics, type EventBus, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { RateLimiter } from './rate-limiter.js';

export const subscriptionUpdatedType = 'catalog.subscription.updated';

export async function consumeSubscriptionChanges(deps: { bus: EventBus; group: string; limiter: RateLimiter; logger: Logger; onFatal: (error: Error) => void }): Promise<Subscription> {
  return deps.bus.subscribe({
    group: `${deps.group}.replica.${randomUUID()}`,
    topics: [topics.catalog],
    startAt: 'latest',
    onFatal: deps.onFatal,
    handler: async ({ envelope }) => {
      if (envelope.type !== subscriptionUpdatedType) return;
      const organizationId = openPayload(envelope, eventsV1.RecordChangedSchema).record?.organization_id;
      if (typeof organizationId !== 'string' || !organizationId) return;
      deps.limiter.forgetOrganization(organizationId);
      deps.logger.info({ organization_id: organizationId }, 'subscription changed; its plan is read again on the next call');
    },
  });
}
