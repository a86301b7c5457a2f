// Every migration of the `query` schema, by name (<epochMs>-<PascalName>); never edit one that shipped.
import type { Migration } from 'kysely';
import * as init from './1795239431867-Init.js';
import * as createQueryPrograms from './1795245137052-CreateQueryPrograms.js';
import * as createConversations from './1795300000000-CreateConversations.js';

export const migrations: Record<string, Migration> = {
  '1795239431867-Init': init,
  '1795245137052-CreateQueryPrograms': createQueryPrograms,
  '1795300000000-CreateConversations': createConversations,
};
