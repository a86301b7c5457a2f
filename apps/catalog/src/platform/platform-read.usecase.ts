// The platform read (seed endpoint 5): the Platform with every relation expanded. Each level is
// loaded with one statement per relation for all parents at once, so the number of statements
// does not grow with the number of rows (about 25 whatever the size).
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { Kysely, Selectable } from 'kysely';
import { catalogV1 } from '@querylane/proto';
import { rowToMessage } from '@querylane/records';
import type { Actor } from '../access/actor.js';
import { assertId, notFound, type Authorizer } from '../access/authorizer.js';
import type { CatalogTables } from '../db/schema.js';

type Tables = CatalogTables;

function groupBy<R, K extends keyof R>(rows: R[], key: K): Map<R[K], R[]> {
  const groups = new Map<R[K], R[]>();
  for (const row of rows) {
    const list = groups.get(row[key]);
    if (list) list.push(row);
    else groups.set(row[key], [row]);
  }
  return groups;
}

function messages<D extends DescMessage>(schema: D, rows: object[] | undefined): MessageShape<D>[] {
  return (rows ?? []).map((row) => rowToMessage(schema, row as Record<string, unknown>));
}

const ids = <R extends { id: string }>(rows: R[]) => rows.map((row) => row.id);

export class PlatformReadUseCase {
  constructor(
    private readonly db: Kysely<Tables>,
    private readonly authorizer: Authorizer,
  ) {}

