// The gateway's batching of direct query runs against a query-runtime of an older version, one that
// serves RunQueryProgram but not RunQueryPrograms (a rolling upgrade): the runs sent together are
// sent again one by one, every caller gets its own answer, and later calls go alone. The stand-in
// is a real grpc-js server on loopback whose RunQueryProgram answers the slots it was sent.
import * as grpc from '@grpc/grpc-js';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { createClient, toServiceDefinition } from '@querylane/grpc';
import { queryRuntimeV1 } from '@querylane/proto';
import { QueryRuns } from '../src/queries/query-runs.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function olderQueryRuntime(): Promise<{ address: string; runs: string[] }> {
  const runs: string[] = [];
  const server = new grpc.Server();
  server.addService(toServiceDefinition(queryRuntimeV1.QueryRuntimeService), {
    runQueryProgram: (call: grpc.ServerUnaryCall<queryRuntimeV1.RunQueryProgramRequest, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      runs.push(call.request.queryProgramId);
      const dataJson = Buffer.from(JSON.stringify([call.request.slots]));
      setTimeout(() => callback(null, create(queryRuntimeV1.RunQueryProgramResponseSchema, { dataJson, rowCount: 1, executionTimeMs: 1 })), 5);
    },
  });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))));
  cleanups.push(() => server.forceShutdown());
  return { address: `127.0.0.1:${port}`, runs };
}

const sentCounts = async (metrics: Registry) => {
  const values = (await metrics.getSingleMetric('querylane_gateway_query_runs_total')!.get()).values;
  return Object.fromEntries(values.map((value) => [value.labels.sent, value.value]));
};

describe('QueryRuns', () => {
  it('sends the runs of a batch one by one to a query-runtime without RunQueryPrograms, and stops batching', async () => {
    const runtime = await olderQueryRuntime();
    const client = createClient(queryRuntimeV1.QueryRuntimeService, runtime.address);
    cleanups.push(() => client.close());
    const metrics = new Registry();
    const queryRuns = new QueryRuns(client.call, { deadlineMs: 5_000, metrics });

    const call = (index: number) => queryRuns.run({ queryProgramId: `program-${index}`, slots: { index }, requestId: `request-${index}` }).then((result) => JSON.parse(Buffer.from(result.dataJson).toString()) as unknown);
    // The first goes alone; the four made while it is in flight are batched, refused, and sent again.
    const first = await Promise.all([0, 1, 2, 3, 4].map(call));
    expect(first).toEqual([0, 1, 2, 3, 4].map((index) => [{ index }]));
    expect(await sentCounts(metrics)).toEqual({ alone: 5, batched: 4 });

    const later = await Promise.all([5, 6, 7].map(call));
    expect(later).toEqual([5, 6, 7].map((index) => [{ index }]));
    expect(await sentCounts(metrics)).toEqual({ alone: 8, batched: 4 });
    expect(runtime.runs.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((index) => `program-${index}`));
  });
});
