/**
 * The mail outbox (issue 14 "Mail") on a stack of its own in Chromium, in the embedded default that `npm start` runs:
 * no SMTP server (the shared stack of global-setup.ts sends through one), so every message is held in the outbox for
 * administrators to read. An administrator of settings opens Settings → Outbox, sends themselves a test message, finds
 * it held at the top of the list and reads its text; the site owner, who has no e-mail address, is told why a test
 * message has nowhere to go; a failed load shows the error state and Try again; a user without manageSettings is
 * offered no outbox. The view and the message pass axe. (The outbox of a stack with a mail server, its messages sent,
 * is part of the invitation journey in invitations.spec.ts.)
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test as sharedStackTest } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';
import { startStack, type Stack } from './stack.ts';

const ACT = { timeout: 15_000 };
const OUTBOX_API = '/fotoweb/api/config/mail';

/**
 * The fixtures of fixtures.ts, pointed at a stack of this file's own in the embedded default (`outboxStack`, started
 * once for the worker, stopped when the worker ends).
 */
const test = sharedStackTest.extend<object, { outboxStack: Stack }>({
  outboxStack: [
    async ({}, use) => {
      const stack = await startStack();
      try {
        await use(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  baseURL: async ({ outboxStack }, use) => use(outboxStack.baseUrl),
  credentials: async ({ outboxStack }, use) => use({ username: outboxStack.adminUser, password: outboxStack.adminPassword }),
});

test('an administrator of settings sends a test message and reads it in the outbox', async ({ page, credentials, browser, baseURL }) => {
  const run = randomBytes(4).toString('hex');
  const username = `mailer-${run}`;
  const email = `${username}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);

  // The site owner has no e-mail address: the outbox says how mail leaves (it does not) and why no test message can go.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Outbox' }).click(ACT);
  await expect(page).toHaveURL(/\/fotoweb\/views\/outbox$/);
  const ownerView = page.getByTestId('outbox-view');
  await expect(ownerView.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(ownerView.getByTestId('outbox-delivery')).toContainText('No mail server is configured (SMTP_URL)');
  await expect(ownerView.getByTestId('outbox-test-address')).toContainText('Your user has no e-mail address');
  await expect(ownerView.getByTestId('outbox-send-test')).toBeDisabled();
  // Nothing sent mail on this fresh stack yet.
  await expect(ownerView.getByTestId('empty-state')).toContainText('No mail yet');
  await expectAccessible(page, undefined, 'outbox view');

  // An administrator of settings with an address: a group holding manageSettings, and a user in it.
  const json = async (type: string) => ({ ...(await csrfHeader(page)), 'Content-Type': type, Accept: type });
  const group = await page.request.post('/fotoweb/groups/', {
    headers: await json('application/vnd.fotoware.group+json'),
    data: { name: `Mail admins ${run}`, permissions: ['manageSettings'] },
  });
  expect(group.status(), await group.text()).toBe(201);
  const user = await page.request.post('/fotoweb/users/', {
    headers: await json('application/vnd.fotoware.user+json'),
    data: { username, address: { firstName: 'Mira', lastName: run, email }, account: { password } },
  });
  expect(user.status(), await user.text()).toBe(201);
  const joined = await page.request.patch(((await user.json()) as { memberOfHref: string }).memberOfHref, {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json' },
    data: { add: [((await group.json()) as { href: string }).href] },
  });
  expect(joined.status(), await joined.text()).toBeLessThan(300);

  const context = await browser.newContext({ baseURL });
  try {
    const mira = await context.newPage();
    await mira.goto('/fotoweb/archives/');
    await logIn(mira, { username, password });
    await mira.getByRole('button', { name: 'Settings' }).click(ACT);
    await mira.getByTestId('settings-menu').getByRole('menuitem', { name: 'Outbox' }).click(ACT);
    const view = mira.getByTestId('outbox-view');
    await expect(view.getByTestId('outbox-test-address')).toContainText(email);

    // Send the test message: held (no mail server), first in the list.
    await view.getByTestId('outbox-send-test').click(ACT);
    await expect(mira.getByTestId('outbox-notice')).toContainText(`A test message to ${email} is queued. It is kept in the outbox: no mail server is configured.`);
    const row = view.getByTestId('outbox-row').first();
    await expect(row).toHaveAttribute('data-status', 'held');
    await expect(row).toContainText(email);
    await expect(row).toContainText('Magpie test message');
    await expect(row.getByTestId('outbox-status')).toHaveText('Held');
    await expect(row.getByTestId('outbox-error')).toHaveText('None');
    await expectAccessible(mira, '[data-testid="outbox-view"]', 'outbox with a held message');

    // Read it: its delivery and its text, with the links built from MAGPIE_PUBLIC_URL.
    await row.getByTestId('outbox-open').click(ACT);
    const dialog = mira.getByTestId('mail-message-dialog');
    await expect(dialog.getByRole('heading', { name: 'Magpie test message' })).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('Kept here: no mail server is configured.');
    const text = dialog.getByTestId('mail-message-text');
    await expect(text).toContainText('This is a test message from Magpie at http://localhost:8080/fotoweb/.');
    await expect(text).toContainText(`Mira ${run} sent it to check the mail settings.`);
    await expect(text).toContainText('http://localhost:8080/fotoweb/views/outbox');
    await expect(dialog).toContainText('It also has an HTML part saying the same');
    await expectAccessible(mira, '[data-testid="mail-message-dialog"]', 'a message of the outbox');
    await dialog.getByTestId('mail-message-close').click(ACT);
    await expect(dialog).toHaveCount(0);

    // A failed load shows the error state, and Try again loads the outbox.
    await mira.route(`**${OUTBOX_API}`, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ value: 'Unavailable', heading: 'Outbox unavailable', message: 'Try again in a moment.' }),
      }),
    );
    await mira.reload();
    await expect(mira.getByTestId('error-state')).toContainText('Outbox unavailable');
    await expectAccessible(mira, undefined, 'outbox error state');
    await mira.unroute(`**${OUTBOX_API}`);
    await mira.getByTestId('error-state').getByRole('button', { name: 'Try again' }).click(ACT);
    await expect(view.getByTestId('outbox-row').first()).toContainText('Magpie test message');
  } finally {
    await context.close();
  }

  // The site owner reads it too (a held message is how mail reaches people without a mail server).
  await ownerView.getByTestId('outbox-refresh').click(ACT);
  await expect(ownerView.getByTestId('outbox-row').first()).toContainText(email);
});

test('a user without manageSettings is offered no outbox, and its view says why', async ({ page, credentials, browser, baseURL }) => {
  const run = randomBytes(4).toString('hex');
  const username = `no-outbox-${run}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Pia', lastName: run, email: `${username}@example.com` }, account: { password } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({ baseURL });
  try {
    const pia = await context.newPage();
    await pia.goto('/fotoweb/views/outbox');
    await logIn(pia, { username, password });
    await expect(pia.getByTestId('outbox-view')).toContainText('Reading the outbox needs the “Manage settings” permission');
    await expect(pia.getByTestId('outbox-send-test')).toHaveCount(0);
    await expect(pia.getByRole('button', { name: 'Settings' })).toHaveCount(0);
    const refused = await pia.request.get(OUTBOX_API, { headers: { Accept: 'application/json' } });
    expect(refused.status()).toBe(403);
  } finally {
    await context.close();
  }
});
