// What a deployed program looks like as an HTTP endpoint: its request described as JSON Schema from
// the program's slots, its 200 answer from the program's result columns (DuckDB types mapped to the
// JSON the query endpoints write), and the error answers of DESIGN.md §8. Pure functions: the
// deploy use case stores the result as the ApiEndpoint, the OpenAPI document is assembled from it.

export type JsonSchema = Record<string, unknown>;

/** A slot as query-runtime stores it (DESIGN.md §5). */
export interface Slot {
  name: string;
  type: string;
  required?: boolean;
  default?: unknown;
  description?: string;
  enum_values?: unknown[];
  minimum?: unknown;
  maximum?: unknown;
}

export interface ResultColumn {
  name: string;
  /** DuckDB's SQL type: `BIGINT`, `VARCHAR`, `DECIMAL(18,3)`, `INTEGER[]`, `STRUCT(a INTEGER)`. */
  type: string;
}

export interface ProgramShape {
  id: string;
  name: string;
  version: number;
  query: string;
  description?: string;
  slots: Slot[];
}

export interface EndpointSpec {
  path: string;
  endpointName: string;
  httpMethod: 'POST';
  operationId: string;
  summary: string;
  description: string | null;
  tags: string[];
  parameters: JsonSchema[];
  slotMapping: JsonSchema;
  componentSchemas: JsonSchema;
  requestBody: JsonSchema;
  responses: JsonSchema;
  security: JsonSchema[];
}

export const queriesBasePath = '/v1/queries';
export const queriesTag = 'queries';

/** The query endpoints accept the key in either header; both schemes are named in every document. */
export const securitySchemes = {
  apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'An API key of the project (ql_<env>_…)' },
  bearerApiKey: { type: 'http', scheme: 'bearer', description: 'The same API key as `Authorization: Bearer <key>`' },
} as const;

/** Either scheme is enough (OpenAPI: alternatives are separate entries). */
export const endpointSecurity: JsonSchema[] = [{ apiKey: [] }, { bearerApiKey: [] }];

export function endpointPath(name: string): string {
  return `${queriesBasePath}/${name}`;
}

/** `avg_horsepower_by_origin` → `avgHorsepowerByOrigin` (program names are unique per project, so these are too). */
export function operationIdOf(name: string): string {
  const [first = '', ...rest] = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return first.toLowerCase() + rest.map((part) => part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()).join('');
}

function pascal(name: string): string {
  const camel = operationIdOf(name);
  return camel.charAt(0).toUpperCase() + camel.slice(1);
}

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** One slot as the JSON Schema of its body member. */
export function slotSchema(slot: Slot): JsonSchema {
  const schema: JsonSchema = {};
  switch (slot.type) {
    case 'integer':
      schema.type = 'integer';
      break;
    case 'number':
      schema.type = 'number';
      break;
    case 'boolean':
      schema.type = 'boolean';
      break;
    case 'date':
      schema.type = 'string';
      schema.format = 'date';
      break;
    case 'enum': {
      const values = slot.enum_values ?? [];
      schema.type = values.length > 0 && values.every(finite) ? (values.every(Number.isInteger) ? 'integer' : 'number') : 'string';
      schema.enum = values;
      break;
    }
    default:
      schema.type = 'string';
  }
  // JSON Schema bounds apply to numbers only; a date slot's bounds are said in words instead.
  const numeric = schema.type === 'integer' || schema.type === 'number';
  if (numeric && finite(slot.minimum)) schema.minimum = slot.minimum;
  if (numeric && finite(slot.maximum)) schema.maximum = slot.maximum;
  const bounds = !numeric && (slot.minimum != null || slot.maximum != null) ? ` (from ${String(slot.minimum ?? '…')} to ${String(slot.maximum ?? '…')})` : '';
  if (slot.description || bounds) schema.description = `${slot.description ?? ''}${bounds}`.trim();
  if (slot.default !== undefined && slot.default !== null) schema.default = slot.default;
  return schema;
}

const float = { anyOf: [{ type: 'number' }, { type: 'string', enum: ['NaN', 'Infinity', '-Infinity'] }] };
const bigInteger = {
  anyOf: [{ type: 'integer' }, { type: 'string', pattern: '^-?[0-9]+$' }],
  description: 'An integer; values beyond ±2^53 come as their decimal text, where JSON numbers lose precision',
};

/**
 * The JSON a DuckDB column's values take in a query endpoint's answer (the JSON-safe rules of
 * query-runtime: big integers as text, NaN/±Infinity as strings, ISO 8601 UTC timestamps, base64
 * bytes). A type not listed allows any JSON value rather than promising a wrong one.
 */
export function columnSchema(duckDbType: string): JsonSchema {
  const type = duckDbType.trim().toUpperCase();
  const list = /^(.*)\[\d*\]$/.exec(type)?.[1];
  if (list) return { type: 'array', items: nullable(columnSchema(list)) };
  if (type.startsWith('STRUCT(') || type.startsWith('MAP(')) return { type: 'object' };
  if (type.startsWith('DECIMAL') || type.startsWith('NUMERIC')) return { type: 'number' };
  if (type.startsWith('ENUM(')) return { type: 'string' };
  if (type.startsWith('TIMESTAMP')) return { type: 'string', format: 'date-time' };
  if (type.startsWith('VARCHAR') || type.startsWith('CHAR') || type === 'TEXT' || type === 'STRING') return { type: 'string' };
  switch (type) {
    case 'BOOLEAN':
    case 'BOOL':
      return { type: 'boolean' };
    case 'TINYINT':
    case 'SMALLINT':
    case 'INTEGER':
    case 'INT':
    case 'UTINYINT':
    case 'USMALLINT':
    case 'UINTEGER':
      return { type: 'integer' };
    case 'BIGINT':
    case 'UBIGINT':
    case 'HUGEINT':
    case 'UHUGEINT':
      return { ...bigInteger };
    case 'FLOAT':
    case 'REAL':
    case 'DOUBLE':
      return { ...float };
    case 'DATE':
      return { type: 'string', format: 'date' };
    case 'TIME':
    case 'TIME WITH TIME ZONE':
      return { type: 'string', format: 'time' };
    case 'UUID':
      return { type: 'string', format: 'uuid' };
    case 'BLOB':
      return { type: 'string', contentEncoding: 'base64' };
    case 'INTERVAL':
      return { type: 'string' };
    default:
      return {};
  }
}

