// Records travel as protobuf messages between services and as snake_case JSON to the public; these
// two functions are the only mapping, driven by the message descriptors (no per-record code).
import { create, ScalarType, toJson, type DescField, type DescMessage, type JsonObject, type MessageInitShape, type MessageShape } from '@bufbuild/protobuf';
import { timestampDate, timestampFromDate, ValueSchema, type Timestamp, type Value } from '@bufbuild/protobuf/wkt';

const timestampType = 'google.protobuf.Timestamp';
const structType = 'google.protobuf.Struct';
const valueType = 'google.protobuf.Value';
const int64Types = new Set([ScalarType.INT64, ScalarType.UINT64, ScalarType.SINT64, ScalarType.FIXED64, ScalarType.SFIXED64]);

type Row = Record<string, unknown>;

/**
 * A database row (snake_case columns, Dates, bigint strings, jsonb objects) → the message of that
 * record. Columns the message does not have are ignored; relation fields are left for the caller.
 */
export function rowToMessage<D extends DescMessage>(schema: D, row: Row): MessageShape<D> {
  const init: Record<string, unknown> = {};
  for (const field of schema.fields) {
    const value = row[field.name];
    if (value === undefined || value === null) continue;
    const converted = fromColumn(field, value);
    if (converted !== undefined) init[field.localName] = converted;
  }
  return create(schema, init as MessageInitShape<D>);
}

function fromColumn(field: DescField, value: unknown): unknown {
  switch (field.fieldKind) {
    case 'scalar':
      if (int64Types.has(field.scalar)) return BigInt(value as string | number | bigint);
      if (field.scalar === ScalarType.INT32 || field.scalar === ScalarType.DOUBLE) return Number(value);
      return value;
    case 'message':
      if (field.message.typeName === timestampType) return timestampFromDate(value instanceof Date ? value : new Date(String(value)));
      if (field.message.typeName === structType) return value as JsonObject;
      return undefined; // a relation
    case 'list':
      return field.listKind === 'scalar' ? value : undefined;
    default:
      return undefined;
  }
}

export type PublicJson = { [key: string]: PublicValue };
export type PublicValue = string | number | boolean | null | PublicJson | PublicValue[];

/**
 * A message → the public JSON of its record: every field present under its proto (snake_case)
 * name, unset optional fields and unfilled relations as null, timestamps as ISO 8601 UTC strings,
 * 64-bit integers as numbers (as strings beyond 2^53, where JSON numbers lose precision).
 */
export function messageToJson<D extends DescMessage>(schema: D, message: MessageShape<D>, options: { relations?: boolean } = {}): PublicJson {
  const source = message as unknown as Record<string, unknown>;
  const json: PublicJson = {};
  for (const field of schema.fields) {
    if (options.relations === false && isRelation(field)) continue;
    json[field.name] = toJsonValue(field, source[field.localName]);
  }
  return json;
}

/**
 * A field that links to other records (filled by the platform read), as opposed to the record's own
 * data: a message or a list of messages, except timestamps and JSON objects (Struct), which are
 * data. Records owned by another service are lists of google.protobuf.Value, so they count too.
 */
export function isRelation(field: DescField): boolean {
  if (field.fieldKind === 'list') return field.listKind === 'message' && field.message.typeName !== structType;
  return field.fieldKind === 'message' && field.message.typeName !== timestampType && field.message.typeName !== structType;
}

function toJsonValue(field: DescField, value: unknown): PublicValue {
  switch (field.fieldKind) {
    case 'scalar':
      return value === undefined ? null : scalarJson(value);
    case 'enum':
      return value === undefined ? null : (value as number);
    case 'message':
      return value === undefined ? null : messageJson(field.message, value);
    case 'list':
      if (!Array.isArray(value)) return [];
      if (field.listKind === 'message') return value.map((item: unknown) => messageJson(field.message, item));
      return value.map(scalarJson);
    default:
      return null;
  }
}

function messageJson(schema: DescMessage, value: unknown): PublicValue {
  if (schema.typeName === timestampType) return timestampDate(value as Timestamp).toISOString();
  if (schema.typeName === structType) return value as PublicJson;
  if (schema.typeName === valueType) return toJson(ValueSchema, value as Value) as PublicValue;
  return messageToJson(schema, value as MessageShape<DescMessage>);
}

function scalarJson(value: unknown): PublicValue {
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value as PublicValue;
}
