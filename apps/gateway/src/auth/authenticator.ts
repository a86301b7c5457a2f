// Verifies management tokens, sessions and API keys through the catalog and remembers each answer
// for at most `ttlMs` (5 s): the hot path makes no catalog call while an entry is fresh, and a
// revoked token or key stops working within the TTL. Failures are remembered too (briefly), so a
// flood of bad keys does not become a flood of catalog calls.
import { createHash } from 'node:crypto';
import { AppError } from '@querylane/errors';
import type { catalogV1 } from '@querylane/proto';
import type { ServiceClients } from '@querylane/runtime';

export interface Principal {
  userId: string;
  organizationId: string;
  isPlatformAdmin: boolean;
  name: string;
}

export interface ApiKeyPrincipal extends Principal {
  apiKeyId: string;
  projectIds: string[];
  environments: string[];
}

interface Entry<T> {
  value?: T;
  error?: AppError;
  expires: number;
}

class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  async get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) {
      if (hit.error) throw hit.error;
      return hit.value as T;
    }
    try {
      const value = await load();
      this.set(key, { value, expires: now + this.ttlMs });
      return value;
    } catch (error) {
      if (error instanceof AppError && error.code === 'authentication_failed') this.set(key, { error, expires: now + Math.min(this.ttlMs, 1_000) });
      throw error;
    }
  }

  delete(predicate: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (entry.value !== undefined && predicate(entry.value)) this.entries.delete(key);
  }

  private set(key: string, entry: Entry<T>): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }
}

const hash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

export class Authenticator {
  private readonly tokens: TtlCache<Principal>;
  private readonly keys: TtlCache<ApiKeyPrincipal>;

  constructor(
    private readonly clients: ServiceClients,
    options: { ttlMs?: number; apiKeyTtlMs?: number; maxEntries?: number } = {},
  ) {
    const ttlMs = options.ttlMs ?? 5_000;
    this.tokens = new TtlCache(ttlMs, options.maxEntries ?? 100_000);
    // API keys may be kept longer where revocations reach forgetApiKey (the gateway's consumer).
    this.keys = new TtlCache(options.apiKeyTtlMs ?? ttlMs, options.maxEntries ?? 100_000);
  }

  /** A management token or console session → its user. */
  async token(token: string, requestId: string): Promise<Principal> {
    return this.tokens.get(hash(token), async () => {
      const { principal } = await this.clients.catalog.call.verifyToken({ token }, { requestId });
      if (!principal) throw new AppError('authentication_failed', 'the token is not valid');
      return principal;
    });
  }

  /** An API key (query surface) → its user and scope. */
  async apiKey(key: string, requestId: string): Promise<ApiKeyPrincipal> {
    return this.keys.get(hash(key), async () => {
      const { principal, apiKey } = await this.clients.catalog.call.verifyApiKey({ key }, { requestId });
      if (!principal || !apiKey) throw new AppError('authentication_failed', 'the API key is not valid');
      return toKeyPrincipal(principal, apiKey);
    });
  }

  /** Drops a revoked key at once (the catalog announces revocations on querylane.catalog). */
  forgetApiKey(apiKeyId: string): void {
    this.keys.delete((principal) => principal.apiKeyId === apiKeyId);
  }
}

function toKeyPrincipal(principal: catalogV1.Principal, apiKey: catalogV1.ApiKey): ApiKeyPrincipal {
  return {
    userId: principal.userId,
    organizationId: principal.organizationId,
    isPlatformAdmin: principal.isPlatformAdmin,
    name: principal.name,
    apiKeyId: apiKey.id,
    projectIds: apiKey.projectIds,
    environments: apiKey.environments,
  };
}

/** `authorization: <token>`, `authorization: Bearer <token>`, or the ql_session cookie. */
export function credentialFrom(authorization: string | undefined, sessionCookie: string | undefined): string | undefined {
  const header = authorization?.trim();
  if (header) return /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : header;
  return sessionCookie || undefined;
}
