/**
 * Advanced search popover: the search form opened from the header (spec 02 §2 Advanced search popover, §3 Search
 * criteria, §4 "Search stays disabled until any change is made", §5 Advanced search, §9 search constants).
 *
 * editing (pristine → changed) → submitted | cleared | closed (all final; the output says which and, for a search,
 * carries the search parameters). The form rules themselves are pure functions in `searchForm.ts`.
 */
import { assign, setup } from 'xstate';
import { applySearchFormChange, fromSearchParams, resolveDateType, toSearchParams, type AdvancedSearchForm, type SearchFormChange, type SearchParams } from './searchForm.ts';

/**
 * Input of {@link advancedSearchMachine}: the current query's parameters (applied to the form on opening) and the
 * saved preference `intranet.extSearch.dateType` (the date type when the query has no date range; `mt` if unset).
 */
export interface AdvancedSearchInput {
  readonly params?: SearchParams;
  readonly dateTypePreference?: string;
  /**
   * Whether the consent status filter is offered (issue 15; spec 02 §9: consent feature level 40,
   * `offersConsentFilter`); without it the form drops a `cst` of the query.
   */
  readonly consentFilter?: boolean;
}

/**
 * Context of {@link advancedSearchMachine}: `opened` is the form as the popover opened (from the current query),
 * `form` the form now; `outcome` is set when the popover is done.
 */
export interface AdvancedSearchContext {
  readonly opened: AdvancedSearchForm;
  readonly form: AdvancedSearchForm;
  readonly outcome: AdvancedSearchOutput | undefined;
}

/**
 * Events of {@link advancedSearchMachine}: the form changes of {@link SearchFormChange} (`SET_TEXT {field, value}`,
 * `SET_CHOICE {field, value}`, `SET_DATE_TYPE {dateType}`, `SET_DATE {bound, value}`, `RANGE_INPUT {range, bound,
 * text}`, `RANGE_BLUR {range, bound}`, `ADD_CRITERION`, `SET_CRITERION {id, field?, value?}`,
 * `DELETE_CRITERION {id}`), and the buttons: `SUBMIT` (Search, only after a change), `CLEAR`, `CLOSE`.
 * A change that changes nothing (same value, refused value) is not a change: Search stays disabled.
 */
export type AdvancedSearchEvent = SearchFormChange | { type: 'SUBMIT' } | { type: 'CLEAR' } | { type: 'CLOSE' };

/**
 * Output once done: `search` with the parameters to build the search URL from (the search-URL template), `clear`
 * (go to the search-clear URL), or `close` (nothing changes).
 */
export type AdvancedSearchOutput = { readonly action: 'search'; readonly params: SearchParams } | { readonly action: 'clear' } | { readonly action: 'close' };

const FORM_CHANGES = ['SET_TEXT', 'SET_CHOICE', 'SET_DATE_TYPE', 'SET_DATE', 'RANGE_INPUT', 'RANGE_BLUR', 'ADD_CRITERION', 'SET_CRITERION', 'DELETE_CRITERION'] as const;

function isFormChange(event: AdvancedSearchEvent): event is SearchFormChange {
  return (FORM_CHANGES as readonly string[]).includes(event.type);
}

/**
 * The advanced search popover machine (spec 02 §2, §3, §4, §5).
 *
 * States: `editing` (`pristine`: Search disabled; `changed`: Search enabled), and the final `submitted`, `cleared`,
 * `closed`. Every form change runs through `applySearchFormChange`; the guard `changesForm?` lets only real changes
 * through. No actors: building the URL and navigating belong to the caller, from the output.
 */
export const advancedSearchMachine = setup({
  types: {
    context: {} as AdvancedSearchContext,
    events: {} as AdvancedSearchEvent,
    input: {} as AdvancedSearchInput,
    output: {} as AdvancedSearchOutput,
  },
  guards: {
    'changesForm?': ({ context, event }) => isFormChange(event) && applySearchFormChange(context.form, event) !== context.form,
  },
  actions: {
    applyChange: assign(({ context, event }) => ({
      form: isFormChange(event) ? applySearchFormChange(context.form, event) : context.form,
    })),
    submit: assign(({ context }) => ({
      outcome: { action: 'search', params: toSearchParams(context.form) } as AdvancedSearchOutput,
    })),
    clear: assign({ outcome: { action: 'clear' } as AdvancedSearchOutput }),
    close: assign({ outcome: { action: 'close' } as AdvancedSearchOutput }),
  },
}).createMachine({
  id: 'advancedSearch',
  initial: 'editing',
  context: ({ input }) => {
    // spec 02 §2: opening the popover applies the existing query; the date type defaults to the preference, or mt.
    const { cst: _consent, ...params } = input.params ?? {};
    const opened = fromSearchParams(input.consentFilter ? (input.params ?? {}) : params, resolveDateType(input.dateTypePreference));
    return { opened, form: opened, outcome: undefined };
  },
  states: {
    editing: {
      initial: 'pristine',
      on: {
        SET_TEXT: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        SET_CHOICE: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        SET_DATE_TYPE: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        SET_DATE: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        RANGE_INPUT: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        RANGE_BLUR: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        ADD_CRITERION: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        SET_CRITERION: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        DELETE_CRITERION: { guard: 'changesForm?', target: '.changed', actions: 'applyChange' },
        CLEAR: { target: 'cleared', actions: 'clear' },
        CLOSE: { target: 'closed', actions: 'close' },
      },
      states: {
        pristine: {},
        changed: {
          // spec 02 §4: Search is enabled only after a change.
          on: { SUBMIT: { target: '#advancedSearch.submitted', actions: 'submit' } },
        },
      },
    },
    submitted: { type: 'final' },
    cleared: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => context.outcome ?? { action: 'close' },
});
