// Management endpoints need a token (bare or Bearer) or the ql_session cookie.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { AppError } from '@querylane/errors';
import type { GatewayEnv } from '../gateway-env.js';
import { credentialFrom, type Authenticator } from './authenticator.js';
import { signInPage, wantsPage } from './sign-in-page.js';

export const sessionCookieName = 'ql_session';

/**
 * A browser opening a page (the API reference) without a valid session gets the sign-in page, with
 * the same 401; every other request the JSON error. `sessionsPath` is where the page opens a session.
 */
export function managementAuth(authenticator: Authenticator, isPublic: (path: string, method: string) => boolean, sessionsPath = '/v1/auth/sessions'): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    if (isPublic(c.req.path, c.req.method)) return next();
    const page = wantsPage(c.req.method, c.req.header('accept'));
    const credential = credentialFrom(c.req.header('authorization'), getCookie(c, sessionCookieName));
    if (!credential) {
      if (page) return c.html(signInPage(sessionsPath, 'This page needs a session'), 401);
      throw new AppError('authentication_failed', 'send a management token in the authorization header, or sign in for a session');
    }
    try {
      c.set('principal', await authenticator.token(credential, c.get('requestId')));
    } catch (error) {
      if (page && error instanceof AppError && error.code === 'authentication_failed') return c.html(signInPage(sessionsPath, 'The session has ended or the token was not accepted'), 401);
      throw error;
    }
    return next();
  };
}
