/**
 * The footer (issue 15; spec 02 §2 "Static-page modal; a floating footer toggled by an info icon and shown or hidden
 * with page scroll; a custom markdown footer; … a cookie-policy link. An empty-list message … links to find content",
 * §4) on the real stack in Chromium.
 *
 * The administrator writes a Markdown footer with links in the Footer section of Manage site (with its live preview); a guest,
 * in a browser of their own, sees it in the floating footer on the login page, toggles it with the info icon, sees
 * it hide and come back with the scroll, scrolls a page to its end without the footer covering it, and opens the
 * cookie policy in the static-page modal from the administrator's link and from the footer's own. A search of the
 * archives without results shows the empty-list message with a link back to all archives. Every screen passes axe.
 * The footer is emptied again at the end, as other specs expect the stack's default.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };

const footer = (page: Page) => page.getByTestId('floating-footer');
const toggle = (page: Page) => page.getByTestId('floating-footer-toggle');

/** Puts the footer back to none, through the API as the signed-in administrator. */
async function clearFooter(admin: Page): Promise<void> {
  const res = await admin.request.put('/fotoweb/api/footer', {
    headers: { ...(await csrfHeader(admin)), 'Content-Type': 'application/json', Accept: 'application/json' },
    data: { markdown: '' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('an administrator writes a Markdown footer that a guest sees in the floating footer, with the static-page modal (issue 15)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const run = randomBytes(4).toString('hex');
  const markdown = [
    `**Magpie footer ${run}** · [Write to us](mailto:dam-${run}@example.com) · [Our cookies](/fotoweb/views/cookie-policy)`,
    '',
    '<script>window.footerRan = true</script> [Not a link](javascript:window.footerRan=true)',
  ].join('\n');

  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  try {
    // The administrator's editor: a live preview renders as the footer will, without HTML and unsafe links.
    await page.goto('/fotoweb/views/management');
    await expect(page.getByTestId('management-section-footer').getByRole('heading', { name: 'Footer' })).toBeVisible(ACT);
    const editor = page.getByTestId('footer-settings');
    await expect(editor).toHaveAttribute('data-state', /ready/, ACT);
    await editor.getByTestId('footer-settings-markdown').fill(markdown);
    const preview = editor.getByTestId('footer-settings-preview');
    await expect(preview.getByText(`Magpie footer ${run}`)).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', `mailto:dam-${run}@example.com`);
    await expect(preview.getByText('<script>window.footerRan = true</script>')).toBeVisible();
    await expect(preview.getByRole('link', { name: 'Not a link' })).toHaveCount(0);
    await expectAccessible(page, '[data-testid="management-section-footer"]', 'footer editor');
    await editor.getByTestId('footer-settings-save').click(ACT);
    await expect(editor.getByTestId('footer-settings-saved')).toHaveText('Footer saved.');

    // A guest, in a browser of their own, on the login page.
    const guestContext = await browser.newContext({ baseURL });
    try {
      const guest = await guestContext.newPage();
      await guest.goto('/fotoweb/views/login');
      await expect(guest.getByTestId('login-view')).toBeVisible();
      const bar = footer(guest);
      await expect(bar).toHaveAttribute('data-state', 'shown', ACT);
      await expect(bar).toBeInViewport();
      const text = bar.getByTestId('floating-footer-markdown');
      await expect(text.getByText(`Magpie footer ${run}`)).toBeVisible();
      await expect(text.getByRole('link', { name: 'Write to us' })).toHaveAttribute('href', `mailto:dam-${run}@example.com`);
      await expect(text.getByRole('link', { name: 'Not a link' })).toHaveCount(0);
      expect(await guest.evaluate(() => (window as { footerRan?: boolean }).footerRan)).toBeUndefined();
      await expect(bar.getByTestId('floating-footer-cookie-policy')).toHaveAttribute('href', '/fotoweb/views/cookie-policy');
      await expectAccessible(guest, undefined, 'login page with the floating footer');

      // The info icon closes it and opens it again.
      await expect(toggle(guest)).toHaveAttribute('aria-expanded', 'true');
      await toggle(guest).click(ACT);
      await expect(bar).toBeHidden();
      await expect(toggle(guest)).toHaveAttribute('aria-expanded', 'false');
      await toggle(guest).click(ACT);
      await expect(bar).toHaveAttribute('data-state', 'pinned');
      await expect(bar).toBeVisible();

      // The administrator's link to the cookie policy opens it in the static-page modal, on the same page.
      await text.getByRole('link', { name: 'Our cookies' }).click(ACT);
      const modal = guest.getByTestId('static-page-modal');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading', { name: 'Cookie policy' })).toBeVisible();
      await expect(modal.getByTestId('static-page-text')).toContainText('magpie_session');
      await expect(guest).toHaveURL(/\/fotoweb\/views\/login/);
      await expectAccessible(guest, '[data-testid="static-page-modal"]', 'static-page modal');
      await modal.getByTestId('static-page-close').click(ACT);
      await expect(modal).toHaveCount(0);
      // …and so does the footer's own cookie-policy link.
      await bar.getByTestId('floating-footer-cookie-policy').click(ACT);
      await expect(guest.getByTestId('static-page-text')).toContainText('magpie_csrf');
      await guest.keyboard.press('Escape');
      await expect(guest.getByTestId('static-page-modal')).toHaveCount(0);

      // The scroll: a short window on the policy page; down hides the footer, up shows it, and at the very end of the
      // page its last line is above the footer.
      await guest.setViewportSize({ width: 480, height: 420 });
      await guest.goto('/fotoweb/views/cookie-policy');
      await expect(guest.getByTestId('cookie-policy-text')).toBeVisible();
      await expect(footer(guest)).toHaveAttribute('data-state', 'shown', ACT);
      await guest.mouse.move(240, 140);
      await guest.mouse.wheel(0, 200);
      await expect(footer(guest)).toHaveAttribute('data-state', 'scrolledAway');
      await expect(footer(guest)).toBeHidden();
      await guest.mouse.wheel(0, -200);
      await expect(footer(guest)).toHaveAttribute('data-state', 'shown');
      await toggle(guest).click(ACT);
      await toggle(guest).click(ACT);
      await expect(footer(guest)).toHaveAttribute('data-state', 'pinned');
      await guest.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = guest.getByRole('link', { name: 'Back to the archives' });
      await expect(last).toBeInViewport();
      const lastBox = (await last.boundingBox())!;
      const footerBox = (await footer(guest).boundingBox())!;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(footerBox.y);
    } finally {
      await guestContext.close();
    }
  } finally {
    await clearFooter(page);
  }
  await page.goto('/fotoweb/archives/');
  await expect(footer(page).getByTestId('floating-footer-markdown')).toHaveCount(0);
  await expect(footer(page).getByTestId('floating-footer-cookie-policy')).toBeVisible();
});

test('a search of the archives without results says so and links back to all archives (issue 15)', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await page.goto(`/fotoweb/archives/?q=${randomBytes(6).toString('hex')}`);
  const empty = page.getByTestId('empty-state');
  await expect(empty).toContainText('No archive has matching assets');
  const back = empty.getByTestId('find-content-archives');
  await expect(back).toHaveText('Show all archives');
  await expectAccessible(page, undefined, 'empty search of the archives');
  await back.click(ACT);
  await expect(page).toHaveURL(/\/fotoweb\/archives\/$/);
  await expect(page.getByTestId('collection-tile').first()).toBeVisible();
});
