/**
 * Changing one's own password (spec 03 §2.9 "Change password", §2.11 forced password change, §8 "password changed
 * (info alert)"; issue 11 "Accounts": current password required, a minimum strength, rate-limited; dam.yaml
 * `changeOwnPassword`).
 *
 * editing → submitting → refreshing → done → continued. The form's own checks (the shared `passwordProblem` rules,
 * "the passwords do not match") stop SUBMIT before anything is sent; a refused change goes to `failed` with the
 * server's reason, and the next edit or SUBMIT goes on from there.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { passwordProblem } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** The three fields of the form. */
export type PasswordChangeField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** What the form holds. Never trimmed: spaces are part of a password. */
export interface PasswordChangeDraft {
  readonly currentPassword: string;
  readonly newPassword: string;
  readonly confirmPassword: string;
}

/** A field's problem found before sending, by field; absent fields have none. */
export type PasswordChangeProblems = Partial<Record<PasswordChangeField, string>>;

/** Shown when the current password is left empty. */
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password.';
/** Shown when the new password repeats the current one (the DAM refuses it as `WeakPassword` too). */
export const PASSWORD_UNCHANGED = 'The new password must differ from the current one.';
/** Shown when the confirmation differs from the new password. */
export const PASSWORDS_DO_NOT_MATCH = 'The passwords do not match.';
/** 403 `WrongPassword`. */
export const WRONG_CURRENT_PASSWORD = 'The current password is wrong.';
/** 429: the DAM's limit of wrong current passwords (issue 11 "rate-limited"). */
export const TOO_MANY_PASSWORD_ATTEMPTS = 'Too many attempts, try again later.';
/** 400 `WeakPassword` without a message of its own. */
export const WEAK_PASSWORD = 'The new password is too weak.';

/**
 * The problems of `draft` for `username`, found without asking the server: an empty current password; the new
 * password's `passwordProblem` (api-types `PASSWORD_RULES`, the rules the DAM applies) or its being the current one;
 * a confirmation that differs. Pure.
 */
