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
 * ids kept), so both screens share the field editor, and so is the state chart
 * (`fieldListSettings/createFieldListSettingsMachine.ts`).
 */
import { signupFieldDefinitionProblems, type OrderConfig, type SignupProblem } from '@magpie/api-types';
import { createFieldListSettingsMachine, type FieldListSettingsContext, type FieldListSettingsEvent } from '../fieldListSettings/createFieldListSettingsMachine.ts';
import {
  edited,
  signupSettingsDraftOf,
  signupSettingsErrorMessage,
  signupSettingsIssues,
  signupSettingsOf,
  type SignupFieldDraft,
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
export type OrderSettingsContext = FieldListSettingsContext<OrderConfig, OrderSettingsDraft>;

/** The screen's own edit, besides the field edits: the terms as typed. */
interface SetTermsEvent {
  readonly type: 'SET_TERMS';
  readonly text: string;
}

/** The screen's events: RETRY, the field edits, SET_TERMS, SAVE, DISMISS. */
export type OrderSettingsEvent = FieldListSettingsEvent<SetTermsEvent>;

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

/**
 * The machine (the field-list settings' state chart, `createFieldListSettingsMachine`). Provide `load` ({href} → the
 * stored configuration) and `save` ({@link OrderSettingsSaveInput} → the configuration as stored), both rejecting with
 * `{status, responseJSON}`, with `.provide({actors})`; the built-in ones reject.
 */
export const orderSettingsMachine = createFieldListSettingsMachine<OrderConfig, OrderSettingsDraft, SetTermsEvent, OrderSettingsSaveInput>({
  id: 'orderSettings',
  emptyDraft: { fields: [], terms: '' },
  edits: ['ADD_FIELD', 'CHANGE_FIELD', 'REMOVE_FIELD', 'MOVE_FIELD', 'SET_TERMS'],
  edit: (draft, event, nextKey) =>
    event.type === 'SET_TERMS'
      ? { ...draft, terms: event.text }
      : { ...draft, fields: edited({ openSignup: false, adminCanAssignGroups: false, fields: draft.fields }, event, nextKey).fields },
  draftOf: orderSettingsDraftOf,
  saveInput: (href, draft) => ({ href, config: orderConfigOf(draft) }),
  problems: orderSettingsProblems,
  changed: orderSettingsChanged,
  errorMessage: orderSettingsErrorMessage,
  issues: signupSettingsIssues,
});
