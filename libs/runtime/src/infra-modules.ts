// The infrastructure every service builds on, as modules: which implementation runs is chosen
// by configuration alone (DESIGN.md §3).
import { join } from 'node:path';
import { createEventBus, type EventBus } from '@querylane/bus';
import { Database } from '@querylane/db';
import { GrpcServer, createClient, type GrpcClient } from '@querylane/grpc';
import { createObjectStore, type ObjectStore } from '@querylane/objects';
import { catalogV1, connectorV1, deployV1, healthV1, meteringV1, queryRuntimeV1 } from '@querylane/proto';
import { addressVariable, serviceNames, type PlatformConfig, type ServiceName } from './config.js';
import { defineModule, type ComponentHealth } from './module.js';

async function measured(name: string, detail: string, ping: () => Promise<number>): Promise<ComponentHealth> {
  const latencyMs = Math.round((await ping()) * 100) / 100;
  return { name, status: 'up', detail, latencyMs };
}

export const databaseModule = defineModule<Database>({
  name: 'database',
  targetable: false,
  dependsOn: [],
  start: async ({ config, logger }) => {
    const database = await Database.open({
      url: config.DATABASE_URL,
      dataDir: config.QUERYLANE_DATA_DIR,
      poolSize: config.DB_POOL_SIZE,
      logger,
    });
    return {
      value: database,
      stop: () => database.close(),
      health: () => measured('database', database.kind, () => database.ping()),
    };
  },
});

export const eventBusModule = defineModule<EventBus>({
  name: 'event-bus',
  targetable: false,
  dependsOn: [],
  start: async ({ config, logger, instanceId }) => {
    const bus = await createEventBus({
      kafkaBrokers: config.KAFKA_BROKERS,
      clientId: `querylane-${instanceId.slice(0, 8)}`,
      partitions: config.KAFKA_TOPIC_PARTITIONS,
      replicationFactor: config.KAFKA_REPLICATION_FACTOR,
      logger,
    });
    logger.info({ kind: bus.kind }, 'event bus connected');
    return { value: bus, stop: () => bus.close(), health: () => measured('event-bus', bus.kind, () => bus.ping()) };
  },
});

export const objectStoreModule = defineModule<ObjectStore>({
  name: 'object-store',
  targetable: false,
  dependsOn: [],
  start: async ({ config, logger }) => {
    const store = await createObjectStore(objectStoreConfig(config), logger);
    return { value: store, health: () => measured('object-store', store.kind, () => store.ping()) };
  },
});

export function objectStoreConfig(config: PlatformConfig) {
  return {
    bucket: config.S3_BUCKET,
    directory: join(config.QUERYLANE_DATA_DIR, 'objects'),
    s3: config.S3_ENDPOINT
      ? { endpoint: config.S3_ENDPOINT, accessKey: config.S3_ACCESS_KEY ?? '', secretKey: config.S3_SECRET_KEY ?? '', region: config.S3_REGION }
      : undefined,
  };
}

export interface GrpcHost {
  server: GrpcServer;
  /** Where this process's services answer, for clients in the same process. */
  address: string;
}

/**
 * One gRPC server per process. With TARGET=all it listens on loopback (a free port unless
 * GRPC_PORT is set) and hosts every service; alone, a service listens on GRPC_PORT (50051).
 */
export const grpcServerModule = defineModule<GrpcHost>({
  name: 'grpc-server',
  targetable: false,
  dependsOn: [],
  start: async ({ config, logger }) => {
    const all = config.TARGET.includes('all');
    const server = new GrpcServer({ logger });
    const host = config.GRPC_HOST ?? (all ? '127.0.0.1' : '0.0.0.0');
    const port = await server.listen(host, config.GRPC_PORT ?? (all ? 0 : 50051));
    return {
      value: { server, address: `${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}` },
      stop: () => server.shutdown(config.SHUTDOWN_GRACE_MS),
    };
  },
});

export const serviceDescriptors = {
  catalog: catalogV1.CatalogService,
  connector: connectorV1.ConnectorService,
  'query-runtime': queryRuntimeV1.QueryRuntimeService,
  deploy: deployV1.DeployService,
  metering: meteringV1.MeteringService,
} as const;

type Descriptors = typeof serviceDescriptors;

export interface ServiceClients {
  catalog: GrpcClient<Descriptors['catalog']>;
  connector: GrpcClient<Descriptors['connector']>;
  'query-runtime': GrpcClient<Descriptors['query-runtime']>;
  deploy: GrpcClient<Descriptors['deploy']>;
  metering: GrpcClient<Descriptors['metering']>;
  /** grpc.health.v1 of each service, at the same address. */
  health: Record<ServiceName, GrpcClient<typeof healthV1.Health>>;
  address: Record<ServiceName, string>;
}

/**
 * Typed clients of every service. A service this process runs is called over loopback on the
 * local server (one code path in every mode); any other at `<SERVICE>_ADDR` (default `<service>:50051`).
 */
export const serviceClientsModule = defineModule<ServiceClients>({
  name: 'service-clients',
  targetable: false,
  dependsOn: [grpcServerModule],
  start: async (context) => {
    const local = context.use(grpcServerModule).address;
    const options = { defaultDeadlineMs: context.config.GRPC_DEADLINE_MS };
    const address = Object.fromEntries(
      serviceNames.map((name) => [
        name,
        context.running.has(name) ? local : (context.config[addressVariable(name) as keyof PlatformConfig] as string | undefined) ?? `${name}:50051`,
      ]),
    ) as Record<ServiceName, string>;
    const clients = {
      catalog: createClient(serviceDescriptors.catalog, address.catalog, options),
      connector: createClient(serviceDescriptors.connector, address.connector, options),
      'query-runtime': createClient(serviceDescriptors['query-runtime'], address['query-runtime'], options),
      deploy: createClient(serviceDescriptors.deploy, address.deploy, options),
      metering: createClient(serviceDescriptors.metering, address.metering, options),
      health: Object.fromEntries(serviceNames.map((name) => [name, createClient(healthV1.Health, address[name], options)])) as ServiceClients['health'],
      address,
    };
    return {
      value: clients,
      stop: async () => {
        for (const name of serviceNames) {
          clients[name].close();
          clients.health[name].close();
        }
      },
    };
  },
});
