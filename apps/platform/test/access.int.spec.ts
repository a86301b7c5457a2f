// The tenant-isolation matrix: two organizations, a user of every role in each, every management
// endpoint. Who may read and write what inside their organization, and 404 across organizations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realParts } from '@querylane/testing';
import { adminToken, Harness, roles, twoTenants, type RoleName, type Tenant } from './harness.js';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';

interface Call {
  method: string;
  path: string;
  body?: unknown;
}

interface Case {
  name: string;
  /** The call against a tenant's resources; `fresh` holds what prepare() made for this call. */
  call: (tenant: Tenant, fresh: Record<string, string>) => Call;
  prepare?: (h: Harness, tenant: Tenant) => Promise<Record<string, string>>;
  /** Status for each role of the same organization; every role of the other one gets 404. */
  allowed: Record<RoleName, number>;
  /** Some calls name another organization's resource only in the body: 404 (or 400 where noted). */
  crossStatus?: number;
}

const readAll = { owner: 200, admin: 200, member: 200, viewer: 200 };
const writers = { owner: 200, admin: 200, member: 200, viewer: 403 };
const managers = { owner: 200, admin: 200, member: 403, viewer: 403 };
const ownersOnly = { owner: 200, admin: 403, member: 403, viewer: 403 };
const nobody = { owner: 403, admin: 403, member: 403, viewer: 403 };

let counter = 0;
const unique = (label: string) => `${label} ${(counter += 1)}`;

