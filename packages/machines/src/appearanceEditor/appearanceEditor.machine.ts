/**
 * The Manage site page's Appearance section (issue 15; spec 01 §3 `appearance.customCss`, §7 "POST custom CSS url:
 * cssContent"; spec 02 §3 `customizations.customTitleBarButtons`; dam.yaml `getAppearanceSettings`,
 * `updateCustomCss`, `updateTitleBarButtons`): the custom CSS and the title-bar buttons, each with its own draft and
 * Save, saved with `changeSiteAppearance`.
 *
 * loading (the `load` actor reads the settings) → ready, or → loadFailed with the reason (RETRY → loading).
 * ready (idle | saved | failed): EDIT_CSS and EDIT_BUTTONS change a draft (→ ready.idle); SAVE_CSS → savingCss when
 * the CSS draft differs from what is stored and is within the size limit ({@link cssDraftProblem}); CLEAR_CSS →
 * savingCss with an empty stylesheet when one is stored; SAVE_BUTTONS → savingButtons when the buttons differ and
 * have no problems ({@link titleBarButtonProblems}). savingCss / savingButtons: the `saveCss` / `saveButtons` actor
 * sends the draft → ready.saved with what the DAM stored (`saved` says which), or → ready.failed with the reason (413
 * or 400's message, the general error otherwise); the drafts are kept.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { isTitleBarHref, TITLE_BAR_LIMITS, utf8Bytes, type AppearanceSettings, type TitleBarButton } from '@magpie/api-types';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** What the last save changed: the CSS, or the buttons. */
export type AppearanceSaved = 'css' | 'buttons';

/** Context: what is stored, the two drafts, which save went through last, and the reason of the last failure. */
export interface AppearanceEditorContext {
  readonly stored: AppearanceSettings | undefined;
  readonly cssDraft: string;
  readonly buttonsDraft: readonly TitleBarButton[];
  readonly saved: AppearanceSaved | undefined;
  readonly error: string | undefined;
}

/** The screen's events. */
export type AppearanceEditorEvent =
  | { type: 'EDIT_CSS'; css: string }
  | { type: 'SAVE_CSS' }
  | { type: 'CLEAR_CSS' }
  | { type: 'EDIT_BUTTONS'; buttons: readonly TitleBarButton[] }
  | { type: 'SAVE_BUTTONS' }
  | { type: 'RETRY' };

/** Why the CSS draft may not be saved (over `maxBytes` bytes of UTF-8), as the editor shows it; undefined when it may. */
export function cssDraftProblem(css: string, maxBytes: number): string | undefined {
  const bytes = utf8Bytes(css);
  if (bytes <= maxBytes) return undefined;
  return `The CSS is ${bytes.toLocaleString('en')} bytes; the limit is ${maxBytes.toLocaleString('en')} bytes (${Math.round(maxBytes / 1024)} KiB).`;
}

/** A problem of one button's field (`row` counts from 0), as the editor shows it beside the field. */
export interface TitleBarButtonProblem {
  readonly row: number;
  readonly field: 'tooltip' | 'href' | 'index' | 'list';
  readonly message: string;
}

/** The problems of a list of buttons (the DAM's rules: tooltip, http(s) or site-relative link, index, how many). */
export function titleBarButtonProblems(buttons: readonly TitleBarButton[]): TitleBarButtonProblem[] {
  const problems: TitleBarButtonProblem[] = [];
  if (buttons.length > TITLE_BAR_LIMITS.maxButtons) problems.push({ row: -1, field: 'list', message: `At most ${TITLE_BAR_LIMITS.maxButtons} buttons.` });
  buttons.forEach((button, row) => {
    const tooltip = button.tooltip.trim();
    if (tooltip === '') problems.push({ row, field: 'tooltip', message: 'A button needs a tooltip.' });
    else if (tooltip.length > TITLE_BAR_LIMITS.maxTooltip) problems.push({ row, field: 'tooltip', message: `A tooltip is at most ${TITLE_BAR_LIMITS.maxTooltip} characters.` });
    if (!isTitleBarHref(button.href)) problems.push({ row, field: 'href', message: 'Link to an http(s) address or a path on this site (starting with /).' });
    if (!Number.isInteger(button.index) || button.index < 0 || button.index > TITLE_BAR_LIMITS.maxIndex) {
      problems.push({ row, field: 'index', message: `The position is a whole number from 0 to ${TITLE_BAR_LIMITS.maxIndex}.` });
    }
  });
  return problems;
}

