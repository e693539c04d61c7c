/**
 * Previews for every common format (issue 16) on the real stack in Chromium: an iPhone-style HEIC photo, a video
 * shot upright on a phone, a four-page PDF and an MP3 go through the upload popover; each tile shows a real preview
 * (the video's poster upright, the sound file's waveform); the video plays in the asset view from its web copy and
 * seeks; the asset view lists the video's duration and codec and the PDF's page count, and pages through the PDF.
 * The screens pass axe.
 *
 * The files are this spec's own copies with a unique tail (metadataAssets.ts `uniqueFile`), so no other spec's
 * uploads collide with them.
 */
import type { Locator } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures.ts';
import { keepSession, openSignedIn } from './model/signIn.ts';
import { openFirstArchive, uniqueFile, uploadToCollection } from './metadataAssets.ts';

test.afterEach(async ({ page }) => keepSession(page));

/** The natural size of a tile's preview image once it has loaded (0×0 while it has not). */
async function loadedImage(tile: Locator): Promise<{ width: number; height: number }> {
  const image = tile.locator('img').first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

test('a HEIC photo, a video, a PDF and a sound file show previews, and the asset view lists their facts (issue 16)', async ({ page, credentials }) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const files = {
    heic: uniqueFile('formats/heic/cheers_1440x960.heic', `heic-${run}`, 'image/heic'),
    video: uniqueFile('formats/video/Apple_iPhone_6_with_gps.mov', `video-${run}`, 'video/quicktime'),
    pdf: uniqueFile('formats/pdf/pdflatex-4-pages.pdf', `pdf-${run}`, 'application/pdf'),
    sound: uniqueFile('formats/audio/chirp-1.mp3', `sound-${run}`, 'audio/mpeg'),
  };
  await openSignedIn(page, credentials);
  await openFirstArchive(page);
  const [heicHref, videoHref, pdfHref] = await uploadToCollection(page, [files.heic, files.video, files.pdf, files.sound]);

  const tile = (name: string) => page.getByTestId('asset-thumbnail').filter({ hasText: name }).first();
  for (const file of Object.values(files)) await expect(tile(file.name).getByTestId('asset-placeholder'), file.name).toHaveCount(0);
  // The HEIC is 1440×960: a landscape preview.
  const heic = await loadedImage(tile(files.heic.name));
  expect(heic.width).toBeGreaterThan(heic.height);
  // The phone stored the video 568×320 with a 90° rotation: its poster stands upright.
  const poster = await loadedImage(tile(files.video.name));
  expect(poster.height).toBeGreaterThan(poster.width);
  // A PDF page is portrait; a waveform is wide.
  const page1 = await loadedImage(tile(files.pdf.name));
  expect(page1.height).toBeGreaterThan(page1.width);
  const waveform = await loadedImage(tile(files.sound.name));
  expect(waveform.width).toBeGreaterThan(waveform.height * 2);
  await expectAccessible(page, '[data-testid="asset-grid"]', 'grid of previews');
  // A tile dragged out of the page carries the asset's drop link: its href with the user and a MAC (dropHREF).
  const carried = await tile(files.heic.name).evaluate((link) => {
    const transfer = new DataTransfer();
    link.dispatchEvent(new DragEvent('dragstart', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    return transfer.getData('text/uri-list');
  });
  const { dropHREF } = (await (await page.request.get(heicHref!, { headers: { Accept: 'application/json' } })).json()) as { dropHREF: string };
  expect(dropHREF.startsWith(`${heicHref}#u=`)).toBe(true);
  expect(carried).toBe(new URL(dropHREF, page.url()).href);

  // The video's facts in the asset view.
  await page.goto(videoHref!);
  const facts = page.getByTestId('asset-metadata');
  await expect(facts).toContainText('Duration0:04');
  await expect(facts).toContainText('Video codecavc1');
  await expect(facts).toContainText('Audiomp4a, 44.1 kHz, mono');
  // It plays in the browser once the background job made its web copy (the page waits for it), and seeks.
  const video = page.getByTestId('asset-video');
  await expect(video).toBeVisible({ timeout: 90_000 });
  await expect(video).toHaveAttribute('poster', /\/fotoweb\/cache\/previews\//);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => Math.round(v.duration))).toBe(4);
  const seekedTo = await video.evaluate(
    (v: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        v.addEventListener('seeked', () => resolve(v.currentTime), { once: true });
        v.addEventListener('error', () => reject(new Error(v.error?.message ?? 'media error')), { once: true });
        v.currentTime = 2;
      }),
  );
  expect(seekedTo).toBeCloseTo(2, 0);
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(2.3);
  await expectAccessible(page, '[data-testid="asset-view"]', 'asset view of a video');

  // The PDF's page count, and its pages one at a time.
  await page.goto(pdfHref!);
  await expect(facts).toContainText('Pages4');
  const pager = page.getByTestId('document-pager');
  await expect(page.getByTestId('document-page-label')).toHaveText('Page 1 of 4');
  await expect(page.getByTestId('document-page-previous')).toBeDisabled();
  const pageImage = pager.getByTestId('document-page');
  await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.getByTestId('document-page-next').click();
  await expect(page.getByTestId('document-page-label')).toHaveText('Page 2 of 4');
  await expect(pageImage).toHaveAttribute('src', /\/fotoweb\/cache\/pages\/\d+\/2\.[0-9a-z]+\.jpg$/);
  await expect.poll(() => pageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 30_000 }).toBe(true);
  expect(await pageImage.evaluate((img: HTMLImageElement) => img.naturalHeight > img.naturalWidth)).toBe(true);
  await expectAccessible(page, '[data-testid="asset-view"]', 'asset view of a PDF');

  // The HEIC's pixel size.
  await page.goto(heicHref!);
  await expect(facts).toContainText('Pixel size1440 × 960 px');
  await expect(page.getByTestId('asset-preview').locator('img')).toBeVisible();
});
