/**
 * An API error with FotoWeb's error body `{value, message, heading?}` (fotoweb-api-notes §10 errors; spec 02 §8
 * "Fetch errors in 4xx carry responseJSON with heading and value"). Thrown anywhere in the DAM and turned into the
 * response by the server's error handler, so a route never answers 500 for bad input.
 */
export class ApiError extends Error {
  constructor(
    /** HTTP status, 4xx for the caller's mistakes. */
    readonly status: number,
    /** A stable symbol clients can switch on, e.g. `NotFound`, `InvalidChunk`. */
    readonly value: string,
    message: string,
    /** Optional short heading for UI tooltips. */
    readonly heading?: string,
    /** Optional field-level issues (validation); `value` names an issue's own error symbol where a call has several. */
    readonly issues?: Array<{ path: string; message: string; value?: string }>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 400 InvalidRequest. */
export const badRequest = (message: string, issues?: Array<{ path: string; message: string }>) => new ApiError(400, 'InvalidRequest', message, 'Invalid request', issues);
/** 401 Unauthorized. */
export const unauthorized = (message = 'Authentication is required.') => new ApiError(401, 'Unauthorized', message, 'Access denied');
/** 403 Forbidden. */
export const forbidden = (message = 'You do not have permission to do this.') => new ApiError(403, 'Forbidden', message, 'Access denied');
/** 404 NotFound. */
export const notFound = (what = 'The resource') => new ApiError(404, 'NotFound', `${what} was not found.`, 'Not found');

/** 429 TooManyRequests: a limit was reached; the answer carries `Retry-After` (http/errors.ts). */
export class TooManyRequestsError extends ApiError {
  constructor(
    message: string,
    /** Seconds until the caller may try again (at least 1). */
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'TooManyRequests', message, 'Too many requests');
  }
}
