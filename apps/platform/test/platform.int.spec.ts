// The whole platform in one process, on the parts the environment names (embedded by default):
// every service answers the gateway over gRPC; a single target runs alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@querylane/grpc';
import { platformModules } from '@querylane/platform/modules';
import { catalogV1, connectorV1, healthV1 } from '@querylane/proto';
import { grpcServerModule, loadConfig, Platform, type PlatformConfig } from '@querylane/runtime';
import { isolatedDatabase, realParts, scratchDir, testLogger, uniqueName, type IsolatedDatabase } from '@querylane/testing';
import { backend } from './harness.js';


function configFor(target: string, dataDir: string, database: IsolatedDatabase): PlatformConfig {
  return loadConfig({ ...process.env, TARGET: target, PORT: '0', GRPC_PORT: '0', QUERYLANE_DATA_DIR: dataDir, KAFKA_GROUP_PREFIX: uniqueName('test'), ...(database.url ? { DATABASE_URL: database.url } : {}) });
}

describe(`platform TARGET=all [${backend}]`, () => {
  const dir = scratchDir();
  let platform: Platform;
  let database: IsolatedDatabase;

  beforeAll(async () => {
    database = await isolatedDatabase();
    platform = new Platform(configFor('all', dir.path, database), testLogger(), platformModules);
    await platform.start();
  });
  afterAll(async () => {
    await platform?.stop();
    await database?.drop();
    dir.remove();
  });

  it('runs every service and the infrastructure in one process', () => {
    expect(platform.modules).toEqual([
      'database',
      'event-bus',
      'grpc-server',
      'service-clients',
      'catalog',
      'object-store',
      'connector',
      'query-runtime',
      'deploy',
      'metering',
      'gateway',
    ]);
  });

  it('GET /v1/healthz lists all six services healthy, the five behind the gateway asked over gRPC', async () => {
    const response = await fetch(`http://127.0.0.1:${platform.port}/v1/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBeTruthy();
    const body = (await response.json()) as { status: string; services: { name: string; status: string; address: string; components?: { name: string; status: string; detail: string }[] }[] };
    expect(body.status).toBe('ok');
    expect(body.services.map((s) => [s.name, s.status])).toEqual([
      ['gateway', 'serving'],
      ['catalog', 'serving'],
      ['connector', 'serving'],
      ['query-runtime', 'serving'],
      ['deploy', 'serving'],
      ['metering', 'serving'],
    ]);
    const grpcAddress = platform.value(grpcServerModule).address;
    expect(body.services.slice(1).every((s) => s.address === grpcAddress)).toBe(true);
    const connector = body.services.find((s) => s.name === 'connector')!;
    expect(connector.components?.map((c) => [c.name, c.status])).toEqual([
      ['database', 'up'],
      ['event-bus', 'up'],
      ['object-store', 'up'],
    ]);
    expect(connector.components?.map((c) => c.detail)).toEqual([
      realParts.databaseUrl ? 'postgres' : 'pglite',
      realParts.kafkaBrokers ? 'kafka' : 'in-process',
      realParts.s3 ? 'minio' : 'filesystem',
    ]);
  });

  it("answers in the error shape of DESIGN.md §8, with the caller's request id", async () => {
    const response = await fetch(`http://127.0.0.1:${platform.port}/v1/nothing-here`, { headers: { 'x-request-id': 'rid-1' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'authentication_failed', message: expect.any(String), request_id: 'rid-1' });
    // The generated admin token was written to the data directory (mode 0600).
    const { readFileSync, statSync } = await import('node:fs');
    const token = readFileSync(`${dir.path}/admin-token`, 'utf8').trim();
    expect(statSync(`${dir.path}/admin-token`).mode & 0o777).toBe(0o600);
    const unknown = await fetch(`http://127.0.0.1:${platform.port}/v1/nothing-here`, { headers: { 'x-request-id': 'rid-2', authorization: token } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'no route for GET /v1/nothing-here', request_id: 'rid-2' });
  });

  it('reports a stopped service as unreachable or not serving, and the platform as degraded', async () => {
    const host = platform.value(grpcServerModule);
    host.server.health.set(connectorV1.ConnectorService.typeName, 2);
    try {
      const response = await fetch(`http://127.0.0.1:${platform.port}/v1/healthz`);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { status: string; services: { name: string; status: string }[] };
      expect(body.status).toBe('degraded');
      expect(body.services.find((s) => s.name === 'connector')?.status).toBe('not_serving');
    } finally {
      host.server.health.set(connectorV1.ConnectorService.typeName, 1);
    }
  });
});

describe(`platform TARGET=catalog [${backend}]`, () => {
  const dir = scratchDir();
  let platform: Platform;
  let database: IsolatedDatabase;

  beforeAll(async () => {
    database = await isolatedDatabase();
    platform = new Platform(configFor('catalog', dir.path, database), testLogger(), platformModules);
    await platform.start();
  });
  afterAll(async () => {
    await platform?.stop();
    await database?.drop();
    dir.remove();
  });

  it('runs catalog alone: its gRPC health answers, the other services are absent', async () => {
    expect(platform.modules).toEqual(['database', 'event-bus', 'grpc-server', 'service-clients', 'catalog']);
    const address = platform.value(grpcServerModule).address;
    const health = createClient(healthV1.Health, address);
    const catalog = createClient(catalogV1.CatalogService, address);
    try {
      expect((await health.call.check({ service: catalogV1.CatalogService.typeName })).status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
      await expect(health.call.check({ service: connectorV1.ConnectorService.typeName })).rejects.toMatchObject({ code: 'not_found' });
      const { info } = await catalog.call.getServiceInfo({});
      expect(info?.service).toBe('catalog');
      expect(info?.components.map((c) => c.name)).toEqual(['database', 'event-bus']);
    } finally {
      health.close();
      catalog.close();
    }
    const noGateway = await fetch(`http://127.0.0.1:${platform.port}/v1/healthz`);
    expect(noGateway.status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${platform.port}/readyz`)).status).toBe(200);
  });
});
