export { addressVariable, ConfigError, loadConfig, parseEnv, platformConfigSchema, serviceNames } from './config.js';
export type { PlatformConfig, ServiceName } from './config.js';
export { HttpServer } from './http-server.js';
export type { HttpRoutes, MountBindings, MountedApp } from './http-server.js';
export {
  databaseModule,
  eventBusModule,
  grpcServerModule,
  objectStoreConfig,
  objectStoreModule,
  serviceClientsModule,
  serviceDescriptors,
} from './infra-modules.js';
export type { GrpcHost, ServiceClients } from './infra-modules.js';
export { createLogger } from './logger.js';
export { defineModule } from './module.js';
export type { ComponentHealth, ModuleContext, ModuleDefinition, StartedModule } from './module.js';
export { ModuleStartError, Platform, resolveTargets, runPlatform } from './runner.js';
export type { PlatformOptions } from './runner.js';
export { defineServiceModule } from './service-module.js';
export type { ServiceContext, ServiceModuleSpec, StartedService } from './service-module.js';
export { version } from './version.js';
