/**
 * The administrator's footer editor (issue 15; spec 02 §2 "a custom markdown footer"; dam.yaml `getSiteFooter`,
 * `updateSiteFooter`): the Markdown of the site's footer, with a live preview, saved with `manageSettings`.
 *
 * loading (the `load` actor reads the footer) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): EDIT changes the draft and goes to ready.idle; SAVE → saving when the draft differs from
 * what is stored and is within {@link FOOTER_MAX_LENGTH} ({@link footerDraftProblem}). saving: the `save` actor PUTs
 * the draft → ready.saved with what the DAM stored, or → ready.failed with the reason (the draft is kept).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { SITE_FOOTER_MAX_LENGTH } from '@magpie/api-types';

/** The longest footer the DAM stores (characters; dam.yaml `SiteFooterUpdate`). */
export const FOOTER_MAX_LENGTH = SITE_FOOTER_MAX_LENGTH;

/** What the editor shows when a call failed without a message of its own. */
export const FOOTER_EDITOR_DEFAULT_ERROR = 'The footer could not be saved. Try again in a moment.';

/** The footer as the DAM answers it (dam.yaml `SiteFooter`). */
export interface FooterReply {
  readonly markdown: string;
}

/** Context: what is stored, the draft being edited, and the reason of the last failure. */
export interface FooterEditorContext {
  readonly stored: string;
  readonly draft: string;
  readonly error: string | undefined;
}

/**
 * Events of {@link footerEditorMachine}: `EDIT {markdown}` (the textarea), `SAVE`, `RETRY` (after a failed load).
 */
export type FooterEditorEvent = { type: 'EDIT'; markdown: string } | { type: 'SAVE' } | { type: 'RETRY' };

/** Why a draft may not be saved, as the editor shows it; undefined when it may. */
export function footerDraftProblem(draft: string): string | undefined {
  if (draft.length > FOOTER_MAX_LENGTH) return `The footer is at most ${FOOTER_MAX_LENGTH.toLocaleString('en')} characters (${draft.length.toLocaleString('en')} now).`;
  return undefined;
}

/** The message of a failed call: its own `message` (the DAM's error body's), else the default. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : FOOTER_EDITOR_DEFAULT_ERROR;
}

/** See the module comment. Provide `load` and `save` (with the API client). */
export const footerEditorMachine = setup({
  types: { context: {} as FooterEditorContext, events: {} as FooterEditorEvent },
  actors: {
    load: fromPromise<FooterReply, void>(async () => {
      throw new Error('footerEditor: provide the load actor');
    }),
    save: fromPromise<FooterReply, { markdown: string }>(async () => {
      throw new Error('footerEditor: provide the save actor');
    }),
  },
  guards: {
    'isSavable?': ({ context }) => context.draft !== context.stored && footerDraftProblem(context.draft) === undefined,
  },
}).createMachine({
  id: 'footerEditor',
  context: { stored: '', draft: '', error: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ stored: event.output.markdown, draft: event.output.markdown, error: undefined })) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        EDIT: {
          target: '.idle',
          actions: assign(({ event }) => {
            assertEvent(event, 'EDIT');
            return { draft: event.markdown, error: undefined };
          }),
        },
        SAVE: { guard: 'isSavable?', target: 'saving' },
      },
      states: {
        idle: {},
        saved: {},
        failed: {},
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ markdown: context.draft }),
        onDone: { target: 'ready.saved', actions: assign(({ event }) => ({ stored: event.output.markdown, draft: event.output.markdown, error: undefined })) },
        onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
