export { isRelation, messageToJson, rowToMessage } from './records.js';
export type { PublicJson, PublicValue } from './records.js';
export { extractSecrets } from './secret-fields.js';
export type { SecretValue } from './secret-fields.js';
