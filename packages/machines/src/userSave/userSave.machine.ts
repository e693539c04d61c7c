/**
 * Saving the user form (spec 03 §2.7, §4 "Saving a user: if nothing changed, no update call is made; group changes
 * are then applied, or the form just closes; group add or remove changes are sent after the user save", §5 "User
 * save": messages collected and shown together, trimmed, only changed fields sent; §7 POST user list href / PATCH
 * user href / PATCH memberOfHref; §8 user errors by status).
 *
 * editing → validating → saving → savingMemberships → saved, or back to editing with the problems, or to error with
 * the §8 message ({@link createFormSaveMachine}). The membership changes themselves are gathered by a
 * `memberEditList` machine; this machine only says when to send them (after the user save, to the user's
 * `memberOfHref`).
 */
import type { UserCreate, UserUpdate } from '@magpie/api-types';
import {
  createFormSaveMachine,
  type FormSaveCallInput,
  type FormSaveContext,
  type FormSaveEvent,
  type FormSaveInput,
  type FormSaveMembershipsInput,
  type FormSaveOutput,
} from '../formSave/createFormSaveMachine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { userCreateBody, userFormProblems, userPatch, type UserFormProblem, type UserFormValues } from './userForm.ts';

/** 409 on a user save whose message names `out_of_licenses` (spec 03 §8). Text not given verbatim. */
export const OUT_OF_LICENSES_MESSAGE = 'There is no license left at this license level. Choose another level or free a license first.';
/** 409 on a user save otherwise (spec 03 §8 "user exists"). */
export const USER_EXISTS_MESSAGE = 'A user with this username already exists.';
/** 400 on a user save (spec 03 §8 "invalid configuration"), when the server gave no message of its own. */
export const USER_INVALID_MESSAGE = 'The user could not be saved: some values are not valid.';
/** 403 on a user save (spec 03 §8 "forbidden"). */
export const USER_FORBIDDEN_MESSAGE = 'You are not allowed to change this user.';

/** What an injected actor rejects with for an HTTP failure: the status and the error body (dam.yaml `ErrorBody`). */
export interface UserSaveRequestError {
  readonly status?: number;
  readonly responseJSON?: {
    readonly value?: string;
    readonly message?: string;
    readonly heading?: string;
    readonly issues?: readonly { readonly message?: string }[];
  } | null;
}

/**
 * The message for a failed user save (spec 03 §8 by status): 409 → {@link OUT_OF_LICENSES_MESSAGE} when the body's
 * value or message contains `out_of_licenses`, else {@link USER_EXISTS_MESSAGE}; 400 → the field messages of
 * `issues`, else the server's message (e.g. `WeakPassword`'s rule), else {@link USER_INVALID_MESSAGE}; 403 →
 * {@link USER_FORBIDDEN_MESSAGE} (the site owner's protection names itself); anything else the general error.
 */
export function userSaveErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  const body = responseJSON ?? undefined;
  if (status === 409) return body?.value === 'out_of_licenses' || (body?.message ?? '').includes('out_of_licenses') ? OUT_OF_LICENSES_MESSAGE : USER_EXISTS_MESSAGE;
  if (status === 400) {
    const issues = (body?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
    if (issues.length > 0) return issues.join(' ');
    return body?.message && body.message.trim() !== '' ? body.message : USER_INVALID_MESSAGE;
  }
  if (status === 403) return body?.value === 'SiteOwnerProtected' && body.message ? body.message : USER_FORBIDDEN_MESSAGE;
  return DEFAULT_ERROR_MESSAGE;
}

/** What the injected `save` actor resolves with: the saved user's `href` and `memberOfHref` (dam.yaml `User`). */
export interface SaveUserOutput {
  readonly href: string;
  readonly memberOfHref: string;
}

/** Input of the injected `save` actor: create at `listHref`, or patch `href` with only the changed fields. */
export type SaveUserInput = FormSaveCallInput<UserCreate, UserUpdate>;

/** Input of the injected `saveMemberships` actor: the saved user's links (its `memberOfHref` is known only once created). */
export type SaveMembershipsInput = FormSaveMembershipsInput<SaveUserOutput>;

/**
 * Input of {@link userSaveMachine}: add (`listHref`, the descriptor's `userManagement.userList`) or edit (`saved`,
 * the user's `href` and `memberOfHref`, and the form's starting `original` values).
 */
export type UserSaveInput = FormSaveInput<UserFormValues, SaveUserOutput>;

/** Context of {@link userSaveMachine} ({@link FormSaveContext}). */
export type UserSaveContext = FormSaveContext<UserFormValues, UserFormProblem, SaveUserOutput>;

/** `SAVE {values, membershipsChanged}`: the form's values and whether its membership list has pending changes. */
export type UserSaveEvent = FormSaveEvent<UserFormValues>;

/** Output once `saved`: the user's links. */
export type UserSaveOutput = FormSaveOutput<SaveUserOutput>;

/**
 * The user save machine (spec 03 §4, §5, §7, §8): {@link createFormSaveMachine} with the user form's rules
 * (`userFormProblems`, `userCreateBody`, `userPatch`, {@link userSaveErrorMessage}).
 *
 * Actors to provide with `.provide({actors: {save, saveMemberships}})`: {@link SaveUserInput} →
 * {@link SaveUserOutput}, and {@link SaveMembershipsInput} → anything; both reject with
 * {@link UserSaveRequestError}, or with an `Error` whose message is already the text to show.
 */
export const userSaveMachine = createFormSaveMachine<UserFormValues, UserFormProblem, UserCreate, UserUpdate, SaveUserOutput>({
  id: 'userSave',
  problems: userFormProblems,
  createBody: userCreateBody,
  patch: userPatch,
  errorMessage: userSaveErrorMessage,
});
