/**
 * The order settings screen (issue 15 "Cart and orders": the fields the orderer fills in and the terms they accept;
 * dam.yaml `getOrderConfig`, `updateOrderConfig`, `OrderConfig`): the extra fields of the cart's submission form, in
 * the sign-up form's field shapes (spec 03 §3.7), and the terms and conditions (none when empty).
 *
 * loading (the `load` actor reads the configuration) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): the edits (ADD_FIELD, CHANGE_FIELD, REMOVE_FIELD, MOVE_FIELD within the list, SET_TERMS)
 * change the draft and go to ready.idle, the last answer's problems forgotten; SAVE → saving when the draft differs
 * from what is stored and breaks none of the DAM's rules (`signupFieldDefinitionProblems`, terms at most 20,000
 * characters). saving: the `save` actor PUTs the whole configuration → ready.saved with what the DAM stored, or →
 * ready.failed with the reason and, for a 400, its issues on their fields (DISMISS → ready.idle).
 *
 * The field edits are the sign-up settings' (`signupSettings.machine.ts`: ids derived from labels until edited, stored
 * ids kept), so both screens share the field editor.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { signupFieldDefinitionProblems, type OrderConfig, type SignupProblem } from '@magpie/api-types';
import {
  edited,
  signupSettingsDraftOf,
  signupSettingsErrorMessage,
  signupSettingsIssues,
  signupSettingsOf,
  type SignupFieldDraft,
  type SignupFieldType,
  type SignupSettingsEvent,
} from '../signupSettings/signupSettings.machine.ts';

/** The longest terms the DAM stores (dam.yaml `OrderConfig.termsAndConditions`). */
export const ORDER_TERMS_MAX_LENGTH = 20_000;

/** What a failed save says when the DAM named the problems on their fields. */
export const ORDER_SETTINGS_INVALID_MESSAGE = 'The order settings were not saved: correct the problems shown.';
/** What the screen says when the settings could not be read. */
export const ORDER_SETTINGS_LOAD_FAILED = 'The order settings could not be loaded.';

/** The configuration as the screen edits it: the fields, and the terms as typed ('' for none). */
export interface OrderSettingsDraft {
  readonly fields: readonly SignupFieldDraft[];
  readonly terms: string;
}

/** The input: the descriptor's `order.config`. */
export interface OrderSettingsInput {
  readonly href: string;
}

/** What the `save` actor is given: the link and the whole configuration. */
export interface OrderSettingsSaveInput {
  readonly href: string;
  readonly config: OrderConfig;
}

/** Context; as the sign-up settings' (`stored`, `draft`, `problems`, `serverIssues`, `error`, `nextKey`). */
export interface OrderSettingsContext {
  readonly href: string;
  readonly stored: OrderConfig | undefined;
  readonly draft: OrderSettingsDraft;
  readonly problems: readonly SignupProblem[];
  readonly serverIssues: readonly SignupProblem[];
  readonly error: string | undefined;
  readonly nextKey: number;
}

/** The screen's events. */
export type OrderSettingsEvent =
  | { type: 'RETRY' }
  | { type: 'ADD_FIELD'; dataType: SignupFieldType }
  | Extract<SignupSettingsEvent, { type: 'CHANGE_FIELD' | 'REMOVE_FIELD' | 'MOVE_FIELD' }>
  | { type: 'SET_TERMS'; text: string }
  | { type: 'SAVE' }
  | { type: 'DISMISS' };

/** The draft of a stored configuration; keys from `firstKey` on. */
export function orderSettingsDraftOf(config: OrderConfig, firstKey: number): OrderSettingsDraft {
  return { fields: signupSettingsDraftOf({ openSignup: false, adminCanAssignGroups: false, fields: config.fields }, firstKey).fields, terms: config.termsAndConditions ?? '' };
}

/** The body of `updateOrderConfig` for a draft: the fields as the sign-up settings send them; blank terms are none. */
export function orderConfigOf(draft: OrderSettingsDraft): OrderConfig {
  return {
    fields: signupSettingsOf({ openSignup: false, adminCanAssignGroups: false, fields: draft.fields }).fields,
    termsAndConditions: draft.terms.trim() === '' ? null : draft.terms,
  };
}

/** The draft's problems by the DAM's rules (paths `fields.<i>.<key>` and `termsAndConditions`). */
export function orderSettingsProblems(draft: OrderSettingsDraft): SignupProblem[] {
  const problems = signupFieldDefinitionProblems(orderConfigOf(draft).fields);
  if (draft.terms.length > ORDER_TERMS_MAX_LENGTH) problems.push({ path: 'termsAndConditions', message: 'The terms are at most 20,000 characters.' });
  return problems;
}

/** Whether the draft says something other than what is stored (labels and terms compared trimmed, as the DAM keeps them). */
export function orderSettingsChanged(stored: OrderConfig | undefined, draft: OrderSettingsDraft): boolean {
  if (!stored) return false;
  const normal = (config: OrderConfig) =>
    JSON.stringify({ fields: config.fields.map((field) => ({ ...field, label: field.label.trim() })), terms: config.termsAndConditions?.trim() || null });
  return normal(stored) !== normal(orderConfigOf(draft));
}

