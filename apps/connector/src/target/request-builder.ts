// Turns a validated request (and one parameter group, and one page) into the HTTP request to send:
// parameters placed by `in`, auth kept apart as credentials, the body encoded.
import { AppError } from '@querylane/errors';
import type { PagePatch } from './pagination.js';
import { Redactor, secretName } from './secret-redaction.js';
import type { TargetLimits } from './target-limits.js';
import { headerNamePattern, headerValuePattern, type HttpMethod, type ParameterGroup, type ParameterValue, type TargetParameter, type TargetRequest } from './target-request.schema.js';

/**
 * Credentials travel beside the request, not in it: the transport adds them to each hop on the
 * request's own origin and leaves them off any other (a redirect or `Link` to another host).
 */
export interface Credentials {
  origin: string;
  /** Lower-case header names. */
  headers: Record<string, string>;
  query: { name: string; value: string } | undefined;
}

export type RequestBody = { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'text'; value: string };

/** One parameter group's request, before pagination. */
export interface PreparedCall {
  url: URL;
  method: HttpMethod;
  headers: Record<string, string>;
  body: RequestBody;
  credentials: Credentials;
  /** The group's name, stamped on its records as `_parameter_group`. */
  group: string | undefined;
}

export interface OutgoingRequest {
  url: URL;
  method: HttpMethod;
  headers: Record<string, string>;
  body: Buffer | undefined;
  credentials: Credentials;
}

// Headers the HTTP layer owns: letting a request set them would break framing or the pinned host.
const forbiddenHeaders = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'upgrade', 'te', 'trailer', 'keep-alive', 'proxy-connection', 'expect']);
const bodylessMethods = new Set<HttpMethod>(['GET', 'HEAD']);

export const defaultAccept = 'application/json, application/x-ndjson;q=0.9, text/csv;q=0.8, */*;q=0.5';
/** Always ours: the client must be able to decode what comes back (zstd is not in node 20's zlib). */
export const acceptEncoding = 'gzip, deflate, br';
export const userAgent = 'Querylane-Connector/0.1 (+https://querylane.dev)';

/** Every secret value of the request, for the redactor, and the query names that carry one. */
export function requestRedactor(request: TargetRequest): Redactor {
  const values: string[] = [];
  const queryNames: string[] = [];
  switch (request.authType) {
    case 'API Key':
      values.push(request.auth.value);
      if (request.auth.in === 'query') queryNames.push(request.auth.key);
      break;
    case 'Bearer Token':
      values.push(request.auth.token, `Bearer ${request.auth.token}`);
      break;
    case 'Basic Auth':
      values.push(basicCredentials(request.auth.username, request.auth.password), request.auth.password);
      break;
    case 'None':
      break;
  }
  for (const [name, value] of Object.entries(request.headers ?? {})) if (secretName.test(name)) values.push(value);
  const parameterSets = [request.parameters ?? {}, ...(request.parameterGroups ?? []).map((group) => group.parameters)];
  for (const parameters of parameterSets) {
    for (const [name, parameter] of Object.entries(parameters)) {
      if (!secretName.test(name)) continue;
      if (typeof parameter.value === 'string' || typeof parameter.value === 'number') values.push(String(parameter.value));
      queryNames.push(name);
    }
  }
  return new Redactor(values, queryNames);
}

