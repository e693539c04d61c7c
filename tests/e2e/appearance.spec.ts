/**
 * The site's appearance end to end (issue 15 "Header, footer and site", "Bad input"; spec 01 §2 Keyboard, §3
 * `appearance.customCss`, §7 "POST custom CSS url: cssContent"; spec 02 §3 `customizations.customTitleBarButtons`;
 * spec 03 §2.1 "Manage site") on the real stack in Chromium.
 *
 * The administrator opens Settings → Manage site, sets custom CSS that colours the header, and the page shows it at
 * once (the stylesheet the descriptor links); CSS over the 256 KiB limit is refused in the editor and by the DAM
 * (413) without losing the stored CSS. A title-bar button added there appears in the header. On the archives page
 * Ctrl+Shift+U does nothing visible; Ctrl+Shift+Z asks in the prompt and, after Yes, the CSS is gone from the page and
 * from the server. A visitor who is not signed in sees the CSS on the login view, the guests' archives and the cookie
 * policy page, and the button in the guests' header. Every screen passes axe. The test leaves no CSS and no buttons
 * behind.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test, watchCspViolations } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
/** A light yellow: the header's dark text keeps its contrast. */
const HEADER_BG = 'rgb(255, 250, 205)';
/** The login view has no header: its `<main>` gets a top border in the same colour. */
const MAIN_BORDER = `4px solid ${HEADER_BG}`;
/** Chakra UI's style props are class rules, so the site's CSS says `!important` (or is more specific) to win over them. */
const CSS = `header { background-color: ${HEADER_BG} !important; } main { border-top: ${MAIN_BORDER} !important; }`;

const mainTopBorder = (page: Page) =>
  page
    .locator('main')
    .first()
    .evaluate((main) => {
      const style = getComputedStyle(main);
      return `${style.borderTopWidth} ${style.borderTopStyle} ${style.borderTopColor}`;
    });

const headerBackground = (page: Page) =>
  page
    .locator('header')
    .first()
    .evaluate((header) => getComputedStyle(header).backgroundColor);

/** Clears the CSS and the buttons through the API (what the test set, whatever happened). */
async function resetAppearance(page: Page): Promise<void> {
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  await page.request.post('/fotoweb/appearance/css', { headers, data: { cssContent: '' } });
  await page.request.put('/fotoweb/appearance/title-bar-buttons', { headers, data: { data: [] } });
}

