// Front door to the code generated from proto/ by protoc-gen-es (regenerate: `npx nx run proto:generate`).
export * as healthV1 from './gen/grpc/health/v1/health_pb.js';
export * as commonV1 from './gen/querylane/common/v1/service_info_pb.js';
export * as errorV1 from './gen/querylane/common/v1/error_pb.js';
export * as eventsV1 from './gen/querylane/events/v1/envelope_pb.js';
export * as catalogV1 from './catalog-v1.js';
export * as connectorV1 from './gen/querylane/connector/v1/connector_service_pb.js';
export * as queryRuntimeV1 from './gen/querylane/query_runtime/v1/query_runtime_service_pb.js';
export * as deployV1 from './gen/querylane/deploy/v1/deploy_service_pb.js';
export * as meteringV1 from './gen/querylane/metering/v1/metering_service_pb.js';
export * as testingV1 from './gen/querylane/testing/v1/probe_service_pb.js';
