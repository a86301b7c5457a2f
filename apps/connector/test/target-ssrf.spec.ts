// The SSRF guard: what it refuses by default (before any connection), what the policy opens,
// redirects re-checked, DNS failing closed, and connections pinned to the address it checked.
// Only 127.0.0.1 is ever connected to: a spy on net.Socket refuses (and records) anything else.
import { createServer, type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@querylane/errors';
import { testLogger } from '@querylane/testing';
import {
  classifyIp,
  parseIp,
  parseNetworkPolicy,
  pinnedLookup,
  SsrfGuard,
  TargetClient,
  type HostResolver,
  type NetworkPolicy,
  type TargetRequestInput,
} from '../src/target/index.js';

interface Fixture {
  port: number;
  connections: number;
  requests: number;
  hosts: string[];
  close(): Promise<void>;
}

async function startFixture(): Promise<Fixture> {
  const fixture = { port: 0, connections: 0, requests: 0, hosts: [] as string[] } as Fixture;
  const server: Server = createServer((req, res) => {
    fixture.requests += 1;
    fixture.hosts.push(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (url.pathname === '/redirect') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ ok: true, path: url.pathname }]));
  });
  server.on('connection', () => (fixture.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fixture.port = (server.address() as AddressInfo).port;
  fixture.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fixture;
}

// The safety net: every socket connect is recorded, and one aimed at an IP literal other than
// 127.0.0.1 is refused here, so a guard bug could never send traffic anywhere else.
const attempts: string[] = [];
const violations: string[] = [];
const originalConnect = net.Socket.prototype.connect;

beforeAll(() => {
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const host = typeof first === 'object' && first !== null ? String((first as { host?: string }).host ?? 'localhost') : String(args[1] ?? 'localhost');
    attempts.push(host);
    if (net.isIP(host) !== 0 && host !== '127.0.0.1') {
      violations.push(host);
      process.nextTick(() => this.destroy(new Error(`the test refused a connection to ${host}`)));
      return this;
    }
    // A name goes through the connection's lookup: only its 127.0.0.1 answers are let through.
    if (typeof first === 'object' && first !== null && typeof (first as { lookup?: unknown }).lookup === 'function') {
      const options = first as { lookup: net.LookupFunction };
      const inner = options.lookup;
      options.lookup = (hostname, lookupOptions, callback) =>
        inner(hostname, lookupOptions, (error, address, family) => {
          const answers = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
          const local = answers.filter((answer) => answer.address === '127.0.0.1');
          if (error || local.length === answers.length) return callback(error, address, family);
          if (local.length === 0) {
            violations.push(...answers.map((answer) => answer.address));
            return callback(Object.assign(new Error('the test refused the connection'), { code: 'ECONNREFUSED' }), '');
          }
          return Array.isArray(address) ? callback(null, local) : callback(null, '127.0.0.1', 4);
        });
    }
    return (originalConnect as (...rest: unknown[]) => net.Socket).apply(this, args);
  } as typeof originalConnect;
});

afterAll(() => {
  net.Socket.prototype.connect = originalConnect;
});

afterEach(() => {
  expect(violations).toEqual([]);
});

let fixture: Fixture;
let other: Fixture;

beforeAll(async () => {
  fixture = await startFixture();
  other = await startFixture();
});

afterAll(async () => {
  await fixture?.close();
  await other?.close();
});

function client(policy: Partial<NetworkPolicy> = {}, resolve?: HostResolver, connectTimeoutMs?: number): TargetClient {
  return new TargetClient({
    policy: { allowedTargets: [], allowPrivateNetworks: false, ...policy },
    logger: testLogger(),
    ...(resolve ? { resolve } : {}),
    ...(connectTimeoutMs ? { limits: { connectTimeoutMs } } : {}),
  });
}

function request(url: string): TargetRequestInput {
  return { url, method: 'GET', authType: 'None' };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the promise to reject');
}

