// Organizations and access (API.md): me, platforms, organizations, teams and members, users and
// their tokens, console sessions. The catalog authorizes each call for the caller.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sessionCookieName as sessionCookie } from '../auth/management-auth.middleware.js';
import { AppError } from '@querylane/errors';
import { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { messageToJson } from '@querylane/records';
import { as, body, idParam, jsonResponse, present, record, recordResponses, records, security } from './route-kit.js';

const name = z.string().trim().min(1).max(200);
const description = z.string().max(2000).optional();


export function accessRoutes(clients: ServiceClients) {
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['access'],
      security,
      summary: 'The caller: user, organization, teams with roles, reachable projects',
      responses: {
        200: jsonResponse(
          z.object({
            user: recordSchema(catalogV1.UserSchema),
            organization: recordSchema(catalogV1.OrganizationSchema),
            platform_id: z.string(),
            teams: z.array(recordSchema(catalogV1.TeamSchema)),
            roles: z.array(recordSchema(catalogV1.RbacSchema)),
            projects: z.array(recordSchema(catalogV1.ProjectSchema)),
          }),
          'The caller',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const me = await catalog.getMe({}, as(c));
      return c.json(
        {
          user: record(catalogV1.UserSchema, me.user),
          organization: record(catalogV1.OrganizationSchema, me.organization),
          platform_id: me.platformId,
          teams: records(catalogV1.TeamSchema, me.teams),
          roles: records(catalogV1.RbacSchema, me.roles),
          projects: records(catalogV1.ProjectSchema, me.projects),
        } as never,
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/platforms',
      tags: ['access'],
      security,
      summary: 'Create a platform (platform admins)',
      request: body(z.object({ name, description }).strict()),
      responses: recordResponses(catalogV1.PlatformSchema, 'The new platform'),
    }),
    async (c) => c.json(record(catalogV1.PlatformSchema, (await catalog.createPlatform(c.req.valid('json'), as(c))).platform) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/platforms/{platform_id}',
      tags: ['access'],
      security,
      summary: 'The platform read: every relation expanded (back-references and secrets null)',
      request: { params: idParam('platform_id') },
      responses: { 200: jsonResponse(recordSchema(catalogV1.PlatformSchema, true), 'The platform'), ...errorResponses },
    }),
    async (c) => {
      const { platform } = await catalog.getPlatform({ platformId: c.req.valid('param').platform_id }, as(c));
      return c.json(messageToJson(catalogV1.PlatformSchema, present(platform, 'platform')) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/organizations',
      tags: ['access'],
      security,
      summary: 'Create an organization (platform admins); it starts with a free subscription',
      request: body(z.object({ platform_id: z.string().min(1), name, description }).strict()),
      responses: recordResponses(catalogV1.OrganizationSchema, 'The new organization'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { organization } = await catalog.createOrganization({ platformId: input.platform_id, name: input.name, description: input.description }, as(c));
      return c.json(record(catalogV1.OrganizationSchema, organization) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/organizations/{id}',
      tags: ['access'],
      security,
      request: { params: idParam('id') },
      responses: recordResponses(catalogV1.OrganizationSchema, 'The organization'),
    }),
    async (c) => c.json(record(catalogV1.OrganizationSchema, (await catalog.getOrganization({ organizationId: c.req.valid('param').id }, as(c))).organization) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/teams',
      tags: ['access'],
      security,
      summary: 'Create a team (organization owners); the creator becomes its owner',
      request: body(z.object({ organization_id: z.string().min(1), name, description }).strict()),
      responses: recordResponses(catalogV1.TeamSchema, 'The new team'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { team } = await catalog.createTeam({ organizationId: input.organization_id, name: input.name, description: input.description }, as(c));
      return c.json(record(catalogV1.TeamSchema, team) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/teams/{id}',
      tags: ['access'],
      security,
      request: { params: idParam('id') },
      responses: {
        200: jsonResponse(z.object({ team: recordSchema(catalogV1.TeamSchema), members: z.array(recordSchema(catalogV1.RbacSchema)) }), 'The team and its members'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const { team, members } = await catalog.getTeam({ teamId: c.req.valid('param').id }, as(c));
      return c.json({ team: record(catalogV1.TeamSchema, team), members: records(catalogV1.RbacSchema, members) } as never, 200);
    },
  );

  const memberParams = z.object({
    id: z.string().min(1).max(64).openapi({ param: { name: 'id', in: 'path' } }),
    user_id: z.string().min(1).max(64).openapi({ param: { name: 'user_id', in: 'path' } }),
  });

  app.openapi(
    createRoute({
      method: 'put',
      path: '/teams/{id}/members/{user_id}',
      tags: ['access'],
      security,
      summary: "Add a user to a team or change their role (admins; owners for the owner role)",
      request: { params: memberParams, ...body(z.object({ role: z.enum(['owner', 'admin', 'member', 'viewer']) }).strict()) },
      responses: recordResponses(catalogV1.RbacSchema, "The member's role"),
    }),
    async (c) => {
      const { id, user_id } = c.req.valid('param');
      const { member } = await catalog.setTeamMember({ teamId: id, userId: user_id, role: c.req.valid('json').role }, as(c));
      return c.json(record(catalogV1.RbacSchema, member) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/teams/{id}/members/{user_id}',
      tags: ['access'],
      security,
      summary: 'Remove a user from a team (a team keeps at least one owner)',
      request: { params: memberParams },
      responses: { 204: { description: 'Removed' }, ...errorResponses },
    }),
    async (c) => {
      const { id, user_id } = c.req.valid('param');
      await catalog.removeTeamMember({ teamId: id, userId: user_id }, as(c));
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users',
      tags: ['access'],
      security,
      summary: 'Create a user in an organization (organization owners)',
      request: body(z.object({ organization_id: z.string().min(1), name, email: z.string().email().max(320) }).strict()),
      responses: recordResponses(catalogV1.UserSchema, 'The new user'),
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { user } = await catalog.createUser({ organizationId: input.organization_id, name: input.name, email: input.email }, as(c));
      return c.json(record(catalogV1.UserSchema, user) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/{id}',
      tags: ['access'],
      security,
      request: { params: idParam('id') },
      responses: recordResponses(catalogV1.UserSchema, 'The user'),
    }),
    async (c) => c.json(record(catalogV1.UserSchema, (await catalog.getUser({ userId: c.req.valid('param').id }, as(c))).user) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/users/{id}/tokens',
      tags: ['access'],
      security,
      summary: 'Issue a management token for a user; the token appears in this answer only',
      request: { params: idParam('id'), body: { required: false, content: { 'application/json': { schema: z.object({ expires_in_days: z.number().int().min(1).max(3650).optional() }).strict() } } } },
      responses: { 200: jsonResponse(z.object({ token: z.string(), auth_record: recordSchema(catalogV1.AuthRecordSchema) }), 'The token, shown once'), ...errorResponses },
    }),
    async (c) => {
      const input = (c.req.valid('json') as { expires_in_days?: number } | undefined) ?? {};
      const { token, authRecord } = await catalog.createUserToken({ userId: c.req.valid('param').id, expiresInDays: input.expires_in_days }, as(c));
      return c.json({ token, auth_record: record(catalogV1.AuthRecordSchema, authRecord) } as never, 200);
    },
  );

  return app;
}

/** Sessions are opened with a token, so they sit before the authentication middleware. */
export function sessionRoutes(clients: ServiceClients, options: { secureCookies: boolean }) {
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });
  app.openapi(
    createRoute({
      method: 'post',
      path: '/auth/sessions',
      tags: ['access'],
      summary: 'Open a console session with a management token (sets the ql_session cookie)',
      request: body(z.object({ token: z.string().min(1).max(512) }).strict()),
      responses: { 200: jsonResponse(z.object({ expires_at: z.string().datetime().nullable() }), 'The session is open'), ...errorResponses },
    }),
    async (c) => {
      const { sessionToken, authRecord } = await catalog.createSession({ token: c.req.valid('json').token }, { requestId: c.get('requestId') });
      const record = present(authRecord, 'session');
      const expires = record.expiresAt ? new Date(Number(record.expiresAt.seconds) * 1000) : undefined;
      setCookie(c, sessionCookie, sessionToken, { httpOnly: true, sameSite: 'Lax', secure: options.secureCookies, path: '/', ...(expires ? { expires } : {}) });
      return c.json({ expires_at: expires?.toISOString() ?? null } as never, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'delete',
      path: '/auth/sessions',
      tags: ['access'],
      summary: 'End the console session',
      responses: { 204: { description: 'Ended' }, ...errorResponses },
    }),
    async (c) => {
      const session = getCookie(c, sessionCookie);
      if (!session) throw new AppError('authentication_failed', 'no session to end');
      await catalog.deleteSession({ sessionToken: session }, { requestId: c.get('requestId') });
      deleteCookie(c, sessionCookie, { path: '/' });
      return c.body(null, 204);
    },
  );
  return app;
}
