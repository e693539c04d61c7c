/**
 * Albums (issue 13; FotoWeb API, Albums; spec 01 §2 relocation, §7 `PATCH album`, `PATCH collection poster_asset`):
 * create, list, add, remove, reorder, cover, archive, delete and restore, what a viewer sees of an album, bad input.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const ALBUMS = '/fotoweb/me/albums/';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Three photos uploaded to Photos/albums (a, b, c in upload order). */
const photo = { a: '', b: '', c: '' };

async function upload(file: string): Promise<string> {
  const status = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, file), { folder: 'albums' });
  expect(status.status).toBe('done');
  return status.result!.assetUrl;
}

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = sut.adminToken, accept = 'application/vnd.fotoware.collection+json') {
  return sut.app.inject({
    method,
    url,
    headers: { ...bearer(token), accept, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function createAlbum(name: string, token = sut.adminToken): Promise<string> {
  const res = await call('POST', ALBUMS, { name }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().href;
}

async function assetsOf(album: string, token = sut.adminToken): Promise<string[]> {
  const res = await call('GET', album, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().assets.data.map((asset: { href: string }) => asset.href);
}

async function listed(list: string, token = sut.adminToken): Promise<string[]> {
  const res = await call('GET', `${ALBUMS}${list}`, undefined, token, 'application/vnd.fotoware.collectionlist+json');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((album: { name: string }) => album.name);
}

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_PAGE_SIZE: '2' });
  photo.a = await upload('iptc-xmp/Bush-dog.jpg');
  photo.b = await upload('photos/orientation/Landscape_1.jpg');
  photo.c = await upload('photos/orientation/Portrait_1.jpg');
});
afterAll(async () => {
  await sut?.close();
});

describe('albums (FotoWeb API, Albums)', () => {
  it('advertises the album lists in the descriptor, with the create permission', async () => {
    const descriptor = (await call('GET', '/fotoweb/me/', undefined, sut.adminToken, 'application/json')).json();
    expect(descriptor).toMatchObject({ albums: ALBUMS, albums_own: `${ALBUMS}mine/`, albums_archived: `${ALBUMS}archived/`, albums_deleted: `${ALBUMS}deleted/` });
    expect(descriptor.permissions.albums.create).toBe(true);
    const plain = await sut.createUser('albums-plain');
    const theirs = (await call('GET', '/fotoweb/me/', undefined, plain.token, 'application/json')).json();
    expect(theirs.permissions.albums.create).toBe(false);
  });

  it('creates an album (201, Location, an empty link collection) and refuses without albums.create or a name', async () => {
    const res = await call('POST', ALBUMS, { name: '  Summer  ', description: 'Beach days' });
    expect(res.statusCode).toBe(201);
    const album = res.json();
    expect(res.headers.location).toBe(album.href);
    expect(album.href).toMatch(/^\/fotoweb\/users\/[0-9]+\/albums\/[0-9]+\/$/);
    expect(album).toMatchObject({
      name: 'Summer',
      description: 'Beach days',
      type: 'album',
      isLinkCollection: true,
      assetCount: 0,
      archived: null,
      deleted: null,
      posterImages: [],
    });
    expect(album.permissions).toEqual(expect.arrayContaining(['Add', 'Remove', 'Reorder', 'SetPosterAsset']));
    expect(album.props.shares).toEqual({ enabled: true, href: `${album.href}.shares/` });

    const plain = await sut.createUser('albums-no-create');
    const refused = await call('POST', ALBUMS, { name: 'Mine' }, plain.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/albums\.create/);
    const creator = await sut.createMemberWith('albums-creator', ['albums.create']);
    expect((await call('POST', ALBUMS, { name: 'Allowed' }, creator.token)).statusCode).toBe(201);

    for (const body of [{ name: '   ' }, { name: 'x'.repeat(201) }, {}, { name: 'ok', extra: 1 }]) {
      const bad = await call('POST', ALBUMS, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().value).toBe('InvalidRequest');
    }
  });

  it('adds assets in order, keeps those already there, and pages them with the cover', async () => {
    const album = await createAlbum('Ordered');
    const first = await call('POST', album, { data: [photo.b, { href: photo.a }] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ added: 2, album: { assetCount: 2 } });
    const again = await call('POST', album, { data: [photo.a, photo.c] });
    expect(again.json().added).toBe(1);

    const res = await call('GET', album);
    const body = res.json();
    expect(body.assetCount).toBe(3);
    expect(body.assets.data.map((a: { href: string }) => a.href)).toEqual([photo.b, photo.a]);
    expect(body.assets.paging).toMatchObject({ first: album, next: `${album}?p=1`, index: 0, totalPages: 2, count: 3 });
    expect(body.posterImages[0].href).toMatch(/^\/fotoweb\/cache\/previews\//);
    expect(body.posterAsset).toBeNull();
    const page = await call('GET', `${album}?p=1`, undefined, sut.adminToken, 'application/vnd.fotoware.assetlist+json');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((a: { href: string }) => a.href)).toEqual([photo.c]);
    expect((await call('GET', `${album}?p=2`)).statusCode).toBe(400);
  });

  it('reorders (top, bottom, before, after), sets and clears the cover, and removes assets', async () => {
    const album = await createAlbum('Relocated');
    await call('POST', album, { data: [photo.a, photo.b, photo.c] });
    const order = async () => {
      const all: string[] = [];
      for (let p = 0; p < 2; p++) {
        const res = await call('GET', p === 0 ? album : `${album}?p=${p}`, undefined, sut.adminToken, 'application/vnd.fotoware.assetlist+json');
        all.push(...res.json().data.map((a: { href: string }) => a.href));
      }
      return all;
    };
    expect((await call('PATCH', album, { move: { assets: [photo.c], to: 'top' } })).statusCode).toBe(200);
    expect(await order()).toEqual([photo.c, photo.a, photo.b]);
    await call('PATCH', album, { move: { assets: [photo.c], to: 'bottom' } });
    expect(await order()).toEqual([photo.a, photo.b, photo.c]);
    await call('PATCH', album, { move: { assets: [photo.c, photo.a], to: 'before', target: photo.b } });
    expect(await order()).toEqual([photo.c, photo.a, photo.b]);
    await call('PATCH', album, { move: { assets: [photo.c], to: 'after', target: photo.b } });
    expect(await order()).toEqual([photo.a, photo.b, photo.c]);
    expect((await call('PATCH', album, { move: { assets: [photo.a], to: 'before' } })).statusCode).toBe(400);

    const covered = await call('PATCH', album, { poster_asset: photo.c });
    expect(covered.statusCode, covered.body).toBe(200);
    expect(covered.json().posterAsset).toBe(photo.c);
    const outsider = await createAlbum('Elsewhere');
    const notIn = await call('PATCH', outsider, { poster_asset: photo.a });
    expect(notIn.statusCode).toBe(400);
    expect(notIn.json().value).toBe('NotInAlbum');

    const removed = await call('PATCH', album, { assets: { delete: [photo.c, `${PHOTOS}albums/not-there.jpg.info`] } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ assetCount: 2, posterAsset: null });
    expect(await assetsOf(album)).toEqual([photo.a, photo.b]);
    await call('PATCH', album, { poster_asset: photo.b });
    expect((await call('PATCH', album, { poster_asset: null })).json().posterAsset).toBeNull();
  });

  it('renames, archives, deletes, restores and purges; the lists follow', async () => {
    const album = await createAlbum('Lifecycle');
    const renamed = await call('PATCH', album, { name: 'Lifecycle 2', description: 'new' });
    expect(renamed.json()).toMatchObject({ name: 'Lifecycle 2', description: 'new' });
    expect(await listed('mine/')).toContain('Lifecycle 2');
    expect((await call('GET', `${ALBUMS}?q=cycle%202`, undefined, sut.adminToken, 'application/json')).json().data.map((a: { name: string }) => a.name)).toEqual(['Lifecycle 2']);

    const archived = await call('PATCH', album, { archived: true });
    expect(archived.json().archived).toEqual(expect.any(String));
    expect(await listed('mine/')).not.toContain('Lifecycle 2');
    expect(await listed('archived/')).toContain('Lifecycle 2');
    await call('PATCH', album, { archived: false });
    expect(await listed('mine/')).toContain('Lifecycle 2');

    expect((await call('PATCH', album, { deleted: false })).statusCode).toBe(400);
    expect((await call('DELETE', album)).statusCode).toBe(204);
    expect(await listed('deleted/')).toContain('Lifecycle 2');
    expect(await listed('mine/')).not.toContain('Lifecycle 2');
    expect((await call('PATCH', album, { deleted: false })).json().deleted).toBeNull();
    expect(await listed('mine/')).toContain('Lifecycle 2');
    await call('DELETE', album);
    expect((await call('DELETE', album)).statusCode).toBe(204);
    expect((await call('GET', album)).statusCode).toBe(404);
    expect(await listed('deleted/')).not.toContain('Lifecycle 2');
    expect(await listed('shared-with-me/')).toEqual([]);
    expect((await call('GET', `${ALBUMS}nonsense/`)).statusCode).toBe(400);
  });

  it('shows only what the viewer may see; another user gets 404; guests and bad hrefs are refused', async () => {
    const member = await sut.createMemberWith('albums-member', ['albums.create']);
    // An archive the member may not view, with one photo in it.
    const secret = await sut.ctx.repos.archives.create({ name: 'Secret' });
    const secretStatus = await sut.upload(sut.adminToken, `/fotoweb/archives/${secret.id}-Secret/`, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_2.jpg'));
    expect(secretStatus.status).toBe('done');
    const secretHref = secretStatus.result!.assetUrl;
    const album = await createAlbum('Member album', member.token);
    const hidden = await call('POST', album, { data: [secretHref] }, member.token);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Secret');
    expect((await call('POST', album, { data: [photo.a] }, member.token)).json().added).toBe(1);
    // An asset the member cannot see stays in the album, unseen (added directly, as if access changed later).
    const albumId = Number(album.split('/').at(-2));
    const secretRow = await sut.ctx.repos.assets.findByPath(secret.id, '', 'Portrait_2.jpg');
    expect(await sut.ctx.repos.albums.add(albumId, [secretRow!.id], 10_000)).toBe(1);
    expect(await assetsOf(album, member.token)).toEqual([photo.a]);
    expect((await call('GET', album, undefined, member.token)).json().assetCount).toBe(1);

    const stranger = await sut.createUser('albums-stranger');
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await call(method, album, method === 'PATCH' ? { name: 'x' } : undefined, stranger.token);
      expect(res.statusCode, method).toBe(404);
    }
    const wrongOwner = album.replace(/users\/[0-9]+/, `users/${stranger.id}`);
    expect((await call('GET', wrongOwner, undefined, member.token)).statusCode).toBe(404);
    // The site owner holds manageAlbums.
    expect((await call('GET', album)).statusCode).toBe(200);

    const bad = await call('POST', album, { data: ['/fotoweb/archives/5000-Photos/'] }, member.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidHref', issues: [{ path: 'body.data.0' }] });
    expect((await call('PATCH', album, {}, member.token)).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: ALBUMS })).statusCode).toBe(401);
  });

  it('refuses to overfill an album: nothing is added past the limit', async () => {
    const repository = sut.ctx.repos.albums;
    const owner = (await sut.ctx.repos.users.siteOwnerId())!;
    const album = await repository.create(owner, 'Small', '');
    const ids = (await Promise.all(['Bush-dog.jpg', 'Landscape_1.jpg', 'Portrait_1.jpg'].map((name) => sut.ctx.repos.assets.findByPath(5000, 'albums', name)))).map(
      (row) => row!.id,
    );
    expect(await repository.add(album.id, ids, 2)).toBeUndefined();
    expect(await repository.add(album.id, ids.slice(0, 2), 2)).toBe(2);
    expect(await repository.add(album.id, ids.slice(0, 1), 2)).toBe(0);
  });
});