/** A resolver that must never be asked (literal addresses, special-use names). */
function forbiddenResolver(calls: string[]): HostResolver {
  return async (hostname) => {
    calls.push(hostname);
    throw Object.assign(new Error('no DNS in this test'), { code: 'ENOTFOUND' });
  };
}

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['2002:7f00:1::', 'loopback'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['::127.0.0.1', 'reserved'],
    ['100::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, category) => {
    const ip = parseIp(address);
    expect(ip).toBeDefined();
    expect(classifyIp(ip!).category).toBe(category);
  });
});

describe('parseNetworkPolicy', () => {
  it('reads both variables', () => {
    expect(parseNetworkPolicy({})).toEqual({ allowedTargets: [], allowPrivateNetworks: false });
    expect(parseNetworkPolicy({ CONNECTOR_ALLOWED_TARGETS: ' 127.0.0.1:8080, api.internal:443 ,10.1.0.0/16,[::1]:9000', CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'true' })).toEqual({
      allowedTargets: ['127.0.0.1:8080', 'api.internal:443', '10.1.0.0/16', '[::1]:9000'],
      allowPrivateNetworks: true,
    });
  });

  it.each(['10.0.0.0/33', 'host:99999', 'http://x', 'bad!host:80', '[::1'])('refuses the entry %s', (entry) => {
    expect(() => parseNetworkPolicy({ CONNECTOR_ALLOWED_TARGETS: entry })).toThrow(/CONNECTOR_ALLOWED_TARGETS/);
  });

  it('refuses a flag that is neither true nor false', () => {
    expect(() => parseNetworkPolicy({ CONNECTOR_ALLOW_PRIVATE_NETWORKS: 'yes' })).toThrow(/CONNECTOR_ALLOW_PRIVATE_NETWORKS/);
  });
});

describe('refused by default, before any connection', () => {
  const targets = (port: number) => [
    [`http://127.0.0.1:${port}/`, 'loopback'],
    [`http://localhost:${port}/`, 'loopback'],
    [`http://app.localhost:${port}/`, 'loopback'],
    ['http://10.0.0.1/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    [`http://[::1]:${port}/`, 'loopback'],
    [`http://[::ffff:127.0.0.1]:${port}/`, 'loopback'],
    ['http://100.64.0.1/', 'cgnat'],
    [`http://0.0.0.0:${port}/`, 'unspecified'],
    [`http://[::]:${port}/`, 'unspecified'],
    [`http://2130706433:${port}/`, 'loopback'], // 127.0.0.1 written as one number
    [`http://0x7f.1:${port}/`, 'loopback'],
    ['http://192.168.0.1/', 'private'],
    ['https://172.16.5.4/', 'private'],
    ['http://[fd00::1]/', 'unique-local'],
    ['http://[fe80::1]/', 'link-local'],
    ['http://[64:ff9b::a00:1]/', 'private'],
    ['http://224.0.0.251/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://198.18.0.1/', 'benchmarking'],
    ['http://240.0.0.1/', 'reserved'],
  ];

  it('refuses every non-public target with blocked_address and connects to none', async () => {
    const calls: string[] = [];
    const target = client({}, forbiddenResolver(calls));
    const before = { connections: fixture.connections, attempts: attempts.length };
    for (const [url, category] of targets(fixture.port)) {
      for (const call of [() => target.testConnection(request(url!)), () => target.fetchRecords(request(url!))]) {
        const error = await rejection(call());
        expect(error.code, url).toBe('invalid_request');
        expect(error.httpStatus).toBe(400);
        expect(error.message).toMatch(/^the target .+ resolves to an? .+ address.*, which is not allowed/);
        expect(error.details, url).toMatchObject({ reason: 'blocked_address', category });
        // The message names the category, never the resolved address.
        expect(error.message).not.toContain(String(fixture.port));
      }
    }
    expect(fixture.connections).toBe(before.connections);
    expect(attempts.length).toBe(before.attempts);
    expect(calls).toEqual([]); // literals and localhost are judged without DNS
  });

  it('refuses other schemes', async () => {
    const guard = new SsrfGuard();
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'gopher://127.0.0.1:70/']) {
      const error = await rejection(guard.vet(url));
      expect(error.details).toMatchObject({ reason: 'unsupported_scheme' });
    }
  });
});

