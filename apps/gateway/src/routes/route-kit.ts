// What every management route needs: the caller named to the catalog, records as public JSON,
// and the shared pieces of the OpenAPI route definitions.
import type { DescMessage, MessageShape } from '@bufbuild/protobuf';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { AppError } from '@querylane/errors';
import { messageToJson, type PublicJson } from '@querylane/records';
import { asUser, type CallOptions } from '@querylane/grpc';
import type { GatewayEnv } from '../gateway-env.js';
import { errorResponses } from '../openapi/errors.js';
import { recordSchema } from '../openapi/record-schema.js';

/** Call options that carry the request id and name the authenticated caller to the service. */
export function as(c: Context<GatewayEnv>): CallOptions {
  return asUser(c.get('principal').userId, c.get('requestId'));
}

/** The record from a response message, or a clear error when a service answered without it. */
export function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new AppError('internal_error', `the service answered without the ${what}`);
  return value;
}

export function record<D extends DescMessage>(schema: D, message: MessageShape<D> | undefined): PublicJson {
  return messageToJson(schema, present(message, schema.name), { relations: false });
}

export function records<D extends DescMessage>(schema: D, messages: MessageShape<D>[]): PublicJson[] {
  return messages.map((message) => messageToJson(schema, message, { relations: false }));
}

export function jsonResponse(schema: z.ZodType, description: string) {
  return { description, content: { 'application/json': { schema } } };
}

/** 200 with the record, plus the error answers. */
export function recordResponses(message: DescMessage, description: string) {
  return { 200: jsonResponse(recordSchema(message), description), ...errorResponses };
}

export function listResponses(message: DescMessage, description: string) {
  return {
    200: jsonResponse(z.object({ data: z.array(recordSchema(message)), next_cursor: z.string().nullable().optional() }), description),
    ...errorResponses,
  };
}

export const idParam = (name: string) => z.object({ [name]: z.string().min(1).max(64).openapi({ param: { name, in: 'path' }, format: 'uuid' }) });

export const security: Record<string, string[]>[] = [{ bearerToken: [] }, { sessionCookie: [] }];

/** Free-form JSON objects (config, metadata) are bounded in depth like every other input. */
export function boundedObject(maxDepth = 16) {
  return z.record(z.string(), z.unknown()).refine((value) => depth(value) <= maxDepth, { message: `nested deeper than ${maxDepth} levels` });
}

export function depth(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + children.reduce<number>((deepest, child) => Math.max(deepest, depth(child)), 0);
}

/** A required JSON body with its schema. */
export function body<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { 'application/json': { schema } } } };
}
