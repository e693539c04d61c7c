/**
 * The local navigation cache (issue 15; spec 01 §9 "Local navigation cache checked hourly; entries expire after 2
 * hours") on the real stack in Chromium:
 *
 * 1. the user signs in and opens the archives page: the list is stored in this browser for this user;
 * 2. on a reload whose archives request the test holds, the archive tiles appear at once from the cache; when the
 *    request fails they stay, with a warning whose Try again loads them; the same for an archive's page (its name
 *    shows, its assets wait for the server), whose released request's answer replaces it;
 * 3. 2 h later (the page's clock moved on) the entry is expired: on a reload with the request held the list waits for
 *    the network, and shows once the request is let through;
 * 4. logging out clears the user's entries.
 *
 * The page from the cache passes axe.
 */
import type { Page, Request, Route } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';

/** spec 01 §9: an entry may be shown for 2 h (the web app's `NAVIGATION_CACHE_TTL_MS`). */
const TTL_MS = 2 * 60 * 60 * 1000;
const CACHE_PREFIX = 'magpie.nav.';

/** Holds every API request (not page loads) whose path is `path` until it is released, or failed as a lost connection. */
async function holdRequests(page: Page, path: string): Promise<{ held: Route[]; release: () => Promise<void>; fail: () => Promise<void>; stop: () => Promise<void> }> {
  const held: Route[] = [];
  const matches = (url: URL) => url.pathname === path;
  const handler = (route: Route, request: Request) => {
    if (request.resourceType() !== 'fetch') return route.continue();
    held.push(route);
  };
  await page.route(matches, handler);
  return {
    held,
    release: async () => {
      for (const route of held.splice(0)) await route.continue().catch(() => undefined);
    },
    fail: async () => {
      for (const route of held.splice(0)) await route.abort('failed').catch(() => undefined);
    },
    stop: async () => {
      await page.unroute(matches, handler);
    },
  };
}

/** The keys of the navigation cache in the page's localStorage. */
function cacheKeys(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => Object.keys(window.localStorage).filter((key) => key.startsWith(prefix)), CACHE_PREFIX);
}

/** When the entry at `key` was stored (ms since the epoch, the page's clock), or 0 when there is none. */
function storedAt(page: Page, key: string): Promise<number> {
  return page.evaluate((k) => (JSON.parse(window.localStorage.getItem(k) ?? '{"storedAt":0}') as { storedAt: number }).storedAt, key);
}

test('the archives list and an archive show from the navigation cache while their requests run, and not after 2 h (spec 01 §9)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const view = page.getByTestId('archives-view');
  const tiles = view.getByRole('list', { name: 'Archives' }).getByTestId('collection-tile');
  await expect(tiles.first()).toBeVisible();
  const names = await tiles.allInnerTexts();
  const descriptor = await page.evaluate(() => JSON.parse(window.localStorage.getItem('magpie.apiDescriptor') ?? '{}') as { archives?: string; user?: { href?: string } });
  const archivesPath = descriptor.archives ?? '';
  expect(archivesPath).toMatch(/^\/fotoweb\/.*archives\/$/);
  // 1. Stored, under this user's href.
  const listKey = `${CACHE_PREFIX}${encodeURIComponent(descriptor.user?.href ?? '')}|${archivesPath}`;
  await expect.poll(() => cacheKeys(page)).toEqual([listKey]);

  // 2. A reload whose archives request is held: the tiles come from the cache.
  const archives = await holdRequests(page, archivesPath);
  await page.reload();
  await expect(tiles).toHaveCount(names.length);
  expect(await tiles.allInnerTexts()).toEqual(names);
  await expect.poll(() => archives.held.length).toBeGreaterThan(0);
  // The request fails: the cached list stays, and says so; Try again loads it.
  await archives.fail();
  const warning = page.getByTestId('archives-cached-error');
  await expect(warning).toContainText('This is the list as you last saw it.');
  await expect(tiles).toHaveCount(names.length);
  await expectAccessible(page, '[data-testid="archives-view"]', 'archives list from the navigation cache');
  await archives.stop();
  await warning.getByRole('button', { name: 'Try again' }).click();
  await expect(warning).toHaveCount(0);
  await expect(tiles).toHaveCount(names.length);

  // An archive's page, once from the network, then from the cache with its assets waiting.
  await tiles.first().getByRole('link').first().click();
  const heading = page.getByTestId('collection-name');
  await expect(heading).toBeVisible();
  const collectionName = await heading.innerText();
  const archivePath = new URL(page.url()).pathname;
  await expect.poll(() => cacheKeys(page)).toHaveLength(2);
  const archive = await holdRequests(page, archivePath);
  await page.reload();
  await expect(heading).toHaveText(collectionName);
  const loadingAssets = page.getByRole('status').filter({ hasText: 'Loading assets…' });
  await expect(loadingAssets).toBeVisible();
  await expect.poll(() => archive.held.length).toBeGreaterThan(0);
  await archive.release();
  await expect(loadingAssets).toHaveCount(0);
  await archive.stop();

  // 3. Two hours later the stored list is not used: the page waits for the network. The clock moves on only once
  // this visit's answer is stored (stored after the jump, it would be young again).
  const before = await storedAt(page, listKey);
  await page.goto('/fotoweb/archives/');
  await expect(tiles).toHaveCount(names.length);
  await expect.poll(() => storedAt(page, listKey)).toBeGreaterThan(before);
  const now = await page.evaluate(() => Date.now());
  await page.clock.setSystemTime(now + TTL_MS + 60_000);
  const later = await holdRequests(page, archivesPath);
  await page.reload();
  expect(await page.evaluate(() => Date.now())).toBeGreaterThan(now + TTL_MS);
  await expect(page.getByRole('status').filter({ hasText: 'Loading archives…' })).toBeVisible();
  await expect.poll(() => later.held.length).toBeGreaterThan(0);
  await expect(tiles).toHaveCount(0);
  // The start-up sweep removed the expired entries (the archives list's and the archive's).
  await expect.poll(() => cacheKeys(page)).toEqual([]);
  await later.release();
  await expect(tiles).toHaveCount(names.length);
  await later.stop();
  await expect.poll(() => cacheKeys(page)).toHaveLength(1);

  // 4. Logging out clears the user's entries.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-view')).toBeVisible();
  await expect.poll(() => cacheKeys(page)).toEqual([]);
});
