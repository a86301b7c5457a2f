// The adapter over real grpc-js on loopback: typed calls, error mapping, deadlines, health, draining.
import { afterEach, describe, expect, it } from 'vitest';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { AppError } from '@querylane/errors';
import { createClient, GrpcServer, ServingStatus, type ServiceImplementation } from '@querylane/grpc';
import { catalogV1, healthV1 } from '@querylane/proto';
import { testLogger } from '@querylane/testing';

type Catalog = typeof catalogV1.CatalogService;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(implementation: ServiceImplementation<Catalog>) {
  const server = new GrpcServer({ logger: testLogger() });
  server.addService(catalogV1.CatalogService, implementation);
  const port = await server.listen('127.0.0.1', 0);
  cleanups.push(() => server.shutdown(1_000));
  const address = `127.0.0.1:${port}`;
  const client = createClient(catalogV1.CatalogService, address, { defaultDeadlineMs: 2_000 });
  const health = createClient(healthV1.Health, address);
  cleanups.push(() => client.close());
  cleanups.push(() => health.close());
  return { server, client, health, address };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('grpc adapter', () => {
  it('serializes requests and responses with the generated schemas', async () => {
    const startedAt = new Date('2026-01-02T03:04:05.000Z');
    const { client } = await serve({
      getServiceInfo: async (_request, context) => ({
        info: { service: 'catalog', version: '9.9.9', instanceId: context.requestId, startedAt: timestampFromDate(startedAt), components: [{ name: 'database', status: 'up', detail: 'pglite', latencyMs: 1.5 }] },
      }),
    });
    const { info } = await client.call.getServiceInfo({}, { requestId: 'req-123' });
    expect(info?.service).toBe('catalog');
    expect(info?.instanceId).toBe('req-123');
    expect(info?.components).toEqual([expect.objectContaining({ name: 'database', status: 'up', detail: 'pglite', latencyMs: 1.5 })]);
    expect(Number(info?.startedAt?.seconds)).toBe(startedAt.getTime() / 1000);
  });

  it('carries the public error code, message and details from server to client', async () => {
    const { client } = await serve({
      getServiceInfo: async () => {
        throw new AppError('not_found', 'datasource ds_1 not found', { id: 'ds_1', candidates: ['a', 'b'] });
      },
    });
    const error = await client.call.getServiceInfo({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'not_found', message: 'datasource ds_1 not found', details: { id: 'ds_1', candidates: ['a', 'b'] } });
  });

  it('hides unexpected errors behind internal_error', async () => {
    const { client } = await serve({
      getServiceInfo: async () => {
        throw new Error('relation "secret_table" does not exist');
      },
    });
    const error = await client.call.getServiceInfo({}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'internal_error', message: 'internal error' });
  });

  it('enforces the deadline and aborts the handler', async () => {
    let aborted = false;
    const { client } = await serve({
      getServiceInfo: async (_request, context) => {
        context.signal.addEventListener('abort', () => (aborted = true));
        await sleep(1_000);
        return {};
      },
    });
    const started = performance.now();
    const error = await client.call.getServiceInfo({}, { deadlineMs: 100 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout' });
    expect(performance.now() - started).toBeLessThan(900);
    await sleep(100);
    expect(aborted).toBe(true);
  });

  it('answers grpc.health.v1 for each hosted service and streams changes', async () => {
    const { server, health } = await serve({ getServiceInfo: async () => ({}) });
    expect((await health.call.check({ service: 'querylane.catalog.v1.CatalogService' })).status).toBe(ServingStatus.SERVING);
    expect((await health.call.check({ service: '' })).status).toBe(ServingStatus.SERVING);
    await expect(health.call.check({ service: 'nope.Service' })).rejects.toMatchObject({ code: 'not_found' });

    const controller = new AbortController();
    const seen: ServingStatus[] = [];
    const watching = (async () => {
      for await (const update of health.call.watch({ service: 'querylane.catalog.v1.CatalogService' }, { signal: controller.signal, deadlineMs: 5_000 })) {
        seen.push(update.status);
        if (seen.length === 1) server.health.set('querylane.catalog.v1.CatalogService', ServingStatus.NOT_SERVING);
        if (seen.length === 2) break;
      }
    })();
    await watching;
    controller.abort();
    expect(seen).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });

  it('drains in-flight calls on shutdown and refuses new ones', async () => {
    const server = new GrpcServer({ logger: testLogger() });
    server.addService(catalogV1.CatalogService, {
      getServiceInfo: async () => {
        await sleep(300);
        return { info: { service: 'slow' } };
      },
    });
    const port = await server.listen('127.0.0.1', 0);
    const client = createClient(catalogV1.CatalogService, `127.0.0.1:${port}`);
    cleanups.push(() => client.close());
    const inFlight = client.call.getServiceInfo({});
    await sleep(50);
    const shutdown = server.shutdown(5_000);
    const response = await inFlight;
    expect(response.info?.service).toBe('slow');
    await shutdown;
    await expect(client.call.getServiceInfo({}, { deadlineMs: 500 })).rejects.toMatchObject({ code: 'service_unavailable' });
  });

  it('reports an unreachable service as service_unavailable', async () => {
    const client = createClient(catalogV1.CatalogService, '127.0.0.1:1');
    cleanups.push(() => client.close());
    await expect(client.call.getServiceInfo({}, { deadlineMs: 1_000 })).rejects.toMatchObject({ code: 'service_unavailable' });
  });
});
