// The adapter over real grpc-js on loopback: typed calls, streaming, error mapping, deadlines,
// health, draining. The probe service exists for these tests only.
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { asCompleted, createClient, GrpcServer, ServingStatus, type ServiceImplementation } from '@querylane/grpc';
import { healthV1, testingV1 } from '@querylane/proto';
import { testLogger } from '@querylane/testing';

type Probe = typeof testingV1.ProbeService;
const probeName = testingV1.ProbeService.typeName;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const working: ServiceImplementation<Probe> = {
  echo: async (request, context) => {
    if (request.delayMs) await sleep(request.delayMs);
    return { text: request.text, requestId: context.requestId };
  },
  count: async function* (request) {
    for (let value = 1; value <= request.upTo; value += 1) yield { value };
  },
  chat: (requests, context) =>
    asCompleted(requests, async (request) => {
      if (request.delayMs) await sleep(request.delayMs);
      return { text: request.text, requestId: context.requestId };
    }),
};

async function serve(overrides: Partial<ServiceImplementation<Probe>> = {}) {
  const server = new GrpcServer({ logger: testLogger() });
  server.addService(testingV1.ProbeService, { ...working, ...overrides });
  const port = await server.listen('127.0.0.1', 0);
  cleanups.push(() => server.shutdown(1_000));
  const address = `127.0.0.1:${port}`;
  const client = createClient(testingV1.ProbeService, address, { defaultDeadlineMs: 2_000 });
  const health = createClient(healthV1.Health, address);
  cleanups.push(() => client.close());
  cleanups.push(() => health.close());
  return { server, client, health, address };
}

