import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import { createEnvelope, InProcessBus, topics } from '@querylane/bus';
import { writeParquet } from '@querylane/duckdb';
import { eventsV1 } from '@querylane/proto';
import { scratchDir, testLogger, waitFor, type ScratchDir } from '@querylane/testing';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryProgramsTable } from '../src/db/schema.js';
import type { ProjectTable, QueryResult } from '../src/execution/project-database.js';
import { ProjectDatabases } from '../src/execution/project-databases.js';
import { ProgramCache } from '../src/programs/program-cache.js';
import { consumeReplicaChanges } from '../src/programs/replica-sync.consumer.js';

let scratch: ScratchDir;
const tables = new Map<string, ProjectTable[]>();

function changed(type: string, projectId: string) {
  return createEnvelope({ type, projectId, source: 'test', schema: eventsV1.RecordChangedSchema, payload: create(eventsV1.RecordChangedSchema, { kind: type.split('.')[1], id: projectId, change: 'updated' }) });
}

/** A program row with the fields the cache looks at. */
function program(id: string, projectId: string): Selectable<QueryProgramsTable> {
  return { id, project_id: projectId } as Selectable<QueryProgramsTable>;
}

const sum = (result: QueryResult) => (JSON.parse(result.json) as { s: number }[])[0]?.s;

beforeAll(async () => {
  scratch = scratchDir('querylane-replica-sync-');
  await writeParquet([{ n: 1 }, { n: 2 }], join(scratch.path, 'v1.parquet'), { tableName: 'small' });
  await writeParquet([{ n: 10 }, { n: 20 }], join(scratch.path, 'v2.parquet'), { tableName: 'small' });
});
afterAll(() => scratch.remove());

describe('a replica kept in step by querylane.queryprograms and querylane.catalog', () => {
  it('drops cached programs of a changed project, reloads a rebuilt dataline and closes a deleted project', async () => {
    const bus = new InProcessBus({ logger: testLogger() });
    await bus.ensureTopics([topics.queryPrograms, topics.catalog]);
    const cache = new ProgramCache();
    const databases = new ProjectDatabases({ memoryBudgetBytes: 1024 ** 3, logger: testLogger(), loadTable: async (projectId) => tables.get(projectId) ?? [] });
    const sync = await consumeReplicaChanges({ bus, group: 'querylane.query-runtime', cache, databases, logger: testLogger(), onFatal: (error) => expect.fail(error.message) });
    try {
      let loads = 0;
      const load = (id: string, projectId: string) => async () => {
        loads += 1;
        return program(id, projectId);
      };
      await cache.get('a', load('a', 'p1'));
      await cache.get('b', load('b', 'p2'));
      await cache.get('a', load('a', 'p1'));
      expect(loads).toBe(2);
      await bus.publish(topics.queryPrograms, [changed('queryprograms.updated', 'p1')]);
      await cache.get('a', load('a', 'p1'));
      await cache.get('b', load('b', 'p2'));
      expect(loads).toBe(3); // p1's program was read again, p2's was not

      tables.set('p1', [{ name: 'small', parquetPath: join(scratch.path, 'v1.parquet'), version: '1' }]);
      expect(sum(await databases.run('p1', 'SELECT sum(n) AS s FROM small', {}))).toBe(3);
      tables.set('p1', [{ name: 'small', parquetPath: join(scratch.path, 'v2.parquet'), version: '2' }]);
      await bus.publish(topics.catalog, [changed('catalog.dataline.updated', 'p1')]);
      expect(sum(await databases.run('p1', 'SELECT sum(n) AS s FROM small', {}))).toBe(30);

      await bus.publish(topics.catalog, [changed('catalog.project.deleted', 'p1')]);
      await waitFor(() => !databases.isOpen('p1'), 'the deleted project to be closed');
    } finally {
      await sync.close();
      await databases.close();
      await bus.close();
    }
  });
});

describe('ProgramCache', () => {
  it('does not keep what a load read before a change was announced', async () => {
    const cache = new ProgramCache();
    let release!: () => void;
    const loading = cache.get('a', () => new Promise((resolve) => (release = () => resolve(program('a', 'p1')))));
    cache.forgetProject('p1');
    release();
    await loading;
    expect(cache.size).toBe(0);
  });

  it('expires entries after their maximum age and keeps at most maxEntries', async () => {
    const aged = new ProgramCache({ maxAgeMs: 0 });
    let loads = 0;
    await aged.get('a', async () => (loads++, program('a', 'p1')));
    await aged.get('a', async () => (loads++, program('a', 'p1')));
    expect(loads).toBe(2);
    const small = new ProgramCache({ maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) await small.get(id, async () => program(id, 'p1'));
    expect(small.size).toBe(2);
  });
});