/** The buttons as they are sent: tooltips trimmed. */
export function titleBarButtonsToSave(buttons: readonly TitleBarButton[]): TitleBarButton[] {
  return buttons.map((button) => ({ ...button, tooltip: button.tooltip.trim() }));
}

/**
 * What a failed call says, from `{status, responseJSON}`: the DAM's message for a 4xx (413 over the size limit, 400 a
 * link that is not allowed, 403), the general error otherwise (spec 01 §8).
 */
export function appearanceErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

const sameButtons = (a: readonly TitleBarButton[], b: readonly TitleBarButton[]) => JSON.stringify(titleBarButtonsToSave(a)) === JSON.stringify(b);

/**
 * The machine. Provide `load` (→ `AppearanceSettings`), `saveCss` (`{css}` → `AppearanceSettings`) and `saveButtons`
 * (`{buttons}` → the stored list) with `.provide({actors})`; each rejects with `{status, responseJSON}`.
 */
export const appearanceEditorMachine = setup({
  types: { context: {} as AppearanceEditorContext, events: {} as AppearanceEditorEvent },
  actors: {
    load: fromPromise<AppearanceSettings, void>(async () => {
      throw new Error('appearanceEditor: provide the load actor');
    }),
    saveCss: fromPromise<AppearanceSettings, { css: string }>(async () => {
      throw new Error('appearanceEditor: provide the saveCss actor');
    }),
    saveButtons: fromPromise<readonly TitleBarButton[], { buttons: readonly TitleBarButton[] }>(async () => {
      throw new Error('appearanceEditor: provide the saveButtons actor');
    }),
  },
  guards: {
    'cssSavable?': ({ context }) =>
      context.stored !== undefined && context.cssDraft !== context.stored.cssContent && cssDraftProblem(context.cssDraft, context.stored.cssMaxBytes) === undefined,
    'cssStored?': ({ context }) => context.stored !== undefined && context.stored.cssContent !== '',
    'buttonsSavable?': ({ context }) =>
      context.stored !== undefined && !sameButtons(context.buttonsDraft, context.stored.titleBarButtons) && titleBarButtonProblems(context.buttonsDraft).length === 0,
  },
  actions: {
    takeSettings: assign((_, settings: AppearanceSettings) => ({
      stored: settings,
      cssDraft: settings.cssContent,
      buttonsDraft: settings.titleBarButtons,
      error: undefined,
    })),
    showError: assign((_, params: { error: unknown }) => ({ error: appearanceErrorMessage(params.error) })),
  },
}).createMachine({
  id: 'appearanceEditor',
  context: { stored: undefined, cssDraft: '', buttonsDraft: [], saved: undefined, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ error: undefined }),
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: { type: 'takeSettings', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        EDIT_CSS: {
          target: '.idle',
          actions: assign(({ event }) => {
            assertEvent(event, 'EDIT_CSS');
            return { cssDraft: event.css, error: undefined, saved: undefined };
          }),
        },
        EDIT_BUTTONS: {
          target: '.idle',
          actions: assign(({ event }) => {
            assertEvent(event, 'EDIT_BUTTONS');
            return { buttonsDraft: event.buttons, error: undefined, saved: undefined };
          }),
        },
        SAVE_CSS: { guard: 'cssSavable?', target: 'savingCss' },
        CLEAR_CSS: { guard: 'cssStored?', target: 'savingCss', actions: assign({ cssDraft: '' }) },
        SAVE_BUTTONS: { guard: 'buttonsSavable?', target: 'savingButtons' },
      },
      states: {
        idle: {},
        saved: {},
        failed: {},
      },
    },
    savingCss: {
      entry: assign({ saved: undefined, error: undefined }),
      invoke: {
        id: 'saveCss',
        src: 'saveCss',
        input: ({ context }) => ({ css: context.cssDraft }),
        onDone: {
          target: 'ready.saved',
          actions: assign(({ context, event }) => ({
            stored: { ...event.output, titleBarButtons: context.stored!.titleBarButtons },
            cssDraft: event.output.cssContent,
            saved: 'css' as const,
            error: undefined,
          })),
        },
        onError: { target: 'ready.failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    savingButtons: {
      entry: assign({ saved: undefined, error: undefined }),
      invoke: {
        id: 'saveButtons',
        src: 'saveButtons',
        input: ({ context }) => ({ buttons: titleBarButtonsToSave(context.buttonsDraft) }),
        onDone: {
          target: 'ready.saved',
          actions: assign(({ context, event }) => ({
            stored: { ...context.stored!, titleBarButtons: [...event.output] },
            buttonsDraft: event.output,
            saved: 'buttons' as const,
            error: undefined,
          })),
        },
        onError: { target: 'ready.failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
