export { createClient, defaultDeadlineMs } from './client.js';
export type { ClientOptions, GrpcClient } from './client.js';
export { errorTrailerKey, fromErrorDetail, fromServiceError, grpcStatusByCode, toErrorDetail, toStatusObject } from './errors.js';
export { HealthRegistry, ServingStatus } from './health.js';
export { GrpcServer } from './server.js';
export type { GrpcServerOptions } from './server.js';
export { toServiceDefinition } from './service-definition.js';
export type { CallContext, CallOptions, ServiceClient, ServiceImplementation } from './types.js';
export { actorMetadataKey, actorOf, asUser, onBehalfOf } from './actor.js';
