// The module runner: dependency order, reverse stop, failure handling, target resolution, config errors.
import { describe, expect, it } from 'vitest';
import { ConfigError, defineModule, loadConfig, Platform, resolveTargets, type ModuleDefinition } from '@querylane/runtime';
import { testLogger } from '@querylane/testing';

function recorder() {
  const events: string[] = [];
  const make = (name: string, dependsOn: ModuleDefinition<unknown>[] = [], options: { targetable?: boolean; fail?: boolean } = {}) =>
    defineModule<string>({
      name,
      targetable: options.targetable ?? true,
      dependsOn,
      start: async () => {
        if (options.fail) throw new Error(`${name} cannot start`);
        events.push(`start ${name}`);
        return { value: `${name}-value`, stop: async () => void events.push(`stop ${name}`) };
      },
    }) as ModuleDefinition<unknown>;
  return { events, make };
}

const config = (target: string) => ({ ...loadConfig({ TARGET: target, PORT: '0' }) });

describe('resolveTargets', () => {
  const { make } = recorder();
  const db = make('db', [], { targetable: false });
  const bus = make('bus', [], { targetable: false });
  const a = make('a', [db, bus]);
  const b = make('b', [db, a]);
  const all = [a, b, db, bus];

  it('starts dependencies first and each module once', () => {
    expect(resolveTargets(['all'], all).map((m) => m.name)).toEqual(['db', 'bus', 'a', 'b']);
    expect(resolveTargets(['b'], all).map((m) => m.name)).toEqual(['db', 'bus', 'a', 'b']);
    expect(resolveTargets(['a'], all).map((m) => m.name)).toEqual(['db', 'bus', 'a']);
  });

  it('refuses unknown and non-targetable names, listing the valid ones', () => {
    expect(() => resolveTargets(['a', 'nope', 'db'], all)).toThrow(/unknown target nope, db \(expected all or a comma list of a, b\)/);
  });

  it('detects dependency cycles', () => {
    const x = make('x');
    const y = make('y', [x]);
    x.dependsOn.push(y);
    expect(() => resolveTargets(['x'], [x, y])).toThrow(/cycle: x → y → x/);
  });
});

describe('Platform', () => {
  it('starts in dependency order, gives modules their dependencies, and stops in reverse', async () => {
    const { events, make } = recorder();
    const db = make('db', [], { targetable: false });
    let seen: string | undefined;
    const app = defineModule<void>({
      name: 'app',
      targetable: true,
      dependsOn: [db],
      start: async (context) => {
        seen = context.use(db) as string;
        events.push('start app');
        return { value: undefined, stop: async () => void events.push('stop app') };
      },
    });
    const platform = new Platform(config('all'), testLogger(), [db, app as ModuleDefinition<unknown>]);
    await platform.start();
    expect(seen).toBe('db-value');
    const ready = await platform.http.fetch(new Request('http://local/readyz'));
    expect(ready.status).toBe(200);
    await platform.stop();
    expect(events).toEqual(['start db', 'start app', 'stop app', 'stop db']);
  });

  it('refuses use() of an undeclared module', async () => {
    const { make } = recorder();
    const db = make('db', [], { targetable: false });
    const sneaky = defineModule<void>({
      name: 'sneaky',
      targetable: true,
      dependsOn: [],
      start: async (context) => {
        context.use(db);
        return { value: undefined };
      },
    });
    const platform = new Platform(config('all'), testLogger(), [db, sneaky as ModuleDefinition<unknown>]);
    await expect(platform.start()).rejects.toThrow(/module sneaky failed to start: module sneaky uses db without declaring it/);
  });

  it('stops what already started when a module fails, and names the module', async () => {
    const { events, make } = recorder();
    const db = make('db', [], { targetable: false });
    const good = make('good', [db]);
    const bad = make('bad', [db, good], { fail: true });
    const platform = new Platform(config('bad'), testLogger(), [db, good, bad]);
    await expect(platform.start()).rejects.toThrow('module bad failed to start: bad cannot start');
    expect(events).toEqual(['start db', 'start good', 'stop good', 'stop db']);
  });

  it('answers /healthz, /metrics, a not-ready /readyz and 503 for unmounted paths while starting', async () => {
    let release!: () => void;
    const slow = defineModule<void>({
      name: 'slow',
      targetable: true,
      dependsOn: [],
      start: () => new Promise((resolve) => (release = () => resolve({ value: undefined }))),
    });
    const platform = new Platform(config('all'), testLogger(), [slow as ModuleDefinition<unknown>]);
    const starting = platform.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await platform.http.fetch(new Request('http://local/healthz'))).status).toBe(200);
    const notReady = await platform.http.fetch(new Request('http://local/readyz'));
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: 'not_ready', modules: { slow: 'starting' } });
    // A path no module has mounted yet is not "not found" while the platform starts.
    const early = await platform.http.fetch(new Request('http://local/v1/healthz'));
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(await early.json()).toMatchObject({ error: 'service_unavailable' });
    release();
    await starting;
    expect((await platform.http.fetch(new Request('http://local/v1/healthz'))).status).toBe(404);
    expect((await platform.http.fetch(new Request('http://local/readyz'))).status).toBe(200);
    const metrics = await (await platform.http.fetch(new Request('http://local/metrics'))).text();
    expect(metrics).toContain('querylane_http_request_duration_seconds_bucket');
    expect(metrics).toContain('querylane_process_cpu_seconds_total');
    await platform.stop();
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({ TARGET: ['all'], PORT: 8080, QUERYLANE_DATA_DIR: './.querylane', S3_BUCKET: 'querylane', LOG_LEVEL: 'info' });
    expect(defaults.DATABASE_URL).toBeUndefined();
    expect(defaults.KAFKA_BROKERS).toBeUndefined();
  });

  it('parses lists and treats empty variables as unset', () => {
    const config = loadConfig({ TARGET: 'catalog, deploy', KAFKA_BROKERS: '127.0.0.1:9092,kafka-1:9092', DATABASE_URL: '' });
    expect(config.TARGET).toEqual(['catalog', 'deploy']);
    expect(config.KAFKA_BROKERS).toEqual(['127.0.0.1:9092', 'kafka-1:9092']);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable and never echoes a secret', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', KAFKA_BROKERS: 'no-port', DATABASE_URL: 'mysql://u:hunter2@h/db', S3_ENDPOINT: 'http://127.0.0.1:9000', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    for (const name of ['PORT', 'KAFKA_BROKERS', 'DATABASE_URL', 'LOG_LEVEL', 'S3_ACCESS_KEY', 'S3_SECRET_KEY']) {
      expect(problems.some((problem) => problem.startsWith(`${name}`)), `${name} in ${problems.join('; ')}`).toBe(true);
    }
    expect((error as Error).message).not.toContain('hunter2');
    expect((error as Error).message).toContain('"eighty"');
  });
});
