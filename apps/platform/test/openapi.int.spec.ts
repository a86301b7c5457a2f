// GET /v1/openapi.json is a valid OpenAPI 3.1 document (checked by a real validator) that
// describes every management route, with the error shape and the security schemes.
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Harness } from './harness.js';

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; responses: Record<string, unknown> }>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
}

describe('the OpenAPI document of the management API', () => {
  let h: Harness;
  let document: Document;

  beforeAll(async () => {
    h = await Harness.start();
    const answer = await h.request<Document>('GET', '/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body;
  });
  afterAll(async () => h?.stop());

  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document as unknown as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toBe('3.1.0');
  });

  it('describes every route this version serves', () => {
    const routes = Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(routes.sort()).toEqual(
      [
        'GET /v1/healthz',
        'GET /v1/me',
        'POST /v1/platforms',
        'GET /v1/platforms/{platform_id}',
        'POST /v1/organizations',
        'GET /v1/organizations/{id}',
        'POST /v1/teams',
        'GET /v1/teams/{id}',
        'PUT /v1/teams/{id}/members/{user_id}',
        'DELETE /v1/teams/{id}/members/{user_id}',
        'POST /v1/users',
        'GET /v1/users/{id}',
        'POST /v1/users/{id}/tokens',
        'POST /v1/projects',
        'GET /v1/projects/{id}',
        'GET /v1/teams/{id}/projects',
        'DELETE /v1/projects/{id}',
        'GET /v1/projects/{id}/events',
        'POST /v1/auth/sessions',
        'DELETE /v1/auth/sessions',
        'POST /v1/datasources',
        'GET /v1/datasources/{id}',
        'DELETE /v1/datasources/{id}',
        'GET /v1/projects/{id}/datasources',
        'POST /v1/credentials',
        'GET /v1/credentials/{id}',
        'GET /v1/jobs/{id}',
        'GET /v1/projects/{id}/jobs',
        'POST /v1/api-keys',
        'GET /v1/api-keys',
        'DELETE /v1/api-keys/{id}',
        'POST /v1/http/test-connection',
        'POST /v1/http/execute-request',
        'POST /v1/datasources/{id}/refresh',
        'GET /v1/dataobjects/{id}',
        'GET /v1/dataobjects/{id}/content',
        'GET /v1/dataobjects/{id}/lineage',
        'GET /v1/projects/{id}/datalines',
        'GET /v1/datalines/{id}',
        'GET /v1/projects/{id}/queryprograms',
        'GET /v1/queryprograms/{id}',
        'GET /v1/queryprograms/{id}/versions',
        'POST /v1/queryprograms/{id}/run',
        'POST /v1/projects/{id}/queryprograms',
        'PUT /v1/queryprograms/{id}',
        'DELETE /v1/queryprograms/{id}',
        'GET /v1/queryprograms/{id}/deployment-summary',
        'POST /v1/queryprograms/{id}/deployments',
        'DELETE /v1/queryprograms/{id}/deployments/{environment}',
        'GET /v1/projects/{id}/api',
        'GET /v1/projects/{id}/openapi.json',
        'GET /v1/projects/{id}/reference',
        'POST /v1/queries/{query_name}',
        'POST /v1/query',
        'GET /v1/projects/{id}/metrics',
        'GET /v1/projects/{id}/metrics/queries',
        'GET /v1/projects/{id}/metrics/questions',
        'GET /v1/projects/{id}/api-logs',
        'GET /v1/organizations/{id}/subscription',
        'PUT /v1/organizations/{id}/subscription',
        'POST /v1/projects/{id}/alerts',
        'POST /v1/projects/{id}/deployments',
        'GET /v1/projects/{id}/alerts',
        'GET /v1/alerts/{id}',
        'PATCH /v1/alerts/{id}',
        'DELETE /v1/alerts/{id}',
        'GET /v1/alerts/{id}/events',
      ].sort(),
    );
  });

  it('names the error shape and the credentials of each route', () => {
    expect(document.components.schemas.Error).toBeDefined();
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual(['apiKey', 'bearerToken', 'sessionCookie']);
    // The query endpoints take an API key, the management routes a token or the session.
    expect(document.paths['/v1/queries/{query_name}']!.post!.security).toEqual([{ apiKey: [] }]);
    expect(Object.keys(document.paths['/v1/query']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '429']));
    expect(document.paths['/v1/datasources']!.post!.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }]);
    expect(Object.keys(document.paths['/v1/datasources']!.post!.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '413']));
    expect(document.components.schemas.ExpandedPlatform).toBeDefined();
  });
});
