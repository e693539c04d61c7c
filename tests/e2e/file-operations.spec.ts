/**
 * File operations (issue 13; spec 01 §2 selection, §4 Background job, §7 background tasks) on the real stack in
 * Chromium: on a selection, F2 opens Rename and the Delete key the delete confirmation (the selection bar's commands
 * are actions of the registry, their keys with them); the user renames a photo from the selection bar, moves another into a sub-folder by browsing the archive's
 * folders, rotates a third (its pixels turn: width and height swap), deletes the renamed one to the trash, finds it
 * under Trash in the user menu and restores it, and it is back in its folder; then downloads the four photos as one ZIP.
 * The dialog and the trash pass axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import yauzl from 'yauzl';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };

/** The thumbnail of the asset whose href ends with `suffix`. */
const thumbnail = (page: Page, suffix: string) => page.locator(`[data-testid="asset-thumbnail"][data-href$="${suffix}"]`);

/** Selects only the asset whose href ends with `suffix`. */
async function selectOnly(page: Page, suffix: string): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');
  await thumbnail(page, suffix).click({ modifiers: ['ControlOrMeta'], ...ACT });
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '1');
}

/** The pixel size of an asset, read from the DAM through the BFF. */
async function pixelSize(page: Page, href: string): Promise<[number, number]> {
  const asset = (await (await page.request.get(href, { headers: { Accept: 'application/json' } })).json()) as {
    attributes: { imageattributes: { pixelwidth: number; pixelheight: number } };
  };
  return [asset.attributes.imageattributes.pixelwidth, asset.attributes.imageattributes.pixelheight];
}

