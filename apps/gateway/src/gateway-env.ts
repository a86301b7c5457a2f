// The Hono environment of every gateway route: what the middleware puts on the context.
import type { QueryScope } from './auth/api-key-scope.js';
import type { ApiKeyPrincipal, Principal } from './auth/authenticator.js';
import type { CallNote } from './routes/queries.routes.js';

export interface GatewayEnv {
  /** From the platform's HTTP server (libs/runtime MountBindings); absent when the app is called alone. */
  Bindings: { requestId?: string } | undefined;
  Variables: {
    requestId: string;
    /** Set by the management authentication middleware. */
    principal: Principal;
    /** Set by the API key middleware of the query endpoints. */
    apiKey: ApiKeyPrincipal;
    /** The project and environment of a query call, once resolved. */
    queryScope: QueryScope;
    /** What a query call's api-calls event says beyond the request. */
    callNote: CallNote;
  };
}
