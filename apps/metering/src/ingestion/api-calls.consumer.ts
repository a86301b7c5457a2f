// Reads querylane.api-calls in metering's consumer group and stores every call as an ApiLog row
// (plus its rollups) through the batcher; the handler resolves only after the row's batch committed.
import type { Logger } from 'pino';
import { topics, type EventBus, type Subscription } from '@querylane/bus';
import { apiLogRow } from './api-call-record.js';
import type { ApiLogBatcher } from './api-log-batcher.js';

export const apiCallEventType = 'api-calls.call';

export async function consumeApiCalls(deps: { bus: EventBus; group: string; batcher: ApiLogBatcher; logger: Logger; onFatal: (error: Error) => void }): Promise<Subscription> {
  return deps.bus.subscribe({
    group: deps.group,
    topics: [topics.apiCalls],
    onFatal: deps.onFatal,
    handler: async ({ envelope }) => {
      if (envelope.type !== apiCallEventType) return;
      await deps.batcher.add(apiLogRow(envelope));
    },
  });
}
