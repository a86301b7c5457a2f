// Writes go through commit(): the state change, its ProjectEvent rows and its querylane.catalog
// events share one transaction (the outbox), and the relay is kicked once it committed.
import { randomUUID } from 'node:crypto';
import { create } from '@bufbuild/protobuf';
import type { Kysely, Selectable } from 'kysely';
import { addToOutbox, createEnvelope, topics, type OutboxRelay, type OutgoingEvent } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { CatalogTables, ProjectEventsTable, ProjectsTable } from '../db/schema.js';

export interface Emitter {
  /** A ProjectEvent row plus a `catalog.<type>` event carrying the record. */
  project(project: Selectable<ProjectsTable> | { id: string }, type: string, message: string, data?: Record<string, unknown>): Promise<Selectable<ProjectEventsTable>>;
  /** A `catalog.<kind>.<change>` event for a record that is not a project event. */
  record(projectId: string, kind: string, id: string, change: string, record: Record<string, unknown>): void;
}

export class CatalogEvents {
  constructor(
    private readonly db: Kysely<CatalogTables>,
    private readonly relay: OutboxRelay,
  ) {}

  async commit<T>(work: (trx: Kysely<CatalogTables>, emit: Emitter) => Promise<T>): Promise<T> {
    const result = await this.db.transaction().execute(async (trx) => {
      const outgoing: OutgoingEvent[] = [];
      const emit: Emitter = {
        project: async (project, type, message, data) => {
          const event = await trx
            .insertInto('project_events')
            .values({ id: randomUUID(), project_id: project.id, event_type: type, message, data: data ? JSON.stringify(data) : null })
            .returningAll()
            .executeTakeFirstOrThrow();
          outgoing.push(recordChanged(project.id, type, { project_id: project.id, event_type: type, message, ...(data ?? {}) }));
          return event;
        },
        record: (projectId, kind, id, change, record) => {
          outgoing.push(recordChanged(projectId, `${kind}.${change}`, { kind, id, change, ...record }));
        },
      };
      const value = await work(trx, emit);
      await addToOutbox(trx, outgoing);
      return value;
    });
    this.relay.kick();
    return result;
  }
}

function recordChanged(projectId: string, type: string, record: Record<string, unknown>): OutgoingEvent {
  const [kind = type, change = 'updated'] = type.split('.');
  return {
    topic: topics.catalog,
    envelope: createEnvelope({
      type: `catalog.${type}`,
      projectId,
      source: 'catalog',
      schema: eventsV1.RecordChangedSchema,
      payload: create(eventsV1.RecordChangedSchema, {
        kind,
        id: String(record.id ?? projectId),
        change,
        record: JSON.parse(JSON.stringify(record)) as Record<string, never>,
      }),
    }),
  };
}
