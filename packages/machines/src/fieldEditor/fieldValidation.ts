/**
 * Metadata field definitions and the pure validation rules of the field editors (spec 02 §3 Metadata field
 * definition and Field options, §5 Field editors, §8 "Field validation failure shows the field's help text and marks
 * empty required fields").
 */
import type { FieldEditorKind } from '@magpie/api-types';

/**
 * A field's `data-type` (spec 02 §3): the editor kinds the contract's field descriptions map to (`FieldEditorKind`,
 * `fieldDefinitionOf` in `@magpie/api-types`); anything else is edited as plain text.
 */
export type FieldDataType = FieldEditorKind;

/**
 * A metadata field definition as the editors use it (spec 02 §3; FotoWeb's hyphenated keys in camelCase):
 *
 * - `id`: the field id (e.g. `5` for IPTC title, or a namespaced id); `label`: what the view shows.
 * - `dataType`: see {@link FieldDataType}; `multiInstance`: a bag of values (`string[]`); `multiline`: text area.
 * - `taxonomyOnly`: values come only from the taxonomy at `taxonomyHref` (the input is read-only, focus opens the tree).
 * - `required`, `isWritable`: `isWritable: false` fields never enter edit mode.
 * - `validation`: `regexp` (applied to each value), `helpText` (shown on failure), `min`/`max` (numbers only).
 * - `values`: the choices of dropdown types (plain strings or `{value, description}`).
 */
export interface FieldDefinition {
  readonly id: string;
  readonly label: string;
  readonly dataType?: FieldDataType;
  readonly multiInstance?: boolean;
  readonly multiline?: boolean;
  readonly taxonomyOnly?: boolean;
  readonly taxonomyHref?: string;
  readonly required?: boolean;
  readonly isWritable: boolean;
  readonly validation?: {
    readonly regexp?: string;
    readonly helpText?: string;
    readonly min?: number;
    readonly max?: number;
  };
  readonly values?: readonly (string | { readonly value: string; readonly description?: string })[];
}

/**
 * Field options (spec 02 §3) the editor's behaviour depends on. `cancelEditOnBlur`: leaving the field cancels the
 * edit (reverts). The other options (placeholderText, labelPlacement, optionalClasses…) are the view's business.
 */
export interface FieldOptions {
  readonly cancelEditOnBlur?: boolean;
  readonly placeholderText?: string;
  readonly emptyValueMessage?: string;
}

/** A field's value: text, a bag of texts, a checkbox, a number, a date, or nothing. */
export type FieldValue = string | number | boolean | Date | readonly string[] | null;

/** Why a value was refused (spec 02 §5, §8). `requiredMissing` marks an empty required field. */
export interface FieldValidationError {
  readonly value: 'required' | 'regexp' | 'email' | 'number';
  readonly message: string;
  readonly requiredMissing: boolean;
}

/** The message of an invalid e-mail address. */
export const EMAIL_NOT_VALID_MESSAGE = 'email not valid'; // spec 02 §5

/** The separator of e-mail addresses in one value: the semicolon (char code 59). */
export const EMAIL_SEPARATOR = ';'; // spec 02 §5, §9 (char 59)

/** Shown for an empty required field that has no help text of its own. */
export const REQUIRED_MESSAGE = 'This field is required.';

/** Shown for a value that fails the field's regexp when the field has no help text. */
export const INVALID_FORMAT_MESSAGE = 'The value does not have the expected format.';

/**
 * A valid e-mail address: the HTML Living Standard's "valid e-mail address" pattern (the one `<input type=email>`
 * uses), so the client agrees with the browser.
 */
export const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/**
 * Whether a value counts as present for a required field (spec 02 §5): boolean `true`, a non-empty string (after
 * trimming), a non-empty array, a valid `Date`, or a finite number.
 */
export function isValuePresent(value: FieldValue | undefined): boolean {
  if (value === true) return true;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof Date) return !Number.isNaN(value.getTime());
  if (typeof value === 'number') return Number.isFinite(value);
  return false;
}

