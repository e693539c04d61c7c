/**
 * The asset view's consent forms (issue 15; spec 01 §3 consentStatus, spec 03 §3.11 ViewConsentDetails and
 * ManageConsentStatus; dam.yaml `listAssetConsentForms`, `createConsentForm`, `updateConsentForm`): the forms that
 * cover the asset, with their details, and the form dialog that records a new one on the asset or changes one.
 *
 * loading (the `load` actor reads the asset's forms) → ready, or → loadFailed with the reason (RETRY → loading).
 * ready: ADD opens the dialog on an empty form, EDIT {form} on that form (→ editing). editing: CHANGE {change} changes
 * the draft; SAVE → saving when the draft has no problem ({@link consentFormProblems}); CANCEL → ready. saving: the
 * `save` actor creates the form on the asset (no `href`) or changes it → loading again (the `changed` action tells
 * the asset view, whose summary changed), or → editing with the reason (the draft is kept).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ConsentForm, ConsentFormFields, ConsentFormState } from '@magpie/api-types';

/** The states a form may be in, in the order the dialog offers them (FotoWare's `ConsentFormState`). */
export const CONSENT_FORM_STATE_OPTIONS: readonly ConsentFormState[] = ['Signed', 'PartiallySigned', 'Pending', 'Declined', 'Revoked'];
/** What the panel shows when a call failed without a message of its own. */
export const CONSENT_PANEL_DEFAULT_ERROR = 'The consent form could not be saved. Try again in a moment.';
/** What the panel says when the forms could not be read. */
export const CONSENT_PANEL_LOAD_FAILED = 'The consent forms could not be loaded.';

/** A form as the dialog edits it: dates `YYYY-MM-DD` or '', the usages as comma-separated text. */
export interface ConsentFormDraft {
  readonly personName: string;
  readonly email: string;
  readonly state: ConsentFormState;
  readonly signed: string;
  readonly expires: string;
  readonly category: string;
  readonly usages: string;
}

/** A problem of the draft: its field and the message. */
export interface ConsentFormProblem {
  readonly field: keyof ConsentFormDraft;
  readonly message: string;
}

/** The input: the asset whose forms these are (`uniqueid`, and its href for a new form). */
export interface ConsentPanelInput {
  readonly assetId: string;
  readonly assetHref: string;
}

/** What the `save` actor is given: the form's href to change, or none to record it on `assetHref`. */
export interface ConsentFormSaveInput {
  readonly assetHref: string;
  readonly href: string | undefined;
  readonly fields: ConsentFormFields;
}

/** Context: the forms, the dialog's draft and the form it changes (`editing`, undefined for a new one), the last error. */
export interface ConsentPanelContext {
  readonly assetId: string;
  readonly assetHref: string;
  readonly forms: readonly ConsentForm[];
  readonly draft: ConsentFormDraft;
  readonly editing: string | undefined;
  readonly error: string | undefined;
}

/** Events of {@link consentPanelMachine}. */
export type ConsentPanelEvent =
  { type: 'ADD' } | { type: 'EDIT'; form: ConsentForm } | { type: 'CHANGE'; change: Partial<ConsentFormDraft> } | { type: 'SAVE' } | { type: 'CANCEL' } | { type: 'RETRY' };

/** An empty form: signed today is the common case of a model release recorded on the spot. */
export const EMPTY_CONSENT_FORM: ConsentFormDraft = { personName: '', email: '', state: 'Signed', signed: '', expires: '', category: '', usages: '' };

/** The draft of a stored form. */
export function consentFormDraftOf(form: ConsentForm): ConsentFormDraft {
  return {
    personName: form.personName,
    email: form.email ?? '',
    state: form.state,
    signed: form.signed ?? '',
    expires: form.expires ?? '',
    category: form.category ?? '',
    usages: form.usages.join(', '),
  };
}

