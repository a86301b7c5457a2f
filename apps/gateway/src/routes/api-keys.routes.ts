// API keys (API.md): the full key appears in the creation answer only.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, idParam, jsonResponse, listResponses, record, recordResponses, records, security } from './route-kit.js';

export function apiKeysRoutes(clients: ServiceClients) {
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api-keys',
      tags: ['api-keys'],
      security,
      summary: 'Create an API key scoped to projects and environments; the key is shown once',
      request: body(
        z
          .object({
            name: z.string().trim().min(1).max(200),
            project_ids: z.array(z.string().min(1).max(64)).min(1).max(100),
            environments: z.array(z.enum(['production', 'staging', 'development'])).max(3).default(['production']),
          })
          .strict(),
      ),
      responses: {
        200: jsonResponse((recordSchema(catalogV1.ApiKeySchema) as z.ZodObject).extend({ key: z.string() }), 'The key (shown once) and its record'),
        ...errorResponses,
      },
    }),
    async (c) => {
      const input = c.req.valid('json');
      const { key, apiKey } = await catalog.createApiKey({ name: input.name, projectIds: input.project_ids, environments: input.environments }, as(c));
      return c.json({ ...record(catalogV1.ApiKeySchema, apiKey), key } as never, 200);
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/api-keys', tags: ['api-keys'], security, summary: "Live keys: the caller's, or the organization's for its owners", responses: listResponses(catalogV1.ApiKeySchema, 'Keys') }),
    async (c) => c.json({ data: records(catalogV1.ApiKeySchema, (await catalog.listApiKeys({}, as(c))).apiKeys) } as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/api-keys/{id}',
      tags: ['api-keys'],
      security,
      summary: 'Revoke a key; it stops working within 5 s',
      request: { params: idParam('id') },
      responses: recordResponses(catalogV1.ApiKeySchema, 'The revoked key'),
    }),
    async (c) => c.json(record(catalogV1.ApiKeySchema, (await catalog.revokeApiKey({ apiKeyId: c.req.valid('param').id }, as(c))).apiKey) as never, 200),
  );

  return app;
}