describe('share links (issue 13; FotoWeb sharing)', () => {
  async function share(album: string, addShares: unknown[], token = sut.adminToken) {
    return sut.app.inject({
      method: 'PATCH',
      url: `${album}.shares/`,
      headers: { ...bearer(token), 'content-type': 'application/vnd.fotoware.sharing-update+json' },
      payload: JSON.stringify({ addShares }),
    });
  }

  it('makes a link that opens the album without an account, with previews and, when allowed, originals', async () => {
    const album = await createAlbum('Shared by link');
    await call('POST', album, { data: [photo.a, photo.b, photo.c] });
    const made = await share(album, [{ type: 'everyone', acl: ['view'] }]);
    expect(made.statusCode, made.body).toBe(200);
    const [link] = made.json().addedShares;
    expect(link).toMatchObject({ type: 'everyone', acl: ['view', 'preview'], sharedHREF: expect.stringMatching(/^\/fotoweb\/shares\/[A-Za-z0-9_-]{32}\/$/) });

    const page = await sut.app.inject({ method: 'GET', url: link.sharedHREF });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['cache-control']).toContain('no-store');
    const body = page.json();
    expect(body).toMatchObject({ name: 'Shared by link', assetCount: 3, download: false, expires: null });
    expect(body.assets.map((a: { filename: string }) => a.filename)).toEqual(['Bush-dog.jpg', 'Landscape_1.jpg']);
    expect(body.paging).toMatchObject({ next: `${link.sharedHREF}?p=1` });
    expect(JSON.stringify(body)).not.toContain('/fotoweb/archives/');
    expect(body.assets[0].download).toBeNull();
    const preview = await sut.app.inject({ method: 'GET', url: body.assets[0].previews[0].href });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/jpeg');
    const original = await sut.app.inject({ method: 'GET', url: `${link.sharedHREF}originals/${body.assets[0].id}` });
    expect(original.statusCode).toBe(403);
    // An asset taken out of the album is no longer served through the link.
    await call('PATCH', album, { assets: { delete: [photo.c] } });
    const other = (await sut.ctx.repos.assets.findByPath(5000, 'albums', 'Portrait_1.jpg'))!;
    expect((await sut.app.inject({ method: 'GET', url: `${link.sharedHREF}previews/${other.id}/200.x.jpg` })).statusCode).toBe(404);

    const downloadable = (await share(album, [{ type: 'everyone', acl: ['view', 'download'] }])).json().addedShares[0];
    const shown = (await sut.app.inject({ method: 'GET', url: downloadable.sharedHREF })).json();
    expect(shown.download).toBe(true);
    const file = await sut.app.inject({ method: 'GET', url: shown.assets[0].download });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('attachment');
    expect(file.rawPayload.length).toBe(Number(file.headers['content-length']));

    const sharing = (await call('GET', `${album}.shares/`, undefined, sut.adminToken, 'application/vnd.fotoware.sharing+json')).json();
    expect(sharing.shares).toHaveLength(2);
    expect(sharing.shares[0]).toMatchObject({ type: 'everyone', hasPassword: false, expires: null, sharedHREF: link.sharedHREF });
    // Revoked: the link answers 404, never the album.
    const revoked = await sut.app.inject({
      method: 'PATCH',
      url: `${album}.shares/`,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ removeShares: [{ type: 'everyone', href: sharing.shares[0].href }] }),
    });
    expect(revoked.statusCode).toBe(200);
    const gone = await sut.app.inject({ method: 'GET', url: link.sharedHREF });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().value).toBe('ShareNotFound');
    expect((await call('GET', `${album}.shares/`)).json().shares).toHaveLength(1);
  });

  it('ends at its expiry (410) and asks for its password; 10 wrong passwords lock it for a while', async () => {
    const album = await createAlbum('Shared with care');
    await call('POST', album, { data: [photo.a] });
    expect((await share(album, [{ type: 'everyone', acl: ['view'], expires: new Date(Date.now() - 1000).toISOString() }])).statusCode).toBe(400);
    const expiring = (await share(album, [{ type: 'everyone', acl: ['view'], expires: new Date(Date.now() + 60_000).toISOString() }])).json().addedShares[0];
    expect((await sut.app.inject({ method: 'GET', url: expiring.sharedHREF })).statusCode).toBe(200);
    await sut.ctx.database.db
      .updateTable('album_links')
      .set({ expires: new Date(Date.now() - 1000) })
      .where('token', '=', expiring.sharedHREF.split('/')[3])
      .execute();
    const expired = await sut.app.inject({ method: 'GET', url: expiring.sharedHREF });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ value: 'ShareExpired', message: 'This share link has expired.' });

    const locked = (await share(album, [{ type: 'everyone', acl: ['view'], password: 'open sesame' }])).json().addedShares[0];
    const needs = await sut.app.inject({ method: 'GET', url: locked.sharedHREF });
    expect(needs.statusCode).toBe(401);
    expect(needs.json().value).toBe('SharePasswordRequired');
    const unlock = (password: string) =>
      sut.app.inject({ method: 'POST', url: `${locked.sharedHREF}access`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ password }) });
    const wrong = await unlock('guess');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().value).toBe('WrongPassword');
    const right = await unlock('open sesame');
    expect(right.statusCode).toBe(200);
    const { access } = right.json();
    const opened = await sut.app.inject({ method: 'GET', url: `${locked.sharedHREF}?access=${encodeURIComponent(access)}` });
    expect(opened.statusCode).toBe(200);
    const previewHref: string = opened.json().assets[0].previews[0].href;
    expect(previewHref).toContain('?access=');
    expect((await sut.app.inject({ method: 'GET', url: previewHref })).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'GET', url: previewHref.replace(/\?access=.*$/, '') })).statusCode).toBe(401);
    const tampered = `${access.slice(0, -2)}xx`;
    expect((await sut.app.inject({ method: 'GET', url: `${locked.sharedHREF}?access=${encodeURIComponent(tampered)}` })).statusCode).toBe(401);

    for (let attempt = 0; attempt < 10; attempt++) expect((await unlock('guess')).statusCode).toBe(403);
    const throttled = await unlock('open sesame');
    expect(throttled.statusCode).toBe(429);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/shares/not-a-token/' })).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: `/fotoweb/shares/${'A'.repeat(32)}/` })).json().value).toBe('ShareNotFound');
  });

  it('needs albums.shareWithGuests to make links; only the owner manages them; a deleted album is not shared', async () => {
    const member = await sut.createMemberWith('albums-sharer', ['albums.create']);
    const album = await createAlbum('Not for sharing', member.token);
    const refused = await share(album, [{ type: 'everyone', acl: ['view'] }], member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/albums\.shareWithGuests/);
    const stranger = await sut.createUser('albums-share-stranger');
    expect((await call('GET', `${album}.shares/`, undefined, stranger.token)).statusCode).toBe(404);

    const mine = await createAlbum('Deleted then shared');
    const link = (await share(mine, [{ type: 'everyone', acl: ['view'] }])).json().addedShares[0];
    await call('DELETE', mine);
    expect((await share(mine, [{ type: 'everyone', acl: ['view'] }])).statusCode).toBe(409);
    expect((await sut.app.inject({ method: 'GET', url: link.sharedHREF })).statusCode).toBe(404);
    await call('PATCH', mine, { deleted: false });
    expect((await sut.app.inject({ method: 'GET', url: link.sharedHREF })).statusCode).toBe(200);
  });
});

