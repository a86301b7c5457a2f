// The dataline job's steps against a stand-in catalog: the order its JobEvents and status moves
// land in, which overlapping the job's independent catalog calls must not change.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeParquet } from '@querylane/duckdb';
import { AppError } from '@querylane/errors';
import { scratchDir, testLogger, type ScratchDir } from '@querylane/testing';
import { BuildDatalineUseCase } from '../src/jobs/build-dataline.usecase.js';

const jobId = 'job-1';

/**
 * A catalog whose writes land (are recorded) only after `delays[eventType]` ms (a move: after
 * `delays['status <status>']`), as a busy one's might.
 */
function fakeCatalog(delays: Record<string, number> = {}, failing: { upsertDataline?: boolean; move?: boolean; unknownJob?: boolean } = {}) {
  const landed: string[] = [];
  const written: { name: string; dataModel: { row_count: number }; schemaCode: string }[] = [];
  const later = (what: string, ms = 0) => new Promise<void>((resolve) => setTimeout(resolve, ms)).then(() => void landed.push(what));
  const call = {
    // (Recorded only when the read is slowed: the order the other tests check has no read in it.)
    getJob: async () => (delays.getJob === undefined ? Promise.resolve() : later('job read', delays.getJob)).then(() => {
      if (failing.unknownJob) throw new AppError('not_found', `no job ${jobId}`);
      return { job: { id: jobId, status: 'queued', projectId: 'p', datasourceId: 'd', sources: [{ sourceType: 'data_object', sourceId: 'o' }] } };
    }),
    // Events and a datasource status sent with a move land with it, in one transaction.
    transitionJob: async ({ status, events = [], datasourceStatus }: { status: string; events?: { eventType: string }[]; datasourceStatus?: string }) => {
      if (failing.move && status === 'running') throw new AppError('conflict', 'a running job cannot become running');
      await later(`status ${status}`, delays[`status ${status}`]);
      landed.splice(-1, 0, ...events.map((event) => `event ${event.eventType}`), ...(datasourceStatus ? [`datasource ${datasourceStatus}`] : []));
    },
    getDataObject: async () => ({ dataObject: { id: 'o', key: 'response.parquet', fileSize: 1n } }),
    getDatasource: async () => ({ datasource: { id: 'd', name: 'Sales' } }),
    listProjectDatalines: async () => ({ datalines: [] }),
    addJobEvent: async ({ eventType }: { eventType: string }) => later(`event ${eventType}`, delays[eventType]),
    upsertDataline: async (input: { name: string; dataModel: { row_count: number }; schemaCode: string }) => {
      if (failing.upsertDataline) throw new AppError('service_unavailable', 'the catalog is busy');
      written.push(input);
      return { dataline: { id: 'l', name: 'sales' } };
    },
    addProjectEvent: async () => undefined,
    setDatasourceStatus: async ({ status }: { status: string }) => later(`datasource ${status}`),
  };
  return { landed, written, clients: { catalog: { call } } as never };
}

