// The gateway's channel of direct query runs (RunQueryProgramsChannel) and what it does when the
// query-runtime on the other side ends it, fails it, answers late, or is of an older version that
// serves neither the channel nor RunQueryPrograms (a rolling upgrade): every caller gets its own
// answer or a clear error. The stand-ins are real grpc-js servers on loopback.
import * as grpc from '@grpc/grpc-js';
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { create } from '@bufbuild/protobuf';
import { AppError } from '@querylane/errors';
import { createClient, toStatusObject, toServiceDefinition } from '@querylane/grpc';
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

type ChannelCall = grpc.ServerDuplexStream<queryRuntimeV1.RunQueryProgramsChannelRequest, queryRuntimeV1.RunQueryProgramsChannelResponse>;

/** A query-runtime whose RunQueryProgramsChannel does what `onCall` does with each call (the nth since it started). */
async function channelQueryRuntime(onCall: (call: ChannelCall, nth: number) => void): Promise<string> {
  let calls = 0;
  const server = new grpc.Server();
  server.addService(toServiceDefinition(queryRuntimeV1.QueryRuntimeService), { runQueryProgramsChannel: (call: ChannelCall) => onCall(call, calls++) });
  const port = await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))));
  cleanups.push(() => server.forceShutdown());
  return `127.0.0.1:${port}`;
}

/** The answer query-runtime gives a run: its slots as the rows. */
const answerOf = (run: queryRuntimeV1.RunQueryProgramsChannelRequest) =>
  create(queryRuntimeV1.RunQueryProgramsChannelResponseSchema, { id: run.id, outcome: { case: 'result', value: { dataJson: Buffer.from(JSON.stringify([run.run?.slots])), rowCount: 1 } } });

const rowsOf = (result: { dataJson: Uint8Array }) => JSON.parse(Buffer.from(result.dataJson).toString()) as unknown;

const sentCounts = async (metrics: Registry) => {
  const values = (await metrics.getSingleMetric('querylane_gateway_query_runs_total')!.get()).values;
  return Object.fromEntries(values.map((value) => [value.labels.sent, value.value]));
};

