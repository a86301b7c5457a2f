// The catalog's gRPC surface: each handler loads the acting user, calls a use case and maps rows
// to messages. Nothing here decides anything.
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import type { Kysely } from 'kysely';
import { AppError } from '@querylane/errors';
import type { CallContext, ServiceImplementation } from '@querylane/grpc';
import { catalogV1 } from '@querylane/proto';
import { rowToMessage } from '@querylane/records';
import { loadActor, loadOptionalActor } from './access/actor.js';
import type { Authorizer } from './access/authorizer.js';
import { isPermission } from './access/roles.js';
import type { ApiKeysUseCase } from './api-keys/api-keys.usecase.js';
import type { CredentialsUseCase } from './credentials/credentials.usecase.js';
import type { DatasourcesUseCase } from './datasources/datasources.usecase.js';
import type { CatalogTables } from './db/schema.js';
import type { IdentityUseCase } from './identity/identity.usecase.js';
import type { OrganizationsUseCase } from './organizations/organizations.usecase.js';
import { withoutKeyHash, type PlatformReadUseCase } from './platform/platform-read.usecase.js';
import type { ProjectsUseCase } from './projects/projects.usecase.js';
import type { DataRecordsUseCase } from './records/data-records.usecase.js';
import type { SubscriptionsUseCase } from './subscriptions/subscriptions.usecase.js';
import type { MeUseCase } from './users/me.usecase.js';

export interface CatalogUseCases {
  db: Kysely<CatalogTables>;
  authorizer: Authorizer;
  identity: IdentityUseCase;
  organizations: OrganizationsUseCase;
  projects: ProjectsUseCase;
  datasources: DatasourcesUseCase;
  credentials: CredentialsUseCase;
  apiKeys: ApiKeysUseCase;
  platformRead: PlatformReadUseCase;
  me: MeUseCase;
  records: DataRecordsUseCase;
  subscriptions: SubscriptionsUseCase;
}

const message = <D extends DescMessage>(schema: D, row: object): MessageShape<D> => rowToMessage(schema, row as Record<string, unknown>);
const list = <D extends DescMessage>(schema: D, rows: object[]): MessageShape<D>[] => rows.map((row) => message(schema, row));
const optional = (value: string | undefined) => (value ? value : undefined);

