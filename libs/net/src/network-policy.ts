// Which non-public targets the SSRF guard lets through: CONNECTOR_ALLOWED_TARGETS and
// CONNECTOR_ALLOW_PRIVATE_NETWORKS (DESIGN.md §7). Everything else that is not public is refused.
import { AppError } from '@querylane/errors';
import { parseCidr, parseIp, type Cidr, type IpAddress } from './ip-address.js';

export interface NetworkPolicy {
  /** `host:port`, `host` (any port), `[v6]:port`, an IP address or a CIDR block such as `10.1.0.0/16`. */
  allowedTargets: readonly string[];
  /** Opens the private ranges (10/8, 172.16/12, 192.168/16, fc00::/7, fec0::/10, 100.64/10), not loopback or link-local. */
  allowPrivateNetworks: boolean;
}

export type AllowedTarget =
  | { kind: 'host'; host: string; port: number | undefined }
  | { kind: 'address'; ip: IpAddress; port: number | undefined }
  | { kind: 'cidr'; cidr: Cidr };

/** The guard's default: nothing but public addresses. */
export const defaultNetworkPolicy: NetworkPolicy = Object.freeze({ allowedTargets: Object.freeze([]), allowPrivateNetworks: false });

/**
 * Reads the two variables. A bad entry is a configuration error (`internal_error`) raised at start-up,
 * so a typo never silently leaves a development target blocked or, worse, opens something else.
 */
export function parseNetworkPolicy(env: Readonly<Record<string, string | undefined>>): NetworkPolicy {
  const allowedTargets = (env.CONNECTOR_ALLOWED_TARGETS ?? '')
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  allowedTargets.forEach(parseAllowedTarget);
  const flag = (env.CONNECTOR_ALLOW_PRIVATE_NETWORKS ?? '').trim().toLowerCase();
  if (!['', 'true', 'false'].includes(flag)) {
    throw new AppError('internal_error', `CONNECTOR_ALLOW_PRIVATE_NETWORKS must be true or false, got ${JSON.stringify(env.CONNECTOR_ALLOW_PRIVATE_NETWORKS)}`);
  }
  return { allowedTargets, allowPrivateNetworks: flag === 'true' };
}

export function parseAllowedTarget(entry: string): AllowedTarget {
  const text = entry.trim();
  const fail = (why: string) => new AppError('internal_error', `invalid CONNECTOR_ALLOWED_TARGETS entry ${JSON.stringify(entry)}: ${why}`);
  if (text.includes('/')) {
    const cidr = parseCidr(text);
    if (!cidr) throw fail('expected a CIDR block such as 10.0.0.0/8 or fd00::/8');
    return { kind: 'cidr', cidr };
  }
  const bare = parseIp(text);
  if (bare) return { kind: 'address', ip: bare, port: undefined };
  // `[v6]:port`, `host:port` or `host`
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match?.[1]) throw fail('expected host:port, [ipv6]:port, an IP address or a CIDR block');
  const port = match[2] === undefined ? undefined : Number(match[2]);
  if (port !== undefined && (port < 1 || port > 65535)) throw fail('the port must be 1 to 65535');
  const ip = parseIp(match[1]);
  if (ip) return { kind: 'address', ip, port };
  const host = normalizeHostname(match[1]);
  if (!/^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(host)) throw fail('not a host name');
  return { kind: 'host', host, port };
}

/** Lower case without the root's trailing dot, so `API.example.com.` and `api.example.com` are one host. */
export function normalizeHostname(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}
