/**
 * The consent settings' lists (issue 15; spec 03 §3.10 categories, templates, languages, default fields; dam.yaml
 * `ConsentFormSettings`; docs/decisions.md "Issue 15: the consent settings' lists"): the round trip of every list, each
 * rule refused with a 400 whose issue names the bad item (nothing stored then), and the settings stored before the
 * lists had shapes still read.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsentFormSettings } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

const SETTINGS = '/fotoweb/api/config/consentForms/ConsentFormSettings';

let dam: TestDam;
const { call } = requestsFor(() => dam);
let configurer: { token: string };

const LISTS: Pick<ConsentFormSettings, 'categories' | 'templates' | 'languages' | 'defaultFields'> = {
  categories: [
    { id: 'marketing', name: 'Marketing' },
    { id: 'editorial', name: 'Editorial' },
  ],
  languages: [
    { code: 'en', name: 'English', isDefault: true },
    { code: 'nb-NO', name: 'Norsk bokmål', isDefault: false },
  ],
  templates: [
    {
      id: 'press',
      name: 'Press photo',
      language: 'nb-NO',
      title: 'Samtykke',
      body: '# Samtykke\n\nJeg samtykker til at bildene brukes.\n',
      categories: ['editorial', 'marketing'],
    },
  ],
  defaultFields: [
    { id: 'name', label: 'Full name', type: 'text', required: true },
    { id: 'email', label: 'E-mail', type: 'email', required: false },
    { id: 'born', label: 'Date of birth', type: 'date', required: false },
    { id: 'adult', label: 'I am over 18', type: 'checkbox', required: true },
  ],
};

const body = (changes: Partial<ConsentFormSettings> = {}): ConsentFormSettings => ({
  companyAbout: '',
  contactEmailAddress: '',
  companyName: 'Magpie Photo',
  defaultUrlExpiryDays: 30,
  enableConsentForms: false,
  pdfRenderCompanyLogo: true,
  pdfRenderCompanyLogoInBanner: true,
  ...LISTS,
  ...changes,
});

const put = (settings: unknown) => call('PUT', SETTINGS, settings, configurer.token);
const stored = async () => (await call('GET', SETTINGS, undefined, configurer.token)).json() as ConsentFormSettings;

beforeAll(async () => {
  dam = await createTestDam();
  configurer = await dam.createMemberWith('consent-lists-admin', ['configureConsentForms']);
});
afterAll(async () => {
  await dam?.close();
});

describe('the consent settings’ lists (spec 03 §3.10)', () => {
  it('start empty, and save and read back every list, names trimmed', async () => {
    expect(await stored()).toMatchObject({ categories: [], templates: [], languages: [], defaultFields: [] });
    const saved = await put(body({ categories: [{ id: 'marketing', name: '  Marketing ' }, LISTS.categories[1]!] }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual(body());
    expect(await stored()).toEqual(body());
    // Emptying the lists is a change like any other.
    expect((await put(body({ categories: [], templates: [], languages: [], defaultFields: [] }))).statusCode).toBe(200);
    expect(await stored()).toMatchObject({ categories: [], templates: [], languages: [], defaultFields: [] });
    expect((await put(body())).statusCode).toBe(200);
  });

  it('refuses each broken rule with a 400 naming the item, and keeps what was stored', async () => {
    const template = LISTS.templates[0]!;
    const cases: Array<[string, Partial<ConsentFormSettings>, string, RegExp]> = [
      ['a category id twice', { categories: [...LISTS.categories, { id: 'Marketing', name: 'Ads' }] }, 'categories.2.id', /Category “Ads” has the id “Marketing”/],
      ['an id that is no id', { categories: [{ id: '1 bad', name: 'Bad' }, LISTS.categories[1]!] }, 'categories.0.id', /Category “Bad” needs an id/],
      ['a nameless category', { categories: [...LISTS.categories, { id: 'other', name: '  ' }] }, 'categories.2.name', /Category 3 needs a name/],
      [
        'a template naming an unknown category',
        { templates: [{ ...template, categories: ['editorial', 'news'] }] },
        'templates.0.categories',
        /Template “Press photo” names the category “news”, which is not listed/,
      ],
      ['a template in an unknown language', { templates: [{ ...template, language: 'fr' }] }, 'templates.0.language', /the language “fr”, which is not listed/],
      ['a template id twice', { templates: [template, { ...template, name: 'Copy' }] }, 'templates.1.id', /Template “Copy” has the id “press”/],
      ['two default languages', { languages: LISTS.languages.map((l) => ({ ...l, isDefault: true })) }, 'languages', /Only one language is the default/],
      ['no default language', { languages: LISTS.languages.map((l) => ({ ...l, isDefault: false })) }, 'languages', /Choose the default language/],
      [
        'a language code twice',
        { languages: [...LISTS.languages, { code: 'EN', name: 'English (again)', isDefault: false }] },
        'languages.2.code',
        /which another language has too/,
      ],
      [
        'a code that is no language tag',
        { languages: [LISTS.languages[0]!, { code: 'not a code', name: 'Nope', isDefault: false }] },
        'languages.1.code',
        /Language “Nope” needs a language code/,
      ],
      ['an over-long template title', { templates: [{ ...template, title: 't'.repeat(201) }] }, 'templates.0.title', /title over 200 characters/],
      ['an over-long field label', { defaultFields: [{ id: 'x', label: 'l'.repeat(101), type: 'text', required: false }] }, 'defaultFields.0.label', /label over 100 characters/],
      [
        'a field id twice',
        { defaultFields: [...LISTS.defaultFields, { id: 'NAME', label: 'Name again', type: 'text', required: false }] },
        'defaultFields.4.id',
        /Field “Name again”/,
      ],
      ['more than 100 categories', { categories: Array.from({ length: 101 }, (_, i) => ({ id: `c${i}`, name: `C ${i}` })) }, 'categories', /At most 100 categories/],
    ];
    for (const [what, change, path, message] of cases) {
      const res = await put(body(change));
      expect(res.statusCode, what).toBe(400);
      const error = res.json() as { value: string; issues: Array<{ path: string; message: string }> };
      expect(error.value, what).toBe('InvalidRequest');
      expect(error.issues.find((issue) => issue.path === path)?.message, `${what}: ${res.body}`).toMatch(message);
    }
    for (const bad of [{ type: 'phone' }, { required: 'yes' }, { extra: 1 }]) {
      const res = await put(body({ defaultFields: [{ ...LISTS.defaultFields[0]!, ...bad } as never] }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().issues[0].path).toMatch(/^defaultFields\.0/);
    }
    expect(await stored()).toEqual(body());
  });

  it('still reads settings stored before the lists had shapes', async () => {
    await sql`UPDATE consent_settings SET categories = ${JSON.stringify([{ id: 'old', name: 'Old', colour: 'red' }, 'not an item'])}::jsonb,
      templates = ${JSON.stringify([{ id: 'legacy', categories: ['old', 7] }])}::jsonb,
      languages = ${JSON.stringify([{ code: 'en' }])}::jsonb,
      default_fields = ${JSON.stringify([{ id: 'phone', label: 'Phone', type: 'tel' }])}::jsonb`.execute(dam.ctx.database.db);
    const res = await call('GET', SETTINGS, undefined, configurer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      categories: [{ id: 'old', name: 'Old' }],
      templates: [{ id: 'legacy', name: '', language: '', title: '', body: '', categories: ['old'] }],
      languages: [{ code: 'en', name: '', isDefault: false }],
      defaultFields: [{ id: 'phone', label: 'Phone', type: 'text', required: false }],
    });
    // What the page would send back unchanged is refused until the items are put right, each named.
    const again = await put(res.json());
    expect(again.statusCode).toBe(400);
    expect((again.json().issues as Array<{ path: string }>).map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['languages.0.name', 'languages', 'templates.0.name', 'templates.0.language', 'templates.0.title']),
    );
    expect((await put(body())).statusCode).toBe(200);
    expect(await stored()).toEqual(body());
  });
});
