// query-runtime's consumer group (one for the service, subscribed once to all its topics):
// querylane.jobs queues dataline builds, querylane.deployments tells which program versions are
// deployed. A redelivered job event finds its job ended and changes nothing; a deployment event is
// applied once (processOnce) and carries the whole published set of its program name, so applying
// it again or late cannot leave a wrong flag.
import { openPayload, processOnce, topics, type EventBus, type ReceivedEvent, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { QueryRuntimeTables } from '../db/schema.js';
import type { ProgramCache } from '../programs/program-cache.js';
import type { BuildDatalineUseCase } from './build-dataline.usecase.js';

export const datalineJobType = 'build_dataline_from_connected_resource';

export async function consumeJobs(deps: {
  bus: EventBus;
  group: string;
  buildDataline: BuildDatalineUseCase;
  db: Kysely<QueryRuntimeTables>;
  cache: ProgramCache;
  logger: Logger;
  onFatal: (error: Error) => void;
}): Promise<Subscription> {
  return deps.bus.subscribe({
    group: deps.group,
    topics: [topics.jobs, topics.deployments],
    onFatal: deps.onFatal,
    handler: async (event: ReceivedEvent) => {
      if (event.envelope.type.startsWith('deployments.')) return markPublished(deps, event);
      if (event.envelope.type !== 'jobs.job.queued') return;
      const queued = openPayload(event.envelope, eventsV1.JobQueuedSchema);
      if (queued.jobType !== datalineJobType) return;
      const outcome = await deps.buildDataline.execute(queued.jobId);
      deps.logger.info({ job_id: queued.jobId, project_id: queued.projectId, outcome, trace_id: event.envelope.traceId }, 'dataline job handled');
    },
  });
}

/** `published` is true exactly for the versions deployed in some environment (DESIGN.md §5). */
async function markPublished(deps: { db: Kysely<QueryRuntimeTables>; cache: ProgramCache; group: string }, event: ReceivedEvent): Promise<void> {
  const { record } = openPayload(event.envelope, eventsV1.RecordChangedSchema);
  const name = typeof record?.program_name === 'string' ? record.program_name : undefined;
  const ids = Array.isArray(record?.published_program_ids) ? record.published_program_ids.filter((id): id is string => typeof id === 'string') : [];
  if (!name) return;
  await processOnce(deps.db, deps.group, event.envelope, async (trx) => {
    const rows = trx.updateTable('query_programs').where('project_id', '=', event.envelope.projectId).where('name', '=', name);
    await rows.set({ published: false }).where('published', '=', true).execute();
    if (ids.length > 0) await rows.set({ published: true }).where('id', 'in', ids).execute();
  });
  deps.cache.forgetProject(event.envelope.projectId);
}