describe('QueryRuns', () => {
  it('sends the runs on one channel, numbered, and gives each caller the answer with its number', async () => {
    const seen: { id: number; requestId: string; deadlineMs: number }[] = [];
    const address = await channelQueryRuntime((call) => {
      // Answered in the reverse order of arrival, each after the next one came (the last at once).
      let held: queryRuntimeV1.RunQueryProgramsChannelRequest | undefined;
      call.on('data', (run: queryRuntimeV1.RunQueryProgramsChannelRequest) => {
        seen.push({ id: run.id, requestId: run.requestId, deadlineMs: run.deadlineMs });
        if (held) call.write(answerOf(held));
        held = run;
        if ((run.run?.slots as { last?: boolean }).last) call.write(answerOf(run));
      });
      call.on('end', () => call.end());
    });
    const client = createClient(queryRuntimeV1.QueryRuntimeService, address);
    cleanups.push(() => client.close());
    const metrics = new Registry();
    const queryRuns = new QueryRuns(client.call, { deadlineMs: 5_000, metrics });
    const answers = await Promise.all([0, 1, 2].map((index) => queryRuns.run({ queryProgramId: 'program', slots: { index, last: index === 2 }, requestId: `request-${index}` }).then(rowsOf)));
    expect(answers).toEqual([0, 1, 2].map((index) => [{ index, last: index === 2 }]));
    expect(seen).toEqual([0, 1, 2].map((id) => ({ id, requestId: `request-${id}`, deadlineMs: 5_000 })));
    expect(await sentCounts(metrics)).toEqual({ channel: 3 });
  });

  it('sends again, on a new channel, the runs a channel ended with OK without answering, and fails those ended twice', async () => {
    const address = await channelQueryRuntime((call, nth) => {
      call.on('data', (run: queryRuntimeV1.RunQueryProgramsChannelRequest) => {
        // The first channel ends at once (a query-runtime shutting down); the second answers all
        // but the run named `never`, and ends with OK after the next one; the third ends at once.
        if (nth !== 1) return void call.end();
        if ((run.run?.slots as { never?: boolean }).never) return;
        call.write(answerOf(run));
        if ((run.run?.slots as { endAfter?: boolean }).endAfter) call.end();
      });
    });
    const client = createClient(queryRuntimeV1.QueryRuntimeService, address);
    cleanups.push(() => client.close());
    const queryRuns = new QueryRuns(client.call, { deadlineMs: 5_000 });
    expect(rowsOf(await queryRuns.run({ queryProgramId: 'program', slots: { index: 0 }, requestId: 'request-0' }))).toEqual([{ index: 0 }]);
    const never = queryRuns.run({ queryProgramId: 'program', slots: { never: true }, requestId: 'request-1' });
    never.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Its channel ends now: `never` goes again on the third, which ends it too, so it fails.
    expect(rowsOf(await queryRuns.run({ queryProgramId: 'program', slots: { endAfter: true }, requestId: 'request-2' }))).toEqual([{ endAfter: true }]);
    await expect(never).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('fails the runs of a channel that fails with its error, fails a run past its deadline, and opens a new channel for later runs', async () => {
    const address = await channelQueryRuntime((call, nth) => {
      call.on('data', (run: queryRuntimeV1.RunQueryProgramsChannelRequest) => {
        if (nth === 0) return void call.emit('error', toStatusObject(new AppError('service_unavailable', 'query-runtime is restarting'), run.requestId));
        if ((run.run?.slots as { slow?: boolean }).slow) return;
        call.write(answerOf(run));
      });
    });
    const client = createClient(queryRuntimeV1.QueryRuntimeService, address);
    cleanups.push(() => client.close());
    const queryRuns = new QueryRuns(client.call, { deadlineMs: 300 });
    await expect(queryRuns.run({ queryProgramId: 'program', slots: { index: 0 }, requestId: 'request-0' })).rejects.toMatchObject({ code: 'service_unavailable', message: 'query-runtime is restarting' });
    const started = performance.now();
    await expect(queryRuns.run({ queryProgramId: 'program', slots: { slow: true }, requestId: 'request-1' })).rejects.toMatchObject({ code: 'timeout' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(rowsOf(await queryRuns.run({ queryProgramId: 'program', slots: { index: 2 }, requestId: 'request-2' }))).toEqual([{ index: 2 }]);
  });

  it('sends the runs of a batch one by one to a query-runtime without the channel or RunQueryPrograms, and stops batching', async () => {
    const runtime = await olderQueryRuntime();
    const client = createClient(queryRuntimeV1.QueryRuntimeService, runtime.address);
    cleanups.push(() => client.close());
    const metrics = new Registry();
    const queryRuns = new QueryRuns(client.call, { deadlineMs: 5_000, metrics });

    const call = (index: number) => queryRuns.run({ queryProgramId: `program-${index}`, slots: { index }, requestId: `request-${index}` }).then((result) => JSON.parse(Buffer.from(result.dataJson).toString()) as unknown);
    // All five go on the channel, which is refused; then the first goes alone, and the four made
    // while it is in flight are batched, refused, and sent again.
    const first = await Promise.all([0, 1, 2, 3, 4].map(call));
    expect(first).toEqual([0, 1, 2, 3, 4].map((index) => [{ index }]));
    expect(await sentCounts(metrics)).toEqual({ channel: 5, alone: 5, batched: 4 });

    const later = await Promise.all([5, 6, 7].map(call));
    expect(later).toEqual([5, 6, 7].map((index) => [{ index }]));
    expect(await sentCounts(metrics)).toEqual({ channel: 5, alone: 8, batched: 4 });
    expect(runtime.runs.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((index) => `program-${index}`));
  });
});
