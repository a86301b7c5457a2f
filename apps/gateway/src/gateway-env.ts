// The Hono environment of every gateway route: what the middleware puts on the context.
import type { Logger } from 'pino';
import type { Principal } from './auth/authenticator.js';

export interface GatewayEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    /** Set by the management authentication middleware. */
    principal: Principal;
  };
}
