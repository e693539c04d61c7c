/**
 * Metadata editing end to end (issue 5; spec 02 §2 Metadata field editors, §4, §5; spec 01 §4 Background job, §7
 * Revisions) on the real stack in Chromium: edit a title in the asset view with the keyboard, see it after a reload
 * and written into the file; Esc cancels without leaving the view; the history panel lists the changes, compares
 * two revisions, restores an older title and undoes that restore; two assets edited at once show their differing
 * titles as such and are saved by a background task with a progress bar, a keyword only one of them has stays on
 * that one; a format ExifTool cannot write keeps the change and says so. Every screen passes axe.
 *
 * The assets are this spec's own uploads (metadataAssets.ts), so other specs never see them. Tests reuse one session
 * (model/signIn.ts) rather than logging in through the login view each time.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { keepSession, openSignedIn } from './model/signIn.ts';
import { openFirstArchive, uniqueFile, uniquePhoto, uploadToCollection } from './metadataAssets.ts';

/** The title field (FotoWeb field 5, the built-in `title`). */
const TITLE = '5';
/** The keywords field (FotoWeb field 25, a bag; the built-in `tags`). */
const KEYWORDS = '25';

/** A field's stored value on an asset, read from the API (not from the screen). */
async function storedValue(page: Page, href: string, field: string): Promise<string | string[] | undefined> {
  const response = await page.request.get(href, { headers: { Accept: 'application/vnd.fotoware.asset+json' } });
  expect(response.ok()).toBe(true);
  const asset = (await response.json()) as { metadata?: Record<string, { value: string | string[] }> };
  return asset.metadata?.[field]?.value;
}

/** The stored title of an asset. */
const storedTitle = (page: Page, href: string) => storedValue(page, href, TITLE);

test.afterEach(async ({ page }) => keepSession(page));

