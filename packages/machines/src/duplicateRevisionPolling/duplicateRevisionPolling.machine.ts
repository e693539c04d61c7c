/**
 * Duplicate-revision polling: after a revision was sent off to be duplicated, poll its status until the server
 * says it is done (spec 01 §4 Duplicate-revision polling, §7 duplicate `assets[href, revision]`, §9 polling retries).
 *
 * polling ⇄ waiting → done | failed. `pending` polls again after 1 s, at most 15 polls in all; `done` ends; any
 * other status is an error. Both end states are final; the machine's output says which.
 */
import { assign, fromPromise, setup } from 'xstate';

/** Polls of the duplicate's status before giving up with `pollTimeout`. */
export const DUPLICATE_POLL_MAX_ATTEMPTS = 15; // spec 01 §9

/** Wait between two polls, in ms. */
export const DUPLICATE_POLL_INTERVAL_MS = 1_000; // spec 01 §9

/** The status that means "not yet: poll again". */
export const DUPLICATE_PENDING_STATUS = 'pending'; // spec 01 §4

/** The status that means the duplicate exists. */
export const DUPLICATE_DONE_STATUS = 'done'; // spec 01 §4

/** Input of the injected `pollDuplicate` actor: the status href to GET and the 1-based attempt number. */
export interface PollDuplicateInput {
  readonly href: string;
  readonly attempt: number;
}

/**
 * What the injected `pollDuplicate` actor resolves with: the status body. `status` is `pending`, `done`, or anything
 * else (an error, spec 01 §4); `result` is what the server returns with `done` (for example the new revision
 * `{id, number}`, spec 01 §3 Revision). The actor rejects when the request itself fails.
 */
export interface PollDuplicateOutput {
  readonly status: string;
  readonly result?: unknown;
}

/**
 * Why the duplicate failed, as `{value, message}` like the client's other errors (spec 01 §8):
 *
 * - `duplicateFailed`: the server answered a status other than `pending` or `done`; `status` is that status.
 * - `pollTimeout`: still `pending` after `maxAttempts` polls (spec 01 §9).
 * - `requestFailed`: the poll request threw; `cause` is what it threw.
 */
export interface DuplicateRevisionError {
  readonly value: 'duplicateFailed' | 'pollTimeout' | 'requestFailed';
  readonly message: string;
  readonly status?: string;
  readonly cause?: unknown;
}

/**
 * Input of {@link duplicateRevisionPollingMachine}.
 *
 * - `href`: the status address to poll (where the server said the duplicate can be followed).
 * - `maxAttempts`: poll limit, default {@link DUPLICATE_POLL_MAX_ATTEMPTS}; a positive integer.
 */
export interface DuplicateRevisionPollingInput {
  readonly href: string;
  readonly maxAttempts?: number;
}

/**
 * Context of {@link duplicateRevisionPollingMachine}.
 *
 * - `attempts`: polls started so far (`0 <= attempts <= maxAttempts`).
 * - `lastStatus`: the status of the last answered poll.
 * - `result` / `error`: set when the duplicate is done / failed.
 */
export interface DuplicateRevisionPollingContext {
  readonly href: string;
  readonly maxAttempts: number;
  readonly attempts: number;
  readonly lastStatus: string | undefined;
  readonly result: unknown;
  readonly error: DuplicateRevisionError | undefined;
}

/** Output of {@link duplicateRevisionPollingMachine} once it reaches `done` or `failed`. */
export type DuplicateRevisionPollingOutput =
  | { readonly status: 'done'; readonly result: unknown }
  | { readonly status: 'failed'; readonly error: DuplicateRevisionError };

/**
 * Checks a poll limit.
 *
 * @returns `value`, or {@link DUPLICATE_POLL_MAX_ATTEMPTS} when `undefined`.
 * @throws {RangeError} when `value` is not a positive integer.
 */