const cases: Case[] = [
  { name: 'GET /organizations/{id}', call: (t) => ({ method: 'GET', path: `/organizations/${t.organizationId}` }), allowed: readAll },
  { name: 'GET /teams/{id}', call: (t) => ({ method: 'GET', path: `/teams/${t.teamId}` }), allowed: readAll },
  { name: 'GET /teams/{id}/projects', call: (t) => ({ method: 'GET', path: `/teams/${t.teamId}/projects` }), allowed: readAll },
  { name: 'GET /projects/{id}', call: (t) => ({ method: 'GET', path: `/projects/${t.projectId}` }), allowed: readAll },
  { name: 'GET /projects/{id}/events', call: (t) => ({ method: 'GET', path: `/projects/${t.projectId}/events` }), allowed: readAll },
  { name: 'GET /projects/{id}/datasources', call: (t) => ({ method: 'GET', path: `/projects/${t.projectId}/datasources` }), allowed: readAll },
  { name: 'GET /projects/{id}/jobs', call: (t) => ({ method: 'GET', path: `/projects/${t.projectId}/jobs` }), allowed: readAll },
  { name: 'GET /datasources/{id}', call: (t) => ({ method: 'GET', path: `/datasources/${t.datasourceId}` }), allowed: readAll },
  { name: 'GET /credentials/{id}', call: (t) => ({ method: 'GET', path: `/credentials/${t.credentialId}` }), allowed: readAll },
  { name: 'GET /users/{id}', call: (t) => ({ method: 'GET', path: `/users/${t.users.viewer.id}` }), allowed: readAll },
  {
    name: 'POST /datasources',
    call: (t) => ({ method: 'POST', path: '/datasources', body: { name: unique('ds'), project_id: t.projectId, type: 'http-requests', status: 'transformation_started' } }),
    allowed: writers,
  },
  {
    name: 'DELETE /datasources/{id}',
    prepare: async (h, t) => ({
      id: (await h.ok<{ id: string }>('POST', '/datasources', { token: adminToken, body: { name: unique('ds'), project_id: t.projectId, type: 'http-requests' } })).id,
    }),
    call: (_t, fresh) => ({ method: 'DELETE', path: `/datasources/${fresh.id}` }),
    allowed: writers,
  },
  {
    name: 'POST /credentials (for a datasource)',
    call: (t) => ({ method: 'POST', path: '/credentials', body: { name: unique('cred'), type: 'api', organization_id: t.organizationId, datasource_id: t.datasourceId, config: { auth: { token: 'x' } } } }),
    allowed: writers,
  },
  {
    name: 'POST /credentials (organization-wide)',
    call: (t) => ({ method: 'POST', path: '/credentials', body: { name: unique('cred'), type: 'api', organization_id: t.organizationId } }),
    allowed: ownersOnly,
  },
  { name: 'POST /projects', call: (t) => ({ method: 'POST', path: '/projects', body: { team_id: t.teamId, name: unique('project') } }), allowed: managers },
  {
    name: 'DELETE /projects/{id}',
    prepare: async (h, t) => ({ id: (await h.ok<{ id: string }>('POST', '/projects', { token: adminToken, body: { team_id: t.teamId, name: unique('project') } })).id }),
    call: (_t, fresh) => ({ method: 'DELETE', path: `/projects/${fresh.id}` }),
    allowed: managers,
  },
  { name: 'POST /teams', call: (t) => ({ method: 'POST', path: '/teams', body: { organization_id: t.organizationId, name: unique('team') } }), allowed: ownersOnly },
  {
    name: 'POST /users',
    call: (t) => ({ method: 'POST', path: '/users', body: { organization_id: t.organizationId, name: 'n', email: `${unique('u').replace(' ', '')}@example.test` } }),
    allowed: ownersOnly,
  },
  {
    name: 'PUT /teams/{id}/members/{user_id} (member role)',
    prepare: async (h, t) => ({
      id: (await h.ok<{ id: string }>('POST', '/users', { token: adminToken, body: { organization_id: t.organizationId, name: 'n', email: `${unique('m').replace(' ', '')}@example.test` } })).id,
    }),
    call: (t, fresh) => ({ method: 'PUT', path: `/teams/${t.teamId}/members/${fresh.id}`, body: { role: 'member' } }),
    allowed: managers,
  },
  {
    name: 'PUT /teams/{id}/members/{user_id} (owner role)',
    prepare: async (h, t) => ({
      id: (await h.ok<{ id: string }>('POST', '/users', { token: adminToken, body: { organization_id: t.organizationId, name: 'n', email: `${unique('o').replace(' ', '')}@example.test` } })).id,
    }),
    call: (t, fresh) => ({ method: 'PUT', path: `/teams/${t.teamId}/members/${fresh.id}`, body: { role: 'owner' } }),
    allowed: ownersOnly,
  },
  {
    name: 'DELETE /teams/{id}/members/{user_id}',
    prepare: async (h, t) => {
      const user = await h.ok<{ id: string }>('POST', '/users', { token: adminToken, body: { organization_id: t.organizationId, name: 'n', email: `${unique('d').replace(' ', '')}@example.test` } });
      await h.ok('PUT', `/teams/${t.teamId}/members/${user.id}`, { token: adminToken, body: { role: 'viewer' } });
      return { id: user.id };
    },
    call: (t, fresh) => ({ method: 'DELETE', path: `/teams/${t.teamId}/members/${fresh.id}` }),
    allowed: { owner: 204, admin: 204, member: 403, viewer: 403 },
  },
  { name: 'POST /api-keys', call: (t) => ({ method: 'POST', path: '/api-keys', body: { name: unique('key'), project_ids: [t.projectId] } }), allowed: writers },
  { name: 'POST /organizations (platform admins only)', call: () => ({ method: 'POST', path: '/organizations', body: { platform_id: '00000000-0000-4000-8000-000000000000', name: 'x' } }), allowed: nobody, crossStatus: 403 },
  { name: 'POST /platforms (platform admins only)', call: () => ({ method: 'POST', path: '/platforms', body: { name: 'x' } }), allowed: nobody, crossStatus: 403 },
];

