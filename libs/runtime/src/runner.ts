// Runs the modules a TARGET names, with their dependencies, in one process: start in dependency
// order, stop in reverse on SIGTERM/SIGINT or when one module fails.
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { ConfigError, loadConfig, type PlatformConfig } from './config.js';
import { HttpServer } from './http-server.js';
import { createLogger } from './logger.js';
import type { ComponentHealth, ModuleContext, ModuleDefinition, StartedModule } from './module.js';

export interface PlatformOptions {
  /** Every module the binary knows; TARGET picks among the targetable ones. */
  modules: ModuleDefinition<unknown>[];
  env?: NodeJS.ProcessEnv;
  /** Overrides the configuration parsed from env (tests). */
  config?: Partial<PlatformConfig>;
  logger?: Logger;
  /** Install SIGTERM/SIGINT handlers and exit the process when done (the binaries do; tests don't). */
  manageProcess?: boolean;
}

interface Running {
  definition: ModuleDefinition<unknown>;
  started: StartedModule<unknown>;
}

export class Platform {
  readonly instanceId = randomUUID();
  readonly metrics = new Registry();
  readonly http: HttpServer;
  private readonly running: Running[] = [];
  private readonly order: ModuleDefinition<unknown>[];
  private ready = false;
  private stopping: Promise<void> | undefined;
  private httpPort: number | undefined;

  constructor(
    readonly config: PlatformConfig,
    readonly logger: Logger,
    modules: ModuleDefinition<unknown>[],
    readonly env: NodeJS.ProcessEnv = process.env,
  ) {
    this.order = resolveTargets(config.TARGET, modules);
    collectDefaultMetrics({ register: this.metrics, prefix: 'querylane_' });
    this.http = new HttpServer(logger.child({ component: 'http' }), this.metrics, () => this.readiness(), () => !this.ready);
  }

  get modules(): string[] {
    return this.order.map((module) => module.name);
  }

  get port(): number | undefined {
    return this.httpPort;
  }

  value<T>(module: ModuleDefinition<T>): T {
    const found = this.running.find((r) => r.definition === module);
    if (!found) throw new Error(`module ${module.name} is not running`);
    return found.started.value as T;
  }

  /** Starts every module in order; on a failure stops the ones already started and rethrows. */
  async start(): Promise<void> {
    const started = performance.now();
    this.logger.info({ target: this.config.TARGET, modules: this.modules, instance_id: this.instanceId }, 'starting');
    this.httpPort = await this.http.listen(this.config.HOST, this.config.PORT);
    for (const definition of this.order) {
      const moduleStarted = performance.now();
      try {
        const value = await definition.start(this.contextFor(definition));
        this.running.push({ definition, started: value });
      } catch (error) {
        this.logger.fatal({ err: error, module: definition.name }, `module ${definition.name} failed to start: ${(error as Error).message}`);
        await this.stop();
        throw new ModuleStartError(definition.name, error);
      }
      this.logger.info({ module: definition.name, duration_ms: Math.round(performance.now() - moduleStarted) }, 'module started');
    }
    this.ready = true;
    this.logger.info({ duration_ms: Math.round(performance.now() - started), http_port: this.httpPort }, 'ready');
  }

  /** Stops the HTTP listener, then every module in reverse start order. Safe to call twice. */
  stop(): Promise<void> {
    this.stopping ??= (async () => {
      this.ready = false;
      await this.http.close().catch((error: unknown) => this.logger.warn({ err: error }, 'closing http failed'));
      for (const { definition, started } of [...this.running].reverse()) {
        try {
          await started.stop?.();
          this.logger.info({ module: definition.name }, 'module stopped');
        } catch (error) {
          this.logger.error({ err: error, module: definition.name }, 'module failed to stop');
        }
      }
      this.running.length = 0;
    })();
    return this.stopping;
  }

