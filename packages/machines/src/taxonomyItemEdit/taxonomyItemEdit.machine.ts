/**
 * Taxonomy item edit modal: change an item's Label, Value, Description, Custom search and usage (Navigate, Query,
 * Set), then save it with PUT (spec 02 §2 Taxonomy item edit modal, §3 Taxonomy item, §5 Taxonomy item, §7 PUT,
 * §8 general error).
 *
 * editing ⇄ saving → done (final; output `{saved}`), saving → failed (the error modal) → editing.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { toTaxonomyRequestError, type TaxonomyItem, type TaxonomyRequestError, type TaxonomyUsage } from '../taxonomyTree/taxonomyTree.types.ts';

/** The editable part of a taxonomy item (FotoWeb TaxonomyItemUpdate: name, value, description, customSearch, acl). */
export interface TaxonomyItemDraft {
  readonly name: string;
  readonly value: string;
  readonly description: string;
  readonly customSearch: string;
  readonly acl: readonly TaxonomyUsage[];
}

/** Input of {@link taxonomyItemEditMachine}: the item the modal opens on. */
export interface TaxonomyItemEditInput {
  readonly item: TaxonomyItem;
}

/**
 * Context of {@link taxonomyItemEditMachine}.
 *
 * - `href`: the item's link (PUT target). `original`: the fields as opened; `draft`: as edited.
 * - `valueEdited`: the value was typed by hand; until then it copies the label without `<` and `>` (spec 02 §5). An
 *   item whose value already differs from its label so copied opens as edited by hand (its value is kept).
 * - `error`: the error modal of a failed save (spec 02 §8); the draft stays as typed.
 * - `saved`: the item as the server stored it (after `saving`).
 */
export interface TaxonomyItemEditContext {
  readonly href: string;
  readonly original: TaxonomyItemDraft;
  readonly draft: TaxonomyItemDraft;
  readonly valueEdited: boolean;
  readonly error: TaxonomyRequestError | undefined;
  readonly saved: TaxonomyItem | undefined;
}

/**
 * Events of {@link taxonomyItemEditMachine}: `SET_LABEL`, `SET_VALUE`, `SET_DESCRIPTION`, `SET_CUSTOM_SEARCH`
 * `{text}` (the inputs), `TOGGLE_USAGE {usage}` (a checkbox), `SUBMIT` (OK; only when {@link canSaveTaxonomyItem}),
 * `CANCEL` (Cancel, Esc), `DISMISS_ERROR` (the error modal's Close).
 */
export type TaxonomyItemEditEvent =
  | { type: 'SET_LABEL'; text: string }
  | { type: 'SET_VALUE'; text: string }
  | { type: 'SET_DESCRIPTION'; text: string }
  | { type: 'SET_CUSTOM_SEARCH'; text: string }
  | { type: 'TOGGLE_USAGE'; usage: TaxonomyUsage }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS_ERROR' };

/** Output of {@link taxonomyItemEditMachine}: the stored item after OK, `undefined` after Cancel. */
export interface TaxonomyItemEditOutput {
  readonly saved: TaxonomyItem | undefined;
}

/** Input of the `saveItem` actor: PUT `href` with the draft (trimmed label and value). Resolves with the stored item. */
export interface SaveTaxonomyItemInput {
  readonly href: string;
  readonly draft: TaxonomyItemDraft;
}

const USAGE_ORDER: readonly TaxonomyUsage[] = ['Navigate', 'Query', 'Set'];

/** The value a label gives while the value is not edited by hand: the label without `<` and `>` (spec 02 §5). */
export function valueFromLabel(label: string): string {
  return label.replace(/[<>]/g, '');
}

/** The draft of an item as the modal opens it. */
export function toTaxonomyItemDraft(item: TaxonomyItem): TaxonomyItemDraft {
  return {
    name: item.name,
    value: item.value,
    description: item.description ?? '',
    customSearch: item.customSearch ?? '',
    acl: USAGE_ORDER.filter((usage) => item.acl.includes(usage)),
  };
}

function sameDraft(a: TaxonomyItemDraft, b: TaxonomyItemDraft): boolean {
  return a.name === b.name && a.value === b.value && a.description === b.description && a.customSearch === b.customSearch && a.acl.join() === b.acl.join();
}

/**
 * Whether OK is enabled (spec 02 §5): something changed, and label and value are both non-blank after trimming.
 */
