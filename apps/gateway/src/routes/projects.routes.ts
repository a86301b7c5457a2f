// Projects and their data records (API.md "Organizations and access", "Data"; seed endpoints 2, 3).
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, boundedObject, idParam, jsonResponse, listResponses, present, record, recordResponses, records, security } from './route-kit.js';

const name = z.string().trim().min(1).max(200);
const description = z.string().max(2000).optional();
const optionalId = z.string().min(1).max(64).optional();

export function projectsRoutes(clients: ServiceClients) {
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/projects',
      tags: ['projects'],
      security,
      summary: 'Create a project in a team (team admins)',
      request: body(z.object({ team_id: z.string().min(1), name, description }).strict()),
      responses: recordResponses(catalogV1.ProjectSchema, 'The new project'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { project } = await catalog.createProject({ teamId: input.team_id, name: input.name, description: input.description }, as(c));
      return c.json(record(catalogV1.ProjectSchema, project) as never, 200);
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}', tags: ['projects'], security, request: { params: idParam('id') }, responses: recordResponses(catalogV1.ProjectSchema, 'The project') }),
    async (c) => c.json(record(catalogV1.ProjectSchema, (await catalog.getProject({ projectId: c.req.valid('param').id }, as(c))).project) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/projects/{id}',
      tags: ['projects'],
      security,
      summary: 'Delete a project (soft delete; team admins)',
      request: { params: idParam('id') },
      responses: recordResponses(catalogV1.ProjectSchema, 'The deleted project'),
    }),
    async (c) => c.json(record(catalogV1.ProjectSchema, (await catalog.deleteProject({ projectId: c.req.valid('param').id }, as(c))).project) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/teams/{id}/projects', tags: ['projects'], security, request: { params: idParam('id') }, responses: listResponses(catalogV1.ProjectSchema, "The team's projects") }),
    async (c) => c.json({ data: records(catalogV1.ProjectSchema, (await catalog.listTeamProjects({ teamId: c.req.valid('param').id }, as(c))).projects) } as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/events',
      tags: ['projects'],
      security,
      summary: "The project's events, newest first",
      request: {
        params: idParam('id'),
        query: z.object({ limit: z.coerce.number().int().min(1).max(500).optional(), cursor: z.string().max(200).optional() }),
      },
      responses: listResponses(catalogV1.ProjectEventSchema, 'Events'),
    }),
    async (c) => {
      const query = c.req.valid('query');
      const page = await catalog.listProjectEvents({ projectId: c.req.valid('param').id, limit: query.limit ?? 50, before: query.cursor ?? '' }, as(c));
      return c.json({ data: records(catalogV1.ProjectEventSchema, page.events), next_cursor: page.nextCursor || null } as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/datasources',
      tags: ['data'],
      security,
      summary: 'Register a datasource (seed endpoint 2)',
      request: body(
        z
          .object({
            name,
            project_id: z.string().min(1),
            type: z.enum(['http-requests']),
            status: z.enum(['transformation_started', 'transformed', 'transformation_failed']).default('transformation_started'),
          })
          .strict(),
      ),
      responses: recordResponses(catalogV1.DatasourceSchema, 'The new datasource'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { datasource } = await catalog.createDatasource({ projectId: input.project_id, name: input.name, type: input.type, status: input.status }, as(c));
      return c.json(record(catalogV1.DatasourceSchema, datasource) as never, 200);
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/datasources/{id}', tags: ['data'], security, request: { params: idParam('id') }, responses: recordResponses(catalogV1.DatasourceSchema, 'The datasource') }),
    async (c) => c.json(record(catalogV1.DatasourceSchema, (await catalog.getDatasource({ datasourceId: c.req.valid('param').id }, as(c))).datasource) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'delete', path: '/datasources/{id}', tags: ['data'], security, request: { params: idParam('id') }, responses: recordResponses(catalogV1.DatasourceSchema, 'The deleted datasource') }),
    async (c) => c.json(record(catalogV1.DatasourceSchema, (await catalog.deleteDatasource({ datasourceId: c.req.valid('param').id }, as(c))).datasource) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}/datasources', tags: ['data'], security, request: { params: idParam('id') }, responses: listResponses(catalogV1.DatasourceSchema, "The project's datasources") }),
    async (c) => c.json({ data: records(catalogV1.DatasourceSchema, (await catalog.listProjectDatasources({ projectId: c.req.valid('param').id }, as(c))).datasources) } as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/credentials',
      tags: ['data'],
      security,
      summary: 'Store credentials (seed endpoint 3); auth values are encrypted and never returned',
      request: body(
        z
          .object({
            name,
            type: z.enum(['api']),
            description,
            metadata: boundedObject().optional(),
            config: boundedObject().optional(),
            datasource_id: optionalId,
            team_id: optionalId,
            organization_id: z.string().min(1),
          })
          .strict(),
      ),
      responses: recordResponses(catalogV1.CredentialSchema, 'The credential, without secret values'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { credential } = await catalog.createCredential(
        {
          name: input.name,
          type: input.type,
          description: input.description,
          metadata: input.metadata as never,
          config: input.config as never,
          datasourceId: input.datasource_id,
          teamId: input.team_id,
          organizationId: input.organization_id,
        },
        as(c),
      );
      return c.json(record(catalogV1.CredentialSchema, credential) as never, 200);
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/credentials/{id}', tags: ['data'], security, request: { params: idParam('id') }, responses: recordResponses(catalogV1.CredentialSchema, 'The credential, without secret values') }),
    async (c) => c.json(record(catalogV1.CredentialSchema, (await catalog.getCredential({ credentialId: c.req.valid('param').id }, as(c))).credential) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/jobs/{id}',
      tags: ['data'],
      security,
      summary: 'A job with its statuses and events',
      request: { params: idParam('id') },
      responses: {
        200: jsonResponse(
          (recordSchema(catalogV1.JobSchema) as z.ZodObject).extend({
            statuses: z.array(recordSchema(catalogV1.JobStatusSchema)),
            job_events: z.array(recordSchema(catalogV1.JobEventSchema)),
            sources: z.array(recordSchema(catalogV1.JobSourceSchema)),
          }),
          'The job',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const job = present((await catalog.getJob({ jobId: c.req.valid('param').id }, as(c))).job, 'job');
      return c.json(
        {
          ...record(catalogV1.JobSchema, job),
          statuses: records(catalogV1.JobStatusSchema, job.statuses),
          job_events: records(catalogV1.JobEventSchema, job.jobEvents),
          sources: records(catalogV1.JobSourceSchema, job.sources),
        } as never,
        200,
      );
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}/jobs', tags: ['data'], security, request: { params: idParam('id') }, responses: listResponses(catalogV1.JobSchema, "The project's jobs, newest first") }),
    async (c) => c.json({ data: records(catalogV1.JobSchema, (await catalog.listProjectJobs({ projectId: c.req.valid('param').id }, as(c))).jobs) } as never, 200),
  );

  return app;
}
