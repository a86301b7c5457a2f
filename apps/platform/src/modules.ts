// Every module the platform binary knows, in the order TARGET=all starts them.
import { catalogModule } from '@querylane/catalog/module';
import { connectorModule } from '@querylane/connector/module';
import { deployModule } from '@querylane/deploy/module';
import { gatewayModule } from '@querylane/gateway/module';
import { meteringModule } from '@querylane/metering/module';
import { queryRuntimeModule } from '@querylane/query-runtime/module';
import type { ModuleDefinition } from '@querylane/runtime';

export const platformModules: ModuleDefinition<unknown>[] = [
  catalogModule,
  connectorModule,
  queryRuntimeModule,
  deployModule,
  meteringModule,
  gatewayModule,
] as ModuleDefinition<unknown>[];
