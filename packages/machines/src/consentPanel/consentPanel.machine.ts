/**
 * The asset view's consent forms (issue 15; spec 01 §3 consentStatus, spec 03 §3.11 ViewConsentDetails and
 * ManageConsentStatus; dam.yaml `listAssetConsentForms`, `createConsentForm`, `updateConsentForm`, `listConsentForms`,
 * `linkConsentFormAsset`, `unlinkConsentFormAsset`, `deleteConsentForm`): the forms that cover the asset, with their
 * details; the form dialog that records a new one on the asset or changes one; the picker that links an existing
 * form; unlinking a form from the asset; deleting a form after a confirmation.
 *
 * loading (the `load` actor reads the asset's forms) → ready, or → loadFailed with the reason (RETRY → loading).
 * ready: ADD opens the dialog on an empty form, EDIT {form} on that form (→ editing); LINK opens the picker
 * (→ picking); UNLINK {form} unlinks it from the asset at once (→ removing); DELETE {form} asks first
 * (→ confirmingDelete). editing: CHANGE {change} changes the draft; SAVE → saving when the draft has no problem
 * ({@link consentFormProblems}); CANCEL → ready. saving: the `save` actor creates the form on the asset (no `href`)
 * or changes it → loading again, or → editing with the reason (the draft is kept).
 * picking: the `search` actor reads a page of forms matching `query` (`choices` undefined meanwhile); SEARCH {query}
 * searches again; CHOOSE {form} (a listed form not on the asset yet) → linking; CANCEL → ready. linking: the
 * `link` actor links the chosen form to the asset → loading, or → picking with the reason.
 * confirmingDelete: CONFIRM → removing; CANCEL → ready. removing: the `remove` actor unlinks the form from the asset
 * or deletes it (with the asset ids the confirmation named, so the DAM refuses when they changed) → loading; failing,
 * → loading too with the reason (kept until the next action), so the panel shows the forms as they are now.
 * Every change that reached the DAM runs the `changed` action: the asset view reads the asset again, whose
 * `consentStatus` summary changed.
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

/** What the `search` actor is given: the picker's text (may be empty: every form). */
export interface ConsentFormSearchInput {
  readonly query: string;
}

/** What the `search` actor answers: the first page of matching forms, and how many match in all. */
export interface ConsentFormChoices {
  readonly forms: readonly ConsentForm[];
  readonly count: number;
}

/** What the `link` actor is given: the chosen form and the asset to link it to. */
export interface ConsentFormLinkInput {
  readonly formHref: string;
  readonly assetHref: string;
}

/**
 * What the `remove` actor is given: `unlink` the form from the asset (`assetId`, its `uniqueid`), or `delete` it while it
 * covers exactly `assets` (the ids the confirmation named).
 */
export interface ConsentFormRemoveInput {
  readonly kind: 'unlink' | 'delete';
  readonly formHref: string;
  readonly assetId: string;
  readonly assets: readonly number[];
}

/**
 * Context: the forms; the dialog's draft and the form it changes (`editing`, undefined for a new one); the picker's
 * `query` and `choices` (undefined while searching); the form being linked, unlinked or deleted (`target`) and how
 * (`removal`); the last error.
 */
export interface ConsentPanelContext {
  readonly assetId: string;
  readonly assetHref: string;
  readonly forms: readonly ConsentForm[];
  readonly draft: ConsentFormDraft;
  readonly editing: string | undefined;
  readonly query: string;
  readonly choices: ConsentFormChoices | undefined;
  readonly target: ConsentForm | undefined;
  readonly removal: 'unlink' | 'delete' | undefined;
  readonly error: string | undefined;
}

/** Events of {@link consentPanelMachine}. */
export type ConsentPanelEvent =
  | { type: 'ADD' }
  | { type: 'EDIT'; form: ConsentForm }
  | { type: 'CHANGE'; change: Partial<ConsentFormDraft> }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' }
  | { type: 'LINK' }
  | { type: 'SEARCH'; query: string }
  | { type: 'CHOOSE'; form: ConsentForm }
  | { type: 'UNLINK'; form: ConsentForm }
  | { type: 'DELETE'; form: ConsentForm }
  | { type: 'CONFIRM' };

/** What the panel says when the forms to link could not be listed. */
export const CONSENT_PICKER_FAILED = 'The consent forms could not be listed.';
/** What the panel says when a form could not be linked, unlinked or deleted without a message of its own. */
export const CONSENT_CHANGE_FAILED = 'The consent form could not be changed. Try again in a moment.';