export function passwordChangeProblems(draft: PasswordChangeDraft, username: string): PasswordChangeProblems {
  const problems: { -readonly [K in PasswordChangeField]?: string } = {};
  if (draft.currentPassword === '') problems.currentPassword = CURRENT_PASSWORD_REQUIRED;
  const weak = passwordProblem(draft.newPassword, username);
  if (weak !== null) problems.newPassword = weak;
  else if (draft.newPassword === draft.currentPassword) problems.newPassword = PASSWORD_UNCHANGED;
  if (draft.confirmPassword !== draft.newPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

/** What the injected `changePassword` actor rejects with for an HTTP failure (the client's `ApiError` has this shape). */
export interface PasswordChangeRequestError {
  readonly status?: number;
  readonly body?: { readonly value?: string; readonly message?: string } | undefined;
}

/** A refused change as the form shows it: the message, and the field it is about (when it is about one). */
export interface PasswordChangeError {
  readonly message: string;
  readonly field?: 'currentPassword' | 'newPassword';
}

/**
 * The form's message for a refused change, by status (dam.yaml `changeOwnPassword`): 400 `WeakPassword` → the
 * server's message (it says which rule), on the new password; 403 `WrongPassword` → {@link WRONG_CURRENT_PASSWORD},
 * on the current password; 429 → {@link TOO_MANY_PASSWORD_ATTEMPTS}; any other answer → its message, else the
 * default message (spec 01 §8).
 */
export function passwordChangeErrorOf(error: unknown): PasswordChangeError {
  const { status, body } = (typeof error === 'object' && error !== null ? error : {}) as PasswordChangeRequestError;
  if (status === 400 && (body?.value === undefined || body.value === 'WeakPassword')) return { message: body?.message || WEAK_PASSWORD, field: 'newPassword' };
  if (status === 403 && (body?.value === undefined || body.value === 'WrongPassword')) return { message: WRONG_CURRENT_PASSWORD, field: 'currentPassword' };
  if (status === 429) return { message: TOO_MANY_PASSWORD_ATTEMPTS };
  return { message: body?.message || DEFAULT_ERROR_MESSAGE };
}

/** Input of {@link passwordChangeMachine}: the user's username (the strength rules refuse passwords containing it). */
export interface PasswordChangeInput {
  readonly username: string;
}

/** Input of the injected `changePassword` actor: `POST /fotoweb/me/password` `{currentPassword, newPassword}`. */
export interface ChangePasswordActorInput {
  readonly currentPassword: string;
  readonly newPassword: string;
}

/**
 * Context of {@link passwordChangeMachine}.
 *
 * - `draft`: what the fields hold;
 * - `submitted`: SUBMIT was pressed at least once, so every problem shows (before that, only those of fields typed in);
 * - `error`: the server's refusal, set exactly in `failed`;
 * - `attempts`: changes sent so far (a retry after a refusal sends again);
 * - `changed`: the server accepted the new password (set on leaving `submitting`, never reset).
 */
export interface PasswordChangeContext {
  readonly username: string;
  readonly draft: PasswordChangeDraft;
  readonly submitted: boolean;
  readonly error: PasswordChangeError | undefined;
  readonly attempts: number;
  readonly changed: boolean;
}

/**
 * Events: `EDIT {field, value}` types into a field; `SUBMIT` sends when the form has no problem; `CONTINUE` leaves
 * the success notice. Edits and SUBMIT are ignored while the change or the session refresh runs.
 */
export type PasswordChangeEvent = { type: 'EDIT'; field: PasswordChangeField; value: string } | { type: 'SUBMIT' } | { type: 'CONTINUE' };

/**
 * The problems the form shows now: every problem after a SUBMIT; before, only those of fields typed in (an empty
 * field is not an error until the user tries to send), so "the passwords do not match" shows while typing the
 * confirmation.
 */
export function visiblePasswordChangeProblems(context: Pick<PasswordChangeContext, 'draft' | 'submitted' | 'username'>): PasswordChangeProblems {
  const problems = passwordChangeProblems(context.draft, context.username);
  if (context.submitted) return problems;
  const shown: { -readonly [K in PasswordChangeField]?: string } = {};
  for (const field of ['currentPassword', 'newPassword', 'confirmPassword'] as const) {
    if (problems[field] !== undefined && context.draft[field] !== '') shown[field] = problems[field];
  }
  return shown;
}

const EMPTY_DRAFT: PasswordChangeDraft = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The password-change machine (spec 03 §2.9, §2.11, §8; issue 11 Accounts).
 *
 * States: `editing` (the form), `submitting` (runs `changePassword`), `failed` (the form with the server's
 * refusal, {@link passwordChangeErrorOf}), `refreshing` (runs `refreshSession`: the app reloads the descriptor, so a
 * forced change no longer holds the user here), `done` (the "password changed" notice), `continued` (final: the app
 * goes back where the user came from).
 *
 * Actors to provide with `.provide({actors: {changePassword, refreshSession}})`:
 * - `changePassword`: {@link ChangePasswordActorInput} → anything; rejects with {@link PasswordChangeRequestError};
 * - `refreshSession`: no input → anything. Its failure still leads to `done`: the password is changed either way,
 *   and the session's own auth check renews the descriptor later.
 * The built-in `changePassword` rejects (default message); the built-in `refreshSession` does nothing.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput,
  },
  actors: {
    changePassword: fromPromise<unknown, ChangePasswordActorInput>(async () => {
      throw new Error('passwordChange: provide `changePassword` with .provide()');
    }),
    refreshSession: fromPromise<unknown, void>(async () => undefined),
  },
  guards: {
    'isDraftValid?': ({ context }) => Object.keys(passwordChangeProblems(context.draft, context.username)).length === 0,
  },
  actions: {
    storeEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      return { draft: { ...context.draft, [event.field]: event.value } };
    }),
    markSubmitted: assign({ submitted: true }),
    clearError: assign({ error: undefined }),
    showError: assign((_, params: { error: unknown }) => ({ error: passwordChangeErrorOf(params.error) })),
    // Nothing typed stays in memory once the change is made.
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    markChanged: assign({ changed: true, draft: EMPTY_DRAFT }),
  },
}).createMachine({
  id: 'passwordChange',
  initial: 'editing',
  context: ({ input }) => ({ username: input.username, draft: EMPTY_DRAFT, submitted: false, error: undefined, attempts: 0, changed: false }),
  states: {
    editing: {
      on: {
        EDIT: { actions: 'storeEdit' },
        // A form with problems is not sent: every problem shows instead.
        SUBMIT: [{ guard: 'isDraftValid?', target: 'submitting', actions: 'markSubmitted' }, { actions: 'markSubmitted' }],
      },
    },
    submitting: {
      entry: 'countAttempt',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ context }) => ({ currentPassword: context.draft.currentPassword, newPassword: context.draft.newPassword }),
        onDone: { target: 'refreshing', actions: 'markChanged' },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        EDIT: { target: 'editing', actions: ['storeEdit', 'clearError'] },
        // The draft is the one just sent, which passed the checks: send it again (after a 429, a moment later).
        SUBMIT: { target: 'submitting', actions: 'clearError' },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        onDone: 'done',
        onError: 'done',
      },
    },
    done: {
      on: { CONTINUE: 'continued' },
    },
    continued: { type: 'final' },
  },
});
