/**
 * Sign-up settings and open sign-up (issue 14; spec 03 §3.7 the extra fields) on the real stack in Chromium. The
 * administrator opens Settings → Sign-up settings, adds a required dropdown field (its id derived from the label), tries
 * a text field whose rule is no regular expression (Save stays disabled, the problem on the field) and removes it, turns
 * open sign-up on and saves (a first save refused with a 400, answered by the test, shows the issue on its field). A visitor in a fresh browser finds "Create an account" on the login view, signs up
 * answering the field, and waits for approval; the DAM holds the sign-up with the answer. The administrator turns open
 * sign-up off again in the browser, and the login view no longer offers it. The settings are put back as they were
 * whatever happens, so other specs are unaffected. Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const SETTINGS_API = '/fotoweb/api/config/signups';
const JSON_HEADERS = { 'Content-Type': 'application/json', Accept: 'application/json' };

test('the administrator adds a required dropdown and opens sign-up; a visitor creates an account from the login view and waits (issue 14)', async ({
  page,
  credentials,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const run = randomBytes(4).toString('hex');
  const email = `open-signup-${run}@example.com`;
  const password = `harbour lights ${run}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const csrf = await csrfHeader(page);
  const before = await page.request.get(SETTINGS_API, { headers: { Accept: 'application/json' } });
  expect(before.status(), await before.text()).toBe(200);
  const original = await before.json();
  try {
    // Start from the defaults: sign-up by invitation only, no extra fields.
    const reset = await page.request.put(SETTINGS_API, { headers: { ...csrf, ...JSON_HEADERS }, data: { openSignup: false, adminCanAssignGroups: true, fields: [] } });
    expect(reset.status(), await reset.text()).toBe(200);

    // Settings → Sign-up settings: the empty state.
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Sign-up settings' }).click(ACT);
    await expect(page).toHaveURL(/\/fotoweb\/views\/admin\/signup-settings$/);
    const settingsView = page.getByTestId('signup-settings-view');
    await expect(settingsView).toHaveAttribute('data-state', 'idle');
    await expect(page.getByTestId('signup-settings-empty')).toContainText('No extra fields');
    await expect(page.getByTestId('signup-settings-save')).toBeDisabled();
    await expectAccessible(page, '[data-testid="signup-settings-page"]', 'sign-up settings, no fields');

    // A dropdown: invalid until it has a label and choices; the id follows the label.
    await page.getByTestId('signup-settings-add-dropdown').click(ACT);
    const dropdown = page.getByTestId('signup-field').nth(0);
    await expect(dropdown.getByTestId('signup-field-problem')).toHaveText(['A field needs a label of 1–100 characters.', 'A dropdown field needs 1–50 choices.']);
    await expect(page.getByTestId('signup-settings-save')).toBeDisabled();
    await dropdown.getByTestId('signup-field-label').fill('Home desk');
    await expect(dropdown.getByTestId('signup-field-id')).toHaveValue('homeDesk');
    await dropdown.getByTestId('signup-field-choices').fill('Photo desk\nEditorial');
    await dropdown.getByTestId('signup-field-required').click(ACT);
    await expect(dropdown.getByTestId('signup-field-problem')).toHaveCount(0);

    // A text field whose rule does not compile: the problem on the rule, Save disabled; then removed.
    await page.getByTestId('signup-settings-add-text').click(ACT);
    const text = page.getByTestId('signup-field').nth(1);
    await text.getByTestId('signup-field-label').fill('Staff number');
    await text.getByTestId('signup-field-regex').fill('([A-Z');
    await expect(text.getByTestId('signup-field-problem')).toHaveText(['The validation is not a regular expression of at most 200 characters.']);
    await expect(page.getByTestId('signup-settings-save')).toBeDisabled();
    await expectAccessible(page, '[data-testid="signup-settings-page"]', 'sign-up settings with a problem');
    await text.getByTestId('signup-field-remove').click(ACT);
    await expect(page.getByTestId('signup-field')).toHaveCount(1);

    // Open sign-up on. A refusal of the DAM's (answered here once: the page runs the same rules, so it never sends what
    // the DAM refuses) shows on its field and keeps the draft; then the save goes through.
    await page.getByTestId('signup-settings-open').click(ACT);
    await expect(page.getByTestId('signup-settings-open').locator('input')).toBeChecked();
    const refusal = { value: 'InvalidRequest', heading: 'Invalid request', message: 'Invalid request', issues: [{ path: 'fields.0.values', message: 'Editorial is closed.' }] };
    await page.route(
      (url) => url.pathname === SETTINGS_API,
      (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 400, json: refusal }) : route.fallback()),
      { times: 1 },
    );
    await page.getByTestId('signup-settings-save').click(ACT);
    await expect(settingsView).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('signup-settings-error')).toContainText('The sign-up settings were not saved: correct the problems shown.');
    await expect(dropdown.getByTestId('signup-field-problem')).toHaveText(['Editorial is closed.']);
    await expect(dropdown.getByTestId('signup-field-choices')).toHaveValue('Photo desk\nEditorial');
    await expectAccessible(page, '[data-testid="signup-settings-page"]', 'sign-up settings refused');
    await page.getByTestId('signup-settings-save').click(ACT);
    await expect(settingsView).toHaveAttribute('data-state', 'saved');
    await expect(page.getByTestId('signup-settings-saved')).toContainText('Sign-up settings saved.');
    await expect(page.getByTestId('signup-settings-save')).toBeDisabled();
    const stored = await page.request.get(SETTINGS_API, { headers: { Accept: 'application/json' } });
    expect(await stored.json()).toEqual({
      openSignup: true,
      adminCanAssignGroups: true,
      fields: [{ id: 'homeDesk', label: 'Home desk', dataType: 'dropdown', values: ['Photo desk', 'Editorial'], required: true, validation: null }],
    });

    // A visitor, in a browser of their own: "Create an account" on the login view.
    const visitorContext = await browser.newContext({ baseURL });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto('/fotoweb/views/login');
      const createAccount = visitor.getByTestId('create-account-link');
      await expect(createAccount).toHaveText('Create an account');
      await expectAccessible(visitor, undefined, 'login view with Create an account');
      await createAccount.click(ACT);
      await expect(visitor).toHaveURL((url) => url.pathname === '/fotoweb/views/signup' && url.search === '');
      const signup = visitor.getByTestId('signup-view');
      await expect(signup).toHaveAttribute('data-state', 'ready');
      await visitor.getByTestId('signup-email').fill(email);
      await visitor.getByTestId('signup-firstName').fill('Olive');
      await visitor.getByTestId('signup-lastName').fill('Openshaw');
      await visitor.getByTestId('signup-password').fill(password);
      await visitor.getByTestId('signup-confirmPassword').fill(password);
      // The new required dropdown must be answered.
      await expect(visitor.getByTestId('signup-submit')).toBeDisabled();
      await visitor.getByTestId('signup-answer-homeDesk').selectOption('Editorial');
      await expect(visitor.getByTestId('signup-submit')).toBeEnabled();
      await expectAccessible(visitor, undefined, 'open sign-up form');
      await visitor.getByTestId('signup-submit').click(ACT);
      await expect(signup).toHaveAttribute('data-state', 'pending');
      await expect(visitor.getByTestId('signup-pending')).toContainText('Your account waits for approval');

      // The DAM holds the sign-up, with the answer, for an approver.
      const list = await page.request.get('/fotoweb/signups/', { headers: { Accept: 'application/json' } });
      const mine = ((await list.json()) as { data: Array<{ email: string; reject: string; userData: unknown }> }).data.find((row) => row.email === email);
      expect(mine?.userData).toEqual([{ id: 'homeDesk', value: 'Editorial' }]);
      // Not this spec's business to approve it: rejected so no other spec counts it.
      const rejected = await page.request.post(mine!.reject, { headers: { ...csrf, ...JSON_HEADERS }, data: {} });
      expect(rejected.status(), await rejected.text()).toBeLessThan(300);

      // The administrator turns open sign-up off again in the browser; the login view no longer offers it.
      await page.reload();
      await expect(settingsView).toHaveAttribute('data-state', 'idle');
      await expect(page.getByTestId('signup-field').nth(0).getByTestId('signup-field-id')).toHaveValue('homeDesk');
      await page.getByTestId('signup-settings-open').click(ACT);
      await page.getByTestId('signup-settings-save').click(ACT);
      await expect(settingsView).toHaveAttribute('data-state', 'saved');
      expect(((await (await page.request.get(SETTINGS_API, { headers: { Accept: 'application/json' } })).json()) as { openSignup: boolean }).openSignup).toBe(false);
      const asked = visitor.waitForResponse((response) => new URL(response.url()).pathname === '/fotoweb/' && response.request().resourceType() === 'fetch');
      await visitor.goto('/fotoweb/views/login');
      expect(((await (await asked).json()) as { views?: { signup?: string | null } }).views?.signup).toBeNull();
      await expect(visitor.getByTestId('login-view').getByRole('button', { name: 'Log in' })).toBeVisible();
      await expect(visitor.getByTestId('create-account')).toHaveCount(0);
    } finally {
      await visitorContext.close();
    }
  } finally {
    await page.request.put(SETTINGS_API, { headers: { ...csrf, ...JSON_HEADERS }, data: original });
  }
});
