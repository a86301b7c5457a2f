// The Hono environment of every gateway route: what the middleware puts on the context.
import type { Logger } from 'pino';

export interface GatewayEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
