/** Preview images (`/fotoweb/cache/previews/…`, Preview permission). */
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

describe('previews', () => {
  let assetUrl: string;

  beforeAll(async () => {
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
    expect(status).toMatchObject({ status: 'done', error: null });
    assetUrl = status.result!.assetUrl;
  });

  it('serves previews as JPEG', async () => {
    const asset = (await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) })).json();
    const res = await sut.app.inject({ method: 'GET', url: asset.previews[0].href, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});
