// The endpoint description of a program: slots → request schema, DuckDB columns → row schema,
// and the OpenAPI document assembled from stored endpoints validates as 3.1.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { columnSchema, endpointSpec, operationIdOf, rowSchema, sampleSlotValues, slotSchema } from '../src/endpoints/endpoint-spec.js';
import { openApiDocument } from '../src/openapi/openapi-document.js';
import type { EndpointRow } from '../src/deployments/deployments.repository.js';

describe('endpoint spec', () => {
  it('derives the operation id from the program name', () => {
    expect(operationIdOf('avg_horsepower_by_origin')).toBe('avgHorsepowerByOrigin');
    expect(operationIdOf('top_5_cars')).toBe('top5Cars');
  });

  it.each([
    ['BOOLEAN', { type: 'boolean' }],
    ['INTEGER', { type: 'integer' }],
    ['DOUBLE', { anyOf: [{ type: 'number' }, { type: 'string', enum: ['NaN', 'Infinity', '-Infinity'] }] }],
    ['DECIMAL(18,3)', { type: 'number' }],
    ['VARCHAR', { type: 'string' }],
    ['DATE', { type: 'string', format: 'date' }],
    ['TIMESTAMP WITH TIME ZONE', { type: 'string', format: 'date-time' }],
    ['TIMESTAMP_NS', { type: 'string', format: 'date-time' }],
    ['UUID', { type: 'string', format: 'uuid' }],
    ['BLOB', { type: 'string', contentEncoding: 'base64' }],
    ['STRUCT(a INTEGER)', { type: 'object' }],
    ['VARCHAR[]', { type: 'array', items: { type: ['string', 'null'] } }],
    ['GEOMETRY', {}],
  ])('maps DuckDB %s to the JSON its values take', (type, schema) => {
    expect(columnSchema(type)).toEqual(schema);
  });

  it('lets a BIGINT be a JSON integer or, beyond 2^53, its decimal text', () => {
    const schema = columnSchema('BIGINT') as { anyOf: { type: string }[] };
    expect(schema.anyOf.map((s) => s.type)).toEqual(['integer', 'string']);
  });

  it('describes slots with their type, enum, bounds, default and description', () => {
    expect(slotSchema({ name: 'n', type: 'integer', required: false, default: 5, minimum: 1, maximum: 50, description: 'How many' })).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 5,
      description: 'How many',
    });
    expect(slotSchema({ name: 'origin', type: 'enum', enum_values: ['USA', 'Japan'] })).toEqual({ type: 'string', enum: ['USA', 'Japan'] });
    expect(slotSchema({ name: 'cluster', type: 'enum', enum_values: [0, 1, 2] })).toEqual({ type: 'integer', enum: [0, 1, 2] });
    expect(slotSchema({ name: 'rate', type: 'enum', enum_values: [0.5, 1] })).toEqual({ type: 'number', enum: [0.5, 1] });
    expect(slotSchema({ name: 'from', type: 'date', minimum: '1970-01-01' })).toMatchObject({ type: 'string', format: 'date', description: '(from 1970-01-01 to …)' });
  });

  it('samples a value for each required slot without a default, to learn the columns', () => {
    expect(
      sampleSlotValues([
        { name: 'origin', type: 'enum', required: true, enum_values: ['USA'] },
        { name: 'n', type: 'integer', required: true, default: 3 },
        { name: 'min', type: 'number', required: true, minimum: 10 },
        { name: 'q', type: 'string', required: true },
        { name: 'optional', type: 'string', required: false },
      ]),
    ).toEqual({ origin: 'USA', min: 10, q: '' });
  });

  it('keeps the column order and allows NULL in every column', () => {
    const schema = rowSchema([
      { name: 'b', type: 'VARCHAR' },
      { name: 'a', type: 'INTEGER' },
    ]) as { properties: Record<string, { type: unknown }>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(['b', 'a']);
    expect(schema.properties.a!.type).toEqual(['integer', 'null']);
    expect(schema.required).toEqual(['b', 'a']);
  });

  it('assembles a valid OpenAPI 3.1 document from the stored endpoints', async () => {
    const spec = endpointSpec(
      { id: 'p1', name: 'heaviest_cars', version: 2, query: 'Which cars are heaviest?', slots: [{ name: 'origin', type: 'enum', required: true, enum_values: ['USA'] }] },
      [{ name: 'Name', type: 'VARCHAR' }, { name: 'Weight', type: 'BIGINT' }],
    );
    const endpoint = {
      path: spec.path,
      http_method: spec.httpMethod,
      operation_id: spec.operationId,
      summary: spec.summary,
      description: null,
      tags: spec.tags,
      component_schemas: spec.componentSchemas,
      request_body: spec.requestBody,
      responses: spec.responses,
      security: spec.security,
      endpoint_name: spec.endpointName,
      query_program_id: 'p1',
      program_version: 2,
    } as unknown as EndpointRow;
    const document = openApiDocument({ projectId: 'project', environment: 'staging', api: undefined, endpoints: [endpoint], serverUrl: '/' });
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(Object.keys(document.paths as object)).toEqual(['/v1/queries/heaviest_cars']);
  });
});
