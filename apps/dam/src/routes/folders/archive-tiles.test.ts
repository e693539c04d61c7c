/**
 * Archive tiles (issue 13; spec 02 §2 Collection tile "administrators and owners choose colour and icon", §6
 * SetPosterAsset, §9 palette): `PATCH <archive href>` with `FolderUpdate` {color, iconCharacter, poster_asset} by
 * holders of manageArchives, and the archive's root collection, its entry in the archive lists and its pin presenting
 * them, on a real database and real files.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

interface Tile {
  href: string;
  name: string;
  color: string;
  iconCharacter: string;
  edit: string | null;
  permissions: string[];
  posterAsset: string | null;
  posterImages: Array<{ href: string }>;
}

function change(collection: string, body: unknown, token = sut.adminToken, contentType = 'application/vnd.fotoware.folder-update+json') {
  return sut.app.inject({ method: 'PATCH', url: collection, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify(body) });
}

/** The archive `href` as the archive list `list` presents it to the holder of `token`. */
async function listed(href: string, token = sut.adminToken, list = '/fotoweb/me/archives/'): Promise<Tile | undefined> {
  const res = await sut.app.inject({ method: 'GET', url: list, headers: { ...bearer(token), accept: 'application/vnd.fotoware.collectionlist+json' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Tile[]).find((archive) => archive.href.split('?')[0] === href);
}

/** The archive's root collection as its holder of `token` gets it. */
async function root(href: string, token = sut.adminToken): Promise<Tile> {
  const res = await sut.app.inject({ method: 'GET', url: href, headers: { ...bearer(token), accept: 'application/vnd.fotoware.collectioninfo+json' } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The preview hrefs of an asset. */
async function previewsOf(assetHref: string): Promise<string[]> {
  const res = await sut.app.inject({ method: 'GET', url: assetHref, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.asset+json' } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().previews as Array<{ href: string }>).map((preview) => preview.href);
}

async function uploaded(destination: string, sample: string, options: { filename?: string; folder?: string } = {}): Promise<string> {
  const done = await sut.upload(sut.adminToken, destination, path.join(SAMPLES_DIR, sample), options);
  expect(done.status, JSON.stringify(done.error)).toBe('done');
  return done.result!.assetUrl;
}

let older: string;
let newer: string;

beforeAll(async () => {
  sut = await createTestDam();
  older = await uploaded(PHOTOS, 'photos/orientation/Portrait_2.jpg', { folder: 'Deep/inside' });
  newer = await uploaded(PHOTOS, 'photos/orientation/Portrait_3.jpg');
});
afterAll(async () => {
  await sut?.close();
});

describe('styling an archive tile', () => {
  it('offers it to holders of manageArchives: `edit` is the archive href and its permissions carry SetPosterAsset', async () => {
    const before = (await listed(PHOTOS))!;
    expect(before).toMatchObject({ color: '#999999', iconCharacter: '', edit: PHOTOS, posterAsset: null });
    expect(before.permissions).toContain('SetPosterAsset');
    expect(await root(PHOTOS)).toMatchObject({ edit: PHOTOS, posterAsset: null });

    const viewer = await sut.createUser('tile-viewer');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: viewer.id, permissions: ['View', 'Rename', 'UploadFile'] });
    await sut.ctx.auth.forgetCallers();
    const seen = (await listed(PHOTOS, viewer.token))!;
    expect(seen.edit).toBeNull();
    expect(seen.permissions).not.toContain('SetPosterAsset');
    expect((await root(PHOTOS, viewer.token)).edit).toBeNull();
  });

  it('sets and clears the colour and the icon, which the root, both archive lists and the pin present', async () => {
    const styled = await change(PHOTOS, { color: '#16a34a', iconCharacter: 'Camera' });
    expect(styled.statusCode, styled.body).toBe(200);
    expect(styled.headers['content-type']).toContain('application/vnd.fotoware.collectioninfo+json');
    expect(styled.json()).toMatchObject({ href: PHOTOS, type: 'archive', color: '#16a34a', iconCharacter: 'Camera', edit: PHOTOS });
    expect(await root(PHOTOS)).toMatchObject({ color: '#16a34a', iconCharacter: 'Camera' });
    expect(await listed(PHOTOS)).toMatchObject({ color: '#16a34a', iconCharacter: 'Camera' });
    expect(await listed(PHOTOS, sut.adminToken, '/fotoweb/archives/')).toMatchObject({ color: '#16a34a', iconCharacter: 'Camera' });
    // A folder without its own colour keeps the default, not its archive's.
    expect((await root(`${PHOTOS}Deep/`)).color).toBe('#999999');

    const pinned = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/me/pins/',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/vnd.fotoware.assetlinklist+json' },
      payload: JSON.stringify({ data: [PHOTOS] }),
    });
    expect(pinned.statusCode, pinned.body).toBeLessThan(300);
    const pins = await sut.app.inject({ method: 'GET', url: '/fotoweb/me/pins/', headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.pin-list+json' } });
    const pin = (pins.json().data as Array<{ href: string; collection?: Tile }>).find((p) => p.href === PHOTOS);
    expect(pin?.collection).toMatchObject({ color: '#16a34a', iconCharacter: 'Camera' });

    const onlyIcon = await change(PHOTOS, { iconCharacter: 'Star' }, sut.adminToken, 'application/json');
    expect(onlyIcon.json()).toMatchObject({ color: '#16a34a', iconCharacter: 'Star' });
    const cleared = await change(PHOTOS, { color: null, iconCharacter: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ color: '#999999', iconCharacter: '' });
    expect(await listed(PHOTOS)).toMatchObject({ color: '#999999', iconCharacter: '' });
  });

  it('sets a cover anywhere in the archive and clears it: the tile then shows the first asset again', async () => {
    const first = (await listed(PHOTOS))!;
    expect(first.posterAsset).toBeNull();
    expect(await previewsOf(newer)).toContain(first.posterImages[0]!.href);

    const covered = await change(PHOTOS, { poster_asset: older });
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().posterAsset).toBe(older);
    const withCover = (await listed(PHOTOS))!;
    expect(withCover.posterAsset).toBe(older);
    expect(await previewsOf(older)).toContain(withCover.posterImages[0]!.href);
    expect((await root(PHOTOS)).posterAsset).toBe(older);
    expect((await listed(PHOTOS, sut.adminToken, '/fotoweb/archives/'))!.posterAsset).toBe(older);
    // A search across archives shows its first hit, not the chosen cover.
    const hit = await listed(PHOTOS, sut.adminToken, '/fotoweb/archives/?q=Portrait_3');
    expect(hit).toMatchObject({ type: 'search', posterAsset: null, edit: null });

    const cleared = await change(PHOTOS, { poster_asset: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().posterAsset).toBeNull();
    const after = (await listed(PHOTOS))!;
    expect(after.posterAsset).toBeNull();
    expect(await previewsOf(newer)).toContain(after.posterImages[0]!.href);
  });

  it('refuses a colour or an icon outside the palette, a name and an empty change with 400, changing nothing', async () => {
    await change(PHOTOS, { color: '#2563eb' });
    for (const bad of [{ color: '#123456' }, { color: 'red' }, { iconCharacter: 'Rocket' }, {}, { color: '#16a34a', name: 'Pictures' }]) {
      const refused = await change(PHOTOS, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json()).toMatchObject({ value: 'InvalidRequest' });
    }
    const renamed = await change(PHOTOS, { name: 'Pictures' });
    expect(renamed.json().message).toMatch(/renamed in its settings/);
    expect(await root(PHOTOS)).toMatchObject({ name: 'Photos', color: '#2563eb' });
    await change(PHOTOS, { color: null });
  });

  it('refuses a cover from another archive, one the caller cannot see, and an href that names no asset (400)', async () => {
    const other = await sut.ctx.repos.archives.create({ name: 'Elsewhere' });
    const elsewhere = `/fotoweb/archives/${other.id}-Elsewhere/`;
    const foreign = await uploaded(elsewhere, 'photos/orientation/Portrait_4.jpg');
    const refused = await change(PHOTOS, { poster_asset: foreign });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ value: 'InvalidRequest', message: expect.stringMatching(/asset of this archive/) });
    expect((await change(PHOTOS, { poster_asset: '/fotoweb/me/' })).statusCode).toBe(400);
    expect((await change(PHOTOS, { poster_asset: `${PHOTOS}no-such.jpg.info` })).statusCode).toBe(400);

    // A manager whose AutoSearch shows only public-* files: a hidden asset is no cover for them, and a cover the
    // site owner chose that they cannot see leaves them the first asset they see.
    const shown = await uploaded(elsewhere, 'photos/orientation/Portrait_5.jpg', { filename: 'public-5.jpg' });
    const hidden = await uploaded(elsewhere, 'photos/orientation/Portrait_6.jpg', { filename: 'secret-6.jpg' });
    const manager = await sut.createMemberWith('tile-filtered-manager', ['manageArchives']);
    await sut.ctx.repos.archives.setAcl(other.id, { principalType: 'user', principalId: manager.id, permissions: ['View', 'Preview'], autoSearch: 'fn:public*' });
    await sut.ctx.auth.forgetCallers();
    const unseen = await change(elsewhere, { poster_asset: hidden }, manager.token);
    expect(unseen.statusCode, unseen.body).toBe(400);
    expect((await change(elsewhere, { poster_asset: shown }, manager.token)).statusCode).toBe(200);
    expect((await change(elsewhere, { poster_asset: hidden })).statusCode).toBe(200);
    const theirs = (await listed(elsewhere, manager.token))!;
    expect(theirs.posterAsset).toBeNull();
    expect(await previewsOf(shown)).toContain(theirs.posterImages[0]!.href);
    expect((await listed(elsewhere))!.posterAsset).toBe(hidden);
  });

  it('needs manageArchives (403 naming it) and answers 404 to a manager who may not view the archive', async () => {
    const uploader = await sut.createUser('tile-archive-uploader');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: uploader.id, permissions: ['View', 'Rename', 'UploadFile'] });
    await sut.ctx.auth.forgetCallers();
    const refused = await change(PHOTOS, { color: '#2563eb' }, uploader.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ value: 'Forbidden', message: expect.stringMatching(/manageArchives/) });

    const hiddenArchive = await sut.ctx.repos.archives.create({ name: 'Hidden' });
    const manager = await sut.createMemberWith('tile-blind-manager', ['manageArchives']);
    const hiddenHref = `/fotoweb/archives/${hiddenArchive.id}-Hidden/`;
    const hiddenAnswer = await change(hiddenHref, { color: '#2563eb' }, manager.token);
    expect(hiddenAnswer.statusCode).toBe(404);
    expect(hiddenAnswer.json()).toMatchObject({ value: 'NotFound' });
    expect((await change(hiddenHref, { name: 'Shown' }, manager.token)).statusCode).toBe(404);

    await sut.ctx.repos.archives.setAcl(hiddenArchive.id, { principalType: 'user', principalId: manager.id, permissions: ['View'] });
    await sut.ctx.auth.forgetCallers();
    const styled = await change(hiddenHref, { color: '#2563eb', iconCharacter: 'Globe' }, manager.token);
    expect(styled.statusCode, styled.body).toBe(200);
    expect(await listed(hiddenHref, manager.token)).toMatchObject({ color: '#2563eb', iconCharacter: 'Globe', edit: hiddenHref });
  });
});
