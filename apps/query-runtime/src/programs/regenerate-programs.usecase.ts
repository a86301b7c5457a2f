// After a dataline is built (or rebuilt on refresh), its query programs are generated again:
// a program whose name comes back keeps its name (a new version when its SQL or slots changed),
// a new one is added, and a generated program whose columns are gone is marked invalid with the
// reason — never left to fail when it is called.
import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DataProfile } from '@querylane/duckdb';
import type { QueryProgramsTable, QueryRuntimeTables } from '../db/schema.js';
import { generateQueryPrograms, type GeneratedProgram } from '../generation/index.js';
import { snakeName } from '../generation/slug-names.js';
import type { ProgramChanges } from './program-changes.js';
import { bindErrors } from './schema-check.js';

export interface RegenerationSummary {
  created: number;
  updated: number;
  unchanged: number;
  invalidated: number;
}

type ProgramRow = Selectable<QueryProgramsTable>;

export class RegenerateProgramsUseCase {
  constructor(private readonly changes: ProgramChanges) {}

  async execute(input: { projectId: string; profile: DataProfile }): Promise<RegenerationSummary> {
    const generated = generateQueryPrograms(input.profile);
    const columns = new Set(input.profile.columns.map((column) => column.name));
    const summary: RegenerationSummary = { created: 0, updated: 0, unchanged: 0, invalidated: 0 };
    await this.changes.commit(async (trx, changed) => {
      const current = await trx
        .selectFrom('query_programs')
        .selectAll()
        .where('project_id', '=', input.projectId)
        .where('is_current', '=', true)
        .where('deleted_at', 'is', null)
        .execute();
      const byName = new Map(current.map((row) => [row.name, row]));
      const regenerated = new Set<string>();
      // Decided first, written in a few statements (one round trip per program made a rebuild wait
      // on dozens of them), and announced in the order the programs were generated.
      const writes: ({ change: 'created' | 'updated'; version: NewVersion } | { change: 'revalidated'; id: string })[] = [];
      for (const program of generated.map((generatedProgram) => ownName(generatedProgram, byName, input.profile.table))) {
        const existing = byName.get(program.name);
        if (existing && existing.origin !== 'generated') continue; // a hand-written program owns the name
        regenerated.add(program.name);
        if (!existing) {
          writes.push({ change: 'created', version: newVersion(input.projectId, program, undefined) });
          summary.created += 1;
        } else if (existing.query_program === program.query_program && sameJson(existing.slots, program.slots)) {
          if (existing.status !== 'valid') writes.push({ change: 'revalidated', id: existing.id });
          summary.unchanged += 1;
        } else {
          writes.push({ change: 'updated', version: newVersion(input.projectId, program, existing) });
          summary.updated += 1;
        }
      }
      const rows = await writeVersions(trx, writes);
      for (const write of writes) changed(rows.get('version' in write ? write.version.id : write.id)!, write.change);

      // Every other program over this table must still bind against its new columns.
      const others = current.filter((row) => !regenerated.has(row.name) && row.stores.includes(input.profile.table));
      const failures = await bindErrors(input.profile.schema_code, others.map((row) => ({ id: row.id, sql: row.query_program })));
      for (const row of others) {
        const missing = columnsOf(row).filter((column) => !columns.has(column));
        const failure = failures.get(row.id);
        if (!missing.length && !failure) continue;
        if (row.status === 'invalid') continue;
        const reason = missing.length
          ? `the data no longer has the column${missing.length > 1 ? 's' : ''} ${missing.map((c) => `"${c}"`).join(', ')}`
          : `the query no longer fits the data: ${failure}`;
        changed(await trx.updateTable('query_programs').set({ status: 'invalid', invalid_reason: reason, updated_at: new Date() }).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow(), 'invalidated');
        summary.invalidated += 1;
      }
    });
    return summary;
  }
}

/**
 * A name another table's generated program holds ("avg_price", "sum_sales_by_region" of two data
 * sets in one project) becomes this table's with the table's name added ("avg_price_of_stocks"):
 * regenerating one data set never writes a new version of another's program.
 */
function ownName(program: GeneratedProgram, byName: Map<string, ProgramRow>, table: string): GeneratedProgram {
  const holder = byName.get(program.name);
  if (!holder || holder.origin !== 'generated' || isDeepStrictEqual(holder.stores, program.stores)) return program;
  return { ...program, name: `${program.name}_of_${snakeName(table, 'rows')}` };
}

function columnsOf(row: ProgramRow): string[] {
  const steps = row.steps as { columns?: unknown } | null;
  // `*` (count(*)) names no column.
  return Array.isArray(steps?.columns) ? steps.columns.filter((column): column is string => typeof column === 'string' && column !== '*') : [];
}

type NewVersion = Insertable<QueryProgramsTable> & { id: string };

function newVersion(projectId: string, program: GeneratedProgram, previous: ProgramRow | undefined): NewVersion {
  return {
    id: randomUUID(),
    project_id: projectId,
    name: program.name,
    version: (previous?.version ?? 0) + 1,
    prev_id: previous?.id ?? null,
    is_current: true,
    origin: 'generated',
    family: program.family,
    query: program.query,
    description: program.description,
    reason: program.reason,
    examples: JSON.stringify(program.examples),
    query_program: program.query_program,
    steps: JSON.stringify(program.steps),
    slots: JSON.stringify(program.slots),
    stores: JSON.stringify(program.stores),
    invalid_reason: null,
  };
}

/**
 * Writes the new versions (their predecessors first stop being current: a name has one current
 * program) and the revalidations; answers every written row by id.
 */
async function writeVersions(trx: Kysely<QueryRuntimeTables>, writes: ({ version: NewVersion } | { id: string })[]): Promise<Map<string, ProgramRow>> {
  const versions = writes.flatMap((write) => ('version' in write ? [write.version] : []));
  const revalidated = writes.flatMap((write) => ('id' in write ? [write.id] : []));
  const replaced = versions.flatMap((version) => (version.prev_id ? [version.prev_id] : []));
  const now = new Date();
  if (replaced.length) await trx.updateTable('query_programs').set({ is_current: false, updated_at: now }).where('id', 'in', replaced).execute();
  const rows = [
    ...(versions.length ? await trx.insertInto('query_programs').values(versions).returningAll().execute() : []),
    ...(revalidated.length ? await trx.updateTable('query_programs').set({ status: 'valid', invalid_reason: null, updated_at: now }).where('id', 'in', revalidated).returningAll().execute() : []),
  ];
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Whether two JSON values are equal whatever the order of their keys: the stored slots come back
 * from a jsonb column, which orders keys its own way, so comparing their JSON texts made every
 * regeneration a new version of every program with slots (a refresh of unchanged data marked every
 * deployment outdated).
 */
function sameJson(stored: unknown, generated: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(stored ?? null)) as unknown, JSON.parse(JSON.stringify(generated ?? null)) as unknown);
}
