/**
 * The change-password view and the forced password change (spec 03 §2.9 Change password, §2.11 "If the profile says a
 * forced password change is set, the browser is redirected to the force-change-password view", §8 "password
 * changed"; issue 11 Accounts) in a real browser, with axe.
 *
 * The first three tests answer `POST /fotoweb/me/password` (and, where needed, the descriptor's
 * `isForcePasswordChangeSet`) through `page.route`, so every refusal can be shown and the suite's admin password never
 * changes. The last one is the real flow against the DAM: the admin creates a user whose change is forced, who logs
 * in, is held at the view, changes the password, and goes on.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const VIEW = '/fotoweb/views/change-password';
const FORCED_EXPLANATION = 'Your administrator asks you to choose a new password before you continue.';

/** What a user whose change is forced may still call (apps/dam `ALLOWED_WHILE_PASSWORD_CHANGE_FORCED`), by path. */
const ALLOWED_WHILE_FORCED = [
  /^\/fotoweb\/me\/?$/,
  /^\/fotoweb\/services\/(keepalive|logout)$/,
  /^\/fotoweb\/me\/password$/,
  /^\/fotoweb\/me\/user-preferences\/$/,
  // What the login view asks before anyone logs in (is open sign-up on?): the public entry point and the open sign-up form.
  /^\/fotoweb\/$/,
  /^\/fotoweb\/signup\/$/,
  // The cookie banner's text, which a visitor's page reads before logging in (issue 15; public, never refused).
  /^\/fotoweb\/api\/privacy\/cookie-consent$/,
  // The floating footer's Markdown, which every page reads, the login page too (issue 15; public, never refused).
  /^\/fotoweb\/api\/footer$/,
];

/** The calls of `calls` the DAM refuses while a change is forced. */
function notAllowedWhileForced(calls: readonly string[]): string[] {
  return calls.filter((call) => !ALLOWED_WHILE_FORCED.some((allowed) => allowed.test(call.split(' ')[1] ?? '')));
}

function isDescriptor(url: URL): boolean {
  return /^\/fotoweb\/me\/?$/.test(url.pathname);
}

/** The DAM calls the page makes (fetches under /fotoweb/ but the BFF's own /fotoweb/views/…), as paths. */
function recordDamCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() !== 'fetch') return;
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/fotoweb/') && !pathname.startsWith('/fotoweb/views/')) calls.push(`${request.method()} ${pathname}`);
  });
  return calls;
}

/** Serves the real descriptor with `isForcePasswordChangeSet` as `forced()` says at the time of each call. */
async function forceInDescriptor(page: Page, forced: () => boolean): Promise<void> {
  await page.route(isDescriptor, async (route) => {
    if (route.request().resourceType() !== 'fetch') return route.fallback();
    const response = await route.fetch();
    const descriptor = (await response.json()) as Record<string, unknown>;
    descriptor['isForcePasswordChangeSet'] = forced();
    await route.fulfill({ response, json: descriptor });
  });
}

/**
 * axe on the page with the pointer moved off the form. A hovered solid button is brand.700 at 90 % over white (4.4:1
 * for white text), a theme finding of its own; these checks are about the view at rest.
 */
async function expectViewAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page, undefined, what);
}

function field(page: Page, name: 'currentPassword' | 'newPassword' | 'confirmPassword') {
  return page.getByTestId(`password-${name}`);
}

async function fillForm(page: Page, current: string, next: string, confirm = next): Promise<void> {
  await field(page, 'currentPassword').fill(current);
  await field(page, 'newPassword').fill(next);
  await field(page, 'confirmPassword').fill(confirm);
}

