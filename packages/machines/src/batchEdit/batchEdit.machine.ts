/**
 * The users grid's batch dialogs (spec 03 §2.4 batch buttons, §2.8 "Edit license (a sentinel option means no change),
 * Edit access, Edit expiry (a date picker with clear), Set company, Delete confirmation (lists users by full name)",
 * §4 "After a batch delete, only rows that could be deleted are removed and the rest stay selected", §5 "Batch
 * operations apply only to selected users whose matching action is allowed. Batch delete is enabled only when more
 * than one selected user can be deleted. In the batch license dialog a sentinel value means leave unchanged", §7 the
 * batch update and DELETE many, §8).
 *
 * editing → applying → closed, or → reported when the DAM skipped some users (each with its reason), or → failed when
 * the call itself failed (the dialog stays, APPLY tries again). The change is checked before anything is sent.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The five batch buttons of spec 03 §2.4. */
export type BatchOperation = 'company' | 'license' | 'access' | 'expiry' | 'delete';

/** The user actions (spec 03 §3.1) a batch operation needs per user (spec 03 §5 "whose matching action is allowed"). */
export const BATCH_ACTION = {
  company: 'update',
  license: 'updateLicense',
  access: 'updateAccountStatus',
  expiry: 'updateAccountStatus',
  delete: 'delete',
} as const satisfies Record<BatchOperation, string>;

/** A selected user as the batch dialogs need them: href, the name they are listed by, and their actions. */
export interface BatchUser {
  readonly href: string;
  readonly fullName: string;
  readonly actions: { readonly update: boolean; readonly updateLicense: boolean; readonly updateAccountStatus: boolean; readonly delete: boolean };
}

/**
 * What APPLY sends, per operation: the company (trimmed, at most 200 characters, may be empty to clear it); the
 * license level and mode, each `undefined` for the sentinel "leave unchanged"; enabled or not; the expiry as an ISO
 * date-time or null (clear: never expires); nothing for delete.
 */
export type BatchChange =
  | { readonly operation: 'company'; readonly organization: string }
  | { readonly operation: 'license'; readonly level: number | undefined; readonly mode: number | undefined }
  | { readonly operation: 'access'; readonly isEnabled: boolean }
  | { readonly operation: 'expiry'; readonly expires: string | null }
  | { readonly operation: 'delete' };

/** A user the DAM left alone, and why (dam.yaml `SkippedUser`). */
export interface BatchSkipped {
  readonly href: string;
  readonly value: string;
  readonly message: string;
}

/** What the injected `apply` actor resolves with: the hrefs changed (or deleted) and the ones skipped. */
export interface BatchResult {
  readonly done: readonly string[];
  readonly skipped: readonly BatchSkipped[];
}

/** Input of the injected `apply` actor: the change and the hrefs of the users it applies to (never empty). */
export interface BatchApplyInput {
  readonly change: BatchChange;
  readonly users: readonly string[];
}

/** The longest company the DAM stores (dam.yaml `UserListUpdate` `address.organization`). */
export const COMPANY_MAX_LENGTH = 200;
/** Problem: both license choices left at "leave unchanged" (spec 03 §5 sentinel). */
export const LICENSE_UNCHANGED_MESSAGE = 'Choose a license or a concurrency mode to set; "Leave unchanged" for both changes nothing.';
/** Problem: a company longer than {@link COMPANY_MAX_LENGTH}. */
export const COMPANY_TOO_LONG_MESSAGE = `The company may have at most ${COMPANY_MAX_LENGTH} characters.`;
/** Problem: an expiry that is no date between the years 1970 and 9999 (the DAM's `ExpiresSchema`). */
export const EXPIRY_INVALID_MESSAGE = 'Choose a date between the years 1970 and 9999, or clear it for no expiry.';
/** Problem: none of the selected users allows the operation (the button is disabled then; a guard for the machine). */
export const NOBODY_TO_CHANGE_MESSAGE = 'None of the selected users can be changed this way.';

