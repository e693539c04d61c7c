/**
 * In-place metadata field editor: one per field, with a view mode and an edit mode (spec 02 §2 Metadata field
 * editors, §3 Metadata field definition and Field options, §4 Field editor, §5 Field editors, §8 field validation).
 *
 * readOnly (initial; stays there when isWritable is false: never edits) → editing (form mode) | view.
 * view ⇄ editing → validating → saving → view; a validation failure cancels the edit (the value reverts and the error
 * stays in context for the help text / required mark); a failed PATCH keeps the edit open with `saveError`.
 * Taxonomy-only fields: the input is read-only and focusing it opens the taxonomy tree (`editing.treeOpen`, emitted
 * `openTaxonomyTree`); any field with a taxonomy also opens it on OPEN_TREE.
 */
import { and, assertEvent, assign, emit, fromPromise, not, setup } from 'xstate';
import {
  addBagItems,
  EMAIL_SEPARATOR,
  isEmailField,
  normalizeFieldValue,
  parseEmailPaste,
  splitEmailList,
  toBag,
  validateFieldValue,
  type FieldDefinition,
  type FieldOptions,
  type FieldValidationError,
  type FieldValue,
} from './fieldValidation.ts';

/** The message kept in `saveError` when the PATCH fails. */
export const FIELD_SAVE_FAILED_MESSAGE = 'The value could not be saved. Try again later.';

/**
 * Input of {@link fieldEditorMachine}.
 *
 * - `field`: the field definition (spec 02 §3); `value`: its saved value on the asset (bags: `string[]`).
 * - `options`: field options (spec 02 §3 Field options); `cancelEditOnBlur` matters here.
 * - `formMode`: the field is part of a form (e.g. the upload metadata form): it starts in edit mode and stays there
 *   until the form sends FORM_SAVE or FORM_CANCEL (spec 02 §4); its own SAVE/CANCEL/cancel-on-blur do nothing.
 */
export interface FieldEditorInput {
  readonly field: FieldDefinition;
  readonly value: FieldValue;
  readonly options?: FieldOptions;
  readonly formMode?: boolean;
}

/**
 * Context of {@link fieldEditorMachine}.
 *
 * - `saved`: the value on the server; `draft`: the value being edited (equal to `saved` outside edit mode). Bag fields
 *   (`multiInstance`) always hold `string[]` in both.
 * - `input`: the text box of a bag field, not yet an item (`''` outside edit mode and for single-value fields).
 * - `error`: the last validation failure (spec 02 §8: the view shows its message, the field's help text, and marks
 *   the field when `requiredMissing`); cleared by the next valid save.
 * - `saveError`: the last failed PATCH, while the edit stays open; cleared by the next save or a cancel.
 */
export interface FieldEditorContext {
  readonly field: FieldDefinition;
  readonly options: FieldOptions;
  readonly formMode: boolean;
  readonly saved: FieldValue;
  readonly draft: FieldValue;
  readonly input: string;
  readonly error: FieldValidationError | undefined;
  readonly saveError: FieldSaveError | undefined;
}

/** A failed save: `status` is the HTTP status when the rejection carried one (spec 02 §7: the error's name). */
export interface FieldSaveError {
  readonly value: 'saveFailed';
  readonly message: string;
  readonly status?: string;
  readonly cause: unknown;
}

/**
 * Events of {@link fieldEditorMachine}.
 *
 * - `EDIT`: click on the value / edit icon (view → editing; ignored when read-only).
 * - `INPUT {text}`: typing. Single-value fields: the draft text; bag fields: the text box (for e-mail bags a `;` turns
 *   what precedes it into items). Ignored for taxonomy-only fields (their input is read-only).
 * - `ENTER`: Enter in a bag field's text box: the text becomes an item.
 * - `PASTE {text}`: pasted text in an e-mail field: only the valid addresses are kept (spec 02 §5).
 * - `REMOVE_ITEM {index}`: removes one bag item (0-based).
 * - `SET_VALUE {value}`: a value picked by a checkbox, dropdown or date picker (not for taxonomy-only fields).
 * - `FOCUS`: the input got focus; taxonomy-only fields open the tree.
 * - `OPEN_TREE`: the field's "browse taxonomy" button: any field with a `taxonomyHref` opens the tree (values may
 *   still be typed when the field is not taxonomy-only, e.g. keywords).
 * - `PICK {value}`: the taxonomy tree selected an item's value (`null` = the empty-value entry), or several values
 *   (a multi-select picker); single fields take the (first) value, bags add them all.
 * - `TREE_CLOSED`: the tree closed without a selection.
 * - `BLUR`: the field lost focus: cancel-on-blur fields revert (not in form mode); bags turn the text into an item.
 * - `SAVE` / `CANCEL` (the field's buttons, Enter / Esc): standalone fields only.
 * - `FORM_SAVE` / `FORM_CANCEL`: the surrounding form saved or cancelled (form mode only).
 */
