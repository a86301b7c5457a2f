// The public error codes of DESIGN.md §8. Errors carry their code from where they are raised;
// transports (HTTP, gRPC) only translate the code, they never guess it from a message.

export const errorCodes = [
  'invalid_request',
  'invalid_query',
  'authentication_failed',
  'permission_denied',
  'not_found',
  'query_not_found',
  'conflict',
  'payload_too_large',
  'rate_limit_exceeded',
  'quota_exceeded',
  'upstream_error',
  'service_unavailable',
  'timeout',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const httpStatusByCode: Record<ErrorCode, number> = {
  invalid_request: 400,
  invalid_query: 400,
  authentication_failed: 401,
  permission_denied: 403,
  not_found: 404,
  query_not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limit_exceeded: 429,
  quota_exceeded: 429,
  upstream_error: 502,
  service_unavailable: 503,
  timeout: 504,
  internal_error: 500,
};

export type ErrorDetails = Record<string, unknown>;

export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  get httpStatus(): number {
    return httpStatusByCode[this.code];
  }
}

export function isErrorCode(value: string): value is ErrorCode {
  return (errorCodes as readonly string[]).includes(value);
}

/** The one JSON error shape of DESIGN.md §8. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  details?: ErrorDetails;
  request_id: string;
}

/**
 * Turns anything thrown into the public error shape. Unknown errors become `internal_error`
 * with a generic message so internals (SQL, stack traces, secrets) never reach a caller.
 */
export function toErrorBody(error: unknown, requestId: string): ErrorBody {
  const appError = error instanceof AppError ? error : undefined;
  const body: ErrorBody = {
    error: appError?.code ?? 'internal_error',
    message: appError?.message ?? 'internal error',
    request_id: requestId,
  };
  if (appError?.details !== undefined) body.details = appError.details;
  return body;
}
