// The one mapping between public error codes (DESIGN.md §8) and gRPC status codes. The public code
// itself travels in the `querylane-error-bin` trailer, so nothing is lost between services.
import { create, fromBinary, toBinary, type JsonObject } from '@bufbuild/protobuf';
import { Metadata, status as Status, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { AppError, isErrorCode, type ErrorCode, type ErrorDetails } from '@querylane/errors';
import { errorV1 } from '@querylane/proto';

export const errorTrailerKey = 'querylane-error-bin';

export const grpcStatusByCode: Record<ErrorCode, Status> = {
  invalid_request: Status.INVALID_ARGUMENT,
  invalid_query: Status.INVALID_ARGUMENT,
  authentication_failed: Status.UNAUTHENTICATED,
  permission_denied: Status.PERMISSION_DENIED,
  not_found: Status.NOT_FOUND,
  query_not_found: Status.NOT_FOUND,
  conflict: Status.ALREADY_EXISTS,
  payload_too_large: Status.RESOURCE_EXHAUSTED,
  rate_limit_exceeded: Status.RESOURCE_EXHAUSTED,
  quota_exceeded: Status.RESOURCE_EXHAUSTED,
  upstream_error: Status.UNAVAILABLE,
  service_unavailable: Status.UNAVAILABLE,
  timeout: Status.DEADLINE_EXCEEDED,
  internal_error: Status.INTERNAL,
};

/** For a status that arrives without our trailer (a proxy, grpc-js itself, another implementation). */
const codeByGrpcStatus: Partial<Record<Status, ErrorCode>> = {
  [Status.INVALID_ARGUMENT]: 'invalid_request',
  [Status.UNAUTHENTICATED]: 'authentication_failed',
  [Status.PERMISSION_DENIED]: 'permission_denied',
  [Status.NOT_FOUND]: 'not_found',
  [Status.ALREADY_EXISTS]: 'conflict',
  [Status.ABORTED]: 'conflict',
  [Status.RESOURCE_EXHAUSTED]: 'rate_limit_exceeded',
  [Status.UNAVAILABLE]: 'service_unavailable',
  [Status.UNIMPLEMENTED]: 'service_unavailable',
  [Status.CANCELLED]: 'service_unavailable',
  [Status.DEADLINE_EXCEEDED]: 'timeout',
};

/** What a handler threw, as the ErrorDetail that carries it between services. */
export function toErrorDetail(error: unknown, requestId: string): errorV1.ErrorDetail {
  const appError = error instanceof AppError ? error : new AppError('internal_error', 'internal error');
  const detail = create(errorV1.ErrorDetailSchema, {
    code: appError.code,
    message: appError.message,
    requestId,
  });
  // google.protobuf.Struct fields are plain JSON objects in protobuf-es.
  if (appError.details !== undefined) detail.details = JSON.parse(JSON.stringify(appError.details)) as JsonObject;
  return detail;
}

/** An ErrorDetail received → the AppError it carries, or undefined for a code this side does not know. */
export function fromErrorDetail(detail: errorV1.ErrorDetail, cause?: unknown): AppError | undefined {
  if (!isErrorCode(detail.code)) return undefined;
  return new AppError(detail.code, detail.message, detail.details as ErrorDetails | undefined, cause === undefined ? undefined : { cause });
}

/** Server side: what a handler threw → the status object grpc-js sends. */
export function toStatusObject(error: unknown, requestId: string): Pick<StatusObject, 'code' | 'details' | 'metadata'> {
  const detail = toErrorDetail(error, requestId);
  const metadata = new Metadata();
  metadata.set(errorTrailerKey, Buffer.from(toBinary(errorV1.ErrorDetailSchema, detail)));
  return { code: grpcStatusByCode[detail.code as ErrorCode], details: detail.message, metadata };
}

/** Client side: a failed call → an AppError with the code the server raised. */
export function fromServiceError(error: ServiceError, method: string): AppError {
  const trailer = error.metadata?.get(errorTrailerKey)[0];
  if (trailer instanceof Buffer) {
    const known = fromErrorDetail(fromBinary(errorV1.ErrorDetailSchema, trailer), error);
    if (known) return known;
  }
  const code = codeByGrpcStatus[error.code as Status] ?? 'internal_error';
  const message =
    code === 'timeout'
      ? `${method} did not answer before its deadline`
      : code === 'service_unavailable'
        ? `${method} is unavailable: ${error.details}`
        : error.details || `${method} failed`;
  return new AppError(code, message, { grpc_status: Status[error.code] ?? error.code }, { cause: error });
}
