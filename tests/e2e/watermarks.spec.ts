/**
 * Watermarks (issue 16 watermarks), on the real stack in Chromium: the administrator opens Settings → Watermarks; a
 * new watermark without name and image is refused in the form first, and a 4,001 px wide PNG by the DAM (400, shown
 * at the image); "E2E stamp" (a half-transparent 32 × 16 px PNG made here, top right, 60 %, 30 % of the image) is
 * created and listed with its thumbnail; a second "e2e stamp" is refused in the dialog with the DAM's 409 message next
 * to the name; the watermark is edited (tiled, 25 %) keeping its image; it is deleted after a confirmation saying
 * processing profiles stop stamping it. No archive is given the watermark, so the delete is never refused. The page,
 * the dialog and the confirmation pass axe.
 */
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { csrfHeader } from './metadataAssets.ts';
import { openSignedIn } from './model/signIn.ts';
import { solidPng } from './png.ts';

const ACT = { timeout: 15_000 };
const NAME = 'E2E stamp';
const WATERMARKS = '/fotoweb/api/watermarks';

/** Deletes an "E2E stamp" a previous run left behind, so the journey starts from a stack without it. */
async function removeLeftovers(page: Page): Promise<void> {
  const list = await page.request.get(WATERMARKS, { headers: { Accept: 'application/json' } });
  expect(list.status()).toBe(200);
  const headers = await csrfHeader(page);
  for (const watermark of ((await list.json()) as { data: { name: string; href: string }[] }).data) {
    if (watermark.name.toLowerCase() !== NAME.toLowerCase()) continue;
    const deleted = await page.request.delete(watermark.href, { headers });
    // This journey never gives an archive its watermark, so a 409 WatermarkInUse means another test did.
    expect(deleted.status(), `delete the leftover "${watermark.name}": ${await deleted.text()}`).toBe(204);
  }
}

