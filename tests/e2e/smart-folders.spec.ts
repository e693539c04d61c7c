/**
 * Smart folders (issue 13; spec 01 §3 "Folder or smart folder", §7) on the real stack in Chromium: the user searches an
 * archive, saves the search as a smart folder, saves a second search, finds both under Smart folders on the archive's
 * page, moves the second before the first, and opens it: its search runs. The section passes axe.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { uniquePhoto } from './metadataAssets.ts';
import { uploadInto } from './pinsScreen.ts';

const ACT = { timeout: 15_000 };

/** Runs `query` in the archive and saves it as a smart folder named `name`. */
async function saveSearch(page: Page, archive: string, query: string, name: string): Promise<void> {
  await page.goto(`${archive}?q=${encodeURIComponent(query)}`);
  await expect(page.getByTestId('collection-count')).toContainText('1 asset');
  await page.getByTestId('smart-folder-save').click(ACT);
  const dialog = page.getByTestId('smart-folder-dialog');
  await expect(dialog.getByTestId('smart-folder-name')).toHaveValue(query);
  await dialog.getByTestId('smart-folder-name').fill(name);
  await dialog.getByTestId('smart-folder-save').click(ACT);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('smart-folder-saved')).toBeVisible();
}

test('save two searches as smart folders, reorder them and open one (issue 13)', async ({ page, credentials }) => {
  test.setTimeout(120_000);
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  const tag = randomBytes(3).toString('hex');
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string; name: string }> };
  const archive = targets.data[0]!;
  await uploadInto(page, archive.href, `smart-${tag}`, { ...uniquePhoto(`smart-a-${tag}`), name: `harbour${tag}.jpg` });
  await uploadInto(page, archive.href, `smart-${tag}`, { ...uniquePhoto(`smart-b-${tag}`), name: `market${tag}.jpg` });

  await saveSearch(page, archive.href, `harbour${tag}`, `Harbour ${tag}`);
  await saveSearch(page, archive.href, `market${tag}`, `Market ${tag}`);
  await page.getByTestId('smart-folder-archive').click(ACT);
  await expect(page.getByTestId('collection-name')).toHaveText(archive.name);

  const ours = page.locator(`[data-testid="smart-folder"][data-name$=" ${tag}"]`);
  await expect(ours).toHaveCount(2);
  expect(await ours.evaluateAll((items) => items.map((item) => item.getAttribute('data-name')))).toEqual([`Harbour ${tag}`, `Market ${tag}`]);
  await expectAccessible(page, '[data-testid="smart-folders"]', 'smart folders');

  // Move Market before Harbour.
  await ours.nth(1).getByTestId('smart-folder-actions').click(ACT);
  await page.getByTestId('smart-folder-earlier').click(ACT);
  await expect.poll(() => ours.evaluateAll((items) => items.map((item) => item.getAttribute('data-name')))).toEqual([`Market ${tag}`, `Harbour ${tag}`]);

  // Opening it runs its search.
  await ours
    .nth(0)
    .getByRole('link', { name: `Market ${tag}` })
    .click(ACT);
  await expect(page.getByTestId('collection-count')).toContainText(`1 asset matching “market${tag}”`);
  await expect(page.getByTestId('asset-thumbnail')).toHaveCount(1);
});
