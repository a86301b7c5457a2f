// Management endpoints need a token (bare or Bearer) or the ql_session cookie.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '@querylane/errors';
import type { GatewayEnv } from '../gateway-env.js';
import { credentialFrom, type Authenticator } from './authenticator.js';

export const sessionCookieName = 'ql_session';

export function managementAuth(authenticator: Authenticator, isPublic: (path: string, method: string) => boolean): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    if (isPublic(c.req.path, c.req.method)) return next();
    const credential = credentialFrom(c.req.header('authorization'), getCookie(c, sessionCookieName));
    if (!credential) throw new AppError('authentication_failed', 'send a management token in the authorization header, or sign in for a session');
    c.set('principal', await authenticator.token(credential, c.get('requestId')));
    return next();
  };
}
