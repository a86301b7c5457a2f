// Opaque secrets handed to people: management tokens, session tokens and API keys. Only their
// SHA-256 is stored. API keys carry a prefix and a checksum so secret scanners (and we, before any
// database call) can tell a real key from a typo.
import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { AppError } from '@querylane/errors';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(bytes: Buffer | number, width = 0): string {
  let value = typeof bytes === 'number' ? BigInt(bytes) : BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = alphabet[Number(value % 62n)] + out;
    value /= 62n;
  }
  return out.padStart(width, '0');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** `qlt_…` management tokens and `qls_…` console sessions: 256 random bits. */
export function newOpaqueToken(kind: 'token' | 'session'): string {
  return `${kind === 'token' ? 'qlt' : 'qls'}_${base62(randomBytes(32), 43)}`;
}

export function tokenPrefix(token: string): string {
  return token.slice(0, 8);
}

export const environments = ['production', 'staging', 'development'] as const;
export type Environment = (typeof environments)[number];

const environmentCode: Record<Environment, string> = { production: 'prod', staging: 'stg', development: 'dev' };
const apiKeyPattern = /^ql_(prod|stg|dev|multi)_([0-9A-Za-z]{43})_([0-9A-Za-z]{6})$/;

function checksum(body: string): string {
  return base62(crc32(body), 6);
}

/** `ql_<env>_<random>_<checksum>`; env is the key's one environment, or `multi`. */
export function newApiKey(scope: readonly Environment[]): { key: string; displayValue: string } {
  const env = scope.length === 1 ? environmentCode[scope[0]!] : 'multi';
  const body = `ql_${env}_${base62(randomBytes(32), 43)}`;
  const key = `${body}_${checksum(body)}`;
  return { key, displayValue: `ql_${env}_…${key.slice(-4)}` };
}

/** Refuses anything that is not a well-formed key before it costs a lookup. */
export function assertApiKeyFormat(key: string): void {
  const match = apiKeyPattern.exec(key);
  if (!match || checksum(`ql_${match[1]}_${match[2]}`) !== match[3]) {
    throw new AppError('authentication_failed', 'the API key is not valid');
  }
}
