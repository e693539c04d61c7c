/**
 * A folder of its own for the pins end-to-end tests (pins.spec.ts, model/pins.model.spec.ts): photos uploaded through
 * the Upload API (as the signed-in user of the page, with the CSRF header) into `pins-<tag>/` of the first archive
 * the user may upload to, and one into `pins-<tag>/inner/`, so the folder view shows a folder tile and asset tiles.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { csrfHeader, uniquePhoto, type UploadFile } from './metadataAssets.ts';

/** What {@link pinsFolder} made: the folder's href, its sub-folder's, and the assets' hrefs. */
export interface PinsFolder {
  readonly href: string;
  readonly innerHref: string;
  readonly assets: readonly string[];
}

/** Uploads `file` into `folder` of `destination` through the Upload API and answers the new asset's href. */
export async function uploadInto(page: Page, destination: string, folder: string, file: UploadFile): Promise<string> {
  const headers = await csrfHeader(page);
  const created = await page.request.post('/fotoweb/api/uploads', { headers, data: { destination, filename: file.name, fileSize: file.buffer.length, folder } });
  expect(created.status(), await created.text()).toBe(200);
  const { id, chunkSize, numChunks } = (await created.json()) as { id: string; chunkSize: number; numChunks: number };
  for (let index = 0; index < numChunks; index++) {
    const chunk = file.buffer.subarray(index * chunkSize, (index + 1) * chunkSize);
    const sent = await page.request.post(`/fotoweb/api/uploads/${id}/chunks/${index}`, {
      headers,
      multipart: { chunk: { name: 'chunk', mimeType: 'application/octet-stream', buffer: chunk } },
    });
    expect(sent.status(), await sent.text()).toBe(204);
  }
  let assetUrl: string | undefined;
  await expect
    .poll(
      async () => {
        const status = (await (await page.request.get(`/fotoweb/api/uploads/${id}/status`, { headers: { Accept: 'application/json' } })).json()) as {
          status: string;
          result: { assetUrl: string } | null;
        };
        assetUrl = status.result?.assetUrl;
        return status.status;
      },
      { timeout: 60_000, message: `the upload of ${file.name} is ingested` },
    )
    .toBe('done');
  return assetUrl!;
}

/** Makes `pins-<tag>/` with two photos and `pins-<tag>/inner/` with one (see the module comment). */
export async function pinsFolder(page: Page, tag = randomBytes(3).toString('hex')): Promise<PinsFolder> {
  const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
  const archive = targets.data[0]!.href;
  const folder = `pins-${tag}`;
  const assets = [await uploadInto(page, archive, folder, uniquePhoto(`pin-a-${tag}`)), await uploadInto(page, archive, folder, uniquePhoto(`pin-b-${tag}`))];
  await uploadInto(page, archive, `${folder}/inner`, uniquePhoto(`pin-c-${tag}`));
  return { href: `${archive}${folder}/`, innerHref: `${archive}${folder}/inner/`, assets };
}
