/**
 * The sign-up settings screen (issue 14; spec 03 §3.7 the extra fields, §2.10 and §6 `adminCanAssignGroups`; dam.yaml
 * `getSignupSettings`, `updateSignupSettings`): whether anyone may ask for an account without an invitation, whether
 * approvers choose the groups, and the extra fields of the sign-up form.
 *
 * loading (the `load` actor reads the settings) → ready, or → loadFailed with the reason (RETRY → loading). ready
 * (idle | saved | failed): the edits (SET_OPEN_SIGNUP, SET_ADMIN_CAN_ASSIGN_GROUPS, ADD_FIELD, CHANGE_FIELD,
 * REMOVE_FIELD, MOVE_FIELD within the list) change the draft and go to ready.idle, the last answer's problems forgotten; SAVE →
 * saving when the draft differs from what is stored and breaks none of the DAM's rules (`signupFieldDefinitionProblems`
 * of `@magpie/api-types`, the problems shown per field). saving: the `save` actor PUTs the whole settings → ready.saved
 * with what the DAM stored, or → ready.failed with the reason and, for a 400, its issues on their fields (DISMISS →
 * ready.idle).
 *
 * A new field's id follows its label (`signupFieldIdFromLabel`) until the id is edited; a stored field's id is kept
 * as it is (its answers in sign-ups and users' custom properties are keyed by it). The state chart is the field-list
 * settings' (`fieldListSettings/createFieldListSettingsMachine.ts`), which the order settings share.
 */
import { signupFieldDefinitionProblems, type SignupFieldDefinition, type SignupProblem, type SignupSettings } from '@magpie/api-types';
import { createFieldListSettingsMachine, type FieldListSettingsContext } from '../fieldListSettings/createFieldListSettingsMachine.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { UserSaveRequestError } from '../userSave/userSave.machine.ts';

/** The types of an extra field (spec 03 §3.7). */
export type SignupFieldType = SignupFieldDefinition['dataType'];

/** An extra field as the screen edits it. */
export interface SignupFieldDraft {
  /** The field's identity on the screen (list keys); never sent. */
  readonly key: number;
  readonly id: string;
  /** Whether the id is the administrator's (or stored) rather than derived from the label. */
  readonly idEdited: boolean;
  readonly label: string;
  readonly dataType: SignupFieldType;
  /** A dropdown's choices as typed, one a line (blank lines and the spaces around a choice are dropped). */
  readonly choices: string;
  readonly required: boolean;
  /** A text field's regular expression ('' for none). */
  readonly regex: string;
  /** The message shown when a text field's answer does not match (and when a required one is left empty). */
  readonly helpText: string;
}

/** The settings as the screen edits them. */
export interface SignupSettingsDraft {
  readonly openSignup: boolean;
  readonly adminCanAssignGroups: boolean;
  readonly fields: readonly SignupFieldDraft[];
}

/** What may change in a field (CHANGE_FIELD). Changing `id` marks it edited; changing `label` re-derives an unedited id. */
export type SignupFieldChange = Partial<Pick<SignupFieldDraft, 'id' | 'label' | 'dataType' | 'choices' | 'required' | 'regex' | 'helpText'>>;

/** The input: the descriptor's `signup_settings` link. */
export interface SignupSettingsInput {
  readonly href: string;
}

/** What the `save` actor is given: the link and the whole settings. */
export interface SignupSettingsSaveInput {
  readonly href: string;
  readonly settings: SignupSettings;
}

/** Context: the field-list settings' (`stored`, `draft`, `problems`, `serverIssues`, `error`, `nextKey`). */
export type SignupSettingsContext = FieldListSettingsContext<SignupSettings, SignupSettingsDraft>;

/** The screen's events. */
export type SignupSettingsEvent =
  | { type: 'RETRY' }
  | { type: 'SET_OPEN_SIGNUP'; value: boolean }
  | { type: 'SET_ADMIN_CAN_ASSIGN_GROUPS'; value: boolean }
  | { type: 'ADD_FIELD'; dataType: SignupFieldType }
  | { type: 'CHANGE_FIELD'; index: number; change: SignupFieldChange }
  | { type: 'REMOVE_FIELD'; index: number }
  | { type: 'MOVE_FIELD'; index: number; offset: -1 | 1 }
  | { type: 'SAVE' }
  | { type: 'DISMISS' };

/** The screen's own edits, besides the field edits. */
type SignupSettingsOwnEdit = Extract<SignupSettingsEvent, { type: 'SET_OPEN_SIGNUP' | 'SET_ADMIN_CAN_ASSIGN_GROUPS' }>;

