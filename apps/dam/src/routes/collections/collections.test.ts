/** Collections: archives and folders, their pages and searches (fotoweb-api-notes §3, §5). */
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

describe('archives as collections', () => {
  it('gives registered users view, preview, download and upload on Photos, nothing more', async () => {
    const user = await sut.createUser('reader');
    const res = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: bearer(user.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions.sort()).toEqual(['Download', 'Preview', 'UploadFile', 'View']);
  });

  it('hides archives the caller may not view (404) and refuses uploads without UploadFile (403)', async () => {
    const secret = await sut.ctx.repos.archives.create({ name: 'Secret' });
    const viewOnly = await sut.ctx.repos.archives.create({ name: 'Gallery' });
    const registered = (await sut.ctx.repos.users.groupIdsOf((await sut.ctx.repos.users.findByUsername('admin'))!.id))[1]!;
    await sut.ctx.repos.archives.setAcl(viewOnly.id, { principalType: 'group', principalId: registered, permissions: ['View'] });
    const user = await sut.createUser('outsider');
    const hidden = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/${secret.id}-Secret/`, headers: bearer(user.token) });
    expect(hidden.statusCode).toBe(404);
    const list = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(user.token) });
    expect(list.json().data.map((c: { name: string }) => c.name)).not.toContain('Secret');
    const upload = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/uploads',
      headers: bearer(user.token),
      payload: { destination: `/fotoweb/archives/${viewOnly.id}-Gallery/`, filename: 'a.jpg', fileSize: 10 },
    });
    expect(upload.statusCode).toBe(403);
    expect(upload.json().value).toBe('Forbidden');
  });
});

describe('listing and searching a collection', () => {
  let assetUrl: string;

  beforeAll(async () => {
    // Three assets in Photos: the dog, and two different files uploaded under one name.
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', PHOTO);
    expect(status).toMatchObject({ status: 'done', error: null });
    assetUrl = status.result!.assetUrl;
    for (const file of ['photos/orientation/Landscape_1.jpg', 'photos/orientation/Portrait_1.jpg']) {
      expect((await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, file), { filename: 'same.jpg' })).status).toBe('done');
    }
  });

  it('lists the asset in the archive, pages with ;p=, and finds it by a word and by a field predicate', async () => {
    const archive = await sut.app.inject({
      method: 'GET',
      url: '/fotoweb/archives/5000-Photos/',
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.collection+json' },
    });
    expect(archive.json().assetCount).toBe(3);
    expect(archive.json().assets.data.map((a: { href: string }) => a.href)).toContain(assetUrl);
    const past = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/;p=3', headers: bearer(sut.adminToken) });
    expect(past.statusCode).toBe(404);
    const asset = (await sut.app.inject({ method: 'GET', url: assetUrl, headers: bearer(sut.adminToken) })).json();
    const title = String(asset.metadata['5']?.value ?? 'Bush');
    const word = title.split(/\s+/)[0]!;
    const byWord = await sut.app.inject({
      method: 'GET',
      url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent(word)}`,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' },
    });
    expect(byWord.json().data.map((a: { href: string }) => a.href)).toContain(assetUrl);
    const byField = await sut.app.inject({
      method: 'GET',
      url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent(`5:${word}`)}`,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' },
    });
    expect(byField.json().data).toHaveLength(1);
    const none = await sut.app.inject({
      method: 'GET',
      url: `/fotoweb/archives/5000-Photos/?q=zzzznotthere`,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' },
    });
    expect(none.json().data).toHaveLength(0);
  });
});

describe('bad collection and asset URLs', () => {
  it('answers unknown hrefs with 404 and malformed ones with 400', async () => {
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/9999-Nope/', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/missing.jpg.info', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/%E0%A4%A.info', headers: bearer(sut.adminToken) })).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/nothing/here', headers: bearer(sut.adminToken) })).json().value).toBe('NotFound');
  });

  it('answers over-long searches with 400, never 500', async () => {
    const res = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${'a'.repeat(3000)}`, headers: bearer(sut.adminToken) });
    expect(res.statusCode).toBe(400);
    const unbalanced = await sut.app.inject({ method: 'GET', url: `/fotoweb/archives/5000-Photos/?q=${encodeURIComponent('"open')}`, headers: bearer(sut.adminToken) });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().value).toBe('InvalidSearchExpression');
  });

  it('answers an archive id too large to be one with 404, as any unknown archive, never 400 or 500', async () => {
    for (const url of ['/fotoweb/archives/99999999999999999999/', '/fotoweb/archives/99999999999999999999-Photos/a.jpg.info', '/fotoweb/archives/1234567890/']) {
      const res = await sut.app.inject({ method: 'GET', url, headers: bearer(sut.adminToken) });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ value: 'NotFound' });
    }
    const patch = await sut.app.inject({
      method: 'PATCH',
      url: '/fotoweb/archives/99999999999999999999/a.jpg.info',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: '{"metadata":{}}',
    });
    expect(patch.statusCode).toBe(404);
  });
});

describe('folders', () => {
  it('browses a folder whose name starts with two underscores (only __revisions and __renditions are reserved)', async () => {
    // Folders come from the import (cli/import.ts), which takes any name; uploads go into existing ones.
    await sut.ctx.repos.archives.ensureFolder(5000, '__old');
    const photo = path.join(SAMPLES_DIR, 'iptc-xmp/BlueSquare.jpg');
    const asset = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/__old/', photo);
    expect(asset, JSON.stringify(asset)).toMatchObject({ status: 'done' });
    const folder = await sut.app.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/__old/', headers: bearer(sut.adminToken) });
    expect(folder.statusCode).toBe(200);
    expect(folder.json().href).toBe('/fotoweb/archives/5000-Photos/__old/');
    expect(folder.json().assets.data.map((a: { filename: string }) => a.filename)).toEqual(['BlueSquare.jpg']);
  });
});
