/**
 * Setting a new password with a reset link from the mail (issue 14 "Password reset"; dam.yaml `getPasswordReset`,
 * `completePasswordReset`): the reset page (`/fotoweb/views/reset-password?token=…`).
 *
 * checking → entering → saving → done. The link is checked before anyone types: a link that names nothing (404), was
 * used (410 `PasswordResetUsed`) or expired (410 `PasswordResetExpired`) goes to `invalid`, which says which; a check
 * that could not be made can be tried again. The form's own checks (the shared `passwordProblem` rules with the link's
 * user name, "the passwords do not match") stop SUBMIT before anything is sent; a refused password goes to `failed`
 * with the server's reason, and a link that stopped working meanwhile to `invalid`.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { passwordProblem } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { PASSWORDS_DO_NOT_MATCH, WEAK_PASSWORD } from '../passwordChange/passwordChange.machine.ts';

/** The two fields of the form. */
export type PasswordResetField = 'password' | 'confirmPassword';

/** What the form holds. Never trimmed: spaces are part of a password. */
export interface PasswordResetDraft {
  readonly password: string;
  readonly confirmPassword: string;
}

/** A field's problem found before sending, by field; absent fields have none. */
export type PasswordResetProblems = Partial<Record<PasswordResetField, string>>;

/**
 * Why a link sets no password: `unknown` (404 `PasswordResetNotFound`, or a token the BFF refuses: mistyped, cut
 * short, tampered with), `used` (410 `PasswordResetUsed`), `expired` (410 `PasswordResetExpired`), `unavailable` (the
 * check could not be made: no answer, or a server error; it may be tried again).
 */
export type PasswordResetLinkProblem = 'unknown' | 'used' | 'expired' | 'unavailable';

/** What the page says for each {@link PasswordResetLinkProblem}: a heading and what to do. */
export const PASSWORD_RESET_LINK_TEXTS: Readonly<Record<PasswordResetLinkProblem, { readonly heading: string; readonly detail: string }>> = {
  unknown: {
    heading: 'This link is not valid',
    detail: 'Check that you opened the whole link from the mail, or ask for a new one.',
  },
  used: {
    heading: 'This link is no longer valid',
    detail: 'It has set a password already: each link works once. Log in with your new password, or ask for a new link.',
  },
  expired: {
    heading: 'This link is no longer valid',
    detail: 'Reset links work for a limited time, and this one has expired. Ask for a new one.',
  },
  unavailable: {
    heading: 'The link could not be checked',
    detail: 'Magpie could not be reached. Try again in a moment.',
  },
};

/** What the injected actors reject with for an HTTP failure (the client's `ApiError` has this shape). */
export interface PasswordResetRequestError {
  readonly status?: number;
  readonly body?: { readonly value?: string; readonly message?: string } | undefined;
}

const statusAndBody = (error: unknown): PasswordResetRequestError => (typeof error === 'object' && error !== null ? error : {}) as PasswordResetRequestError;

/**
 * The link's problem for a refused call, or `undefined` when the refusal is not about the link: 404 and 400 (the BFF's
 * refusal of a token too long to be one) → `unknown`; 410 → `expired` for `PasswordResetExpired`, else `used`.
 */
export function linkRefusalOf(error: unknown): Exclude<PasswordResetLinkProblem, 'unavailable'> | undefined {
  const { status, body } = statusAndBody(error);
  if (status === 404) return 'unknown';
  if (status === 410) return body?.value === 'PasswordResetExpired' ? 'expired' : 'used';
  return undefined;
}

/** The problem of a failed check ({@link linkRefusalOf}; a 400 is a token that names nothing); anything else is `unavailable`. */
export function passwordResetLinkProblemOf(error: unknown): PasswordResetLinkProblem {
  if (statusAndBody(error).status === 400) return 'unknown';
  return linkRefusalOf(error) ?? 'unavailable';
}

/** A refused password as the form shows it: the message, and whether it is about the new password. */
export interface PasswordResetError {
  readonly message: string;
  readonly field?: 'password';
}

