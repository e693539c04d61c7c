/**
 * Integrations (issue 16: spec 03 §2.1 "Webhooks", manageWebhooks; "Legacy API keys: administrators create and revoke
 * keys"), on the real stack in Chromium:
 *
 * - the administrator opens Settings → Webhooks, registers a webhook pointing at a receiver this test starts
 *   (node:http on 127.0.0.1: the DAM runs on this machine), sees its signing secret once, uploads a photo, and the
 *   receiver gets a signed `asset.ingested` delivery (`X-Magpie-Signature: sha256=HMAC(secret,
 *   "<X-Magpie-Timestamp>.<body>")`); after a reload the page lists the webhook's last delivery as delivered, and its
 *   deliveries view shows the attempt with HTTP 200; "Send again" delivers the same asset under a new delivery id,
 *   listed delivered on top; deleting it asks first;
 * - Settings → API keys: a key is created acting as the administrator, shown once, works as `FWAPIToken` against the
 *   DAM's `GET /fotoweb/archives/`, and answers 401 once revoked.
 *
 * Both pages and their dialogs pass axe.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, expectAccessible, test } from './fixtures.ts';
import { openFirstArchive, uniquePhoto, uploadToCollection } from './metadataAssets.ts';
import { openSignedIn } from './model/signIn.ts';

const ACT = { timeout: 15_000 };
const DAM_URL = process.env.MAGPIE_E2E_DAM_URL;

/** A request the receiver got: its headers and raw body. */
interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A webhook receiver on 127.0.0.1 (a free port) that answers 200 and keeps every request it gets. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, received };
}