export function normaliseDuplicateMaxAttempts(value: number | undefined): number {
  if (value === undefined) return DUPLICATE_POLL_MAX_ATTEMPTS;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`duplicateRevisionPolling: maxAttempts must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The duplicate-revision polling machine (spec 01 §4, §9).
 *
 * `polling` runs `pollDuplicate` (attempt n of `maxAttempts`): `done` → `done`; `pending` → `waiting` for the
 * `retryDelay` (1000 ms) then polls again, or `failed` (`pollTimeout`) when that was the last attempt; any other
 * status → `failed` (`duplicateFailed`); a rejected poll → `failed` (`requestFailed`).
 *
 * Provide `pollDuplicate` with `.provide({actors: {pollDuplicate}})`; the built-in one rejects (→ `requestFailed`).
 * An `input.maxAttempts` that is not a positive integer puts the actor in `error` status with a `RangeError`.
 */
export const duplicateRevisionPollingMachine = setup({
  types: {
    context: {} as DuplicateRevisionPollingContext,
    input: {} as DuplicateRevisionPollingInput,
    output: {} as DuplicateRevisionPollingOutput,
  },
  actors: {
    pollDuplicate: fromPromise<PollDuplicateOutput, PollDuplicateInput>(async () => {
      throw new Error('duplicateRevisionPolling: provide `pollDuplicate` with .provide()');
    }),
  },
  guards: {
    'isDuplicateDone?': (_, answer: PollDuplicateOutput) => answer.status === DUPLICATE_DONE_STATUS,
    'shouldPollAgain?': ({ context }, answer: PollDuplicateOutput) =>
      answer.status === DUPLICATE_PENDING_STATUS && context.attempts < context.maxAttempts,
    'isStillPending?': (_, answer: PollDuplicateOutput) => answer.status === DUPLICATE_PENDING_STATUS,
  },
  delays: {
    retryDelay: DUPLICATE_POLL_INTERVAL_MS,
  },
  actions: {
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    recordStatus: assign((_, answer: PollDuplicateOutput) => ({ lastStatus: answer.status })),
    storeResult: assign((_, answer: PollDuplicateOutput) => ({ lastStatus: answer.status, result: answer.result })),
    failTimeout: assign(({ context }, answer: PollDuplicateOutput) => ({
      lastStatus: answer.status,
      error: {
        value: 'pollTimeout',
        message: `The duplicate was still ${answer.status} after ${context.maxAttempts} polls.`,
        status: answer.status,
      } satisfies DuplicateRevisionError,
    })),
    failStatus: assign((_, answer: PollDuplicateOutput) => ({
      lastStatus: answer.status,
      error: {
        value: 'duplicateFailed',
        message: `Duplicating the revision ended with status "${answer.status}".`,
        status: answer.status,
      } satisfies DuplicateRevisionError,
    })),
    failRequest: assign((_, params: { cause: unknown }) => ({
      error: {
        value: 'requestFailed',
        message: 'The duplicate status request failed.',
        cause: params.cause,
      } satisfies DuplicateRevisionError,
    })),
  },
}).createMachine({
  id: 'duplicateRevisionPolling',
  initial: 'polling',
  context: ({ input }) => ({
    href: input.href,
    maxAttempts: normaliseDuplicateMaxAttempts(input.maxAttempts),
    attempts: 0,
    lastStatus: undefined,
    result: undefined,
    error: undefined,
  }),
  states: {
    polling: {
      entry: 'countAttempt',
      invoke: {
        id: 'pollDuplicate',
        src: 'pollDuplicate',
        input: ({ context }) => ({ href: context.href, attempt: context.attempts }),
        onDone: [
          {
            guard: { type: 'isDuplicateDone?', params: ({ event }) => event.output },
            target: 'done',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'shouldPollAgain?', params: ({ event }) => event.output },
            target: 'waiting',
            actions: { type: 'recordStatus', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isStillPending?', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'failTimeout', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'failStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
      },
    },
    waiting: {
      after: { retryDelay: 'polling' },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }): DuplicateRevisionPollingOutput =>
    context.error ? { status: 'failed', error: context.error } : { status: 'done', result: context.result },
});
