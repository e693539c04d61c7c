/**
 * The rules of the consent settings' lists (issue 15; spec 03 §3.10 `categories`, `templates`, `languages`,
 * `defaultFields`; dam.yaml `ConsentCategory`, `ConsentLanguage`, `ConsentTemplate`, `ConsentDefaultField`;
 * docs/decisions.md "Issue 15: the consent settings' lists"): what the DAM refuses and the Consent page shows next to
 * each list before sending. Pure, without zod, so the web client runs exactly the DAM's checks.
 */
import type { components as DamComponents } from './generated/dam.ts';

type DamSchemas = DamComponents['schemas'];
/** What a consent is for (dam.yaml `ConsentCategory`). */
export type ConsentCategory = DamSchemas['ConsentCategory'];
/** A language consent forms are written in (dam.yaml `ConsentLanguage`). */
export type ConsentLanguage = DamSchemas['ConsentLanguage'];
/** A consent form's text (dam.yaml `ConsentTemplate`). */
export type ConsentTemplate = DamSchemas['ConsentTemplate'];
/** A field every new consent form asks for (dam.yaml `ConsentDefaultField`). */
export type ConsentDefaultField = DamSchemas['ConsentDefaultField'];
/** What a default field asks for. */
export type ConsentDefaultFieldType = ConsentDefaultField['type'];

/** The four lists of the consent settings, as {@link consentListProblems} reads them. */
export interface ConsentLists {
  readonly categories: readonly ConsentCategory[];
  readonly templates: readonly ConsentTemplate[];
  readonly languages: readonly ConsentLanguage[];
  readonly defaultFields: readonly ConsentDefaultField[];
}

/** The name of one of the four lists (a key of {@link ConsentLists}). */
export type ConsentListName = keyof ConsentLists;

/** One problem, as an `ErrorBody` issue: `path` dotted from the body's root (`templates.2.language`, `languages`). */
export interface ConsentListProblem {
  readonly path: string;
  readonly message: string;
}

/** The limits of the lists (dam.yaml `ConsentFormSettings`): items per list, characters per text. */
export const CONSENT_LIST_LIMITS = {
  /** Items in each list. */
  maxItems: 100,
  /** Characters of a category's or a template's name, a language's name, a field's label. */
  maxName: 100,
  /** Characters of a language code. */
  maxCode: 35,
  /** Characters of a template's title. */
  maxTitle: 200,
  /** Characters of a template's body. */
  maxBody: 20_000,
} as const;

/** What a default field may ask for, in the order the editor offers them. */
export const CONSENT_DEFAULT_FIELD_TYPES: readonly ConsentDefaultFieldType[] = ['text', 'email', 'date', 'checkbox'];

/** An id of a category, template or default field: a letter, then letters, digits, `_` or `-`, 64 characters at most. */
export const CONSENT_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

// Control characters but tab, line feed and carriage return (those only in a template's body).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LINE_BREAKS = /[\t\n\r]/;

/** Whether `code` is a well-formed BCP 47 language tag of at most 35 characters (`en`, `nb-NO`, `zh-Hant-TW`). */
export function isLanguageTag(code: string): boolean {
  if (code.length === 0 || code.length > CONSENT_LIST_LIMITS.maxCode || !/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(code)) return false;
  try {
    return Intl.getCanonicalLocales(code).length === 1;
  } catch {
    return false;
  }
}

/** A list item as its problems name it: `Category "Marketing"`, or `Category 3` while it has no name. */
function itemName(kind: string, index: number, name: string): string {
  const shown = name.trim();
  return shown === '' ? `${kind} ${index + 1}` : `${kind} “${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}”`;
}

/** The problem of a one-line text (`what`: its name in the message), or undefined. */
function lineProblem(text: string, max: number, what: string): string | undefined {
  if (text.trim() === '') return `needs a ${what}`;
  if (text.length > max) return `has a ${what} over ${max} characters`;
  if (CONTROL.test(text) || LINE_BREAKS.test(text)) return `has a ${what} with control characters`;
  return undefined;
}

/**
 * The problems of the consent settings' four lists as an administrator saves them (`updateConsentFormSettings`):
 *
 * - each list at most {@link CONSENT_LIST_LIMITS}.maxItems items;
 * - categories, templates and default fields: ids that fit {@link CONSENT_ID_PATTERN}, unique in their list
 *   (case-insensitively); names and labels of 1–100 characters on one line;
 * - languages: codes that are BCP 47 tags ({@link isLanguageTag}), unique case-insensitively; names of 1–100
 *   characters; exactly one default when the list is not empty;
 * - templates: a listed language, a title of 1–200 characters, a body of at most 20,000 characters (line breaks
 *   allowed), categories that are listed, none twice.
 *
 * Each message names the item (`Template “Press” names the category “news”, which is not listed.`); paths are
 * `<list>.<i>.<key>` (`<list>` for the list as a whole).
 * @returns every problem, list by list in item order; empty when the lists may be saved.
 */