/** `true` for a valid e-mail address ({@link EMAIL_PATTERN}). */
export function isValidEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/** Splits text on {@link EMAIL_SEPARATOR}, trimming each part and dropping empty ones. */
export function splitEmailList(text: string): string[] {
  return text
    .split(EMAIL_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/**
 * Parses a pasted list of addresses (spec 02 §5 "parses pasted lists, keeping only valid addresses"): separators are
 * `;`, `,`, whitespace and line breaks; `Name <address>` keeps the address; invalid parts and duplicates are dropped.
 * Order is kept.
 */
export function parseEmailPaste(text: string): string[] {
  const addresses = text.replace(/<([^<>]*)>/g, ' $1 ').split(/[;,\s]+/);
  const result: string[] = [];
  for (const address of addresses) {
    if (isValidEmail(address) && !result.includes(address)) result.push(address);
  }
  return result;
}

/** `true` for fields whose values are e-mail addresses. */
export function isEmailField(field: FieldDefinition): boolean {
  return field.dataType === 'email';
}

/**
 * The value as it is saved: text trimmed unless the field is read-only (spec 02 §5). Bags: each item trimmed, empty
 * items dropped. A single e-mail value is re-joined with `;` without the blanks around addresses. Other types as is.
 */
export function normalizeFieldValue(field: FieldDefinition, value: FieldValue): FieldValue {
  if (!field.isWritable) return value;
  if (typeof value === 'string') {
    return isEmailField(field) ? splitEmailList(value).join(EMAIL_SEPARATOR) : value.trim();
  }
  if (Array.isArray(value)) {
    return (value as readonly string[]).map((item) => item.trim()).filter((item) => item.length > 0);
  }
  return value;
}

/** The single values a field's per-value rules (regexp, e-mail, number) look at. */
export function valuesToCheck(field: FieldDefinition, value: FieldValue): string[] {
  if (Array.isArray(value)) return (value as readonly string[]).filter((item) => item.length > 0);
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string' || value.length === 0) return [];
  return isEmailField(field) ? splitEmailList(value) : [value];
}

function testRegexp(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    // A broken pattern in the field configuration must not lock the field: it validates nothing.
    return true;
  }
}

/**
 * Validates a (normalized) value against the field (spec 02 §5): required first, then per value the e-mail pattern
 * (e-mail fields), the field's regexp, and for numbers `min`/`max`. Empty optional values pass.
 *
 * @returns `undefined` when valid, else the first failure: message = the field's `helpText` when it has one
 *   (required, regexp, number), {@link EMAIL_NOT_VALID_MESSAGE} for addresses.
 */
export function validateFieldValue(field: FieldDefinition, value: FieldValue): FieldValidationError | undefined {
  const helpText = field.validation?.helpText;
  if (!isValuePresent(value)) {
    return field.required ? { value: 'required', message: helpText ?? REQUIRED_MESSAGE, requiredMissing: true } : undefined;
  }
  const { regexp, min, max } = field.validation ?? {};
  for (const item of valuesToCheck(field, value)) {
    if (isEmailField(field) && !isValidEmail(item)) {
      return { value: 'email', message: EMAIL_NOT_VALID_MESSAGE, requiredMissing: false };
    }
    if (regexp !== undefined && regexp !== '' && !testRegexp(regexp, item)) {
      return { value: 'regexp', message: helpText ?? INVALID_FORMAT_MESSAGE, requiredMissing: false };
    }
    if (field.dataType === 'number') {
      const number = Number(item);
      if (!Number.isFinite(number) || (min !== undefined && number < min) || (max !== undefined && number > max)) {
        return {
          value: 'number',
          message: helpText ?? `Enter a number${min !== undefined ? ` from ${min}` : ''}${max !== undefined ? ` up to ${max}` : ''}.`,
          requiredMissing: false,
        };
      }
    }
  }
  return undefined;
}

/**
 * Creates bag items from the text input (spec 02 §5 "on Enter, on blur and on save"): the trimmed input becomes one
 * item, or for e-mail fields one item per `;`-separated address. Items already in the bag are not added twice.
 *
 * @returns the new items (a new array), unchanged content when the input is blank.
 */
export function addBagItems(field: FieldDefinition, items: readonly string[], input: string): string[] {
  const parts = isEmailField(field) ? splitEmailList(input) : [input.trim()].filter((part) => part.length > 0);
  const result = [...items];
  for (const part of parts) if (!result.includes(part)) result.push(part);
  return result;
}

/** A value as a bag (`string[]`): arrays copied, a non-empty string as one item, anything else as no items. */
export function toBag(value: FieldValue | undefined): string[] {
  if (Array.isArray(value)) return [...(value as readonly string[])];
  if (typeof value === 'string' && value.trim().length > 0) return [value];
  return [];
}
