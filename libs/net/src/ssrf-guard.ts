// The SSRF guard (DESIGN.md §7): resolves a target once, refuses non-public addresses unless the
// policy names them, and hands out a lookup that pins the connection to the addresses it checked.
// Anything else that calls user-supplied URLs (alert webhooks) should go through it too.
import { promises as dns, type LookupAddress, type LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { AppError } from '@querylane/errors';
import { classifyIp, cidrContains, formatIp, parseIp, privateNetworkCategories, unmapIpv4, type AddressClass, type IpAddress } from './ip-address.js';
import { defaultNetworkPolicy, normalizeHostname, parseAllowedTarget, type AllowedTarget, type NetworkPolicy } from './network-policy.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name; the default is `dns.lookup` with `all: true` (what the OS would use). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SsrfGuardOptions {
  resolve?: HostResolver;
  /** Resolution that takes longer fails closed. */
  resolveTimeoutMs?: number;
}

/** A URL whose addresses passed the guard; connect only to `addresses` (see `pinnedLookup`). */
export interface VettedTarget {
  url: URL;
  /** The host as the connection names it (no IPv6 brackets, lower case). */
  hostname: string;
  port: number;
  addresses: ResolvedAddress[];
}

const systemResolver: HostResolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

const categoryWords: Record<AddressClass['category'], string> = {
  public: 'a public',
  loopback: 'a loopback',
  private: 'a private',
  'link-local': 'a link-local',
  cgnat: 'a carrier-grade NAT (100.64.0.0/10)',
  multicast: 'a multicast',
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  'unique-local': 'a unique-local',
  'site-local': 'a site-local',
  documentation: 'a documentation',
  benchmarking: 'a benchmarking',
  reserved: 'a reserved',
};

export class SsrfGuard {
  private readonly allowed: AllowedTarget[];
  private readonly resolve: HostResolver;
  private readonly resolveTimeoutMs: number;

  constructor(
    private readonly policy: NetworkPolicy = defaultNetworkPolicy,
    options: SsrfGuardOptions = {},
  ) {
    this.allowed = policy.allowedTargets.map(parseAllowedTarget);
    this.resolve = options.resolve ?? systemResolver;
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? 5_000;
  }