/** Any column may hold NULL. */
function nullable(schema: JsonSchema): JsonSchema {
  if (Object.keys(schema).length === 0) return schema;
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...(schema.anyOf as unknown[]), { type: 'null' }] };
  return schema;
}

/** The shape of one result row; without known columns, any object. */
export function rowSchema(columns: ResultColumn[] | undefined): JsonSchema {
  if (!columns?.length) return { type: 'object', additionalProperties: true, description: 'A result row (its columns were not known when the program was deployed)' };
  return {
    type: 'object',
    properties: Object.fromEntries(columns.map((column) => [column.name, { ...nullable(columnSchema(column.type)), 'x-duckdb-type': column.type }])),
    required: columns.map((column) => column.name),
  };
}

/** The error shape of DESIGN.md §8, with `retry_after` on 429. */
export const queryErrorSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'message', 'request_id'],
  properties: {
    error: { type: 'string', examples: ['invalid_query'] },
    message: { type: 'string' },
    details: { type: 'object', additionalProperties: true },
    request_id: { type: 'string' },
    retry_after: { type: 'integer', description: 'Seconds to wait (429 only)' },
  },
};

const errorRef = { $ref: '#/components/schemas/QueryError' };
const errorAnswer = (description: string, headers?: JsonSchema) => ({ description, content: { 'application/json': { schema: errorRef } }, ...(headers ? { headers } : {}) });
const rateLimitHeaders = {
  'RateLimit-Policy': { description: 'The key\'s limit (draft-ietf-httpapi-ratelimit-headers)', schema: { type: 'string' } },
  RateLimit: { description: 'What is left of the limit now', schema: { type: 'string' } },
};

/**
 * A sample slot value for a required slot without a default, so that the program can run once to
 * learn its result columns: an enum's first value, a bound, or a neutral value of the type.
 */
export function sampleSlotValues(slots: Slot[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const slot of slots) {
    if (!slot.required || (slot.default !== undefined && slot.default !== null)) continue;
    if (slot.enum_values?.length) values[slot.name] = slot.enum_values[0];
    else if (slot.minimum != null) values[slot.name] = slot.minimum;
    else if (slot.maximum != null) values[slot.name] = slot.maximum;
    else if (slot.type === 'integer' || slot.type === 'number') values[slot.name] = 0;
    else if (slot.type === 'boolean') values[slot.name] = false;
    else if (slot.type === 'date') values[slot.name] = new Date().toISOString().slice(0, 10);
    else values[slot.name] = '';
  }
  return values;
}

/** The endpoint of a program: request from its slots, 200 from its columns, errors of §8. */
export function endpointSpec(program: ProgramShape, columns: ResultColumn[] | undefined): EndpointSpec {
  const type = pascal(program.name);
  const required = program.slots.filter((slot) => slot.required).map((slot) => slot.name);
  const request: JsonSchema = {
    type: 'object',
    properties: Object.fromEntries(program.slots.map((slot) => [slot.name, slotSchema(slot)])),
    additionalProperties: false,
    ...(required.length ? { required } : {}),
  };
  const response: JsonSchema = {
    type: 'object',
    required: ['data', 'execution_time_ms'],
    properties: {
      data: { type: 'array', items: { $ref: `#/components/schemas/${type}Row` } },
      execution_time_ms: { type: 'number' },
    },
  };
  return {
    path: endpointPath(program.name),
    endpointName: program.name,
    httpMethod: 'POST',
    operationId: operationIdOf(program.name),
    summary: program.query,
    description: program.description ?? null,
    tags: [queriesTag],
    // Slots travel as body members; each is listed with its schema for forms and documentation.
    parameters: program.slots.map((slot) => ({ name: slot.name, in: 'body', required: slot.required === true, schema: slotSchema(slot), ...(slot.description ? { description: slot.description } : {}) })),
    slotMapping: Object.fromEntries(program.slots.map((slot) => [slot.name, { in: 'body', member: slot.name, type: slot.type }])),
    componentSchemas: { [`${type}Request`]: request, [`${type}Row`]: rowSchema(columns), [`${type}Response`]: response, QueryError: queryErrorSchema },
    requestBody: {
      required: required.length > 0,
      description: 'One member per slot; slots left out take their default',
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${type}Request` } } },
    },
    responses: {
      '200': { description: 'The rows', headers: rateLimitHeaders, content: { 'application/json': { schema: { $ref: `#/components/schemas/${type}Response` } } } },
      '400': errorAnswer('invalid_query: an unknown slot, a missing required slot, a wrong type or a value out of range (named in the message)'),
      '401': errorAnswer('authentication_failed: no API key, or an unknown or revoked one'),
      '403': errorAnswer('permission_denied: the key is not scoped to this project or environment'),
      '404': errorAnswer('query_not_found: no query of this name is deployed in the environment'),
      '429': errorAnswer('rate_limit_exceeded or quota_exceeded; `retry_after` says when to try again', {
        'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
        ...rateLimitHeaders,
      }),
    },
    security: endpointSecurity,
  };
}
