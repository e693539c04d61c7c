/**
 * Clearing the site's custom CSS from the keyboard (issue 15; spec 01 §2 Keyboard "ctrl+shift+Z, when logged in and a
 * custom CSS address exists, asks to clear custom CSS (prompt)", the prompt modal (yes/cancel), notifications close
 * after 15 s; §7 "POST custom CSS url: cssContent"; §8 the default error).
 *
 * idle: ASK {href} (the descriptor's `appearance.customCss`; ignored when empty) → confirming. confirming: CONFIRM →
 * clearing, CANCEL → idle. clearing: the `clear` actor POSTs `{cssContent: ''}` to the href (and the app reads the
 * descriptor again, so the stylesheet leaves the page) → cleared, or → failed with the message. cleared: the notice,
 * → idle after {@link CUSTOM_CSS_NOTICE_AUTOCLOSE_MS} or on DISMISS. failed: the prompt stays with the message;
 * CONFIRM tries again, CANCEL → idle.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** How long the "cleared" notice stays (ms; spec 01 §2, §9 "notifications close automatically after 15 s"). */
export const CUSTOM_CSS_NOTICE_AUTOCLOSE_MS = 15_000;

/** What the `clear` actor is given: the custom CSS's address (where the POST goes). */
export interface CustomCssClearInput {
  readonly href: string;
}

/** Context: the address being cleared, and why the last try failed. */
export interface CustomCssResetContext {
  /** The custom CSS's address the prompt is about; kept while the prompt closes. */
  readonly href: string | undefined;
  /** Why the last try failed ({@link customCssResetErrorMessage}), while `failed`. */
  readonly error: string | undefined;
}

/** ASK opens the prompt for an address; CONFIRM (Yes) and CANCEL answer it; DISMISS closes the notice. */
export type CustomCssResetEvent = { type: 'ASK'; href: string } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'DISMISS' };

/**
 * What a failed try says, from `{status, responseJSON}`: the DAM's message for a 4xx (403 without
 * `changeSiteAppearance`), the general error otherwise (spec 01 §8).
 */
export function customCssResetErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `clear` ({@link CustomCssClearInput} → void, rejecting with `{status, responseJSON}`) with
 * `.provide({actors})`; the built-in one rejects. The delay `noticeTimeout` is {@link CUSTOM_CSS_NOTICE_AUTOCLOSE_MS}.
 */
export const customCssResetMachine = setup({
  types: { context: {} as CustomCssResetContext, events: {} as CustomCssResetEvent },
  actors: {
    clear: fromPromise<void, CustomCssClearInput>(async () => {
      throw new Error('customCssReset: provide `clear` with .provide()');
    }),
  },
  delays: { noticeTimeout: CUSTOM_CSS_NOTICE_AUTOCLOSE_MS },
  guards: {
    'hasAddress?': ({ event }) => {
      assertEvent(event, 'ASK');
      return event.href.trim() !== '';
    },
  },
  actions: {
    remember: assign(({ event }) => {
      assertEvent(event, 'ASK');
      return { href: event.href, error: undefined };
    }),
    forgetError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'customCssReset',
  initial: 'idle',
  context: { href: undefined, error: undefined },
  states: {
    idle: {
      on: { ASK: { guard: 'hasAddress?', target: 'confirming', actions: 'remember' } },
    },
    confirming: {
      on: { CONFIRM: 'clearing', CANCEL: 'idle' },
    },
    clearing: {
      entry: 'forgetError',
      invoke: {
        id: 'clear',
        src: 'clear',
        input: ({ context }) => ({ href: context.href! }),
        onDone: 'cleared',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => customCssResetErrorMessage(event.error) }) },
      },
    },
    cleared: {
      after: { noticeTimeout: 'idle' },
      on: { DISMISS: 'idle' },
    },
    failed: {
      on: { CONFIRM: 'clearing', CANCEL: { target: 'idle', actions: 'forgetError' } },
    },
  },
});