  async execute(actor: Actor, platformId: string): Promise<catalogV1.Platform> {
    assertId('platform', platformId);
    if (!actor.isPlatformAdmin && actor.platformId !== platformId) throw notFound('platform', platformId);
    const db = this.db;
    const platform = await db.selectFrom('platforms').selectAll().where('id', '=', platformId).executeTakeFirst();
    if (!platform) throw notFound('platform', platformId);

    let orgQuery = db.selectFrom('organizations').selectAll().where('platform_id', '=', platformId).where('deleted_at', 'is', null);
    if (!actor.isPlatformAdmin) orgQuery = orgQuery.where('id', '=', actor.organizationId);
    const organizations = await orgQuery.orderBy('created_at').execute();
    const orgIds = ids(organizations);
    const none = ['00000000-0000-0000-0000-000000000000'];
    const inOrgs = orgIds.length ? orgIds : none;

    // Members who do not manage the organization see only the teams they belong to.
    const seesAllTeams = actor.isPlatformAdmin || (await this.authorizer.managesOrganization(actor));
    let teamQuery = db.selectFrom('teams').selectAll().where('organization_id', 'in', inOrgs).where('deleted_at', 'is', null);
    if (!seesAllTeams) teamQuery = teamQuery.where('id', 'in', db.selectFrom('rbac').select('team_id').where('user_id', '=', actor.userId));

    const [credentials, infrastructure, teams, users, subscriptions] = await Promise.all([
      db.selectFrom('credentials').selectAll().where('organization_id', 'in', inOrgs).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('infrastructure').selectAll().where('organization_id', 'in', inOrgs).orderBy('created_at').execute(),
      teamQuery.orderBy('created_at').execute(),
      db.selectFrom('users').selectAll().where('organization_id', 'in', inOrgs).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('subscriptions').selectAll().where('organization_id', 'in', inOrgs).orderBy('created_at').execute(),
    ]);
    const teamIds = ids(teams).length ? ids(teams) : none;
    const userIds = ids(users).length ? ids(users) : none;
    const credentialIds = ids(credentials).length ? ids(credentials) : none;

    const [projects, apiKeys, rbac, userTeams, secrets] = await Promise.all([
      db.selectFrom('projects').selectAll().where('team_id', 'in', teamIds).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('api_keys').selectAll().where('user_id', 'in', userIds).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('rbac').selectAll().where('user_id', 'in', userIds).orderBy('created_at').execute(),
      db.selectFrom('user_teams').selectAll().where('user_id', 'in', userIds).orderBy('created_at').execute(),
      db.selectFrom('secrets').select(['id', 'credential_id', 'name', 'key_version', 'created_at', 'updated_at']).where('credential_id', 'in', credentialIds).execute(),
    ]);
    const projectIds = ids(projects).length ? ids(projects) : none;

    const [datasources, datalines, jobs, ontologies, events] = await Promise.all([
      db.selectFrom('datasources').selectAll().where('project_id', 'in', projectIds).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('datalines').selectAll().where('project_id', 'in', projectIds).orderBy('created_at').execute(),
      db.selectFrom('jobs').selectAll().where('project_id', 'in', projectIds).orderBy('created_at').execute(),
      db.selectFrom('ontologies').selectAll().where('project_id', 'in', projectIds).orderBy('created_at').execute(),
      db.selectFrom('project_events').selectAll().where('project_id', 'in', projectIds).orderBy('created_at').execute(),
    ]);
    const datasourceIds = ids(datasources).length ? ids(datasources) : none;
    const jobIds = ids(jobs).length ? ids(jobs) : none;
    const ontologyIds = ids(ontologies).length ? ids(ontologies) : none;

    const [dataObjects, statuses, jobEvents, sources, mappings] = await Promise.all([
      db.selectFrom('data_objects').selectAll().where('datasource_id', 'in', datasourceIds).where('deleted_at', 'is', null).orderBy('created_at').execute(),
      db.selectFrom('job_statuses').selectAll().where('job_id', 'in', jobIds).orderBy('created_at').execute(),
      db.selectFrom('job_events').selectAll().where('job_id', 'in', jobIds).orderBy('seq_id').execute(),
      db.selectFrom('job_sources').selectAll().where('job_id', 'in', jobIds).orderBy('created_at').execute(),
      db.selectFrom('ontology_mappings').selectAll().where('ontology_id', 'in', ontologyIds).orderBy('created_at').execute(),
    ]);
    const dataObjectIds = ids(dataObjects).length ? ids(dataObjects) : none;
    const lineage = await db
      .selectFrom('lineage')
      .selectAll()
      .where((eb) => eb.or([eb('downstream_id', 'in', dataObjectIds), eb('upstream_id', 'in', dataObjectIds)]))
      .orderBy('created_at')
      .execute();

    const by = {
      credentials: groupBy(credentials, 'organization_id'),
      infrastructure: groupBy(infrastructure, 'organization_id'),
      teams: groupBy(teams, 'organization_id'),
      users: groupBy(users, 'organization_id'),
      subscriptions: groupBy(subscriptions, 'organization_id'),
      projects: groupBy(projects, 'team_id'),
      apiKeys: groupBy(apiKeys, 'user_id'),
      rbac: groupBy(rbac, 'user_id'),
      userTeams: groupBy(userTeams, 'user_id'),
      secrets: groupBy(secrets, 'credential_id'),
      datasources: groupBy(datasources, 'project_id'),
      datalines: groupBy(datalines, 'project_id'),
      jobs: groupBy(jobs, 'project_id'),
      ontologies: groupBy(ontologies, 'project_id'),
      events: groupBy(events, 'project_id'),
      dataObjects: groupBy(dataObjects, 'datasource_id'),
      statuses: groupBy(statuses, 'job_id'),
      jobEvents: groupBy(jobEvents, 'job_id'),
      sources: groupBy(sources, 'job_id'),
      mappings: groupBy(mappings, 'ontology_id'),
    };
    const lineageOf = (objectId: string) => lineage.filter((row) => row.downstream_id === objectId || row.upstream_id === objectId);

    const result = rowToMessage(catalogV1.PlatformSchema, platform);
    result.organizations = organizations.map((organization) => {
      const org = rowToMessage(catalogV1.OrganizationSchema, organization);
      org.credentials = (by.credentials.get(organization.id) ?? []).map((row) => {
        const credential = rowToMessage(catalogV1.CredentialSchema, row);
        credential.secrets = messages(catalogV1.SecretSchema, by.secrets.get(row.id));
        return credential;
      });
      org.infrastructure = messages(catalogV1.InfrastructureSchema, by.infrastructure.get(organization.id));
      org.subscriptions = messages(catalogV1.SubscriptionSchema, by.subscriptions.get(organization.id));
      org.teams = (by.teams.get(organization.id) ?? []).map((row) => {
        const team = rowToMessage(catalogV1.TeamSchema, row);
        team.projects = (by.projects.get(row.id) ?? []).map((projectRow) => this.project(projectRow, by, lineageOf));
        return team;
      });
      const sameOrganization = actor.organizationId === organization.id;
      org.users = (by.users.get(organization.id) ?? []).map((row) => {
        const user = rowToMessage(catalogV1.UserSchema, sameOrganization ? row : { ...row, email: null });
        user.apiKeys = messages(catalogV1.ApiKeySchema, (by.apiKeys.get(row.id) ?? []).map(withoutKeyHash));
        user.rbac = messages(catalogV1.RbacSchema, by.rbac.get(row.id));
        user.userTeams = messages(catalogV1.UserTeamSchema, by.userTeams.get(row.id));
        return user;
      });
      return org;
    });
    return result;
  }

