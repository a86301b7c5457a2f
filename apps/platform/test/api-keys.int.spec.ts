// API keys end to end: the full key only in the creation answer; verification through the
// gateway's authenticator; a revoked key fails within 5 s; a key is good only for its scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Authenticator, resolveQueryScope } from '@querylane/gateway/auth';
import { serviceClientsModule } from '@querylane/runtime';
import { realParts } from '@querylane/testing';
import { adminToken, Harness, twoTenants, type Tenant } from './harness.js';

const backend = realParts.databaseUrl ? 'postgres' : 'pglite';

describe(`API keys [${backend}]`, () => {
  let h: Harness;
  let a: Tenant;
  let b: Tenant;
  let platformId: string;

  beforeAll(async () => {
    h = await Harness.start();
    ({ a, b, platformId } = await twoTenants(h));
  });
  afterAll(async () => h?.stop());

  it('shows the full key in the creation answer only', async () => {
    const created = await h.ok<{ id: string; key: string; display_value: string; key_hash: null; project_ids: string[]; environments: string[] }>('POST', '/api-keys', {
      token: a.users.member.token,
      body: { name: 'ci', project_ids: [a.projectId], environments: ['production', 'staging'] },
    });
    expect(created.key).toMatch(/^ql_multi_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/);
    expect(created.display_value).toBe(`ql_multi_…${created.key.slice(-4)}`);
    expect(created.key_hash).toBeNull();
    expect(created).toMatchObject({ project_ids: [a.projectId], environments: ['production', 'staging'] });

    const everywhere = [
      await h.request('GET', '/api-keys', { token: a.users.member.token }),
      await h.request('GET', '/api-keys', { token: a.users.owner.token }),
      await h.request('GET', `/platforms/${platformId}`, { token: adminToken }),
      await h.request('GET', '/me', { token: a.users.member.token }),
      await h.request('GET', `/projects/${a.projectId}/events`, { token: a.users.member.token }),
    ];
    for (const answer of everywhere) {
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(created.key);
      expect(JSON.stringify(answer.body)).not.toContain(created.key.slice(9, 40));
    }
    const own = (everywhere[0]!.body as { data: { id: string }[] }).data.map((k) => k.id);
    expect(own).toContain(created.id);
    // A member sees only their own keys; an owner of the organization sees them all.
    const viewerKeys = await h.ok<{ data: { id: string }[] }>('GET', '/api-keys', { token: a.users.viewer.token });
    expect(viewerKeys.data.map((k) => k.id)).not.toContain(created.id);
    const ownerKeys = await h.ok<{ data: { id: string }[] }>('GET', '/api-keys', { token: a.users.owner.token });
    expect(ownerKeys.data.map((k) => k.id)).toContain(created.id);
  });

  it('verifies a key to its scope, and refuses it within 5 s of its revocation', async () => {
    const created = await h.ok<{ id: string; key: string }>('POST', '/api-keys', { token: a.users.admin.token, body: { name: 'revoke me', project_ids: [a.projectId] } });
    const authenticator = new Authenticator(h.platform.value(serviceClientsModule));
    const principal = await authenticator.apiKey(created.key, 'test');
    expect(principal).toMatchObject({ userId: a.users.admin.id, organizationId: a.organizationId, projectIds: [a.projectId], environments: ['production'] });

    // Another member cannot revoke someone else's key; the owner of the key can.
    expect((await h.request('DELETE', `/api-keys/${created.id}`, { token: a.users.member.token })).status).toBe(403);
    expect((await h.request('DELETE', `/api-keys/${created.id}`, { token: b.users.owner.token })).status).toBe(404);
    const revokedAt = Date.now();
    const revoked = await h.ok<{ deleted_at: string | null }>('DELETE', `/api-keys/${created.id}`, { token: a.users.admin.token });
    expect(revoked.deleted_at).not.toBeNull();

    let refusedAfterMs: number | undefined;
    while (Date.now() - revokedAt < 8_000) {
      const ok = await authenticator.apiKey(created.key, 'test').then(
        () => true,
        (error: { code?: string }) => {
          expect(error.code).toBe('authentication_failed');
          return false;
        },
      );
      if (!ok) {
        refusedAfterMs = Date.now() - revokedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refusedAfterMs).toBeDefined();
    expect(refusedAfterMs!).toBeLessThanOrEqual(5_500);
    // A fresh authenticator (another gateway replica) refuses it at once.
    await expect(new Authenticator(h.platform.value(serviceClientsModule)).apiKey(created.key, 'test')).rejects.toMatchObject({ code: 'authentication_failed' });
  });

  it('refuses a key on a project or environment outside its scope', async () => {
    const created = await h.ok<{ key: string }>('POST', '/api-keys', { token: a.users.member.token, body: { name: 'scoped', project_ids: [a.projectId], environments: ['staging'] } });
    const principal = await new Authenticator(h.platform.value(serviceClientsModule)).apiKey(created.key, 'test');
    expect(resolveQueryScope(principal, {})).toEqual({ projectId: a.projectId, environment: 'staging' });
    expect(() => resolveQueryScope(principal, { projectId: b.projectId })).toThrow(expect.objectContaining({ code: 'permission_denied' }));
    expect(() => resolveQueryScope(principal, { environment: 'production' })).toThrow(expect.objectContaining({ code: 'permission_denied' }));
    // Nor can a key be made for a project the caller cannot reach.
    expect((await h.request('POST', '/api-keys', { token: a.users.member.token, body: { name: 'x', project_ids: [b.projectId] } })).status).toBe(404);
  });

  it('refuses malformed, unknown and tampered keys without a database lookup of their text', async () => {
    const authenticator = new Authenticator(h.platform.value(serviceClientsModule));
    const created = await h.ok<{ key: string }>('POST', '/api-keys', { token: a.users.member.token, body: { name: 'x', project_ids: [a.projectId] } });
    const tampered = `${created.key.slice(0, -1)}${created.key.endsWith('a') ? 'b' : 'a'}`;
    for (const key of ['nope', tampered, 'ql_prod_000000000000000000000000000000000000000000_000000']) {
      await expect(authenticator.apiKey(key, 'test')).rejects.toMatchObject({ code: 'authentication_failed' });
    }
  });
});
