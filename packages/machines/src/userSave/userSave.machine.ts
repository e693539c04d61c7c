/**
 * Saving the user form (spec 03 §2.7, §4 "Saving a user: if nothing changed, no update call is made; group changes
 * are then applied, or the form just closes; group add or remove changes are sent after the user save", §5 "User
 * save": messages collected and shown together, trimmed, only changed fields sent; §7 POST user list href / PATCH
 * user href / PATCH memberOfHref; §8 user errors by status).
 *
 * editing → validating → savingUser → savingMemberships → saved, or back to editing with the problems, or to error
 * with the §8 message. The membership changes themselves are gathered by a `memberEditList` machine; this machine
 * only says when to send them (after the user save, to the user's `memberOfHref`).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { UserCreate, UserUpdate } from '@magpie/api-types';
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

/** Input of the injected `saveUser` actor: create at `listHref`, or patch `href` with only the changed fields. */
export type SaveUserInput =
  { readonly mode: 'add'; readonly listHref: string; readonly body: UserCreate } | { readonly mode: 'edit'; readonly href: string; readonly patch: UserUpdate };

/** What `saveUser` resolves with: the saved user's `href` and `memberOfHref` (dam.yaml `User`). */
export interface SaveUserOutput {
  readonly href: string;
  readonly memberOfHref: string;
}

/** Input of the injected `saveMemberships` actor: the user's `memberOfHref` (known only after creating a user). */
export interface SaveMembershipsInput {
  readonly href: string;
}

/**
 * Input of {@link userSaveMachine}: add (`listHref`, the descriptor's `userManagement.userList`) or edit (`user`,
 * its `href` and `memberOfHref`, and the form's starting `original` values).
 */
export type UserSaveInput = { readonly mode: 'add'; readonly listHref: string } | { readonly mode: 'edit'; readonly user: SaveUserOutput; readonly original: UserFormValues };

/**
 * Context of {@link userSaveMachine}.
 *
 * - `original`: the values last saved (undefined until a new user is created); `user`: its hrefs once known;
 * - `values` / `membershipsChanged`: what the last SAVE sent; `problems`: the §5 messages of the last SAVE;
 * - `error`: the §8 message of the last failed call.
 */
export interface UserSaveContext {
  readonly listHref: string | undefined;
  readonly user: SaveUserOutput | undefined;
  readonly original: UserFormValues | undefined;
  readonly values: UserFormValues | undefined;
  readonly membershipsChanged: boolean;
  readonly problems: readonly UserFormProblem[];
  readonly error: string | undefined;
}

/** `SAVE {values, membershipsChanged}`: the form's values and whether its membership list has pending changes. */
export type UserSaveEvent = { type: 'SAVE'; values: UserFormValues; membershipsChanged: boolean };

/** Output once `saved`: the user's hrefs (undefined only when an add form was never saved, which cannot end here). */
export interface UserSaveOutput {
  readonly user: SaveUserOutput | undefined;
}

const hasUserChanges = (context: UserSaveContext): boolean =>
  context.original === undefined || (context.values !== undefined && Object.keys(userPatch(context.original, context.values)).length > 0);

/**
 * The user save machine (spec 03 §4, §5, §7, §8).
 *
 * States: `editing`, `validating` (transient), `savingUser` (runs `saveUser`), `savingMemberships` (runs
 * `saveMemberships`), `error` (a call failed; SAVE again retries), `saved` (final).
 *
 * Actors to provide with `.provide({actors: {saveUser, saveMemberships}})`: {@link SaveUserInput} →
 * {@link SaveUserOutput}, and {@link SaveMembershipsInput} → anything; both reject with
 * {@link UserSaveRequestError}, or with an `Error` whose message is already the text to show (a membership list's
 * own message).
 */
export const userSaveMachine = setup({
  types: {
    context: {} as UserSaveContext,
    events: {} as UserSaveEvent,
    input: {} as UserSaveInput,
    output: {} as UserSaveOutput,
  },
  actors: {
    saveUser: fromPromise<SaveUserOutput, SaveUserInput>(async () => {
      throw new Error('userSave: provide `saveUser` with .provide()');
    }),
    saveMemberships: fromPromise<unknown, SaveMembershipsInput>(async () => {
      throw new Error('userSave: provide `saveMemberships` with .provide()');
    }),
  },
  guards: {
    'hasProblems?': ({ context }) => context.problems.length > 0,
    'hasUserChanges?': ({ context }) => hasUserChanges(context),
    'hasMembershipChanges?': ({ context }) => context.membershipsChanged,
  },
  actions: {
    takeValues: assign(({ context, event }) => {
      assertEvent(event, 'SAVE');
      return { values: event.values, membershipsChanged: event.membershipsChanged, problems: userFormProblems(event.values, context.original), error: undefined };
    }),
    recordSavedUser: assign(({ context }, params: { user: SaveUserOutput }) => ({ user: params.user, original: context.values })),
    // A list that failed already says why (memberEditList's own §8 message): keep its text.
    showError: assign((_, params: { error: unknown }) => ({
      error: params.error instanceof Error && !('status' in params.error) ? params.error.message : userSaveErrorMessage(params.error),
    })),
  },
}).createMachine({
  id: 'userSave',
  initial: 'editing',
  context: ({ input }) => ({
    listHref: input.mode === 'add' ? input.listHref : undefined,
    user: input.mode === 'edit' ? input.user : undefined,
    original: input.mode === 'edit' ? input.original : undefined,
    values: undefined,
    membershipsChanged: false,
    problems: [],
    error: undefined,
  }),
  states: {
    editing: {
      on: { SAVE: { target: 'validating', actions: 'takeValues' } },
    },
    validating: {
      always: [
        // spec 03 §5: the messages are shown together and block the save.
        { guard: 'hasProblems?', target: 'editing' },
        { guard: 'hasUserChanges?', target: 'savingUser' },
        // spec 03 §4: the user did not change, so no update call; the group changes are applied, or the form closes.
        { guard: 'hasMembershipChanges?', target: 'savingMemberships' },
        { target: 'saved' },
      ],
    },
    savingUser: {
      invoke: {
        id: 'saveUser',
        src: 'saveUser',
        input: ({ context }): SaveUserInput =>
          context.original === undefined || context.user === undefined
            ? { mode: 'add', listHref: context.listHref ?? '', body: userCreateBody(context.values!) }
            : { mode: 'edit', href: context.user.href, patch: userPatch(context.original, context.values!) },
        onDone: [
          // spec 03 §4: group changes are sent after the user save.
          { guard: 'hasMembershipChanges?', target: 'savingMemberships', actions: { type: 'recordSavedUser', params: ({ event }) => ({ user: event.output }) } },
          { target: 'saved', actions: { type: 'recordSavedUser', params: ({ event }) => ({ user: event.output }) } },
        ],
        onError: { target: 'error', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingMemberships: {
      invoke: {
        id: 'saveMemberships',
        src: 'saveMemberships',
        input: ({ context }) => ({ href: context.user?.memberOfHref ?? '' }),
        onDone: 'saved',
        onError: { target: 'error', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: { SAVE: { target: 'validating', actions: 'takeValues' } },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ user: context.user }),
});