describe('album pins (issue 13; spec 01 §3 pinnedAlbums)', () => {
  const PINS = '/fotoweb/me/pins/';
  const pinsOf = async () =>
    (await call('GET', PINS, undefined, sut.adminToken, 'application/json')).json().data as Array<{ href: string; type: string; collection?: { name: string } }>;

  it('pins an album (listed with its collection, in pinnedAlbums), and drops the pin when the album is deleted', async () => {
    const album = await createAlbum('Pinned album');
    expect((await call('GET', album)).json().pin).toBe(PINS);
    const pinned = await sut.app.inject({
      method: 'POST',
      url: PINS,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ data: [album] }),
    });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect((await pinsOf()).find((pin) => pin.href === album)).toMatchObject({ type: 'album', collection: { name: 'Pinned album' } });
    const preferences = (await call('GET', '/fotoweb/me/user-preferences/', undefined, sut.adminToken, 'application/json')).json();
    expect(preferences.intranet.pinnedAlbums).toContain(album.split('/').at(-2));

    // Another user cannot pin it (404, as if it did not exist).
    const stranger = await sut.createUser('albums-pin-stranger');
    const refused = await sut.app.inject({
      method: 'POST',
      url: PINS,
      headers: { ...bearer(stranger.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ data: [album] }),
    });
    expect(refused.statusCode).toBe(404);

    await call('DELETE', album);
    expect((await pinsOf()).some((pin) => pin.href === album)).toBe(false);
    await call('PATCH', album, { deleted: false });
    expect((await pinsOf()).some((pin) => pin.href === album)).toBe(true);
    const unpinned = await sut.app.inject({
      method: 'PATCH',
      url: PINS,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ assets: { delete: [album] } }),
    });
    expect(unpinned.statusCode).toBe(200);
    expect((await pinsOf()).some((pin) => pin.href === album)).toBe(false);
  });
});
