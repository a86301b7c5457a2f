// Reads querylane.api-calls in metering's consumer group and stores every call as an ApiLog row
// (plus its rollups) through the batcher; the handler resolves only after the rows' batch committed.
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
    // A whole fetch (Kafka) or publish (in-process) at once: one multi-row insert per batch.
    // (Overlapping several partitions' batches, `concurrency`, measured no faster here.)
    batchHandler: async (events) => {
      await deps.batcher.addMany(events.filter(({ envelope }) => envelope.type === apiCallEventType).map(({ envelope }) => apiLogRow(envelope)));
    },
  });
}
