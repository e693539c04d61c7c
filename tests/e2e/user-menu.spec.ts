/**
 * The user menu (spec 03 §2.9) in a real browser: the user's name, the interface style Light / Dark / Auto (-1 / 0 /
 * 1 in localStorage, kept in step across tabs, Auto following the system again), the high-quality thumbnails
 * checkbox kept in the user's preferences, keyboard use, and axe on the open menu.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { openFirstArchive, uniquePhoto, uploadToCollection } from './metadataAssets.ts';

const STYLE_KEY = 'magpie.interfaceStyle';
const RETINA_KEY = 'magpie.enableRetinaThumbnails';

async function openUserMenu(page: Page): Promise<void> {
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test('the interface style is -1/0/1 in local storage, synced across tabs, and Auto follows the system again', async ({ page, context, credentials }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.locator('html')).toHaveClass(/dark/);

  await openUserMenu(page);
  // Auto is the default and is ticked.
  await expect(page.getByTestId('menu-setInterfaceStyleAuto')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('menu-setInterfaceStyleLight').click();
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByTestId('menu-setInterfaceStyleLight')).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate((key) => localStorage.getItem(key), STYLE_KEY)).toBe('0');
  await page.keyboard.press('Escape');

  // A second tab opens in the stored style and follows the first one's changes.
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: 'dark' });
  await other.goto('/fotoweb/archives/');
  await expect(other.locator('html')).toHaveClass(/light/);

  await openUserMenu(page);
  await page.getByTestId('menu-setInterfaceStyleDark').click();
  expect(await page.evaluate((key) => localStorage.getItem(key), STYLE_KEY)).toBe('1');
  await expect(other.locator('html')).toHaveClass(/dark/);

  // Auto: the system decides again, now and when it changes.
  await page.getByTestId('menu-setInterfaceStyleAuto').click();
  expect(await page.evaluate((key) => localStorage.getItem(key), STYLE_KEY)).toBe('-1');
  await page.emulateMedia({ colorScheme: 'light' });
  await other.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(other.locator('html')).toHaveClass(/light/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await other.close();
});

test('an old light/dark choice is converted once', async ({ page, credentials }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.removeItem('magpie.interfaceStyle');
    localStorage.setItem('magpie.colorMode', 'dark');
  });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => [localStorage.getItem('magpie.interfaceStyle'), localStorage.getItem('magpie.colorMode')])).toEqual(['1', null]);
  await logIn(page, credentials);
  await openUserMenu(page);
  await expect(page.getByTestId('menu-setInterfaceStyleDark')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('menu-setInterfaceStyleAuto').click();
});

test('the user menu shows the user, keeps high-quality thumbnails in this browser, works by keyboard and passes axe', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  await openUserMenu(page);
  await expect(page.getByTestId('user-menu-identity')).toContainText(credentials.username);
  await expect(page.getByTestId('menu-logout')).toBeVisible();
  // Magpie's DAM does not offer positioned markers: no checkbox for them.
  await expect(page.getByTestId('menu-toggleAlwaysDisplayMarkers')).toHaveCount(0);
  await expectAccessible(page, undefined, 'open user menu');

  const checkbox = page.getByTestId('menu-toggleHighQualityThumbnails');
  await expect(checkbox).toHaveAttribute('role', 'menuitemcheckbox');
  // On by default; a local client setting (spec 01 §3 enableRetinaThumbnails), never sent to the server.
  await expect(checkbox).toHaveAttribute('aria-checked', 'true');
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') patches.push(request.url());
  });
  await checkbox.click();
  await expect(checkbox).toHaveAttribute('aria-checked', 'false');
  expect(await page.evaluate((key) => localStorage.getItem(key), RETINA_KEY)).toBe('false');

  // Kept in this browser: a reload reads it back.
  await page.reload();
  await openUserMenu(page);
  await expect(page.getByTestId('menu-toggleHighQualityThumbnails')).toHaveAttribute('aria-checked', 'false');
  await page.getByTestId('menu-toggleHighQualityThumbnails').click();
  await expect(page.getByTestId('menu-toggleHighQualityThumbnails')).toHaveAttribute('aria-checked', 'true');
  expect(await page.evaluate((key) => localStorage.getItem(key), RETINA_KEY)).toBe('true');
  expect(patches).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-menu')).toBeHidden();

  // Keyboard: the trigger opens the menu with Enter, arrows move, Esc closes and focus returns.
  await page.getByTestId('user-menu-trigger').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  // The arrow highlights an item first (as a person sees it before pressing Esc); Esc pressed in the same instant
  // raced the menu's focus handling.
  await expect(page.getByTestId('user-menu').locator('[data-highlighted]')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('user-menu')).toBeHidden();
  await expect(page.getByTestId('user-menu-trigger')).toBeFocused();
});

test('high-quality thumbnails offer the 2x preview only while on, in every tab of this browser (spec 01 §3, §6)', async ({ page, context, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  await openFirstArchive(page);
  const [href] = await uploadToCollection(page, [uniquePhoto('retina')]);
  const image = (p: Page) => p.locator(`[data-testid="asset-thumbnail"][data-href="${href}"] img`);
  await expect(image(page)).toHaveAttribute('srcset', / 2x$/);

  await openUserMenu(page);
  await page.getByTestId('menu-toggleHighQualityThumbnails').click();
  await page.keyboard.press('Escape');
  await expect.poll(() => image(page).getAttribute('srcset')).toBeNull();
  // Only the 1x preview is left.
  await expect(image(page)).toHaveAttribute('src', /.+/);

  // Another tab opens with the setting, and follows when it changes.
  const other = await context.newPage();
  await other.goto(page.url());
  await expect(image(other)).toBeVisible();
  expect(await image(other).getAttribute('srcset')).toBeNull();
  await openUserMenu(page);
  await page.getByTestId('menu-toggleHighQualityThumbnails').click();
  await expect(image(page)).toHaveAttribute('srcset', / 2x$/);
  await expect(image(other)).toHaveAttribute('srcset', / 2x$/);
  await other.close();
});

// ------------------------------------------------------------------------------------------------ settings (cog) menu

/**
 * Serves the descriptor with user management and the change-password view offered, and the permissions overview as
 * `overview` (a status code makes the call fail), whatever the DAM under test offers yet.
 */