describe('grpc adapter', () => {
  it('serializes requests and responses with the generated schemas and carries the request id', async () => {
    const { client } = await serve();
    const response = await client.call.echo({ text: 'héllo ✓' }, { requestId: 'req-123' });
    expect(response).toMatchObject({ text: 'héllo ✓', requestId: 'req-123' });
  });

  it('streams server responses', async () => {
    const { client } = await serve();
    const values: number[] = [];
    for await (const message of client.call.count({ upTo: 5 })) values.push(message.value);
    expect(values).toEqual([1, 2, 3, 4, 5]);
  });

  it('carries the public error code, message and details from server to client', async () => {
    const { client } = await serve({
      echo: async () => {
        throw new AppError('not_found', 'datasource ds_1 not found', { id: 'ds_1', candidates: ['a', 'b'] });
      },
    });
    const error = await client.call.echo({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'datasource ds_1 not found', details: { id: 'ds_1', candidates: ['a', 'b'] } });
  });

  it('fails a stream with the error the server raised', async () => {
    const { client } = await serve({
      count: async function* () {
        yield { value: 1 };
        throw new AppError('invalid_request', 'cannot count further', { field: 'up_to' });
      },
    });
    const values: number[] = [];
    const error = await (async () => {
      for await (const message of client.call.count({ upTo: 3 })) values.push(message.value);
    })().catch((e: unknown) => e);
    expect(values).toEqual([1]);
    expect(error).toMatchObject({ code: 'invalid_request', message: 'cannot count further', details: { field: 'up_to' } });
  });

  it('hides unexpected errors behind internal_error', async () => {
    const { client } = await serve({
      echo: async () => {
        throw new Error('relation "secret_table" does not exist');
      },
    });
    const error = await client.call.echo({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal_error', message: 'internal error' });
  });

  it('enforces the deadline and aborts the handler', async () => {
    let aborted = false;
    const { client } = await serve({
      echo: async (_request, context) => {
        context.signal.addEventListener('abort', () => (aborted = true));
        await sleep(1_000);
        return {};
      },
    });
    const started = performance.now();
    const error = await client.call.echo({}, { deadlineMs: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(900);
    await sleep(100);
    expect(aborted).toBe(true);
  });

  it('gives an aborted signal to a handler that first reads it after the call was cancelled', async () => {
    let abortedWhenRead: boolean | undefined;
    const { client } = await serve({
      echo: async (_request, context) => {
        await sleep(300);
        abortedWhenRead = context.signal.aborted;
        return {};
      },
    });
    const error = await client.call.echo({}, { deadlineMs: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    await sleep(400);
    expect(abortedWhenRead).toBe(true);
  });

  it('answers grpc.health.v1 for each hosted service and streams changes', async () => {
    const { server, health } = await serve();
    expect((await health.call.check({ service: probeName })).status).toBe(ServingStatus.SERVING);
    expect((await health.call.check({ service: '' })).status).toBe(ServingStatus.SERVING);
    await expect(health.call.check({ service: 'nope.Service' })).rejects.toMatchObject({ code: 'not_found' });

    const controller = new AbortController();
    const seen: ServingStatus[] = [];
    for await (const update of health.call.watch({ service: probeName }, { signal: controller.signal, deadlineMs: 5_000 })) {
      seen.push(update.status);
      if (seen.length === 1) server.health.set(probeName, ServingStatus.NOT_SERVING);
      if (seen.length === 2) break;
    }
    controller.abort();
    expect(seen).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });

  it('drains in-flight calls on shutdown and refuses new ones', async () => {
    const server = new GrpcServer({ logger: testLogger() });
    server.addService(testingV1.ProbeService, working);
    const port = await server.listen('127.0.0.1', 0);
    const client = createClient(testingV1.ProbeService, `127.0.0.1:${port}`);
    cleanups.push(() => client.close());
    const inFlight = client.call.echo({ text: 'slow', delayMs: 300 });
    await sleep(50);
    const shutdown = server.shutdown(5_000);
    expect((await inFlight).text).toBe('slow');
    await shutdown;
    await expect(client.call.echo({}, { deadlineMs: 500 })).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('answers the messages of a bidirectional call as each is ready, for as long as the call lasts', async () => {
    const { client } = await serve();
    const chat = client.call.chat({ requestId: 'req-chat' });
    const answers = chat[Symbol.asyncIterator]();
    chat.write({ text: 'slow', delayMs: 300 });
    chat.write({ text: 'fast' });
    expect((await answers.next()).value).toMatchObject({ text: 'fast', requestId: 'req-chat' });
    // Later messages on the same call, while one is still being worked on.
    chat.write({ text: 'later' });
    expect((await answers.next()).value).toMatchObject({ text: 'later' });
    expect((await answers.next()).value).toMatchObject({ text: 'slow' });
    chat.end();
    expect((await answers.next()).done).toBe(true);
  });

  it('keeps none of a bidirectional call\'s messages once they are answered, however long the call lasts', async () => {
    const { client } = await serve();
    const chat = client.call.chat();
    const answers = chat[Symbol.asyncIterator]();
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const heapAfterGc = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const payload = 64 * 1024;
    const send = async (count: number) => {
      for (let index = 0; index < count; index += 1) {
        chat.write({ text: `${index}`.padEnd(payload, 'x') });
        expect((await answers.next()).value?.text.length).toBe(payload);
      }
    };
    await send(100);
    const before = heapAfterGc();
    // 1,500 messages of 64 KiB: about 100 MB if each stayed reachable while the call lasts.
    await send(1_500);
    const grown = heapAfterGc() - before;
    chat.end();
    expect((await answers.next()).done).toBe(true);
    expect(grown).toBeLessThan(25 * 1024 * 1024);
  });

  it('fails a bidirectional call with the error the server raised', async () => {
    const { client } = await serve({
      chat: (requests) =>
        asCompleted(requests, async (request) => {
          if (request.text === 'bad') throw new AppError('invalid_request', 'bad message', { text: 'bad' });
          return { text: request.text };
        }),
    });
    const chat = client.call.chat();
    chat.write({ text: 'bad' });
    const read = (async () => {
      for await (const answer of chat) void answer;
    })();
    await expect(read).rejects.toMatchObject({ code: 'invalid_request', message: 'bad message', details: { text: 'bad' } });
  });

  it('ends a bidirectional call with OK on shutdown, after answering the messages it had, without waiting for the grace period', async () => {
    const server = new GrpcServer({ logger: testLogger() });
    server.addService(testingV1.ProbeService, working);
    const port = await server.listen('127.0.0.1', 0);
    const client = createClient(testingV1.ProbeService, `127.0.0.1:${port}`);
    cleanups.push(() => client.close());
    const chat = client.call.chat();
    const answered: string[] = [];
    const read = (async () => {
      for await (const answer of chat) answered.push(answer.text);
    })();
    chat.write({ text: 'slow', delayMs: 300 });
    await sleep(100);
    const started = performance.now();
    const shutdown = server.shutdown(10_000);
    await sleep(20);
    // Read after shutdown began: never started, so never answered.
    chat.write({ text: 'too late' });
    await read;
    await shutdown;
    expect(answered).toEqual(['slow']);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('runs at most maxInFlight works at once and yields them as they complete', async () => {
    let running = 0;
    let most = 0;
    const outputs: number[] = [];
    for await (const output of asCompleted(
      [200, 10, 30, 5, 1],
      async (ms) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(ms);
        running -= 1;
        return ms;
      },
      2,
    ))
      outputs.push(output);
    expect(most).toBe(2);
    // 200 and 10 start; 10 ends first, 30 starts; 5 and 1 follow it long before 200 ends.
    expect(outputs).toEqual([10, 30, 5, 1, 200]);
  });

  it('reports an unreachable service as service_unavailable', async () => {
    const client = createClient(testingV1.ProbeService, '127.0.0.1:1');
    cleanups.push(() => client.close());
    await expect(client.call.echo({}, { deadlineMs: 1_000 })).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
