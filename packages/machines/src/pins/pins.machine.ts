/**
 * The user's pins, shared by every pin toggle and the Pins view (issue 13; spec 01 §3 Pins, §4 Pinning "Pinning an
 * asset toggles it; the pin is refused when the server reports no assets added (the pin limit)", §7 `GET`, `POST`,
 * `PATCH` on the pins url, §8 "Pin limit error is named pinLimit"; spec 02 §2 pin toggle, §3 "Pinning … use shared
 * stores").
 *
 * loading → ready, or → failed (RETRY loads again). In ready, TOGGLE pins what is not pinned and unpins what is
 * (saving); the server's answer becomes the pins. A pin that adds nothing is the pin limit: ready with the
 * {@link PIN_LIMIT_NOTICE} `pinLimit` notice. A failed save keeps the pins and says why. DISMISS clears the notice;
 * RELOAD (another screen changed the pins) loads again. One change at a time: TOGGLE waits for ready.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** The name of the notice shown at the pin limit (spec 01 §8 "Pin limit error is named pinLimit"). */
export const PIN_LIMIT_NOTICE = 'pinLimit';

/** The `pinLimit` message for a limit of `limit` pins. */
export function pinLimitMessage(limit: number): string {
  return `You have pinned as many things as you can (${limit}). Unpin something to pin this.`;
}

/** What a failed load or save says: the DAM's message for a 4xx, the general message otherwise (spec 01 §8). */
export function pinErrorMessage(error: unknown): string {
  if (typeof error !== 'object' || error === null) return DEFAULT_ERROR_MESSAGE;
  const { status, responseJSON } = error as { status?: number; responseJSON?: { message?: string } | null };
  if (status === 401) return 'Access denied';
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** One pin as the machine keeps it: the pinned thing's href and what it is (the rest travels untouched). */
export interface PinEntry {
  readonly href: string;
  readonly type: string;
}

/** The pins as the server answered them: the list and the site's limit. */
export interface PinsAnswer<TPin extends PinEntry = PinEntry> {
  readonly data: readonly TPin[];
  readonly limit: number;
}

/** What a save answers: the pins after it, and for a pin how many were added. */
export interface PinsSaveAnswer<TPin extends PinEntry = PinEntry> extends PinsAnswer<TPin> {
  readonly added?: number;
}

/** The input of `savePins`: the pins url, the href to change and whether to pin or unpin it. */
export interface PinsSaveInput {
  readonly href: string;
  readonly target: string;
  readonly pin: boolean;
}

/** Input: the descriptor's `pins`. */
export interface PinsInput {
  readonly href: string;
}

/** A notice under the pin toggles: the pin limit, or a failed save. */
export interface PinsNotice {
  /** {@link PIN_LIMIT_NOTICE} or `saveFailed`. */
  readonly name: typeof PIN_LIMIT_NOTICE | 'saveFailed';
  readonly message: string;
}

/** Context: the pins, the limit, the change in flight, the last notice, and why the last load failed. */
export interface PinsContext {
  readonly href: string;
  readonly pins: readonly PinEntry[];
  readonly limit: number;
  /** The change being saved (in `saving`). */
  readonly pending: { readonly target: string; readonly pin: boolean } | undefined;
  readonly notice: PinsNotice | undefined;
  readonly loadError: string | undefined;
}

/** TOGGLE a pin (the toggles), RETRY a failed load, RELOAD the pins, DISMISS the notice. */
export type PinsEvent = { type: 'TOGGLE'; target: string } | { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'DISMISS' };

/**
 * The machine. Provide `loadPins` (`{href}` → {@link PinsAnswer}, `GET href`) and `savePins` ({@link PinsSaveInput}
 * → {@link PinsSaveAnswer}: `POST href {data: [target]}` to pin, `PATCH href {assets: {delete: [target]}}` to
 * unpin) with `.provide({actors})`; both reject with `{status, responseJSON}`. The built-in ones reject.
 */
export const pinsMachine = setup({
  types: {
    context: {} as PinsContext,
    events: {} as PinsEvent,
    input: {} as PinsInput,
  },
  actors: {
    loadPins: fromPromise<PinsAnswer, { href: string }>(async () => {
      throw new Error('pins: provide `loadPins` with .provide()');
    }),
    savePins: fromPromise<PinsSaveAnswer, PinsSaveInput>(async () => {
      throw new Error('pins: provide `savePins` with .provide()');
    }),
  },
  guards: {
    addedNothing: ({ context, event }) => context.pending?.pin === true && (event as unknown as { output: PinsSaveAnswer }).output.added === 0,
  },
  actions: {
    storePins: assign((_, params: { answer: PinsAnswer }) => ({ pins: params.answer.data, limit: params.answer.limit })),
    showLimit: assign(({ context }) => ({ notice: { name: PIN_LIMIT_NOTICE, message: pinLimitMessage(context.limit) } as PinsNotice })),
    showSaveError: assign((_, params: { error: unknown }) => ({
      notice: { name: 'saveFailed', message: `The pin could not be saved. ${pinErrorMessage(params.error)}` } as PinsNotice,
    })),
    clearNotice: assign({ notice: undefined }),
    clearPending: assign({ pending: undefined }),
  },
}).createMachine({
  id: 'pins',
  initial: 'loading',
  context: ({ input }) => ({ href: input.href, pins: [], limit: 0, pending: undefined, notice: undefined, loadError: undefined }),
  states: {
    loading: {
      entry: assign({ loadError: undefined }),
      invoke: {
        id: 'loadPins',
        src: 'loadPins',
        input: ({ context }) => ({ href: context.href }),
        onDone: { target: 'ready', actions: { type: 'storePins', params: ({ event }) => ({ answer: event.output }) } },
        onError: { target: 'failed', actions: assign({ loadError: ({ event }) => pinErrorMessage(event.error) }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        TOGGLE: {
          target: 'saving',
          actions: assign(({ context, event }) => ({
            pending: { target: event.target, pin: !context.pins.some((p) => p.href === event.target) },
            notice: undefined,
          })),
        },
        DISMISS: { actions: 'clearNotice' },
        RELOAD: 'loading',
      },
    },
    saving: {
      invoke: {
        id: 'savePins',
        src: 'savePins',
        input: ({ context }) => ({ href: context.href, target: context.pending!.target, pin: context.pending!.pin }),
        onDone: [
          {
            guard: 'addedNothing',
            target: 'ready',
            actions: [{ type: 'storePins', params: ({ event }) => ({ answer: event.output }) }, 'showLimit', 'clearPending'],
          },
          { target: 'ready', actions: [{ type: 'storePins', params: ({ event }) => ({ answer: event.output }) }, 'clearPending'] },
        ],
        onError: { target: 'ready', actions: [{ type: 'showSaveError', params: ({ event }) => ({ error: event.error }) }, 'clearPending'] },
      },
    },
  },
});
