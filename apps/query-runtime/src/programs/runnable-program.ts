// The program a call runs, as the run path reads it (a deployed version called by name, or a
// candidate of a question). A deployment keeps its version after a refresh (its summary says
// outdated), yet the version's enum slots list the values its data held when it was generated: a
// refresh that brought a new country made "Italy" a value the data holds and the deployed count
// refuses. So a version that is not the newest, with the newest's SQL, takes the newest's values
// of the same enum slots too (its own first); what no version lists is still refused. Management
// reads show each version as it was stored (they do not come this way).
import type { Kysely, Selectable } from 'kysely';
import type { QueryProgramsTable, QueryRuntimeTables } from '../db/schema.js';
import type { Slot } from './slot-values.js';

type Row = Selectable<QueryProgramsTable>;

/** The cache key of a run-path row (management reads cache the stored row under its bare id). */
export const runKey = (id: string): string => `run\u0000${id}`;

export async function loadRunnableProgram(db: Kysely<QueryRuntimeTables>, id: string): Promise<Row | undefined> {
  const row = await db.selectFrom('query_programs').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!row || row.is_current || !(row.slots as unknown as Slot[]).some((slot) => slot.type === 'enum')) return row;
  const newest = await db
    .selectFrom('query_programs')
    .selectAll()
    .where('project_id', '=', row.project_id)
    .where('name', '=', row.name)
    .where('is_current', '=', true)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!newest || newest.query_program !== row.query_program) return row;
  return { ...row, slots: withNewerValues(row.slots as unknown as Slot[], newest.slots as unknown as Slot[]) as unknown as Row['slots'] };
}

/** `slots` with each enum slot's values followed by those a newer version of it lists besides. */
export function withNewerValues(slots: readonly Slot[], newer: readonly Slot[]): Slot[] {
  const newerValues = new Map(newer.filter((slot) => slot.type === 'enum').map((slot) => [slot.name, slot.enum_values ?? []]));
  return slots.map((slot) => {
    const added = slot.type === 'enum' ? (newerValues.get(slot.name) ?? []).filter((value) => !(slot.enum_values ?? []).includes(value)) : [];
    return added.length === 0 ? slot : { ...slot, enum_values: [...(slot.enum_values ?? []), ...added] };
  });
}
