/**
 * Folder tiles (issue 13; spec 02 §2 Collection tile, §6 SetPosterAsset, §9 palette) on the real stack in Chromium:
 * the user gives a folder's tile a colour of the palette and an icon, makes a photo in it the folder's cover from the
 * selection bar, sees the cover on the tile, and clears it again. The Style dialog passes axe.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };

test('style a folder tile with a colour and an icon, set its cover from the selection and clear it (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  const parent = `${targets.data[0]!.href}tiles-${tag}/`;
  await uploadInto(page, targets.data[0]!.href, `tiles-${tag}/inner`, uniquePhoto(`tiles-${tag}`));

  await page.goto(parent);
  const tile = page.getByTestId('collection-tile').filter({ hasText: 'inner' });
  await expect(tile.getByTestId('collection-tile-style')).toHaveAttribute('data-icon', 'Folder');
  await page.getByTestId('folder-actions').click(ACT);
  await page.getByTestId('folder-style-open').click(ACT);
  const dialog = page.getByTestId('folder-style-dialog');
  await dialog.getByRole('radio', { name: 'Colour #16a34a' }).check(ACT);
  await dialog.getByRole('radio', { name: 'Icon Camera' }).check(ACT);
  await expectAccessible(page, '[data-testid="folder-style-dialog"]', 'Style dialog');
  await dialog.getByTestId('folder-style-save').click(ACT);
  await expect(dialog).toHaveCount(0);
  await expect(tile.getByTestId('collection-tile-style')).toHaveAttribute('data-color', '#16a34a');
  await expect(tile.getByTestId('collection-tile-style')).toHaveAttribute('data-icon', 'Camera');

  // The photo becomes the folder's cover.
  await tile.getByRole('link', { name: 'inner' }).click(ACT);
  await page
    .getByTestId('asset-thumbnail')
    .first()
    .click({ modifiers: ['ControlOrMeta'], ...ACT });
  await page.getByTestId('folder-set-cover').click(ACT);
  await expect(page.getByTestId('folder-cover-set')).toBeVisible();
  await page.goto(parent);
  await expect(tile.locator('img')).toHaveCount(1);

  // Cleared, the tile shows its colour and icon again.
  await page.getByTestId('folder-actions').click(ACT);
  await page.getByTestId('folder-clear-cover').click(ACT);
  await expect(tile.locator('img')).toHaveCount(0);
  await expect(tile.getByTestId('collection-tile-style')).toHaveAttribute('data-icon', 'Camera');
});
