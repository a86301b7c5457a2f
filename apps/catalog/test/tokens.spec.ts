import { describe, expect, it } from 'vitest';
import { assertApiKeyFormat, newApiKey, newOpaqueToken, sha256 } from '../src/identity/tokens.js';
import { SecretBox } from '../src/identity/secret-box.js';
import { extractSecrets } from '@querylane/records';
import { randomBytes } from 'node:crypto';

describe('API keys', () => {
  it('have the prefix, the environment, 256 random bits and a checksum', () => {
    const { key, displayValue } = newApiKey(['production']);
    expect(key).toMatch(/^ql_prod_[0-9A-Za-z]{43}_[0-9A-Za-z]{6}$/);
    expect(displayValue).toBe(`ql_prod_…${key.slice(-4)}`);
    expect(newApiKey(['staging', 'development']).key).toMatch(/^ql_multi_/);
    expect(newApiKey(['production']).key).not.toBe(key);
    expect(() => assertApiKeyFormat(key)).not.toThrow();
  });

  it('refuses a key whose checksum does not match (a typo or a forgery)', () => {
    const { key } = newApiKey(['development']);
    const i = 12;
    const tampered = key.slice(0, i) + (key[i] === 'a' ? 'b' : 'a') + key.slice(i + 1);
    expect(() => assertApiKeyFormat(tampered)).toThrow(expect.objectContaining({ code: 'authentication_failed' }));
    expect(() => assertApiKeyFormat('ql_prod_short_abcdef')).toThrow(expect.objectContaining({ code: 'authentication_failed' }));
  });

  it('management tokens and sessions are distinct, random, and hashed with SHA-256', () => {
    const token = newOpaqueToken('token');
    expect(token).toMatch(/^qlt_[0-9A-Za-z]{43}$/);
    expect(newOpaqueToken('session')).toMatch(/^qls_/);
    expect(sha256(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('SecretBox (AES-256-GCM)', () => {
  const box = new SecretBox(randomBytes(32));

  it('round-trips a secret bound to its place', () => {
    const sealed = box.seal('s3cr3t ✓', 'cred-1:config.auth.token');
    expect(sealed.toString('utf8')).not.toContain('s3cr3t');
    expect(box.open(sealed, 'cred-1:config.auth.token')).toBe('s3cr3t ✓');
  });

  it('refuses a ciphertext moved to another credential, altered, or opened with another key', () => {
    const sealed = box.seal('value', 'cred-1:config.auth.token');
    expect(() => box.open(sealed, 'cred-2:config.auth.token')).toThrow(/could not be decrypted/);
    const altered = Buffer.from(sealed);
    altered[altered.length - 1]! ^= 1;
    expect(() => box.open(altered, 'cred-1:config.auth.token')).toThrow(/could not be decrypted/);
    expect(() => new SecretBox(randomBytes(32)).open(sealed, 'cred-1:config.auth.token')).toThrow(/could not be decrypted/);
  });
});

describe('extractSecrets', () => {
  it('cuts the auth values and secret-named fields out, keeping what only describes them', () => {
    const { redacted, secrets } = extractSecrets('config', {
      url: 'https://api.example.com',
      authType: 'API Key',
      auth: { key: 'X-Api-Key', value: 'k-123', in: 'header' },
      basic: { auth: { username: 'ann', password: 'pw' } },
      headers: { Authorization: 'Bearer abc', Accept: 'application/json' },
      parameters: { client_secret: { value: 'cs', required: true }, page: { value: 1 } },
    });
    expect(redacted).toEqual({
      url: 'https://api.example.com',
      authType: 'API Key',
      auth: { key: 'X-Api-Key', value: null, in: 'header' },
      basic: { auth: { username: 'ann', password: null } },
      headers: { Authorization: null, Accept: 'application/json' },
      parameters: { client_secret: { value: null, required: true }, page: { value: 1 } },
    });
    expect(secrets.map((s) => [s.path, s.value]).sort()).toEqual(
      [
        ['config.auth.value', 'k-123'],
        ['config.basic.auth.password', 'pw'],
        ['config.headers.Authorization', 'Bearer abc'],
        ['config.parameters.client_secret.value', 'cs'],
      ].sort(),
    );
  });
});
