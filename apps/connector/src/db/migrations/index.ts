// Every migration of the `connector` schema, by name (<epochMs>-<PascalName>); never edit one that shipped.
import type { Migration } from 'kysely';
import * as init from './1795239431867-Init.js';
import * as createIdempotencyKeys from './1795242494053-CreateIdempotencyKeys.js';
import * as claimIdempotencyKeys from './1795294676381-ClaimIdempotencyKeys.js';

export const migrations: Record<string, Migration> = {
  '1795239431867-Init': init,
  '1795242494053-CreateIdempotencyKeys': createIdempotencyKeys,
  '1795294676381-ClaimIdempotencyKeys': claimIdempotencyKeys,
};
