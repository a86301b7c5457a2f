export { isRelation, messageToJson, rowToMessage } from './records.js';
export type { PublicJson, PublicValue } from './records.js';