/** The request for one parameter group (the group's parameters over the base ones). */
export function prepareCall(request: TargetRequest, group: { group: ParameterGroup; index: number } | undefined): PreparedCall {
  const parameters = new Map<string, { parameter: TargetParameter; field: string }>();
  for (const [name, parameter] of Object.entries(request.parameters ?? {})) parameters.set(name, { parameter, field: `parameters.${name}` });
  if (group) {
    // Field by field: a group that only gives a value keeps the base parameter's `required` and `in`.
    for (const [name, parameter] of Object.entries(group.group.parameters)) {
      const base = parameters.get(name)?.parameter ?? {};
      parameters.set(name, { parameter: { ...base, ...definedFields(parameter) }, field: `parameterGroups.${group.index}.parameters.${name}` });
    }
  }

  let urlText = request.url;
  const query: [string, string][] = [];
  const parameterHeaders: [string, string][] = [];
  const bodyFields: Record<string, ParameterValue> = {};
  for (const [name, { parameter, field }] of parameters) {
    const value = parameter.value;
    if (value === undefined || value === null || value === '') {
      if (parameter.required) throw new AppError('invalid_request', `parameter ${JSON.stringify(name)} is required but has no value`, { field });
      continue;
    }
    switch (parameter.in ?? 'query') {
      case 'query':
        query.push([name, String(value)]);
        break;
      case 'path': {
        const placeholder = `{${name}}`;
        if (!urlText.includes(placeholder)) {
          throw new AppError('invalid_request', `path parameter ${JSON.stringify(name)} has no ${placeholder} placeholder in the url`, { field });
        }
        urlText = urlText.split(placeholder).join(encodeURIComponent(String(value)));
        break;
      }
      case 'header':
        if (!headerNamePattern.test(name)) throw new AppError('invalid_request', `header parameter ${JSON.stringify(name)} is not a valid HTTP header name`, { field });
        if (!headerValuePattern.test(String(value))) {
          throw new AppError('invalid_request', `the value of header parameter ${JSON.stringify(name)} contains line breaks or control characters`, { field });
        }
        parameterHeaders.push([name.toLowerCase(), String(value)]);
        break;
      case 'body':
        if (bodylessMethods.has(request.method)) {
          throw new AppError('invalid_request', `parameter ${JSON.stringify(name)} goes in the body, but ${request.method} requests have none`, { field });
        }
        bodyFields[name] = value;
        break;
    }
  }
  const leftover = /\{([^{}/?#]*)\}/.exec(urlText);
  if (leftover) {
    throw new AppError('invalid_request', `the url has a placeholder {${leftover[1]}} but no path parameter ${JSON.stringify(leftover[1])} with a value`, {
      field: `parameters.${leftover[1]}`,
    });
  }
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    throw new AppError('invalid_request', 'the url is not a valid URL once its path parameters are filled in', { field: 'url' });
  }
  // A parameter replaces a query value of the same name already in the url rather than repeating it.
  for (const [name] of query) url.searchParams.delete(name);
  for (const [name, value] of query) url.searchParams.append(name, value);

  const headers: Record<string, string> = {};
  const credentials: Credentials = { origin: url.origin, headers: {}, query: undefined };
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    const lower = name.toLowerCase();
    if (forbiddenHeaders.has(lower)) throw new AppError('invalid_request', `header ${JSON.stringify(name)} is set by the connector and cannot be sent`, { field: `headers.${name}` });
    // A secret-looking header is a credential too: it must not follow a redirect to another host.
    if (secretName.test(lower)) credentials.headers[lower] = value;
    else headers[lower] = value;
  }
  for (const [name, value] of parameterHeaders) {
    if (forbiddenHeaders.has(name)) throw new AppError('invalid_request', `header ${JSON.stringify(name)} is set by the connector and cannot be sent`, { field: `parameters.${name}` });
    if (secretName.test(name)) credentials.headers[name] = value;
    else headers[name] = value;
  }
  applyAuth(request, credentials);
  headers.accept ??= defaultAccept;
  headers['user-agent'] ??= userAgent;
  headers['accept-encoding'] = acceptEncoding;

  return { url, method: request.method, headers, body: requestBody(request, bodyFields), credentials, group: group?.group.name };
}

/** The HTTP request of one page: the pagination values added where the pagination says. */
export function pageRequest(call: PreparedCall, patch: PagePatch | undefined, limits: TargetLimits): OutgoingRequest {
  const url = new URL(patch?.url ?? call.url);
  let body = call.body;
  if (patch && patch.url === undefined) {
    if (patch.in === 'query') {
      for (const [name, value] of Object.entries(patch.values)) url.searchParams.set(name, String(value));
    } else {
      if (bodylessMethods.has(call.method)) throw new AppError('invalid_request', `pagination.in is body, but ${call.method} requests have none`, { field: 'pagination.in' });
      const base = body.kind === 'none' ? {} : body.value;
      if (!isPlainObject(base)) throw new AppError('invalid_request', 'pagination.in is body, so the body must be a JSON object', { field: 'body' });
      body = { kind: 'json', value: { ...base, ...patch.values } };
    }
  }
  const headers = { ...call.headers };
  let encoded: Buffer | undefined;
  if (body.kind === 'json') {
    encoded = Buffer.from(JSON.stringify(body.value), 'utf8');
    headers['content-type'] ??= 'application/json';
  } else if (body.kind === 'text') {
    encoded = Buffer.from(body.value, 'utf8');
    headers['content-type'] ??= 'text/plain; charset=utf-8';
  }
  if (encoded && encoded.length > limits.maxRequestBodyBytes) {
    throw new AppError('payload_too_large', `the request body takes ${encoded.length} bytes; at most ${limits.maxRequestBodyBytes} are allowed`, { field: 'body', limit: limits.maxRequestBodyBytes });
  }
  return { url, method: call.method, headers, body: encoded, credentials: call.credentials };
}

function applyAuth(request: TargetRequest, credentials: Credentials): void {
  switch (request.authType) {
    case 'API Key':
      if (request.auth.in === 'query') credentials.query = { name: request.auth.key, value: request.auth.value };
      else credentials.headers[request.auth.key.toLowerCase()] = request.auth.value;
      break;
    case 'Bearer Token':
      credentials.headers.authorization = `Bearer ${request.auth.token}`;
      break;
    case 'Basic Auth':
      credentials.headers.authorization = basicCredentials(request.auth.username, request.auth.password);
      break;
    case 'None':
      break;
  }
}

function basicCredentials(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
}

function requestBody(request: TargetRequest, bodyFields: Record<string, ParameterValue>): RequestBody {
  const given = request.body === null ? undefined : request.body;
  const hasFields = Object.keys(bodyFields).length > 0;
  if (bodylessMethods.has(request.method)) {
    if (given !== undefined) throw new AppError('invalid_request', `${request.method} requests have no body; remove body or use another method`, { field: 'body' });
    return { kind: 'none' };
  }
  if (hasFields) {
    const base = given ?? {};
    if (!isPlainObject(base)) throw new AppError('invalid_request', 'parameters with in: body need the body to be a JSON object (or absent)', { field: 'body' });
    return { kind: 'json', value: { ...base, ...bodyFields } };
  }
  if (given === undefined) return { kind: 'none' };
  // A string is sent as it is (a form, XML, …) with the content type the headers give it.
  if (typeof given === 'string') return { kind: 'text', value: given };
  return { kind: 'json', value: given };
}

function definedFields(parameter: TargetParameter): TargetParameter {
  return Object.fromEntries(Object.entries(parameter).filter(([, value]) => value !== undefined)) as TargetParameter;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