test('rename, move, rotate and delete assets from the selection bar with progress, restore one from the trash, download them as a ZIP, duplicate one (issue 13)', async ({
  page,
  credentials,
}) => {
  test.setTimeout(180_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string; name: string }> };
  const archive = targets.data[0]!;
  const folder = `files-${tag}`;
  const a = await uploadInto(page, archive.href, folder, uniquePhoto(`files-a-${tag}`));
  const b = await uploadInto(page, archive.href, folder, uniquePhoto(`files-b-${tag}`));
  const rotated = await uploadInto(page, archive.href, folder, uniquePhoto(`files-c-${tag}`));
  const d = await uploadInto(page, archive.href, `${folder}/inbox`, uniquePhoto(`files-d-${tag}`));
  const name = (href: string) =>
    decodeURIComponent(
      href
        .split('/')
        .at(-1)!
        .replace(/\.info$/, ''),
    );

  // A folder shows the assets of its sub-folders too: three here and one in inbox.
  await page.goto(`${archive.href}${folder}/`);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(4);

  // The keys of the selection bar's commands (issue 13): F2 opens Rename, the Delete key the delete confirmation;
  // both cancelled, so nothing changes.
  await selectOnly(page, encodeURIComponent(name(a)) + '.info');
  await expect(page.getByTestId('file-rename-open')).toHaveAttribute('aria-keyshortcuts', 'F2');
  await expect(page.getByTestId('file-delete-open')).toHaveAttribute('aria-keyshortcuts', 'Delete');
  const dialog = page.getByTestId('file-operation-dialog');
  await page.keyboard.press('F2');
  await expect(dialog).toHaveAttribute('data-kind', 'rename');
  await expect(dialog).toHaveAttribute('data-state', 'editing');
  await expect(dialog.getByTestId('file-rename-name')).toHaveValue(name(a));
  await dialog.getByTestId('file-operation-cancel').click(ACT);
  await expect(dialog).toHaveCount(0);
  await page.keyboard.press('Delete');
  await expect(dialog).toHaveAttribute('data-kind', 'delete');
  await expect(dialog).toHaveAttribute('data-state', 'confirming');
  await dialog.getByTestId('file-operation-cancel').click(ACT);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(4);

  // Rename: the dialog refuses a changed extension, then renames.
  await selectOnly(page, encodeURIComponent(name(a)) + '.info');
  await page.getByTestId('file-rename-open').click(ACT);
  await expect(dialog).toHaveAttribute('data-state', 'editing');
  await dialog.getByTestId('file-rename-name').fill(`renamed-${tag}.png`);
  await dialog.getByTestId('file-operation-submit').click(ACT);
  await expect(dialog.getByTestId('file-operation-problem')).toContainText('.jpg');
  await expectAccessible(page, '[data-testid="file-operation-dialog"]', 'rename dialog');
  await dialog.getByTestId('file-rename-name').fill(`renamed-${tag}.jpg`);
  await dialog.getByTestId('file-operation-submit').click(ACT);
  await expect(dialog).toHaveCount(0, ACT);
  const outcome = page.getByTestId('file-operation-outcome');
  await expect(outcome).toContainText(`Renamed to renamed-${tag}.jpg`);
  await expect(thumbnail(page, `renamed-${tag}.jpg.info`)).toHaveCount(1);

  // Move: browse into the folder, choose its sub-folder, move there.
  await selectOnly(page, encodeURIComponent(name(b)) + '.info');
  await page.getByTestId('file-move-open').click(ACT);
  await expect(dialog).toHaveAttribute('data-state', 'choosing');
  await dialog.locator(`[data-testid="file-operation-choice"][data-href="${archive.href}"]`).getByTestId('file-operation-open').click(ACT);
  await expect(dialog).toHaveAttribute('data-state', 'choosing');
  await dialog.locator(`[data-testid="file-operation-choice"][data-href="${archive.href}${folder}/"]`).getByTestId('file-operation-open').click(ACT);
  await expect(dialog.getByTestId('file-operation-choice')).toHaveCount(1);
  await dialog.getByTestId('file-operation-choice').getByRole('radio').check(ACT);
  await expect(dialog.getByTestId('file-operation-destination')).toContainText('inbox');
  await expectAccessible(page, '[data-testid="file-operation-dialog"]', 'move dialog');
  await dialog.getByTestId('file-operation-submit').click(ACT);
  await expect(dialog).toHaveCount(0, ACT);
  await expect(outcome).toContainText('1 asset moved to inbox');
  await outcome.getByRole('link', { name: 'inbox' }).click(ACT);
  await expect(page.getByTestId('collection-name')).toHaveText('inbox');
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(2);
  await expect(thumbnail(page, encodeURIComponent(name(b)) + '.info')).toHaveCount(1);

  // Rotate right: the task runs with its progress dialog, and the photo's width and height swap.
  await page.goto(`${archive.href}${folder}/`);
  const before = await pixelSize(page, rotated);
  await selectOnly(page, encodeURIComponent(name(rotated)) + '.info');
  await page.getByTestId('file-rotate-cw').click(ACT);
  await expect(outcome).toContainText('1 asset rotated', ACT);
  expect(await pixelSize(page, rotated)).toEqual([before[1], before[0]]);

  // Delete the renamed photo to the trash, then restore it from there.
  await selectOnly(page, `renamed-${tag}.jpg.info`);
  await page.getByTestId('file-delete-open').click(ACT);
  await expect(dialog).toHaveAttribute('data-state', 'confirming');
  await dialog.getByTestId('file-operation-submit').click(ACT);
  await expect(outcome).toContainText('1 asset moved to the trash', ACT);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(3);
  await page.getByTestId('user-menu-trigger').click(ACT);
  await page.getByTestId('menu-openTrash').click(ACT);
  const trash = page.getByTestId('trash-view');
  const entry = trash.locator(`[data-testid="trash-entry"][data-href$="renamed-${tag}.jpg.info"]`);
  await expect(entry).toHaveCount(1);
  await expectAccessible(page, '[data-testid="trash-view"]', 'trash');
  await entry.getByTestId('trash-restore').click(ACT);
  await expect(page.getByTestId('trash-notice')).toHaveText('1 asset restored.');
  await expect(entry).toHaveCount(0);
  await page.goto(`${archive.href}${folder}/`);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(4);
  await expect(thumbnail(page, `renamed-${tag}.jpg.info`)).toHaveCount(1);

  // Download all four as one ZIP: the browser saves it, with the files below the folder they share.
  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '4');
  const downloading = page.waitForEvent('download');
  await page.getByTestId('file-download-open').click(ACT);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('magpie-4-assets.zip');
  await expect(outcome).toContainText('4 assets downloading as magpie-4-assets.zip');
  const names = await zipEntryNames(await download.path());
  expect(names.sort()).toEqual([`inbox/${name(b)}`, `inbox/${name(d)}`, `renamed-${tag}.jpg`, name(rotated)].sort());

  // Duplicate the rotated photo: a copy beside it, named with ` (2)`.
  await selectOnly(page, encodeURIComponent(name(rotated)) + '.info');
  await page.getByTestId('file-duplicate-open').click(ACT);
  await expect(outcome).toContainText('1 asset duplicated.', ACT);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(5);
  await expect(thumbnail(page, encodeURIComponent(name(rotated).replace(/\.jpg$/, ' (2).jpg')) + '.info')).toHaveCount(1);
});

/** The file names inside a ZIP file (yauzl). */
function zipEntryNames(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
