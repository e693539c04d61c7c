/**
 * Failed calls as the screens and machines read them: the `{status, responseJSON}` shape the machines take (the
 * FotoWeb client's), and the spec 03 §8 "Other administration errors" text for a failed load.
 */
import type { UserSaveRequestError } from '@magpie/machines';
import { DEFAULT_ERROR_MESSAGE } from '@magpie/machines';
import { ApiError } from '@magpie/api-types/client';
import { isAbort } from './client.ts';

/**
 * A failed call as the machines read it (`{status, responseJSON}`, the FotoWeb client's shape): an {@link ApiError}
 * gives its status and error body; anything else (a network failure) passes as is, which the machines show as the
 * general error.
 */
export function toRequestError(error: unknown): unknown {
  if (error instanceof ApiError) return { status: error.status, responseJSON: error.body ?? null } satisfies UserSaveRequestError;
  return error;
}

/** Runs `call`, rejecting with {@link toRequestError}'s shape. */
export async function machineCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw isAbort(error) ? error : toRequestError(error);
  }
}

/**
 * A failed load or member edit (spec 03 §8 "Other administration errors"): the server's heading when present and the
 * status is not 500, otherwise the general error.
 */
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 500 && error.body?.heading) return error.body.heading;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * A refused delete (issue 16): for a 409 the DAM's own message, which says what is in the way (the archives that use
 * a processing profile or a watermark); anything else as {@link loadErrorText}.
 */
export function refusedDeleteText(error: unknown): string {
  if (error instanceof ApiError && error.status === 409 && error.body?.message) return error.body.message;
  return loadErrorText(error);
}