export function canSaveTaxonomyItem(context: Pick<TaxonomyItemEditContext, 'original' | 'draft'>): boolean {
  const { draft } = context;
  return !sameDraft(draft, context.original) && draft.name.trim() !== '' && draft.value.trim() !== '';
}

/**
 * The taxonomy item edit machine (spec 02 §2, §5, §7, §8).
 *
 * `editing`: the inputs change the draft. `SUBMIT` (guard {@link canSaveTaxonomyItem}) → `saving`, which invokes
 * `saveItem` with the trimmed draft → `done` with the stored item, or → `failed` with the error modal
 * ({@link toTaxonomyRequestError}); `DISMISS_ERROR` returns to `editing` with the draft as typed. `CANCEL` in
 * `editing` → `done` without a saved item.
 *
 * Provide `saveItem` with `.provide({actors: {saveItem}})`; the built-in one rejects.
 */
export const taxonomyItemEditMachine = setup({
  types: {
    context: {} as TaxonomyItemEditContext,
    events: {} as TaxonomyItemEditEvent,
    input: {} as TaxonomyItemEditInput,
    output: {} as TaxonomyItemEditOutput,
  },
  actors: {
    saveItem: fromPromise<TaxonomyItem, SaveTaxonomyItemInput>(async () => {
      throw new Error('taxonomyItemEdit: provide `saveItem` with .provide()');
    }),
  },
  guards: {
    'canSave?': ({ context }) => canSaveTaxonomyItem(context),
  },
  actions: {
    setLabel: assign(({ context, event }) => {
      assertEvent(event, 'SET_LABEL');
      const value = context.valueEdited ? context.draft.value : valueFromLabel(event.text);
      return { draft: { ...context.draft, name: event.text, value } };
    }),
    setValue: assign(({ context, event }) => {
      assertEvent(event, 'SET_VALUE');
      return { draft: { ...context.draft, value: event.text }, valueEdited: true };
    }),
    setDescription: assign(({ context, event }) => {
      assertEvent(event, 'SET_DESCRIPTION');
      return { draft: { ...context.draft, description: event.text } };
    }),
    setCustomSearch: assign(({ context, event }) => {
      assertEvent(event, 'SET_CUSTOM_SEARCH');
      return { draft: { ...context.draft, customSearch: event.text } };
    }),
    toggleUsage: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE_USAGE');
      const has = context.draft.acl.includes(event.usage);
      const acl = USAGE_ORDER.filter((usage) => (usage === event.usage ? !has : context.draft.acl.includes(usage)));
      return { draft: { ...context.draft, acl } };
    }),
    storeSaved: assign((_, params: { item: TaxonomyItem }) => ({ saved: params.item })),
    failSave: assign((_, params: { cause: unknown }) => ({ error: toTaxonomyRequestError(params.cause) })),
    clearError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'taxonomyItemEdit',
  initial: 'editing',
  context: ({ input }) => {
    const draft = toTaxonomyItemDraft(input.item);
    return {
      href: input.item.href,
      original: draft,
      draft,
      valueEdited: draft.value !== valueFromLabel(draft.name),
      error: undefined,
      saved: undefined,
    };
  },
  states: {
    editing: {
      on: {
        SET_LABEL: { actions: 'setLabel' },
        SET_VALUE: { actions: 'setValue' },
        SET_DESCRIPTION: { actions: 'setDescription' },
        SET_CUSTOM_SEARCH: { actions: 'setCustomSearch' },
        TOGGLE_USAGE: { actions: 'toggleUsage' },
        SUBMIT: { guard: 'canSave?', target: 'saving' },
        CANCEL: 'done',
      },
    },
    saving: {
      invoke: {
        id: 'saveItem',
        src: 'saveItem',
        input: ({ context }) => ({
          href: context.href,
          draft: { ...context.draft, name: context.draft.name.trim(), value: context.draft.value.trim() },
        }),
        onDone: { target: 'done', actions: { type: 'storeSaved', params: ({ event }) => ({ item: event.output }) } },
        onError: { target: 'failed', actions: { type: 'failSave', params: ({ event }) => ({ cause: event.error }) } },
      },
    },
    failed: {
      on: { DISMISS_ERROR: { target: 'editing', actions: 'clearError' } },
    },
    done: { type: 'final' },
  },
  output: ({ context }) => ({ saved: context.saved }),
});
