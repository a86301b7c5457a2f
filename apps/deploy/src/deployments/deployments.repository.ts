// Every SQL statement of the deploy schema. Write methods take the caller's transaction, so a
// change and its outbox event commit together.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '@querylane/errors';
import type { ApiEndpointsTable, ApisTable, DeployTables, DeploymentsTable } from '../db/schema.js';
import type { EndpointSpec } from '../endpoints/endpoint-spec.js';

export type ApiRow = Selectable<ApisTable>;
export type DeploymentRow = Selectable<DeploymentsTable>;
export type EndpointRow = Selectable<ApiEndpointsTable>;

export interface NewApi {
  projectId: string;
  environment: string;
  name: string;
  basePath: string;
  version: string;
  servers: Record<string, unknown>[];
  security: Record<string, unknown>[];
  tags: Record<string, unknown>[];
}

export interface NewDeployment {
  projectId: string;
  queryProgramId: string;
  programName: string;
  version: number;
  environment: string;
  endpointPath: string;
}

const json = (value: unknown) => JSON.stringify(value);

export class DeploymentsRepository {
  constructor(private readonly db: Kysely<DeployTables>) {}

  findApi(projectId: string, environment: string, trx: Kysely<DeployTables> = this.db): Promise<ApiRow | undefined> {
    return trx.selectFrom('apis').selectAll().where('project_id', '=', projectId).where('environment', '=', environment).executeTakeFirst();
  }

  /** The project's Api of the environment, created on first use; a concurrent creation wins quietly. */
  async ensureApi(trx: Kysely<DeployTables>, api: NewApi): Promise<ApiRow> {
    await trx
      .insertInto('apis')
      .values({
        id: randomUUID(),
        project_id: api.projectId,
        environment: api.environment,
        name: api.name,
        base_path: api.basePath,
        version: api.version,
        servers: json(api.servers),
        security: json(api.security),
        tags: json(api.tags),
      })
      .onConflict((oc) => oc.columns(['project_id', 'environment']).doNothing())
      .execute();
    const row = await this.findApi(api.projectId, api.environment, trx);
    if (!row) throw new AppError('internal_error', `the Api of project ${api.projectId} in ${api.environment} was not created`);
    return row;
  }

  touchApi(trx: Kysely<DeployTables>, apiId: string) {
    return trx.updateTable('apis').set({ updated_at: new Date() }).where('id', '=', apiId).execute();
  }

  /** The live deployment of a program name in an environment, locked until the transaction ends. */
  activeDeployment(trx: Kysely<DeployTables>, projectId: string, programName: string, environment: string): Promise<DeploymentRow | undefined> {
    return trx
      .selectFrom('deployments')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('program_name', '=', programName)
      .where('environment', '=', environment)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
  }

  /** Read-only: the live deployment of a program name in an environment. */
  findActive(projectId: string, programName: string, environment: string): Promise<DeploymentRow | undefined> {
    return this.db
      .selectFrom('deployments')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('program_name', '=', programName)
      .where('environment', '=', environment)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  /** Every live deployment of a name in any environment, deployed no later than `before`. */
  activeOfName(trx: Kysely<DeployTables>, projectId: string, programName: string, before: Date): Promise<DeploymentRow[]> {
    return trx
      .selectFrom('deployments')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('program_name', '=', programName)
      .where('status', '=', 'active')
      .where('deployed_at', '<=', before)
      .orderBy('environment')
      .forUpdate()
      .execute();
  }

  endDeployment(trx: Kysely<DeployTables>, id: string, status: 'replaced' | 'undeployed'): Promise<DeploymentRow> {
    return trx.updateTable('deployments').set({ status, ended_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  insertDeployment(trx: Kysely<DeployTables>, deployment: NewDeployment): Promise<DeploymentRow> {
    return trx
      .insertInto('deployments')
      .values({
        id: randomUUID(),
        project_id: deployment.projectId,
        query_program_id: deployment.queryProgramId,
        program_name: deployment.programName,
        version: deployment.version,
        environment: deployment.environment,
        endpoint_path: deployment.endpointPath,
        status: 'active',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The ids of every program version of a name that is live in some environment. */
  async publishedProgramIds(trx: Kysely<DeployTables>, projectId: string, programName: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('deployments')
      .select('query_program_id')
      .distinct()
      .where('project_id', '=', projectId)
      .where('program_name', '=', programName)
      .where('status', '=', 'active')
      .orderBy('query_program_id')
      .execute();
    return rows.map((row) => row.query_program_id);
  }

  /** Puts the deployment's endpoint in place of whatever served that name in the environment. */
  upsertEndpoint(trx: Kysely<DeployTables>, api: ApiRow, deployment: DeploymentRow, spec: EndpointSpec): Promise<EndpointRow> {
    const values = {
      api_id: api.id,
      deployment_id: deployment.id,
      query_program_id: deployment.query_program_id,
      program_version: deployment.version,
      path: spec.path,
      http_method: spec.httpMethod,
      operation_id: spec.operationId,
      summary: spec.summary,
      description: spec.description,
      tags: json(spec.tags),
      parameters: json(spec.parameters),
      slot_mapping: json(spec.slotMapping),
      component_schemas: json(spec.componentSchemas),
      request_body: json(spec.requestBody),
      responses: json(spec.responses),
      security: json(spec.security),
    };
    return trx
      .insertInto('api_endpoints')
      .values({ id: randomUUID(), project_id: deployment.project_id, environment: deployment.environment, endpoint_name: spec.endpointName, ...values })
      .onConflict((oc) => oc.columns(['project_id', 'environment', 'endpoint_name']).doUpdateSet({ ...values, updated_at: new Date() }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  deleteEndpoint(trx: Kysely<DeployTables>, projectId: string, environment: string, endpointName: string) {
    return trx.deleteFrom('api_endpoints').where('project_id', '=', projectId).where('environment', '=', environment).where('endpoint_name', '=', endpointName).execute();
  }

  endpointOf(deploymentId: string, trx: Kysely<DeployTables> = this.db): Promise<EndpointRow | undefined> {
    return trx.selectFrom('api_endpoints').selectAll().where('deployment_id', '=', deploymentId).executeTakeFirst();
  }

  endpoints(projectId: string, environment: string): Promise<EndpointRow[]> {
    return this.db.selectFrom('api_endpoints').selectAll().where('project_id', '=', projectId).where('environment', '=', environment).orderBy('endpoint_name').execute();
  }

  /** A program name's deployments in an environment, newest first (the history). */
  history(projectId: string, programName: string, environment: string): Promise<DeploymentRow[]> {
    return this.db
      .selectFrom('deployments')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('program_name', '=', programName)
      .where('environment', '=', environment)
      .orderBy('deployed_at', 'desc')
      .execute();
  }
}
