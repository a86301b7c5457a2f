// Reads querylane.api-calls in metering's consumer group and stores every call as an ApiLog row
// (plus its rollups) through the batcher; the handler resolves only after the rows' batch committed.
import type { Logger } from 'pino';
import { topics, type EventBus, type Subscription } from '@querylane/bus';
import { apiLogRow } from './api-call-record.js';
import type { ApiLogBatcher } from './api-log-batcher.js';

export const apiCallEventType = 'api-calls.call';

export async function consumeApiCalls(deps: { bus: EventBus; group: string; batcher: ApiLogBatcher; batchesInFlight: number; logger: Logger; onFatal: (error: Error) => void }): Promise<Subscription> {
  return deps.bus.subscribe({
    group: deps.group,
    topics: [topics.apiCalls],
    onFatal: deps.onFatal,
    // Rows are written while the next batches are fetched and decoded (Kafka): fetching and writing
    // one after the other left the event loop idle a third of the time. Each offset is committed
    // once its rows are; the rows' ids make a batch read again after a failure change nothing.
    batchesInFlight: deps.batchesInFlight,
    // A whole fetch (Kafka) or publish (in-process) at once: one multi-row insert per batch.
    // (Overlapping several partitions' batches, `concurrency`, measured no faster here.)
    batchHandler: async (events) => {
      await deps.batcher.addMany(events.filter(({ envelope }) => envelope.type === apiCallEventType).map(({ envelope }) => apiLogRow(envelope)));
    },
  });
}
