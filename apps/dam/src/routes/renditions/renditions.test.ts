/** FotoWeb's rendition service (issue 16, fotoweb-api-notes §6.3) and processing profiles, end to end on the test DAM. */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { RENDITION_TTL_MS } from '../../services/renditions.service.ts';
import type { Caller } from '../../policies/archive.policy.ts';
import { siteOwnerCaller } from '../../testing/callers.ts';

let sut: TestDam;
const PHOTO = path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg');
const PDF = path.join(SAMPLES_DIR, 'formats/pdf/pdflatex-4-pages.pdf');
const RENDITION_REQUEST = 'application/vnd.fotoware.rendition-request+json';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let photo: Asset;
let pdf: Asset;

async function getAsset(url: string): Promise<Asset> {
  return (await sut.app.inject({ method: 'GET', url, headers: bearer(sut.adminToken) })).json() as Asset;
}

function requestRendition(token: string, body: unknown, contentType = RENDITION_REQUEST): Promise<import('light-my-request').Response> {
  const options: InjectOptions = {
    method: 'POST',
    url: '/fotoweb/services/renditions',
    headers: { ...bearer(token), 'content-type': contentType, accept: 'application/vnd.fotoware.rendition-response+json' },
    payload: JSON.stringify(body),
  };
  return sut.app.inject(options);
}

/** Polls a rendition href until it answers something else than 202 (the worker runs meanwhile). */
async function fetchWhenReady(href: string, token = sut.adminToken) {
  for (let attempt = 0; attempt < 100; attempt++) {
    const res = await sut.app.inject({ method: 'GET', url: href, headers: bearer(token) });
    if (res.statusCode !== 202) return res;
    expect(res.headers['retry-after']).toBe('1');
    await sut.ctx.worker.drain();
  }
  throw new Error(`${href} stayed 202`);
}

beforeAll(async () => {
  sut = await createTestDam();
  const one = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
  expect(one).toMatchObject({ status: 'done', error: null });
  photo = await getAsset(one.result!.assetUrl);
  const two = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PDF);
  expect(two.status).toBe('done');
  pdf = await getAsset(two.result!.assetUrl);
});
afterAll(async () => {
  await sut?.close();
});