export type FieldEditorEvent =
  | { type: 'EDIT' }
  | { type: 'INPUT'; text: string }
  | { type: 'ENTER' }
  | { type: 'PASTE'; text: string }
  | { type: 'REMOVE_ITEM'; index: number }
  | { type: 'SET_VALUE'; value: FieldValue }
  | { type: 'FOCUS' }
  | { type: 'OPEN_TREE' }
  | { type: 'PICK'; value: string | null | readonly string[] }
  | { type: 'TREE_CLOSED' }
  | { type: 'BLUR' }
  | { type: 'SAVE' }
  | { type: 'CANCEL' }
  | { type: 'FORM_SAVE' }
  | { type: 'FORM_CANCEL' };

/** Emitted when a taxonomy-only field is focused: the view opens the taxonomy tree popover for that field. */
export interface OpenTaxonomyTreeEvent {
  readonly type: 'openTaxonomyTree';
  readonly fieldId: string;
  readonly taxonomyHref: string | undefined;
}

/** Input of the injected `saveField` actor (the PATCH of the asset's metadata): the field and its new value. */
export interface SaveFieldInput {
  readonly fieldId: string;
  readonly value: FieldValue;
  readonly previous: FieldValue;
}

/** The value a field of this definition starts from: a bag for multi-instance fields, else the value as given. */
export function initialFieldValue(field: FieldDefinition, value: FieldValue | undefined): FieldValue {
  if (field.multiInstance) return toBag(value);
  return value ?? null;
}

/** Turns whatever the save actor rejected with into a {@link FieldSaveError}. */
export function toFieldSaveError(cause: unknown): FieldSaveError {
  const name = (cause as { name?: unknown } | null)?.name;
  return {
    value: 'saveFailed',
    message: FIELD_SAVE_FAILED_MESSAGE,
    ...(typeof name === 'string' && /^\d{3}$/.test(name) ? { status: name } : {}),
    cause,
  };
}

function isBag(context: FieldEditorContext): boolean {
  return context.field.multiInstance === true;
}

/**
 * The field editor machine (spec 02 §4 Field editor, §5 Field editors, §3, §8).
 *
 * States: `readOnly` (initial, left at once for writable fields), `view`, `editing` (`typing`, `treeOpen`), `validating` (transient),
 * `saving` (the `saveField` actor). Emits {@link OpenTaxonomyTreeEvent} on entering `editing.treeOpen`.
 *
 * Provide `saveField` (resolves when the PATCH succeeded; rejects with the failure) with
 * `.provide({actors: {saveField}})`; the built-in one rejects, which leaves the edit open with `saveError`.
 */