async function offerAdministration(page: Page, overview: object | number): Promise<void> {
  await page.route(
    (url) => /^\/fotoweb\/me\/?$/.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'fetch') return route.fallback();
      const response = await route.fetch();
      const descriptor = (await response.json()) as Record<string, unknown> & { views: Record<string, unknown> };
      descriptor['userManagement'] = {
        userList: '/fotoweb/users/',
        groupList: '/fotoweb/groups/',
        adminUser: null,
        everyoneGroup: null,
        guestUser: null,
        registeredUsersGroup: null,
      };
      descriptor.views['changePassword'] = '/fotoweb/views/change-password';
      await route.fulfill({ response, json: descriptor });
    },
  );
  await page.route('**/fotoweb/api/config/options', (route) =>
    typeof overview === 'number' ? route.fulfill({ status: overview, json: { value: 'Error', message: 'failed' } }) : route.fulfill({ json: overview }),
  );
}

const OVERVIEW = {
  AvailableGroupPermissions: [],
  AvailableUserLicenseTypes: [
    { ValueNumeric: 0, Label: 'None' },
    { ValueNumeric: 35, Label: 'Standard' },
  ],
  AvailableUserLicenseModes: [{ ValueNumeric: 0, Label: 'Named' }],
  AvailableGroupLicenseTypes: [{ ValueNumeric: 35, Label: 'Standard' }],
  AvailableGroupLicenseModes: [{ ValueNumeric: 0, Label: 'Named' }],
  AvailableConfigSections: ['users'],
};

test('the cog offers "Manage users and groups", which opens the static modal (spec 03 §2.1, §2.3)', async ({ page, credentials }) => {
  await offerAdministration(page, OVERVIEW);
  await page.goto('/');
  await logIn(page, credentials);
  const cog = page.getByRole('button', { name: 'Settings' });
  await expect(cog).toBeVisible();
  await cog.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('settings-menu');
  await expect(menu).toBeVisible();
  // Only what the descriptor offers: Magpie has no export configurations or desktop tool yet.
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Create invitations',
    'Manage invitations',
    /^Pending sign-ups/,
    'Manage users and groups',
    'Webhooks',
    /^Pending orders/,
    'Consent forms',
    'Activity exports',
    'Sign-up settings',
    'Order settings',
    'API clients',
    'API keys',
    'Processing profiles',
    'Watermarks',
    'Outbox',
    'Manage site',
    // The e2e site is on a trial with a manage link (issue 15, tests/e2e/stack.ts).
    'Manage subscription(opens in a new tab)',
  ]);
  await expectAccessible(page, undefined, 'open settings menu');
  await menu.getByRole('menuitem', { name: 'Manage users and groups' }).click();

  const modal = page.getByRole('dialog', { name: 'Manage users and groups' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('tab')).toHaveText(['Users', 'Groups']);
  await modal.getByRole('tab', { name: 'Groups' }).click();
  await expect(modal.getByRole('tab', { name: 'Groups' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page, undefined, 'users and groups modal');
  // Static: neither Esc nor a click outside closes it, only its close button.
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(modal).toBeHidden();

  // Change password goes to the view the descriptor offers, with the page to come back to.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-changePassword').click();
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/views/change-password' && url.searchParams.get('to') === '/fotoweb/archives/');
});

test('a failed permissions overview drops "Manage users and groups" from the cog, not what needs no overview (spec 03 §2.1, §8)', async ({ page, credentials }) => {
  await offerAdministration(page, 500);
  const overviewAnswered = page.waitForResponse('**/fotoweb/api/config/options');
  await page.goto('/');
  await logIn(page, credentials);
  await overviewAnswered;
  await expect(page.getByTestId('user-menu-trigger')).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-menu').getByRole('menuitem')).toHaveText([
    'Create invitations',
    'Manage invitations',
    /^Pending sign-ups/,
    'Webhooks',
    /^Pending orders/,
    'Consent forms',
    'Activity exports',
    'Sign-up settings',
    'Order settings',
    'API clients',
    'API keys',
    'Processing profiles',
    'Watermarks',
    'Outbox',
    // The e2e site is on a trial with a manage link (issue 15, tests/e2e/stack.ts).
    'Manage subscription(opens in a new tab)',
  ]);
});
