/**
 * An archive's download processing (issue 16; spec 03 §3.8 `DownloadProcessing`): with a specific processing profile,
 * every download of the archive's images gives the profile's image, on the test DAM with real samples.
 */
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadCreated } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor } from '../../testing/requests.ts';
import { unzip } from '../../testing/zip.ts';

let sut: TestDam;
const { call, post } = requestsFor(() => sut);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const CONFIG = '/fotoweb/api/config/archives';
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');
const PDF = path.join(SAMPLES_DIR, 'formats/pdf/pdflatex-4-pages.pdf');
const HEIC = path.join(SAMPLES_DIR, 'formats/heic/Apple_iPhone_11_Pro.HEIC');

let archiveHref: string;
let photoUrl: string;
let pdfUrl: string;
let profileId: string;

/** The archive's configuration with its download processing set to `processing`. */
async function setProcessing(processing: { ProcessingType: 0 | 1 | 2; SpecificProcessingProfile?: string | null }) {
  const stored = (await call('GET', archiveHref)).json();
  return call('PUT', archiveHref, { ...stored, DownloadProcessing: { CustomProcessingProfileSet: null, SpecificProcessingProfile: null, ...processing } });
}

function get(url: string, token = sut.adminToken) {
  return sut.app.inject({ method: 'GET', url, headers: bearer(token) });
}

beforeAll(async () => {
  sut = await createTestDam();
  const created = await call('POST', CONFIG, {
    Name: 'Processed',
    MetadataSetId: (await call('GET', `${CONFIG}/5000`)).json().MetadataSetId,
    Pool: 'default',
    Path: null,
    MemberList: [],
  });
  expect(created.statusCode, created.body).toBe(201);
  archiveHref = `${CONFIG}/${created.json().Id}`;
  const archiveUrl = `/fotoweb/archives/${created.json().Id}-Processed/`;
  photoUrl = (await sut.upload(sut.adminToken, archiveUrl, PHOTO)).result!.assetUrl;
  pdfUrl = (await sut.upload(sut.adminToken, archiveUrl, PDF)).result!.assetUrl;
  const profile = await post('/fotoweb/api/processing-profiles', { name: 'Small PNG', size: 300, format: 'png', quality: 90 });
  expect(profile.statusCode).toBe(201);
  profileId = profile.json().id;
});
afterAll(async () => {
  await sut?.close();
});

describe('an archive’s download processing', () => {
  it('offers the processing profiles to the archive dialog and saves a profile that exists, refusing one that does not', async () => {
    const listed = await call('GET', '/fotoweb/api/config/processingprofiles');
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toContainEqual({ Id: profileId, Name: 'Small PNG' });
    expect((await call('GET', '/fotoweb/api/config/watermarks')).json()).toEqual({ data: [] });

    const unknown = await setProcessing({ ProcessingType: 1, SpecificProcessingProfile: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().value).toBe('processing_profile_invalid');
    const saved = await setProcessing({ ProcessingType: 1, SpecificProcessingProfile: profileId });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().DownloadProcessing).toEqual({ ProcessingType: 1, SpecificProcessingProfile: profileId, CustomProcessingProfileSet: null });
  });

  it('gives the profile’s image for the ORIGINAL, in ZIPs and from the rendition service; other files as stored', async () => {
    await setProcessing({ ProcessingType: 1, SpecificProcessingProfile: profileId });
    const original = await get(`${photoUrl}/__renditions/ORIGINAL`);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['content-disposition']).toContain('Bush-dog.png');
    const meta = await sharp(original.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width, meta.height)).toBe(300);
    // Made once per stored version: the second download serves the same bytes.
    expect(sha256((await get(`${photoUrl}/__renditions/ORIGINAL`)).rawPayload)).toBe(sha256(original.rawPayload));

    const zip = (await post('/fotoweb/me/downloads/', { assets: [{ href: photoUrl }, { href: pdfUrl }] })).json() as DownloadCreated;
    const zipped = await get(zip.href);
    expect(zipped.rawPayload.length).toBe(zip.size);
    const files = await unzip(zipped.rawPayload);
    expect([...files.keys()]).toEqual(['Bush-dog.png', 'pdflatex-4-pages.pdf']);
    expect(sha256(files.get('Bush-dog.png')!)).toBe(sha256(original.rawPayload));
    expect(sha256(files.get('pdflatex-4-pages.pdf')!)).toBe(sha256(await fsp.readFile(PDF)));

    const asked = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/services/renditions',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/vnd.fotoware.rendition-request+json' },
      payload: JSON.stringify({ href: `${photoUrl}/__renditions/ORIGINAL` }),
    });
    expect(asked.statusCode).toBe(202);
    const href = asked.json().href as string;
    expect(href).toMatch(/\/Bush-dog\.png$/);
    let made = await get(href);
    for (let attempt = 0; made.statusCode === 202 && attempt < 50; attempt++) {
      await sut.ctx.worker.drain();
      made = await get(href);
    }
    expect(made.statusCode).toBe(200);
    expect((await sharp(made.rawPayload).metadata()).format).toBe('png');
    // A size or format asked for is served as asked, not through the archive's profile.
    const sized = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/services/renditions',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/vnd.fotoware.rendition-request+json' },
      payload: JSON.stringify({ href: `${photoUrl}/__renditions/ORIGINAL`, size: 100, format: 'jpg' }),
    });
    expect(sized.json().href).toMatch(/\/Bush-dog\.jpg$/);

    const pdf = await get(`${pdfUrl}/__renditions/ORIGINAL`);
    expect(sha256(pdf.rawPayload)).toBe(sha256(await fsp.readFile(PDF)));
  });

  it('converts what the converter cannot read itself (a phone’s HEIC) from its largest preview', async () => {
    await setProcessing({ ProcessingType: 1, SpecificProcessingProfile: profileId });
    const archiveUrl = photoUrl.slice(0, photoUrl.lastIndexOf('/') + 1);
    const heic = (await sut.upload(sut.adminToken, archiveUrl, HEIC)).result!.assetUrl;
    const original = await get(`${heic}/__renditions/ORIGINAL`);
    expect(original.statusCode, original.body.slice(0, 200)).toBe(200);
    expect(original.headers['content-disposition']).toContain('Apple_iPhone_11_Pro.png');
    const meta = await sharp(original.rawPayload).metadata();
    expect([meta.format, Math.max(meta.width, meta.height)]).toEqual(['png', 300]);
    // The profile's own rendition too (the rendition service's job).
    const rendition = await get(`${heic}/__renditions/${profileId}`);
    expect(rendition.statusCode).toBe(200);
    expect((await sharp(rendition.rawPayload).metadata()).format).toBe('png');
  });

  it('keeps a profile an archive uses from being deleted (409), and gives originals again once the archive stops', async () => {
    await setProcessing({ ProcessingType: 1, SpecificProcessingProfile: profileId });
    const refused = await call('DELETE', `/fotoweb/api/processing-profiles/${profileId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ value: 'ProcessingProfileInUse', message: expect.stringContaining('“Processed”') });
    expect((await call('GET', '/fotoweb/api/config/processingprofiles')).json().data).toContainEqual({ Id: profileId, Name: 'Small PNG' });

    expect((await setProcessing({ ProcessingType: 0 })).statusCode).toBe(200);
    const original = await get(`${photoUrl}/__renditions/ORIGINAL`);
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(sha256(original.rawPayload)).toBe(sha256(await fsp.readFile(PHOTO)));
    expect((await call('DELETE', `/fotoweb/api/processing-profiles/${profileId}`)).statusCode).toBe(204);
  });
});
