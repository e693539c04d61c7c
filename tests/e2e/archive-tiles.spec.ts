/**
 * Archive tiles (issue 13; spec 02 §2 Collection tile "administrators and owners choose colour and icon", §6
 * SetPosterAsset, §9 palette) on the real stack in Chromium: the administrator (who manages the archives) gives an
 * archive's tile a colour of the palette and an icon from the tile's menu on the archives listing, makes a photo of
 * the archive its cover through the API (`PATCH <archive>` with `poster_asset`), sees the cover on the tile, and
 * clears it from the tile's menu: the tile shows the archive's first asset again. The Style dialog and the tile menu
 * pass axe.
 *
 * The archive is made for this run (`Tiles <tag>`, sorted after the stack's "Photos", which other journeys open as the
 * first archive), so an empty tile shows its colour; the stack is shared by the specs of one run, so the archive's
 * style and cover are put back at the end.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { csrfHeader, uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

/** A user action that cannot happen fails within this, not the whole test's timeout. */
const ACT = { timeout: 15_000 };

/** `PATCH <archive>` with a `FolderUpdate` through the BFF, as the signed-in user of `page`. */
async function changeTile(page: Page, archive: string, update: Record<string, unknown>): Promise<{ posterAsset: string | null; posterImages: Array<{ href: string }> }> {
  const res = await page.request.patch(archive, {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.folder-update+json', Accept: 'application/vnd.fotoware.collectioninfo+json' },
    data: update,
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { posterAsset: string | null; posterImages: Array<{ href: string }> };
}

test('the administrator styles an archive tile with a colour and an icon, and clears its cover from the tile (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tag = randomBytes(3).toString('hex');
  const name = `Tiles ${tag}`;
  const headers = { ...(await csrfHeader(page)), Accept: 'application/json' };
  const { MetadataSetId } = (await (await page.request.get('/fotoweb/api/config/archives/5000', { headers })).json()) as { MetadataSetId: string };
  const created = await page.request.post('/fotoweb/api/config/archives', { headers, data: { Name: name, MetadataSetId, Pool: 'default', MemberList: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const archive = ((await created.json()) as { collectionHref: string }).collectionHref;

  try {
    await page.reload();
    const tile = page.getByTestId('collection-tile').filter({ hasText: name });
    const style = tile.getByTestId('collection-tile-style');
    await expect(style).toHaveAttribute('data-color', '#999999');
    await expect(style).toHaveAttribute('data-icon', 'Folder');

    // Style…: a colour of the palette and an icon.
    const menu = page.getByRole('button', { name: `Tile actions: ${name}`, exact: true });
    await menu.click(ACT);
    await expect(page.getByTestId('archive-clear-cover')).toHaveCount(0);
    await expectAccessible(page, '[role="menu"]', 'archive tile menu');
    await page.getByTestId('archive-style-open').click(ACT);
    const dialog = page.getByTestId('folder-style-dialog');
    await expect(dialog.getByRole('heading')).toHaveText(`Style “${name}”`);
    await dialog.getByRole('radio', { name: 'Colour #16a34a' }).check(ACT);
    await dialog.getByRole('radio', { name: 'Icon Camera' }).check(ACT);
    await expectAccessible(page, '[data-testid="folder-style-dialog"]', 'Style dialog of an archive');
    await dialog.getByTestId('folder-style-save').click(ACT);
    await expect(dialog).toHaveCount(0);
    await expect(style).toHaveAttribute('data-color', '#16a34a');
    await expect(style).toHaveAttribute('data-icon', 'Camera');
    // It stays so after a reload: the DAM keeps it.
    await page.reload();
    await expect(style).toHaveAttribute('data-color', '#16a34a');
    await expect(style).toHaveAttribute('data-icon', 'Camera');

    // A cover set through the API: the older of two photos, where the tile would otherwise show the newer.
    const older = await uploadInto(page, archive, 'covers', uniquePhoto(`archive-tile-a-${tag}`));
    await uploadInto(page, archive, 'covers', uniquePhoto(`archive-tile-b-${tag}`));
    const covered = await changeTile(page, archive, { poster_asset: older });
    expect(covered.posterAsset).toBe(older);
    const cover = covered.posterImages[0]!.href;
    await page.reload();
    await expect(tile.locator('img')).toHaveAttribute('src', cover);

    // Clear cover, from the tile's menu: the first asset is the tile's picture again.
    await menu.click(ACT);
    await page.getByTestId('archive-clear-cover').click(ACT);
    await expect(tile.locator('img')).toHaveCount(1);
    await expect(tile.locator('img')).not.toHaveAttribute('src', cover);
    await menu.click(ACT);
    await expect(page.getByTestId('archive-style-open')).toBeVisible();
    await expect(page.getByTestId('archive-clear-cover')).toHaveCount(0);
    await page.keyboard.press('Escape');
  } finally {
    // The stack is shared by this run's specs: the archive goes back to the default tile.
    await changeTile(page, archive, { color: null, iconCharacter: null, poster_asset: null });
  }
});