test('an administrator sets custom CSS and a title-bar button on Manage site; Ctrl+Shift+Z clears the CSS after the prompt (issue 15)', async ({
  page,
  credentials,
  browser,
  baseURL,
  cspViolations,
}) => {
  test.setTimeout(120_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  try {
    // Settings → Manage site (the descriptor's views.management and the overview's "Appearance" section).
    await page.getByTestId('settings-menu-trigger').click();
    await page.getByTestId('settings-manageSite').click();
    await expect(page).toHaveURL(/\/fotoweb\/views\/management$/);
    const section = page.getByTestId('appearance-section');
    await expect(section).toHaveAttribute('data-state', 'idle', ACT);
    await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
    await expect(page.getByTestId('custom-css-size')).toContainText('262,144 bytes (256 KiB)');
    await expect(page.getByTestId('title-bar-buttons-empty')).toBeVisible();
    await expectAccessible(page, undefined, 'Manage site page');

    // Over the limit: the editor says so and will not save; the DAM refuses it too, keeping nothing new.
    const input = page.getByTestId('custom-css-input');
    await input.fill(`/* ${'x'.repeat(262_144)} */`);
    await expect(page.getByTestId('custom-css-problem')).toContainText('the limit is 262,144 bytes');
    await expect(page.getByTestId('custom-css-save')).toBeDisabled();
    const refused = await page.request.post('/fotoweb/appearance/css', {
      headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
      data: { cssContent: `/* ${'x'.repeat(262_144)} */` },
    });
    expect(refused.status()).toBe(413);
    expect((await refused.json()).value).toBe('PayloadTooLarge');

    // The CSS saved shows on the page at once.
    await input.fill(CSS);
    await page.getByTestId('custom-css-save').click();
    await expect(page.getByTestId('appearance-saved')).toHaveText('The custom CSS was saved.', ACT);
    await expect(page.locator('link#magpie-custom-css')).toHaveAttribute('href', /^\/fotoweb\/appearance\/css\?v=\d+$/);
    await expect.poll(() => headerBackground(page), ACT).toBe(HEADER_BG);

    // A title-bar button: a bad link is refused in the form, a good one saved shows in the header.
    await page.getByTestId('title-bar-button-add').click();
    await page.getByTestId('title-bar-button-tooltip').fill('Help centre');
    await page.getByTestId('title-bar-button-href').fill('javascript:alert(1)');
    await expect(page.getByTestId('title-bar-button-href-problem')).toBeVisible();
    await expect(page.getByTestId('title-bar-buttons-save')).toBeDisabled();
    await page.getByTestId('title-bar-button-href').fill('https://help.example.com/');
    await page.getByTestId('title-bar-button-icon').selectOption('help');
    await page.getByTestId('title-bar-buttons-save').click();
    await expect(page.getByTestId('appearance-saved')).toHaveText('The title-bar buttons were saved.', ACT);
    const headerButton = page.getByTestId('title-bar-button');
    await expect(headerButton).toHaveCount(1);
    await expect(headerButton).toHaveAttribute('href', 'https://help.example.com/');
    await expect(headerButton).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('link', { name: 'Help centre (opens in a new tab)' })).toBeVisible();
    await expectAccessible(page, undefined, 'Manage site page with its button');

    // A visitor who is not signed in gets the branding too: the stylesheet on the login view (the public descriptor
    // names it), and on the guests' archives the header's colour and the title-bar button, with the CSP enforced.
    const visitorContext = await browser.newContext({ baseURL });
    try {
      await watchCspViolations(visitorContext, cspViolations);
      const visitor = await visitorContext.newPage();
      await visitor.goto('/fotoweb/views/login');
      await expect(visitor.getByTestId('login-view')).toBeVisible();
      await expect(visitor.locator('link#magpie-custom-css')).toHaveAttribute('href', /^\/fotoweb\/appearance\/css\?v=\d+$/, ACT);
      await expect.poll(() => mainTopBorder(visitor), ACT).toBe(MAIN_BORDER);
      await expectAccessible(visitor, undefined, 'login view with the custom CSS');
      await visitor.goto('/fotoweb/archives/');
      await expect(visitor.getByTestId('guest-login')).toBeVisible(ACT);
      await expect.poll(() => headerBackground(visitor), ACT).toBe(HEADER_BG);
      await expect(visitor.getByRole('link', { name: 'Help centre (opens in a new tab)' })).toHaveAttribute('href', 'https://help.example.com/');
      // The cookie policy page: the stylesheet and the floating footer too.
      await visitor.goto('/fotoweb/views/cookie-policy');
      await expect(visitor.getByTestId('cookie-policy-view')).toBeVisible(ACT);
      await expect.poll(() => mainTopBorder(visitor), ACT).toBe(MAIN_BORDER);
      await expect(visitor.getByTestId('floating-footer')).toBeVisible(ACT);
    } finally {
      await visitorContext.close();
    }

    // Elsewhere: the CSS and the button stay; Ctrl+Shift+U does nothing visible.
    await page.getByTestId('logo-link').click();
    await expect(page).toHaveURL(/\/fotoweb\/archives\/$/);
    await expect(headerButton).toBeVisible();
    await expect.poll(() => headerBackground(page), ACT).toBe(HEADER_BG);
    await page.locator('main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+Shift+U');
    await page.keyboard.press('Control+Shift+Y');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(page.getByTestId('custom-css-prompt')).toHaveCount(0);

    // Ctrl+Shift+Z asks; Cancel keeps the CSS, Yes clears it from the page and the server.
    await page.keyboard.press('Control+Shift+Z');
    const prompt = page.getByTestId('custom-css-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('Clear the custom CSS?');
    await expectAccessible(page, '[data-testid="custom-css-prompt"]', 'clear custom CSS prompt');
    await page.getByTestId('custom-css-prompt-cancel').click();
    await expect(prompt).toBeHidden();
    expect(await headerBackground(page)).toBe(HEADER_BG);
    await page.keyboard.press('Control+Shift+Z');
    await page.getByTestId('custom-css-prompt-yes').click();
    await expect(page.getByTestId('custom-css-cleared')).toBeVisible(ACT);
    await expect(prompt).toBeHidden();
    await expect(page.locator('link#magpie-custom-css')).toHaveCount(0);
    await expect.poll(() => headerBackground(page), ACT).not.toBe(HEADER_BG);
    const stored = await page.request.get('/fotoweb/appearance/css');
    expect(await stored.text()).toBe('');
    // Nothing left to clear: the key asks no more.
    await page.keyboard.press('Control+Shift+Z');
    await expect(prompt).toHaveCount(0);
  } finally {
    await resetAppearance(page);
  }
});
