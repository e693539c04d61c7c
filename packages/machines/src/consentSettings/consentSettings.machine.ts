/**
 * The consent page's settings form (issue 15; spec 03 §3.10 consent settings, §6 "Loading consent form settings:
 * triggered by the canConfigureConsentForms permission"; dam.yaml `getConsentFormSettings`,
 * `updateConsentFormSettings`): company, contact, the default URL expiry, consent forms on or off, the PDF's logo.
 *
 * loading (the `load` actor reads the settings) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): EDIT {change} changes the draft and goes to ready.idle; SAVE → saving when the draft differs
 * from what is stored and has no problem ({@link consentSettingsProblems}). saving: the `save` actor PUTs the whole
 * settings → ready.saved with what the DAM stored, or → ready.failed with the reason (the draft is kept).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ConsentFormSettings } from '@magpie/api-types';

/** The longest URL expiry the DAM takes, in days (dam.yaml `updateConsentFormSettings`). */
export const CONSENT_URL_EXPIRY_MAX_DAYS = 3650;
/** What the form shows when a call failed without a message of its own. */
export const CONSENT_SETTINGS_DEFAULT_ERROR = 'The consent settings could not be saved. Try again in a moment.';
/** What the page says when the settings could not be read. */
export const CONSENT_SETTINGS_LOAD_FAILED = 'The consent settings could not be loaded.';

/** A problem of the draft: the field it is about and the message. */
export interface ConsentSettingsProblem {
  readonly field: 'defaultUrlExpiryDays' | 'contactEmailAddress' | 'companyName';
  readonly message: string;
}

/** Context: what is stored, the draft being edited, and the reason of the last failure. */
export interface ConsentSettingsContext {
  readonly stored: ConsentFormSettings | undefined;
  readonly draft: ConsentFormSettings | undefined;
  readonly error: string | undefined;
}

/** Events: `EDIT {change}` (any field), `SAVE`, `RETRY` (after a failed load). */
export type ConsentSettingsEvent = { type: 'EDIT'; change: Partial<ConsentFormSettings> } | { type: 'SAVE' } | { type: 'RETRY' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What keeps a draft from being saved, the DAM's rules as the form shows them (empty when it may be saved). */
export function consentSettingsProblems(draft: ConsentFormSettings): readonly ConsentSettingsProblem[] {
  const problems: ConsentSettingsProblem[] = [];
  const days = draft.defaultUrlExpiryDays;
  if (!Number.isInteger(days) || days < 1 || days > CONSENT_URL_EXPIRY_MAX_DAYS) {
    problems.push({ field: 'defaultUrlExpiryDays', message: `The URL expiry is a whole number of days from 1 to ${CONSENT_URL_EXPIRY_MAX_DAYS}.` });
  }
  const email = draft.contactEmailAddress.trim();
  if (email !== '' && !EMAIL.test(email)) problems.push({ field: 'contactEmailAddress', message: 'The contact e-mail address is not valid.' });
  if (draft.companyName.length > 200) problems.push({ field: 'companyName', message: 'The company name is at most 200 characters.' });
  return problems;
}

/** Whether the draft differs from what is stored. */
export function consentSettingsChanged(stored: ConsentFormSettings | undefined, draft: ConsentFormSettings | undefined): boolean {
  return stored !== undefined && draft !== undefined && JSON.stringify(stored) !== JSON.stringify(draft);
}

/** The message of a failed call: its own `message` (the DAM's error body's), else the default. */
function messageOf(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : CONSENT_SETTINGS_DEFAULT_ERROR;
}

/** See the module comment. Provide `load` and `save` (with the API client). */
export const consentSettingsMachine = setup({
  types: { context: {} as ConsentSettingsContext, events: {} as ConsentSettingsEvent },
  actors: {
    load: fromPromise<ConsentFormSettings, void>(async () => {
      throw new Error('consentSettings: provide the load actor');
    }),
    save: fromPromise<ConsentFormSettings, { settings: ConsentFormSettings }>(async () => {
      throw new Error('consentSettings: provide the save actor');
    }),
  },
  guards: {
    'isSavable?': ({ context }) => consentSettingsChanged(context.stored, context.draft) && consentSettingsProblems(context.draft!).length === 0,
  },
}).createMachine({
  id: 'consentSettings',
  context: { stored: undefined, draft: undefined, error: undefined },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ stored: event.output, draft: event.output, error: undefined })) },
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
          actions: assign(({ context, event }) => {
            assertEvent(event, 'EDIT');
            return { draft: { ...context.draft!, ...event.change }, error: undefined };
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
        input: ({ context }) => ({ settings: context.draft! }),
        onDone: { target: 'ready.saved', actions: assign(({ event }) => ({ stored: event.output, draft: event.output, error: undefined })) },
        onError: { target: 'ready.failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
  },
});