describe(`tenant isolation matrix [${backend}]`, () => {
  let h: Harness;
  let a: Tenant;
  let b: Tenant;

  beforeAll(async () => {
    h = await Harness.start();
    ({ a, b } = await twoTenants(h));
  });
  afterAll(async () => h?.stop());

  for (const testCase of cases) {
    it(testCase.name, async () => {
      const seen: string[] = [];
      const expected: string[] = [];
      for (const [own, other] of [
        [a, b],
        [b, a],
      ] as const) {
        for (const role of roles) {
          const fresh = testCase.prepare ? await testCase.prepare(h, own) : {};
          const same = testCase.call(own, fresh);
          const answer = await h.request(same.method, same.path, { token: own.users[role].token, body: same.body });
          seen.push(`own ${role}: ${answer.status}`);
          expected.push(`own ${role}: ${testCase.allowed[role]}`);
          if (answer.status >= 400) expect(answer.body).toMatchObject({ error: expect.any(String), message: expect.any(String), request_id: expect.any(String) });

          const foreignFresh = testCase.prepare ? await testCase.prepare(h, other) : {};
          const cross = testCase.call(other, foreignFresh);
          const crossAnswer = await h.request(cross.method, cross.path, { token: own.users[role].token, body: cross.body });
          seen.push(`other ${role}: ${crossAnswer.status}`);
          expected.push(`other ${role}: ${testCase.crossStatus ?? 404}`);
        }
      }
      expect(seen).toEqual(expected);
    });
  }

  it('the platform read shows a member only their organization', async () => {
    const me = await h.ok<{ platform_id: string }>('GET', '/me', { token: a.users.viewer.token });
    const read = await h.ok<{ organizations: { id: string }[] }>('GET', `/platforms/${me.platform_id}`, { token: a.users.viewer.token });
    expect(read.organizations.map((o) => o.id)).toEqual([a.organizationId]);
    const all = await h.ok<{ organizations: { id: string; users: { email: string | null; organization_id: string }[] }[] }>('GET', `/platforms/${me.platform_id}`, { token: adminToken });
    expect(all.organizations.map((o) => o.id).sort()).toEqual([a.organizationId, b.organizationId].sort());
    // A platform admin of organization A sees organization B's users without their emails.
    const usersOfB = all.organizations.find((o) => o.id === b.organizationId)!.users;
    expect(usersOfB.length).toBeGreaterThanOrEqual(4);
    expect(usersOfB.every((u) => u.email === null)).toBe(true);
    expect(all.organizations.find((o) => o.id === a.organizationId)!.users.every((u) => typeof u.email === 'string')).toBe(true);
  });

  it('refuses requests without credentials, with a bad token, and with a session after sign-out', async () => {
    expect((await h.request('GET', '/me')).status).toBe(401);
    expect((await h.request('GET', '/me', { token: 'qlt_not-a-real-token-at-all-000000000000' })).status).toBe(401);
    expect((await h.request('GET', '/me', { token: `Bearer ${a.users.member.token}` })).status).toBe(200);

    const signIn = await fetch(`${h.base}/auth/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: a.users.member.token }) });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ql_session=qls_[0-9A-Za-z]+;/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const session = cookie.split(';')[0]!;
    expect((await h.request('GET', '/me', { headers: { cookie: session } })).status).toBe(200);
    expect((await h.request('DELETE', '/auth/sessions', { headers: { cookie: session } })).status).toBe(204);
    // The gateway may remember the session for up to 5 s.
    const deadline = Date.now() + 7_000;
    let status = 200;
    while (status === 200 && Date.now() < deadline) {
      status = (await h.request('GET', '/me', { headers: { cookie: session } })).status;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status).toBe(401);
  });

  it('keeps at least one owner in a team', async () => {
    const team = await h.ok<{ id: string }>('POST', '/teams', { token: a.users.owner.token, body: { organization_id: a.organizationId, name: 'solo' } });
    const answer = await h.request('PUT', `/teams/${team.id}/members/${a.users.owner.id}`, { token: a.users.owner.token, body: { role: 'member' } });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ error: 'conflict' });
  });
});
