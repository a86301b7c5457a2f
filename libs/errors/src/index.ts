export { AppError, errorCodes, httpStatusByCode, isErrorCode, toErrorBody } from './app-error.js';
export type { ErrorBody, ErrorCode, ErrorDetails } from './app-error.js';
