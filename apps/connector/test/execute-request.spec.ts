// Execute-request's storage step against a stand-in object store: the request and response objects
// are stored side by side, and a failed execution leaves neither behind, however the puts interleave,
// unless the catalog may have recorded them (then it keeps what a row may point at).
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { testLogger } from '@querylane/testing';
import { ExecuteRequestUseCase } from '../src/execution/execute-request.usecase.js';

const as = { requestId: 'test' } as never;

/** An object store whose puts of `slow` keys take a while and of `failing` keys fail at once. */
function fakeObjects(behaviour: { slow: RegExp; failing: RegExp }) {
  const stored = new Map<string, number>();
  const puts: Promise<unknown>[] = [];
  const put = async (key: string, body: string | Readable) => {
    if (behaviour.failing.test(key)) {
      if (typeof body !== 'string') body.destroy();
      throw new AppError('service_unavailable', 'the store refused');
    }
    let size = 0;
    if (typeof body === 'string') size = body.length;
    else for await (const chunk of body) size += (chunk as Buffer).length;
    if (behaviour.slow.test(key)) await new Promise((resolve) => setTimeout(resolve, 50));
    stored.set(key, size);
    return { key, size, etag: 'etag' };
  };
  return {
    stored,
    /** What is stored once every put ended (one still running could store its object late). */
    settled: async () => {
      await Promise.allSettled(puts);
      return [...stored.keys()];
    },
    store: {
      bucket: 'test',
      put: (key: string, body: string | Readable) => {
        const putting = put(key, body);
        puts.push(putting);
        return putting;
      },
      delete: async (key: string) => void stored.delete(key),
    },
  };
}

function useCase(
  objects: ReturnType<typeof fakeObjects>['store'],
  recordExecution: (request: { responseObject: { key: string } }) => Promise<unknown>,
  listDataObjects: () => Promise<{ dataObjects: { key: string }[] }> = async () => ({ dataObjects: [] }),
) {
  const records = [{ region: 'north', amount: 1 }, { region: 'south', amount: 2 }];
  const fetched = { pages: 1, bytes: 10, status: 200, truncated: false, wholeBody: async () => undefined, records: (async function* () { yield* records; })() };
  const call = {
    getDatasource: async () => ({ datasource: { id: 'd', projectId: 'p', name: 'Sales' } }),
    authorize: async () => ({}),
    recordExecution,
    listDataObjects,
  };
  return new ExecuteRequestUseCase({
    db: {} as never,
    objects: objects as never,
    clients: { catalog: { call } } as never,
    target: { fetchRecords: async () => fetched } as never,
    logger: testLogger(),
  });
}

const input = { projectId: 'p', datasourceId: 'd', request: { url: 'https://example.com/sales', method: 'GET', authType: 'None' }, as };

describe('execute-request storing its objects', () => {
  it('stores the request and the response, then records both', async () => {
    const { stored, store } = fakeObjects({ slow: /request\.json$/, failing: /^$/ });
    const job = { id: 'j', jobType: 'build_dataline_from_connected_resource', status: 'queued', createdAt: { seconds: 1n, nanos: 0 } };
    const answer = await useCase(store, async () => ({ job, responseObject: { id: 'r' } })).execute(input);
    expect(answer).toMatchObject({ jobs: [{ id: 'j', status: 'queued' }], data_object_id: 'r' });
    expect([...stored.keys()].map((key) => key.split('/').at(-1)).sort()).toEqual(['request.json', 'response.parquet']);
  });

  it('leaves no object behind when the response cannot be stored while the request still is', async () => {
    const { settled, store } = fakeObjects({ slow: /request\.json$/, failing: /response\.parquet$/ });
    await expect(useCase(store, async () => ({})).execute(input)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(await settled()).toEqual([]);
  });

  it('leaves no object behind when the catalog cannot record them', async () => {
    const { settled, store } = fakeObjects({ slow: /request\.json$/, failing: /^$/ });
    const refused = async () => {
      throw new AppError('service_unavailable', 'catalog away');
    };
    await expect(useCase(store, refused).execute(input)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect(await settled()).toEqual([]);
  });

  it('keeps the objects when the catalog recorded them but its answer was lost, and deletes them when it says it did not', async () => {
    const rows: { key: string }[] = [];
    const committedThenLost = async (request: { responseObject: { key: string } }) => {
      rows.push({ key: request.responseObject.key });
      throw new AppError('timeout', 'the catalog did not answer in time');
    };
    const kept = fakeObjects({ slow: /^$/, failing: /^$/ });
    await expect(useCase(kept.store, committedThenLost, async () => ({ dataObjects: rows })).execute(input)).rejects.toMatchObject({ code: 'timeout' });
    // The row the catalog holds has its object.
    expect(await kept.settled()).toContain(rows[0]!.key);

    const lost = fakeObjects({ slow: /^$/, failing: /^$/ });
    const neverCommitted = async () => {
      throw new AppError('timeout', 'the catalog did not answer in time');
    };
    await expect(useCase(lost.store, neverCommitted, async () => ({ dataObjects: [{ key: 'another/response.parquet' }] })).execute(input)).rejects.toMatchObject({ code: 'timeout' });
    expect(await lost.settled()).toEqual([]);
  });

  it('keeps the objects when the catalog can be asked neither to record them nor whether it did', async () => {
    const { settled, store } = fakeObjects({ slow: /^$/, failing: /^$/ });
    const away = async () => {
      throw new AppError('service_unavailable', 'catalog away');
    };
    await expect(useCase(store, away, away).execute(input)).rejects.toMatchObject({ code: 'service_unavailable' });
    expect((await settled()).map((key) => key.split('/').at(-1)).sort()).toEqual(['request.json', 'response.parquet']);
  });

  it('deletes the objects when the catalog refused to record them (its transaction did not commit)', async () => {
    const { settled, store } = fakeObjects({ slow: /^$/, failing: /^$/ });
    let asked = false;
    const refused = async () => {
      throw new AppError('not_found', 'datasource d not found');
    };
    const list = async () => {
      asked = true;
      return { dataObjects: [] };
    };
    await expect(useCase(store, refused, list).execute(input)).rejects.toMatchObject({ code: 'not_found' });
    expect(await settled()).toEqual([]);
    expect(asked).toBe(false);
  });
});
