/**
 * The walking skeleton: a user logs in, uploads three photos through the upload popover, sees their thumbnails,
 * opens one (title and keywords from the samples' manifest), finds it again with the header search, and every view
 * passes axe without serious or critical violations. A second test holds a chunk request open to check that the
 * popover cannot be closed while uploading (spec 01 §4), and that a failed file offers a working Retry link (§8).
 */
import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect, expectAccessible, logIn, test } from './fixtures.ts';
import { distinctiveKeyword, pickSamples, type Sample } from './samples.ts';

/** Three samples with keywords for the walking skeleton, then one more for the upload-guard test. */
const [first, second, third, fourth, fifth] = pickSamples(5, [
  'iptc-xmp/Canon_EOS_600D_keywords.jpg',
  'iptc-xmp/ESA_Hubble_Jupiter.jpg',
  'iptc-xmp/IPTC-PhotometadataRef-Std2019.1_resized.jpg',
  'iptc-xmp/IMG_5910.jpg',
]) as [Sample, Sample, Sample, Sample, Sample];
const uploaded = [first, second, third];
/** The asset to open and search for: the first uploaded sample that has a title. */
const target = uploaded.find((s) => s.title !== undefined) ?? second;
const keyword = distinctiveKeyword(
  target,
  uploaded.filter((s) => s !== target),
);

async function openFirstArchive(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/fotoweb\/archives\/$/);
  const tile = page.getByTestId('collection-tile').first();
  await expect(tile).toBeVisible();
  const name = (await tile.getByRole('link').innerText()).trim();
  await tile.getByRole('link').click();
  await expect(page.getByTestId('collection-name')).toHaveText(name);
  return name;
}

function thumbnail(page: Page, sample: Sample) {
  return page.getByTestId('asset-thumbnail').filter({ hasText: sample.name });
}

test('log in, upload three photos, open one and find it again by keyword', async ({ page, credentials }) => {
  // Without a session the archives list is the guests' (issue 12); its "Log in" link goes to the login view.
  await page.goto('/fotoweb/archives/');
  await page.getByTestId('guest-login').click();
  await expect(page).toHaveURL(/\/fotoweb\/views\/login/);
  await expect(page.getByTestId('login-view')).toBeVisible();
  await expectAccessible(page, undefined, 'login view');

  await logIn(page, credentials);
  const archiveName = await openFirstArchive(page);

  // Upload through the popover.
  await page.getByTestId('upload-button').click();
  const popover = page.getByTestId('upload-popover');
  await expect(popover).toBeVisible();
  await expect(popover.getByRole('heading', { name: `Upload to ${archiveName}` }).or(popover.getByText(`Upload to ${archiveName}`))).toBeVisible();
  await popover.getByTestId('upload-file-input').setInputFiles(uploaded.map((s) => s.file));
  const rows = popover.getByTestId('upload-file-row');
  await expect(rows).toHaveCount(3);
  for (const sample of uploaded) {
    await expect(rows.filter({ hasText: sample.name })).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  }
  await expect(popover.getByTestId('upload-close')).toBeEnabled();
  await popover.getByTestId('upload-close').click();
  await expect(popover).toBeHidden();

  // The collection refreshed: each new thumbnail is there and its image decoded.
  for (const sample of uploaded) {
    const img = thumbnail(page, sample).locator('img');
    await expect(img).toBeVisible();
    await expect(img).toHaveAttribute('alt', sample.title ?? sample.name);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  }
  await expect(page.getByTestId('collection-count')).toContainText(/\d+ assets?/);
  await expectAccessible(page, undefined, 'collection view');

  // Open the target: its title and keywords as the manifest says.
  await thumbnail(page, target).click();
  await expect(page).toHaveURL(/\.info$/);
  await expect(page.getByTestId('asset-title')).toHaveText(target.title ?? target.name);
  const tags = page.getByTestId('keyword');
  for (const k of target.keywords) await expect(tags.filter({ hasText: k }).first()).toBeVisible();
  await expect(page.getByTestId('asset-download')).toHaveAttribute('href', /__renditions\/ORIGINAL$/);
  await expect
    .poll(() =>
      page
        .getByTestId('asset-preview')
        .locator('img')
        .evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth),
    )
    .toBeGreaterThan(0);
  await expectAccessible(page, undefined, 'asset view');

  // Esc goes back to the collection.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('collection-view')).toBeVisible();

  // `/` focuses the header search; the keyword finds the target and not the others.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('/');
  const search = page.getByTestId('header-search');
  await expect(search).toBeFocused();
  await search.fill(keyword);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(keyword)}$`));
  await expect(thumbnail(page, target)).toBeVisible();
  for (const other of uploaded.filter((s) => s !== target)) await expect(thumbnail(page, other)).toHaveCount(0);
  await expect(page.getByTestId('collection-count')).toContainText(keyword);

  // An empty search clears it.
  await search.fill('');
  await search.press('Enter');
  await expect(page).not.toHaveURL(/\?q=/);
  for (const sample of uploaded) await expect(thumbnail(page, sample)).toBeVisible();

  // From the archives list the header search looks across archives and opens the one with hits (spec 02 §2).
  await page.getByTestId('logo-link').click();
  await expect(page.getByTestId('archives-view')).toBeVisible();
  await search.fill(keyword);
  await search.press('Enter');
  await expect(page.getByTestId('collection-name')).toHaveText(archiveName);
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(keyword)}$`));
  await expect(thumbnail(page, target)).toBeVisible();
});