export function consentListProblems(lists: ConsentLists): ConsentListProblem[] {
  const problems: ConsentListProblem[] = [];
  const limits = CONSENT_LIST_LIMITS;
  const push = (path: string, message: string) => problems.push({ path, message });
  const tooMany = (list: ConsentListName, what: string) => {
    if (lists[list].length > limits.maxItems) push(list, `At most ${limits.maxItems} ${what}.`);
  };
  const idProblems = (list: ConsentListName, index: number, id: string, seen: Set<string>, label: string) => {
    if (!CONSENT_ID_PATTERN.test(id)) {
      push(`${list}.${index}.id`, `${label} needs an id: a letter, then letters, digits, "_" or "-" (64 characters at most).`);
    } else if (seen.has(id.toLowerCase())) {
      push(`${list}.${index}.id`, `${label} has the id “${id}”, which another one has too.`);
    }
    seen.add(id.toLowerCase());
  };

  tooMany('categories', 'categories');
  const categoryIds = new Set<string>();
  lists.categories.forEach((category, index) => {
    const label = itemName('Category', index, category.name);
    idProblems('categories', index, category.id, categoryIds, label);
    const problem = lineProblem(category.name, limits.maxName, 'name');
    if (problem) push(`categories.${index}.name`, `${label} ${problem}.`);
  });

  tooMany('languages', 'languages');
  const codes = new Set<string>();
  lists.languages.forEach((language, index) => {
    const label = itemName('Language', index, language.name || language.code);
    if (!isLanguageTag(language.code)) {
      push(`languages.${index}.code`, `${label} needs a language code such as “en” or “nb-NO” (BCP 47, ${limits.maxCode} characters at most).`);
    } else if (codes.has(language.code.toLowerCase())) {
      push(`languages.${index}.code`, `${label} has the code “${language.code}”, which another language has too.`);
    }
    codes.add(language.code.toLowerCase());
    const problem = lineProblem(language.name, limits.maxName, 'name');
    if (problem) push(`languages.${index}.name`, `${label} ${problem}.`);
  });
  const defaults = lists.languages.filter((language) => language.isDefault).length;
  if (lists.languages.length > 0 && defaults !== 1) {
    push('languages', defaults === 0 ? 'Choose the default language.' : `Only one language is the default (${defaults} are now).`);
  }

  tooMany('templates', 'templates');
  const templateIds = new Set<string>();
  const listedCategories = new Set(lists.categories.map((category) => category.id));
  const listedCodes = new Set(lists.languages.map((language) => language.code.toLowerCase()));
  lists.templates.forEach((template, index) => {
    const at = (key: string) => `templates.${index}.${key}`;
    const label = itemName('Template', index, template.name);
    idProblems('templates', index, template.id, templateIds, label);
    const name = lineProblem(template.name, limits.maxName, 'name');
    if (name) push(at('name'), `${label} ${name}.`);
    if (!listedCodes.has(template.language.toLowerCase())) {
      push(at('language'), template.language === '' ? `${label} needs a language.` : `${label} is in the language “${template.language}”, which is not listed.`);
    }
    const title = lineProblem(template.title, limits.maxTitle, 'title');
    if (title) push(at('title'), `${label} ${title}.`);
    if (template.body.length > limits.maxBody) push(at('body'), `${label} has a text over ${limits.maxBody.toLocaleString('en')} characters.`);
    else if (CONTROL.test(template.body)) push(at('body'), `${label} has a text with control characters.`);
    if (template.categories.length > limits.maxItems) push(at('categories'), `${label} names more than ${limits.maxItems} categories.`);
    const named = new Set<string>();
    for (const id of template.categories) {
      if (named.has(id)) push(at('categories'), `${label} names the category “${id}” twice.`);
      else if (!listedCategories.has(id)) push(at('categories'), `${label} names the category “${id}”, which is not listed.`);
      named.add(id);
    }
  });

  tooMany('defaultFields', 'default fields');
  const fieldIds = new Set<string>();
  lists.defaultFields.forEach((field, index) => {
    const label = itemName('Field', index, field.label);
    idProblems('defaultFields', index, field.id, fieldIds, label);
    const problem = lineProblem(field.label, limits.maxName, 'label');
    if (problem) push(`defaultFields.${index}.label`, `${label} ${problem}.`);
    if (!CONSENT_DEFAULT_FIELD_TYPES.includes(field.type)) push(`defaultFields.${index}.type`, `${label} is one of ${CONSENT_DEFAULT_FIELD_TYPES.join(', ')}.`);
  });
  return problems;
}