/** The selected users a batch operation applies to: those whose matching action is allowed (spec 03 §5). */
export function batchTargets(operation: BatchOperation, users: readonly BatchUser[]): BatchUser[] {
  return users.filter((user) => user.actions[BATCH_ACTION[operation]]);
}

/**
 * Whether the batch button is enabled (spec 03 §5): delete needs more than one deletable selected user (one user is
 * deleted from its row), the others at least one user whose action is allowed.
 */
export function isBatchAvailable(operation: BatchOperation, users: readonly BatchUser[]): boolean {
  return batchTargets(operation, users).length > (operation === 'delete' ? 1 : 0);
}

/** The change's problem, or undefined when it may be sent. Pure. */
export function batchChangeProblem(change: BatchChange): string | undefined {
  if (change.operation === 'license' && change.level === undefined && change.mode === undefined) return LICENSE_UNCHANGED_MESSAGE;
  if (change.operation === 'company' && change.organization.trim().length > COMPANY_MAX_LENGTH) return COMPANY_TOO_LONG_MESSAGE;
  if (change.operation === 'expiry' && change.expires !== null) {
    const year = new Date(change.expires).getUTCFullYear();
    if (!Number.isFinite(year) || year < 1970 || year > 9999) return EXPIRY_INVALID_MESSAGE;
  }
  return undefined;
}

/**
 * The `data` of the batch update (dam.yaml `UserListUpdate`) for a change other than delete: only the fields the
 * dialog sets, the company trimmed, a sentinel left out.
 * @throws RangeError for a delete, which has no update body.
 */
export function batchUpdateData(change: BatchChange): {
  address?: { organization: string };
  license?: { level?: number; mode?: number };
  account?: { isEnabled?: boolean; expires?: string | null };
} {
  switch (change.operation) {
    case 'company':
      return { address: { organization: change.organization.trim() } };
    case 'license':
      return { license: { ...(change.level === undefined ? {} : { level: change.level }), ...(change.mode === undefined ? {} : { mode: change.mode }) } };
    case 'access':
      return { account: { isEnabled: change.isEnabled } };
    case 'expiry':
      return { account: { expires: change.expires } };
    case 'delete':
      throw new RangeError('batchEdit: a delete has no update body');
  }
}

/** 403 on a batch call: the caller may not manage users (any more). */
export const BATCH_FORBIDDEN_MESSAGE = 'You are not allowed to manage users.';
/** 400 on a batch call without field messages. */
export const BATCH_INVALID_MESSAGE = 'The change could not be applied: some values are not valid.';

/**
 * The message of a failed batch call (spec 03 §8 by status), from `{status, responseJSON}`: 403 → forbidden; 400 →
 * the field messages (`issues`), the server's message, or {@link BATCH_INVALID_MESSAGE}; anything else (500, a
 * network failure) the general error. Users refused one by one are not failures: they come back as `skipped`.
 */