/** Whether a form already covers the asset `assetId` (`uniqueid`): the picker offers it, but not to link again. */
export function coversAsset(form: ConsentForm, assetId: string): boolean {
  return form.assets.some((id) => String(id) === assetId);
}

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
    search: fromPromise<ConsentFormChoices, ConsentFormSearchInput>(async () => {
      throw new Error('consentPanel: provide the search actor');
    }),
    link: fromPromise<unknown, ConsentFormLinkInput>(async () => {
      throw new Error('consentPanel: provide the link actor');
    }),
    remove: fromPromise<unknown, ConsentFormRemoveInput>(async () => {
      throw new Error('consentPanel: provide the remove actor');
    }),
  },
  actions: {
    changed: () => {},
    /** Back to the list: no draft, picker or target left over. */
    reset: assign({ draft: EMPTY_CONSENT_FORM, editing: undefined, query: '', choices: undefined, target: undefined, removal: undefined }),
  },
  guards: {
    'isSavable?': ({ context }) => consentFormProblems(context.draft).length === 0,
    'isLinkable?': ({ context, event }) => {
      assertEvent(event, 'CHOOSE');
      return context.choices !== undefined && context.choices.forms.some((f) => f.href === event.form.href) && !coversAsset(event.form, context.assetId);
    },
  },
}).createMachine({
  id: 'consentPanel',
  context: ({ input }) => ({
    assetId: input.assetId,
    assetHref: input.assetHref,
    forms: [],
    draft: EMPTY_CONSENT_FORM,
    editing: undefined,
    query: '',
    choices: undefined,
    target: undefined,
    removal: undefined,
    error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ assetId: context.assetId }),
        onDone: { target: 'ready', actions: assign({ forms: ({ event }) => event.output }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, CONSENT_PANEL_LOAD_FAILED) }) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: undefined }) } },
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
        LINK: { target: 'picking', actions: assign({ query: '', choices: undefined, target: undefined, error: undefined }) },
        UNLINK: {
          target: 'removing',
          actions: assign(({ event }) => {
            assertEvent(event, 'UNLINK');
            return { target: event.form, removal: 'unlink' as const, error: undefined };
          }),
        },
        DELETE: {
          target: 'confirmingDelete',
          actions: assign(({ event }) => {
            assertEvent(event, 'DELETE');
            return { target: event.form, removal: 'delete' as const, error: undefined };
          }),
        },
      },
    },
    picking: {
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ query: context.query }),
        onDone: { actions: assign({ choices: ({ event }) => event.output }) },
        onError: { actions: assign({ choices: { forms: [], count: 0 }, error: ({ event }) => messageOf(event.error, CONSENT_PICKER_FAILED) }) },
      },
      on: {
        SEARCH: {
          target: 'picking',
          reenter: true,
          actions: assign(({ event }) => {
            assertEvent(event, 'SEARCH');
            return { query: event.query, choices: undefined, error: undefined };
          }),
        },
        CHOOSE: {
          guard: 'isLinkable?',
          target: 'linking',
          actions: assign(({ event }) => {
            assertEvent(event, 'CHOOSE');
            return { target: event.form, error: undefined };
          }),
        },
        CANCEL: { target: 'ready', actions: ['reset', assign({ error: undefined })] },
      },
    },
    linking: {
      invoke: {
        id: 'link',
        src: 'link',
        input: ({ context }) => ({ formHref: context.target!.href, assetHref: context.assetHref }),
        onDone: { target: 'loading', actions: ['reset', assign({ error: undefined }), 'changed'] },
        onError: { target: 'picking', actions: assign({ choices: undefined, error: ({ event }) => messageOf(event.error, CONSENT_CHANGE_FAILED) }) },
      },
    },
    confirmingDelete: {
      on: {
        CONFIRM: 'removing',
        CANCEL: { target: 'ready', actions: ['reset', assign({ error: undefined })] },
      },
    },
    removing: {
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ kind: context.removal!, formHref: context.target!.href, assetId: context.assetId, assets: context.target!.assets }),
        onDone: { target: 'loading', actions: ['reset', assign({ error: undefined }), 'changed'] },
        // The forms are read again: what the DAM refused (e.g. 409, the form changed meanwhile) shows as it is now.
        onError: { target: 'loading', actions: ['reset', assign({ error: ({ event }) => messageOf(event.error, CONSENT_CHANGE_FAILED) })] },
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
        CANCEL: { target: 'ready', actions: ['reset', assign({ error: undefined })] },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ assetHref: context.assetHref, href: context.editing, fields: consentFormFieldsOf(context.draft) }),
        onDone: { target: 'loading', actions: ['reset', assign({ error: undefined }), 'changed'] },
        onError: { target: 'editing', actions: assign({ error: ({ event }) => messageOf(event.error, CONSENT_PANEL_DEFAULT_ERROR) }) },
      },
    },
  },
});
