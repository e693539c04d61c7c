/**
 * The trial subscription prompt (issue 15; spec 01 §2 "a countdown of 14 days counted from site creation; warning
 * colour at 3 days or fewer, danger colour at 1 or fewer", §6 Buy now, §9; spec 03 §2.1 "Manage subscription: a link
 * that opens in a new tab") on the real stack in Chromium. The e2e DAM is on a trial with a manage link
 * (tests/e2e/stack.ts), created when the suite's stack started: 14 days are left. The warning and danger colours are
 * checked with the real descriptor's creation date moved back. Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';
import { E2E_MANAGE_SUBSCRIPTION_URL } from './stack.ts';

const ACT = { timeout: 15_000 };
const DAY_MS = 24 * 60 * 60 * 1000;

/** The descriptor's address (`getFullApiDescriptor`). */
function isDescriptor(url: URL): boolean {
  return url.pathname === '/fotoweb/me' || url.pathname === '/fotoweb/me/';
}

/** Serves the real descriptor with the site created `daysAgo` days ago. */
async function siteCreated(page: Page, daysAgo: number): Promise<void> {
  await page.route(isDescriptor, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.fallback();
    const response = await route.fetch();
    const descriptor = (await response.json()) as { views: { subscription: { siteCreatedDate: string } | null } };
    if (descriptor.views.subscription) descriptor.views.subscription.siteCreatedDate = new Date(Date.now() - daysAgo * DAY_MS).toISOString();
    await route.fulfill({ response, json: descriptor });
  });
}

test('the admin sees 14 days left, Buy now and Manage subscription, each opening the manage link in a new tab', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const notice = page.getByTestId('trial-notice');
  await expect(notice).toHaveAttribute('data-tone', 'normal');
  await expect(page.getByTestId('trial-countdown')).toHaveText('14 days left in your trial');
  const buyNow = page.getByRole('link', { name: 'Buy now (opens in a new tab)' });
  await expect(buyNow).toHaveAttribute('href', E2E_MANAGE_SUBSCRIPTION_URL);
  await expect(buyNow).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'header', 'header with the trial prompt');

  // The settings menu's "Manage subscription": the same link, in a new tab.
  await page.getByTestId('settings-menu-trigger').click(ACT);
  const manage = page.getByTestId('settings-menu').getByRole('menuitem', { name: /Manage subscription/ });
  await expect(manage).toHaveAttribute('href', E2E_MANAGE_SUBSCRIPTION_URL);
  await expect(manage).toHaveAttribute('target', '_blank');
  await expectAccessible(page, undefined, 'settings menu with Manage subscription');
  // Opening it opens a new tab (the address itself is not reachable from the test machine: it is not loaded).
  await page.context().route(E2E_MANAGE_SUBSCRIPTION_URL, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Billing</title><h1>Billing</h1>' }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), manage.click(ACT)]);
  await expect(popup).toHaveURL(E2E_MANAGE_SUBSCRIPTION_URL);
  await popup.close();
  await expect(page.getByTestId('archives-view')).toBeVisible();
});

test('the countdown takes the warning colour at 3 days or fewer and the danger colour at 1 or fewer', async ({ page, credentials }) => {
  // Created 11.5 days ago: 2.5 days left, shown as 3; 13.5 days ago: half a day left, shown as 1; 15 days ago: ended.
  const cases: [number, string, string][] = [
    [11.5, 'warning', '3 days left in your trial'],
    [12.5, 'warning', '2 days left in your trial'],
    [13.5, 'danger', '1 day left in your trial'],
    [15, 'danger', 'Your trial has ended'],
  ];
  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  for (const [daysAgo, tone, text] of cases) {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await siteCreated(page, daysAgo);
    await page.reload();
    await expect(page.getByTestId('archives-view')).toBeVisible();
    await expect(page.getByTestId('trial-notice')).toHaveAttribute('data-tone', tone);
    await expect(page.getByTestId('trial-countdown')).toHaveText(text);
    await expectAccessible(page, 'header', `trial prompt (${tone})`);
  }
});

test('a user without manageSettings sees the countdown but neither Buy now nor Manage subscription', async ({ page, credentials }) => {
  const username = `e2e-trial-${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Trial', lastName: 'Reader', email: `${username}@example.com` }, account: { password } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.getByTestId('user-menu-trigger').click(ACT);
  await page.getByTestId('menu-logout').click(ACT);
  await expect(page.getByTestId('login-view')).toBeVisible();
  await logIn(page, { username, password });
  await expect(page.getByTestId('trial-countdown')).toHaveText('14 days left in your trial');
  await expect(page.getByTestId('trial-buy-now')).toHaveCount(0);
  await expect(page.getByTestId('settings-menu-trigger')).toHaveCount(0);
  await expectAccessible(page, 'header', 'trial prompt without Buy now');
});
