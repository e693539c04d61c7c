/**
 * The error texts of spec 03 §8 "User and group administration, by HTTP status" for the group form, and the §8
 * "Other administration errors" rule for loads. The user form's texts live with its machine (`userSave`), the
 * membership lists' with theirs (`memberEditList`); this maps their keys to what people read. The spec does not give
 * the texts verbatim.
 */
import { CIRCULAR_GROUP_MEMBERS, CIRCULAR_MEMBER_OF, DEFAULT_ERROR_MESSAGE } from '@magpie/machines';
import { ApiError } from '@magpie/api-types/client';

/** 409 on a group's member groups (spec 03 §8 circular group-members error). */
export const CIRCULAR_GROUP_MEMBERS_TEXT = 'A group cannot contain itself, directly or through other groups. The members were not changed.';
/** 409 on a group's member-of (spec 03 §8 circular member-of error). */
export const CIRCULAR_MEMBER_OF_TEXT = 'A group cannot be a member of itself, directly or through other groups. The memberships were not changed.';
/** 409 on saving a group (spec 03 §8 group already exists). */
export const GROUP_EXISTS_TEXT = 'A group with this name already exists.';
/** 400 on saving a group (spec 03 §8 "for groups: field validation failed"). */
export const GROUP_INVALID_TEXT = 'The group could not be saved: some values are not valid.';
/** 403 on a group call (spec 03 §8 "for groups: user management forbidden"). */
export const GROUP_FORBIDDEN_TEXT = 'You are not allowed to manage users and groups.';
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

/**
 * The message of a failed group POST/PATCH/DELETE (spec 03 §8): 409 → group exists; 400 → the field messages
 * (`issues`) or field validation failed; 403 → forbidden; else the general error.
 */
export function groupSaveErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return DEFAULT_ERROR_MESSAGE;
  if (error.status === 409)
    return error.body?.value === 'CircularGroupMembers' ? CIRCULAR_GROUP_MEMBERS_TEXT : error.body?.value === 'CircularMemberOf' ? CIRCULAR_MEMBER_OF_TEXT : GROUP_EXISTS_TEXT;
  if (error.status === 400) {
    const issues = (error.body?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
    return issues.length > 0 ? issues.join(' ') : GROUP_INVALID_TEXT;
  }
  if (error.status === 403) return GROUP_FORBIDDEN_TEXT;
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * A failed load or member edit (spec 03 §8 "Other administration errors"): the server's heading when present and the
 * status is not 500, otherwise the general error.
 */
export function loadErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status !== 500 && error.body?.heading) return error.body.heading;
  return DEFAULT_ERROR_MESSAGE;
}
