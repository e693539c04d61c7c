/**
 * Pins (issue 13; spec 01 §3 Pins, §4 Pinning, §6 "Not logged in: … pins … hidden"; spec 02 §2 Collection tile pin
 * toggle) on the real stack in Chromium: the user pins an asset from its tile and a folder from its tile, finds both
 * under Pins in the header, unpins the asset there, pins another asset from the asset view, pins the folder's assets
 * at once from the selection bar, and the pinned archive comes first in the archives list. The Pins view passes axe. A visitor who is not logged in sees no Pins item.
 * A taxonomy item is pinned from the archive's Browse by list and opens its search from Pins.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { pinsFolder, uploadInto } from './pinsScreen.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
const ACT = { timeout: 15_000 };

test('pin an asset and a folder, find them under Pins, unpin, and pin from the asset view (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const folder = await pinsFolder(page);

  await page.goto(folder.href);
  await expect(page.getByTestId('collection-view')).toBeVisible();
  const pinsLink = page.getByTestId('pins-link');
  await expect(pinsLink).toBeVisible();
  const before = Number((await pinsLink.getAttribute('aria-label'))!.match(/\((\d+)\)/)![1]);

  // The asset tile's pin shows on hover, and stays shown once pinned.
  const [first, second] = folder.assets;
  const tile = page.locator(`[data-testid="asset-thumbnail"][data-href="${first}"]`).locator('..');
  await tile.hover();
  const assetPin = tile.getByTestId('pin-toggle');
  await expect(assetPin).toHaveAttribute('aria-pressed', 'false');
  await assetPin.click(ACT);
  await expect(assetPin).toHaveAttribute('aria-pressed', 'true');
  await expect(pinsLink).toHaveAttribute('aria-label', `Pins (${before + 1})`);

  const innerTile = page.getByTestId('collection-tile').filter({ hasText: 'inner' });
  await innerTile.getByTestId('pin-toggle').click(ACT);
  await expect(innerTile.getByTestId('pin-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(pinsLink).toHaveAttribute('aria-label', `Pins (${before + 2})`);

  // Under Pins: the folder and the asset, newest first, each with its toggle.
  await pinsLink.click(ACT);
  const view = page.getByTestId('pins-view');
  await expect(view).toBeVisible();
  await expect(page).toHaveTitle(/Pins/);
  await expect(view.getByTestId('collection-tile').first()).toContainText('inner');
  const pinnedAsset = view.locator(`[data-testid="asset-thumbnail"][data-href="${first}"]`);
  await expect(pinnedAsset).toBeVisible();
  await expectAccessible(page, '[data-testid="pins-view"]', 'Pins view');

  // Unpinning there takes it off the list.
  await pinnedAsset.locator('..').getByTestId('pin-toggle').click(ACT);
  await expect(pinnedAsset).toHaveCount(0);
  await expect(pinsLink).toHaveAttribute('aria-label', `Pins (${before + 1})`);

  // The folder tile leads to the folder; the asset view pins the other asset.
  await view.getByTestId('collection-tile').filter({ hasText: 'inner' }).getByRole('link').click(ACT);
  await expect(page.getByTestId('collection-name')).toHaveText('inner');
  await expect(page.getByTestId('collection-pin')).toHaveAttribute('aria-pressed', 'true');
  await page.goto(second!);
  const viewPin = page.getByTestId('asset-pin');
  await expect(viewPin).toHaveAttribute('aria-pressed', 'false');
  await viewPin.click(ACT);
  await expect(viewPin).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/fotoweb/views/pins');
  await expect(page.getByTestId('pins-view').locator(`[data-testid="asset-thumbnail"][data-href="${second}"]`)).toBeVisible();

  // The selection bar pins every selected asset at once (issue 13): the folder shows its three, the second pinned
  // already, so two are added.
  await page.goto(folder.href);
  const thumbnails = page.getByTestId('asset-thumbnail');
  await expect(thumbnails).toHaveCount(3);
  await expect(pinsLink).toHaveAttribute('aria-label', `Pins (${before + 2})`);
  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '3');
  await page.getByTestId('selection-pin').click(ACT);
  const notice = page.getByTestId('pin-notice');
  await expect(notice).toHaveAttribute('data-name', 'pinned');
  await expect(notice).toContainText('2 assets pinned.');
  await expect(pinsLink).toHaveAttribute('aria-label', `Pins (${before + 4})`);
  for (const href of await thumbnails.evaluateAll((items) => items.map((item) => item.getAttribute('data-href')!))) {
    await expect(page.locator(`[data-testid="asset-thumbnail"][data-href="${href}"]`).locator('..').getByTestId('pin-toggle')).toHaveAttribute('aria-pressed', 'true');
  }
  await notice.getByTestId('pin-notice-close').click(ACT);

  // A pinned archive comes first in the archives list.
  await page.goto('/fotoweb/archives/');
  const archiveTiles = page.getByTestId('archives-view').getByTestId('collection-tile');
  const last = archiveTiles.last();
  const lastName = (await last.getByRole('link').textContent())!.trim();
  await last.getByTestId('pin-toggle').click(ACT);
  await expect(archiveTiles.first()).toContainText(lastName);
  await expect(archiveTiles.first().getByTestId('pin-toggle')).toHaveAttribute('aria-pressed', 'true');
  await archiveTiles.first().getByTestId('pin-toggle').click(ACT);
  await expect(archiveTiles.first().getByTestId('pin-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test('a visitor who is not logged in has no Pins (spec 01 §6)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto('/fotoweb/archives/');
  await expect(page.getByTestId('guest-login').or(page.getByTestId('login-view'))).toBeVisible();
  await expect(page.getByTestId('pins-link')).toHaveCount(0);
  await expect(page.getByTestId('pin-toggle')).toHaveCount(0);
  await context.close();
});

test('browse an archive by a taxonomy item, pin it, and open its search from Pins (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(150_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tag = randomBytes(3).toString('hex');
  const headers = { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' };
  const keywords = '/fotoweb/api/taxonomies/25/';
  if ((await page.request.get(keywords, { headers: { Accept: 'application/json' } })).status() === 404) {
    expect((await page.request.post('/fotoweb/api/taxonomies/', { headers, data: { field: 25, name: 'Keyword', pluralName: 'Keywords' } })).status()).toBe(201);
  }
  const name = `Harbours ${tag}`;
  const created = await page.request.post(keywords, { headers, data: { name, value: name, acl: ['Navigate', 'Query', 'Set'] } });
  expect(created.status(), await created.text()).toBe(201);
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string; name: string }> };
  const archive = targets.data[0]!;
  const photo = await uploadInto(page, archive.href, `taxonomy-${tag}`, uniquePhoto(`taxonomy-${tag}`));
  const edited = await page.request.patch(photo, {
    headers: { ...headers, 'Content-Type': 'application/vnd.fotoware.assetupdate+json' },
    data: { metadata: { '25': { value: [name] } } },
  });
  expect(edited.status(), await edited.text()).toBeLessThan(300);

  // The archive offers the item under Browse by; its pin toggle pins it.
  await page.goto(archive.href);
  const item = page.getByTestId('taxonomy-navigation-item').filter({ hasText: name });
  await expect(item).toBeVisible();
  await expectAccessible(page, '[data-testid="taxonomy-navigation"]', 'taxonomy navigation');
  const pin = item.getByRole('button');
  await expect(pin).toHaveAttribute('aria-pressed', 'false');
  await pin.click(ACT);
  await expect(pin).toHaveAttribute('aria-pressed', 'true');

  // Pins lists it as a tile named after the item, in its archive; the tile opens the archive's search for it.
  await page.getByTestId('pins-link').click(ACT);
  const tile = page.getByTestId('collection-tile').filter({ hasText: name });
  await expect(tile.getByTestId('collection-tile-byline')).toHaveText(`In ${archive.name}`);
  await tile.getByRole('link').click(ACT);
  await expect(page.locator(`[data-testid="asset-thumbnail"][data-href="${photo}"]`)).toBeVisible();
  // Unpinned from the search's archive page again, so the next run starts clean.
  await page.goto(archive.href);
  await page.getByTestId('taxonomy-navigation-item').filter({ hasText: name }).getByRole('button').click(ACT);
  await expect(page.getByTestId('taxonomy-navigation-item').filter({ hasText: name }).getByRole('button')).toHaveAttribute('aria-pressed', 'false');
});
