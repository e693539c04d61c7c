/**
 * Resetting a user's device tokens from the user form (spec 03 §2.7 "reset device tokens button", §7 "DELETE device
 * tokens href: resets device tokens", §9 "Reset device tokens spinner stays 700 ms after success"; issue 11: the
 * user's refresh tokens are revoked, so their sessions end).
 *
 * idle → resetting → settling (the spinner stays {@link DEVICE_TOKENS_SPINNER_MS}) → done, or → failed with the
 * message. RESET starts again from idle, done or failed; nothing interrupts a reset in flight.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** How long the spinner stays after the reset succeeded (ms; spec 03 §9). */
export const DEVICE_TOKENS_SPINNER_MS = 700;
/** 403: the caller may not reset this user's tokens (the user's `resetDeviceTokens` action). */
export const DEVICE_TOKENS_FORBIDDEN = 'You are not allowed to end this user’s sessions.';

/** The message of a failed reset, from `{status, responseJSON}`: 403 the DAM's reason or the forbidden text, else general. */
export function deviceTokenResetErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as UserSaveRequestError;
  if (status === 403) return responseJSON?.message?.trim() || DEVICE_TOKENS_FORBIDDEN;
  return DEFAULT_ERROR_MESSAGE;
}

/** Input: the user's `deviceTokensHref` (dam.yaml `User`). */
export interface DeviceTokenResetInput {
  readonly href: string;
}

/** Context: the href, and the last failure's message. */
export interface DeviceTokenResetContext {
  readonly href: string;
  readonly error: string | undefined;
}

/** The one event: RESET (the button). */
export type DeviceTokenResetEvent = { type: 'RESET' };

/**
 * The machine. Provide `resetTokens` with `.provide({actors: {resetTokens}})`: `{href}` → anything (`DELETE href`),
 * rejecting with `{status, responseJSON}`. The built-in one rejects. The delay `spinnerDelay` is
 * {@link DEVICE_TOKENS_SPINNER_MS}.
 */
export const deviceTokenResetMachine = setup({
  types: {
    context: {} as DeviceTokenResetContext,
    events: {} as DeviceTokenResetEvent,
    input: {} as DeviceTokenResetInput,
  },
  actors: {
    resetTokens: fromPromise<unknown, DeviceTokenResetInput>(async () => {
      throw new Error('deviceTokenReset: provide `resetTokens` with .provide()');
    }),
  },
  delays: { spinnerDelay: DEVICE_TOKENS_SPINNER_MS },
  actions: {
    clearError: assign({ error: undefined }),
    showError: assign((_, params: { error: unknown }) => ({ error: deviceTokenResetErrorMessage(params.error) })),
  },
}).createMachine({
  id: 'deviceTokenReset',
  initial: 'idle',
  context: ({ input }) => ({ href: input.href, error: undefined }),
  states: {
    idle: { on: { RESET: 'resetting' } },
    resetting: {
      entry: 'clearError',
      invoke: {
        id: 'resetTokens',
        src: 'resetTokens',
        input: ({ context }) => ({ href: context.href }),
        onDone: 'settling',
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settling: { after: { spinnerDelay: 'done' } },
    done: { on: { RESET: 'resetting' } },
    failed: { on: { RESET: 'resetting' } },
  },
});
