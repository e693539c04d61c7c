/**
 * The rules of invitations and sign-ups that the DAM enforces and the web forms check before sending (issue 14; spec
 * 01 §5, spec 03 §3.7, §5 "Sign-up details"): organization domains, and the extra fields of the sign-up form with the
 * answers people give them. Pure, without zod, so the web client runs exactly the DAM's checks.
 */
import type { components as DamComponents } from './generated/dam.ts';

type DamSchemas = DamComponents['schemas'];
/** An extra field of the sign-up form (dam.yaml `SignupField`, spec 03 §3.7). */
export type SignupFieldDefinition = DamSchemas['SignupField'];
/** An answer to an extra field `{id, value}` (dam.yaml `SignupFieldValue`). */
export type SignupFieldAnswer = DamSchemas['SignupFieldValue'];
/** One problem, as an `ErrorBody` issue: `path` dotted from the body's root (`userData.2.value`, `fields.0.values`). */
export interface SignupProblem {
  path: string;
  message: string;
}

/** The limits of the sign-up settings and answers (dam.yaml `SignupSettings`, `SignupFieldValue`). */
export const SIGNUP_FIELD_LIMITS = {
  /** Extra fields a form may have. */
  maxFields: 20,
  /** Characters of a field's label. */
  maxLabelLength: 100,
  /** Choices of a dropdown field. */
  maxValues: 50,
  /** Characters of one choice. */
  maxValueLength: 100,
  /** Characters of a validation's help text. */
  maxHelpTextLength: 200,
  /** Characters of a validation's regular expression. */
  maxRegexLength: 200,
  /** Characters of one answer. */
  maxAnswerLength: 1000,
} as const;

/** A field id: a letter, then letters, digits, `_` or `-`, 64 characters at most (dam.yaml `SignupField.id`). */
export const SIGNUP_FIELD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/**
 * An organization domain (spec 01 §5 "Domain must look like host.tld with optional subdomains"): labels of letters,
 * digits and inner hyphens (1–63 characters each), a top-level label of 2–63 letters, 253 characters at most.
 */
