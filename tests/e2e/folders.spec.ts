/**
 * Folders (issue 13; spec 01 §3 Folder, §5 name rules) on the real stack in Chromium: in a folder made for the run,
 * the user makes a folder with "New folder" (a name with a slash is refused as typed, a taken name by the server, in
 * the dialog), opens it, renames it from its tile's menu, and deletes it; a folder that holds an asset is not deleted
 * and says why. The dialog passes axe. Upload, opened in a sub-folder, uploads into it.
 */
import { randomBytes } from 'node:crypto';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };

test('make, open, rename and delete a folder; a folder with an asset stays (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(150_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tag = randomBytes(3).toString('hex');
  /** A folder's tile with its actions menu beside it (the list item of the folders). */
  const folderItem = (name: string) =>
    page
      .getByRole('listitem')
      .filter({ has: page.getByTestId('collection-tile').filter({ hasText: name }) })
      .last();
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  const archive = targets.data[0]!.href;
  // A parent of this run's own, with a folder that holds an asset.
  await uploadInto(page, archive, `folders-${tag}/Kept`, uniquePhoto(`folder-${tag}`));
  await page.goto(`${archive}folders-${tag}/`);
  await expect(page.getByTestId('collection-view')).toBeVisible();

  await page.getByTestId('new-folder').click(ACT);
  const dialog = page.getByTestId('folder-dialog');
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '[data-testid="folder-dialog"]', 'New folder dialog');
  await dialog.getByTestId('folder-name').fill('Shoots/2026');
  await dialog.getByTestId('folder-save').click(ACT);
  await expect(dialog.getByTestId('folder-name-problem')).toContainText('must not contain');
  await dialog.getByTestId('folder-name').fill('kept');
  await dialog.getByTestId('folder-save').click(ACT);
  await expect(dialog.getByTestId('folder-error')).toHaveText('There is already a folder of that name here.');
  await dialog.getByTestId('folder-name').fill('Shoots 2026');
  await dialog.getByTestId('folder-save').click(ACT);
  await expect(dialog).toBeHidden();
  const tile = page.getByTestId('collection-tile').filter({ hasText: 'Shoots 2026' });
  await expect(tile).toBeVisible();

  await tile.getByRole('link').click(ACT);
  await expect(page.getByTestId('collection-name')).toHaveText('Shoots 2026');
  await page.goBack();
  await expect(page.getByTestId('collection-view')).toBeVisible();

  // Rename from the tile's menu.
  await folderItem('Shoots 2026').getByTestId('folder-actions').click(ACT);
  await page.getByRole('menuitem', { name: 'Rename…' }).click(ACT);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('folder-name')).toHaveValue('Shoots 2026');
  await dialog.getByTestId('folder-name').fill('Shoots 2026 (final)');
  await dialog.getByTestId('folder-save').click(ACT);
  await expect(dialog).toBeHidden();
  const renamed = page.getByTestId('collection-tile').filter({ hasText: 'Shoots 2026 (final)' });
  await expect(renamed).toBeVisible();

  // Delete it; the folder that holds an asset is refused with the reason.
  await folderItem('Shoots 2026 (final)').getByTestId('folder-actions').click(ACT);
  await page.getByRole('menuitem', { name: 'Delete…' }).click(ACT);
  await page.getByTestId('folder-delete-ok').click(ACT);
  await expect(page.getByTestId('collection-tile').filter({ hasText: 'Shoots 2026' })).toHaveCount(0);
  await folderItem('Kept').getByTestId('folder-actions').click(ACT);
  await page.getByRole('menuitem', { name: 'Delete…' }).click(ACT);
  await page.getByTestId('folder-delete-ok').click(ACT);
  await expect(page.getByTestId('folder-action-error')).toContainText('not empty');
  await expect(page.getByTestId('collection-tile').filter({ hasText: 'Kept' })).toBeVisible();
});

test('Upload in a sub-folder uploads into it (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as {
    data: Array<{ href: string; name: string }>;
  };
  const archive = targets.data[0]!;
  await uploadInto(page, archive.href, `upload-here-${tag}/Inner`, uniquePhoto(`inner-a-${tag}`));
  await page.goto(`${archive.href}upload-here-${tag}/Inner/`);
  await expect(page.getByTestId('collection-name')).toHaveText('Inner');
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(1);

  // Upload, opened in the folder, goes to the folder: the popover names it from its archive down.
  await page.getByTestId('upload-button').click(ACT);
  const popover = page.getByTestId('upload-popover');
  const where = `${archive.name} › upload-here-${tag} › Inner`;
  await expect(popover.getByText(`Upload to ${where}`)).toBeVisible();
  await expect(popover.getByTestId('upload-destination').locator('option:checked')).toHaveText(where);
  const file = uniquePhoto(`inner-b-${tag}`);
  await popover.getByTestId('upload-file-input').setInputFiles(file);
  await expect(popover.getByTestId('upload-file-row').filter({ hasText: file.name })).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await popover.getByTestId('upload-close').click(ACT);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(2);
  await expectAccessible(page, undefined, 'folder after an upload into it');
});
