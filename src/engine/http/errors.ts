// The one map from the engine's error codes (errors.ts) to the spec's statuses, and the REST error a client gets:
// domain code throws a DomainError, the app (app.ts) answers it with `{"error": message, "code"?}` at its status.

import { ApiError } from '../../api/errors.js';
import { DomainError, type DomainErrorCode, type DomainErrorOptions } from '../errors.js';

/** The status of each code: the one place the engine's errors meet HTTP. */
export const STATUS_OF_CODE: Readonly<Record<DomainErrorCode, number>> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported_media: 415,
  failed: 500,
  unavailable: 503,
};

/** A DomainError as the ApiError a client sees (same message, its code's status, the body's `code` when it has one). */
export function toApiError(error: DomainError): ApiError {
  return new ApiError({
    status: STATUS_OF_CODE[error.code],
    message: error.message,
    ...(error.clientCode !== undefined && { code: error.clientCode }),
    ...(error.cause !== undefined && { cause: error.cause }),
  });
}

/** The ApiError an error is for a client: a DomainError mapped, an ApiError as it is, anything else undefined. */
export function asApiError(error: unknown): ApiError | undefined {
  if (error instanceof DomainError) return toApiError(error);
  return error instanceof ApiError ? error : undefined;
}

/** An ApiError of `code` (for the engine's public methods outside HTTP, which reject with ApiError). */
export function apiError(code: DomainErrorCode, message: string, options?: DomainErrorOptions): ApiError {
  return toApiError(new DomainError(code, message, options));
}
