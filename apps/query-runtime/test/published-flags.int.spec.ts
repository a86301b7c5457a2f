// A program version's `published` flag against a real database (embedded PGlite, or PostgreSQL when
// DATABASE_URL is set), set from querylane.deployments while a dataline build holds the jobs
// consumer: the flag must not wait for the build.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { create } from '@bufbuild/protobuf';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelope, InProcessBus, topics } from '@querylane/bus';
import { Database } from '@querylane/db';
import { eventsV1 } from '@querylane/proto';
import { isolatedDatabase, scratchDir, testLogger, waitFor, type IsolatedDatabase, type ScratchDir } from '@querylane/testing';
import { migrations } from '../src/db/migrations/index.js';
import type { QueryRuntimeTables } from '../src/db/schema.js';
import type { BuildDatalineUseCase } from '../src/jobs/build-dataline.usecase.js';
import { consumeJobs, datalineJobType } from '../src/jobs/jobs.consumer.js';
import { ProgramCache } from '../src/programs/program-cache.js';
import { consumePublishedFlags } from '../src/programs/published-flags.consumer.js';

describe('published flags from querylane.deployments', () => {
  let dir: ScratchDir;
  let isolated: IsolatedDatabase;
  let database: Database;
  let db: Kysely<QueryRuntimeTables>;
  const projectId = `project-${randomUUID()}`;

  beforeAll(async () => {
    dir = scratchDir('querylane-published-');
    isolated = await isolatedDatabase();
    database = await Database.open({ url: isolated.url, dataDir: join(dir.path, 'pg'), logger: testLogger() });
    await database.migrate('query', migrations);
    db = database.forSchema<QueryRuntimeTables>('query');
  });
  afterAll(async () => {
    await database?.close();
    await isolated?.drop();
    dir?.remove();
  });

  const version = async (name: string, n: number, prevId: string | null, current: boolean) => {
    const id = randomUUID();
    await db
      .insertInto('query_programs')
      .values({ id, project_id: projectId, name, version: n, prev_id: prevId, is_current: current, origin: 'user', query: `${name}?`, query_program: 'SELECT 1 AS one' } as never)
      .execute();
    return id;
  };
  const flags = async (name: string) =>
    (await db.selectFrom('query_programs').select(['version', 'published']).where('project_id', '=', projectId).where('name', '=', name).orderBy('version').execute()).map((row) => [row.version, row.published]);
  const deployment = (change: 'deployed' | 'undeployed', name: string, publishedProgramIds: string[]) =>
    createEnvelope({
      type: `deployments.${change}`,
      projectId,
      source: 'test',
      schema: eventsV1.RecordChangedSchema,
      payload: create(eventsV1.RecordChangedSchema, { kind: 'deployment', id: randomUUID(), change, record: { program_name: name, published_program_ids: publishedProgramIds } }),
    });

  it('follows each deploy and undeploy while a dataline build is still running', async () => {
    const first = await version('heaviest', 1, null, false);
    const second = await version('heaviest', 2, first, true);
    const bus = new InProcessBus({ logger: testLogger() });
    await bus.ensureTopics([topics.jobs, topics.deployments]);
    let release!: () => void;
    const building = new Promise<void>((resolve) => (release = resolve));
    let builds = 0;
    const buildDataline = {
      execute: async () => {
        builds += 1;
        await building;
        return 'succeeded';
      },
    } as unknown as BuildDatalineUseCase;
    const group = 'querylane.query-runtime';
    const onFatal = (error: Error) => expect.fail(error.message);
    const jobs = await consumeJobs({ bus, group, buildDataline, logger: testLogger(), onFatal });
    const published = await consumePublishedFlags({ bus, group, db, cache: new ProgramCache(), onFatal });
    try {
      const queued = createEnvelope({ type: 'jobs.job.queued', projectId, source: 'test', schema: eventsV1.JobQueuedSchema, payload: create(eventsV1.JobQueuedSchema, { jobId: randomUUID(), projectId, jobType: datalineJobType }) });
      const jobDelivered = bus.publish(topics.jobs, [queued]);
      await waitFor(() => builds === 1, 'the dataline build to start');

      await bus.publish(topics.deployments, [deployment('deployed', 'heaviest', [first])]);
      await waitFor(async () => JSON.stringify(await flags('heaviest')) === JSON.stringify([[1, true], [2, false]]), 'version 1 to be published');
      await bus.publish(topics.deployments, [deployment('deployed', 'heaviest', [second])]);
      await waitFor(async () => JSON.stringify(await flags('heaviest')) === JSON.stringify([[1, false], [2, true]]), 'version 2 to replace version 1');
      await bus.publish(topics.deployments, [deployment('undeployed', 'heaviest', [])]);
      await waitFor(async () => JSON.stringify(await flags('heaviest')) === JSON.stringify([[1, false], [2, false]]), 'nothing published');
      expect(builds).toBe(1);

      release();
      await jobDelivered;
    } finally {
      release();
      await jobs.close();
      await published.close();
      await bus.close();
    }
  });
});
