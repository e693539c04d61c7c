/**
 * Assets of their own for the metadata end-to-end tests (metadata.spec.ts, model/fieldEditor.model.spec.ts): a small
 * sample photo without keywords or title (from manifest.json), made unique by bytes after the JPEG's end-of-image
 * marker (decoders and ExifTool ignore them), so other specs' uploads of the same photo are never duplicates and
 * their searches never find these assets.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { SAMPLES_DIR } from './samples.ts';

/** A file as `setInputFiles` takes it. */
export interface UploadFile {
  readonly name: string;
  readonly mimeType: string;
  readonly buffer: Buffer;
}

interface ManifestEntry {
  readonly path: string;
  readonly bytes: number;
  readonly mime: string;
  readonly bad_input: boolean;
  readonly exiftool: { readonly Keywords?: { XMP?: unknown; IPTC?: unknown }; readonly Title?: { XMP?: unknown; IPTC?: unknown } } | null;
}

const isEmpty = (tag: { XMP?: unknown; IPTC?: unknown } | undefined) => !tag || (tag.XMP == null && tag.IPTC == null);

/** The base photo: the largest small JPEG in photos/ with neither keywords nor a title, under 64 KB. */
function basePhoto(): string {
  const manifest = JSON.parse(readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as ManifestEntry[];
  const candidates = manifest
    .filter((e) => e.path.startsWith('photos/') && e.mime === 'image/jpeg' && !e.bad_input && e.bytes < 64 * 1024)
    .filter((e) => e.exiftool !== null && isEmpty(e.exiftool.Keywords) && isEmpty(e.exiftool.Title))
    .sort((a, b) => b.bytes - a.bytes || a.path.localeCompare(b.path));
  const chosen = candidates[0];
  if (!chosen) throw new Error(`No small JPEG without keywords and title in ${SAMPLES_DIR}/photos`);
  return path.join(SAMPLES_DIR, chosen.path);
}

/** A unique photo named `magpie-e2e-<tag>.jpg` (see the module comment). */
export function uniquePhoto(tag: string): UploadFile {
  return uniqueFile(basePhoto(), tag, 'image/jpeg');
}

/**
 * A sample file (absolute path, or relative to the samples folder) made unique with trailing bytes, named
 * `magpie-e2e-<tag>.<its extension>`.
 */
export function uniqueFile(file: string, tag: string, mimeType: string): UploadFile {
  const bytes = readFileSync(path.resolve(SAMPLES_DIR, file));
  return {
    name: `magpie-e2e-${tag}${path.extname(file).toLowerCase()}`,
    mimeType,
    buffer: Buffer.concat([bytes, Buffer.from(`magpie-e2e-${tag}-${Date.now()}`)]),
  };
}

/**
 * Uploads `files` through the upload popover into the collection on screen, waits until each is ingested, closes the
 * popover and answers the new assets' hrefs in the order of `files`.
 */
export async function uploadToCollection(page: Page, files: readonly UploadFile[]): Promise<string[]> {
  await page.getByTestId('upload-button').click();
  const popover = page.getByTestId('upload-popover');
  await popover.getByTestId('upload-file-input').setInputFiles([...files]);
  for (const file of files) {
    await expect(popover.getByTestId('upload-file-row').filter({ hasText: file.name })).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  }
  await popover.getByTestId('upload-close').click();
  const hrefs: string[] = [];
  for (const file of files) {
    const tile = page.getByTestId('asset-thumbnail').filter({ hasText: file.name }).first();
    await expect(tile).toBeVisible({ timeout: 30_000 });
    hrefs.push((await tile.getAttribute('data-href')) ?? '');
  }
  return hrefs;
}

/** Opens the first archive (the e2e stack's) from the archives view and waits for its collection view. */
export async function openFirstArchive(page: Page): Promise<void> {
  await page.getByTestId('collection-tile').first().getByRole('link').click();
  await expect(page.getByTestId('collection-view')).toBeVisible();
}

/** The CSRF header of the page's session, for API calls through `page.request` (bff.yaml "CSRF"). */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'magpie_csrf');
  return cookie ? { 'X-CSRF-Token': cookie.value } : {};
}
