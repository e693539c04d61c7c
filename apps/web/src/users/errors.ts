/**
 * The error texts of spec 03 §8 for the room: the words of the membership lists' and the site-owner hand-over's keys
 * (the §8 "Other administration errors" rule for loads is `api/requestErrors.ts` `loadErrorText`). The user and group forms' texts live with their machines (`userSave`, `groupSave`), the
 * membership lists' keys with theirs (`memberEditList`). The spec does not give
 * the texts verbatim.
 */
import {
  type BatchSkipped,
  CIRCULAR_GROUP_MEMBERS,
  CIRCULAR_GROUP_MEMBERS_TEXT,
  CIRCULAR_MEMBER_OF,
  CIRCULAR_MEMBER_OF_TEXT,
  DEFAULT_ERROR_MESSAGE,
  groupSaveErrorMessage,
  LOGOUT_ERROR,
  OUT_OF_LICENSES_MESSAGE,
  SITE_OWNER_FORBIDDEN,
  SITE_OWNER_INVALID_CONFIGURATION,
  USER_FORBIDDEN_MESSAGE,
} from '@magpie/machines';
import { toRequestError } from '../api/requestErrors.ts';

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

/** spec 03 §8 site-owner change, 400 "invalid configuration": the chosen user may not own the site (any more). */
export const SITE_OWNER_INVALID_TEXT = 'This user cannot become the site owner: only an enabled person whose account has not expired can. Nothing changed.';
/** spec 03 §8 site-owner change, 403 "forbidden". */
export const SITE_OWNER_FORBIDDEN_TEXT = 'Only the site owner may hand the role over. Nothing changed.';
/** spec 01 §8 'logout error' after a hand-over: the role moved, the session did not end. */
export const HANDOVER_LOGOUT_FAILED_TEXT = 'The role has moved, but logging out failed: you are still logged in. Try again, or close and log out from the user menu.';

/** The words of the `siteOwnerHandover` machine's messages (it speaks the catalogue's keys, spec 03 §8, spec 01 §8). */
export function siteOwnerErrorText(message: string): string {
  if (message === SITE_OWNER_INVALID_CONFIGURATION) return SITE_OWNER_INVALID_TEXT;
  if (message === SITE_OWNER_FORBIDDEN) return SITE_OWNER_FORBIDDEN_TEXT;
  if (message === LOGOUT_ERROR) return HANDOVER_LOGOUT_FAILED_TEXT;
  return message;
}

/** The message of a failed group POST/PATCH/DELETE (spec 03 §8): the `groupSave` machine's text for the client's error. */
export function groupSaveErrorText(error: unknown): string {
  return groupSaveErrorMessage(toRequestError(error));
}

/** A batch left a user alone because they no longer exist (`skipped.value` `NotFound`). */
export const SKIPPED_NOT_FOUND_TEXT = 'This user no longer exists.';
/** A batch left a user alone because the href named no user (`skipped.value` `InvalidRequest`). */
export const SKIPPED_INVALID_TEXT = 'This is not a user the batch can change.';

/**
 * Why a batch left a user alone (spec 03 §8, dam.yaml `SkippedUser`), by its `value`, never the server's raw text:
 * `out_of_licenses` → the user form's {@link OUT_OF_LICENSES_MESSAGE}; `NotFound`, `InvalidRequest` → this room's
 * texts; `Forbidden`, `SiteOwnerProtected` → the DAM's rule, which is written to be read ("The site owner cannot be
 * deleted…"), or {@link USER_FORBIDDEN_MESSAGE} without one; any other value → its message without a leading
 * `<value>:` symbol, or the general error.
 */
export function batchSkippedText(skipped: Pick<BatchSkipped, 'value' | 'message'>): string {
  const message = skipped.message.trim();
  switch (skipped.value) {
    case 'out_of_licenses':
      return OUT_OF_LICENSES_MESSAGE;
    case 'NotFound':
      return SKIPPED_NOT_FOUND_TEXT;
    case 'InvalidRequest':
      return SKIPPED_INVALID_TEXT;
    case 'Forbidden':
    case 'SiteOwnerProtected':
      return message || USER_FORBIDDEN_MESSAGE;
    default: {
      const prefix = `${skipped.value}:`;
      const text = message.startsWith(prefix) ? message.slice(prefix.length).trim() : message;
      return text || DEFAULT_ERROR_MESSAGE;
    }
  }
}
