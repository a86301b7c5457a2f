// The target client's front door: what execute-request, test-connection and the gateway use.
export { TargetClient } from './target-client.js';
export type { FetchOptions, FetchProgress, FetchResult, JsonBody, TargetClientOptions, TestConnectionResult } from './target-client.js';
export {
  authTypes,
  httpMethods,
  paginationSchema,
  parameterGroupSchema,
  parameterLocations,
  parseTargetRequest,
  targetParameterSchema,
  targetRequestSchema,
} from './target-request.schema.js';
export type { AuthType, HttpMethod, Pagination, ParameterGroup, ParameterValue, RequestIssue, TargetParameter, TargetRequest, TargetRequestInput } from './target-request.schema.js';
export { defaultTargetLimits, resolveTargetLimits } from './target-limits.js';
export type { TargetLimits } from './target-limits.js';
// The SSRF guard lives in @querylane/net (alert webhooks use it too); the connector's front door
// keeps offering it with the client it guards.
export { classifyIp, defaultNetworkPolicy, parseAllowedTarget, parseIp, parseNetworkPolicy, pinnedLookup, SsrfGuard } from '@querylane/net';
export type { AddressCategory, AddressClass, AllowedTarget, HostResolver, IpAddress, NetworkPolicy, ResolvedAddress, SsrfGuardOptions, VettedTarget } from '@querylane/net';
export { Redactor } from './secret-redaction.js';
export { extractPath, lookUpPath } from './response-path.js';
export { parseBody, toRecords } from './response-parser.js';
export type { ParsedBody, TargetRecord } from './response-parser.js';
export { nextLink, parseLinkHeader } from './pagination.js';
export { backoffDelay, parseRetryAfter } from './retry-policy.js';
