/**
 * Session handling (spec 01 §4 Session: the return address survives a missing session; logout) and the thumbnail
 * grid's behaviour at 100,000 assets (virtualized rows, pages fetched through `paging.next` only), the latter
 * against a synthetic collection served by `page.route` so it runs in seconds.
 */
import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';

async function openFirstArchive(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/fotoweb\/archives\/$/);
  await page.getByTestId('collection-tile').first().getByRole('link').click();
  await expect(page.getByTestId('collection-view')).toBeVisible();
  return new URL(page.url()).pathname;
}

test('logging out and back in returns to the address that needed the session', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  const collectionPath = await openFirstArchive(page);

  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-view')).toBeVisible();

  // The session is gone on the server too: a deep link keeps path, query and hash in `to`.
  const address = `${collectionPath}?q=zzznothing#grid`;
  await page.goto(address);
  await expect(page.getByTestId('login-view')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('to')).toBe(address);
  await logIn(page, credentials);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}${url.hash}` === address);
  await expect(page.getByTestId('collection-count')).toContainText('zzznothing');
  await expect(page.getByTestId('empty-state')).toBeVisible();
});

test('a lost session sends the user to login from anywhere', async ({ page, context, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  const collectionPath = await openFirstArchive(page);
  await context.clearCookies();
  await page.reload();
  await expect(page.getByTestId('login-view')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('to')).toBe(collectionPath);
});

test('dark mode is a stored user choice and passes axe', async ({ page, credentials }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await logIn(page, credentials);
  await openFirstArchive(page);
  await expect(page.locator('html')).toHaveClass(/light/);
  // The user menu's interface style (spec 03 §2.9): Dark.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-setInterfaceStyleDark').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.getByTestId('collection-view')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectAccessible(page, undefined, 'collection grid in dark mode');
});

test('dark mode follows the system until the user chooses', async ({ page, credentials }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/light/);
  await logIn(page, credentials);
});

// ------------------------------------------------------------------------------------------------ 100,000 assets

const TOTAL = 100_000;
const PAGE_SIZE = 100;
const TINY_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><rect width="200" height="150" fill="#5eead4"/></svg>`;

function syntheticAsset(base: string, index: number) {
  const name = `synthetic-${String(index).padStart(6, '0')}.jpg`;
  return {
    href: `${base}${name}.info`,
    filename: name,
    filesize: 1000,
    doctype: 'image',
    hasPreview: true,
    metadata: {},
    previews: [
      {
        size: 200,
        width: 200,
        height: 150,
        square: false,
        href: `data:image/svg+xml,${encodeURIComponent(TINY_SVG.replace('#5eead4', `#${((index * 2654435761) % 0xffffff).toString(16).padStart(6, '0')}`))}`,
      },
    ],
  };
}

function assetPage(base: string, page: number) {
  const start = page * PAGE_SIZE;
  const data = Array.from({ length: PAGE_SIZE }, (_, i) => syntheticAsset(base, start + i));
  const last = TOTAL / PAGE_SIZE - 1;
  return {
    data,
    paging: { first: base, prev: page > 0 ? `${base};p=${page - 1}` : null, next: page < last ? `${base};p=${page + 1}` : '', last: `${base};p=${last}` },
  };
}

test('the grid stays virtualized at 100,000 assets and follows paging.next', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  const base = await openFirstArchive(page);

  // Serve a synthetic 100,000-asset collection for the API calls (not the page navigation itself).
  const pageRequests: number[] = [];
  await page.route(
    (url) => url.pathname.startsWith(base),
    async (route: Route) => {
      const request = route.request();
      if (request.resourceType() !== 'fetch') return route.fallback();
      const url = new URL(request.url());
      const match = /;p=(\d+)$/.exec(url.pathname);
      if (match) {
        pageRequests.push(Number(match[1]));
        return route.fulfill({ json: assetPage(base, Number(match[1])) });
      }
      if (url.pathname !== base) return route.fallback();
      const real = await route.fetch();
      const collection = await real.json();
      return route.fulfill({ json: { ...collection, assetCount: TOTAL, children: null, assets: assetPage(base, 0) } });
    },
  );
  await page.reload();
  const grid = page.getByTestId('asset-grid');
  await expect(grid).toHaveAttribute('data-loaded', String(PAGE_SIZE));
  await expect(page.getByTestId('collection-count')).toContainText('100,000 assets');

  const thumbnails = page.getByTestId('asset-thumbnail');
  const rendered = await thumbnails.count();
  expect(rendered).toBeGreaterThan(0);
  expect(rendered).toBeLessThan(PAGE_SIZE);

  // Scroll to the end, 8 times: each time further pages load (never computed: each is the last page's
  // `paging.next`, so they arrive in order without gaps or repeats), while the DOM keeps only the rows in view.
  const loaded = async () => Number(await grid.getAttribute('data-loaded'));
  let previous = await loaded();
  for (let n = 1; n <= 8; n++) {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(loaded).toBeGreaterThan(previous);
    previous = await loaded();
    expect(await thumbnails.count()).toBeLessThan(150);
  }
  // Every page asked for has arrived (a page still on its way when the scrolling stopped lands first).
  await expect.poll(async () => pageRequests.length - ((await loaded()) / PAGE_SIZE - 1)).toBe(0);
  expect(pageRequests).toEqual(Array.from({ length: pageRequests.length }, (_, i) => i + 1));

  // The rows near the viewport show the right assets.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(thumbnails.last()).toContainText(/synthetic-00\d{4}\.jpg/);
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
  expect(domNodes).toBeLessThan(3000);
});

test('a page whose code cannot be fetched says so and offers a reload, instead of a blank page', async ({ page, credentials }) => {
  // The logged-in app is a chunk of its own (apps/web/vite.config.ts), which the login page fetches after it shows: a
  // dropped connection, or a release that replaced the chunk files while the tab was open, looks like this.
  await page.route('**/assets/app-*.js', (route) => route.abort('connectionfailed'));
  await page.goto('/fotoweb/views/login');
  await logIn(page, credentials);
  await expect(page).toHaveURL(/\/fotoweb\/archives\/$/);
  // The shell says so (the footer's and the cookie banner's places may say it too).
  const notice = page.getByTestId('chunk-error').first();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('could not be loaded');
  await expect(page.getByTestId('archives-view')).toHaveCount(0);
  await expectAccessible(page, undefined, 'the notice of a chunk that could not be loaded');
  await page.unroute('**/assets/app-*.js');
  await notice.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await expect(page.getByTestId('chunk-error')).toHaveCount(0);
});

test('a collection address typed without its trailing slash opens the collection', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  const collectionPath = await openFirstArchive(page);
  await page.goto(`${collectionPath.replace(/\/$/, '')}?q=zzznothing`);
  await expect(page).toHaveURL((url) => url.pathname === collectionPath && url.search === '?q=zzznothing');
  await expect(page.getByTestId('collection-count')).toContainText('zzznothing');
});