/** What a failed call says (the sign-up settings' wording rules, with this screen's 400 message). */
export function orderSettingsErrorMessage(error: unknown): string {
  const message = signupSettingsErrorMessage(error);
  return signupSettingsIssues(error).length > 0 ? ORDER_SETTINGS_INVALID_MESSAGE : message;
}

const FIELD_EDITS = ['ADD_FIELD', 'CHANGE_FIELD', 'REMOVE_FIELD', 'MOVE_FIELD'] as const;

/**
 * The machine. Provide `load` ({href} → the stored configuration) and `save` ({@link OrderSettingsSaveInput} → the
 * configuration as stored), both rejecting with `{status, responseJSON}`, with `.provide({actors})`; the built-in ones
 * reject.
 */
export const orderSettingsMachine = setup({
  types: { context: {} as OrderSettingsContext, events: {} as OrderSettingsEvent, input: {} as OrderSettingsInput },
  actors: {
    load: fromPromise<OrderConfig, { href: string }>(async () => {
      throw new Error('orderSettings: provide `load` with .provide()');
    }),
    save: fromPromise<OrderConfig, OrderSettingsSaveInput>(async () => {
      throw new Error('orderSettings: provide `save` with .provide()');
    }),
  },
  guards: {
    'maySave?': ({ context }) => context.problems.length === 0 && orderSettingsChanged(context.stored, context.draft),
    'mayMove?': ({ context, event }) => {
      assertEvent(event, 'MOVE_FIELD');
      const to = event.index + event.offset;
      return event.index >= 0 && event.index < context.draft.fields.length && to >= 0 && to < context.draft.fields.length;
    },
  },
  actions: {
    editFields: assign(({ context, event }) => {
      assertEvent(event, [...FIELD_EDITS]);
      const fields = edited({ openSignup: false, adminCanAssignGroups: false, fields: context.draft.fields }, event, context.nextKey).fields;
      const draft = { ...context.draft, fields };
      return { draft, problems: orderSettingsProblems(draft), serverIssues: [], error: undefined, nextKey: event.type === 'ADD_FIELD' ? context.nextKey + 1 : context.nextKey };
    }),
    setTerms: assign(({ context, event }) => {
      assertEvent(event, 'SET_TERMS');
      const draft = { ...context.draft, terms: event.text };
      return { draft, problems: orderSettingsProblems(draft), serverIssues: [], error: undefined };
    }),
    forgetError: assign({ error: undefined }),
  },
}).createMachine({
  id: 'orderSettings',
  initial: 'loading',
  context: ({ input }) => ({ href: input.href, stored: undefined, draft: { fields: [], terms: '' }, problems: [], serverIssues: [], error: undefined, nextKey: 1 }),
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ href: context.href }),
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            const draft = orderSettingsDraftOf(event.output, context.nextKey);
            return { stored: event.output, draft, problems: orderSettingsProblems(draft), error: undefined, nextKey: context.nextKey + draft.fields.length };
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => orderSettingsErrorMessage(event.error) }) },
      },
    },
    loadFailed: {
      on: { RETRY: { target: 'loading', actions: 'forgetError' } },
    },
    ready: {
      initial: 'idle',
      on: {
        ADD_FIELD: { target: '.idle', actions: 'editFields' },
        CHANGE_FIELD: { target: '.idle', actions: 'editFields' },
        REMOVE_FIELD: { target: '.idle', actions: 'editFields' },
        MOVE_FIELD: { guard: 'mayMove?', target: '.idle', actions: 'editFields' },
        SET_TERMS: { target: '.idle', actions: 'setTerms' },
        SAVE: { guard: 'maySave?', target: 'saving', actions: ['forgetError', assign({ serverIssues: [] })] },
      },
      states: {
        idle: {},
        saved: { on: { DISMISS: 'idle' } },
        failed: { on: { DISMISS: { target: 'idle', actions: 'forgetError' } } },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ href: context.href, config: orderConfigOf(context.draft) }),
        onDone: {
          target: 'ready.saved',
          // The draft becomes what the DAM stored, each field keeping its key.
          actions: assign(({ context, event }) => {
            const stored = orderSettingsDraftOf(event.output, 0);
            const draft = { ...stored, fields: stored.fields.map((field, index) => ({ ...field, key: context.draft.fields[index]?.key ?? context.nextKey + index })) };
            const nextKey = draft.fields.length === context.draft.fields.length ? context.nextKey : context.nextKey + draft.fields.length;
            return { stored: event.output, draft, problems: orderSettingsProblems(draft), nextKey };
          }),
        },
        onError: {
          target: 'ready.failed',
          actions: assign({ error: ({ event }) => orderSettingsErrorMessage(event.error), serverIssues: ({ event }) => signupSettingsIssues(event.error) }),
        },
      },
    },
  },
});
