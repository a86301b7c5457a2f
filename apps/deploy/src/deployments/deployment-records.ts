// Rows of the deploy schema → the messages of the proto (the one place that maps them).
import { create, type JsonObject } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { deployV1 } from '@querylane/proto';
import type { ApiRow, DeploymentRow, EndpointRow } from './deployments.repository.js';

const structs = (value: unknown): JsonObject[] => (Array.isArray(value) ? (value as JsonObject[]) : []);

export function toDeployment(row: DeploymentRow): deployV1.Deployment {
  return create(deployV1.DeploymentSchema, {
    id: row.id,
    projectId: row.project_id,
    queryProgramId: row.query_program_id,
    programName: row.program_name,
    version: row.version,
    environment: row.environment,
    endpointPath: row.endpoint_path,
    status: row.status,
    deployedAt: timestampFromDate(row.deployed_at),
    ...(row.ended_at ? { endedAt: timestampFromDate(row.ended_at) } : {}),
  });
}

export function toApiEndpoint(row: EndpointRow): deployV1.ApiEndpoint {
  return create(deployV1.ApiEndpointSchema, {
    id: row.id,
    apiId: row.api_id,
    projectId: row.project_id,
    environment: row.environment,
    queryProgramId: row.query_program_id,
    programVersion: row.program_version,
    path: row.path,
    endpointName: row.endpoint_name,
    httpMethod: row.http_method,
    operationId: row.operation_id,
    tags: row.tags,
    parameters: structs(row.parameters),
    slotMapping: row.slot_mapping as JsonObject,
    componentSchemas: row.component_schemas as JsonObject,
    requestBody: row.request_body as JsonObject,
    responses: row.responses as JsonObject,
    security: structs(row.security),
    createdAt: timestampFromDate(row.created_at),
    updatedAt: timestampFromDate(row.updated_at),
  });
}

export function toApi(row: ApiRow, endpoints: EndpointRow[]): deployV1.Api {
  return create(deployV1.ApiSchema, {
    id: row.id,
    projectId: row.project_id,
    environment: row.environment,
    name: row.name,
    basePath: row.base_path,
    version: row.version,
    servers: structs(row.servers),
    security: structs(row.security),
    tags: structs(row.tags),
    createdAt: timestampFromDate(row.created_at),
    updatedAt: timestampFromDate(row.updated_at),
    endpoints: endpoints.map(toApiEndpoint),
  });
}
