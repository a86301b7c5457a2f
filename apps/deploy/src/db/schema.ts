// The Kysely types of the tables in the `deploy` schema, which only this service touches.
import type { ColumnType, JSONColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

type Json<T extends object> = JSONColumnType<T, string, string>;
type JsonObject = Record<string, unknown>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;

export interface ApisTable {
  id: string;
  project_id: string;
  environment: string;
  name: string;
  base_path: string;
  version: string;
  servers: Json<JsonObject[]>;
  security: Json<JsonObject[]>;
  tags: Json<JsonObject[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type DeploymentStatus = 'active' | 'replaced' | 'undeployed';

export interface DeploymentsTable {
  id: string;
  project_id: string;
  query_program_id: string;
  program_name: string;
  version: number;
  environment: string;
  endpoint_path: string;
  status: DeploymentStatus;
  deployed_at: CreatedAt;
  ended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface ApiEndpointsTable {
  id: string;
  api_id: string;
  /** The active deployment this endpoint serves. */
  deployment_id: string;
  project_id: string;
  environment: string;
  query_program_id: string;
  program_version: number;
  path: string;
  endpoint_name: string;
  http_method: string;
  operation_id: string;
  summary: string | null;
  description: string | null;
  tags: Json<string[]>;
  parameters: Json<JsonObject[]>;
  slot_mapping: Json<JsonObject>;
  component_schemas: Json<JsonObject>;
  request_body: Json<JsonObject>;
  responses: Json<JsonObject>;
  security: Json<JsonObject[]>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DeployTables extends BusTables {
  apis: ApisTable;
  deployments: DeploymentsTable;
  api_endpoints: ApiEndpointsTable;
}
