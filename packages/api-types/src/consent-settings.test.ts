import { describe, expect, it } from 'vitest';
import { consentListProblems, isLanguageTag, type ConsentLists } from './consent-settings.ts';
import { ConsentFormSettingsSchema } from './schemas.ts';

const LISTS: ConsentLists = {
  categories: [{ id: 'marketing', name: 'Marketing' }],
  languages: [{ code: 'en', name: 'English', isDefault: true }],
  templates: [{ id: 'press', name: 'Press', language: 'en', title: 'Consent', body: 'Line one\nLine two\ttabbed', categories: ['marketing'] }],
  defaultFields: [{ id: 'name', label: 'Name', type: 'text', required: true }],
};

describe('the consent settings’ lists', () => {
  it('knows a language tag', () => {
    for (const code of ['en', 'nb-NO', 'zh-Hant-TW', 'es-419']) expect(isLanguageTag(code), code).toBe(true);
    for (const code of ['', 'e', 'en_GB', 'english language', 'x'.repeat(36), 'en--GB']) expect(isLanguageTag(code), code).toBe(false);
  });

  it('accepts empty lists and a consistent set, and names each broken item', () => {
    expect(consentListProblems({ categories: [], templates: [], languages: [], defaultFields: [] })).toEqual([]);
    expect(consentListProblems(LISTS)).toEqual([]);
    const problems = consentListProblems({
      ...LISTS,
      languages: [...LISTS.languages, { code: 'fr', name: 'Français', isDefault: true }],
      templates: [{ ...LISTS.templates[0]!, language: 'de', categories: ['marketing', 'marketing', 'news'], body: 'bell\u0007' }],
      defaultFields: [{ id: 'name', label: 'Name\nagain', type: 'phone' as never, required: false }],
    });
    expect(problems).toEqual([
      { path: 'languages', message: 'Only one language is the default (2 are now).' },
      { path: 'templates.0.language', message: 'Template “Press” is in the language “de”, which is not listed.' },
      { path: 'templates.0.body', message: 'Template “Press” has a text with control characters.' },
      { path: 'templates.0.categories', message: 'Template “Press” names the category “marketing” twice.' },
      { path: 'templates.0.categories', message: 'Template “Press” names the category “news”, which is not listed.' },
      { path: 'defaultFields.0.label', message: 'Field “Name\nagain” has a label with control characters.' },
      { path: 'defaultFields.0.type', message: 'Field “Name\nagain” is one of text, email, date, checkbox.' },
    ]);
  });

  it('is what the settings schema checks, each issue on its item', () => {
    const base = {
      companyAbout: '',
      contactEmailAddress: '',
      companyName: '',
      defaultUrlExpiryDays: 30,
      enableConsentForms: false,
      pdfRenderCompanyLogo: true,
      pdfRenderCompanyLogoInBanner: true,
    };
    expect(ConsentFormSettingsSchema.safeParse({ ...base, ...LISTS }).success).toBe(true);
    const refused = ConsentFormSettingsSchema.safeParse({ ...base, ...LISTS, categories: [] });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['templates.0.categories', 'Template “Press” names the category “marketing”, which is not listed.'],
    ]);
  });
});
