// IP address parsing and the special-purpose ranges (IANA registries) the SSRF guard refuses.
import { isIPv4, isIPv6 } from 'node:net';

export interface IpAddress {
  family: 4 | 6;
  /** The address as an unsigned integer (32 bits for IPv4, 128 for IPv6). */
  value: bigint;
}

/** Why an address is not public; `public` is the only class the guard lets through on its own. */
export type AddressCategory =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'unique-local'
  | 'site-local'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

export interface AddressClass {
  category: AddressCategory;
  /** Set when an IPv6 address carries an IPv4 one (IPv4-mapped, NAT64, 6to4) and that decided. */
  embedded?: 'ipv4-mapped' | 'nat64' | '6to4';
}

/** The categories `allowPrivateNetworks` opens: networks of one's own, not this host or the link. */
export const privateNetworkCategories: ReadonlySet<AddressCategory> = new Set(['private', 'unique-local', 'site-local', 'cgnat']);

export function parseIp(text: string): IpAddress | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(address)) return { family: 4, value: parseIpv4(address) };
  if (isIPv6(address)) return { family: 6, value: parseIpv6(address) };
  return undefined;
}

export function formatIp(ip: IpAddress): string {
  if (ip.family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((ip.value >> shift) & 0xffn)).join('.');
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((ip.value >> shift) & 0xffffn).toString(16));
  return groups.join(':');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`), else the address itself. */
export function unmapIpv4(ip: IpAddress): IpAddress {
  if (ip.family === 6 && ip.value >> 32n === 0xffffn) return { family: 4, value: ip.value & 0xffffffffn };
  return ip;
}

export interface Cidr {
  family: 4 | 6;
  base: bigint;
  prefix: number;
}

export function parseCidr(text: string): Cidr | undefined {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return undefined;
  const ip = parseIp(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!ip || !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  const bits = ip.family === 4 ? 32 : 128;
  if (prefix > bits) return undefined;
  return { family: ip.family, base: ip.value & mask(bits, prefix), prefix };
}

export function cidrContains(cidr: Cidr, ip: IpAddress): boolean {
  const candidate = cidr.family === 4 ? unmapIpv4(ip) : ip;
  if (candidate.family !== cidr.family) return false;
  const bits = cidr.family === 4 ? 32 : 128;
  return (candidate.value & mask(bits, cidr.prefix)) === cidr.base;
}

// Most specific first: the first range that contains an address names its category.
const ipv4Ranges = table(4, [
  ['0.0.0.0/32', 'unspecified'],
  ['0.0.0.0/8', 'reserved'], // "this network"; 0.x.y.z reaches the local host on Linux
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'cgnat'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'], // includes the cloud metadata service 169.254.169.254
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'reserved'], // AS112
  ['192.52.193.0/24', 'reserved'], // AMT
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'reserved'], // AS112 direct delegation
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['255.255.255.255/32', 'broadcast'],
  ['240.0.0.0/4', 'reserved'],
]);

const ipv6Ranges = table(6, [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['2001:2::/48', 'benchmarking'],
  ['2001::/23', 'reserved'], // IETF protocol assignments, Teredo (which hides an IPv4 address) among them
]);

const ipv4Mapped = knownCidr('::ffff:0:0/96');
const nat64 = knownCidr('64:ff9b::/96');
const sixToFour = knownCidr('2002::/16');
const globalUnicast = knownCidr('2000::/3');

/**
 * The category of an address. IPv6 addresses that carry an IPv4 address are judged by it, since
 * the packets end up there; IPv6 outside global unicast (2000::/3) is reserved, so anything IANA
 * adds later is refused until it is known.
 */
export function classifyIp(ip: IpAddress): AddressClass {
  if (ip.family === 4) return { category: lookup(ipv4Ranges, ip) ?? 'public' };
  if (cidrContains(ipv4Mapped, ip)) return { ...classifyIp(unmapIpv4(ip)), embedded: 'ipv4-mapped' };
  if (cidrContains(nat64, ip)) return { ...classifyIp({ family: 4, value: ip.value & 0xffffffffn }), embedded: 'nat64' };
  if (cidrContains(sixToFour, ip)) return { ...classifyIp({ family: 4, value: (ip.value >> 80n) & 0xffffffffn }), embedded: '6to4' };
  const listed = lookup(ipv6Ranges, ip);
  if (listed) return { category: listed };
  return { category: cidrContains(globalUnicast, ip) ? 'public' : 'reserved' };
}

function lookup(ranges: { cidr: Cidr; category: AddressCategory }[], ip: IpAddress): AddressCategory | undefined {
  return ranges.find((range) => cidrContains(range.cidr, ip))?.category;
}

function knownCidr(text: string): Cidr {
  const cidr = parseCidr(text);
  if (!cidr) throw new Error(`bad range ${text} in the address table`);
  return cidr;
}

function table(family: 4 | 6, rows: [string, AddressCategory][]): { cidr: Cidr; category: AddressCategory }[] {
  return rows.map(([text, category]) => {
    const cidr = parseCidr(text);
    if (!cidr || cidr.family !== family) throw new Error(`bad range ${text} in the address table`);
    return { cidr, category };
  });
}

function mask(bits: number, prefix: number): bigint {
  const all = (1n << BigInt(bits)) - 1n;
  return prefix === 0 ? 0n : (all >> BigInt(bits - prefix)) << BigInt(bits - prefix);
}

function parseIpv4(text: string): bigint {
  return text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

/** Expects text that `isIPv6` accepted: `::` compression, a trailing dotted quad and a zone id. */
function parseIpv6(text: string): bigint {
  let address = text.split('%')[0] ?? '';
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (quad?.[1]) {
    const v4 = parseIpv4(quad[1]);
    address = `${address.slice(0, -quad[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}
