// Response schemas come from the same message descriptors as the JSON (libs/records), so the
// OpenAPI document cannot drift from what the gateway sends.
import { ScalarType, type DescField, type DescMessage } from '@bufbuild/protobuf';
import { z } from '@hono/zod-openapi';

const cache = new Map<string, z.ZodType>();

function scalar(field: DescField & { scalar: ScalarType }): z.ZodType {
  switch (field.scalar) {
    case ScalarType.BOOL:
      return z.boolean();
    case ScalarType.STRING:
      return z.string();
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return z.number();
    case ScalarType.BYTES:
      return z.string().openapi({ format: 'byte' });
    default:
      return z.number().int();
  }
}

function fieldSchema(field: DescField, withRelations: boolean): z.ZodType | undefined {
  switch (field.fieldKind) {
    case 'scalar': {
      const schema = scalar(field);
      return field.presence === 1 /* EXPLICIT */ ? schema.nullable() : schema;
    }
    case 'enum':
      return z.number().int();
    case 'message':
      if (field.message.typeName === 'google.protobuf.Timestamp') return z.string().datetime().nullable();
      if (field.message.typeName === 'google.protobuf.Struct') return z.record(z.string(), z.unknown()).nullable();
      // Back-references are never expanded.
      return withRelations ? z.null() : undefined;
    case 'list':
      if (field.listKind === 'scalar') return z.array(scalar(field));
      if (field.listKind === 'message') {
        // Lists of JSON objects are the record's own data; any other list links to records.
        if (field.message.typeName === 'google.protobuf.Struct') return z.array(z.record(z.string(), z.unknown()));
        if (!withRelations) return undefined;
        if (field.message.typeName === 'google.protobuf.Value') return z.array(z.record(z.string(), z.unknown()));
        return z.array(recordSchema(field.message, true));
      }
      return z.array(z.number().int());
    default:
      return undefined;
  }
}

/** The JSON schema of a record; with relations for the platform read, without everywhere else. */
export function recordSchema(message: DescMessage, withRelations = false): z.ZodType {
  const name = `${withRelations ? 'Expanded' : ''}${message.name}`;
  const cached = cache.get(name);
  if (cached) return cached;
  const shape: Record<string, z.ZodType> = {};
  for (const field of message.fields) {
    const schema = fieldSchema(field, withRelations);
    if (schema) shape[field.name] = schema;
  }
  const schema = z.object(shape).openapi(name);
  cache.set(name, schema);
  return schema;
}
