// Keeps each program version's `published` flag in step with querylane.deployments, in a consumer
// group of its own: a deployment event is never queued behind a dataline build on querylane.jobs
// (which can take minutes), so the flag follows a deploy or undeploy within the bus's delivery time.
// Each event is applied once (processOnce) and carries the whole published set of its program name,
// so applying it again or late cannot leave a wrong flag.
import { openPayload, processOnce, topics, type EventBus, type ReceivedEvent, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { Kysely } from 'kysely';
import type { QueryRuntimeTables } from '../db/schema.js';
import type { ProgramCache } from './program-cache.js';

export async function consumePublishedFlags(deps: {
  bus: EventBus;
  group: string;
  db: Kysely<QueryRuntimeTables>;
  cache: ProgramCache;
  onFatal: (error: Error) => void;
}): Promise<Subscription> {
  const group = `${deps.group}.published`;
  return deps.bus.subscribe({
    group,
    topics: [topics.deployments],
    onFatal: deps.onFatal,
    handler: async (event: ReceivedEvent) => {
      if (event.envelope.type.startsWith('deployments.')) await markPublished({ db: deps.db, cache: deps.cache, group }, event);
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
