/**
 * Styling a folder's tile (issue 13; spec 02 §2 Collection tile, §9 "the colour palette holds 36 fixed colours;
 * default icon Folder"): a colour of the palette (or the default) and an icon (or the default) are chosen, then saved;
 * a refusal keeps the dialog open with the reason.
 *
 * editing (CHOOSE_COLOR, CHOOSE_ICON; SUBMIT) → saving → done with what was saved, or back to editing with the
 * server's reason. SUBMIT with nothing changed closes at once (done, nothing sent). CANCEL → cancelled.
 */
import { assign, fromPromise, setup } from 'xstate';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';

/** A tile's look: its colour (`#rrggbb` of the palette) and icon (a `COLLECTION_ICONS` name); null is the default. */
export interface CollectionStyle {
  readonly color: string | null;
  readonly icon: string | null;
}

/** The input: the folder's `edit` href and its style now. */
export interface CollectionStyleInput extends CollectionStyle {
  readonly href: string;
}

/** Context: the input, the style chosen, and the server's refusal. */
export interface CollectionStyleContext {
  readonly href: string;
  readonly original: CollectionStyle;
  readonly color: string | null;
  readonly icon: string | null;
  readonly error: string | undefined;
  readonly saved: CollectionStyle | undefined;
}

/** The dialog's events. */
export type CollectionStyleEvent = { type: 'CHOOSE_COLOR'; color: string | null } | { type: 'CHOOSE_ICON'; icon: string | null } | { type: 'SUBMIT' } | { type: 'CANCEL' };

/** What a refused save says: the DAM's message for a 4xx, the general message otherwise. */
export function collectionStyleErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { status?: number; responseJSON?: { message?: string } | null };
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/**
 * The machine. Provide `save` ({href, color, icon} → the style saved; `PATCH` the folder's `edit` `{color,
 * iconCharacter}`, rejecting with `{status, responseJSON}`) with `.provide({actors})`.
 */
export const collectionStyleMachine = setup({
  types: { context: {} as CollectionStyleContext, events: {} as CollectionStyleEvent, input: {} as CollectionStyleInput },
  actors: {
    save: fromPromise<CollectionStyle, CollectionStyleInput>(async () => {
      throw new Error('collectionStyle: provide `save` with .provide()');
    }),
  },
  guards: {
    unchanged: ({ context }) => context.color === context.original.color && context.icon === context.original.icon,
  },
}).createMachine({
  id: 'collectionStyle',
  initial: 'editing',
  context: ({ input }) => ({
    href: input.href,
    original: { color: input.color, icon: input.icon },
    color: input.color,
    icon: input.icon,
    error: undefined,
    saved: undefined,
  }),
  states: {
    editing: {
      on: {
        CHOOSE_COLOR: { actions: assign({ color: ({ event }) => event.color, error: undefined }) },
        CHOOSE_ICON: { actions: assign({ icon: ({ event }) => event.icon, error: undefined }) },
        SUBMIT: [{ guard: 'unchanged', target: 'done', actions: assign({ saved: ({ context }) => context.original }) }, { target: 'saving' }],
        CANCEL: 'cancelled',
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ href: context.href, color: context.color, icon: context.icon }),
        onDone: { target: 'done', actions: assign({ saved: ({ event }) => event.output }) },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => collectionStyleErrorMessage(event.error) }) },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