test('the view checks before sending, shows each refusal by status, waits while pending, then goes back to `to`', async ({ page, credentials }) => {
  const answers = [
    { status: 400, json: { value: 'WeakPassword', message: 'The password must not contain the user name.', requestId: 'r1' } },
    { status: 403, json: { value: 'WrongPassword', message: 'Wrong.', requestId: 'r2' } },
    { status: 429, json: { value: 'TooManyRequests', message: 'Too many wrong passwords. Try again in 900 seconds.', requestId: 'r3' } },
  ];
  const posted: unknown[] = [];
  let releaseSuccess: () => void = () => undefined;
  const successHeld = new Promise<void>((resolve) => (releaseSuccess = resolve));
  await page.route('**/fotoweb/me/password', async (route: Route) => {
    posted.push(route.request().postDataJSON());
    const answer = answers.shift();
    if (answer) return route.fulfill({ status: answer.status, json: answer.json });
    await successHeld;
    return route.fulfill({ status: 204 });
  });

  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-changePassword').click();
  await expect(page).toHaveURL((url) => url.pathname === VIEW && url.searchParams.get('to') === '/fotoweb/archives/');
  await expect(page.getByRole('heading', { name: 'Change password', level: 1 })).toBeVisible();
  await expect(page.getByText(FORCED_EXPLANATION)).toHaveCount(0);

  // Labelled fields with the autocomplete tokens password managers read.
  for (const [name, label, autocomplete] of [
    ['currentPassword', /^Current password/, 'current-password'],
    ['newPassword', /^New password/, 'new-password'],
    ['confirmPassword', /^Confirm the new password/, 'new-password'],
  ] as const) {
    await expect(field(page, name)).toHaveAccessibleName(label);
    await expect(field(page, name)).toHaveAttribute('autocomplete', autocomplete);
    await expect(field(page, name)).toHaveAttribute('type', 'password');
  }
  await expect(field(page, 'currentPassword')).toBeFocused();
  await expectViewAccessible(page, 'change-password view');

  // The shared rules and the confirmation, before anything is sent.
  await field(page, 'newPassword').fill('short');
  await expect(page.getByText('The password must be at least 10 characters long.')).toBeVisible();
  await field(page, 'confirmPassword').fill('shorter');
  await expect(page.getByText('The passwords do not match.')).toBeVisible();
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Enter your current password.')).toBeVisible();
  await expect(field(page, 'currentPassword')).toHaveAttribute('aria-invalid', 'true');
  await expectViewAccessible(page, 'change-password view with problems');
  expect(posted).toEqual([]);

  // The server's refusals, by status.
  await fillForm(page, 'the-current-one', 'e2e-new-password-1');
  await expect(page.getByText('The passwords do not match.')).toHaveCount(0);
  const submit = page.getByRole('button', { name: 'Change password' });
  await submit.click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The password must not contain the user name.');
  await submit.click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The current password is wrong.');
  await expect(field(page, 'currentPassword')).toHaveAttribute('aria-invalid', 'true');
  await submit.click();
  await expect(page.getByTestId('change-password-error')).toHaveText('Too many attempts, try again later.');
  await expectViewAccessible(page, 'change-password view with a refusal');

  // Pending: the button is disabled until the answer.
  await submit.click();
  await expect(page.getByRole('button', { name: /Change password|Changing/ })).toBeDisabled();
  releaseSuccess();
  await expect(page.getByTestId('password-changed')).toHaveText('Your password was changed.');
  await expectViewAccessible(page, 'change-password notice');
  expect(posted).toHaveLength(4);
  for (const body of posted) expect(body).toEqual({ currentPassword: 'the-current-one', newPassword: 'e2e-new-password-1' });

  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/archives/');
  await expect(page.getByTestId('archives-view')).toBeVisible();
});

test('Cancel goes back to `to`; an unsafe `to` goes home', async ({ page, credentials }) => {
  await page.goto('/');
  await logIn(page, credentials);
  await page.goto(`${VIEW}?to=${encodeURIComponent('//evil.example/')}`);
  await expect(page.getByTestId('change-password-view')).toBeVisible();
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.host !== 'evil.example' && url.pathname === '/fotoweb/archives/');
  await expect(page.getByTestId('archives-view')).toBeVisible();

  await page.goto(`${VIEW}?to=${encodeURIComponent('/fotoweb/archives/?q=dog')}`);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/archives/' && url.searchParams.get('q') === 'dog');
});

