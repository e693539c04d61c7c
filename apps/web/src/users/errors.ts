/**
 * The error texts of spec 03 §8 for the room: the §8 "Other administration errors" rule for loads, and the words of
 * the membership lists' keys. The user and group forms' texts live with their machines (`userSave`, `groupSave`), the
 * membership lists' keys with theirs (`memberEditList`). The spec does not give
 * the texts verbatim.
 */
import { CIRCULAR_GROUP_MEMBERS, CIRCULAR_GROUP_MEMBERS_TEXT, CIRCULAR_MEMBER_OF, CIRCULAR_MEMBER_OF_TEXT, DEFAULT_ERROR_MESSAGE, groupSaveErrorMessage } from '@magpie/machines';
import { toRequestError } from './usersApi.ts';
import { ApiError } from '@magpie/api-types/client';

/** spec 03 §8 "Opening the users dialog: if loading fails, a general error". */
export const LOAD_FAILED_TEXT = 'The users and groups could not be loaded. Try again later.';
/** spec 03 §8 "Column preference save failure: a general error-try-later message". */
export const PREFERENCES_SAVE_FAILED_TEXT = 'Your column choice could not be saved. Try again later.';

/** The words of a membership list's message (memberEditList speaks the catalogue's keys). */
export function memberListErrorText(message: string | undefined): string | undefined {
  if (message === CIRCULAR_GROUP_MEMBERS) return CIRCULAR_GROUP_MEMBERS_TEXT;
  if (message === CIRCULAR_MEMBER_OF) return CIRCULAR_MEMBER_OF_TEXT;
  return message;
}

/** The message of a failed group POST/PATCH/DELETE (spec 03 §8): the `groupSave` machine's text for the client's error. */
export function groupSaveErrorText(error: unknown): string {
  return groupSaveErrorMessage(toRequestError(error));
}

/**
 * A failed load or member edit (spec 03 §8 "Other administration errors"): the server's heading when present and the
 * status is not 500, otherwise the general error.
 */
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 500 && error.body?.heading) return error.body.heading;
  return DEFAULT_ERROR_MESSAGE;
}
