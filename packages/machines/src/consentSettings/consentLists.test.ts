import { describe, expect, it } from 'vitest';
import { consentListProblems, type ConsentFormSettings } from '@magpie/api-types';
import { addConsentItem, changeConsentItem, consentIdOf, removeConsentItem } from './consentLists.ts';
import { MODEL_STORED_SETTINGS } from './consentSettings.model.ts';

/** The draft after applying each change in turn. */
function apply(draft: ConsentFormSettings, ...edits: Array<(d: ConsentFormSettings) => Partial<ConsentFormSettings>>): ConsentFormSettings {
  return edits.reduce((d, edit) => ({ ...d, ...edit(d) }), draft);
}

describe('consent list edits', () => {
  it('derives ids from names: lower case, a letter first, unique', () => {
    expect(consentIdOf('Marketing & Ads', new Set())).toBe('marketing-ads');
    expect(consentIdOf('Rødt édition', new Set())).toBe('r-dt-edition');
    expect(consentIdOf('2026 campaign', new Set())).toBe('c-2026-campaign');
    expect(consentIdOf('Editorial', new Set(['editorial', 'Editorial-2']))).toBe('editorial-3');
    expect(consentIdOf('  !! ', new Set())).toBe('');
  });

  it('builds a whole setup the DAM accepts: a language, a category, a template using both, a field', () => {
    const draft = apply(
      MODEL_STORED_SETTINGS,
      (d) => addConsentItem(d, 'languages'),
      (d) => changeConsentItem(d, MODEL_STORED_SETTINGS, 'languages', 0, { code: 'en', name: 'English' }),
      (d) => addConsentItem(d, 'categories'),
      (d) => changeConsentItem(d, MODEL_STORED_SETTINGS, 'categories', 0, { name: 'Marketing' }),
      (d) => addConsentItem(d, 'templates'),
      (d) => changeConsentItem(d, MODEL_STORED_SETTINGS, 'templates', 0, { name: 'Press release', title: 'Consent', categories: ['marketing'] }),
      (d) => addConsentItem(d, 'defaultFields'),
      (d) => changeConsentItem(d, MODEL_STORED_SETTINGS, 'defaultFields', 0, { label: 'Full name', required: true }),
    );
    expect(draft.languages).toEqual([{ code: 'en', name: 'English', isDefault: true }]);
    expect(draft.categories).toEqual([{ id: 'marketing', name: 'Marketing' }]);
    expect(draft.templates).toEqual([{ id: 'press-release', name: 'Press release', language: 'en', title: 'Consent', body: '', categories: ['marketing'] }]);
    expect(draft.defaultFields).toEqual([{ id: 'full-name', label: 'Full name', type: 'text', required: true }]);
    expect(consentListProblems(draft)).toEqual([]);
  });

  it('keeps a typed or stored id, renames what names a category or a language, and keeps one default language', () => {
    const stored = apply(
      MODEL_STORED_SETTINGS,
      (d) => addConsentItem(d, 'categories'),
      (d) => changeConsentItem(d, undefined, 'categories', 0, { name: 'News' }),
      (d) => addConsentItem(d, 'languages'),
      (d) => changeConsentItem(d, undefined, 'languages', 0, { code: 'en', name: 'English' }),
      (d) => addConsentItem(d, 'languages'),
      (d) => changeConsentItem(d, undefined, 'languages', 1, { code: 'nb', name: 'Norsk' }),
      (d) => addConsentItem(d, 'templates'),
      (d) => changeConsentItem(d, undefined, 'templates', 0, { name: 'T', title: 'T', categories: ['news'] }),
    );
    expect(stored.languages.map((l) => l.isDefault)).toEqual([true, false]);
    // A stored id does not follow its name.
    const renamed = apply(stored, (d) => changeConsentItem(d, stored, 'categories', 0, { name: 'Newsroom' }));
    expect(renamed.categories[0]).toEqual({ id: 'news', name: 'Newsroom' });
    // A typed id is kept, and templates follow it.
    const typed = apply(stored, (d) => changeConsentItem(d, stored, 'categories', 0, { id: 'press' }));
    expect(typed.templates[0]!.categories).toEqual(['press']);
    // A language's new code reaches its templates; the default moves.
    const recoded = apply(
      stored,
      (d) => changeConsentItem(d, stored, 'languages', 0, { code: 'en-GB' }),
      (d) => changeConsentItem(d, stored, 'languages', 1, { isDefault: true }),
    );
    expect(recoded.templates[0]!.language).toBe('en-GB');
    expect(recoded.languages.map((l) => l.isDefault)).toEqual([false, true]);
    // Removing the default makes the first left the default; removing a category leaves the templates.
    const removed = apply(
      recoded,
      (d) => removeConsentItem(d, 'languages', 1),
      (d) => removeConsentItem(d, 'categories', 0),
    );
    expect(removed.languages).toEqual([{ code: 'en-GB', name: 'English', isDefault: true }]);
    expect(removed.templates[0]!.categories).toEqual([]);
    expect(changeConsentItem(stored, stored, 'categories', 5, { name: 'x' })).toEqual({});
    expect(removeConsentItem(stored, 'defaultFields', 0)).toEqual({});
  });
});
