// The Kysely types of the tables in the `catalog` schema, which only this service touches.
import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { BusTables } from '@querylane/bus';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
type DeletedAt = ColumnType<Date | null, Date | null | undefined, Date | null>;
type Json = JSONColumnType<Record<string, unknown>, string, string>;
type NullableJson = ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
/** bigint columns arrive as strings from pg; the mapper turns them into numbers. */
type BigInt = ColumnType<string, number | bigint | string, number | bigint | string>;

export interface PlatformsTable {
  id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrganizationsTable {
  id: string;
  platform_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface TeamsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface UsersTable {
  id: string;
  organization_id: string;
  name: string;
  email: string;
  is_platform_admin: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface UserTeamsTable {
  id: string;
  user_id: string;
  team_id: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface RbacTable {
  id: string;
  user_id: string;
  team_id: string;
  role: string;
  permissions: string[];
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AuthRecordsTable {
  id: string;
  user_id: string;
  type: 'token' | 'session';
  token_hash: string;
  token_prefix: string;
  expires_at: Date | null;
  last_used: Date | null;
  created_at: CreatedAt;
  deleted_at: DeletedAt;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  organization_id: string;
  name: string;
  key_hash: string;
  display_value: string;
  project_ids: string[];
  environments: string[];
  last_used: Date | null;
  created_at: CreatedAt;
  deleted_at: DeletedAt;
}

export interface ProjectsTable {
  id: string;
  team_id: string;
  organization_id: string;
  name: string;
  description: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface ProjectEventsTable {
  id: string;
  project_id: string;
  event_type: string;
  message: string;
  data: NullableJson;
  created_at: CreatedAt;
}

export interface DatasourcesTable {
  id: string;
  project_id: string;
  name: string;
  type: string;
  status: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface CredentialsTable {
  id: string;
  name: string;
  type: string;
  description: string | null;
  metadata: NullableJson;
  config: NullableJson;
  datasource_id: string | null;
  team_id: string | null;
  organization_id: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface SecretsTable {
  id: string;
  credential_id: string;
  name: string;
  ciphertext: Buffer;
  key_version: number;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface InfrastructureTable {
  id: string;
  organization_id: string;
  name: string;
  provider: string;
  region: string | null;
  config: NullableJson;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SubscriptionsTable {
  id: string;
  organization_id: string;
  tier: string;
  status: string;
  api_call_limit: ColumnType<string | null, number | null, number | null>;
  api_calls_used: Generated<BigInt>;
  billing_period_start: Date;
  billing_period_end: Date;
  overage_settings: Json;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DataObjectsTable {
  id: string;
  project_id: string;
  datasource_id: string;
  bucket: string;
  key: string;
  file_type: string;
  file_role: string;
  file_size: BigInt;
  etag: string;
  mime_type: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  deleted_at: DeletedAt;
}

export interface LineageTable {
  id: string;
  project_id: string;
  upstream_id: string;
  downstream_id: string;
  transformation: string;
  created_at: CreatedAt;
}

export interface DatalinesTable {
  id: string;
  project_id: string;
  datasource_id: string;
  data_object_id: string;
  name: string;
  data_model: Json;
  schema_code: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OntologiesTable {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  definition: Json;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OntologyMappingsTable {
  id: string;
  ontology_id: string;
  dataline_id: string;
  column_name: string;
  concept: string;
  mapping: Json;
  created_at: CreatedAt;
}

export interface JobsTable {
  id: string;
  project_id: string;
  datasource_id: string | null;
  job_type: string;
  status: string;
  attempts: Generated<number>;
  error: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface JobStatusesTable {
  id: string;
  job_id: string;
  status: string;
  previous_status: string | null;
  reason: string | null;
  created_at: CreatedAt;
}

export interface JobEventsTable {
  id: string;
  job_id: string;
  seq_id: BigInt;
  event_type: string;
  message: string;
  data: NullableJson;
  created_at: CreatedAt;
}

export interface JobSourcesTable {
  id: string;
  job_id: string;
  source_type: string;
  source_id: string;
  created_at: CreatedAt;
}

export interface CatalogTables extends BusTables {
  platforms: PlatformsTable;
  organizations: OrganizationsTable;
  teams: TeamsTable;
  users: UsersTable;
  user_teams: UserTeamsTable;
  rbac: RbacTable;
  auth_records: AuthRecordsTable;
  api_keys: ApiKeysTable;
  projects: ProjectsTable;
  project_events: ProjectEventsTable;
  datasources: DatasourcesTable;
  credentials: CredentialsTable;
  secrets: SecretsTable;
  infrastructure: InfrastructureTable;
  subscriptions: SubscriptionsTable;
  data_objects: DataObjectsTable;
  lineage: LineageTable;
  datalines: DatalinesTable;
  ontologies: OntologiesTable;
  ontology_mappings: OntologyMappingsTable;
  jobs: JobsTable;
  job_statuses: JobStatusesTable;
  job_events: JobEventsTable;
  job_sources: JobSourcesTable;
}
