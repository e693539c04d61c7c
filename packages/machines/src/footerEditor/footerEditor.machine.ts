/**
 * The administrator's footer editor (issue 15; spec 02 §2 "a custom markdown footer"; dam.yaml `getSiteFooter`,
 * `updateSiteFooter`): the Markdown of the site's footer, with a live preview, saved with `manageSettings`.
 *
 * loading (the `load` actor reads the footer) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): EDIT changes the draft and goes to ready.idle; SAVE → saving when the draft differs from
 * what is stored and is within {@link FOOTER_MAX_LENGTH} ({@link footerDraftProblem}). saving: the `save` actor PUTs
 * the draft → ready.saved with what the DAM stored, or → ready.failed with the reason (the draft is kept). The chart is
 * the load/save editors' (`loadSave/createLoadSaveMachine.ts`).
 */
import { SITE_FOOTER_MAX_LENGTH } from '@magpie/api-types';
import { createLoadSaveMachine, type LoadSaveContext, type LoadSaveEvent } from '../loadSave/createLoadSaveMachine.ts';

/** The longest footer the DAM stores (characters; dam.yaml `SiteFooterUpdate`). */
export const FOOTER_MAX_LENGTH = SITE_FOOTER_MAX_LENGTH;

/** What the editor shows when a call failed without a message of its own. */
export const FOOTER_EDITOR_DEFAULT_ERROR = 'The footer could not be saved. Try again in a moment.';

/** The footer as the DAM answers it (dam.yaml `SiteFooter`). */
export interface FooterReply {
  readonly markdown: string;
}

/** Context: what is stored, the draft being edited, and the reason of the last failure (the load/save chart's). */
export type FooterEditorContext = LoadSaveContext<string>;

/**
 * Events of {@link footerEditorMachine}: `EDIT {markdown}` (the textarea), `SAVE`, `RETRY` (after a failed load).
 */
export type FooterEditorEvent = LoadSaveEvent<{ type: 'EDIT'; markdown: string }>;

/** Why a draft may not be saved, as the editor shows it; undefined when it may. */
export function footerDraftProblem(draft: string): string | undefined {
  if (draft.length > FOOTER_MAX_LENGTH) return `The footer is at most ${FOOTER_MAX_LENGTH.toLocaleString('en')} characters (${draft.length.toLocaleString('en')} now).`;
  return undefined;
}

/**
 * See the module comment: the load/save chart (`loadSave/createLoadSaveMachine.ts`, shared with the consent settings)
 * with the footer's rules. Provide `load` and `save` (with the API client).
 */
export const footerEditorMachine = createLoadSaveMachine<FooterReply, string, { type: 'EDIT'; markdown: string }, { markdown: string }>({
  id: 'footerEditor',
  empty: '',
  valueOf: (reply) => reply.markdown,
  edit: (_draft, event) => event.markdown,
  saveInput: (markdown) => ({ markdown }),
  isSavable: (stored, draft) => draft !== stored && footerDraftProblem(draft) === undefined,
  defaultError: FOOTER_EDITOR_DEFAULT_ERROR,
});
