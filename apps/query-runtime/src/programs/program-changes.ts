// Every change of a query program is written with one `querylane.queryprograms` event per program,
// in the same transaction (the outbox): the deploy service learns of new versions, invalid and
// deleted programs from them, and every query-runtime replica drops its cached copy of the program.
import { create, type JsonObject } from '@bufbuild/protobuf';
import type { Kysely, Selectable } from 'kysely';
import { addToOutbox, createEnvelope, topics, type OutboxRelay, type OutgoingEvent } from '@querylane/bus';
import { eventsV1 } from '@querylane/proto';
import type { QueryProgramsTable, QueryRuntimeTables } from '../db/schema.js';
import type { ProgramCache } from './program-cache.js';

type Row = Selectable<QueryProgramsTable>;

/** What happened to the program: `created` (a first version), `updated` (a new version), … */
export type ProgramChange = 'created' | 'updated' | 'deleted' | 'invalidated' | 'revalidated';

/** The kind of record the events carry (`RecordChanged.kind`). */
export const programRecordKind = 'query_program';

export class ProgramChanges {
  constructor(
    private readonly db: Kysely<QueryRuntimeTables>,
    private readonly relay: OutboxRelay,
    private readonly cache: ProgramCache,
  ) {}

  /** Runs `work` in a transaction; each `changed(row, change)` becomes an event committed with it. */
  async commit<T>(work: (trx: Kysely<QueryRuntimeTables>, changed: (row: Row, change: ProgramChange) => void) => Promise<T>): Promise<T> {
    const touched: Row[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      const outgoing: OutgoingEvent[] = [];
      const value = await work(trx, (row, change) => {
        touched.push(row);
        outgoing.push(programChanged(row, change));
      });
      await addToOutbox(trx, outgoing);
      return value;
    });
    // This replica forgets at once; the others when the events reach them.
    for (const row of touched) this.cache.forgetProject(row.project_id);
    this.relay.kick();
    return result;
  }
}

function programChanged(row: Row, change: ProgramChange): OutgoingEvent {
  return {
    topic: topics.queryPrograms,
    envelope: createEnvelope({
      type: `queryprograms.${change}`,
      projectId: row.project_id,
      source: 'query-runtime',
      schema: eventsV1.RecordChangedSchema,
      payload: create(eventsV1.RecordChangedSchema, {
        kind: programRecordKind,
        id: row.id,
        change,
        record: {
          id: row.id,
          project_id: row.project_id,
          name: row.name,
          version: row.version,
          prev_id: row.prev_id,
          is_current: row.is_current,
          origin: row.origin,
          status: row.status,
          invalid_reason: row.invalid_reason,
          deleted: row.deleted_at !== null,
        } satisfies JsonObject,
      }),
    }),
  };
}
