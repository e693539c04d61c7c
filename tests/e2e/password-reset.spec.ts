/**
 * "Forgot password?" end to end (issue 14 "Password reset") on the real stack in Chromium, with mail that really leaves
 * the server: the stack's DAM sends through the test SMTP server of global-setup.ts, and the test reads the user's
 * mail there (mailbox.ts), as the user would in their mail reader.
 *
 * A user asks for a link on the login view (the page answers the same for an unknown address, and no mail goes to it);
 * the link is read from the mail; in a fresh browser context the user opens it, sees the password rules, sets a new
 * password and logs in with it; the session they had elsewhere has ended, the old password fails, and the link opened
 * again shows the "no longer valid" page. Every screen passes axe.
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { linkIn, mailTo, receivedMail } from './mailbox.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const SENT = 'If an account uses that address, we’ve sent a link to it. Open the link in the mail to choose a new password.';

/** A fresh browser context (no cookies: another browser, or a private window) and a page in it. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

/** axe on the page at rest (pointer off the buttons). */
async function expectPageAccessible(page: Page, what: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessible(page, undefined, what);
}

test('a user who forgot their password resets it through the mailed link', async ({ page, credentials, browser, baseURL }) => {
  const run = randomBytes(4).toString('hex');
  const username = `forgetful-${run}`;
  const email = `${username}@example.com`;
  const oldPassword = `old-${randomBytes(8).toString('hex')}`;
  const newPassword = `new-${randomBytes(8).toString('hex')}`;

  // The administrator makes the user (with an e-mail address) and keeps the outbox at hand.
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Fran', lastName: run, email }, account: { password: oldPassword } },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The user is logged in somewhere else (another device): that session must end with the reset.
  const elsewhere = await freshPage(browser, baseURL);
  await elsewhere.goto('/fotoweb/views/login');
  await logIn(elsewhere, { username, password: oldPassword });
  const sessionOf = async (p: Page) =>
    ((await (await p.request.get('/fotoweb/views/session', { headers: { Accept: 'application/json' } })).json()) as { authenticated: boolean }).authenticated;
  expect(await sessionOf(elsewhere)).toBe(true);

  const user = await freshPage(browser, baseURL);
  try {
    // On the login view: "Forgot password?" leads to the page that asks for the address.
    await user.goto('/fotoweb/views/login');
    await user.getByRole('link', { name: 'Forgot password?' }).click(ACT);
    await expect(user).toHaveURL(/\/fotoweb\/views\/forgot-password$/);
    const forgot = user.getByTestId('forgot-password-view');
    await expect(forgot.getByRole('heading', { name: 'Forgot your password?', level: 1 })).toBeVisible();
    await expectPageAccessible(user, 'forgot-password page');

    // An empty field and a malformed address are said so at the field; nothing is sent.
    await forgot.getByRole('button', { name: 'Send the link' }).click(ACT);
    await expect(forgot.getByLabel('E-mail address')).toHaveAccessibleErrorMessage('Type the e-mail address of your account.');
    await forgot.getByLabel('E-mail address').fill('not-an-address');
    await forgot.getByRole('button', { name: 'Send the link' }).click(ACT);
    await expect(forgot.getByLabel('E-mail address')).toHaveAttribute('aria-invalid', 'true');
    await expect(forgot.getByLabel('E-mail address')).toHaveAccessibleErrorMessage(/not valid/);
    await expectPageAccessible(user, 'forgot-password page with a bad address');

    // An address nobody uses gets the same answer as the user's own.
    await forgot.getByLabel('E-mail address').fill(`nobody-${run}@example.com`);
    await forgot.getByRole('button', { name: 'Send the link' }).click(ACT);
    await expect(forgot.getByTestId('reset-link-sent')).toContainText(SENT);
    await forgot.getByRole('link', { name: 'Back to log in' }).click(ACT);
    await expect(user.getByTestId('login-view')).toBeVisible();
    await user.getByRole('link', { name: 'Forgot password?' }).click(ACT);
    await forgot.getByLabel('E-mail address').fill(email.toUpperCase());
    await forgot.getByRole('button', { name: 'Send the link' }).click(ACT);
    await expect(forgot.getByTestId('reset-link-sent')).toContainText(SENT);
    await expect(forgot.getByTestId('reset-link-sent')).toBeFocused();
    await expectPageAccessible(user, 'forgot-password page, link sent');
  } finally {
    await user.context().close();
  }

  // The mail the SMTP server received carries the link (the DAM answers before it looks the address up, and sends
  // as a background job: mailTo waits for it); the unknown address got none.
  const [mail] = await mailTo(email, 'Reset your Magpie password');
  expect(mail!.html).toContain('/fotoweb/views/reset-password?token=');
  const link = linkIn(mail!, '/fotoweb/views/reset-password');
  expect(link).toMatch(/\?token=[A-Za-z0-9_-]{43}$/);
  expect((await receivedMail()).filter((m) => m.to.includes(`nobody-${run}@example.com`))).toEqual([]);

  // The user opens the link in a fresh browser context: the link is checked, then the form shows the rules.
  const reader = await freshPage(browser, baseURL);
  try {
    await reader.goto(link);
    const reset = reader.getByTestId('reset-password-view');
    await expect(reset).toHaveAttribute('data-state', 'entering');
    await expect(reset.getByTestId('reset-password-user')).toHaveText(`Choose a new password for ${username}.`);
    const password = reset.getByTestId('reset-password');
    const confirm = reset.getByTestId('reset-confirmPassword');
    await expect(password).toHaveAccessibleName(/^New password/);
    await expect(confirm).toHaveAccessibleName(/^Confirm the new password/);
    await expect(password).toHaveAccessibleDescription('At least 10 characters, without your user name.');
    await expectPageAccessible(reader, 'reset page');

    // The rules are checked before sending: too short, the user name inside, a confirmation that differs.
    await password.fill('short');
    await expect(password).toHaveAccessibleErrorMessage('The password must be at least 10 characters long.');
    await password.fill(`my-${username}-pw`);
    await expect(password).toHaveAccessibleErrorMessage('The password must not contain the user name.');
    await password.fill(newPassword);
    await confirm.fill(`${newPassword}x`);
    await expect(confirm).toHaveAccessibleErrorMessage('The passwords do not match.');
    await reset.getByRole('button', { name: 'Set the password' }).click(ACT);
    await expect(reset).toHaveAttribute('data-state', 'entering');
    await expectPageAccessible(reader, 'reset page with problems');
    await confirm.fill(newPassword);
    await reset.getByRole('button', { name: 'Set the password' }).click(ACT);

    // Done: it says so, and offers Log in, which logs in with the new password.
    await expect(reset).toHaveAttribute('data-state', 'done');
    await expect(reset.getByTestId('password-reset-done')).toContainText('Your new password is set.');
    await expect(reset.getByRole('link', { name: 'Log in' })).toBeFocused();
    await expectPageAccessible(reader, 'reset page, password set');
    await reset.getByRole('link', { name: 'Log in' }).click(ACT);
    await expect(reader.getByTestId('login-view')).toBeVisible();
    await logIn(reader, { username, password: newPassword });
    await expect(reader.getByTestId('archives-view')).toBeVisible();
  } finally {
    await reader.context().close();
  }

  // The session the user had elsewhere has ended.
  expect(await sessionOf(elsewhere)).toBe(false);
  await elsewhere.context().close();

  // The old password fails.
  const stale = await freshPage(browser, baseURL);
  try {
    await stale.goto('/fotoweb/views/login');
    await stale.getByLabel('User name').fill(username);
    await stale.getByLabel('Password').fill(oldPassword);
    await stale.getByRole('button', { name: 'Log in' }).click(ACT);
    await expect(stale.getByTestId('login-error')).toBeVisible();
    await expect(stale.getByTestId('login-view')).toBeVisible();

    // The link, opened again, says it is no longer valid and offers a new one.
    await stale.goto(link);
    const again = stale.getByTestId('reset-password-view');
    await expect(again).toHaveAttribute('data-state', 'invalid');
    await expect(again.getByTestId('reset-link-problem')).toHaveAttribute('data-problem', 'used');
    await expect(again.getByTestId('reset-link-problem')).toContainText('This link is no longer valid');
    await expect(again.getByTestId('reset-password')).toHaveCount(0);
    await expectPageAccessible(stale, 'reset page, link used');
    await again.getByRole('link', { name: 'Ask for a new link' }).click(ACT);
    await expect(stale.getByTestId('forgot-password-view')).toBeVisible();

    // A tampered link says it is not valid.
    await stale.goto(`${link.slice(0, -3)}xyz`);
    await expect(stale.getByTestId('reset-link-problem')).toHaveAttribute('data-problem', 'unknown');
    await expect(stale.getByTestId('reset-link-problem')).toContainText('This link is not valid');
  } finally {
    await stale.context().close();
  }
});