test('the administrator creates, edits and deletes a watermark', async ({ page, credentials }) => {
  await openSignedIn(page, credentials);
  await removeLeftovers(page);

  // 1. Settings → Watermarks.
  await page.getByTestId('settings-menu-trigger').click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Watermarks' }).click(ACT);
  const view = page.getByTestId('watermarks-view');
  await expect(view.getByRole('heading', { name: 'Watermarks' })).toBeVisible();
  await expect(page).toHaveURL(/\/fotoweb\/views\/watermarks$/);
  await expectAccessible(page, undefined, 'watermarks page');

  // 2. New watermark: no name and no image are refused next to their fields, with no call.
  await view.getByTestId('watermark-create').click(ACT);
  const dialog = page.getByTestId('watermark-dialog');
  await expect(dialog.getByRole('heading', { name: 'New watermark' })).toBeVisible();
  await dialog.getByTestId('watermark-save').click(ACT);
  await expect(dialog.getByTestId('watermark-name-error')).toHaveText('Give the watermark a name.');
  await expect(dialog.getByTestId('watermark-image-error')).toHaveText('Choose an image: a PNG, JPEG or WebP file.');
  await expectAccessible(page, '[data-testid="watermark-dialog"]', 'watermark dialog with problems');

  // 2b. An image wider than 4,000 px: the DAM answers 400 and its message shows at the image.
  await dialog.getByTestId('watermark-name').fill(NAME);
  await dialog.getByTestId('watermark-image').setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: solidPng(4001, 1, [0, 0, 0, 255]) });
  await dialog.getByTestId('watermark-save').click(ACT);
  await expect(dialog.getByTestId('watermark-image-error')).toHaveText('The image must be at most 4000 px a side.');
  await expect(dialog).toHaveAttribute('data-state', 'error');

  // 2c. "E2E stamp": a half-transparent PNG, top right, 60 %, 30 % of the image's width.
  await dialog.getByTestId('watermark-image').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: solidPng(32, 16, [200, 30, 30, 128]) });
  await expect(dialog.getByRole('img', { name: 'Preview of the chosen image' })).toHaveJSProperty('naturalWidth', 32);
  await dialog.getByTestId('watermark-position').selectOption('top-right');
  await dialog.getByTestId('watermark-opacity').fill('60');
  await dialog.getByTestId('watermark-scale').fill('30');
  await expectAccessible(page, '[data-testid="watermark-dialog"]', 'watermark dialog');
  await dialog.getByTestId('watermark-save').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(view.getByTestId('watermarks-notice')).toContainText('The watermark is created.');
  const row = view.getByTestId('watermark-row').filter({ has: page.getByTestId('watermark-row-name').getByText(NAME, { exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('watermark-row-position')).toHaveText('Top right');
  await expect(row.getByTestId('watermark-row-opacity')).toHaveText('60%');
  await expect(row.getByTestId('watermark-row-scale')).toHaveText('30% of the image');
  // The thumbnail is the stored PNG, served through the BFF with the session cookie.
  const thumbnail = row.getByRole('img', { name: `The image of ${NAME} (32 × 16 px)` });
  await expect(thumbnail).toHaveJSProperty('naturalWidth', 32);
  const id = await row.getAttribute('data-watermark-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  await expectAccessible(page, undefined, 'watermarks page with a watermark');

  // 3. The same name again: the DAM answers 409 and its message shows next to the name, the dialog stays open.
  await view.getByTestId('watermark-create').click(ACT);
  await dialog.getByTestId('watermark-name').fill(NAME.toLowerCase());
  await dialog.getByTestId('watermark-image').setInputFiles({ name: 'stamp.png', mimeType: 'image/png', buffer: solidPng(8, 8, [0, 0, 0, 64]) });
  await dialog.getByTestId('watermark-save').click(ACT);
  await expect(dialog.getByTestId('watermark-name-error')).toHaveText(`A watermark named "${NAME.toLowerCase()}" exists already.`);
  await expectAccessible(page, '[data-testid="watermark-dialog"]', 'watermark dialog with the DAM refusal');
  await dialog.getByTestId('watermark-cancel').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(view.getByTestId('watermark-row').filter({ hasText: NAME })).toHaveCount(1);

  // 4. Edit: tiled, 25 %, keeping the current image.
  await row.getByTestId('watermark-edit').click(ACT);
  await expect(dialog.getByRole('heading', { name: `Edit “${NAME}”` })).toBeVisible();
  await expect(dialog.getByTestId('watermark-opacity')).toHaveValue('60');
  await expect(dialog.getByRole('img', { name: 'The current image' })).toHaveJSProperty('naturalWidth', 32);
  await dialog.getByTestId('watermark-position').selectOption('tile');
  await dialog.getByTestId('watermark-opacity').fill('25');
  await dialog.getByTestId('watermark-save').click(ACT);
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('watermark-row-position')).toHaveText('Tiled');
  await expect(row.getByTestId('watermark-row-opacity')).toHaveText('25%');
  await expect(row.getByTestId('watermark-row-scale')).toHaveText('30% of the image');
  await expect(row.getByRole('img', { name: `The image of ${NAME} (32 × 16 px)` })).toBeVisible();
  expect(await row.getAttribute('data-watermark-id')).toBe(id);

  // 5. Delete, after a confirmation that says processing profiles stop stamping it.
  await row.getByTestId('watermark-delete').click(ACT);
  const confirm = page.getByTestId('watermark-delete-confirm');
  await expect(confirm).toContainText('Processing profiles stop stamping it');
  await expectAccessible(page, '[data-testid="watermark-delete-confirm"]', 'delete watermark confirmation');
  await page.getByTestId('watermark-delete-confirm-ok').click(ACT);
  await expect(view.getByTestId('watermarks-notice')).toContainText(`“${NAME}” is deleted.`);
  await expect(row).toHaveCount(0);
});
