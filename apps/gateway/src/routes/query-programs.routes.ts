// Query programs (API.md "Query programs"): the generated and hand-written programs of a project,
// their versions, and running one with slot values, deployed or not.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { queryRuntimeV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses, validationHook } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';
import { as, body, boundedObject, idParam, jsonResponse, listResponses, record, records, security } from './route-kit.js';

export function queryProgramsRoutes(clients: ServiceClients) {
  const runtime = clients['query-runtime'].call;
  const app = new OpenAPIHono<GatewayEnv>({ defaultHook: validationHook });

  app.openapi(
    createRoute({ method: 'get', path: '/projects/{id}/queryprograms', tags: ['query-programs'], security, request: { params: idParam('id') }, responses: listResponses(queryRuntimeV1.QueryProgramSchema, "The project's current programs") }),
    async (c) => c.json({ data: records(queryRuntimeV1.QueryProgramSchema, (await runtime.listQueryPrograms({ projectId: c.req.valid('param').id }, as(c))).queryPrograms) } as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/queryprograms/{id}', tags: ['query-programs'], security, request: { params: idParam('id') }, responses: { 200: jsonResponse(recordSchema(queryRuntimeV1.QueryProgramSchema), 'The program'), ...errorResponses } }),
    async (c) => c.json(record(queryRuntimeV1.QueryProgramSchema, (await runtime.getQueryProgram({ queryProgramId: c.req.valid('param').id }, as(c))).queryProgram) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'get', path: '/queryprograms/{id}/versions', tags: ['query-programs'], security, request: { params: idParam('id') }, responses: listResponses(queryRuntimeV1.QueryProgramSchema, 'Every version, newest first') }),
    async (c) => c.json({ data: records(queryRuntimeV1.QueryProgramSchema, (await runtime.listQueryProgramVersions({ queryProgramId: c.req.valid('param').id }, as(c))).versions) } as never, 200),
  );

  const programBody = z
    .object({
      name: z.string().min(1).max(100),
      query: z.string().min(1).max(1000),
      description: z.string().max(2000).optional(),
      query_program: z.string().min(1).max(100_000),
      slots: z.array(z.record(z.string(), z.unknown())).max(50).default([]),
      examples: z.array(z.string().max(500)).max(50).default([]),
    })
    .strict()
    .openapi('QueryProgramInput');
  const toInput = (body: z.infer<typeof programBody>) => ({
    name: body.name,
    query: body.query,
    description: body.description,
    queryProgram: body.query_program,
    slots: body.slots as never,
    examples: body.examples,
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/projects/{id}/queryprograms',
      tags: ['query-programs'],
      security,
      summary: 'Save a hand-written program: one read-only SELECT over the project tables, parsed by DuckDB first',
      request: { params: idParam('id'), ...body(programBody) },
      responses: { 200: jsonResponse(recordSchema(queryRuntimeV1.QueryProgramSchema), 'The program, version 1'), ...errorResponses },
    }),
    async (c) =>
      c.json(record(queryRuntimeV1.QueryProgramSchema, (await runtime.createQueryProgram({ projectId: c.req.valid('param').id, program: toInput(c.req.valid('json')) }, as(c))).queryProgram) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/queryprograms/{id}',
      tags: ['query-programs'],
      security,
      summary: 'Modify a program: a new version whose prev_id names this one',
      request: { params: idParam('id'), ...body(programBody) },
      responses: { 200: jsonResponse(recordSchema(queryRuntimeV1.QueryProgramSchema), 'The new version'), ...errorResponses },
    }),
    async (c) =>
      c.json(record(queryRuntimeV1.QueryProgramSchema, (await runtime.updateQueryProgram({ queryProgramId: c.req.valid('param').id, program: toInput(c.req.valid('json')) }, as(c))).queryProgram) as never, 200),
  );

  app.openapi(
    createRoute({ method: 'delete', path: '/queryprograms/{id}', tags: ['query-programs'], security, request: { params: idParam('id') }, responses: { 200: jsonResponse(recordSchema(queryRuntimeV1.QueryProgramSchema), 'The deleted program'), ...errorResponses } }),
    async (c) => c.json(record(queryRuntimeV1.QueryProgramSchema, (await runtime.deleteQueryProgram({ queryProgramId: c.req.valid('param').id }, as(c))).queryProgram) as never, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/queryprograms/{id}/run',
      tags: ['query-programs'],
      security,
      summary: 'Run a program with slot values (one member per slot), deployed or not',
      request: { params: idParam('id'), ...body(boundedObject(4)) },
      responses: {
        200: jsonResponse(z.object({ data: z.array(z.record(z.string(), z.unknown())), execution_time_ms: z.number(), truncated: z.boolean() }), 'The rows'),
        504: { description: 'timeout: the query ran longer than its time-out' },
        ...errorResponses,
      },
    }),
    async (c) => {
      const result = await runtime.runQueryProgram({ queryProgramId: c.req.valid('param').id, slots: c.req.valid('json') as never }, { ...as(c), deadlineMs: 30_000 });
      // The rows arrive as JSON text and are passed on without being parsed.
      const body = `{"data":${Buffer.from(result.dataJson.buffer, result.dataJson.byteOffset, result.dataJson.byteLength).toString('utf8')},"execution_time_ms":${result.executionTimeMs},"truncated":${result.truncated}}`;
      return c.body(body, 200, { 'content-type': 'application/json' }) as never;
    },
  );

  return app;
}