/**
 * The form's message for a refused password that is not about the link (dam.yaml `completePasswordReset`): 400
 * `WeakPassword` → the server's message (it says which rule), on the password; any other answer → its message, else
 * the default message (spec 01 §8).
 */
export function passwordResetErrorOf(error: unknown): PasswordResetError {
  const { status, body } = statusAndBody(error);
  if (status === 400 && (body?.value === undefined || body.value === 'WeakPassword')) return { message: body?.message || WEAK_PASSWORD, field: 'password' };
  return { message: body?.message || DEFAULT_ERROR_MESSAGE };
}

/**
 * The problems of `draft` for the link's user `userName`, found without asking the server: the password's
 * `passwordProblem` (api-types `PASSWORD_RULES`, the rules the DAM applies), a confirmation that differs. Pure.
 */
export function passwordResetProblems(draft: PasswordResetDraft, userName: string): PasswordResetProblems {
  const problems: { -readonly [K in PasswordResetField]?: string } = {};
  const weak = passwordProblem(draft.password, userName);
  if (weak !== null) problems.password = weak;
  if (draft.confirmPassword !== draft.password) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

/** Input of {@link passwordResetMachine}: the link's token, from the page's address. */
export interface PasswordResetInput {
  readonly token: string;
}

/** What the injected `checkLink` actor resolves with (dam.yaml `PasswordResetStatus`). */
export interface PasswordResetLinkStatus {
  readonly valid: boolean;
  /** When the link stops working (ISO 8601). */
  readonly expires: string;
  /** The user whose password the link sets. */
  readonly userName: string;
}

/** Input of the injected `setPassword` actor: `POST /fotoweb/password-resets/{token}` `{password}`. */
export interface SetPasswordActorInput {
  readonly token: string;
  readonly password: string;
}

/**
 * Context of {@link passwordResetMachine}.
 *
 * - `token`: the link's token;
 * - `link`: what the check answered, once it answered (undefined while checking, and when the check was refused);
 * - `problem`: why the link sets no password, set exactly in `invalid`;
 * - `draft`: what the fields hold; `submitted`: SUBMIT was pressed at least once, so every problem shows;
 * - `error`: the server's refusal of a password, set exactly in `failed`;
 * - `checks`, `attempts`: checks of the link and passwords sent so far.
 */
export interface PasswordResetContext {
  readonly token: string;
  readonly link: PasswordResetLinkStatus | undefined;
  readonly problem: PasswordResetLinkProblem | undefined;
  readonly draft: PasswordResetDraft;
  readonly submitted: boolean;
  readonly error: PasswordResetError | undefined;
  readonly checks: number;
  readonly attempts: number;
}

/**
 * Events: `EDIT {field, value}` types into a field; `SUBMIT` sends when the form has no problem; `RETRY` checks the
 * link again after a check that could not be made. Edits and SUBMIT are ignored while the password is being set.
 */
export type PasswordResetEvent = { type: 'EDIT'; field: PasswordResetField; value: string } | { type: 'SUBMIT' } | { type: 'RETRY' };

/**
 * The problems the form shows now: every problem after a SUBMIT; before, only those of fields typed in (an empty
 * field is not an error until the user tries to send).
 */
export function visiblePasswordResetProblems(context: Pick<PasswordResetContext, 'draft' | 'submitted' | 'link'>): PasswordResetProblems {
  const problems = passwordResetProblems(context.draft, context.link?.userName ?? '');
  if (context.submitted) return problems;
  const shown: { -readonly [K in PasswordResetField]?: string } = {};
  for (const field of ['password', 'confirmPassword'] as const) {
    if (problems[field] !== undefined && context.draft[field] !== '') shown[field] = problems[field];
  }
  return shown;
}

const EMPTY_DRAFT: PasswordResetDraft = { password: '', confirmPassword: '' };

/**
 * The password reset machine (issue 14 "Password reset").
 *
 * States: `checking` (runs `checkLink`), `invalid` (the link sets no password: `problem` says why; RETRY checks again
 * when the check could not be made), `entering` (the form), `saving` (runs `setPassword`), `failed` (the form with
 * the server's refusal, {@link passwordResetErrorOf}), `done` (final: the password is set; the page offers Log in).
 *
 * Actors to provide with `.provide({actors: {checkLink, setPassword}})`:
 * - `checkLink`: `{token}` → {@link PasswordResetLinkStatus}; rejects with {@link PasswordResetRequestError};
 * - `setPassword`: {@link SetPasswordActorInput} → anything; rejects with {@link PasswordResetRequestError}: a 404 or
 *   410 ({@link linkRefusalOf}) goes to `invalid`, anything else to `failed`.
 * The built-in actors reject (the check as `unavailable`, a password with the default message).
 */
export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    input: {} as PasswordResetInput,
  },
  actors: {
    checkLink: fromPromise<PasswordResetLinkStatus, { token: string }>(async () => {
      throw new Error('passwordReset: provide `checkLink` with .provide()');
    }),
    setPassword: fromPromise<unknown, SetPasswordActorInput>(async () => {
      throw new Error('passwordReset: provide `setPassword` with .provide()');
    }),
  },
  guards: {
    'isDraftValid?': ({ context }) => Object.keys(passwordResetProblems(context.draft, context.link?.userName ?? '')).length === 0,
    'isCheckRetryable?': ({ context }) => context.problem === 'unavailable',
    'isLinkRefusal?': (_, params: { error: unknown }) => linkRefusalOf(params.error) !== undefined,
  },
  actions: {
    countCheck: assign(({ context }) => ({ checks: context.checks + 1, problem: undefined })),
    storeLink: assign((_, params: { link: PasswordResetLinkStatus }) => ({ link: params.link })),
    showLinkProblem: assign((_, params: { error: unknown }) => ({ problem: passwordResetLinkProblemOf(params.error), error: undefined })),
    storeEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT');
      return { draft: { ...context.draft, [event.field]: event.value } };
    }),
    markSubmitted: assign({ submitted: true }),
    clearError: assign({ error: undefined }),
    showError: assign((_, params: { error: unknown }) => ({ error: passwordResetErrorOf(params.error) })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    // Nothing typed stays in memory once the password is set, or once the link no longer works.
    forgetDraft: assign({ draft: EMPTY_DRAFT }),
  },
}).createMachine({
  id: 'passwordReset',
  initial: 'checking',
  context: ({ input }) => ({
    token: input.token,
    link: undefined,
    problem: undefined,
    draft: EMPTY_DRAFT,
    submitted: false,
    error: undefined,
    checks: 0,
    attempts: 0,
  }),
  states: {
    checking: {
      entry: 'countCheck',
      invoke: {
        id: 'checkLink',
        src: 'checkLink',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'entering', actions: { type: 'storeLink', params: ({ event }) => ({ link: event.output }) } },
        onError: { target: 'invalid', actions: { type: 'showLinkProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    invalid: {
      on: { RETRY: { guard: 'isCheckRetryable?', target: 'checking' } },
    },
    entering: {
      on: {
        EDIT: { actions: 'storeEdit' },
        // A form with problems is not sent: every problem shows instead.
        SUBMIT: [{ guard: 'isDraftValid?', target: 'saving', actions: 'markSubmitted' }, { actions: 'markSubmitted' }],
      },
    },
    saving: {
      entry: 'countAttempt',
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ token: context.token, password: context.draft.password }),
        onDone: { target: 'done', actions: 'forgetDraft' },
        onError: [
          {
            guard: { type: 'isLinkRefusal?', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            actions: ['forgetDraft', { type: 'showLinkProblem', params: ({ event }) => ({ error: event.error }) }],
          },
          { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      on: {
        EDIT: { target: 'entering', actions: ['storeEdit', 'clearError'] },
        // The draft is the one just sent, which passed the checks: send it again.
        SUBMIT: { target: 'saving', actions: 'clearError' },
      },
    },
    done: { type: 'final' },
  },
});
