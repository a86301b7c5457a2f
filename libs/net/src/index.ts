// Outbound connections to addresses users give us (DESIGN.md §7): the connector's targets and the
// alert webhooks go through the same SSRF guard and network policy.
export { defaultNetworkPolicy, normalizeHostname, parseAllowedTarget, parseNetworkPolicy } from './network-policy.js';
export type { AllowedTarget, NetworkPolicy } from './network-policy.js';
export { pinnedLookup, SsrfGuard } from './ssrf-guard.js';
export type { HostResolver, ResolvedAddress, SsrfGuardOptions, VettedTarget } from './ssrf-guard.js';
export { classifyIp, parseIp } from './ip-address.js';
export type { AddressCategory, AddressClass, IpAddress } from './ip-address.js';