describe('the rendition service', () => {
  it('is advertised in the descriptor', async () => {
    const descriptor = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(sut.adminToken) })).json();
    expect(descriptor.services.rendition_request).toBe('/fotoweb/services/renditions');
  });

  it('answers 202 with the href of the ORIGINAL, which serves the uploaded file', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    expect(original.href).toMatch(/\.info\/__renditions\/ORIGINAL$/);
    const res = await requestRendition(sut.adminToken, { href: original.href });
    expect(res.statusCode).toBe(202);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.rendition-response+json');
    const { href } = res.json() as { href: string };
    expect(res.headers.location).toBe(href);
    expect(href).toMatch(/^\/fotoweb\/me\/background-tasks\/[A-Za-z0-9_-]+\/0\/Bush-dog\.jpg$/);
    const file = await fetchWhenReady(href);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.headers['content-disposition']).toContain('Bush-dog.jpg');
    expect(sha256(file.rawPayload)).toBe(sha256(fs.readFileSync(PHOTO)));
  });

  it('makes a 400 px JPEG in the background: 202 with Retry-After, then the image', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    const res = await requestRendition(sut.adminToken, { href: original.href, size: 400, format: 'jpg' });
    expect(res.statusCode).toBe(202);
    const { href } = res.json() as { href: string };
    // Nothing has run yet unless the worker was quicker than this request: then it is 200 at once.
    const first = await sut.app.inject({ method: 'GET', url: href, headers: bearer(sut.adminToken) });
    expect([200, 202]).toContain(first.statusCode);
    if (first.statusCode === 202) expect(first.json()).toEqual({ href });
    const file = await fetchWhenReady(href);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.max(meta.width, meta.height)).toBeLessThanOrEqual(400);
    expect(Math.max(meta.width, meta.height)).toBe(400);
  });

  it('converts to PNG, TIFF and WebP', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    for (const [format, expected] of [
      ['png', 'png'],
      ['tif', 'tiff'],
      ['webp', 'webp'],
    ] as const) {
      const { href } = (await requestRendition(sut.adminToken, { href: original.href, size: 120, format })).json() as { href: string };
      expect(href.endsWith(`.${format}`)).toBe(true);
      const file = await fetchWhenReady(href);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).format).toBe(expected);
    }
  });

  it('fits a width × height box when given instead of a size', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    const { href } = (await requestRendition(sut.adminToken, { href: original.href, width: 100, height: 40, format: 'png' })).json() as { href: string };
    const meta = await sharp((await fetchWhenReady(href)).rawPayload).metadata();
    expect(meta.width).toBeLessThanOrEqual(100);
    expect(meta.height).toBeLessThanOrEqual(40);
    expect(meta.width === 100 || meta.height === 40).toBe(true);
  });

  it('refuses bad bodies with 400 and FotoWeb’s error body; 415 for another content type', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    const bad = [
      {},
      { href: '' },
      { href: photo.href },
      { href: '/fotoweb/me/' },
      { href: original.href, size: 0 },
      { href: original.href, size: 20000 },
      { href: original.href, size: 1.5 },
      { href: original.href, format: 'gif' },
      { href: original.href.replace(/ORIGINAL$/, '00000000-0000-4000-8000-000000000000') },
      { href: original.href, profile: 'no-such-profile' },
    ];
    for (const body of bad) {
      const res = await requestRendition(sut.adminToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ value: 'InvalidRequest' });
    }
    expect((await requestRendition(sut.adminToken, { href: original.href }, 'text/plain')).statusCode).toBe(415);
    const missing = await requestRendition(sut.adminToken, { href: original.href.replace('Bush-dog.jpg', 'nothing.jpg') });
    expect(missing.statusCode).toBe(404);
  });

  it('converts images only: a PDF’s original is served, a size for it is 400', async () => {
    const original = pdf.renditions.find((r) => r.original)!;
    expect((await requestRendition(sut.adminToken, { href: original.href, size: 400 })).statusCode).toBe(400);
    const { href } = (await requestRendition(sut.adminToken, { href: original.href })).json() as { href: string };
    const file = await fetchWhenReady(href);
    expect(file.statusCode).toBe(200);
    expect(sha256(file.rawPayload)).toBe(sha256(fs.readFileSync(PDF)));
  });

  it('needs Download (403); the href is its requester’s only (404 for others)', async () => {
    // An archive of its own, whose access list gives only what this test sets (archive 5000 lets everyone download).
    const created = await sut.ctx.repos.archives.create({ name: 'Renditions' });
    const upload = await sut.upload(sut.adminToken, `/fotoweb/archives/${created.id}-Renditions/`, PHOTO);
    expect(upload.status).toBe('done');
    const guarded = await getAsset(upload.result!.assetUrl);
    const original = guarded.renditions.find((r) => r.original)!;
    const viewer = await sut.createMemberWith('rendition-viewer', []);
    await sut.ctx.repos.archives.setAcl(created.id, { principalType: 'group', principalId: viewer.groupId, permissions: ['View', 'Preview'] });
    const refused = await requestRendition(viewer.token, { href: original.href });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden' });
    const downloader = await sut.createMemberWith('rendition-downloader', []);
    await sut.ctx.repos.archives.setAcl(created.id, { principalType: 'group', principalId: downloader.groupId, permissions: ['View', 'Download'] });
    const res = await requestRendition(downloader.token, { href: original.href, size: 100 });
    expect(res.statusCode).toBe(202);
    const { href } = res.json() as { href: string };
    expect((await fetchWhenReady(href, downloader.token)).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: href, headers: bearer(viewer.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: href })).statusCode).toBe(401);
    // Download taken away since the request: the href no longer serves the file.
    await sut.ctx.repos.archives.setAcl(created.id, { principalType: 'group', principalId: downloader.groupId, permissions: ['View'] });
    const revoked = await sut.app.inject({ method: 'GET', url: href, headers: bearer(downloader.token) });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json()).toMatchObject({ value: 'Forbidden' });
  });

  it('ends a rendition of a damaged image as 404 with the reason, and the worker stays healthy', async () => {
    const upload = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'bad/premature-end-32d08f4a.jpg'));
    expect(upload.status).toBe('done');
    const damaged = await getAsset(upload.result!.assetUrl);
    expect(damaged.doctype).toBe('image');
    const res = await requestRendition(sut.adminToken, { href: `${damaged.href}/__renditions/ORIGINAL`, size: 200, format: 'png' });
    expect(res.statusCode).toBe(202);
    const file = await fetchWhenReady((res.json() as { href: string }).href);
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ value: 'NotFound' });
    expect(file.json().message).toContain('could not be made');
    expect(file.json().message).not.toContain(sut.config.dataDir);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/health' })).statusCode).toBe(200);
  });

  it('expires after an hour; the sweep removes the file and the row', async () => {
    const original = photo.renditions.find((r) => r.original)!;
    const { href } = (await requestRendition(sut.adminToken, { href: original.href, size: 50 })).json() as { href: string };
    expect((await fetchWhenReady(href)).statusCode).toBe(200);
    const id = href.split('/')[4]!;
    const row = (await sut.ctx.database.db.selectFrom('renditions').selectAll().where('id', '=', id).executeTakeFirstOrThrow())!;
    expect(await sut.ctx.files.stat(row.storage_key!)).toBeDefined();
    expect(row.expires.getTime() - row.created.getTime()).toBe(RENDITION_TTL_MS);
    await sut.ctx.database.db
      .updateTable('renditions')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await sut.app.inject({ method: 'GET', url: href, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect(await sut.ctx.renditions.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await sut.ctx.files.stat(row.storage_key!)).toBeUndefined();
    expect(await sut.ctx.database.db.selectFrom('renditions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    // The original's own file is never swept with an ORIGINAL rendition.
    const originalRendition = (await requestRendition(sut.adminToken, { href: original.href })).json() as { href: string };
    const originalId = originalRendition.href.split('/')[4]!;
    await sut.ctx.database.db
      .updateTable('renditions')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('id', '=', originalId)
      .execute();
    await sut.ctx.renditions.sweepExpired();
    const again = await fetchWhenReady((await requestRendition(sut.adminToken, { href: original.href })).json().href);
    expect(sha256(again.rawPayload)).toBe(sha256(fs.readFileSync(PHOTO)));
  });
});

describe('processing profiles', () => {
  const PROFILES = '/fotoweb/api/processing-profiles';
  const json = (method: 'POST' | 'PUT', url: string, token: string, body: unknown) =>
    sut.app.inject({ method, url, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('are listed, created, changed and deleted by administrators only; assets offer them as renditions', async () => {
    const created = await json('POST', PROFILES, sut.adminToken, { name: 'Web 300', size: 300, format: 'webp', quality: 70 });
    expect(created.statusCode).toBe(201);
    const profile = created.json();
    expect(profile).toMatchObject({ name: 'Web 300', size: 300, format: 'webp', quality: 70 });
    expect(profile.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(created.headers.location).toBe(`${PROFILES}/${profile.id}`);
    expect((await json('POST', PROFILES, sut.adminToken, { name: 'web 300', size: null, format: 'png', quality: 100 })).statusCode).toBe(409);
    for (const bad of [
      { name: '', size: 1, format: 'jpg', quality: 1 },
      { name: 'x', size: 0, format: 'jpg', quality: 1 },
      { name: 'x', size: 1, format: 'gif', quality: 1 },
      { name: 'x', size: 1, format: 'jpg', quality: 101 },
      { name: 'x' },
    ]) {
      const res = await json('POST', PROFILES, sut.adminToken, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().value).toBe('InvalidRequest');
    }
    const list = (await sut.app.inject({ method: 'GET', url: PROFILES, headers: bearer(sut.adminToken) })).json();
    expect(list.data.map((p: { name: string }) => p.name)).toContain('Web 300');

    const member = await sut.createUser('profiles-nobody');
    expect((await sut.app.inject({ method: 'GET', url: PROFILES, headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await json('POST', PROFILES, member.token, { name: 'Mine', size: 10, format: 'jpg', quality: 50 })).statusCode).toBe(403);
    const manager = await sut.createMemberWith('profiles-manager', ['manageArchives']);
    expect((await sut.app.inject({ method: 'GET', url: PROFILES, headers: bearer(manager.token) })).statusCode).toBe(200);

    // The asset lists ORIGINAL, then the profile with the size it makes; quickRenditions stays empty.
    const asset = await getAsset(photo.href);
    expect(asset.quickRenditions).toEqual([]);
    const offered = asset.renditions.find((r) => r.profile === profile.id)!;
    expect(asset.renditions[0]!.original).toBe(true);
    expect(offered).toMatchObject({ original: false, default: false, sizeFixed: true, display_name: 'Web 300', href: `${photo.href}/__renditions/${profile.id}` });
    expect(Math.max(offered.width, offered.height)).toBe(300);

    // Requesting it makes a 300 px WebP.
    const { href } = (await requestRendition(sut.adminToken, { href: offered.href })).json() as { href: string };
    expect(href.endsWith('.webp')).toBe(true);
    const file = await fetchWhenReady(href);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width, meta.height)).toBe(300);

    const updated = await json('PUT', `${PROFILES}/${profile.id}`, sut.adminToken, { name: 'Print', size: null, format: 'tif', quality: 100 });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: profile.id, name: 'Print', size: null, format: 'tif' });
    expect((await json('PUT', `${PROFILES}/${profile.id}`, member.token, { name: 'Print', size: null, format: 'tif', quality: 100 })).statusCode).toBe(403);
    expect((await json('PUT', `${PROFILES}/00000000-0000-4000-8000-000000000000`, sut.adminToken, { name: 'Gone', size: null, format: 'tif', quality: 100 })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'DELETE', url: `${PROFILES}/${profile.id}`, headers: bearer(member.token) })).statusCode).toBe(403);
    expect((await sut.app.inject({ method: 'DELETE', url: `${PROFILES}/${profile.id}`, headers: bearer(sut.adminToken) })).statusCode).toBe(204);
    expect((await sut.app.inject({ method: 'DELETE', url: `${PROFILES}/${profile.id}`, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await getAsset(photo.href)).renditions.map((r) => r.profile)).toEqual(['ORIGINAL']);
  });

  it('serve their rendition at the asset’s rendition href itself, made once per hour and caller (GET, issue 16)', async () => {
    const profile = (await json('POST', PROFILES, sut.adminToken, { name: 'Thumb 160', size: 160, format: 'png', quality: 90 })).json() as { id: string };
    const href = `${photo.href}/__renditions/${profile.id}`;
    const first = await sut.app.inject({ method: 'GET', url: href, headers: bearer(sut.adminToken) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toContain('attachment');
    expect(first.headers['content-disposition']).toContain('Bush-dog.png');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, Math.max(meta.width, meta.height)]).toEqual(['png', 160]);
    const rows = () => sut.ctx.database.db.selectFrom('renditions').select('id').where('format', '=', 'png').where('size', '=', 160).execute();
    expect(await rows()).toHaveLength(1);
    // Again: the same file, not made twice; a range of it as for the original.
    const again = await sut.app.inject({ method: 'GET', url: href, headers: { ...bearer(sut.adminToken), range: 'bytes=0-9' } });
    expect(again.statusCode).toBe(206);
    expect(again.rawPayload).toEqual(first.rawPayload.subarray(0, 10));
    expect(await rows()).toHaveLength(1);
    // One with a minute left is not served again (its href would stop working meanwhile): a new one is made.
    await sut.ctx.database.db
      .updateTable('renditions')
      .set({ expires: new Date(Date.now() + 60_000) })
      .where('id', '=', (await rows())[0]!.id)
      .execute();
    expect((await sut.app.inject({ method: 'GET', url: href, headers: bearer(sut.adminToken) })).statusCode).toBe(200);
    expect(await rows()).toHaveLength(2);

    // Not made within the wait (the worker stopped here): 202 with the rendition-response href, which serves it later.
    await sut.ctx.worker.stop();
    let pending: Awaited<ReturnType<typeof sut.ctx.renditions.direct>>;
    try {
      const other = (await json('POST', PROFILES, sut.adminToken, { name: 'Thumb 90', size: 90, format: 'jpg', quality: 80 })).json() as { id: string };
      const caller: Caller = await siteOwnerCaller(sut.ctx.repos.users);
      pending = await sut.ctx.renditions.direct(caller, { archiveId: 5000, folderPath: '', filename: 'Bush-dog.jpg', rendition: other.id }, 0);
    } finally {
      sut.ctx.worker.start();
    }
    expect(pending).toMatchObject({ ready: false, href: expect.stringMatching(/^\/fotoweb\/me\/background-tasks\/[A-Za-z0-9_-]+\/0\/Bush-dog\.jpg$/) });
    expect((await fetchWhenReady((pending as { href: string }).href)).statusCode).toBe(200);

    // A PDF converts to no image (400); an unknown profile is 400; Download is needed (403), View first (404).
    const refusedPdf = await sut.app.inject({ method: 'GET', url: `${pdf.href}/__renditions/${profile.id}`, headers: bearer(sut.adminToken) });
    expect(refusedPdf.statusCode).toBe(400);
    expect(refusedPdf.json().message).toMatch(/Only images can be converted/);
    const unknown = await sut.app.inject({ method: 'GET', url: `${photo.href}/__renditions/00000000-0000-4000-8000-000000000000`, headers: bearer(sut.adminToken) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().value).toBe('InvalidRequest');
    const archive = await sut.ctx.repos.archives.create({ name: 'Profile GET' });
    const upload = await sut.upload(sut.adminToken, `/fotoweb/archives/${archive.id}-Profile-GET/`, PHOTO);
    const guarded = `${upload.result!.assetUrl}/__renditions/${profile.id}`;
    const viewer = await sut.createMemberWith('profile-get-viewer', []);
    await sut.ctx.repos.archives.setAcl(archive.id, { principalType: 'group', principalId: viewer.groupId, permissions: ['View', 'Preview'] });
    expect((await sut.app.inject({ method: 'GET', url: guarded, headers: bearer(viewer.token) })).statusCode).toBe(403);
    const nobody = await sut.createUser('profile-get-nobody');
    expect((await sut.app.inject({ method: 'GET', url: guarded, headers: bearer(nobody.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: guarded })).statusCode).toBe(401);
    expect(await rows()).toHaveLength(2);
  });
});

describe('dropHREF', () => {
  it('is the asset’s href with the viewing user and a MAC of user and asset, different for each', async () => {
    const admin = await getAsset(photo.href);
    const adminId = (await sut.ctx.repos.users.findByUsername('admin'))!.id;
    const match = /^(.+)#u=(\d+)&m=([A-Za-z0-9_-]{22})$/.exec(admin.dropHREF!);
    expect(match?.slice(1, 3)).toEqual([photo.href, String(adminId)]);
    const other = await sut.createUser('drop-viewer');
    const seen = (await sut.app.inject({ method: 'GET', url: photo.href, headers: bearer(other.token) })).json() as Asset;
    const theirs = /#u=(\d+)&m=([A-Za-z0-9_-]{22})$/.exec(seen.dropHREF!);
    expect(theirs?.[1]).toBe(String(other.id));
    expect(theirs?.[2]).not.toBe(match![3]);
    expect(pdf.dropHREF).not.toContain(`m=${match![3]}`);
    // The same in lists of the collection.
    const list = (await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: bearer(sut.adminToken) })).json() as { assets: { data: Asset[] } };
    expect(list.assets.data.find((a) => a.href === photo.href)?.dropHREF).toBe(admin.dropHREF);
  });
});

describe('previewToken', () => {
  it('fetches its own asset’s previews without the user’s token, nothing else, and not after an hour', async () => {
    const asset = await getAsset(photo.href);
    const second = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, 'iptc-xmp/BlueSquare.jpg'));
    const other = await getAsset(second.result!.assetUrl);
    expect(asset.previewToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const claims = JSON.parse(Buffer.from(asset.previewToken!.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'preview_token', ass: `archives/${asset.archiveId}/Bush-dog.jpg` });
    expect(claims.exp - claims.iat).toBe(3600);
    const withToken = (url: string, token = asset.previewToken!) => sut.app.inject({ method: 'GET', url, headers: bearer(token) });

    const preview = await withToken(asset.previews[0]!.href);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    // Another asset's previews, the asset itself, the original and the API: the token opens none of them.
    expect(other.previews.length).toBeGreaterThan(0);
    expect((await withToken(other.previews[0]!.href)).statusCode).toBe(404);
    expect((await withToken(asset.href)).statusCode).toBe(401);
    expect((await withToken(asset.renditions[0]!.href)).statusCode).toBe(401);
    expect((await withToken('/fotoweb/me/')).statusCode).toBe(401);
    // The token of an asset stays the same for a while (stable ETags); one issued an hour and a second ago has
    // expired, one issued 40 minutes ago (rounded down by at most 15) still works; a tampered one is refused.
    expect((await getAsset(photo.href)).previewToken).toBe(asset.previewToken);
    const row = (await sut.ctx.repos.assets.findById(Number(asset.uniqueid)))!;
    const old = sut.ctx.previewTokens.issue(Number(claims.sub), row, Date.now() - 3601_000);
    expect((await withToken(asset.previews[0]!.href, old)).statusCode).toBe(401);
    const fresh = sut.ctx.previewTokens.issue(Number(claims.sub), row, Date.now() - 40 * 60_000);
    expect((await withToken(asset.previews[0]!.href, fresh)).statusCode).toBe(200);
    const [h, p, sig] = asset.previewToken!.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, ass: `archives/${other.archiveId}/${other.filename}` })).toString('base64url')}.${sig}`;
    expect((await withToken(other.previews[0]!.href, forged)).statusCode).toBe(401);
    expect(p).toBeTruthy();
    // Asset lists carry the token too.
    const list = (
      await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' } })
    ).json();
    expect(list.data.find((a: Asset) => a.href === asset.href)?.previewToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });
});
