// The HTTP connection request of API.md seed endpoints 1 and 4 (camelCase kept), validated with zod
// and shared with the gateway; `parseTargetRequest` turns a failure into `invalid_request`.
import { z } from 'zod';
import { AppError } from '@querylane/errors';

export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'] as const;
export const authTypes = ['None', 'API Key', 'Bearer Token', 'Basic Auth'] as const;
export const parameterLocations = ['query', 'path', 'header', 'body'] as const;

const maxHeaders = 100;
const maxParameters = 200;
const maxGroups = 100;
const maxBodyDepth = 32;

/** RFC 9110 token: what node accepts as a header name. */
export const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** No CR, LF or other control characters (header injection), no characters node cannot send. */
export const headerValuePattern = /^[\t\x20-\x7e\x80-\xff]*$/;

const headerName = z.string().max(256).regex(headerNamePattern, "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-)");
const headerValue = z.string().max(8192).regex(headerValuePattern, 'must not contain line breaks or other control characters');
const name = z.string().min(1).max(256);

export const parameterValueSchema = z.union([z.string().max(65_536), z.number(), z.boolean(), z.null()]);

export const targetParameterSchema = z.object({
  value: parameterValueSchema.optional(),
  required: z.boolean().optional(),
  /** Where the value goes; `query` when absent. */
  in: z.enum(parameterLocations).optional(),
});

const parametersSchema = z
  .record(name, targetParameterSchema)
  .refine((parameters) => Object.keys(parameters).length <= maxParameters, { message: `at most ${maxParameters} parameters are allowed` });

export const parameterGroupSchema = z.object({
  name: z.string().min(1).max(200),
  parameters: parametersSchema,
});

const maxPages = z.number().int().positive().optional();
/** Pagination values go to the query string unless a (POST) API wants them in the JSON body. */
const pageValueIn = z.enum(['query', 'body']).default('query');

export const paginationSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('page'),
    param: name.default('page'),
    start: z.number().int().min(0).default(1),
    sizeParam: name.default('per_page'),
    /** Sent as `sizeParam` when set; also the page size a short page is measured against. */
    size: z.number().int().positive().optional(),
    maxPages,
    in: pageValueIn,
  }),
  z.object({
    type: z.literal('offset'),
    offsetParam: name.default('offset'),
    limitParam: name.default('limit'),
    limit: z.number().int().positive().default(100),
    start: z.number().int().min(0).default(0),
    maxPages,
    in: pageValueIn,
  }),
  z.object({
    type: z.literal('cursor'),
    cursorParam: name.default('cursor'),
    /** Where the next cursor is in each response, e.g. `meta.next`. */
    cursorPath: z.string().min(1).max(1024),
    maxPages,
    in: pageValueIn,
  }),
  z.object({ type: z.literal('link'), maxPages }),
]);

const apiKeyAuthSchema = z
  .object({
    key: z.string().min(1).max(256),
    value: headerValue.min(1),
    in: z.enum(['header', 'query']).default('header'),
  })
  .refine((auth) => auth.in === 'query' || headerNamePattern.test(auth.key), { path: ['key'], message: 'must be an HTTP header name when the key goes in a header' });

const bearerAuthSchema = z.object({ token: headerValue.min(1) });

const basicAuthSchema = z.object({
  username: z.string().max(1024).refine((username) => !username.includes(':'), 'must not contain ":" (Basic auth joins user and password with it)'),
  password: z.string().max(1024),
});

const urlSchema = z
  .string()
  .min(1)
  .max(8192)
  .refine(isHttpUrlTemplate, 'must be an absolute http:// or https:// URL ({name} placeholders allowed)')
  .refine((url) => !hasUserinfo(url), 'must not carry credentials (user:password@); use auth instead');

const requestFields = {
  url: urlSchema,
  method: z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), z.enum(httpMethods)),
  headers: z
    .record(headerName, headerValue)
    .refine((headers) => Object.keys(headers).length <= maxHeaders, { message: `at most ${maxHeaders} headers are allowed` })
    .nullish(),
  parameters: parametersSchema.nullish(),
  parameterGroups: z.array(parameterGroupSchema).max(maxGroups).nullish(),
  body: z.unknown().refine((body) => depth(body) <= maxBodyDepth, { message: `nested deeper than ${maxBodyDepth} levels` }).optional(),
  responsePathExtractor: z.string().max(1024).nullish(),
  pagination: paginationSchema.nullish(),
};

export const targetRequestSchema = z.discriminatedUnion('authType', [
  z.object({ ...requestFields, authType: z.literal('None'), auth: z.record(z.string(), z.unknown()).nullish() }),
  z.object({ ...requestFields, authType: z.literal('API Key'), auth: apiKeyAuthSchema }),
  z.object({ ...requestFields, authType: z.literal('Bearer Token'), auth: bearerAuthSchema }),
  z.object({ ...requestFields, authType: z.literal('Basic Auth'), auth: basicAuthSchema }),
]);

// Without a valid authType the union stops at it; the other fields are then checked on their own,
// so that a request is told every bad field at once (`{}`: authType, url and method).
const commonFieldsSchema = z.object(requestFields);

export type TargetRequest = z.output<typeof targetRequestSchema>;
export type TargetRequestInput = z.input<typeof targetRequestSchema>;
export type TargetParameter = z.output<typeof targetParameterSchema>;
export type ParameterValue = z.output<typeof parameterValueSchema>;
export type ParameterGroup = z.output<typeof parameterGroupSchema>;
export type Pagination = z.output<typeof paginationSchema>;
export type HttpMethod = (typeof httpMethods)[number];
export type AuthType = (typeof authTypes)[number];

export interface RequestIssue {
  field: string;
  message: string;
}

/** The request, validated; otherwise `invalid_request` naming every bad field (details.field is the first). */
export function parseTargetRequest(value: unknown): TargetRequest {
  const parsed = targetRequestSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  let found = parsed.error.issues;
  if (found.some((issue) => issue.path[0] === 'authType')) {
    const common = commonFieldsSchema.safeParse(value);
    if (!common.success) found = [...found, ...common.error.issues];
  }
  const issues: RequestIssue[] = found.map((issue) => ({ field: issue.path.map(String).join('.') || 'request', message: issue.message }));
  throw new AppError('invalid_request', `invalid request: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ')}`, {
    field: issues[0]?.field ?? 'request',
    issues,
  });
}

function isHttpUrlTemplate(value: string): boolean {
  try {
    // Placeholders may sit in the host (`https://{region}.api.example.com`), so they are filled in first.
    const url = new URL(value.replace(/\{[^{}/?#]*\}/g, 'x'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

function hasUserinfo(value: string): boolean {
  try {
    const url = new URL(value.replace(/\{[^{}/?#]*\}/g, 'x'));
    return url.username !== '' || url.password !== '';
  } catch {
    return false;
  }
}

function depth(value: unknown, level = 0): number {
  if (level > maxBodyDepth || value === null || typeof value !== 'object') return level;
  const children = Array.isArray(value) ? value : Object.values(value);
  return children.reduce<number>((deepest, child) => Math.max(deepest, depth(child, level + 1)), level + 1);
}