  /**
   * Resolves the URL's host and checks every address it has. One refused address refuses the host:
   * a name that mixes public and private answers is how DNS rebinding gets in. Resolution failures
   * fail closed (`upstream_error`, reason `dns_failure`); a refused address is `invalid_request`
   * with reason `blocked_address`. The message never shows the resolved address, so the guard
   * cannot be used to map internal names.
   */
  async vet(target: URL | string, signal?: AbortSignal): Promise<VettedTarget> {
    const url = typeof target === 'string' ? parseUrl(target) : target;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new AppError('invalid_request', `the target URL must use http or https, not ${url.protocol.replace(/:$/, '')}`, { field: 'url', reason: 'unsupported_scheme' });
    }
    const hostname = normalizeHostname(url.hostname.replace(/^\[(.*)\]$/, '$1'));
    if (hostname === '') throw new AppError('invalid_request', 'the target URL has no host', { field: 'url' });
    const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);

    const literal = parseIp(hostname);
    const addresses = literal ? [{ address: hostname, family: literal.family }] : (specialUseAddresses(hostname) ?? (await this.lookUp(hostname, signal)));
    for (const entry of addresses) {
      const ip = parseIp(entry.address);
      if (!ip) throw dnsFailure(hostname, 'EBADRESP');
      const verdict = classifyIp(ip);
      if (!this.allows(hostname, port, ip, verdict)) {
        const via = verdict.embedded ? ` (${verdict.embedded === 'ipv4-mapped' ? 'IPv4-mapped IPv6' : verdict.embedded === 'nat64' ? 'NAT64' : '6to4'})` : '';
        throw new AppError(
          'invalid_request',
          `the target ${hostname} resolves to ${categoryWords[verdict.category]} address${via}, which is not allowed; only public addresses are, ` +
            'unless CONNECTOR_ALLOWED_TARGETS or CONNECTOR_ALLOW_PRIVATE_NETWORKS says otherwise',
          { field: 'url', reason: 'blocked_address', host: hostname, category: verdict.category },
        );
      }
    }
    return { url, hostname, port, addresses: addresses.map((entry) => canonical(entry.address, entry.family)) };
  }

  private allows(hostname: string, port: number, ip: IpAddress, verdict: AddressClass): boolean {
    if (verdict.category === 'public') return true;
    if (this.policy.allowPrivateNetworks && privateNetworkCategories.has(verdict.category)) return true;
    const plain = unmapIpv4(ip);
    return this.allowed.some((entry) => {
      switch (entry.kind) {
        case 'host':
          return entry.host === hostname && (entry.port === undefined || entry.port === port);
        case 'address': {
          const listed = unmapIpv4(entry.ip);
          return listed.family === plain.family && listed.value === plain.value && (entry.port === undefined || entry.port === port);
        }
        case 'cidr':
          return cidrContains(entry.cidr, ip);
      }
      return false;
    });
  }

  private async lookUp(hostname: string, signal: AbortSignal | undefined): Promise<ResolvedAddress[]> {
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    try {
      const found = await Promise.race([
        this.resolve(hostname),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(dnsFailure(hostname, 'ETIMEOUT')), this.resolveTimeoutMs);
          if (signal) {
            onAbort = () => reject(signal.reason instanceof Error ? signal.reason : dnsFailure(hostname, 'ECANCELLED'));
            if (signal.aborted) onAbort();
            else signal.addEventListener('abort', onAbort, { once: true });
          }
        }),
      ]);
      if (found.length === 0) throw dnsFailure(hostname, 'ENODATA');
      return found;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw dnsFailure(hostname, (error as NodeJS.ErrnoException).code ?? 'EAI_FAIL');
    } finally {
      clearTimeout(timer);
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
  }
}

/**
 * The `lookup` for node:http(s) and node:net that answers with the vetted addresses only, so the
 * connection goes where the guard looked and the name is never resolved a second time.
 */
export function pinnedLookup(target: VettedTarget): LookupFunction {
  return (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    if (normalizeHostname(hostname) !== target.hostname) {
      const error: NodeJS.ErrnoException = new Error(`the connection asked for ${hostname}, which the guard did not check`);
      error.code = 'ENOTFOUND';
      callback(error, '');
      return;
    }
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const candidates = family === 4 || family === 6 ? target.addresses.filter((entry) => entry.family === family) : target.addresses;
    const answer = candidates.length > 0 ? candidates : target.addresses;
    const [first] = answer;
    if (!first) callback(Object.assign(new Error(`no vetted address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    else if (options.all) callback(null, answer.map((entry) => ({ address: entry.address, family: entry.family })));
    else callback(null, first.address, first.family);
  };
}

/**
 * RFC 6761 names are answered without asking DNS, as the RFC asks resolvers to: `.invalid` never
 * exists (so it fails closed at once), `localhost` is always the loopback address.
 */
function specialUseAddresses(hostname: string): ResolvedAddress[] | undefined {
  if (hostname === 'invalid' || hostname.endsWith('.invalid')) throw dnsFailure(hostname, 'ENOTFOUND');
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    return [
      { address: '127.0.0.1', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  return undefined;
}

function dnsFailure(hostname: string, code: string): AppError {
  return new AppError('upstream_error', `could not resolve the target host ${hostname} (${code})`, { reason: 'dns_failure', host: hostname, code });
}

function parseUrl(text: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new AppError('invalid_request', 'the target URL is not a valid absolute URL', { field: 'url' });
  }
}

/**
 * Canonical form for connecting: zone ids dropped, and an IPv4-mapped IPv6 address as the plain
 * IPv4 address it stands for (so it works where IPv6 is off, and means exactly what was checked).
 */
function canonical(address: string, family: 4 | 6): ResolvedAddress {
  const ip = parseIp(address);
  if (!ip) return { address, family };
  const plain = unmapIpv4(ip);
  return { address: formatIp(plain), family: plain.family };
}