describe('the policy', () => {
  it('lets an allowed host:port through, and only that port', async () => {
    const target = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] });
    const result = await target.testConnection(request(`http://127.0.0.1:${fixture.port}/x`));
    expect(result).toMatchObject({ success: true, status: 200, data: [{ ok: true, path: '/x' }] });
    const before = other.connections;
    const error = await rejection(target.testConnection(request(`http://127.0.0.1:${other.port}/x`)));
    expect(error.details).toMatchObject({ reason: 'blocked_address' });
    expect(other.connections).toBe(before);
  });

  it('matches an allowed address however the URL spells it, and CIDR entries', async () => {
    const byAddress = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] });
    expect((await byAddress.testConnection(request(`http://[::ffff:127.0.0.1]:${fixture.port}/`))).success).toBe(true);
    expect((await byAddress.testConnection(request(`http://2130706433:${fixture.port}/`))).success).toBe(true);
    // localhost is 127.0.0.1 and ::1; every address of a name must be allowed, so it is named itself.
    expect((await rejection(byAddress.testConnection(request(`http://localhost:${fixture.port}/`)))).details).toMatchObject({ category: 'loopback' });
    const byName = client({ allowedTargets: [`localhost:${fixture.port}`] });
    expect((await byName.testConnection(request(`http://localhost:${fixture.port}/`))).success).toBe(true);
    const byCidr = client({ allowedTargets: ['127.0.0.0/8'] });
    expect((await byCidr.testConnection(request(`http://127.0.0.1:${other.port}/`))).success).toBe(true);
  });

  it('opens private ranges with allowPrivateNetworks, never loopback or link-local', async () => {
    const guard = new SsrfGuard({ allowedTargets: [], allowPrivateNetworks: true });
    // vet only checks; nothing connects here.
    for (const url of ['http://10.0.0.1/', 'http://192.168.1.20:8080/', 'http://172.20.0.3/', 'http://100.64.1.1/', 'http://[fd00::5]/']) {
      await expect(guard.vet(url)).resolves.toMatchObject({ port: expect.any(Number) });
    }
    for (const url of ['http://127.0.0.1/', 'http://169.254.169.254/', 'http://[fe80::1]/', 'http://0.0.0.0/', 'http://224.0.0.1/']) {
      expect((await rejection(guard.vet(url))).details).toMatchObject({ reason: 'blocked_address' });
    }
    const cidr = new SsrfGuard({ allowedTargets: ['10.1.0.0/16', 'metadata.internal:80'], allowPrivateNetworks: false }, { resolve: async () => [{ address: '169.254.169.254', family: 4 }] });
    await expect(cidr.vet('http://10.1.2.3/')).resolves.toBeDefined();
    expect((await rejection(cidr.vet('http://10.2.0.1/'))).details).toMatchObject({ reason: 'blocked_address' });
    await expect(cidr.vet('http://metadata.internal/')).resolves.toMatchObject({ addresses: [{ address: '169.254.169.254', family: 4 }] });
    expect((await rejection(cidr.vet('http://metadata.internal:8080/'))).details).toMatchObject({ reason: 'blocked_address' });
  });
});