/** Whether `signature` is `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with secret>`. */
function signedBy(secret: string, timestamp: string, body: string, signature: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

test('the administrator registers a webhook, an upload delivers a signed asset.ingested, and the page shows it delivered', async ({ page, credentials }) => {
  const run = randomBytes(4).toString('hex');
  const receiver = await startReceiver();
  const hookUrl = `${receiver.url}/hooks/${run}`;
  try {
    await openSignedIn(page, credentials);

    // 1. Settings → Webhooks.
    await page.getByRole('button', { name: 'Settings' }).click(ACT);
    await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Webhooks' }).click(ACT);
    const view = page.getByTestId('webhooks-view');
    await expect(view.getByRole('heading', { name: 'Webhooks' })).toBeVisible();
    await expect(page).toHaveURL(/\/fotoweb\/views\/admin\/webhooks$/);
    await expectAccessible(page, undefined, 'webhooks page');

    // 2. Register: a URL that is not http(s) is refused in the form first; then the receiver, for asset.ingested.
    await view.getByTestId('webhook-register').click(ACT);
    const dialog = page.getByTestId('webhook-dialog');
    await dialog.getByTestId('webhook-url').fill('ftp://example.com/hook');
    await dialog.getByTestId('webhook-submit').click(ACT);
    await expect(dialog.getByTestId('webhook-problems')).toContainText('http:// or https://');
    await dialog.getByTestId('webhook-url').fill(hookUrl);
    await expect(dialog.getByTestId('webhook-event-asset.ingested').locator('input')).toBeChecked();
    await expectAccessible(page, '[data-testid="webhook-dialog"]', 'register webhook dialog');
    await dialog.getByTestId('webhook-submit').click(ACT);
    await expect(dialog.getByTestId('webhook-created')).toContainText(hookUrl);
    const secret = (await dialog.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    await expectAccessible(page, '[data-testid="webhook-dialog"]', 'webhook secret dialog');
    await dialog.getByTestId('webhook-done').click(ACT);
    await expect(dialog).toHaveCount(0);
    const row = view.locator(`[data-testid="webhook-row"][data-url="${hookUrl}"]`);
    await expect(row).toContainText('asset.ingested');
    await expect(row.getByTestId('webhook-last-status')).toContainText('None yet');
    // The secret is shown once: never in the list.
    await expect(view).not.toContainText(secret);

    // 3. An upload: the receiver gets a signed asset.ingested delivery for the photo.
    const photo = uniquePhoto(`webhook-${run}`);
    await page.goto('/fotoweb/archives/');
    await openFirstArchive(page);
    await uploadToCollection(page, [photo]);
    await expect.poll(() => receiver.received.filter((r) => r.body.includes(photo.name)).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const delivery = receiver.received.find((r) => r.body.includes(photo.name))!;
    expect(delivery.path).toBe(`/hooks/${run}`);
    expect(delivery.headers['content-type']).toContain('application/json');
    const timestamp = String(delivery.headers['x-magpie-timestamp']);
    const signature = String(delivery.headers['x-magpie-signature']);
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(600);
    expect(signedBy(secret, timestamp, delivery.body, signature), `signature ${signature} of ${timestamp}.<body>`).toBe(true);
    expect(signedBy('not-the-secret', timestamp, delivery.body, signature)).toBe(false);
    const payload = JSON.parse(delivery.body) as { event: string; type: string; id: string };
    expect(payload).toMatchObject({ event: 'asset.ingested', type: 'asset' });

    // 4. Back on the page, after a reload: the last status is delivered, and the deliveries view has the attempt.
    await page.goto('/fotoweb/views/admin/webhooks');
    await page.reload();
    await expect(row.getByTestId('webhook-last-status')).toContainText('delivered', ACT);
    await row.getByTestId('webhook-deliveries-open').click(ACT);
    const deliveries = page.getByTestId('webhook-deliveries');
    const attempt = deliveries.locator(`[data-testid="webhook-attempt"][data-delivery-id="${payload.id}"]`);
    await expect(attempt).toContainText('asset.ingested');
    await expect(attempt.getByTestId('webhook-attempt-status')).toHaveText('delivered');
    await expect(attempt.getByTestId('webhook-attempt-code')).toHaveText('200');
    await expectAccessible(page, '[data-testid="webhook-deliveries"]', 'webhook deliveries dialog');
    // Send it again: the receiver gets the same asset under a new delivery id, which the list shows delivered on top.
    const before = receiver.received.length;
    await attempt.getByTestId('webhook-redeliver').click(ACT);
    await expect(deliveries.getByTestId('webhook-redeliver-outcome')).toContainText('queued again');
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(before + 1);
    const again = JSON.parse(receiver.received.at(-1)!.body) as { event: string; id: string; asset: { href: string } };
    expect(again.event).toBe('asset.ingested');
    expect(again.id).not.toBe(payload.id);
    expect(again.asset).toEqual((JSON.parse(delivery.body) as { asset: unknown }).asset);
    const copy = deliveries.locator(`[data-testid="webhook-attempt"][data-delivery-id="${again.id}"]`);
    await expect(async () => {
      await deliveries.getByTestId('webhook-deliveries-refresh').click();
      await expect(copy.getByTestId('webhook-attempt-status')).toHaveText('delivered', { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    await expect(deliveries.getByTestId('webhook-attempt').first()).toHaveAttribute('data-delivery-id', again.id);
    await expectAccessible(page, '[data-testid="webhook-deliveries"]', 'webhook deliveries dialog after sending again');
    await deliveries.getByRole('button', { name: 'Close', exact: true }).click(ACT);
    await expect(deliveries).toHaveCount(0);

    // 5. Delete it, after the confirmation: the row goes.
    await row.getByTestId('webhook-delete').click(ACT);
    await page.getByTestId('webhook-delete-confirm-ok').click(ACT);
    await expect(row).toHaveCount(0);
    await expect(view.getByTestId('webhooks-notice')).toContainText('is deleted');
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test('the administrator creates an API key, sees it once, it works as FWAPIToken, and revoking it answers 401', async ({ page, credentials }) => {
  expect(DAM_URL, 'global-setup exports the DAM address').toBeTruthy();
  const run = randomBytes(4).toString('hex');
  const keyName = `Nightly export ${run}`;
  await openSignedIn(page, credentials);

  // 1. Settings → API keys.
  await page.getByRole('button', { name: 'Settings' }).click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'API keys' }).click(ACT);
  const view = page.getByTestId('api-keys-view');
  await expect(view.getByRole('heading', { name: 'API keys' })).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/api-keys$/);
  await expectAccessible(page, undefined, 'API keys page');

  // 2. Create it, acting as the administrator; a blank name is refused in the form first.
  await view.getByTestId('api-key-create').click(ACT);
  const dialog = page.getByTestId('api-key-dialog');
  await dialog.getByTestId('api-key-submit').click(ACT);
  await expect(dialog.getByTestId('api-key-problems')).toContainText('Name the integration');
  await dialog.getByTestId('api-key-name').fill(keyName);
  await expectAccessible(page, '[data-testid="api-key-dialog"]', 'create API key dialog');
  await dialog.getByTestId('api-key-submit').click(ACT);
  await expect(dialog.getByTestId('api-key-created')).toContainText(keyName);
  const key = (await dialog.getByTestId('api-key-value').textContent())!.trim();
  expect(key.length).toBeGreaterThanOrEqual(32);
  await expectAccessible(page, '[data-testid="api-key-dialog"]', 'API key shown once');
  await dialog.getByTestId('api-key-done').click(ACT);
  await expect(dialog).toHaveCount(0);
  const row = view.getByTestId('api-key-row').filter({ hasText: keyName });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('api-key-last-used')).toHaveText('Never');
  await expect(view).not.toContainText(key);

  // 3. The key works against the DAM itself, and the page then says it was used.
  const archives = () => page.request.get(`${DAM_URL}/fotoweb/archives/`, { headers: { FWAPIToken: key, Accept: 'application/vnd.fotoware.collectionlist+json' } });
  const answer = await archives();
  expect(answer.status(), await answer.text()).toBe(200);
  await page.reload();
  await expect(row.getByTestId('api-key-last-used')).not.toHaveText('Never');

  // 4. Revoked after the confirmation: the row goes and the key answers 401 at once.
  await row.getByTestId('api-key-revoke').click(ACT);
  await page.getByTestId('api-key-revoke-confirm-ok').click(ACT);
  await expect(row).toHaveCount(0);
  await expect(view.getByTestId('api-keys-notice')).toContainText('is revoked');
  expect((await archives()).status()).toBe(401);
});
