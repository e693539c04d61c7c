import type { ErrorBody, ErrorValue } from '@magpie/api-types';
import { ERROR_VALUES } from '@magpie/api-types';

/** An error body without the `requestId`, which the error handler adds (dam.yaml `ErrorBody`). */
export type ErrorBodyWithoutId = Omit<ErrorBody, 'requestId'>;

/**
 * An HTTP error answered with a FotoWeb-style {@link ErrorBody} (spec 01 §8: clients read `value` and `heading`).
 * Hooks and handlers throw it; the `errors` plugin sends it with the request id added.
 */
export class HttpError extends Error {
  constructor(
    /** The HTTP status code. */
    readonly status: number,
    /** The body, without `requestId`. */
    readonly body: ErrorBodyWithoutId,
    /** Extra response headers (e.g. `Retry-After`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
    this.name = 'HttpError';
  }
}

/** Builds an {@link HttpError} for a known `value`, with the status {@link ERROR_VALUES} gives it. */
export function httpError(value: ErrorValue, message: string, heading?: string, headers?: Record<string, string>): HttpError {
  return new HttpError(ERROR_VALUES[value], { value, message, ...(heading !== undefined ? { heading } : {}) }, headers);
}

/** 401 `Unauthorized` for a request that needs a session and has none (or whose session ended). */
export function unauthorized(message = 'You are not logged in, or your session has ended. Log in again.'): HttpError {
  return httpError('Unauthorized', message, 'Access denied');
}

/** 502 `BadGateway`: the DAM could not be reached or answered something unusable. */
export function badGateway(message = 'The DAM server could not be reached. Try again in a moment.'): HttpError {
  return httpError('BadGateway', message, 'Server unavailable');
}

/** 503 `ServiceUnavailable` with `Retry-After` (seconds): the DAM asked the BFF to slow down. */
export function serviceUnavailable(retryAfterSeconds: number, message = 'The DAM server is busy. Try again in a moment.'): HttpError {
  return httpError('ServiceUnavailable', message, 'Server busy', { 'retry-after': String(retryAfterSeconds) });
}
