// Regenerating a project's query programs against a real database (embedded PGlite, or PostgreSQL
// when DATABASE_URL is set): the rows each outcome writes, and the querylane.queryprograms events
// committed with them, in the order the programs were generated.
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeEnvelope, openPayload } from '@querylane/bus';
import { Database } from '@querylane/db';
import { profileParquet, writeParquet, type DataProfile } from '@querylane/duckdb';
import { eventsV1 } from '@querylane/proto';
import { isolatedDatabase, scratchDir, testLogger, vegaJson, type IsolatedDatabase, type ScratchDir } from '@querylane/testing';
import { migrations } from '../src/db/migrations/index.js';
import type { QueryRuntimeTables } from '../src/db/schema.js';
import { generateQueryPrograms } from '../src/generation/index.js';
import { ProgramCache } from '../src/programs/program-cache.js';
import { ProgramChanges } from '../src/programs/program-changes.js';
import { RegenerateProgramsUseCase } from '../src/programs/regenerate-programs.usecase.js';

describe('regenerating query programs', () => {
  let dir: ScratchDir;
  let isolated: IsolatedDatabase;
  let database: Database;
  let db: Kysely<QueryRuntimeTables>;
  let profile: DataProfile;

  beforeAll(async () => {
    dir = scratchDir('querylane-regenerate-');
    isolated = await isolatedDatabase();
    database = await Database.open({ url: isolated.url, dataDir: join(dir.path, 'pg'), logger: testLogger() });
    await database.migrate('query', migrations);
    db = database.forSchema<QueryRuntimeTables>('query');
    const path = join(dir.path, 'cars.parquet');
    await writeParquet(vegaJson('cars.json') as Record<string, unknown>[], path, { tableName: 'cars' });
    profile = await profileParquet(path);
  });
  afterAll(async () => {
    await database?.close();
    await isolated?.drop();
    dir?.remove();
  });

  /** The program events in the outbox after `seq`, as [type, name, version]. */
  async function eventsAfter(seq: string): Promise<[string, unknown, unknown][]> {
    const rows = await db.selectFrom('outbox').select(['seq', 'envelope']).where('seq', '>', seq).orderBy('seq').execute();
    return rows.map((row) => {
      const envelope = decodeEnvelope(row.envelope);
      const { record } = openPayload(envelope, eventsV1.RecordChangedSchema);
      return [envelope.type, record?.name, record?.version];
    });
  }
  const lastSeq = async () => (await db.selectFrom('outbox').select((eb) => eb.fn.max('seq').as('seq')).executeTakeFirst())?.seq ?? '0';

  it('creates every program, then writes a new version of a changed one and revalidates an invalid one, announcing each in order', async () => {
    const regenerate = new RegenerateProgramsUseCase(new ProgramChanges(db, { kick: () => undefined } as never, new ProgramCache()));
    const projectId = 'project-regenerate';
    const generated = generateQueryPrograms(profile);
    const names = generated.map((program) => program.name);
    expect(names.length).toBeGreaterThan(3);

    expect(await regenerate.execute({ projectId, profile })).toEqual({ created: names.length, updated: 0, unchanged: 0, invalidated: 0 });
    expect(await eventsAfter('0')).toEqual(names.map((name) => ['queryprograms.created', name, 1]));
    const first = await db.selectFrom('query_programs').selectAll().where('project_id', '=', projectId).execute();
    expect(first.map((row) => [row.name, row.version, row.is_current, row.prev_id, row.status]).sort()).toEqual(names.map((name) => [name, 1, true, null, 'valid']).sort());

    // The second program was edited behind the generator's back, the last one marked invalid.
    const changed = names[1]!;
    const invalid = names.at(-1)!;
    const before = first.find((row) => row.name === changed)!;
    await db.updateTable('query_programs').set({ query_program: 'SELECT 1' }).where('id', '=', before.id).execute();
    await db.updateTable('query_programs').set({ status: 'invalid', invalid_reason: 'test' }).where('project_id', '=', projectId).where('name', '=', invalid).execute();
    const seq = await lastSeq();

    expect(await regenerate.execute({ projectId, profile })).toEqual({ created: 0, updated: 1, unchanged: names.length - 1, invalidated: 0 });
    expect(await eventsAfter(seq)).toEqual([
      ['queryprograms.updated', changed, 2],
      ['queryprograms.revalidated', invalid, 1],
    ]);
    const versions = await db.selectFrom('query_programs').selectAll().where('project_id', '=', projectId).where('name', '=', changed).orderBy('version').execute();
    expect(versions.map((row) => [row.version, row.is_current, row.prev_id])).toEqual([
      [1, false, null],
      [2, true, before.id],
    ]);
    expect(versions[1]!.query_program).toBe(generated[1]!.query_program);
    const revalidated = await db.selectFrom('query_programs').selectAll().where('project_id', '=', projectId).where('name', '=', invalid).execute();
    expect(revalidated.map((row) => [row.version, row.is_current, row.status, row.invalid_reason])).toEqual([[1, true, 'valid', null]]);
    expect(await db.selectFrom('query_programs').select((eb) => eb.fn.countAll<string>().as('n')).where('project_id', '=', projectId).where('is_current', '=', true).executeTakeFirst()).toEqual({ n: String(names.length) });
  });

  it("gives a name another table's program holds this table's name as well, and leaves the other program alone", async () => {
    const regenerate = new RegenerateProgramsUseCase(new ProgramChanges(db, { kick: () => undefined } as never, new ProgramCache()));
    const projectId = 'project-two-tables';
    const path = join(dir.path, 'autos.parquet');
    await writeParquet(vegaJson('cars.json') as Record<string, unknown>[], path, { tableName: 'autos' });
    const autos = await profileParquet(path);
    await regenerate.execute({ projectId, profile });
    const carsNames = generateQueryPrograms(profile).map((program) => program.name);
    const shared = generateQueryPrograms(autos)
      .map((program) => program.name)
      .filter((name) => carsNames.includes(name));
    // Programs named without their table (aggregates: "avg_horsepower", "sum_weight_in_lbs_by_origin").
    expect(shared.length).toBeGreaterThan(0);

    const summary = await regenerate.execute({ projectId, profile: autos });
    expect(summary).toMatchObject({ updated: 0, invalidated: 0 });
    const rows = await db.selectFrom('query_programs').selectAll().where('project_id', '=', projectId).execute();
    for (const name of shared) {
      expect(rows.filter((row) => row.name === name).map((row) => [row.version, row.stores])).toEqual([[1, ['cars']]]);
      expect(rows.filter((row) => row.name === `${name}_of_autos`).map((row) => [row.version, row.stores])).toEqual([[1, ['autos']]]);
    }
    // Regenerated again, both tables' programs come back under the same names, unchanged.
    expect(await regenerate.execute({ projectId, profile: autos })).toMatchObject({ created: 0, updated: 0, invalidated: 0 });
    expect(await regenerate.execute({ projectId, profile })).toMatchObject({ created: 0, updated: 0, invalidated: 0 });
  });
});
