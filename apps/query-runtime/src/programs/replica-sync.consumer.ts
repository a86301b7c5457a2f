// Keeps this replica's in-memory state in step with changes made anywhere: every query-runtime
// process reads querylane.queryprograms and querylane.catalog in a consumer group of its own, from
// the moment it starts (there is nothing to catch up on: its caches start empty). A changed program
// drops the project's cached programs; a rebuilt dataline drops them too (and the routers built
// with its values) and reloads the project's DuckDB database if this replica holds it open.
import { randomUUID } from 'node:crypto';
import { topics, type EventBus, type ReceivedEvent, type Subscription } from '@querylane/bus';
import type { Logger } from 'pino';
import type { ProjectDatabases } from '../execution/project-databases.js';
import type { ProgramCache } from './program-cache.js';

// The catalog's events after which a project's tables may differ.
const dataChanges = new Set(['catalog.dataline.created', 'catalog.dataline.updated', 'catalog.datasource.deleted']);

export async function consumeReplicaChanges(deps: {
  bus: EventBus;
  group: string;
  cache: ProgramCache;
  databases: ProjectDatabases;
  logger: Logger;
  onFatal: (error: Error) => void;
}): Promise<Subscription> {
  return deps.bus.subscribe({
    group: `${deps.group}.replica.${randomUUID()}`,
    topics: [topics.queryPrograms, topics.catalog],
    startAt: 'latest',
    onFatal: deps.onFatal,
    handler: async (event: ReceivedEvent) => {
      const { type, projectId } = event.envelope;
      if (type.startsWith('queryprograms.')) {
        deps.cache.forgetProject(projectId);
      } else if (type === 'catalog.project.deleted') {
        deps.cache.forgetProject(projectId);
        await deps.databases.close(projectId);
      } else if (dataChanges.has(type)) {
        // The data's values (which routing reads, and which a deployed version's enum slots take) changed too.
        deps.cache.forgetProject(projectId);
        const reloaded = await deps.databases.reloadIfChanged(projectId);
        if (reloaded) deps.logger.info({ project_id: projectId, event_type: type }, 'project database reloaded after a catalog change');
      }
    },
  });
}