export const fieldEditorMachine = setup({
  types: {
    context: {} as FieldEditorContext,
    events: {} as FieldEditorEvent,
    input: {} as FieldEditorInput,
    emitted: {} as OpenTaxonomyTreeEvent,
  },
  actors: {
    saveField: fromPromise<unknown, SaveFieldInput>(async () => {
      throw new Error('fieldEditor: provide `saveField` with .provide()');
    }),
  },
  guards: {
    'isReadOnly?': ({ context }) => !context.field.isWritable,
    'isFormMode?': ({ context }) => context.formMode,
    'isTaxonomyOnly?': ({ context }) => context.field.taxonomyOnly === true,
    'hasTaxonomy?': ({ context }) => typeof context.field.taxonomyHref === 'string' && context.field.taxonomyHref !== '',
    'isBagField?': ({ context }) => isBag(context),
    'hasBagInput?': ({ context }) => isBag(context) && context.input.trim().length > 0,
    'isEmailField?': ({ context }) => isEmailField(context.field),
    'isExistingItem?': ({ context, event }) =>
      event.type === 'REMOVE_ITEM' && Array.isArray(context.draft) && Number.isInteger(event.index) && event.index >= 0 && event.index < context.draft.length,
    'shouldCancelOnBlur?': ({ context }) => context.options.cancelEditOnBlur === true && !context.formMode,
    'isDraftValid?': ({ context }) => validateFieldValue(context.field, context.draft) === undefined,
  },
  actions: {
    setInput: assign(({ context, event }) => {
      assertEvent(event, 'INPUT');
      if (!isBag(context)) return { draft: event.text };
      const cut = isEmailField(context.field) ? event.text.lastIndexOf(EMAIL_SEPARATOR) : -1;
      if (cut < 0) return { input: event.text };
      // spec 02 §5: ';' (char 59) separates addresses, so what precedes the last one becomes items.
      return {
        draft: addBagItems(context.field, toBag(context.draft), event.text.slice(0, cut)),
        input: event.text.slice(cut + 1),
      };
    }),
    commitInput: assign(({ context }) => ({
      draft: addBagItems(context.field, toBag(context.draft), context.input),
      input: '',
    })),
    pasteEmails: assign(({ context, event }) => {
      assertEvent(event, 'PASTE');
      const addresses = parseEmailPaste(event.text);
      if (isBag(context)) return { draft: addBagItems(context.field, toBag(context.draft), addresses.join(EMAIL_SEPARATOR)) };
      const current = typeof context.draft === 'string' ? splitEmailList(context.draft) : [];
      const merged = [...current, ...addresses.filter((address) => !current.includes(address))];
      return { draft: merged.join(EMAIL_SEPARATOR) };
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE_ITEM');
      return { draft: toBag(context.draft).filter((_, index) => index !== event.index) };
    }),
    setDraft: assign(({ context, event }) => {
      assertEvent(event, 'SET_VALUE');
      return { draft: isBag(context) ? toBag(event.value) : event.value };
    }),
    applyPick: assign(({ context, event }) => {
      assertEvent(event, 'PICK');
      const values: readonly string[] = event.value === null ? [] : typeof event.value === 'string' ? [event.value] : event.value;
      if (!isBag(context)) return { draft: values[0] ?? '' };
      if (event.value === null) return { draft: [] };
      return { draft: values.reduce((items, value) => addBagItems(context.field, items, value), toBag(context.draft)) };
    }),
    emitOpenTree: emit(({ context }) => ({
      type: 'openTaxonomyTree' as const,
      fieldId: context.field.id,
      taxonomyHref: context.field.taxonomyHref,
    })),
    revert: assign(({ context }) => ({ draft: context.saved, input: '', saveError: undefined })),
    prepareDraft: assign(({ context }) => {
      // spec 02 §5: bag items are also created on save, and text is trimmed unless read-only.
      const draft = isBag(context) ? addBagItems(context.field, toBag(context.draft), context.input) : context.draft;
      return { draft: normalizeFieldValue(context.field, draft), input: '', saveError: undefined };
    }),
    rejectDraft: assign(({ context }) => ({
      // spec 02 §4: a validation failure cancels the edit; the error stays for the help text and required mark.
      error: validateFieldValue(context.field, context.draft),
      draft: context.saved,
      input: '',
    })),
    clearError: assign({ error: undefined }),
    acceptSaved: assign(({ context }) => ({ saved: context.draft })),
    storeSaveError: assign((_, params: { cause: unknown }) => ({ saveError: toFieldSaveError(params.cause) })),
  },
}).createMachine({
  id: 'fieldEditor',
  // Read-only first: a field edits only when its definition says it is writable.
  initial: 'readOnly',
  context: ({ input }) => {
    const value = initialFieldValue(input.field, input.value);
    return {
      field: input.field,
      options: input.options ?? {},
      formMode: input.formMode === true,
      saved: value,
      draft: value,
      input: '',
      error: undefined,
      saveError: undefined,
    };
  },
  states: {
    readOnly: {
      // spec 02 §4: read-only fields never enter edit mode, not even in a form.
      always: [
        { guard: and([not('isReadOnly?'), 'isFormMode?']), target: 'editing' },
        { guard: not('isReadOnly?'), target: 'view' },
      ],
    },
    view: {
      on: { EDIT: 'editing' },
    },
    editing: {
      initial: 'typing',
      on: {
        INPUT: { guard: not('isTaxonomyOnly?'), actions: 'setInput' },
        ENTER: { guard: 'hasBagInput?', actions: 'commitInput' },
        PASTE: { guard: and(['isEmailField?', not('isTaxonomyOnly?')]), actions: 'pasteEmails' },
        REMOVE_ITEM: { guard: 'isExistingItem?', actions: 'removeItem' },
        SET_VALUE: { guard: not('isTaxonomyOnly?'), actions: 'setDraft' },
        BLUR: [
          { guard: 'shouldCancelOnBlur?', target: 'view', actions: 'revert' },
          { guard: 'hasBagInput?', actions: 'commitInput' },
        ],
        SAVE: { guard: not('isFormMode?'), target: 'validating' },
        CANCEL: { guard: not('isFormMode?'), target: 'view', actions: 'revert' },
        FORM_SAVE: { guard: 'isFormMode?', target: 'validating' },
        FORM_CANCEL: { guard: 'isFormMode?', target: 'view', actions: 'revert' },
      },
      states: {
        typing: {
          on: {
            FOCUS: { guard: 'isTaxonomyOnly?', target: 'treeOpen' },
            OPEN_TREE: { guard: 'hasTaxonomy?', target: 'treeOpen' },
          },
        },
        treeOpen: {
          entry: 'emitOpenTree',
          on: {
            PICK: { target: 'typing', actions: 'applyPick' },
            TREE_CLOSED: 'typing',
          },
        },
      },
    },
    validating: {
      entry: 'prepareDraft',
      always: [
        { guard: 'isDraftValid?', target: 'saving', actions: 'clearError' },
        { target: 'view', actions: 'rejectDraft' },
      ],
    },
    saving: {
      invoke: {
        id: 'saveField',
        src: 'saveField',
        input: ({ context }) => ({ fieldId: context.field.id, value: context.draft, previous: context.saved }),
        onDone: { target: 'view', actions: 'acceptSaved' },
        // The PATCH failed: keep the edit open with the typed value, so the user can save again or cancel.
        onError: {
          target: 'editing',
          actions: { type: 'storeSaveError', params: ({ event }) => ({ cause: event.error }) },
        },
      },
    },
  },
});
