// The HTTP connection flow (seed endpoints 1 and 4, refresh) and the records it leaves: data
// objects (with their content and lineage) and datalines.
import { toJson } from '@bufbuild/protobuf';
import { ValueSchema } from '@bufbuild/protobuf/wkt';
import { stream } from 'hono/streaming';
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { AppError } from '@querylane/errors';
import { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, boundedObject, depth, idParam, jsonResponse, listResponses, present, record, records, security } from './route-kit.js';

// The connector validates the request in full; here it is bounded and described.
const targetRequest = boundedObject()
  .openapi('TargetRequest', {
    description: 'url, method, headers, parameters ({name: {value, required, in}}), parameterGroups, authType, auth, responsePathExtractor, pagination',
    example: { url: 'https://api.example.com/items', method: 'GET', authType: 'None', responsePathExtractor: 'data.items' },
  });

const jobsAnswer = z.object({
  jobs: z.array(z.object({ id: z.string(), job_type: z.string(), status: z.string(), created_at: z.string() })),
  data_object_id: z.string(),
});

function executionAnswer(answer: { jobs: catalogV1.Job[]; dataObjectId: string }) {
  return {
    jobs: answer.jobs.map((job) => ({
      id: job.id,
      job_type: job.jobType,
      status: job.status,
      created_at: job.createdAt ? new Date(Number(job.createdAt.seconds) * 1000 + Math.floor(job.createdAt.nanos / 1e6)).toISOString() : null,
    })),
    data_object_id: answer.dataObjectId,
  };
}

export function connectionsRoutes(clients: ServiceClients) {
  const connector = clients.connector.call;
  const catalog = clients.catalog.call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });
  // Fetching a target can take up to its time-out (30 s) plus the writing.
  const slow = (c: Parameters<typeof as>[0]) => ({ ...as(c), deadlineMs: 120_000 });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/http/test-connection',
      tags: ['connections'],
      security,
      summary: 'Call a target once and describe its answer (seed endpoint 1)',
      request: body(targetRequest),
      responses: {
        200: jsonResponse(
          z.object({ success: z.boolean(), status: z.number().int(), response_time: z.number(), content_type: z.string().nullable(), size: z.number().int(), data: z.unknown(), error: z.string().optional() }),
          'The target answered (success false for a non-2xx or an unreachable target)',
        ),
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await connector.testConnection({ request: c.req.valid('json') as never }, { ...as(c), deadlineMs: 60_000 });
      return c.json(
        {
          success: result.success,
          status: result.status,
          response_time: result.responseTime,
          content_type: result.contentType ?? null,
          size: Number(result.size),
          data: result.data ? toJson(ValueSchema, result.data) : null,
          ...(result.error ? { error: result.error } : {}),
        } as never,
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/http/execute-request',
      tags: ['connections'],
      security,
      summary: 'Fetch a target, store its records as Parquet and queue the dataline job (seed endpoint 4)',
      request: {
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional().openapi({ description: 'Repeating a key within 24 h returns the first answer again' }) }),
        ...body(
          z
            .looseObject({
              project_id: z.string().min(1),
              datasource_id: z.string().min(1),
              connect_spec: z.object({ name: z.string().optional(), id: z.string().optional(), config: z.record(z.string(), z.unknown()).optional() }).optional(),
            })
            .refine((value) => depth(value) <= 24, { message: 'nested deeper than 24 levels' })
            .openapi('ExecuteRequest', { description: 'The test-connection fields (TargetRequest) plus project_id, datasource_id and connect_spec' }),
        ),
      },
      responses: { 200: jsonResponse(jobsAnswer, 'The queued job and the Parquet response object'), 502: { description: 'upstream_error: the target failed' }, ...errorResponses },
    }),
    async (c) => {
      const { project_id, datasource_id, connect_spec, ...request } = c.req.valid('json') as Record<string, unknown>;
      const answer = await connector.executeRequest(
        {
          projectId: String(project_id),
          datasourceId: String(datasource_id),
          request: request as never,
          connectSpec: (connect_spec ?? undefined) as never,
          idempotencyKey: c.req.valid('header')['idempotency-key'] ?? '',
        },
        slow(c),
      );
      return c.json(executionAnswer(answer) as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/datasources/{id}/refresh',
      tags: ['connections'],
      security,
      summary: 'Run the stored request again with the stored credentials',
      request: { params: idParam('id') },
      responses: { 200: jsonResponse(jobsAnswer, 'The new job and response object'), ...errorResponses },
    }),
    async (c) => c.json(executionAnswer(await connector.refreshDatasource({ datasourceId: c.req.valid('param').id }, slow(c))) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/dataobjects/{id}', tags: ['data'], security, request: { params: idParam('id') }, responses: { 200: jsonResponse(recordSchema(catalogV1.DataObjectSchema), 'The data object'), ...errorResponses } }),
    async (c) => c.json(record(catalogV1.DataObjectSchema, (await catalog.getDataObject({ dataObjectId: c.req.valid('param').id }, as(c))).dataObject) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/dataobjects/{id}/lineage', tags: ['data'], security, request: { params: idParam('id') }, responses: listResponses(catalogV1.LineageSchema, "The object's lineage, upstream and downstream") }),
    async (c) => {
      const dataObject = present((await catalog.getDataObject({ dataObjectId: c.req.valid('param').id }, as(c))).dataObject, 'data object');
      return c.json({ data: records(catalogV1.LineageSchema, dataObject.lineage) } as never, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/dataobjects/{id}/content',
      tags: ['data'],
      security,
      summary: 'The stored bytes, with their mime type (streamed)',
      request: { params: idParam('id') },
      responses: { 200: { description: 'The content', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses },
    }),
    async (c) => {
      const chunks = connector.readDataObject({ dataObjectId: c.req.valid('param').id }, { ...as(c), deadlineMs: 300_000 })[Symbol.asyncIterator]();
      // The first message decides the headers (and surfaces not_found before anything is sent).
      const first = await chunks.next();
      if (first.done) throw new AppError('internal_error', 'the connector sent no content');
      c.header('content-type', first.value.mimeType ?? 'application/octet-stream');
      if (first.value.size !== undefined) c.header('content-length', String(first.value.size));
      c.header('content-disposition', `attachment; filename="${(first.value.fileName ?? 'object').replace(/"/g, '')}"`);
      return stream(c, async (out) => {
        await out.write(first.value.chunk);
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) await out.write(next.value.chunk);
      });
    },
  );

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}/datalines', tags: ['data'], security, request: { params: idParam('id') }, responses: listResponses(catalogV1.DatalineSchema, "The project's datalines") }),
    async (c) => c.json({ data: records(catalogV1.DatalineSchema, (await catalog.listProjectDatalines({ projectId: c.req.valid('param').id }, as(c))).datalines) } as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/datalines/{id}', tags: ['data'], security, request: { params: idParam('id') }, responses: { 200: jsonResponse(recordSchema(catalogV1.DatalineSchema), 'The dataline'), ...errorResponses } }),
    async (c) => c.json(record(catalogV1.DatalineSchema, (await catalog.getDataline({ datalineId: c.req.valid('param').id }, as(c))).dataline) as never, 200),
  );

  return app;
}