describe('the dataline job', () => {
  let dir: ScratchDir;
  let parquet: string;

  beforeAll(async () => {
    dir = scratchDir('querylane-build-dataline-');
    parquet = join(dir.path, 'response.parquet');
    await writeParquet([{ region: 'north', amount: 1 }, { region: 'south', amount: 2 }], parquet);
  });
  afterAll(() => dir.remove());

  function useCase(clients: never, get: (key: string) => Promise<NodeJS.ReadableStream>, retry = { attempts: 1, backoffMs: 0 }) {
    return new BuildDatalineUseCase({
      clients,
      objects: { get } as never,
      logger: testLogger(),
      retry,
      regenerate: { execute: async () => ({ created: 1, updated: 0, unchanged: 0, invalidated: 0 }) } as never,
    });
  }

  it('records its steps in order while the download overlaps the started event', async () => {
    const { landed, clients } = fakeCatalog({ started: 30 });
    expect(await useCase(clients, async () => createReadStream(parquet)).execute(jobId)).toBe('done');
    expect(landed).toEqual(['status running', 'event started', 'event profiled', 'event programs_generated', 'event dataline_built', 'datasource transformed', 'status succeeded']);
  });

  it('downloads and profiles while the job is moved to running, and records `started` after the move', async () => {
    const { landed, clients } = fakeCatalog({ 'status running': 60 });
    const get = async () => {
      landed.push('download');
      return createReadStream(parquet);
    };
    expect(await useCase(clients, get).execute(jobId)).toBe('done');
    expect(landed).toEqual(['download', 'status running', 'event started', 'event profiled', 'event programs_generated', 'event dataline_built', 'datasource transformed', 'status succeeded']);
  });

  it('fetches and profiles the event\'s data object once the job is read, while its inputs are, and writes the dataline as its table', async () => {
    const { landed, written, clients } = fakeCatalog({ getJob: 60 });
    const keys: string[] = [];
    const get = async (key: string) => {
      keys.push(key);
      landed.push('download');
      return createReadStream(parquet);
    };
    expect(await useCase(clients, get).execute(jobId, { dataObjectKey: 'response.parquet' })).toBe('done');
    // One download, after the job was read (the move to running may land before or after it); the
    // profile is the datasource's table's.
    expect([keys, landed[0], landed.indexOf('download') > landed.indexOf('job read')]).toEqual([['response.parquet'], 'job read', true]);
    expect(written.map((w) => [w.name, w.dataModel.row_count, w.schemaCode.startsWith('CREATE TABLE "sales" (')])).toEqual([['sales', 2, true]]);
  });

  it('downloads nothing for a job the catalog does not know (another deployment\'s event on a shared broker)', async () => {
    const { landed, clients } = fakeCatalog({}, { unknownJob: true });
    const keys: string[] = [];
    const get = async (key: string) => {
      keys.push(key);
      return createReadStream(parquet);
    };
    expect(await useCase(clients, get).execute(jobId, { dataObjectKey: 'response.parquet' })).toBe('skipped');
    // (Give a download started and left behind the time to show.)
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([keys, landed]).toEqual([[], []]);
  });

  it('reads the job\'s own data object when the event names another', async () => {
    const { written, clients } = fakeCatalog();
    const other = join(dir.path, 'other.parquet');
    await writeParquet([{ region: 'east', amount: 3 }, { region: 'west', amount: 4 }, { region: 'west', amount: 5 }], other);
    const keys: string[] = [];
    const get = async (key: string) => {
      keys.push(key);
      return createReadStream(key === 'response.parquet' ? parquet : other);
    };
    expect(await useCase(clients, get).execute(jobId, { dataObjectKey: 'other.parquet' })).toBe('done');
    expect(keys.sort()).toEqual(['other.parquet', 'response.parquet']);
    expect(written.map((w) => w.dataModel.row_count)).toEqual([2]);
  });

  it('ends with the catalog\'s refusal of the move, recording no attempt, when another consumer took the job', async () => {
    const { landed, clients } = fakeCatalog({}, { move: true });
    await expect(useCase(clients, async () => createReadStream(parquet)).execute(jobId)).rejects.toMatchObject({ code: 'conflict' });
    expect(landed).toEqual([]);
  });

  it('records `profiled` before the job ends, however late it lands beside the dataline write', async () => {
    const { landed, clients } = fakeCatalog({ profiled: 30 });
    expect(await useCase(clients, async () => createReadStream(parquet)).execute(jobId)).toBe('done');
    expect(landed).toEqual(['status running', 'event started', 'event profiled', 'event programs_generated', 'event dataline_built', 'datasource transformed', 'status succeeded']);
  });

  it('records a failed dataline write after the profiled event, however late that one lands', async () => {
    const { landed, clients } = fakeCatalog({ profiled: 30 }, { upsertDataline: true });
    expect(await useCase(clients, async () => createReadStream(parquet)).execute(jobId)).toBe('done');
    expect(landed).toEqual(['status running', 'event started', 'event profiled', 'event attempt_failed', 'status failed', 'datasource transformation_failed']);
  });

  it('records a failed download after the started event, however late that one lands', async () => {
    const { landed, clients } = fakeCatalog({ started: 30 });
    const missing = async () => {
      throw new AppError('not_found', 'no such object');
    };
    expect(await useCase(clients, missing).execute(jobId)).toBe('done');
    expect(landed).toEqual(['status running', 'event started', 'event attempt_failed', 'status failed', 'datasource transformation_failed']);
  });

  it('tries again after pauses that double, then fails with the last reason; bad data is not tried again', async () => {
    const { landed, clients } = fakeCatalog();
    const tried: number[] = [];
    const busy = async () => {
      tried.push(performance.now());
      throw new AppError('service_unavailable', 'the object store is busy');
    };
    expect(await useCase(clients, busy, { attempts: 3, backoffMs: 60 }).execute(jobId)).toBe('done');
    expect(tried).toHaveLength(3);
    // At least the base pause, then at least twice it.
    expect(tried[1]! - tried[0]!).toBeGreaterThanOrEqual(58);
    expect(tried[2]! - tried[1]!).toBeGreaterThanOrEqual(118);
    expect(landed.filter((step) => step === 'event attempt_failed')).toHaveLength(3);
    expect(landed.slice(-2)).toEqual(['status failed', 'datasource transformation_failed']);

    const bad = fakeCatalog();
    let reads = 0;
    const invalid = async () => {
      reads += 1;
      throw new AppError('invalid_request', 'the response is no Parquet file');
    };
    expect(await useCase(bad.clients, invalid, { attempts: 3, backoffMs: 60 }).execute(jobId)).toBe('done');
    expect(reads).toBe(1);
  });
});