/** What a failed save says when the DAM named the problems on their fields. */
export const SIGNUP_SETTINGS_INVALID_MESSAGE = 'The sign-up settings were not saved: correct the problems shown.';
/** What the screen says when the settings could not be read and the DAM gave no reason. */
export const SIGNUP_SETTINGS_LOAD_FAILED = 'The sign-up settings could not be loaded.';

/** The longest field id (dam.yaml `SignupField.id`). */
const MAX_ID_LENGTH = 64;

/**
 * A field id for `label` (dam.yaml `SignupField.id`: a letter, then letters, digits, `_` or `-`, 64 at most): its words
 * in camel case without accents or other characters ("Staff number" → `staffNumber`, "Département" → `departement`),
 * `field` before a leading digit, `field` for a label without letters or digits; then, when `taken` holds it
 * (case-insensitively), the first of `<id>2`, `<id>3`… that it does not.
 */
export function signupFieldIdFromLabel(label: string, taken: readonly string[] = []): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  let id = words.map((word, index) => (index === 0 ? word.charAt(0).toLowerCase() + word.slice(1) : word.charAt(0).toUpperCase() + word.slice(1))).join('');
  if (id === '') id = 'field';
  else if (!/^[A-Za-z]/.test(id)) id = `field${id}`;
  id = id.slice(0, MAX_ID_LENGTH);
  const used = new Set(taken.map((other) => other.toLowerCase()));
  if (!used.has(id.toLowerCase())) return id;
  for (let n = 2; ; n++) {
    const candidate = `${id.slice(0, MAX_ID_LENGTH - String(n).length)}${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** A dropdown's choices as typed, one a line, into the list the DAM stores. */
export function signupChoicesOf(text: string): string[] {
  return text
    .split('\n')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');
}

/** The draft of stored settings: every field's id kept as stored; keys from `firstKey` on. */
export function signupSettingsDraftOf(settings: SignupSettings, firstKey: number): SignupSettingsDraft {
  return {
    openSignup: settings.openSignup,
    adminCanAssignGroups: settings.adminCanAssignGroups,
    fields: settings.fields.map((field, index) => ({
      key: firstKey + index,
      id: field.id,
      idEdited: true,
      label: field.label,
      dataType: field.dataType,
      choices: field.values.join('\n'),
      required: field.required,
      regex: field.validation?.regex ?? '',
      helpText: field.validation?.helpText ?? '',
    })),
  };
}

/**
 * The body of `updateSignupSettings` for a draft (dam.yaml `SignupSettings`): choices only for a dropdown, a validation
 * only for a text field with a regular expression or a help text.
 */
export function signupSettingsOf(draft: SignupSettingsDraft): SignupSettings {
  return {
    openSignup: draft.openSignup,
    adminCanAssignGroups: draft.adminCanAssignGroups,
    fields: draft.fields.map((field) => ({
      id: field.id,
      label: field.label,
      dataType: field.dataType,
      values: field.dataType === 'dropdown' ? signupChoicesOf(field.choices) : [],
      required: field.required,
      validation: field.dataType === 'text' && (field.regex !== '' || field.helpText !== '') ? { regex: field.regex, helpText: field.helpText } : null,
    })),
  };
}

/** The draft's problems by the DAM's rules (`signupFieldDefinitionProblems`; paths `fields.<i>.<key>`). */
export function signupSettingsProblems(draft: SignupSettingsDraft): SignupProblem[] {
  return signupFieldDefinitionProblems(signupSettingsOf(draft).fields);
}

/** Whether the draft says something other than the stored settings (labels compared as the DAM stores them, trimmed). */
export function signupSettingsChanged(stored: SignupSettings | undefined, draft: SignupSettingsDraft): boolean {
  if (!stored) return false;
  const normal = (settings: SignupSettings) => JSON.stringify({ ...settings, fields: settings.fields.map((field) => ({ ...field, label: field.label.trim() })) });
  return normal(stored) !== normal(signupSettingsOf(draft));
}

/**
 * The messages at `path` among `problems` (`fields.0.label`; `fields.0.validation` also gathers
 * `fields.0.validation.regex` and `.helpText` when `nested`).
 */
export function signupProblemsAt(problems: readonly SignupProblem[], path: string, nested = false): string[] {
  return problems.filter((problem) => problem.path === path || (nested && problem.path.startsWith(`${path}.`))).map((problem) => problem.message);
}

/**
 * What a failed call says, from `{status, responseJSON}`: for a 400 with issues {@link SIGNUP_SETTINGS_INVALID_MESSAGE}
 * (the issues go on their fields); the DAM's message for another 4xx (403 without `manageSettings`); the general error
 * otherwise (spec 01 §8).
 */
export function signupSettingsErrorMessage(error: unknown): string {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (status === 400 && (responseJSON?.issues?.length ?? 0) > 0) return SIGNUP_SETTINGS_INVALID_MESSAGE;
  if (typeof status === 'number' && status >= 400 && status < 500 && responseJSON?.message?.trim()) return responseJSON.message.trim();
  return DEFAULT_ERROR_MESSAGE;
}

/** The issues of a 400 answer that name a path (dam.yaml `ErrorBody.issues`), else none. */
export function signupSettingsIssues(error: unknown): SignupProblem[] {
  const { status, responseJSON } = (typeof error === 'object' && error !== null ? error : {}) as UserSaveRequestError;
  if (status !== 400) return [];
  return (responseJSON?.issues ?? []).flatMap((issue) => {
    const { path, message } = issue as { path?: unknown; message?: unknown };
    return typeof path === 'string' && typeof message === 'string' ? [{ path, message }] : [];
  });
}

/**
 * The draft after one edit event; `nextKey` is the key an added field gets. Also the order settings' field edits
 * (issue 15, `orderSettings.machine.ts`), which share the sign-up form's field shapes. Other events leave it as it is.
 */
export function edited(draft: SignupSettingsDraft, event: SignupSettingsEvent, nextKey: number): SignupSettingsDraft {
  const fields = [...draft.fields];
  switch (event.type) {
    case 'SET_OPEN_SIGNUP':
      return { ...draft, openSignup: event.value };
    case 'SET_ADMIN_CAN_ASSIGN_GROUPS':
      return { ...draft, adminCanAssignGroups: event.value };
    case 'ADD_FIELD':
      fields.push({ key: nextKey, id: '', idEdited: false, label: '', dataType: event.dataType, choices: '', required: false, regex: '', helpText: '' });
      return { ...draft, fields: withDerivedIds(fields) };
    case 'CHANGE_FIELD': {
      const field = fields[event.index];
      if (!field) return draft;
      const change = event.change;
      fields[event.index] = { ...field, ...change, ...(change.id !== undefined ? { idEdited: true } : {}) };
      return { ...draft, fields: withDerivedIds(fields) };
    }
    case 'REMOVE_FIELD':
      fields.splice(event.index, 1);
      return { ...draft, fields: withDerivedIds(fields) };
    case 'MOVE_FIELD': {
      const to = event.index + event.offset;
      if (!fields[event.index] || !fields[to]) return draft;
      [fields[event.index], fields[to]] = [fields[to]!, fields[event.index]!];
      return { ...draft, fields };
    }
    default:
      return draft;
  }
}

/** Every unedited id derived again from its label, avoiding the other fields' ids. */
function withDerivedIds(fields: readonly SignupFieldDraft[]): SignupFieldDraft[] {
  const result = [...fields];
  result.forEach((field, index) => {
    if (field.idEdited) return;
    const others = result.filter((_, other) => other !== index).map((other) => other.id);
    result[index] = { ...field, id: signupFieldIdFromLabel(field.label, others) };
  });
  return result;
}

/**
 * The machine (the field-list settings' state chart, `createFieldListSettingsMachine`). Provide `load` ({href} → the
 * stored settings) and `save` ({@link SignupSettingsSaveInput} → the settings as stored), both rejecting with
 * `{status, responseJSON}`, with `.provide({actors})`; the built-in ones reject.
 */
export const signupSettingsMachine = createFieldListSettingsMachine<SignupSettings, SignupSettingsDraft, SignupSettingsOwnEdit, SignupSettingsSaveInput>({
  id: 'signupSettings',
  emptyDraft: { openSignup: false, adminCanAssignGroups: true, fields: [] },
  edits: ['SET_OPEN_SIGNUP', 'SET_ADMIN_CAN_ASSIGN_GROUPS', 'ADD_FIELD', 'CHANGE_FIELD', 'REMOVE_FIELD', 'MOVE_FIELD'],
  edit: edited,
  draftOf: signupSettingsDraftOf,
  saveInput: (href, draft) => ({ href, settings: signupSettingsOf(draft) }),
  problems: signupSettingsProblems,
  changed: signupSettingsChanged,
  errorMessage: signupSettingsErrorMessage,
  issues: signupSettingsIssues,
});
