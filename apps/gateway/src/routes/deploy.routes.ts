// Deploy (API.md "Deploy"): deployment summaries, deploy / redeploy / undeploy per environment,
// the project's Api, the OpenAPI document of its deployed queries and the interactive reference.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { AppError } from '@querylane/errors';
import { deployV1 } from '@querylane/proto';
import { messageToJson } from '@querylane/records';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, idParam, jsonResponse, present, security } from './route-kit.js';

const environments = ['production', 'staging', 'development'] as const;
// The deploy service names the allowed environments when it refuses one; the schema only bounds it.
const environmentQuery = z.object({
  environment: z
    .string()
    .max(32)
    .optional()
    .openapi({ param: { name: 'environment', in: 'query' }, description: `${environments.join(', ')} (default production)`, example: 'production' }),
});

const deploymentSchema = recordSchema(deployV1.DeploymentSchema);
const endpointSchema = recordSchema(deployV1.ApiEndpointSchema);
const summarySchema = recordSchema(deployV1.DeploymentSummarySchema).and(
  z.object({
    estimated: z.object({ p50_ms: z.number(), p95_ms: z.number(), rows: z.number().int(), bytes_scanned: z.number().int() }).nullable(),
    endpoint: z.object({ method: z.string(), path: z.string() }),
  }),
);
const apiSchema = recordSchema(deployV1.ApiSchema).and(z.object({ endpoints: z.array(endpointSchema) }));
const openApiDocumentSchema = z.record(z.string(), z.unknown()).openapi('DeployedQueriesDocument', { description: 'An OpenAPI 3.1 document' });

/**
 * `onDeploymentChange` lets this gateway drop its cached endpoints of the project at once, so the
 * caller's next query call sees the change; other gateways learn of it from querylane.deployments.
 */
export function deployRoutes(clients: ServiceClients, onDeploymentChange: (projectId: string) => void = () => undefined) {
  const deploy = clients.deploy.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({
      method: 'get',
      path: '/queryprograms/{id}/deployment-summary',
      tags: ['deploy'],
      security,
      summary: 'What deploying the program gives: its endpoint, slots, measured cost and status in the environment',
      request: { params: idParam('id'), query: environmentQuery },
      responses: { 200: jsonResponse(summarySchema, 'The summary (status not_deployed, deployed or outdated)'), ...errorResponses },
    }),
    async (c) => {
      // Profiling runs the program several times: a longer deadline than a plain read.
      const { summary } = await deploy.getDeploymentSummary({ queryProgramId: c.req.valid('param').id, environment: c.req.valid('query').environment ?? '' }, { ...as(c), deadlineMs: 90_000 });
      return c.json(messageToJson(deployV1.DeploymentSummarySchema, present(summary, 'summary')) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/queryprograms/{id}/deployments',
      tags: ['deploy'],
      security,
      summary: "Deploy the newest version of the program's name in an environment (a redeploy when another version is live there)",
      request: { params: idParam('id'), ...body(z.object({ environment: z.string().max(32).optional() }).strict().openapi('DeployInput')) },
      responses: { 200: jsonResponse(deploymentSchema.and(z.object({ endpoint: endpointSchema })), 'The Deployment with its endpoint'), ...errorResponses },
    }),
    async (c) => {
      const answer = await deploy.deploy({ queryProgramId: c.req.valid('param').id, environment: c.req.valid('json').environment ?? '' }, { ...as(c), deadlineMs: 60_000 });
      onDeploymentChange(present(answer.deployment, 'deployment').projectId);
      return c.json(
        { ...messageToJson(deployV1.DeploymentSchema, present(answer.deployment, 'deployment')), endpoint: messageToJson(deployV1.ApiEndpointSchema, present(answer.endpoint, 'endpoint')) } as never,
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/queryprograms/{id}/deployments/{environment}',
      tags: ['deploy'],
      security,
      summary: 'Undeploy the program from an environment',
      request: { params: idParam('id').extend({ environment: z.string().min(1).max(32).openapi({ param: { name: 'environment', in: 'path' } }) }) },
      responses: { 200: jsonResponse(deploymentSchema, 'The ended Deployment'), ...errorResponses },
    }),
    async (c) => {
      const { id, environment } = c.req.valid('param');
      const { deployment } = await deploy.undeploy({ queryProgramId: id, environment }, as(c));
      onDeploymentChange(present(deployment, 'deployment').projectId);
      return c.json(messageToJson(deployV1.DeploymentSchema, present(deployment, 'deployment')) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/api',
      tags: ['deploy'],
      security,
      summary: "The project's Api in an environment with its endpoints (created by the first deploy there)",
      request: { params: idParam('id'), query: environmentQuery },
      responses: { 200: jsonResponse(apiSchema, 'The Api'), ...errorResponses },
    }),
    async (c) => {
      const { api } = await deploy.getProjectApi({ projectId: c.req.valid('param').id, environment: c.req.valid('query').environment ?? '' }, as(c));
      return c.json(messageToJson(deployV1.ApiSchema, present(api, 'api')) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/openapi.json',
      tags: ['deploy'],
      security,
      summary: "The OpenAPI 3.1 document of the project's deployed queries in an environment",
      request: { params: idParam('id'), query: environmentQuery },
      responses: { 200: jsonResponse(openApiDocumentSchema, 'The document itself'), ...errorResponses },
    }),
    async (c) => {
      const { documentJson } = await deploy.getOpenApiDocument({ projectId: c.req.valid('param').id, environment: c.req.valid('query').environment ?? '' }, as(c));
      // The service wrote the JSON; it goes out as it is.
      return c.body(documentJson, 200, { 'content-type': 'application/json' }) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/projects/{id}/reference',
      tags: ['deploy'],
      security,
      summary: "The interactive reference of the project's deployed queries (try-it-out calls them with an API key)",
      request: { params: idParam('id'), query: environmentQuery },
      responses: { 200: { description: 'An HTML page that loads the openapi.json of the same project and environment', content: { 'text/html': { schema: z.string() } } }, ...errorResponses },
    }),
    async (c, next) => {
      const { id } = c.req.valid('param');
      const environment = c.req.valid('query').environment || 'production';
      if (!(environments as readonly string[]).includes(environment)) {
        throw new AppError('invalid_request', `unknown environment "${environment}": use ${environments.join(', ')}`, { environment, allowed: [...environments] });
      }
      // The page is for the project's readers only, like the document it loads.
      await clients.catalog.call.authorize({ projectId: id, action: 'project:read' }, as(c));
      // A relative URL: the browser fetches the document from this page's own origin and path
      // prefix, so the same ql_session cookie that let the page load lets the document load.
      const url = `openapi.json?environment=${encodeURIComponent(environment)}`;
      const page = Scalar<GatewayEnv>({
        url,
        pageTitle: `Querylane queries (${environment})`,
        authentication: { preferredSecurityScheme: 'apiKey' },
        hideClientButton: false,
      });
      return (await page(c, next)) as never;
    },
  );

  return app;
}
