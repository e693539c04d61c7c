/**
 * The consent page's settings form (issue 15; spec 03 §3.10 consent settings, §6 "Loading consent form settings:
 * triggered by the canConfigureConsentForms permission"; dam.yaml `getConsentFormSettings`,
 * `updateConsentFormSettings`): company, contact, the default URL expiry, consent forms on or off, the PDF's logo.
 *
 * loading (the `load` actor reads the settings) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): EDIT {change} changes the draft and goes to ready.idle; SAVE → saving when the draft differs
 * from what is stored and has no problem ({@link consentSettingsProblems}). saving: the `save` actor PUTs the whole
 * settings → ready.saved with what the DAM stored, or → ready.failed with the reason (the draft is kept). The lists
 * (categories, templates, languages, default fields) change through EDIT too, given whole (`consentLists.ts`). The
 * chart is the load/save editors' (`loadSave/createLoadSaveMachine.ts`).
 */
import { consentListProblems, type ConsentFormSettings, type ConsentListName } from '@magpie/api-types';
import { createLoadSaveMachine, loadSaveErrorMessage, type LoadSaveContext, type LoadSaveEvent } from '../loadSave/createLoadSaveMachine.ts';

/** The longest URL expiry the DAM takes, in days (dam.yaml `updateConsentFormSettings`). */
export const CONSENT_URL_EXPIRY_MAX_DAYS = 3650;
/** What the form shows when a call failed without a message of its own. */
export const CONSENT_SETTINGS_DEFAULT_ERROR = 'The consent settings could not be saved. Try again in a moment.';
/** What the page says when the settings could not be read. */
export const CONSENT_SETTINGS_LOAD_FAILED = 'The consent settings could not be loaded.';

/**
 * A problem of the draft: the field or list it is about, its path (`templates.2.language`; the field's name for the
 * others) and the message.
 */
export interface ConsentSettingsProblem {
  readonly field: 'defaultUrlExpiryDays' | 'contactEmailAddress' | 'companyName' | ConsentListName;
  readonly path: string;
  readonly message: string;
}

/** Context: what is stored, the draft being edited, and the reason of the last failure (the load/save chart's). */
export type ConsentSettingsContext = LoadSaveContext<ConsentFormSettings | undefined>;

/** The EDIT event: any of the settings, the lists given whole (`consentLists.ts` makes them). */
export interface ConsentSettingsEditEvent {
  readonly type: 'EDIT';
  readonly change: Partial<ConsentFormSettings>;
}

/** Events: `EDIT {change}` (any field), `SAVE`, `RETRY` (after a failed load). */
export type ConsentSettingsEvent = LoadSaveEvent<ConsentSettingsEditEvent>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What keeps a draft from being saved, the DAM's rules as the form shows them (empty when it may be saved): the
 * scalar settings', then the lists' (`consentListProblems` of `@magpie/api-types`, the DAM's own check).
 */
export function consentSettingsProblems(draft: ConsentFormSettings): readonly ConsentSettingsProblem[] {
  const problems: ConsentSettingsProblem[] = [];
  const days = draft.defaultUrlExpiryDays;
  if (!Number.isInteger(days) || days < 1 || days > CONSENT_URL_EXPIRY_MAX_DAYS) {
    problems.push({ field: 'defaultUrlExpiryDays', path: 'defaultUrlExpiryDays', message: `The URL expiry is a whole number of days from 1 to ${CONSENT_URL_EXPIRY_MAX_DAYS}.` });
  }
  const email = draft.contactEmailAddress.trim();
  if (email !== '' && !EMAIL.test(email)) problems.push({ field: 'contactEmailAddress', path: 'contactEmailAddress', message: 'The contact e-mail address is not valid.' });
  if (draft.companyName.length > 200) problems.push({ field: 'companyName', path: 'companyName', message: 'The company name is at most 200 characters.' });
  for (const problem of consentListProblems(draft)) problems.push({ field: problem.path.split('.')[0] as ConsentListName, ...problem });
  return problems;
}

/** Whether the draft differs from what is stored. */
export function consentSettingsChanged(stored: ConsentFormSettings | undefined, draft: ConsentFormSettings | undefined): boolean {
  return stored !== undefined && draft !== undefined && JSON.stringify(stored) !== JSON.stringify(draft);
}

/**
 * The reason of a failed call: its own `message` (the DAM's error body's), else the default; a 400's issues follow
 * it, each naming its item (`ApiError.body.issues`), should the DAM refuse what the page let through.
 */
export function consentSettingsErrorMessage(error: unknown): string {
  const message = loadSaveErrorMessage(error, CONSENT_SETTINGS_DEFAULT_ERROR);
  const { body, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as { body?: { issues?: unknown }; responseJSON?: { issues?: unknown } };
  const issues = body?.issues ?? responseJSON?.issues;
  if (!Array.isArray(issues)) return message;
  const said = issues.flatMap((issue) => (typeof (issue as { message?: unknown })?.message === 'string' ? [(issue as { message: string }).message] : []));
  return said.length === 0 ? message : `${message} ${said.slice(0, 5).join(' ')}`;
}

/**
 * See the module comment: the load/save chart (`loadSave/createLoadSaveMachine.ts`, shared with the footer editor)
 * with the consent settings' rules. Provide `load` and `save` (with the API client).
 */
export const consentSettingsMachine = createLoadSaveMachine<ConsentFormSettings, ConsentFormSettings | undefined, ConsentSettingsEditEvent, { settings: ConsentFormSettings }>({
  id: 'consentSettings',
  empty: undefined,
  valueOf: (settings) => settings,
  edit: (draft, event) => ({ ...draft!, ...event.change }),
  saveInput: (draft) => ({ settings: draft! }),
  isSavable: (stored, draft) => consentSettingsChanged(stored, draft) && consentSettingsProblems(draft!).length === 0,
  defaultError: CONSENT_SETTINGS_DEFAULT_ERROR,
  errorMessage: consentSettingsErrorMessage,
});
