// Bad input on every management endpoint: missing fields, wrong types, unknown enum values, unknown
// fields, malformed JSON, oversized bodies and unknown ids all answer in the error shape of
// DESIGN.md §8 — and write nothing (every catalog table is counted before and after).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realParts } from '@querylane/testing';
import { adminToken, Harness, twoTenants, type Tenant } from './harness.js';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';
const unknownId = '00000000-0000-4000-8000-000000000000';

interface BadCall {
  name: string;
  method: string;
  path: (t: Tenant) => string;
  body?: (t: Tenant) => unknown;
  raw?: string;
  status: number;
  error: string;
  /** A field the error must name. */
  field?: string;
}

const badCalls: BadCall[] = [
  // POST /datasources
  { name: 'datasource without fields', method: 'POST', path: () => '/datasources', body: () => ({}), status: 400, error: 'invalid_request', field: 'project_id' },
  { name: 'datasource name of the wrong type', method: 'POST', path: () => '/datasources', body: (t) => ({ name: 42, project_id: t.projectId, type: 'http-requests' }), status: 400, error: 'invalid_request', field: 'name' },
  { name: 'datasource of an unknown type', method: 'POST', path: () => '/datasources', body: (t) => ({ name: 'x', project_id: t.projectId, type: 'ftp' }), status: 400, error: 'invalid_request', field: 'type' },
  { name: 'datasource with an unknown status', method: 'POST', path: () => '/datasources', body: (t) => ({ name: 'x', project_id: t.projectId, type: 'http-requests', status: 'done' }), status: 400, error: 'invalid_request', field: 'status' },
  { name: 'datasource with an unknown field', method: 'POST', path: () => '/datasources', body: (t) => ({ name: 'x', project_id: t.projectId, type: 'http-requests', colour: 'red' }), status: 400, error: 'invalid_request' },
  { name: 'datasource in an unknown project', method: 'POST', path: () => '/datasources', body: () => ({ name: 'x', project_id: unknownId, type: 'http-requests' }), status: 404, error: 'not_found' },
  { name: 'datasource with an empty name', method: 'POST', path: () => '/datasources', body: (t) => ({ name: '  ', project_id: t.projectId, type: 'http-requests' }), status: 400, error: 'invalid_request', field: 'name' },
  // POST /credentials
  { name: 'credential without fields', method: 'POST', path: () => '/credentials', body: () => ({}), status: 400, error: 'invalid_request', field: 'organization_id' },
  { name: 'credential of an unknown type', method: 'POST', path: () => '/credentials', body: (t) => ({ name: 'c', type: 'oauth9', organization_id: t.organizationId }), status: 400, error: 'invalid_request', field: 'type' },
  { name: 'credential config that is not an object', method: 'POST', path: () => '/credentials', body: (t) => ({ name: 'c', type: 'api', organization_id: t.organizationId, config: 'token=1' }), status: 400, error: 'invalid_request', field: 'config' },
  {
    name: 'credential config nested too deep',
    method: 'POST',
    path: () => '/credentials',
    body: (t) => ({ name: 'c', type: 'api', organization_id: t.organizationId, config: JSON.parse('{"a":'.repeat(40) + '1' + '}'.repeat(40)) as unknown }),
    status: 400,
    error: 'invalid_request',
    field: 'config',
  },
  { name: 'credential for an unknown datasource', method: 'POST', path: () => '/credentials', body: (t) => ({ name: 'c', type: 'api', organization_id: t.organizationId, datasource_id: unknownId, config: { auth: { token: 'leak-me-not' } } }), status: 404, error: 'not_found' },
  { name: 'credential of an unknown organization', method: 'POST', path: () => '/credentials', body: () => ({ name: 'c', type: 'api', organization_id: unknownId }), status: 404, error: 'not_found' },
  // POST /projects, /teams, /users, /organizations, /platforms
  { name: 'project without a team', method: 'POST', path: () => '/projects', body: () => ({ name: 'p' }), status: 400, error: 'invalid_request', field: 'team_id' },
  { name: 'project in an unknown team', method: 'POST', path: () => '/projects', body: () => ({ name: 'p', team_id: unknownId }), status: 404, error: 'not_found' },
  { name: 'project with a name too long', method: 'POST', path: () => '/projects', body: (t) => ({ name: 'p'.repeat(201), team_id: t.teamId }), status: 400, error: 'invalid_request', field: 'name' },
  { name: 'team without a name', method: 'POST', path: () => '/teams', body: (t) => ({ organization_id: t.organizationId }), status: 400, error: 'invalid_request', field: 'name' },
  { name: 'user with a bad email', method: 'POST', path: () => '/users', body: (t) => ({ organization_id: t.organizationId, name: 'u', email: 'not-an-email' }), status: 400, error: 'invalid_request', field: 'email' },
  { name: 'user with a taken email', method: 'POST', path: () => '/users', body: (t) => ({ organization_id: t.organizationId, name: 'u', email: 'OWNER.a@example.test' }), status: 409, error: 'conflict', field: 'email' },
  { name: 'organization on an unknown platform', method: 'POST', path: () => '/organizations', body: () => ({ platform_id: unknownId, name: 'o' }), status: 404, error: 'not_found' },
  { name: 'platform without a name', method: 'POST', path: () => '/platforms', body: () => ({ description: 'd' }), status: 400, error: 'invalid_request', field: 'name' },
  // Team members
  { name: 'member with an unknown role', method: 'PUT', path: (t) => `/teams/${t.teamId}/members/${t.users.viewer.id}`, body: () => ({ role: 'king' }), status: 400, error: 'invalid_request', field: 'role' },
  { name: 'member who does not exist', method: 'PUT', path: (t) => `/teams/${t.teamId}/members/${unknownId}`, body: () => ({ role: 'member' }), status: 404, error: 'not_found' },
  { name: 'removing a non-member', method: 'DELETE', path: (t) => `/teams/${t.teamId}/members/${unknownId}`, status: 404, error: 'not_found' },
  // API keys
  { name: 'API key without projects', method: 'POST', path: () => '/api-keys', body: () => ({ name: 'k', project_ids: [] }), status: 400, error: 'invalid_request', field: 'project_ids' },
  { name: 'API key for an unknown environment', method: 'POST', path: () => '/api-keys', body: (t) => ({ name: 'k', project_ids: [t.projectId], environments: ['prod'] }), status: 400, error: 'invalid_request', field: 'environments.0' },
  { name: 'API key for an unknown project', method: 'POST', path: () => '/api-keys', body: () => ({ name: 'k', project_ids: [unknownId] }), status: 404, error: 'not_found' },
  { name: 'revoking an unknown key', method: 'DELETE', path: () => `/api-keys/${unknownId}`, status: 404, error: 'not_found' },
  // Sessions and tokens
  { name: 'session with a bad token', method: 'POST', path: () => '/auth/sessions', body: () => ({ token: 'qlt_000000000000000000000000000000000000000000' }), status: 401, error: 'authentication_failed' },
  { name: 'token for an unknown user', method: 'POST', path: () => `/users/${unknownId}/tokens`, body: () => ({}), status: 404, error: 'not_found' },
  { name: 'token that never expires too late', method: 'POST', path: (t) => `/users/${t.users.viewer.id}/tokens`, body: () => ({ expires_in_days: 99999 }), status: 400, error: 'invalid_request', field: 'expires_in_days' },
  // Malformed bodies
  { name: 'malformed JSON', method: 'POST', path: () => '/datasources', raw: '{"name": "x",', status: 400, error: 'invalid_request' },
  { name: 'a body that is not an object', method: 'POST', path: () => '/projects', raw: '[1,2,3]', status: 400, error: 'invalid_request' },
  { name: 'an oversized body', method: 'POST', path: () => '/datasources', raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), status: 413, error: 'payload_too_large' },
  // Unknown ids on reads and deletes
  ...['/organizations', '/teams', '/users', '/projects', '/datasources', '/credentials', '/jobs'].flatMap((prefix): BadCall[] => [
    { name: `GET ${prefix}/{unknown id}`, method: 'GET', path: () => `${prefix}/${unknownId}`, status: 404, error: 'not_found' },
    { name: `GET ${prefix}/{not an id}`, method: 'GET', path: () => `${prefix}/not-an-id`, status: 404, error: 'not_found' },
  ]),
  { name: 'DELETE /projects/{unknown id}', method: 'DELETE', path: () => `/projects/${unknownId}`, status: 404, error: 'not_found' },
  { name: 'DELETE /datasources/{unknown id}', method: 'DELETE', path: () => `/datasources/${unknownId}`, status: 404, error: 'not_found' },
  { name: 'GET /projects/{unknown id}/events', method: 'GET', path: () => `/projects/${unknownId}/events`, status: 404, error: 'not_found' },
  { name: 'events page size out of range', method: 'GET', path: (t) => `/projects/${t.projectId}/events?limit=100000`, status: 400, error: 'invalid_request', field: 'limit' },
  { name: 'an unknown route', method: 'GET', path: () => '/no-such-thing', status: 404, error: 'not_found' },
  // The connection flow
  { name: 'test-connection without a url', method: 'POST', path: () => '/http/test-connection', body: () => ({ method: 'GET', authType: 'None' }), status: 400, error: 'invalid_request', field: 'url' },
  { name: 'test-connection with an unknown auth type', method: 'POST', path: () => '/http/test-connection', body: () => ({ url: 'https://example.test/x', method: 'GET', authType: 'OAuth 9' }), status: 400, error: 'invalid_request', field: 'authType' },
  { name: 'test-connection with an unknown method', method: 'POST', path: () => '/http/test-connection', body: () => ({ url: 'https://example.test/x', method: 'FETCH', authType: 'None' }), status: 400, error: 'invalid_request', field: 'method' },
  {
    name: 'test-connection with a required parameter left empty',
    method: 'POST',
    path: () => '/http/test-connection',
    body: () => ({ url: 'https://example.test/x', method: 'GET', authType: 'None', parameters: { city: { value: '', required: true } } }),
    status: 400,
    error: 'invalid_request',
    field: 'parameters.city',
  },
  { name: 'execute-request without a datasource', method: 'POST', path: () => '/http/execute-request', body: (t) => ({ url: 'https://example.test/x', method: 'GET', authType: 'None', project_id: t.projectId }), status: 400, error: 'invalid_request', field: 'datasource_id' },
  {
    name: 'execute-request for a datasource of an unknown project',
    method: 'POST',
    path: () => '/http/execute-request',
    body: (t) => ({ url: 'https://example.test/x', method: 'GET', authType: 'None', project_id: unknownId, datasource_id: t.datasourceId }),
    status: 400,
    error: 'invalid_request',
    field: 'datasource_id',
  },
  { name: 'refresh of an unknown datasource', method: 'POST', path: () => `/datasources/${unknownId}/refresh`, status: 404, error: 'not_found' },
  { name: 'refresh of a datasource never executed', method: 'POST', path: (t) => `/datasources/${t.datasourceId}/refresh`, status: 409, error: 'conflict' },
  { name: 'GET /dataobjects/{unknown id}', method: 'GET', path: () => `/dataobjects/${unknownId}`, status: 404, error: 'not_found' },
  { name: 'GET /dataobjects/{unknown id}/content', method: 'GET', path: () => `/dataobjects/${unknownId}/content`, status: 404, error: 'not_found' },
  { name: 'GET /dataobjects/{unknown id}/lineage', method: 'GET', path: () => `/dataobjects/${unknownId}/lineage`, status: 404, error: 'not_found' },
  { name: 'GET /datalines/{unknown id}', method: 'GET', path: () => `/datalines/${unknownId}`, status: 404, error: 'not_found' },
  { name: 'GET /projects/{unknown id}/datalines', method: 'GET', path: () => `/projects/${unknownId}/datalines`, status: 404, error: 'not_found' },
];

