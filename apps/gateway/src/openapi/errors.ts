// The error shape of DESIGN.md §8 in the OpenAPI document, and the hook that turns a request that
// fails its schema into `invalid_request` naming each field.
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ZodError } from 'zod';
import { AppError } from '@querylane/errors';

export const errorSchema = z
  .object({
    error: z.string().openapi({ example: 'invalid_request' }),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    request_id: z.string(),
  })
  .openapi('Error');

const errorContent = { 'application/json': { schema: errorSchema } };

/** The error answers every management route can give. */
export const errorResponses = {
  400: { description: 'invalid_request: the request does not match its schema', content: errorContent },
  401: { description: 'authentication_failed', content: errorContent },
  403: { description: 'permission_denied', content: errorContent },
  404: { description: 'not_found (also for a resource of another organization)', content: errorContent },
  409: { description: 'conflict', content: errorContent },
  413: { description: 'payload_too_large', content: errorContent },
} as const;

/** defaultHook of the routes: the first failing part of the request, with every field it names. */
export function validationHook(result: { success: boolean; error?: unknown; target?: string }, _c: Context): void {
  if (result.success) return;
  const issues = (result.error as ZodError).issues.map((issue) => ({
    field: issue.path.join('.') || result.target || 'body',
    message: issue.message,
  }));
  const where = result.target === 'json' ? 'body' : result.target === 'param' ? 'path' : (result.target ?? 'request');
  throw new AppError('invalid_request', `invalid ${where}: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, { issues });
}