export const ORGANIZATION_DOMAIN_PATTERN = /^(?=.{4,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/** Whether `domain` is an organization domain ({@link ORGANIZATION_DOMAIN_PATTERN}); compare it lower-cased. */
export function isOrganizationDomain(domain: string): boolean {
  return ORGANIZATION_DOMAIN_PATTERN.test(domain);
}

/** The domain of an e-mail address, lower-cased (what follows the last `@`), or '' without one. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1 ? '' : email.slice(at + 1).toLowerCase();
}

/** The regular expression of a field's validation, or undefined when it does not compile (with the `u` flag). */
export function signupFieldRegex(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u');
  } catch {
    return undefined;
  }
}

/**
 * The problems of the sign-up form's extra fields as an administrator saves them (`updateSignupSettings`): at most
 * {@link SIGNUP_FIELD_LIMITS}.maxFields, ids that fit {@link SIGNUP_FIELD_ID_PATTERN} and are unique
 * (case-insensitively), labels of 1–100 characters, a dropdown with 1–50 distinct choices and no choices for the
 * other types, a validation only on text fields whose regular expression compiles (`u` flag) and is at most 200
 * characters. Paths are `fields.<i>.<key>`.
 * @returns every problem, in field order; empty when the fields may be saved.
 */
export function signupFieldDefinitionProblems(fields: readonly SignupFieldDefinition[]): SignupProblem[] {
  const problems: SignupProblem[] = [];
  const limits = SIGNUP_FIELD_LIMITS;
  if (fields.length > limits.maxFields) problems.push({ path: 'fields', message: `A sign-up form has at most ${limits.maxFields} extra fields.` });
  const seen = new Set<string>();
  fields.forEach((field, index) => {
    const at = (key: string) => `fields.${index}.${key}`;
    if (!SIGNUP_FIELD_ID_PATTERN.test(field.id)) {
      problems.push({ path: at('id'), message: 'A field id starts with a letter and has only letters, digits, "_" and "-" (64 characters at most).' });
    } else if (seen.has(field.id.toLowerCase())) {
      problems.push({ path: at('id'), message: `The field id "${field.id}" is used twice.` });
    }
    seen.add(field.id.toLowerCase());
    const label = field.label.trim();
    if (label === '' || label.length > limits.maxLabelLength) problems.push({ path: at('label'), message: `A field needs a label of 1–${limits.maxLabelLength} characters.` });
    if (field.dataType === 'dropdown') {
      if (field.values.length === 0 || field.values.length > limits.maxValues) {
        problems.push({ path: at('values'), message: `A dropdown field needs 1–${limits.maxValues} choices.` });
      }
      if (new Set(field.values).size !== field.values.length) problems.push({ path: at('values'), message: 'A choice is given twice.' });
      if (field.values.some((value) => value.trim() === '' || value.length > limits.maxValueLength)) {
        problems.push({ path: at('values'), message: `Each choice has 1–${limits.maxValueLength} characters.` });
      }
    } else if (field.values.length > 0) {
      problems.push({ path: at('values'), message: 'Only a dropdown field has choices.' });
    }
    if (field.validation) {
      if (field.dataType !== 'text') problems.push({ path: at('validation'), message: 'Only a text field has a validation.' });
      const { regex, helpText } = field.validation;
      if (regex.length > limits.maxRegexLength || signupFieldRegex(regex) === undefined) {
        problems.push({ path: at('validation.regex'), message: `The validation is not a regular expression of at most ${limits.maxRegexLength} characters.` });
      }
      if (helpText.length > limits.maxHelpTextLength)
        problems.push({ path: at('validation.helpText'), message: `The help text is at most ${limits.maxHelpTextLength} characters.` });
    }
  });
  return problems;
}

/**
 * The problems of the answers to the extra fields (spec 03 §3.7, §5 "Sign-up details": each field's own required flag
 * and regex, the help text being the message): an id that names no field, an id answered twice, a required field left
 * empty (a required checkbox not ticked), a dropdown value that is none of its choices, a checkbox value other than
 * `true` or `false`, a text over {@link SIGNUP_FIELD_LIMITS}.maxAnswerLength characters, a text that does not match
 * its validation. Paths are `userData.<i>.value` (`userData.<i>.id` for the id; `userData` for a required field left
 * out).
 * @param options.matches how a value is tested against a validation's expression: `regex.test(value)` unless given. A
 *   server passes one with a time budget (an administrator's expression may backtrack for ever on a crafted value) that
 *   answers undefined when the budget ran out; such a value is refused ("could not be checked").
 * @returns every problem; empty when the answers may be stored.
 */
export function signupAnswerProblems(
  fields: readonly SignupFieldDefinition[],
  answers: readonly SignupFieldAnswer[],
  options: { matches?: (regex: RegExp, value: string) => boolean | undefined } = {},
): SignupProblem[] {
  const problems: SignupProblem[] = [];
  const byId = new Map(fields.map((field) => [field.id, field]));
  const answered = new Set<string>();
  answers.forEach((answer, index) => {
    const field = byId.get(answer.id);
    const path = `userData.${index}.value`;
    if (!field) return problems.push({ path: `userData.${index}.id`, message: `"${answer.id}" is no field of the sign-up form.` });
    if (answered.has(answer.id)) return problems.push({ path: `userData.${index}.id`, message: `${field.label} is answered twice.` });
    answered.add(answer.id);
    const problem = answerProblem(field, answer.value, options.matches ?? ((regex, value) => regex.test(value)));
    if (problem) problems.push({ path, message: problem });
    return undefined;
  });
  for (const field of fields) {
    if (field.required && !answered.has(field.id)) problems.push({ path: 'userData', message: requiredMessage(field) });
  }
  return problems;
}

function requiredMessage(field: SignupFieldDefinition): string {
  if (field.dataType === 'checkbox') return `${field.label} must be ticked.`;
  return field.validation?.helpText || `${field.label} is required.`;
}

/** Why `value` cannot answer `field`, or undefined. */
function answerProblem(field: SignupFieldDefinition, value: string, matches: (regex: RegExp, value: string) => boolean | undefined): string | undefined {
  if (field.dataType === 'checkbox') {
    if (value !== 'true' && value !== 'false') return `${field.label} is true or false.`;
    return field.required && value !== 'true' ? requiredMessage(field) : undefined;
  }
  if (value.trim() === '') return field.required ? requiredMessage(field) : undefined;
  if (field.dataType === 'dropdown') return field.values.includes(value) ? undefined : `${field.label} must be one of its choices.`;
  if (value.length > SIGNUP_FIELD_LIMITS.maxAnswerLength) return `${field.label} is at most ${SIGNUP_FIELD_LIMITS.maxAnswerLength} characters.`;
  const regex = field.validation ? signupFieldRegex(field.validation.regex) : undefined;
  if (!regex) return undefined;
  const matched = matches(regex, value);
  if (matched === undefined) return `${field.label} could not be checked; give a shorter or simpler value.`;
  return matched ? undefined : field.validation!.helpText || `${field.label} is not valid.`;
}
