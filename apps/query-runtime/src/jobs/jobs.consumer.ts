// query-runtime's consumer group for querylane.jobs, which queues dataline builds. A redelivered job
// event finds its job ended and changes nothing. (querylane.deployments has a group of its own:
// programs/published-flags.consumer.ts.)
import { openPayload, topics, type EventBus, type ReceivedEvent, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { Logger } from 'pino';
import type { BuildDatalineUseCase } from './build-dataline.usecase.js';

export const datalineJobType = 'build_dataline_from_connected_resource';

export async function consumeJobs(deps: {
  bus: EventBus;
  group: string;
  buildDataline: BuildDatalineUseCase;
  logger: Logger;
  onFatal: (error: Error) => void;
}): Promise<Subscription> {
  return deps.bus.subscribe({
    group: deps.group,
    topics: [topics.jobs],
    onFatal: deps.onFatal,
    handler: async (event: ReceivedEvent) => {
      if (event.envelope.type !== 'jobs.job.queued') return;
      const queued = openPayload(event.envelope, eventsV1.JobQueuedSchema);
      if (queued.jobType !== datalineJobType) return;
      const outcome = await deps.buildDataline.execute(queued.jobId, { dataObjectKey: queued.dataObjectKey || undefined });
      deps.logger.info({ job_id: queued.jobId, project_id: queued.projectId, outcome, trace_id: event.envelope.traceId }, 'dataline job handled');
    },
  });
}