test('edit a title, see it after a reload, restore it from the history, and edit two assets at once', async ({ page, credentials }) => {
  const run = Date.now().toString(36);
  const first = `Quayside ${run}`;
  const second = `Harbour ${run}`;
  const batch = `Heron ${run}`;

  await openSignedIn(page, credentials);
  await openFirstArchive(page);
  const collectionUrl = page.url();
  const [hrefA, hrefB] = await uploadToCollection(page, [uniquePhoto(`meta-a-${run}`), uniquePhoto(`meta-b-${run}`)]);

  // ---------------------------------------------------------------- one asset: edit with the keyboard, save, reload
  await page.goto(hrefA!);
  const panel = page.getByTestId('metadata-panel');
  const title = panel.locator(`[data-testid="field-editor"][data-field-id="${TITLE}"]`);
  await expect(title).toHaveAttribute('data-state', 'view');
  await title.getByTestId('field-edit').focus();
  await page.keyboard.press('Enter');
  await expect(title).toHaveAttribute('data-state', 'editing');
  await expect(title.getByTestId('field-input')).toBeFocused();
  await page.keyboard.type(`  ${first}  `);
  await page.keyboard.press('Enter');
  // Saved trimmed (spec 02 §5), the heading follows, focus is back on the value.
  await expect(title).toHaveAttribute('data-state', 'view');
  await expect(title.getByTestId('field-value')).toHaveText(first);
  await expect(page.getByTestId('asset-title')).toHaveText(first);
  await expect(title.getByTestId('field-edit')).toBeFocused();
  expect(await storedTitle(page, hrefA!)).toBe(first);

  // JPEG takes the metadata into the file; the view says so once the write-back job ran.
  await expect(page.getByTestId('writeback-status')).toHaveAttribute('data-status', 'written', { timeout: 60_000 });

  await page.reload();
  await expect(title.getByTestId('field-value')).toHaveText(first);

  // Esc cancels the edit (the typed text is gone) and does not leave the asset view. E is offered once the panel's
  // effect registered it, which on a loaded machine can come just after the value shows: press again until it edits.
  await expect(async () => {
    if ((await title.getAttribute('data-state')) !== 'editing') await page.keyboard.press('e');
    await expect(title).toHaveAttribute('data-state', 'editing', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(title.getByTestId('field-input')).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('thrown away');
  await page.keyboard.press('Escape');
  await expect(title).toHaveAttribute('data-state', 'view');
  await expect(title.getByTestId('field-value')).toHaveText(first);
  await expect(page.getByTestId('asset-view')).toBeVisible();

  // A second title, with the mouse this time.
  await title.getByTestId('field-edit').click();
  await title.getByTestId('field-input').fill(second);
  await title.getByTestId('field-save').click();
  await expect(title.getByTestId('field-value')).toHaveText(second);

  // ---------------------------------------------------------------- history: list, compare, restore
  const history = page.getByTestId('history-panel');
  const revisions = history.getByTestId('revision');
  // Newest first: the second title, the first title, the upload.
  await expect(revisions).toHaveCount(3);
  await expect(revisions.nth(0).getByTestId('revision-changes')).toContainText(`${first} → ${second}`);
  await expect(revisions.nth(1).getByTestId('revision-changes')).toContainText(`(empty) → ${first}`);
  await expectAccessible(page, '[data-testid="asset-metadata"]', 'asset view with the metadata panel and the history');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(page, '[data-testid="asset-metadata"]', 'asset view in dark mode');
  await page.emulateMedia({ colorScheme: 'light' });

  const withFirst = revisions.nth(1);
  const withFirstNumber = await withFirst.getAttribute('data-number');
  await withFirst.getByRole('button', { name: 'Compare with current' }).click();
  const comparison = history.getByTestId('revision-comparison');
  await expect(comparison.getByTestId('revision-difference')).toContainText(`${first} → ${second}`);

  await withFirst.getByRole('button', { name: 'Restore this version' }).click();
  const confirm = page.getByTestId('history-confirm');
  await expect(confirm).toContainText(`#${withFirstNumber}`);
  await expectAccessible(page, '[data-testid="history-confirm"]', 'restore confirmation');
  await confirm.getByTestId('history-confirm-ok').click();
  await expect(confirm).toBeHidden();
  await expect(title.getByTestId('field-value')).toHaveText(first);
  await expect(revisions).toHaveCount(4);
  await expect(revisions.nth(0)).toContainText('Restored');
  expect(await storedTitle(page, hrefA!)).toBe(first);
  await page.reload();
  await expect(title.getByTestId('field-value')).toHaveText(first);

  // Undo the restore (POST rollback): the title it changed gets its value from before.
  await revisions.nth(0).getByRole('button', { name: 'Undo this change' }).click();
  await expect(confirm).toContainText('Undo this change?');
  await confirm.getByTestId('history-confirm-ok').click();
  await expect(title.getByTestId('field-value')).toHaveText(second);
  await expect(revisions).toHaveCount(5);
  expect(await storedTitle(page, hrefA!)).toBe(second);

  // A keyword on the first asset only: a bag item made on Enter, saved with the field.
  const keywords = panel.locator(`[data-testid="field-editor"][data-field-id="${KEYWORDS}"]`);
  const onlyA = `gull${run}`;
  const both = `wharf${run}`;
  await keywords.getByTestId('field-edit').click();
  await keywords.getByTestId('field-input').fill(onlyA);
  await keywords.getByTestId('field-input').press('Enter');
  await expect(keywords.getByTestId('bag-item')).toHaveText([onlyA]);
  await keywords.getByTestId('field-save').click();
  await expect(keywords).toHaveAttribute('data-state', 'view');
  expect(await storedValue(page, hrefA!, KEYWORDS)).toEqual([onlyA]);

  // ---------------------------------------------------------------- two assets at once, as a background task
  await page.goto(collectionUrl);
  const tileA = page.locator(`[data-testid="asset-thumbnail"][data-href="${hrefA}"]`);
  const tileB = page.locator(`[data-testid="asset-thumbnail"][data-href="${hrefB}"]`);
  await tileA.click({ modifiers: ['ControlOrMeta'] });
  await tileB.focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '2');
  // Selected tiles say so to screen readers, not only with their outline.
  for (const tile of [tileA, tileB]) {
    await expect(tile).toHaveAttribute('data-selected', 'true');
    await expect(tile).toHaveAccessibleName(/, selected$/);
  }
  await expect(page.getByTestId('collection-view')).toBeVisible();
  await page.getByTestId('batch-edit-open').click();

  const drawer = page.getByTestId('batch-edit');
  await expect(drawer).toContainText('Edit metadata of 2 assets');
  const batchTitle = drawer.locator(`[data-testid="field-editor"][data-field-id="${TITLE}"]`);
  // One asset has a title, the other none: the values differ.
  await expect(batchTitle).toHaveAttribute('data-mixed', 'true');
  await expect(batchTitle.getByTestId('field-value')).toHaveText('Multiple values');
  await expectAccessible(page, '[data-testid="batch-edit"]', 'batch edit drawer');

  // Hold the task's creation until the progress bar has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/fotoweb/me/background-tasks/', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await batchTitle.getByTestId('field-edit').click();
  await batchTitle.getByTestId('field-input').fill(batch);
  await batchTitle.getByTestId('field-input').press('Enter');
  const progress = batchTitle.getByTestId('batch-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-total', '2');
  await expect(progress).toHaveAttribute('data-done', '0');
  release();
  await expect(batchTitle).toHaveAttribute('data-state', 'view', { timeout: 60_000 });
  await expect(batchTitle).not.toHaveAttribute('data-mixed', 'true');
  await expect(batchTitle.getByTestId('field-value')).toHaveText(batch);
  expect(await storedTitle(page, hrefA!)).toBe(batch);
  expect(await storedTitle(page, hrefB!)).toBe(batch);

  // The keyword only the first asset has is marked (notInAll); a keyword added now goes to both, and the first
  // asset keeps its own (spec 02 §3 multi-select bag).
  const batchKeywords = drawer.locator(`[data-testid="field-editor"][data-field-id="${KEYWORDS}"]`);
  await expect(batchKeywords.getByTestId('keyword')).toHaveText([onlyA]);
  await expect(batchKeywords.getByTestId('bag-item')).toHaveAttribute('data-not-in-all', 'true');
  await batchKeywords.getByTestId('field-edit').click();
  await batchKeywords.getByTestId('field-input').fill(both);
  await batchKeywords.getByTestId('field-input').press('Enter');
  await batchKeywords.getByTestId('field-input').press('Enter');
  await expect(batchKeywords).toHaveAttribute('data-state', 'view', { timeout: 60_000 });
  expect(await storedValue(page, hrefA!, KEYWORDS)).toEqual([onlyA, both]);
  expect(await storedValue(page, hrefB!, KEYWORDS)).toEqual([both]);
  await expect(batchKeywords.getByTestId('keyword')).toHaveText([onlyA, both]);
  await expect(batchKeywords.getByTestId('bag-item').filter({ hasText: both })).not.toHaveAttribute('data-not-in-all', 'true');

  // Esc in a field being edited cancels the edit and keeps the drawer open.
  await batchTitle.getByTestId('field-edit').click();
  await batchTitle.getByTestId('field-input').fill('thrown away');
  await page.keyboard.press('Escape');
  await expect(batchTitle).toHaveAttribute('data-state', 'view');
  await expect(batchTitle.getByTestId('field-value')).toHaveText(batch);
  await expect(batchTitle.getByTestId('field-edit')).toBeFocused();
  await expect(drawer).toBeVisible();

  await drawer.getByTestId('batch-edit-close').click();
  await expect(drawer).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');

  // Shift+A selects every loaded asset (spec 01 §2 Keyboard), Esc clears again.
  const loaded = await page.getByTestId('asset-grid').getAttribute('data-loaded');
  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', loaded ?? '');
  await expectAccessible(page, '[data-testid="selection-bar"]', 'selection bar');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');
});

test('a format ExifTool cannot write keeps the change in Magpie and says so', async ({ page, credentials }) => {
  const run = Date.now().toString(36);
  const newTitle = `Bitmap ${run}`;
  await openSignedIn(page, credentials);
  await openFirstArchive(page);
  const [href] = await uploadToCollection(page, [uniqueFile('formats/other-images/exiftool_BMP.bmp', `bmp-${run}`, 'image/bmp')]);

  await page.goto(href!);
  const title = page.getByTestId('metadata-panel').locator(`[data-testid="field-editor"][data-field-id="${TITLE}"]`);
  await title.getByTestId('field-edit').click();
  await title.getByTestId('field-input').fill(newTitle);
  await title.getByTestId('field-input').press('Enter');
  await expect(title.getByTestId('field-value')).toHaveText(newTitle);

  const status = page.getByTestId('writeback-status');
  await expect(status).toHaveAttribute('data-status', 'unsupported', { timeout: 60_000 });
  await expect(status).toContainText('cannot hold the metadata');
  await expectAccessible(page, '[data-testid="writeback-status"]', 'write-back notice');
  // Nothing is lost: the title is stored.
  await page.reload();
  await expect(title.getByTestId('field-value')).toHaveText(newTitle);
  expect(await storedTitle(page, href!)).toBe(newTitle);
});