test('the popover cannot be closed while a file uploads, and a failed file can be retried', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await openFirstArchive(page);

  // Hold the first chunk request open until the test lets it go.
  const held: Route[] = [];
  let chunkArrived!: () => void;
  const arrived = new Promise<void>((resolve) => (chunkArrived = resolve));
  const chunks = '**/fotoweb/api/uploads/*/chunks/*';
  await page.route(chunks, async (route) => {
    held.push(route);
    chunkArrived();
  });

  await page.keyboard.press('u');
  const popover = page.getByTestId('upload-popover');
  await expect(popover).toBeVisible();
  await popover.getByTestId('upload-file-input').setInputFiles(fourth.file);
  await arrived;
  const row = popover.getByTestId('upload-file-row').filter({ hasText: fourth.name });
  await expect(row).toHaveAttribute('data-status', 'uploading');

  // Cannot close: the button is disabled, and Esc and outside clicks are ignored.
  await expect(popover.getByTestId('upload-close')).toBeDisabled();
  await page.keyboard.press('Escape');
  await page.mouse.click(10, 500);
  await expect(popover).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'uploading');

  // Let the held chunk fail: the file fails with a Retry link (spec 01 §8).
  for (const route of held) await route.abort('connectionreset');
  await page.unroute(chunks);
  await expect(row).toHaveAttribute('data-status', 'failed');
  await expect(popover.getByTestId('upload-close')).toBeEnabled();
  const retry = row.getByTestId('upload-retry');
  await expect(retry).toBeVisible();

  // Retry uploads it for real.
  await retry.click();
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await popover.getByTestId('upload-close').click();
  await expect(popover).toBeHidden();
  await expect(thumbnail(page, fourth)).toBeVisible();
});

test('files dropped on the popover upload too', async ({ page, credentials }) => {
  await page.goto('/fotoweb/archives/');
  await logIn(page, credentials);
  await openFirstArchive(page);
  await page.getByTestId('upload-button').click();
  const popover = page.getByTestId('upload-popover');
  await expect(popover.getByTestId('upload-destination')).toBeVisible();

  const bytes = readFileSync(fifth.file).toString('base64');
  await popover.getByTestId('upload-dropzone').evaluate(
    (zone, { name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'image/jpeg' }));
      zone.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: transfer }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    },
    { name: fifth.name, base64: bytes },
  );
  const row = popover.getByTestId('upload-file-row').filter({ hasText: fifth.name });
  await expect(row).toHaveAttribute('data-status', 'done', { timeout: 90_000 });

  // Idle again: Esc closes the popover, and the new thumbnail is in the grid.
  await page.keyboard.press('Escape');
  await expect(popover).toBeHidden();
  await expect(thumbnail(page, fifth)).toBeVisible();
});