/** The fields the DAM stores from a draft (empty texts as null, the usages split at commas). */
export function consentFormFieldsOf(draft: ConsentFormDraft): ConsentFormFields {
  return {
    personName: draft.personName.trim(),
    email: draft.email.trim() || null,
    state: draft.state,
    signed: draft.signed || null,
    expires: draft.expires || null,
    category: draft.category.trim() || null,
    usages: draft.usages
      .split(',')
      .map((usage) => usage.trim())
      .filter((usage) => usage !== ''),
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isDay = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** What keeps a draft from being saved, the DAM's rules as the dialog shows them (empty when it may be saved). */
export function consentFormProblems(draft: ConsentFormDraft): readonly ConsentFormProblem[] {
  const problems: ConsentFormProblem[] = [];
  if (draft.personName.trim() === '') problems.push({ field: 'personName', message: 'The person’s name is required.' });
  if (draft.personName.length > 200) problems.push({ field: 'personName', message: 'The person’s name is at most 200 characters.' });
  if (draft.email.trim() !== '' && !EMAIL.test(draft.email.trim())) problems.push({ field: 'email', message: 'The e-mail address is not valid.' });
  if (draft.signed !== '' && !isDay(draft.signed)) problems.push({ field: 'signed', message: 'The signed date is a day written YYYY-MM-DD.' });
  if (draft.expires !== '' && !isDay(draft.expires)) problems.push({ field: 'expires', message: 'The expiry date is a day written YYYY-MM-DD.' });
  else if (draft.expires !== '' && draft.signed !== '' && draft.expires < draft.signed)
    problems.push({ field: 'expires', message: 'The expiry date is on or after the signed date.' });
  if (consentFormFieldsOf(draft).usages!.length > 20) problems.push({ field: 'usages', message: 'At most 20 usages.' });
  return problems;
}

/** The message of a failed call: its own `message` (the DAM's error body's), else the default. */
function messageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** See the module comment. Provide `load`, `save` and the `changed` action. */
export const consentPanelMachine = setup({
  types: { context: {} as ConsentPanelContext, events: {} as ConsentPanelEvent, input: {} as ConsentPanelInput },
  actors: {
    load: fromPromise<readonly ConsentForm[], { assetId: string }>(async () => {
      throw new Error('consentPanel: provide the load actor');
    }),
    save: fromPromise<ConsentForm, ConsentFormSaveInput>(async () => {
      throw new Error('consentPanel: provide the save actor');
    }),
  },
  actions: {
    changed: () => {},
  },
  guards: {
    'isSavable?': ({ context }) => consentFormProblems(context.draft).length === 0,
  },
}).createMachine({
  id: 'consentPanel',
  context: ({ input }) => ({ assetId: input.assetId, assetHref: input.assetHref, forms: [], draft: EMPTY_CONSENT_FORM, editing: undefined, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ assetId: context.assetId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ forms: event.output, error: undefined })) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, CONSENT_PANEL_LOAD_FAILED) }) },
      },
    },
    loadFailed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        ADD: { target: 'editing', actions: assign({ draft: EMPTY_CONSENT_FORM, editing: undefined, error: undefined }) },
        EDIT: {
          target: 'editing',
          actions: assign(({ event }) => {
            assertEvent(event, 'EDIT');
            return { draft: consentFormDraftOf(event.form), editing: event.form.href, error: undefined };
          }),
        },
      },
    },
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            assertEvent(event, 'CHANGE');
            return { draft: { ...context.draft, ...event.change } };
          }),
        },
        SAVE: { guard: 'isSavable?', target: 'saving' },
        CANCEL: { target: 'ready', actions: assign({ error: undefined }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ assetHref: context.assetHref, href: context.editing, fields: consentFormFieldsOf(context.draft) }),
        onDone: { target: 'loading', actions: [assign({ editing: undefined, error: undefined }), 'changed'] },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error, CONSENT_PANEL_DEFAULT_ERROR) }) },
      },
    },
  },
});
