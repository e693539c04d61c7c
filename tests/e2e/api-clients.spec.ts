/**
 * An integration connects (issue 11 "Applications"; spec 03 §3.12): on the real stack in Chromium, the administrator
 * opens Settings → API clients, registers a client acting as a group that holds the `api` permission, copies the
 * secret shown once, and the integration gets a token from the DAM's own token endpoint with it and reads the API;
 * revoking the client in the view ends that token at once. The view and the dialog pass axe.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';

const ACT = { timeout: 15_000 };
const DAM_URL = process.env.MAGPIE_E2E_DAM_URL;

test('the administrator registers an API client for a group, the integration uses it, and revoking it ends its token', async ({ page, credentials }) => {
  expect(DAM_URL, 'global-setup exports the DAM address').toBeTruthy();
  const run = randomBytes(4).toString('hex');
  const groupName = `Integrations ${run}`;
  const clientName = `Shop sync ${run}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const group = await page.request.post('/fotoweb/groups/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.group+json', Accept: 'application/vnd.fotoware.group+json' },
    data: { name: groupName, permissions: ['api'] },
  });
  expect(group.status(), await group.text()).toBe(201);

  // 1. Settings → API clients.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'API clients' }).click(ACT);
  const view = page.getByTestId('api-clients-view');
  await expect(view.getByRole('heading', { name: 'API clients' })).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/api-clients$/);
  await expectAccessible(page, undefined, 'API clients view');

  // 2. Register it, acting as the group found by name; nothing filled in is refused in the form first.
  await view.getByTestId('api-client-register').click(ACT);
  const dialog = page.getByTestId('api-client-dialog');
  await dialog.getByTestId('api-client-submit').click(ACT);
  await expect(dialog.getByTestId('api-client-problems')).toContainText('Name the integration');
  await dialog.getByTestId('api-client-name').fill(clientName);
  await dialog.getByTestId('api-client-group-search').fill(groupName);
  const option = dialog.getByTestId('api-client-acting-as').locator('option', { hasText: groupName });
  await expect(option).toHaveCount(1);
  await dialog.getByTestId('api-client-acting-as').selectOption({ label: `Group: ${groupName}` });
  await expectAccessible(page, '[data-testid="api-client-dialog"]', 'register API client dialog');
  await dialog.getByTestId('api-client-submit').click(ACT);
  await expect(dialog.getByTestId('api-client-created')).toContainText(`acts as ${groupName}`);
  const clientId = (await dialog.getByTestId('api-client-id').textContent())!.trim();
  const clientSecret = (await dialog.getByTestId('api-client-secret').textContent())!.trim();
  expect(clientSecret.length).toBeGreaterThanOrEqual(32);
  await dialog.getByTestId('api-client-done').click(ACT);
  await expect(dialog).toHaveCount(0);
  const row = view.locator(`[data-testid="api-client-row"][data-client-id="${clientId}"]`);
  await expect(row).toContainText(clientName);
  await expect(row).toContainText(groupName);
  // The secret is never listed.
  await expect(view).not.toContainText(clientSecret);

  // 3. The integration gets a token from the DAM with it and reads the API as the group.
  const token = await page.request.post(`${DAM_URL}/fotoweb/oauth2/token`, { form: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });
  expect(token.status(), await token.text()).toBe(200);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const me = () => page.request.get(`${DAM_URL}/fotoweb/me/`, { headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' } });
  expect((await me()).status()).toBe(200);

  // 4. Revoked in the view: the row goes, and the token stops working at once.
  await row.getByTestId('api-client-revoke').click(ACT);
  await page.getByTestId('api-client-revoke-confirm-ok').click(ACT);
  await expect(row).toHaveCount(0);
  await expect(view.getByTestId('api-clients-notice')).toContainText('is revoked');
  expect((await me()).status()).toBe(401);
});

test('a user without manageSettings sees no API clients entry, and the view says why', async ({ page, credentials, browser, baseURL }) => {
  const run = randomBytes(4).toString('hex');
  const username = `no-settings-${run}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const created = await page.request.post('/fotoweb/users/', {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.user+json', Accept: 'application/vnd.fotoware.user+json' },
    data: { username, address: { firstName: 'Nora', lastName: run, email: `${username}@example.com` }, account: { password } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const context = await browser.newContext({ baseURL });
  const nora = await context.newPage();
  await nora.goto('/fotoweb/views/api-clients');
  await logIn(nora, { username, password });
  await expect(nora.getByTestId('api-clients-view')).toContainText('needs the “Manage settings” permission');
  await expect(nora.getByTestId('api-client-register')).toHaveCount(0);
  await expect(nora.getByRole('button', { name: 'Settings' })).toHaveCount(0);
  await context.close();
});
