// The gateway's authentication, as the platform tests (and a future query surface) use it.
export { resolveQueryScope } from './api-key-scope.js';
export type { QueryScope } from './api-key-scope.js';
export { Authenticator, credentialFrom } from './authenticator.js';
export type { ApiKeyPrincipal, Principal } from './authenticator.js';