export function catalogHandlers(u: CatalogUseCases): Omit<ServiceImplementation<typeof catalogV1.CatalogService>, 'getServiceInfo'> {
  const actor = (context: CallContext) => loadActor(u.db, context);
  const caller = (context: CallContext) => loadOptionalActor(u.db, context);
  return {
    verifyToken: async ({ token }) => ({ principal: await u.identity.verifyToken(token) }),
    verifyApiKey: async ({ key }) => {
      const { apiKey, principal } = await u.identity.verifyApiKey(key);
      return { apiKey: message(catalogV1.ApiKeySchema, withoutKeyHash(apiKey)), principal };
    },
    authorize: async ({ projectId, action }, context) => {
      if (!isPermission(action)) throw new AppError('invalid_request', `unknown action ${action}`, { field: 'action' });
      const who = await actor(context);
      const project = await u.authorizer.requireProject(who, projectId, action);
      return { role: (await u.authorizer.roleIn(who, project.team_id)) ?? (who.isPlatformAdmin ? 'platform_admin' : 'organization_owner') };
    },
    getMe: async (_request, context) => {
      const me = await u.me.execute(await actor(context));
      return {
        user: message(catalogV1.UserSchema, me.user),
        organization: message(catalogV1.OrganizationSchema, me.organization),
        teams: list(catalogV1.TeamSchema, me.teams),
        roles: list(catalogV1.RbacSchema, me.roles),
        projects: list(catalogV1.ProjectSchema, me.projects),
        platformId: me.organization.platform_id,
      };
    },
    createPlatform: async (request, context) => ({ platform: message(catalogV1.PlatformSchema, await u.organizations.createPlatform(await actor(context), request)) }),
    getPlatform: async ({ platformId }, context) => ({ platform: await u.platformRead.execute(await actor(context), platformId) }),
    createOrganization: async (request, context) => ({
      organization: message(catalogV1.OrganizationSchema, await u.organizations.createOrganization(await actor(context), request)),
    }),
    getOrganization: async ({ organizationId }, context) => ({
      organization: message(catalogV1.OrganizationSchema, await u.organizations.getOrganization(await actor(context), organizationId)),
    }),
    createTeam: async (request, context) => ({ team: message(catalogV1.TeamSchema, await u.organizations.createTeam(await actor(context), request)) }),
    getTeam: async ({ teamId }, context) => {
      const { team, members } = await u.organizations.getTeam(await actor(context), teamId);
      return { team: message(catalogV1.TeamSchema, team), members: list(catalogV1.RbacSchema, members) };
    },
    setTeamMember: async (request, context) => ({ member: message(catalogV1.RbacSchema, await u.organizations.setTeamMember(await actor(context), request)) }),
    removeTeamMember: async (request, context) => {
      await u.organizations.removeTeamMember(await actor(context), request);
      return {};
    },
    createUser: async (request, context) => ({ user: message(catalogV1.UserSchema, await u.organizations.createUser(await actor(context), request)) }),
    getUser: async ({ userId }, context) => ({ user: message(catalogV1.UserSchema, await u.organizations.getUser(await actor(context), userId)) }),
    createUserToken: async ({ userId, expiresInDays }, context) => {
      const user = await u.organizations.requireTokenIssuer(await actor(context), userId);
      const expiresAt = expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null;
      const { token, record } = await u.identity.issueToken(user.id, 'token', expiresAt);
      return { token, authRecord: message(catalogV1.AuthRecordSchema, { ...record, token_hash: null }) };
    },
    createSession: async ({ token }) => {
      const { token: sessionToken, record } = await u.identity.createSession(token);
      return { sessionToken, authRecord: message(catalogV1.AuthRecordSchema, { ...record, token_hash: null }) };
    },
    deleteSession: async ({ sessionToken }) => {
      await u.identity.deleteSession(sessionToken);
      return {};
    },
    createProject: async (request, context) => ({ project: message(catalogV1.ProjectSchema, await u.projects.create(await actor(context), request)) }),
    getProject: async ({ projectId }, context) => ({ project: message(catalogV1.ProjectSchema, await u.projects.get(await actor(context), projectId)) }),
    listTeamProjects: async ({ teamId }, context) => ({ projects: list(catalogV1.ProjectSchema, await u.projects.listForTeam(await actor(context), teamId)) }),
    deleteProject: async ({ projectId }, context) => ({ project: message(catalogV1.ProjectSchema, await u.projects.delete(await actor(context), projectId)) }),
    listProjectEvents: async ({ projectId, limit, before }, context) => {
      const page = await u.projects.events(await actor(context), projectId, limit, optional(before));
      return { events: list(catalogV1.ProjectEventSchema, page.events), nextCursor: page.nextCursor };
    },
    createDatasource: async (request, context) => ({ datasource: message(catalogV1.DatasourceSchema, await u.datasources.create(await actor(context), request)) }),
    getDatasource: async ({ datasourceId }, context) => ({ datasource: message(catalogV1.DatasourceSchema, await u.datasources.get(await caller(context), datasourceId)) }),
    listProjectDatasources: async ({ projectId }, context) => ({
      datasources: list(catalogV1.DatasourceSchema, await u.datasources.list(await actor(context), projectId)),
    }),
    deleteDatasource: async ({ datasourceId }, context) => ({
      datasource: message(catalogV1.DatasourceSchema, await u.datasources.delete(await actor(context), datasourceId)),
    }),
    createCredential: async (request, context) => ({
      credential: message(
        catalogV1.CredentialSchema,
        await u.credentials.create(await actor(context), {
          name: request.name,
          type: request.type,
          description: request.description,
          metadata: request.metadata,
          config: request.config,
          datasourceId: optional(request.datasourceId),
          teamId: optional(request.teamId),
          organizationId: request.organizationId,
        }),
      ),
    }),
    getCredential: async ({ credentialId }, context) => ({ credential: message(catalogV1.CredentialSchema, await u.credentials.get(await actor(context), credentialId)) }),
    getJob: async ({ jobId }, context) => {
      const { job, statuses, events, sources } = await u.datasources.getJob(await caller(context), jobId);
      const result = message(catalogV1.JobSchema, job);
      result.statuses = list(catalogV1.JobStatusSchema, statuses);
      result.jobEvents = list(catalogV1.JobEventSchema, events);
      result.sources = list(catalogV1.JobSourceSchema, sources);
      return { job: result };
    },
    listProjectJobs: async ({ projectId }, context) => ({ jobs: list(catalogV1.JobSchema, await u.datasources.listJobs(await actor(context), projectId)) }),
    createApiKey: async (request, context) => {
      const { key, apiKey } = await u.apiKeys.create(await actor(context), request);
      return { key, apiKey: message(catalogV1.ApiKeySchema, withoutKeyHash(apiKey)) };
    },
    listApiKeys: async (_request, context) => ({ apiKeys: list(catalogV1.ApiKeySchema, (await u.apiKeys.list(await actor(context))).map(withoutKeyHash)) }),
    createJob: async (request, context) => ({
      job: message(
        catalogV1.JobSchema,
        await u.records.createJob(await caller(context), {
          projectId: request.projectId,
          datasourceId: optional(request.datasourceId),
          jobType: request.jobType,
          sources: request.sources.map((source) => ({ sourceType: source.sourceType, sourceId: source.sourceId })),
        }),
      ),
    }),
    transitionJob: async ({ jobId, status, reason, events, datasourceStatus }, context) => ({
      job: message(
        catalogV1.JobSchema,
        await u.records.transitionJob(await caller(context), {
          jobId,
          status,
          reason,
          events: events.map((event) => ({ eventType: event.eventType, message: event.message, data: event.data })),
          datasourceStatus,
        }),
      ),
    }),
    addJobEvent: async ({ jobId, eventType, message: text, data }, context) => ({
      jobEvent: message(catalogV1.JobEventSchema, await u.records.addJobEvent(await caller(context), { jobId, eventType, message: text, data })),
    }),
    createDataObject: async (request, context) => ({ dataObject: message(catalogV1.DataObjectSchema, await u.records.createDataObject(await caller(context), request)) }),
    getDataObject: async ({ dataObjectId }, context) => {
      const { object, lineage } = await u.records.getDataObject(await caller(context), dataObjectId);
      const dataObject = message(catalogV1.DataObjectSchema, object);
      dataObject.lineage = list(catalogV1.LineageSchema, lineage);
      return { dataObject };
    },
    listDataObjects: async ({ datasourceId }, context) => ({ dataObjects: list(catalogV1.DataObjectSchema, await u.records.listDataObjects(await caller(context), datasourceId)) }),
    createLineage: async (request, context) => ({ lineage: message(catalogV1.LineageSchema, await u.records.createLineage(await caller(context), request)) }),
    upsertDataline: async (request, context) => ({ dataline: message(catalogV1.DatalineSchema, await u.records.upsertDataline(await caller(context), request)) }),
    getDataline: async ({ datalineId }, context) => ({ dataline: message(catalogV1.DatalineSchema, await u.records.getDataline(await caller(context), datalineId)) }),
    listProjectDatalines: async ({ projectId }, context) => ({ datalines: list(catalogV1.DatalineSchema, await u.records.listDatalines(await caller(context), projectId)) }),
    setDatasourceStatus: async (request, context) => ({ datasource: message(catalogV1.DatasourceSchema, await u.records.setDatasourceStatus(await caller(context), request)) }),
    recordExecution: async (request, context) => {
      if (!request.requestObject || !request.responseObject) throw new AppError('invalid_request', 'request_object and response_object are required');
      const recorded = await u.records.recordExecution(await caller(context), {
        projectId: request.projectId,
        datasourceId: request.datasourceId,
        requestObject: request.requestObject,
        responseObject: request.responseObject,
        jobType: request.jobType,
        details: request.details,
      });
      return {
        requestObject: message(catalogV1.DataObjectSchema, recorded.requestObject),
        responseObject: message(catalogV1.DataObjectSchema, recorded.responseObject),
        lineage: message(catalogV1.LineageSchema, recorded.lineage),
        job: message(catalogV1.JobSchema, recorded.job),
      };
    },
    revealDatasourceCredential: async ({ datasourceId }, context) => {
      const revealed = await u.credentials.reveal(await caller(context), datasourceId);
      return revealed.credentialId ? { credentialId: revealed.credentialId, config: revealed.config as never } : {};
    },
    addProjectEvent: async ({ projectId, eventType, message: text, data }, context) => ({
      event: message(catalogV1.ProjectEventSchema, await u.records.addProjectEvent(await caller(context), { projectId, eventType, message: text, data })),
    }),
    getSubscription: async ({ organizationId }, context) => ({ subscription: message(catalogV1.SubscriptionSchema, await u.subscriptions.get(await caller(context), organizationId)) }),
    updateSubscription: async ({ organizationId, tier, apiCallLimit, overageSettings, status }, context) => ({
      subscription: message(catalogV1.SubscriptionSchema, await u.subscriptions.update(await caller(context), { organizationId, tier, apiCallLimit, overageSettings, status })),
    }),
    revokeApiKey: async ({ apiKeyId }, context) => ({ apiKey: message(catalogV1.ApiKeySchema, withoutKeyHash(await u.apiKeys.revoke(await actor(context), apiKeyId))) }),
  };
}
