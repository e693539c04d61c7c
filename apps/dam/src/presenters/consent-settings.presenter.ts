import type { ConsentCategory, ConsentDefaultField, ConsentLanguage, ConsentLists, ConsentTemplate } from '@magpie/api-types';
import { CONSENT_DEFAULT_FIELD_TYPES } from '@magpie/api-types';
import type { ConsentSettingsRow } from '../db/schema.ts';

type Stored = Record<string, unknown>;

const text = (item: Stored, key: string): string => (typeof item[key] === 'string' ? (item[key] as string) : '');
const objects = (list: unknown): Stored[] => (Array.isArray(list) ? list.filter((item): item is Stored => typeof item === 'object' && item !== null && !Array.isArray(item)) : []);

/**
 * The four lists of the consent settings row in their shapes (issue 15; spec 03 §3.10; dam.yaml `ConsentCategory`,
 * `ConsentLanguage`, `ConsentTemplate`, `ConsentDefaultField`). Before issue 15 gave them shapes the DAM kept any
 * objects: such an item is read as far as it fits (a missing text is '', a missing flag false, an unknown field type
 * `text`, only string category ids), so what was stored stays readable; a non-object is left out. An item that breaks
 * the rules shows its problem on the Consent page, which must be put right before the next save.
 */
export function presentConsentLists(row: Pick<ConsentSettingsRow, 'categories' | 'templates' | 'languages' | 'default_fields'>): ConsentLists & {
  categories: ConsentCategory[];
  templates: ConsentTemplate[];
  languages: ConsentLanguage[];
  defaultFields: ConsentDefaultField[];
} {
  return {
    categories: objects(row.categories).map((item) => ({ id: text(item, 'id'), name: text(item, 'name') })),
    templates: objects(row.templates).map((item) => ({
      id: text(item, 'id'),
      name: text(item, 'name'),
      language: text(item, 'language'),
      title: text(item, 'title'),
      body: text(item, 'body'),
      categories: Array.isArray(item.categories) ? item.categories.filter((id): id is string => typeof id === 'string') : [],
    })),
    languages: objects(row.languages).map((item) => ({ code: text(item, 'code'), name: text(item, 'name'), isDefault: item.isDefault === true })),
    defaultFields: objects(row.default_fields).map((item) => {
      const type = CONSENT_DEFAULT_FIELD_TYPES.find((known) => known === item.type) ?? 'text';
      return { id: text(item, 'id'), label: text(item, 'label'), type, required: item.required === true };
    }),
  };
}

/**
 * The lists as the DAM stores them (`updateConsentFormSettings`, already checked by `consentListProblems`): names,
 * labels and titles trimmed, ids and codes trimmed, a template's body as typed.
 */
export function storedConsentLists(lists: ConsentLists): Record<'categories' | 'templates' | 'languages' | 'default_fields', string> {
  return {
    categories: JSON.stringify(lists.categories.map((c) => ({ id: c.id.trim(), name: c.name.trim() }))),
    templates: JSON.stringify(
      lists.templates.map((t) => ({ id: t.id.trim(), name: t.name.trim(), language: t.language.trim(), title: t.title.trim(), body: t.body, categories: [...t.categories] })),
    ),
    languages: JSON.stringify(lists.languages.map((l) => ({ code: l.code.trim(), name: l.name.trim(), isDefault: l.isDefault }))),
    default_fields: JSON.stringify(lists.defaultFields.map((f) => ({ id: f.id.trim(), label: f.label.trim(), type: f.type, required: f.required }))),
  };
}