test('a forced change holds every route at the view, calls only what the DAM allows, and goes on after it (spec 03 §2.11)', async ({ page, credentials }) => {
  let forced = true;
  await forceInDescriptor(page, () => forced);
  await page.route('**/fotoweb/me/password', async (route) => {
    forced = false;
    await route.fulfill({ status: 204 });
  });
  const calls = recordDamCalls(page);

  await page.goto('/fotoweb/views/login');
  await logIn(page, credentials);
  await expect(page).toHaveURL((url) => url.pathname === VIEW && url.searchParams.get('to') === '/fotoweb/archives/');
  await expect(page.getByTestId('forced-change-explanation')).toHaveText(FORCED_EXPLANATION);
  // No way around it but logging out.
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await expectViewAccessible(page, 'forced change-password view');

  // Any other address comes back here, keeping where the user wanted to go.
  const deep = '/fotoweb/archives/?q=cat#top';
  await page.goto(deep);
  await expect(page).toHaveURL((url) => url.pathname === VIEW && url.searchParams.get('to') === deep);
  await expect(page.getByTestId('forced-change-explanation')).toBeVisible();

  await fillForm(page, credentials.password, 'e2e-forced-new-1');
  // Nothing but what the DAM allows while forced was called.
  expect(notAllowedWhileForced(calls)).toEqual([]);
  const whileForced = calls.length;
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toBeVisible();
  expect(calls.slice(whileForced)).toContain('POST /fotoweb/me/password');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/archives/' && url.searchParams.get('q') === 'cat');
  await expect(page.getByTestId('archives-view')).toBeVisible();
  // The descriptor was refreshed: a reload stays.
  await page.reload();
  await expect(page.getByTestId('archives-view')).toBeVisible();
});

test('a 403 PasswordChangeRequired from any call sends the user to the view', async ({ page, credentials }) => {
  let forcedNow = false;
  await forceInDescriptor(page, () => forcedNow);
  await page.route(
    (url) => url.pathname.startsWith('/fotoweb/') && !url.pathname.startsWith('/fotoweb/views/'),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      if (!forcedNow || route.request().resourceType() !== 'fetch' || ALLOWED_WHILE_FORCED.some((allowed) => allowed.test(pathname))) return route.fallback();
      await route.fulfill({
        status: 403,
        json: { value: 'PasswordChangeRequired', heading: 'Password change required', message: 'You must change your password before you go on.', requestId: 'r' },
      });
    },
  );

  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tile = page.getByTestId('collection-tile').first();
  await expect(tile).toBeVisible();
  // The administrator forces the change now; this page's descriptor does not know yet.
  forcedNow = true;
  await tile.locator('a').first().click();
  await expect(page).toHaveURL((url) => url.pathname === VIEW && (url.searchParams.get('to') ?? '').startsWith('/fotoweb/archives/'));
  await expect(page.getByTestId('forced-change-explanation')).toBeVisible();
});

// ------------------------------------------------------------------------------------------- the real flow (DAM)

test('a user whose change is forced logs in, must change the password, and then goes on (real DAM)', async ({ page, credentials }) => {
  const username = `e2e-forced-${randomBytes(4).toString('hex')}`;
  const firstPassword = `first-${randomBytes(8).toString('hex')}`;
  const newPassword = `second-${randomBytes(8).toString('hex')}`;

  // The admin creates the user with a forced change (spec 03 §2.7 "force password change", dam.yaml createUser).
  await page.goto('/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: {
      username,
      address: { firstName: 'Forced', lastName: 'Change', email: `${username}@example.com` },
      account: { password: firstPassword, forcePasswordChange: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-view')).toBeVisible();

  // The user logs in and is held at the view.
  const calls = recordDamCalls(page);
  await page.goto('/fotoweb/views/login');
  await logIn(page, { username, password: firstPassword });
  await expect(page).toHaveURL((url) => url.pathname === VIEW && url.searchParams.get('to') === '/fotoweb/archives/');
  await expect(page.getByTestId('forced-change-explanation')).toHaveText(FORCED_EXPLANATION);
  await expectViewAccessible(page, 'forced change-password view (real)');
  // The DAM refuses the rest meanwhile, and says so.
  const refused = await page.request.get('/fotoweb/me/archives/', { headers: { Accept: 'application/json' } });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { value?: string }).value).toBe('PasswordChangeRequired');

  // The DAM's own refusal of a wrong current password.
  await fillForm(page, 'not-the-password-1', newPassword);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-password-error')).toHaveText('The current password is wrong.');

  await fillForm(page, firstPassword, newPassword);
  // The app asked the DAM for nothing it refuses while the change is forced.
  expect(notAllowedWhileForced(calls)).toEqual([]);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('password-changed')).toHaveText('Your password was changed.');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await expect(page.getByTestId('collection-tile').first()).toBeVisible();

  // The new password is the one that works from now on, with no change asked.
  await page.getByTestId('user-menu-trigger').click();
  await page.getByTestId('menu-logout').click();
  await expect(page.getByTestId('login-view')).toBeVisible();
  await page.goto('/fotoweb/archives/');
  await logIn(page, { username, password: newPassword });
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/fotoweb/archives/');
});
