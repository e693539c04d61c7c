import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

/**
 * Pages of a PDF as images for the asset view's pager (issue 16: "the asset view pages through the document"): the
 * asset names them, each page is drawn on first request and kept, pages outside the document find nothing. Who may
 * ask (Preview) is a row of the authorization matrix.
 */
let sut: TestDam;
let asset: Record<string, any>;
const bearer = () => ({ authorization: `Bearer ${sut.adminToken}` });

beforeAll(async () => {
  sut = await createTestDam();
  const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'formats/pdf/pdflatex-4-pages.pdf'), { folder: 'pages' });
  expect(status.status).toBe('done');
  asset = (await sut.app.inject({ method: 'GET', url: status.result!.assetUrl, headers: { ...bearer(), accept: 'application/vnd.fotoware.asset+json' } })).json();
}, 120_000);
afterAll(async () => {
  await sut?.close();
});

const pageUrl = (page: number | string) => (asset.documentPages.href as string).replace('{page}', String(page));

describe('document pages (issue 16)', () => {
  it('names the pages of a PDF in the asset', () => {
    expect(asset.documentPages).toEqual({ count: 4, href: expect.stringMatching(new RegExp(`^/fotoweb/cache/pages/${asset.uniqueid}/\\{page\\}\\.[0-9a-z]+\\.jpg$`)) });
    expect(asset.attributes.documentattributes).toEqual({ pageCount: 4 });
  });

  it('draws a page as a JPEG of at most 1600 px, different from the other pages, and keeps it', async () => {
    const third = await sut.app.inject({ method: 'GET', url: pageUrl(3), headers: bearer() });
    expect(third.statusCode).toBe(200);
    expect(third.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(third.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect(meta.height!).toBeGreaterThan(meta.width!);
    const first = await sut.app.inject({ method: 'GET', url: pageUrl(1), headers: bearer() });
    expect(first.rawPayload.equals(third.rawPayload)).toBe(false);
    // Kept: the same bytes again, from the store.
    const again = await sut.app.inject({ method: 'GET', url: pageUrl(3), headers: bearer() });
    expect(again.rawPayload.equals(third.rawPayload)).toBe(true);
    const row = (await sut.ctx.repos.assets.findById(Number(asset.uniqueid)))!;
    expect(await sut.ctx.files.list(path.posix.dirname(row.previews[0]!.file))).toEqual(expect.arrayContaining(['page-1.jpg', 'page-3.jpg']));
  });

  it('finds nothing outside the document, under another version, or for a photo', async () => {
    for (const page of [0, 5, 'x', '-1']) {
      const res = await sut.app.inject({ method: 'GET', url: pageUrl(page), headers: bearer() });
      expect(res.statusCode, String(page)).toBe(404);
      expect(res.json().value).toBe('NotFound');
    }
    const stale = await sut.app.inject({ method: 'GET', url: `/fotoweb/cache/pages/${asset.uniqueid}/1.0.jpg`, headers: bearer() });
    expect(stale.statusCode).toBe(404);
    const photo = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'formats/png/sampleWithExifData.png'), { folder: 'pages' });
    const photoAsset = (await sut.app.inject({ method: 'GET', url: photo.result!.assetUrl, headers: { ...bearer(), accept: 'application/vnd.fotoware.asset+json' } })).json();
    expect(photoAsset.documentPages).toBeUndefined();
  });
});
