// What every service module does the same way: migrate its own schema, run its outbox relay,
// host its gRPC service (with GetServiceInfo and health), and stop in the right order.
import type { DescService } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import type { Kysely, Migration } from 'kysely';
import { OutboxRelay, type BusTables, type EventBus } from '@querylane/bus';
import type { Database } from '@querylane/db';
import { ServingStatus, type ServiceImplementation } from '@querylane/grpc';
import type { ObjectStore } from '@querylane/objects';
import type { commonV1 } from '@querylane/proto';
import type { ServiceName } from './config.js';
import { databaseModule, eventBusModule, grpcServerModule, objectStoreModule, serviceClientsModule, type ServiceClients } from './infra-modules.js';
import { defineModule, type ModuleContext, type ModuleDefinition } from './module.js';
import { version } from './version.js';

/** Every service answers GetServiceInfo; the helper implements it. */
type WithServiceInfo = DescService & { method: { getServiceInfo: unknown } };

export interface ServiceContext<DB> extends ModuleContext {
  db: Kysely<DB>;
  database: Database;
  bus: EventBus;
  /** Present when the spec sets `usesObjects`. */
  objects: ObjectStore | undefined;
  clients: ServiceClients;
  /** Publishes this service's outbox; call kick() after a transaction that wrote events. */
  relay: OutboxRelay;
  /** The service's one consumer group (`<KAFKA_GROUP_PREFIX>.<service>`). */
  consumerGroup: string;
}

export interface StartedService<S extends DescService> {
  implementation: Omit<ServiceImplementation<S>, 'getServiceInfo'>;
  /** Runs after the service is reachable: consumers, background loops. */
  stop?(): Promise<void>;
}

export interface ServiceModuleSpec<S extends WithServiceInfo, DB extends BusTables> {
  name: ServiceName;
  service: S;
  /** The Postgres schema this service owns (DESIGN.md §1). */
  schema: string;
  migrations: Record<string, Migration>;
  usesObjects?: boolean;
  start(context: ServiceContext<DB>): Promise<StartedService<S>>;
}

export function defineServiceModule<S extends WithServiceInfo, DB extends BusTables>(
  spec: ServiceModuleSpec<S, DB>,
): ModuleDefinition<ServiceContext<DB>> {
  const dependsOn: ModuleDefinition<unknown>[] = [databaseModule, eventBusModule];
  if (spec.usesObjects) dependsOn.push(objectStoreModule);
  dependsOn.push(grpcServerModule, serviceClientsModule);

  return defineModule<ServiceContext<DB>>({
    name: spec.name,
    targetable: true,
    dependsOn,
    start: async (context) => {
      const startedAt = new Date();
      const database = context.use(databaseModule);
      await database.migrate(spec.schema, spec.migrations);
      const db = database.forSchema<DB>(spec.schema);
      const bus = context.use(eventBusModule);
      const relay = new OutboxRelay(db as unknown as Kysely<BusTables>, bus, { service: spec.name, logger: context.logger });
      const serviceContext: ServiceContext<DB> = {
        ...context,
        db,
        database,
        bus,
        objects: spec.usesObjects ? context.use(objectStoreModule) : undefined,
        clients: context.use(serviceClientsModule),
        relay,
        consumerGroup: `${context.config.KAFKA_GROUP_PREFIX}.${spec.name}`,
      };
      const started = await spec.start(serviceContext);
      const getServiceInfo = async (): Promise<{ info: commonV1.ServiceInfo | object }> => ({
        info: {
          service: spec.name,
          version,
          instanceId: context.instanceId,
          startedAt: timestampFromDate(startedAt),
          components: (await context.dependencyHealth()).map((health) => ({
            name: health.name,
            status: health.status,
            detail: health.detail,
            latencyMs: health.latencyMs ?? 0,
          })),
        },
      });
      const host = context.use(grpcServerModule);
      host.server.addService(spec.service, { ...started.implementation, getServiceInfo } as unknown as ServiceImplementation<S>);
      relay.start();
      return {
        value: serviceContext,
        health: async () => ({ name: spec.name, status: 'up', detail: `serving on ${host.address}` }),
        stop: async () => {
          // Out of rotation first; the gRPC server drains in-flight calls when it stops after us.
          host.server.health.set(spec.service.typeName, ServingStatus.NOT_SERVING);
          await started.stop?.();
          await relay.stop();
        },
      };
    },
  });
}
