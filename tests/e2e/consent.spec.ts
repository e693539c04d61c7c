/**
 * Consent end to end (issue 15 "Consent"; spec 01 §3 consentStatus, spec 02 §3 and §9 the consent status filter,
 * spec 03 §2.1 "Consent forms", §3.10, §3.11) on the real stack in Chromium.
 *
 * The administrator (the site owner, who holds every consent permission) opens Consent forms from the settings menu,
 * switches consent forms on and saves. Two photos of their own in a folder of their own: on the first one's asset
 * view the consent panel says there is no consent information; the administrator records a signed consent form for a
 * person and the panel shows full consent and the form; unlinked, the asset has no consent information again, and the
 * "Link existing form" picker finds the form and links it back. The advanced search now offers the consent status filter;
 * Full consent in the folder finds the first photo and not the second. Every screen passes axe. The settings are put
 * back as they were at the end, so other journeys see the consent forms off.
 *
 * The settings' lists (spec 03 §3.10): the administrator adds a language (a second one with the same code shows its
 * problem and keeps Save off until removed), a category, a template in that language asking consent for that category,
 * and a default field; saves; after a reload they are there as the DAM stored them. Light and dark pass axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };
const SETTINGS = '/fotoweb/api/config/consentForms/ConsentFormSettings';

/** Puts the consent settings back as they were. */
async function restoreSettings(page: Page, settings: unknown): Promise<void> {
  const put = await page.request.put(SETTINGS, { headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' }, data: settings });
  expect(put.status(), await put.text()).toBe(200);
}

test('an administrator switches consent forms on, records a signed form on an asset, and the consent filter finds it (issue 15)', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const before = await (await page.request.get(SETTINGS, { headers: { Accept: 'application/json' } })).json();

  // Two photos in a folder of their own.
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  const archive = targets.data[0]!.href;
  const folder = `consent-${tag}`;
  const consented = await uploadInto(page, archive, folder, uniquePhoto(`consent-yes-${tag}`));
  await uploadInto(page, archive, folder, uniquePhoto(`consent-none-${tag}`));

  try {
    // Settings → Consent forms: switch them on and save.
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page
      .getByTestId('settings-menu')
      .getByRole('menuitem', { name: /Consent forms/ })
      .click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/consent');
    const form = page.getByTestId('consent-settings');
    await expect(form).toHaveAttribute('data-state', 'ready.idle');
    await expectAccessible(page, '[data-testid="consent-page"]', 'consent settings');
    await expect(page.getByTestId('consent-expiry-days')).toHaveValue(String(before.defaultUrlExpiryDays));
    if (!before.enableConsentForms) await page.getByTestId('consent-enable').click(ACT);
    await page.getByTestId('consent-company-name').fill(`Magpie Photo ${tag}`);
    await page.getByTestId('consent-settings-save').click(ACT);
    await expect(form).toHaveAttribute('data-state', 'ready.saved');
    await expect(page.getByTestId('consent-settings-saved')).toBeVisible();

    // The asset view: no consent information yet; record a signed form.
    await page.goto(consented);
    await expect(page.getByTestId('asset-title')).toBeVisible();
    const panel = page.getByTestId('consent-panel');
    await expect(panel.getByTestId('consent-summary')).toHaveAttribute('data-state', 'NoConsentInfo');
    await expect(panel.getByTestId('consent-forms-empty')).toBeVisible();
    await panel.getByTestId('consent-form-add').click(ACT);
    const dialog = page.getByTestId('consent-form-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('consent-form-save')).toBeDisabled();
    await dialog.getByTestId('consent-form-personName').fill(`Ada Model ${tag}`);
    await dialog.getByTestId('consent-form-email').fill('ada@example.com');
    await dialog.getByTestId('consent-form-state').selectOption('Signed');
    await dialog.getByTestId('consent-form-signed').fill('2026-01-10');
    await dialog.getByTestId('consent-form-usages').fill('web, print');
    await expectAccessible(page, '[data-testid="consent-form-dialog"]', 'consent form dialog');
    await dialog.getByTestId('consent-form-save').click(ACT);
    await expect(dialog).toBeHidden();
    await expect(panel.getByTestId('consent-summary')).toHaveAttribute('data-state', 'FullConsent');
    await expect(panel.getByTestId('consent-state')).toHaveText('Full consent');
    await expect(panel.getByTestId('consent-approved')).toContainText('print, web');
    const recorded = panel.getByTestId('consent-form');
    await expect(recorded).toHaveCount(1);
    await expect(recorded).toContainText('Ada Model');
    await expect(recorded).toContainText('ada@example.com');
    await expectAccessible(page, '[data-testid="consent-panel"]', 'consent panel with a form');

    // Unlinked, the asset loses the consent and the form stays: the picker finds it and links it again.
    await recorded.getByTestId('consent-form-unlink').click(ACT);
    await expect(panel.getByTestId('consent-summary')).toHaveAttribute('data-state', 'NoConsentInfo');
    await expect(panel.getByTestId('consent-forms-empty')).toBeVisible();
    await panel.getByTestId('consent-form-link').click(ACT);
    const picker = page.getByTestId('consent-picker');
    await picker.getByTestId('consent-picker-search').fill(`Ada Model ${tag}`);
    const choice = picker.getByRole('button', { name: `Link the consent form of Ada Model ${tag}` });
    await expect(choice).toBeVisible();
    await expectAccessible(page, '[data-testid="consent-picker"]', 'consent form picker');
    await choice.click(ACT);
    await expect(picker).toBeHidden();
    await expect(panel.getByTestId('consent-summary')).toHaveAttribute('data-state', 'FullConsent');
    await expect(recorded).toHaveCount(1);

    // The advanced search in the folder offers the consent status filter; Full consent finds the one photo.
    await page.goto(`${archive}${folder}/`);
    await expect(page.getByTestId('collection-view')).toBeVisible();
    await page.getByRole('button', { name: 'Advanced search' }).click(ACT);
    const advanced = page.getByTestId('advanced-search');
    await expect(advanced).toBeVisible();
    await advanced.getByTestId('advanced-cst').selectOption('fullconsent');
    await expectAccessible(page, '[data-testid="advanced-search"]', 'advanced search with the consent filter');
    await advanced.getByTestId('advanced-submit').click(ACT);
    await expect(advanced).toBeHidden();
    expect(new URL(page.url()).searchParams.get('cst')).toBe('fullconsent');
    const thumbnails = page.getByTestId('asset-thumbnail');
    await expect(thumbnails).toHaveCount(1);
    await expect(thumbnails.first()).toContainText(`magpie-e2e-consent-yes-${tag}`);
  } finally {
    await restoreSettings(page, before);
  }
});

test('an administrator fills the consent settings’ lists: a language, a category, a template using both, a default field (issue 15)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const before = await (await page.request.get(SETTINGS, { headers: { Accept: 'application/json' } })).json();
  // Start from empty lists, so that the items below are the first of each.
  await restoreSettings(page, { ...before, categories: [], templates: [], languages: [], defaultFields: [] });
  const tag = randomBytes(3).toString('hex');

  try {
    await page.goto('/fotoweb/views/consent');
    const form = page.getByTestId('consent-settings');
    await expect(form).toHaveAttribute('data-state', 'ready.idle');
    for (const list of ['languages', 'categories', 'templates', 'defaultFields']) await expect(page.getByTestId(`consent-${list}-empty`)).toBeVisible();

    // A language: the first is the default.
    await page.getByTestId('consent-languages-add').click(ACT);
    const language = page.getByTestId('consent-languages-item').first();
    await language.getByTestId('consent-languages-code').fill('nb-NO');
    await language.getByTestId('consent-languages-name').fill('Norsk bokmål');
    await expect(language.getByRole('radio', { name: 'Default language' })).toBeChecked();

    // A second language with the same code: the problem shows next to the list, and Save waits; remove it.
    await page.getByTestId('consent-languages-add').click(ACT);
    const second = page.getByTestId('consent-languages-item').nth(1);
    await second.getByTestId('consent-languages-code').fill('NB-no');
    await second.getByTestId('consent-languages-name').fill('Again');
    await expect(second.getByTestId('consent-list-problem')).toContainText('Language “Again” has the code “NB-no”, which another language has too.');
    await expect(page.getByTestId('consent-settings-save')).toBeDisabled();
    await expect(page.getByTestId('consent-settings-blocked')).toBeVisible();
    await second.getByTestId('consent-languages-remove').click(ACT);
    await expect(page.getByTestId('consent-languages-item')).toHaveCount(1);

    // A category: its id follows its name.
    await page.getByTestId('consent-categories-add').click(ACT);
    const category = page.getByTestId('consent-categories-item').first();
    await category.getByTestId('consent-categories-name').fill(`Marketing ${tag}`);
    await expect(category.getByTestId('consent-categories-id')).toHaveValue(`marketing-${tag}`);

    // A template in that language asking consent for that category.
    await page.getByTestId('consent-templates-add').click(ACT);
    const template = page.getByTestId('consent-templates-item').first();
    await template.getByTestId('consent-templates-name').fill('Press photo');
    await expect(template.getByTestId('consent-templates-language')).toHaveValue('nb-NO');
    await template.getByTestId('consent-templates-title').fill('Samtykke');
    await template.getByTestId('consent-templates-body').fill('Jeg samtykker til at **bildene** brukes.');
    await template.getByTestId('consent-templates-category').getByText(`Marketing ${tag}`).click(ACT);

    // A default field every form asks for.
    await page.getByTestId('consent-defaultFields-add').click(ACT);
    const field = page.getByTestId('consent-defaultFields-item').first();
    await field.getByTestId('consent-defaultFields-label').fill('Full name');
    await field.getByTestId('consent-defaultFields-required').getByText('Required').click(ACT);
    await expect(page.getByTestId('consent-list-problem')).toHaveCount(0);
    await expectAccessible(page, '[data-testid="consent-page"]', 'consent settings with every list');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page, '[data-testid="consent-page"]', 'consent settings with every list, in dark mode');
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByTestId('consent-settings-save').click(ACT);
    await expect(form).toHaveAttribute('data-state', 'ready.saved');

    // After a reload they are there, as stored.
    await page.reload();
    await expect(page.getByTestId('consent-settings')).toHaveAttribute('data-state', 'ready.idle');
    await expect(page.getByTestId('consent-languages-code')).toHaveValue('nb-NO');
    await expect(page.getByTestId('consent-categories-id')).toHaveValue(`marketing-${tag}`);
    await expect(page.getByTestId('consent-templates-name')).toHaveValue('Press photo');
    await expect(page.getByTestId('consent-templates-body')).toHaveValue('Jeg samtykker til at **bildene** brukes.');
    await expect(page.getByTestId('consent-templates-category').locator('input')).toBeChecked();
    await expect(page.getByTestId('consent-defaultFields-label')).toHaveValue('Full name');
    const saved = await (await page.request.get(SETTINGS, { headers: { Accept: 'application/json' } })).json();
    expect(saved).toMatchObject({
      languages: [{ code: 'nb-NO', name: 'Norsk bokmål', isDefault: true }],
      categories: [{ id: `marketing-${tag}`, name: `Marketing ${tag}` }],
      templates: [{ id: 'press-photo', name: 'Press photo', language: 'nb-NO', title: 'Samtykke', categories: [`marketing-${tag}`] }],
      defaultFields: [{ id: 'full-name', label: 'Full name', type: 'text', required: true }],
    });
  } finally {
    await restoreSettings(page, before);
  }
});
