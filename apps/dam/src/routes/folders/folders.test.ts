/**
 * Folders (issue 13; spec 01 §3 Folder, §5 name rules): making, renaming and deleting folders of an archive through
 * their collection hrefs, with the permission each needs, on a real database and real files.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function create(parent: string, name: unknown, token = sut.adminToken, contentType = 'application/vnd.fotoware.folder-creation-info+json') {
  return sut.app.inject({ method: 'POST', url: parent, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify({ name }) });
}
function rename(folder: string, name: string, token = sut.adminToken) {
  return sut.app.inject({
    method: 'PATCH',
    url: folder,
    headers: { ...bearer(token), 'content-type': 'application/vnd.fotoware.folder-update+json' },
    payload: JSON.stringify({ name }),
  });
}
function remove(folder: string, token = sut.adminToken) {
  return sut.app.inject({ method: 'DELETE', url: folder, headers: bearer(token) });
}
async function children(collection: string, token = sut.adminToken): Promise<string[]> {
  const res = await sut.app.inject({ method: 'GET', url: collection, headers: { ...bearer(token), accept: 'application/vnd.fotoware.collectionlist+json' } });
  return res.json().data.map((c: { name: string }) => c.name);
}

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('making folders', () => {
  it('makes a folder in the archive and in a folder, answers 201 with Location, and lists it', async () => {
    const made = await create(PHOTOS, '  Shoots 2026 ');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers.location).toBe(`${PHOTOS}Shoots%202026/`);
    expect(made.json()).toMatchObject({ name: 'Shoots 2026', href: `${PHOTOS}Shoots%202026/`, assetCount: 0, canCreateFolders: true });
    expect((await create(made.json().href, 'May', sut.adminToken, 'application/json')).statusCode).toBe(201);
    expect(await children(PHOTOS)).toContain('Shoots 2026');
    expect(await children(made.json().href)).toEqual(['May']);
  });

  it('refuses a taken name without regard to case (409), a bad name (400 naming the rule) and a bad body', async () => {
    await create(PHOTOS, 'Press');
    const taken = await create(PHOTOS, 'PRESS');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ value: 'FolderExists' });
    for (const name of ['a/b', 'a:b', '..', '   ', 'x\u202Eexe']) {
      const bad = await create(PHOTOS, name);
      expect(bad.statusCode, name).toBe(400);
      expect(['InvalidFolderName', 'InvalidRequest']).toContain(bad.json().value);
    }
    expect((await create(PHOTOS, 7)).statusCode).toBe(400);
    expect((await create(PHOTOS, 'x'.repeat(256))).statusCode).toBe(400);
    expect((await create(PHOTOS, 'ok', sut.adminToken, 'text/plain')).statusCode).toBe(415);
    expect((await create('/fotoweb/archives/5000-Photos/no-such-folder/', 'x')).statusCode).toBe(404);
  });

  it('needs UploadFile there: a viewer gets 403, someone who may not view the archive 404', async () => {
    const viewer = await sut.createUser('folder-viewer');
    const stranger = await sut.createUser('folder-stranger');
    const quiet = await sut.ctx.repos.archives.create({ name: 'Quiet' });
    await sut.ctx.repos.archives.setAcl(quiet.id, { principalType: 'user', principalId: viewer.id, permissions: ['View'] });
    await sut.ctx.auth.forgetCallers();
    const href = `/fotoweb/archives/${quiet.id}-Quiet/`;
    const refused = await create(href, 'x', viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/UploadFile/);
    expect((await create(href, 'x', stranger.token)).statusCode).toBe(404);
    expect(await children(href)).toEqual([]);
  });
});

describe('renaming folders', () => {
  it('renames a folder with its sub-folders, assets and their search paths, and keeps pins', async () => {
    const top = (await create(PHOTOS, 'Rename me')).json();
    const inner = (await create(top.href, 'Inner')).json();
    const upload = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'), { folder: 'Rename me/Inner' });
    expect(upload.status).toBe('done');
    const pin = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/me/pins/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ data: [inner.href] }),
    });
    expect(pin.statusCode).toBe(200);

    const renamed = await rename(top.href, 'Renamed');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', href: `${PHOTOS}Renamed/` });
    expect((await sut.app.inject({ method: 'GET', url: top.href, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    const moved = await sut.app.inject({ method: 'GET', url: `${PHOTOS}Renamed/Inner/`, headers: bearer(sut.adminToken) });
    expect(moved.json()).toMatchObject({ name: 'Inner', assetCount: 1 });
    expect(moved.json().assets.data[0].href).toBe(`${PHOTOS}Renamed/Inner/Bush-dog.jpg.info`);
    expect((await sut.app.inject({ method: 'GET', url: upload.result!.assetUrl, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    // Searches by folder see the new path.
    const byPath = await sut.app.inject({
      method: 'GET',
      url: `${PHOTOS}?fp=*Renamed/Inner*`,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.assetlist+json' },
    });
    expect(byPath.json().data.map((a: { filename: string }) => a.filename)).toEqual(['Bush-dog.jpg']);
    const pins = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/pins/', headers: bearer(sut.adminToken) })).json();
    expect(pins.data.map((p: { href: string }) => p.href)).toContain(`${PHOTOS}Renamed/Inner/`);
    // A change of case only is a rename; a name a sibling has is not.
    expect((await rename(`${PHOTOS}Renamed/`, 'renamed')).json().name).toBe('renamed');
    await create(PHOTOS, 'Sibling');
    expect((await rename(`${PHOTOS}renamed/`, 'SIBLING')).statusCode).toBe(409);
    expect((await rename(PHOTOS, 'Photos 2')).statusCode).toBe(400);
    // Names beyond the BMP (UTF-16 pairs) move whole.
    const emoji = (await create(PHOTOS, 'Trips 🦜')).json();
    await create(emoji.href, 'Coast');
    expect((await rename(emoji.href, 'Trips 🐧🐧')).statusCode).toBe(200);
    expect(await children(`${PHOTOS}${encodeURIComponent('Trips 🐧🐧')}/`)).toEqual(['Coast']);
  });

  it('needs Rename: a member who may only upload gets 403 and nothing changes', async () => {
    const uploader = await sut.createUser('folder-uploader');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: uploader.id, permissions: ['View', 'UploadFile'] });
    await sut.ctx.auth.forgetCallers();
    const own = await create(PHOTOS, 'Uploader folder', uploader.token);
    expect(own.statusCode).toBe(201);
    const refused = await rename(own.json().href, 'Other', uploader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Rename/);
    expect(await children(PHOTOS)).toContain('Uploader folder');
    expect((await remove(own.json().href, uploader.token)).statusCode).toBe(403);
  });
});

describe('deleting folders', () => {
  it('deletes an empty folder with its empty sub-folders, and refuses one that holds an asset (409) keeping it', async () => {
    const empty = (await create(PHOTOS, 'Empty')).json();
    await create(empty.href, 'Also empty');
    expect((await remove(empty.href)).statusCode).toBe(204);
    expect(await children(PHOTOS)).not.toContain('Empty');
    expect(await sut.ctx.repos.archives.findFolder(5000, 'Empty/Also empty')).toBeUndefined();

    const full = (await create(PHOTOS, 'Full')).json();
    expect((await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Landscape_1.jpg'), { folder: 'Full/deep' })).status).toBe('done');
    const refused = await remove(full.href);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ value: 'FolderNotEmpty' });
    expect((await sut.app.inject({ method: 'GET', url: full.href, headers: bearer(sut.adminToken) })).json().assetCount).toBe(1);
    expect((await remove(PHOTOS)).statusCode).toBe(400);
    expect((await remove(`${PHOTOS}never-there/`)).statusCode).toBe(404);
  });
});

describe('folder tiles (issue 13; spec 02 §2, §9)', () => {
  function change(folder: string, body: unknown, token = sut.adminToken) {
    return sut.app.inject({ method: 'PATCH', url: folder, headers: { ...bearer(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  }
  async function tile(parent: string, name: string) {
    const res = await sut.app.inject({ method: 'GET', url: parent, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.collectionlist+json' } });
    return (res.json().data as Array<{ name: string; color: string; iconCharacter: string; posterImages: Array<{ href: string }>; permissions: string[] }>).find(
      (c) => c.name === name,
    )!;
  }

  it('styles a folder’s tile with a palette colour and an icon, sets and clears its cover, and refuses anything else', async () => {
    expect((await create(PHOTOS, 'Tiles')).statusCode).toBe(201);
    const folder = `${PHOTOS}Tiles/`;
    const upload = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_2.jpg'), { folder: 'Tiles/inside' });
    expect(upload.status).toBe('done');
    const other = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_3.jpg'), { folder: 'Elsewhere' });
    const before = await tile(PHOTOS, 'Tiles');
    expect(before).toMatchObject({ iconCharacter: '', posterImages: [] });
    expect(before.permissions).toContain('SetPosterAsset');

    const styled = await change(folder, { color: '#2563eb', iconCharacter: 'Camera' });
    expect(styled.statusCode, styled.body).toBe(200);
    expect(styled.json()).toMatchObject({ color: '#2563eb', iconCharacter: 'Camera' });
    expect(await tile(PHOTOS, 'Tiles')).toMatchObject({ color: '#2563eb', iconCharacter: 'Camera' });

    const covered = await change(folder, { poster_asset: upload.result!.assetUrl });
    expect(covered.statusCode, covered.body).toBe(200);
    const withCover = await tile(PHOTOS, 'Tiles');
    expect(withCover.posterImages.length).toBeGreaterThan(0);
    expect(withCover.color).toBe('#2563eb');
    expect((await change(folder, { poster_asset: other.result!.assetUrl })).statusCode).toBe(400);
    expect((await change(folder, { poster_asset: '/fotoweb/me/' })).statusCode).toBe(400);
    expect((await change(folder, { poster_asset: null, color: null, iconCharacter: null })).statusCode).toBe(200);
    expect(await tile(PHOTOS, 'Tiles')).toMatchObject({ iconCharacter: '', posterImages: [] });

    for (const bad of [{ color: '#123456' }, { color: 'red' }, { iconCharacter: 'Rocket' }, {}]) expect((await change(folder, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    // An archive takes a colour (archive-tiles.test.ts) but no name here.
    expect((await change(PHOTOS, { name: 'Pictures' })).statusCode).toBe(400);
    const uploader = await sut.createUser('tile-uploader');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: uploader.id, permissions: ['View', 'UploadFile'] });
    expect((await change(folder, { color: '#2563eb' }, uploader.token)).statusCode).toBe(403);
  });
});
