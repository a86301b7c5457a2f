// deploy's consumer of querylane.queryprograms (the service's consumer group): a deleted program's
// deployments end `undeployed`, each with its querylane.deployments event, in the transaction that
// records the event as processed, so a redelivered deletion changes nothing.
import type { Kysely } from 'kysely';
import { openPayload, processOnce, topics, type EventBus, type ReceivedEvent, type Subscription } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import { timestampDate } from '@bufbuild/protobuf/wkt';
import type { Logger } from 'pino';
import type { DeployTables } from '../db/schema.js';
import type { DeploymentChanges } from './deployment-changes.js';
import type { UndeployProgramUseCase } from './undeploy-program.usecase.js';

export async function consumeProgramDeletions(deps: {
  bus: EventBus;
  db: Kysely<DeployTables>;
  group: string;
  undeploy: UndeployProgramUseCase;
  changes: DeploymentChanges;
  logger: Logger;
  onFatal: (error: Error) => void;
}): Promise<Subscription> {
  return deps.bus.subscribe({
    group: deps.group,
    topics: [topics.queryPrograms],
    onFatal: deps.onFatal,
    handler: async (event: ReceivedEvent) => {
      const { envelope } = event;
      if (envelope.type !== 'queryprograms.deleted') return;
      const { record } = openPayload(envelope, eventsV1.RecordChangedSchema);
      const name = typeof record?.name === 'string' ? record.name : undefined;
      if (!name) return;
      const deletedAt = envelope.occurredAt ? timestampDate(envelope.occurredAt) : new Date();
      let ended = 0;
      const fresh = await processOnce(deps.db, deps.group, envelope, async (trx) => {
        ended = (await deps.undeploy.undeployDeleted(trx, envelope.projectId, name, deletedAt)).length;
      });
      if (!fresh || ended === 0) return;
      deps.changes.kick();
      deps.logger.info({ project_id: envelope.projectId, program_name: name, undeployed: ended, trace_id: envelope.traceId }, "deleted program's deployments undeployed");
    },
  });
}
