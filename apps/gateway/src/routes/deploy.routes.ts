// Deploy (API.md "Deploy"): deployment summaries, deploy / redeploy / undeploy per environment,
// the project's Api, the OpenAPI document of its deployed queries and the interactive reference.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { Scalar } from '@scalar/hono-api-reference';
import { AppError, toErrorBody } from '@querylane/errors';
import { deployV1, type queryRuntimeV1 } from '@querylane/proto';
import { messageToJson } from '@querylane/records';
import type { Logger } from 'pino';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { mapLimited } from './map-limited.js';
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
// The most programs one bulk deploy names, and how many are deployed at the same time.
const maxBulkPrograms = 500;
const bulkConcurrency = 4;
// How often a bulk deploy that is still running logs how far it got.
const bulkProgressMs = 2_000;
const bulkDeploymentSchema = z
  .object({
    data: z.array(
      z.object({
        query_program_id: z.string(),
        name: z.string().nullable(),
        outcome: z.enum(['deployed', 'failed']),
        deployment: deploymentSchema.optional(),
        error: z.object({ error: z.string(), message: z.string() }).passthrough().optional(),
      }),
    ),
    deployed: z.number().int(),
    failed: z.number().int(),
  })
  .openapi('ProjectDeployments');

const openApiDocumentSchema = z.record(z.string(), z.unknown()).openapi('DeployedQueriesDocument', { description: 'An OpenAPI 3.1 document' });

/**
 * `onDeploymentChange` lets this gateway drop its cached endpoints of the project at once, so the
 * caller's next query call sees the change; other gateways learn of it from querylane.deployments.
 */
export function deployRoutes(clients: ServiceClients, logger: Logger, onDeploymentChange: (projectId: string) => void = () => undefined) {
  const deploy = clients.deploy.call;
  const runtime = clients['query-runtime'].call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  // Every program of a project at once (a new data set brings ~40): one call instead of one per
  // program. Each is deployed as `POST /queryprograms/{id}/deployments` deploys it, with the
  // caller's own rights, a few at a time; one that fails is reported beside the others and stops
  // none of them.
  app.openapi(
    createRoute({
      method: 'post',
      path: '/projects/{id}/deployments',
      tags: ['deploy'],
      security,
      summary: "Deploy the newest version of every valid program of the project (or of those listed) in an environment",
      request: {
        params: idParam('id'),
        ...body(
          z
            .object({
              environment: z.string().max(32).optional(),
              query_program_ids: z.array(z.string().min(1).max(64)).min(1).max(maxBulkPrograms).optional().openapi({ description: 'Only these programs (any version of each); every valid program of the project when left out' }),
            })
            .strict()
            .openapi('DeployProjectInput'),
        ),
      },
      responses: { 200: jsonResponse(bulkDeploymentSchema, 'One outcome per program, in the order they were listed'), ...errorResponses },
    }),
    async (c) => {
      const projectId = present(c.req.valid('param').id, 'project id');
      const { environment = '', query_program_ids: listed } = c.req.valid('json');
      // (Refused before anything is deployed, as the deploy service would refuse it for each.)
      if (environment !== '' && !(environments as readonly string[]).includes(environment)) {
        throw new AppError('invalid_request', `environment must be one of ${environments.join(', ')}`, { field: 'environment' });
      }
      // (Reading the programs checks the caller may read the project: another's is not found.)
      const programs = (await runtime.listQueryPrograms({ projectId }, as(c))).queryPrograms.filter((program) => program.isCurrent && !program.deletedAt);
      const chosen: { id: string; program: queryRuntimeV1.QueryProgram | undefined }[] = listed
        ? [...new Set(listed)].map((id) => ({ id, program: programs.find((program) => program.id === id) }))
        : programs.filter((program) => program.status === 'valid').map((program) => ({ id: program.id, program }));
      const failed = (id: string, name: string | null, cause: unknown) => ({ outcome: { query_program_id: id, name, outcome: 'failed' as const, error: toErrorBody(cause, c.get('requestId')) }, cause });
      // A long one (~50 ms a program on PGlite: 236 took 11 s) logs how far it got every 2 s, and
      // when it ends; the answer comes at the end, with every outcome.
      const progress = { request_id: c.get('requestId'), project_id: projectId, environment: environment || 'production', total: chosen.length, done: 0, failed: 0 };
      const started = performance.now();
      const ticker = setInterval(() => logger.info(progress, 'bulk deploy running'), bulkProgressMs);
      ticker.unref();
      const results = await mapLimited(
        chosen,
        bulkConcurrency,
        async ({ id, program }) => {
          if (!program) return failed(id, null, new AppError('not_found', `query program ${id} is no current program of project ${projectId}`));
          try {
            const answer = await deploy.deploy({ queryProgramId: id, environment }, { ...as(c), deadlineMs: 60_000 });
            return { outcome: { query_program_id: id, name: program.name, outcome: 'deployed' as const, deployment: messageToJson(deployV1.DeploymentSchema, present(answer.deployment, 'deployment')) }, cause: undefined };
          } catch (error) {
            return failed(id, program.name, error);
          }
        },
        (done, { cause }) => {
          progress.done = done;
          if (cause !== undefined) progress.failed += 1;
        },
      ).finally(() => clearInterval(ticker));
      logger.info({ ...progress, duration_ms: Math.round(performance.now() - started) }, 'bulk deploy finished');
      // A caller who may not deploy in the project is refused as a whole (each deploy was refused alike).
      const refusals = results.map(({ cause }) => (cause instanceof AppError ? cause : undefined));
      const refused = refusals[0];
      if (refused && ['permission_denied', 'authentication_failed'].includes(refused.code) && refusals.every((other) => other?.code === refused.code)) throw refused;
      const outcomes = results.map(({ outcome }) => outcome);
      const deployed = outcomes.filter((outcome) => outcome.outcome === 'deployed').length;
      if (deployed > 0) onDeploymentChange(projectId);
      return c.json({ data: outcomes, deployed, failed: outcomes.length - deployed } as never, 200);
    },
  );

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
