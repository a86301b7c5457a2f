export { Database } from './database.js';
export type { DatabaseKind, DatabaseOptions } from './database.js';
export { startEmbeddedPostgres } from './embedded-postgres.js';
export type { EmbeddedPostgres } from './embedded-postgres.js';
