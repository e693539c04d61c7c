/** Assets: the `.info` representation and the original rendition (fotoweb-api-notes §3.3). */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('GET <asset>.info and its original rendition', () => {
  let assetUrl: string;

  beforeAll(async () => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
    expect(status).toMatchObject({ status: 'done', error: null });
    assetUrl = status.result!.assetUrl;
  });

  it('serves the asset in FotoWeb shape', async () => {
    const res = await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    const asset = res.json();
    expect(asset).toMatchObject({ href: assetUrl, filename: 'Bush-dog.jpg', doctype: 'image', archiveId: 5000 });
    expect(asset.previews.map((p: { size: number }) => p.size)).toEqual(expect.arrayContaining([100, 200, 400, 800]));
    expect(asset.renditions[0].href).toBe(`${assetUrl}/__renditions/ORIGINAL`);
    expect(asset.attributes.imageattributes.pixelwidth).toBeGreaterThan(0);
    expect(asset.builtinFields.map((f: { field: string }) => f.field)).toEqual(['title', 'description', 'tags', 'status', 'rating', 'notes']);
  });

  it('streams the original and ranges of it', async () => {
    const full = await sut.app.inject({ method: 'GET', url: `${assetUrl}/__renditions/ORIGINAL`, headers: bearer(sut.adminToken) });
    expect(full.statusCode).toBe(200);
    const { readFile } = await import('node:fs/promises');
    expect(full.rawPayload.equals(await readFile(PHOTO))).toBe(true);
    const part = await sut.app.inject({ method: 'GET', url: `${assetUrl}/__renditions/ORIGINAL`, headers: { ...bearer(sut.adminToken), range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(10);
  });
});
