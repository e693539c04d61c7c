/**
 * The edits of the consent settings' lists (issue 15; spec 03 §3.10 categories, templates, languages, default fields;
 * docs/decisions.md "Issue 15: the consent settings' lists"): add, change and remove an item, each answering the
 * `change` of the `consentSettings` machine's EDIT (the lists it touches, given whole), so the draft stays in the
 * machine. Pure.
 *
 * - A new category, template or default field takes its id from its name (label) until the id is typed, or once
 *   stored: an id that is stored never follows the name, so forms and templates that use it keep working.
 * - A category whose id changes is renamed in the templates that name it; a removed one leaves them.
 * - A language whose code changes is renamed in the templates written in it. The first language added is the
 *   default; making one the default makes it the only one; removing the default makes the first left the default.
 */
import type { ConsentCategory, ConsentDefaultField, ConsentFormSettings, ConsentLanguage, ConsentListName, ConsentTemplate } from '@magpie/api-types';

/** The lists as the editor changes them. */
export type ConsentListsChange = Partial<Pick<ConsentFormSettings, ConsentListName>>;

/** An item of each list. */
export interface ConsentListItems {
  readonly categories: ConsentCategory;
  readonly templates: ConsentTemplate;
  readonly languages: ConsentLanguage;
  readonly defaultFields: ConsentDefaultField;
}

/** The lists the editor reads: the draft's and what is stored (ids stored never follow names). */
type Lists = Pick<ConsentFormSettings, ConsentListName>;

/** The key of the text an item's id follows while new. */
const NAME_KEY = { categories: 'name', templates: 'name', defaultFields: 'label' } as const;

/**
 * An id from a name: lower case, letters and digits with single `-` between words, starting with a letter (`c-` before
 * a digit), 64 characters at most, and none of `taken` (a `-2`, `-3`… after it when it is). '' for a name without a
 * letter or digit.
 */
export function consentIdOf(name: string, taken: ReadonlySet<string>): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (words === '') return '';
  const base = (/^[a-z]/.test(words) ? words : `c-${words}`).slice(0, 60).replace(/-+$/, '');
  const lowerTaken = new Set([...taken].map((id) => id.toLowerCase()));
  if (!lowerTaken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!lowerTaken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The ids of a list but the item at `index`. */
function otherIds(list: readonly { readonly id: string }[], index: number): Set<string> {
  return new Set(list.filter((_, at) => at !== index).map((item) => item.id));
}

/** A blank item for `list`, in the draft's context (a template in the default language, the first language the default). */
function blank<L extends ConsentListName>(list: L, draft: Lists): ConsentListItems[L] {
  const items: { [K in ConsentListName]: ConsentListItems[K] } = {
    categories: { id: '', name: '' },
    templates: { id: '', name: '', language: draft.languages.find((language) => language.isDefault)?.code ?? '', title: '', body: '', categories: [] },
    languages: { code: '', name: '', isDefault: draft.languages.length === 0 },
    defaultFields: { id: '', label: '', type: 'text', required: false },
  };
  return items[list];
}

/** The change that adds a blank item at the end of `list`. */
export function addConsentItem(draft: Lists, list: ConsentListName): ConsentListsChange {
  return { [list]: [...draft[list], blank(list, draft)] };
}

/**
 * The change that sets `patch` on the item at `index` of `list` (see the module comment for what follows: a new
 * item's id, templates naming a changed category or language, the one default language). Nothing for an index out
 * of range.
 */
export function changeConsentItem<L extends ConsentListName>(
  draft: Lists,
  stored: Lists | undefined,
  list: L,
  index: number,
  patch: Partial<ConsentListItems[L]>,
): ConsentListsChange {
  const items = draft[list] as unknown as readonly ConsentListItems[L][];
  const item = items[index];
  if (!item) return {};
  let next = { ...item, ...patch } as ConsentListItems[L];
  if (list !== 'languages' && !('id' in patch)) {
    const key = NAME_KEY[list as Exclude<ConsentListName, 'languages'>];
    const before = item as unknown as Record<string, string>;
    const others = otherIds(items as readonly { id: string }[], index);
    const storedIds = new Set((stored?.[list] as readonly { id: string }[] | undefined)?.map((kept) => kept.id) ?? []);
    const follows = !storedIds.has(before.id!) && (before.id === '' || before.id === consentIdOf(before[key]!, others));
    if (key in patch && follows) next = { ...next, id: consentIdOf((next as unknown as Record<string, string>)[key]!, others) };
  }
  const list2 = items.map((old, at) => (at === index ? next : old));
  const change: ConsentListsChange = { [list]: list2 };
  if (list === 'categories') {
    const from = (item as ConsentCategory).id;
    const to = (next as ConsentCategory).id;
    if (from !== to && from !== '') change.templates = draft.templates.map((t) => ({ ...t, categories: t.categories.map((id) => (id === from ? to : id)) }));
  }
  if (list === 'languages') {
    const from = (item as ConsentLanguage).code;
    const to = (next as ConsentLanguage).code;
    if (from !== to && from !== '') change.templates = draft.templates.map((t) => (t.language === from ? { ...t, language: to } : t));
    if ((patch as Partial<ConsentLanguage>).isDefault === true) change.languages = (list2 as ConsentLanguage[]).map((language, at) => ({ ...language, isDefault: at === index }));
  }
  return change;
}

/** The change that removes the item at `index` of `list` (see the module comment for what follows). */
export function removeConsentItem(draft: Lists, list: ConsentListName, index: number): ConsentListsChange {
  const item = draft[list][index];
  if (!item) return {};
  const rest = draft[list].filter((_, at) => at !== index);
  const change: ConsentListsChange = { [list]: rest };
  if (list === 'categories') {
    const id = (item as ConsentCategory).id;
    change.templates = draft.templates.map((t) => ({ ...t, categories: t.categories.filter((named) => named !== id) }));
  }
  if (list === 'languages' && (item as ConsentLanguage).isDefault && rest.length > 0) {
    change.languages = (rest as ConsentLanguage[]).map((language, at) => ({ ...language, isDefault: at === 0 }));
  }
  return change;
}