describe('redirects are checked again', () => {
  it.each([
    ['http://10.0.0.1/admin', 'private'],
    ['http://169.254.169.254/latest/meta-data/iam/', 'link-local'],
    ['http://[::1]/', 'loopback'],
    ['http://localhost/', 'loopback'],
  ])('refuses a redirect from an allowed target to %s', async (to, category) => {
    const target = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] });
    const before = fixture.requests;
    const error = await rejection(target.fetchRecords(request(`http://127.0.0.1:${fixture.port}/redirect?to=${encodeURIComponent(to)}`)));
    expect(error.code).toBe('invalid_request');
    expect(error.details).toMatchObject({ reason: 'blocked_address', category });
    expect(fixture.requests - before).toBe(1);
  });

  it('refuses a redirect to a port the policy does not name', async () => {
    const target = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] });
    const before = other.connections;
    const error = await rejection(target.testConnection(request(`http://127.0.0.1:${fixture.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${other.port}/`)}`)));
    expect(error.details).toMatchObject({ reason: 'blocked_address' });
    expect(other.connections).toBe(before);
  });

  it('resolves every hop again, so a name that rebinds to a private address is refused', async () => {
    let calls = 0;
    const resolve: HostResolver = async () => (++calls === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.7', family: 4 }]);
    const target = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] }, resolve);
    const start = `http://rebind.test:${fixture.port}/redirect?to=${encodeURIComponent(`http://rebind.test:${fixture.port}/again`)}`;
    const error = await rejection(target.fetchRecords(request(start)));
    expect(error.details).toMatchObject({ reason: 'blocked_address', category: 'private' });
    expect(calls).toBe(2);
  });
});

describe('DNS', () => {
  it('fails closed on a name under .invalid without asking DNS', async () => {
    const calls: string[] = [];
    const target = client({}, forbiddenResolver(calls));
    const result = await target.testConnection(request('http://api.no-such-host.invalid/items'));
    expect(result).toMatchObject({ success: false, status: 0, data: null });
    expect(result.error).toContain('could not resolve the target host api.no-such-host.invalid');
    const error = await rejection(target.fetchRecords(request('http://api.no-such-host.invalid/items')));
    expect(error.code).toBe('upstream_error');
    expect(error.details).toMatchObject({ reason: 'dns_failure' });
    expect(calls).toEqual([]);
  });

  it('fails closed when resolution fails, hangs or answers nothing', async () => {
    const failing = client({}, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    expect((await rejection(failing.fetchRecords(request('http://api.example.com/')))).details).toMatchObject({ reason: 'dns_failure', code: 'ENOTFOUND' });
    const hanging = client({}, () => new Promise(() => undefined), 200);
    const started = Date.now();
    expect((await rejection(hanging.fetchRecords(request('http://api.example.com/')))).details).toMatchObject({ reason: 'dns_failure', code: 'ETIMEOUT' });
    expect(Date.now() - started).toBeLessThan(2000);
    const empty = client({}, async () => []);
    expect((await rejection(empty.fetchRecords(request('http://api.example.com/')))).details).toMatchObject({ reason: 'dns_failure' });
  });

  it('refuses a name with any non-public address among its answers', async () => {
    const target = client({}, async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ]);
    const before = attempts.length;
    expect((await rejection(target.testConnection(request('http://mixed.example.com/')))).details).toMatchObject({ reason: 'blocked_address', category: 'private' });
    expect(attempts.length).toBe(before);
  });

  it('connects to the address it checked, resolving the name once per request', async () => {
    const calls: string[] = [];
    const resolve: HostResolver = async (hostname) => {
      calls.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const target = client({ allowedTargets: [`127.0.0.1:${fixture.port}`] }, resolve);
    const result = await target.testConnection(request(`http://api.example.test:${fixture.port}/pinned`));
    expect(result).toMatchObject({ success: true, data: [{ ok: true, path: '/pinned' }] });
    expect(calls).toEqual(['api.example.test']);
    expect(fixture.hosts.at(-1)).toBe(`api.example.test:${fixture.port}`);
  });

  it('hands out a lookup that answers only for the vetted name', async () => {
    const lookup = pinnedLookup({ url: new URL('http://a.example/'), hostname: 'a.example', port: 80, addresses: [{ address: '127.0.0.1', family: 4 }] });
    const answer = (hostname: string, all: boolean) =>
      new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => lookup(hostname, { all }, (error, address) => resolve({ error, address })));
    expect(await answer('a.example', false)).toEqual({ error: null, address: '127.0.0.1' });
    expect(await answer('A.EXAMPLE', true)).toEqual({ error: null, address: [{ address: '127.0.0.1', family: 4 }] });
    expect((await answer('b.example', false)).error?.code).toBe('ENOTFOUND');
  });
});
