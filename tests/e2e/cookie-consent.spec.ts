/**
 * The cookie banner and the cookie policy (issue 15; spec 02 §2, §4 "shown when the user is not logged in and the
 * consent text differs from the stored one; accepting stores the text (local storage key "policy") and hides the
 * banner", §6, §7, §8 load-failed text and `cookiePolicyError`) on the real stack in Chromium, in a first visitor's
 * browser (no consent stored, `newContextWithoutConsent`).
 *
 * A guest sees the banner, reads the policy page from its link, accepts, and does not see it again after a reload; a
 * failed load shows the load-failed text and Try again; a visitor who logs in sees the banner go. Every screen passes
 * axe.
 */
import { expect, expectAccessible, logIn, test } from './fixtures.ts';

const ACT = { timeout: 15_000 };
const CONSENT_API = '**/fotoweb/api/privacy/cookie-consent';

test('a guest sees the cookie banner until they accept it, and reads the cookie policy (issue 15)', async ({ newContextWithoutConsent, baseURL }) => {
  const context = await newContextWithoutConsent({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/fotoweb/archives/');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toHaveAttribute('data-state', 'shown');
    await expect(banner.getByRole('region', { name: 'Cookies on this site' }).or(banner)).toContainText('Cookies on this site');
    await expect(banner.getByTestId('cookie-banner-body')).toContainText('only the cookies it needs');
    await expectAccessible(page, '[data-testid="cookie-banner"]', 'cookie banner');

    // The policy page from the banner's link: the cookies by name.
    await banner.getByTestId('cookie-banner-policy').click(ACT);
    await expect(page).toHaveURL(/\/fotoweb\/views\/cookie-policy$/);
    const policy = page.getByTestId('cookie-policy-text');
    await expect(policy).toContainText('magpie_session');
    await expect(policy).toContainText('magpie_csrf');
    await expect(page.getByRole('heading', { name: 'Cookie policy', level: 1 })).toBeVisible();
    await expectAccessible(page, undefined, 'cookie policy page');

    // Accepting hides it, and it stays hidden on the next visit.
    await page.getByTestId('cookie-banner-accept').click(ACT);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('policy'))).toContain('magpie_session');
    await page.goto('/fotoweb/archives/');
    await expect(page.getByTestId('collection-tile').first().or(page.getByTestId('empty-state'))).toBeVisible();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a failed load shows the load-failed text and Try again; the policy page says it could not load (issue 15)', async ({ newContextWithoutConsent, baseURL }) => {
  const context = await newContextWithoutConsent({ baseURL });
  try {
    const page = await context.newPage();
    await page.route(CONSENT_API, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ value: 'Unavailable', message: 'Try later.' }) }),
    );
    await page.goto('/fotoweb/views/cookie-policy');
    await expect(page.getByTestId('cookie-policy-error')).toContainText('The cookie policy could not be loaded.');
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toHaveAttribute('data-state', 'loadFailed');
    await expect(banner.getByTestId('cookie-banner-error')).toHaveText('The cookie consent could not be loaded.');
    await expectAccessible(page, undefined, 'cookie policy page and banner, failed');
    await page.unroute(CONSENT_API);
    await banner.getByTestId('cookie-banner-retry').click(ACT);
    await expect(banner).toHaveAttribute('data-state', 'shown');
  } finally {
    await context.close();
  }
});

test('a visitor who logs in sees the banner go (spec 02 §6)', async ({ newContextWithoutConsent, baseURL, credentials }) => {
  const context = await newContextWithoutConsent({ baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/fotoweb/views/login');
    await expect(page.getByTestId('cookie-banner')).toHaveAttribute('data-state', 'shown');
    await logIn(page, credentials);
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  } finally {
    await context.close();
  }
});