  private contextFor(definition: ModuleDefinition<unknown>): ModuleContext {
    const dependencies = new Set(collectDependencies(definition));
    return {
      config: this.config,
      env: this.env,
      logger: this.logger.child({ module: definition.name }),
      metrics: this.metrics,
      http: this.http,
      instanceId: this.instanceId,
      running: new Set(this.modules),
      use: <T>(module: ModuleDefinition<T>): T => {
        if (!dependencies.has(module as ModuleDefinition<unknown>)) {
          throw new Error(`module ${definition.name} uses ${module.name} without declaring it in dependsOn`);
        }
        return this.value(module);
      },
      dependencyHealth: async () => {
        const checks = this.running.filter((r) => definition.dependsOn.includes(r.definition) && r.started.health);
        return Promise.all(checks.map((r) => safeHealth(r)));
      },
      fail: (error: unknown) => {
        this.logger.fatal({ err: error, module: definition.name }, `module ${definition.name} failed: ${(error as Error)?.message ?? error}`);
        process.exitCode = 1;
        void this.stop().then(() => process.exit(1));
      },
    };
  }

  private async readiness() {
    const modules: Record<string, string> = {};
    for (const definition of this.order) {
      const running = this.running.find((r) => r.definition === definition);
      if (!running) modules[definition.name] = this.ready ? 'stopped' : 'starting';
      else modules[definition.name] = running.started.health ? (await safeHealth(running)).status : 'up';
    }
    const ready = this.ready && Object.values(modules).every((state) => state === 'up');
    return { ready, modules };
  }
}

async function safeHealth(running: Running): Promise<ComponentHealth> {
  try {
    return await running.started.health!();
  } catch (error) {
    return { name: running.definition.name, status: 'down', detail: (error as Error).message };
  }
}

export class ModuleStartError extends Error {
  override readonly name = 'ModuleStartError';
  constructor(
    readonly module: string,
    cause: unknown,
  ) {
    super(`module ${module} failed to start: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/** The modules to run for TARGET, dependencies first, each once; unknown names are an error. */
export function resolveTargets(target: string[], modules: ModuleDefinition<unknown>[]): ModuleDefinition<unknown>[] {
  const targetable = modules.filter((module) => module.targetable);
  const names = target.includes('all') ? targetable.map((module) => module.name) : target;
  const unknown = names.filter((name) => !targetable.some((module) => module.name === name));
  if (unknown.length) {
    throw new ConfigError([
      `TARGET: unknown target ${unknown.join(', ')} (expected all or a comma list of ${targetable.map((m) => m.name).join(', ')})`,
    ]);
  }
  const order: ModuleDefinition<unknown>[] = [];
  const visiting = new Set<ModuleDefinition<unknown>>();
  const visit = (module: ModuleDefinition<unknown>, path: string[]) => {
    if (order.includes(module)) return;
    if (visiting.has(module)) throw new Error(`module dependency cycle: ${[...path, module.name].join(' → ')}`);
    visiting.add(module);
    for (const dependency of module.dependsOn) visit(dependency, [...path, module.name]);
    visiting.delete(module);
    order.push(module);
  };
  for (const name of names) visit(targetable.find((module) => module.name === name)!, []);
  return order;
}

function collectDependencies(module: ModuleDefinition<unknown>): ModuleDefinition<unknown>[] {
  return module.dependsOn.flatMap((dependency) => [dependency, ...collectDependencies(dependency)]);
}

/**
 * The entry point of every binary: parse the configuration, start the target's modules, and
 * stop them on SIGTERM/SIGINT. Exits 1 with a clear message when anything fails to start.
 */
export async function runPlatform(options: PlatformOptions): Promise<Platform> {
  const env = options.env ?? process.env;
  let config: PlatformConfig;
  try {
    config = { ...loadConfig(env), ...options.config };
  } catch (error) {
    if (error instanceof ConfigError && options.manageProcess !== false) {
      process.stderr.write(`querylane: ${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = options.logger ?? createLogger({ level: config.LOG_LEVEL });
  let platform: Platform;
  try {
    platform = new Platform(config, logger, options.modules, env);
  } catch (error) {
    if (options.manageProcess !== false) {
      process.stderr.write(`querylane: ${(error as Error).message}\n`);
      process.exit(78);
    }
    throw error;
  }
  if (options.manageProcess === false) {
    await platform.start();
    return platform;
  }
  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error({ signal }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 1_000);
    force.unref();
    void platform.stop().then(() => {
      logger.info('stopped');
      logger.flush();
      process.exit(process.exitCode ?? 0);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  try {
    await platform.start();
  } catch (error) {
    logger.flush();
    process.stderr.write(`querylane: ${(error as Error).message}\n`);
    process.exit(1);
  }
  return platform;
}