export function batchErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  if (status === 403) return BATCH_FORBIDDEN_MESSAGE;
  if (status === 400) {
    const issues = (responseJSON?.issues ?? []).map((issue) => issue.message).filter((m): m is string => typeof m === 'string' && m !== '');
    if (issues.length > 0) return issues.join(' ');
    return responseJSON?.message?.trim() ? responseJSON.message : BATCH_INVALID_MESSAGE;
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** Input of {@link batchEditMachine}: the button pressed and the whole selection (targets are picked from it). */
export interface BatchEditInput {
  readonly operation: BatchOperation;
  readonly users: readonly BatchUser[];
}

/**
 * Context of {@link batchEditMachine}.
 *
 * - `targets`: the selected users the operation applies to; `left`: the others (listed as not changed);
 * - `problem`: why the last APPLY was not sent; `error`: why the last call failed (spec 03 §8);
 * - `result`: the DAM's answer once applied.
 */
export interface BatchEditContext {
  readonly operation: BatchOperation;
  readonly targets: readonly BatchUser[];
  readonly left: readonly BatchUser[];
  readonly problem: string | undefined;
  readonly error: string | undefined;
  readonly result: BatchResult | undefined;
}

/** Events: APPLY with the dialog's change (its `operation` must be the input's), CANCEL, CLOSE the report. */
export type BatchEditEvent = { type: 'APPLY'; change: BatchChange } | { type: 'CANCEL' } | { type: 'CLOSE' };

/** Output: the DAM's answer, or undefined when cancelled before anything was applied. */
export interface BatchEditOutput {
  readonly result: BatchResult | undefined;
}

/**
 * The batch dialog machine (spec 03 §2.8, §4, §5, §7, §8).
 *
 * States: `editing` (APPLY checks the change; CANCEL closes), `applying` (runs `apply`), `reported` (some users were
 * skipped; CLOSE), `failed` (the call failed; APPLY again or CANCEL), `closed` (final, {@link BatchEditOutput}).
 *
 * Provide `apply` with `.provide({actors: {apply}})`: {@link BatchApplyInput} → {@link BatchResult}, rejecting with
 * `{status, responseJSON}` for an HTTP failure. The built-in one rejects.
 */
export const batchEditMachine = setup({
  types: {
    context: {} as BatchEditContext,
    events: {} as BatchEditEvent,
    input: {} as BatchEditInput,
    output: {} as BatchEditOutput,
  },
  actors: {
    apply: fromPromise<BatchResult, BatchApplyInput>(async () => {
      throw new Error('batchEdit: provide `apply` with .provide()');
    }),
  },
  guards: {
    'hasProblem?': ({ context, event }) => {
      assertEvent(event, 'APPLY');
      return context.targets.length === 0 || event.change.operation !== context.operation || batchChangeProblem(event.change) !== undefined;
    },
    'skippedSome?': ({ event }) => (event as unknown as { output: BatchResult }).output.skipped.length > 0,
  },
  actions: {
    showProblem: assign(({ context, event }) => {
      assertEvent(event, 'APPLY');
      const problem =
        context.targets.length === 0
          ? NOBODY_TO_CHANGE_MESSAGE
          : event.change.operation !== context.operation
            ? `batchEdit: a ${event.change.operation} change in the ${context.operation} dialog`
            : batchChangeProblem(event.change);
      return { problem, error: undefined };
    }),
    clearMessages: assign({ problem: undefined, error: undefined }),
    keepResult: assign((_, params: { result: BatchResult }) => ({ result: params.result })),
    showError: assign((_, params: { error: unknown }) => ({ error: batchErrorMessage(params.error) })),
  },
}).createMachine({
  id: 'batchEdit',
  initial: 'editing',
  context: ({ input }) => ({
    operation: input.operation,
    targets: batchTargets(input.operation, input.users),
    left: input.users.filter((user) => !user.actions[BATCH_ACTION[input.operation]]),
    problem: undefined,
    error: undefined,
    result: undefined,
  }),
  states: {
    editing: {
      on: {
        APPLY: [{ guard: 'hasProblem?', actions: 'showProblem' }, { target: 'applying' }],
        CANCEL: 'closed',
      },
    },
    applying: {
      entry: 'clearMessages',
      invoke: {
        id: 'apply',
        src: 'apply',
        input: ({ context, event }) => {
          assertEvent(event, 'APPLY');
          return { change: event.change, users: context.targets.map((user) => user.href) };
        },
        onDone: [
          { guard: 'skippedSome?', target: 'reported', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
          { target: 'closed', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reported: {
      on: { CLOSE: 'closed' },
    },
    failed: {
      on: {
        APPLY: [{ guard: 'hasProblem?', target: 'editing', actions: 'showProblem' }, { target: 'applying' }],
        CANCEL: 'closed',
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ result: context.result }),
});
