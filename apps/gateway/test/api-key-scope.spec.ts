import { describe, expect, it } from 'vitest';
import { resolveQueryScope } from '../src/auth/api-key-scope.js';
import type { ApiKeyPrincipal } from '../src/auth/authenticator.js';

const key = (projectIds: string[], environments: string[]): ApiKeyPrincipal => ({
  userId: 'u',
  organizationId: 'o',
  isPlatformAdmin: false,
  name: 'n',
  apiKeyId: 'k',
  projectIds,
  environments,
});

describe('resolveQueryScope', () => {
  it("takes the key's only project and environment when the call names none", () => {
    expect(resolveQueryScope(key(['p1'], ['staging']), {})).toEqual({ projectId: 'p1', environment: 'staging' });
    expect(resolveQueryScope(key(['p1'], ['staging', 'production']), {})).toEqual({ projectId: 'p1', environment: 'production' });
  });

  it('asks for the project when the key covers several', () => {
    expect(() => resolveQueryScope(key(['p1', 'p2'], ['production']), {})).toThrow(expect.objectContaining({ code: 'invalid_query', details: expect.objectContaining({ field: 'project_id' }) }));
    // The unified endpoint takes it in its body too, and says so.
    expect(() => resolveQueryScope(key(['p1', 'p2'], ['production']), { bodyNamesProject: true })).toThrow(/project_id in the body/);
    expect(() => resolveQueryScope(key(['p1', 'p2'], ['production']), {})).not.toThrow(/in the body/);
    expect(resolveQueryScope(key(['p1', 'p2'], ['production']), { projectId: 'p2' })).toEqual({ projectId: 'p2', environment: 'production' });
  });

  it('answers an environment that does not exist as a bad call (400), not a missing grant', () => {
    const all = key(['p1'], ['production', 'staging', 'development']);
    expect(() => resolveQueryScope(all, { environment: 'bogus' })).toThrow(expect.objectContaining({ code: 'invalid_query', details: expect.objectContaining({ field: 'environment' }) }));
    expect(() => resolveQueryScope(all, { environment: 'Production' })).toThrow(expect.objectContaining({ code: 'invalid_query' }));
  });

  it('refuses a project or environment outside the key', () => {
    expect(() => resolveQueryScope(key(['p1'], ['production']), { projectId: 'p9' })).toThrow(expect.objectContaining({ code: 'permission_denied' }));
    expect(() => resolveQueryScope(key(['p1'], ['production']), { environment: 'staging' })).toThrow(expect.objectContaining({ code: 'permission_denied' }));
  });
});
