/**
 * Watermarks (issue 16): administrators keep them; an archive chooses one; processing profiles that apply the
 * archive's watermark stamp it on their renditions and on the archive's processed downloads. On the test DAM with a
 * real photo, read back pixel by pixel with sharp.
 */
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';

let sut: TestDam;
const { call, post } = requestsFor(() => sut);
const WATERMARKS = '/fotoweb/api/watermarks';
const CONFIG = '/fotoweb/api/config/archives';
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');

let archiveHref: string;
let photoUrl: string;
/** A profile that stamps the archive's watermark, and one that does not (both 400 px PNGs). */
let stamping: { id: string };
let plain: { id: string };

/** A `width` × `height` PNG of one colour, as base64. */
async function solidPng(width: number, height: number, colour: string): Promise<string> {
  return (
    await sharp({ create: { width, height, channels: 4, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64');
}

/** The RGB of the pixel at (x, y) of an image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

/** Sets the archive's watermark and download processing. */
async function configure(watermarkId: string | null, profileId: string | null) {
  const stored = (await call('GET', archiveHref)).json();
  return call('PUT', archiveHref, {
    ...stored,
    Renditions: { ...stored.Renditions, WatermarkId: watermarkId },
    DownloadProcessing: { ProcessingType: profileId ? 1 : 0, SpecificProcessingProfile: profileId, CustomProcessingProfileSet: null },
  });
}

function get(url: string) {
  return sut.app.inject({ method: 'GET', url, headers: bearer(sut.adminToken) });
}

beforeAll(async () => {
  sut = await createTestDam();
  const photos = (await call('GET', `${CONFIG}/5000`)).json();
  const created = await call('POST', CONFIG, { Name: 'Stamped', MetadataSetId: photos.MetadataSetId, Pool: 'default', Path: null, MemberList: [] });
  expect(created.statusCode, created.body).toBe(201);
  archiveHref = `${CONFIG}/${created.json().Id}`;
  photoUrl = (await sut.upload(sut.adminToken, `/fotoweb/archives/${created.json().Id}-Stamped/`, PHOTO)).result!.assetUrl;
  stamping = (await post('/fotoweb/api/processing-profiles', { name: 'Stamped 400', size: 400, format: 'png', quality: 90, watermark: true })).json();
  plain = (await post('/fotoweb/api/processing-profiles', { name: 'Plain 400', size: 400, format: 'png', quality: 90 })).json();
});
afterAll(async () => {
  await sut?.close();
});

describe('watermarks', () => {
  it('are created from an image, listed, served and refused with the reason', async () => {
    const created = await post(WATERMARKS, { name: 'Red bar', position: 'center', opacity: 100, scale: 50, image: `data:image/png;base64,${await solidPng(200, 100, '#ff0000')}` });
    expect(created.statusCode, created.body).toBe(201);
    const watermark = created.json();
    expect(watermark).toMatchObject({ name: 'Red bar', position: 'center', opacity: 100, scale: 50, width: 200, height: 100 });
    expect(created.headers.location).toBe(watermark.href);
    expect((await call('GET', WATERMARKS)).json().data).toContainEqual(watermark);
    expect((await call('GET', '/fotoweb/api/config/watermarks')).json().data).toContainEqual({ Id: watermark.id, Name: 'Red bar' });
    const image = await get(watermark.imageHref);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 200, height: 100 });

    const refusals: Array<[unknown, number, RegExp]> = [
      [{ name: 'No image', position: 'center', opacity: 50, scale: 20 }, 400, /image/],
      [{ name: 'Text', position: 'center', opacity: 50, scale: 20, image: Buffer.from('not an image').toString('base64') }, 400, /PNG, JPEG or WebP/],
      [{ name: 'Not base64', position: 'center', opacity: 50, scale: 20, image: '***' }, 400, /base64/],
      [{ name: 'Too wide', position: 'center', opacity: 50, scale: 20, image: await solidPng(4001, 1, '#000') }, 400, /4000 px/],
      [{ name: 'red BAR', position: 'center', opacity: 50, scale: 20, image: await solidPng(2, 2, '#000') }, 409, /exists already/],
      [{ name: 'Faint', position: 'middle', opacity: 0, scale: 20, image: await solidPng(2, 2, '#000') }, 400, /./],
    ];
    for (const [body, status, message] of refusals) {
      const res = await post(WATERMARKS, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('GET', WATERMARKS)).json().data.map((w: { name: string }) => w.name)).toEqual(['Red bar']);
    expect((await get(`${WATERMARKS}/00000000-0000-4000-8000-000000000000/image`)).statusCode).toBe(404);
  });

  it('are stamped by profiles that apply the archive’s watermark, on renditions and processed downloads, and follow a change', async () => {
    const watermark = (await call('GET', WATERMARKS)).json().data.find((w: { name: string }) => w.name === 'Red bar');
    expect((await configure('00000000-0000-4000-8000-000000000000', null)).json().value).toBe('setting_invalid');
    const saved = await configure(watermark.id, stamping.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Renditions.WatermarkId).toBe(watermark.id);

    // The processed download: 400 px wide, a 200 px red bar in the middle (opacity 100 %, scale 50 %).
    const download = await get(`${photoUrl}/__renditions/ORIGINAL`);
    expect(download.statusCode).toBe(200);
    const meta = await sharp(download.rawPayload).metadata();
    expect(meta.width).toBe(400);
    expect(await pixel(download.rawPayload, 200, Math.floor(meta.height / 2))).toEqual([255, 0, 0]);
    expect(await pixel(download.rawPayload, 5, 5)).not.toEqual([255, 0, 0]);

    // The profile's rendition is stamped too; the plain profile's is not.
    const stamped = await get(`${photoUrl}/__renditions/${stamping.id}`);
    expect(await pixel(stamped.rawPayload, 200, Math.floor(meta.height / 2))).toEqual([255, 0, 0]);
    const unstamped = await get(`${photoUrl}/__renditions/${plain.id}`);
    expect(await pixel(unstamped.rawPayload, 200, Math.floor(meta.height / 2))).not.toEqual([255, 0, 0]);

    // Moved to the top left at half opacity: new files, the bar blended there and gone from the middle.
    const moved = await call('PUT', watermark.href, { name: 'Red bar', position: 'top-left', opacity: 50, scale: 25 });
    expect(moved.statusCode, moved.body).toBe(200);
    const again = await get(`${photoUrl}/__renditions/ORIGINAL`);
    const [r, g, b] = await pixel(again.rawPayload, 20, 20);
    expect(r).toBeGreaterThan(120);
    expect(r).toBeLessThan(255);
    expect(r - Math.max(g, b)).toBeGreaterThan(60);
    expect(await pixel(again.rawPayload, 200, Math.floor(meta.height / 2))).toEqual(await pixel(unstamped.rawPayload, 200, Math.floor(meta.height / 2)));
    const restamped = await get(`${photoUrl}/__renditions/${stamping.id}`);
    expect(await pixel(restamped.rawPayload, 20, 20)).toEqual([r, g, b]);
  });

  it('cannot be deleted while an archive uses it (409); then goes with its image', async () => {
    const watermark = (await call('GET', WATERMARKS)).json().data.find((w: { name: string }) => w.name === 'Red bar');
    await configure(watermark.id, stamping.id);
    const refused = await call('DELETE', watermark.href);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ value: 'WatermarkInUse', message: expect.stringContaining('“Stamped”') });
    await configure(null, stamping.id);
    // An archive without a watermark: the stamping profile gives the image unstamped.
    const unstamped = await get(`${photoUrl}/__renditions/ORIGINAL`);
    expect(await pixel(unstamped.rawPayload, 20, 20)).toEqual(await pixel((await get(`${photoUrl}/__renditions/${plain.id}`)).rawPayload, 20, 20));
    expect((await call('DELETE', watermark.href)).statusCode).toBe(204);
    expect((await get(watermark.imageHref)).statusCode).toBe(404);
    expect((await call('GET', WATERMARKS)).json().data).toEqual([]);
    expect((await call('DELETE', watermark.href)).statusCode).toBe(404);
  });
});
