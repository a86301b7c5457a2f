// The query endpoints (API.md 6 and 7) take an API key, not a management token: `X-Api-Key: <key>`
// or `Authorization: Bearer <key>`. The key's scope decides the project and environment.
import type { MiddlewareHandler } from 'hono';
import { AppError } from '@querylane/errors';
import type { GatewayEnv } from '../gateway-env.js';
import type { Authenticator } from './authenticator.js';
import { credentialFrom } from './authenticator.js';

export function apiKeyAuth(authenticator: Authenticator): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const key = c.req.header('x-api-key')?.trim() || credentialFrom(c.req.header('authorization'), undefined);
    if (!key) throw new AppError('authentication_failed', 'send an API key as Authorization: Bearer <key> (or in the X-Api-Key header)');
    c.set('apiKey', await authenticator.apiKey(key, c.get('requestId')));
    return next();
  };
}