  private project(
    row: Selectable<Tables['projects']>,
    by: {
      datasources: Map<string, Selectable<Tables['datasources']>[]>;
      datalines: Map<string, Selectable<Tables['datalines']>[]>;
      jobs: Map<string, Selectable<Tables['jobs']>[]>;
      ontologies: Map<string, Selectable<Tables['ontologies']>[]>;
      events: Map<string, Selectable<Tables['project_events']>[]>;
      dataObjects: Map<string, Selectable<Tables['data_objects']>[]>;
      statuses: Map<string, Selectable<Tables['job_statuses']>[]>;
      jobEvents: Map<string, Selectable<Tables['job_events']>[]>;
      sources: Map<string, Selectable<Tables['job_sources']>[]>;
      mappings: Map<string, Selectable<Tables['ontology_mappings']>[]>;
    },
    lineageOf: (objectId: string) => object[],
  ): catalogV1.Project {
    const project = rowToMessage(catalogV1.ProjectSchema, row);
    project.datasources = (by.datasources.get(row.id) ?? []).map((datasourceRow) => {
      const datasource = rowToMessage(catalogV1.DatasourceSchema, datasourceRow);
      datasource.dataobjects = (by.dataObjects.get(datasourceRow.id) ?? []).map((objectRow) => {
        const dataObject = rowToMessage(catalogV1.DataObjectSchema, objectRow);
        dataObject.lineage = messages(catalogV1.LineageSchema, lineageOf(objectRow.id));
        return dataObject;
      });
      return datasource;
    });
    project.datalines = messages(catalogV1.DatalineSchema, by.datalines.get(row.id));
    project.jobs = (by.jobs.get(row.id) ?? []).map((jobRow) => {
      const job = rowToMessage(catalogV1.JobSchema, jobRow);
      job.statuses = messages(catalogV1.JobStatusSchema, by.statuses.get(jobRow.id));
      job.jobEvents = messages(catalogV1.JobEventSchema, by.jobEvents.get(jobRow.id));
      job.sources = messages(catalogV1.JobSourceSchema, by.sources.get(jobRow.id));
      return job;
    });
    project.ontologies = (by.ontologies.get(row.id) ?? []).map((ontologyRow) => {
      const ontology = rowToMessage(catalogV1.OntologySchema, ontologyRow);
      ontology.mappings = messages(catalogV1.OntologyMappingSchema, by.mappings.get(ontologyRow.id));
      return ontology;
    });
    project.events = messages(catalogV1.ProjectEventSchema, by.events.get(row.id));
    return project;
  }
}

/** Hashes never leave the catalog. */
export function withoutKeyHash<R extends { key_hash?: string }>(row: R): Omit<R, 'key_hash'> {
  const { key_hash: _hash, ...rest } = row;
  return rest;
}