describe(`bad input on the management endpoints [${backend}]`, () => {
  let h: Harness;
  let tenant: Tenant;

  beforeAll(async () => {
    h = await Harness.start();
    ({ a: tenant } = await twoTenants(h));
  });
  afterAll(async () => h?.stop());

  for (const call of badCalls) {
    it(call.name, async () => {
      const before = await h.rowCounts();
      const answer = await h.request<{ error: string; message: string; request_id: string; details?: { issues?: { field: string }[]; field?: string } }>(call.method, call.path(tenant), {
        token: adminToken,
        ...(call.raw !== undefined ? { raw: call.raw } : call.body ? { body: call.body(tenant) } : {}),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(call.status);
      expect(answer.body).toMatchObject({ error: call.error, message: expect.any(String), request_id: expect.any(String) });
      expect(Object.keys(answer.body).every((key) => ['error', 'message', 'details', 'request_id'].includes(key))).toBe(true);
      expect(answer.headers.get('x-request-id')).toBe(answer.body.request_id);
      if (call.field) {
        const named = [...(answer.body.details?.issues?.map((issue) => issue.field) ?? []), answer.body.details?.field];
        expect(named).toContain(call.field);
      }
      expect(JSON.stringify(answer.body)).not.toContain('leak-me-not');
      expect(await h.rowCounts()).toEqual(before);
    });
  }

  it('an oversized body sent in chunks, without a length', async () => {
    const before = await h.rowCounts();
    const chunk = new TextEncoder().encode(`{"name":"${'x'.repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // 2 MB in 64 KB chunks, more than the 1 MB limit.
        if ((sent += 1) > 32) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${h.base}/datasources`, { method: 'POST', headers: { authorization: adminToken, 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: 'payload_too_large', request_id: expect.any(String) });
    expect(await h.rowCounts()).toEqual(before);
  });
});
