// A process is a set of modules (the model is Grafana Loki's module manager): each declares what
// it depends on, the runner starts the dependencies first and stops everything in reverse.
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { PlatformConfig } from './config.js';
import type { HttpRoutes } from './http-server.js';

export interface ComponentHealth {
  name: string;
  status: 'up' | 'down';
  /** Which implementation runs, or why it is down. */
  detail: string;
  latencyMs?: number;
}

export interface StartedModule<T> {
  value: T;
  stop?(): Promise<void>;
  /** Asked by /readyz and by the services' GetServiceInfo. */
  health?(): Promise<ComponentHealth>;
}

export interface ModuleContext {
  config: PlatformConfig;
  /** The environment the configuration came from, for a module's own settings (parseEnv). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  metrics: Registry;
  http: HttpRoutes;
  instanceId: string;
  /** Names of every module this process runs. */
  running: ReadonlySet<string>;
  /** The value of a module this one declared in `dependsOn`. */
  use<T>(module: ModuleDefinition<T>): T;
  /** Health of the infrastructure modules this one depends on. */
  dependencyHealth(): Promise<ComponentHealth[]>;
  /** Stops the whole process: for failures a module cannot recover from after start. */
  fail(error: unknown): void;
}

export interface ModuleDefinition<T = unknown> {
  name: string;
  /** May TARGET name it? Infrastructure modules only come in as dependencies. */
  targetable: boolean;
  dependsOn: ModuleDefinition<unknown>[];
  start(context: ModuleContext): Promise<StartedModule<T>>;
}

export function defineModule<T>(definition: ModuleDefinition<T>): ModuleDefinition<T> {
  return definition;
}
