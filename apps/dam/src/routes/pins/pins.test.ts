/**
 * Pins (issue 13; spec 01 §3 Pins, §4 Pinning, §7 `GET`, `POST`, `PATCH` on the pins url): assets, archives and
 * folders, with the pin limit, what the caller may see, the `intranet` preference lists in step, and bad hrefs.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';

let sut: TestDam;
const PINS = '/fotoweb/me/pins/';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Asset hrefs uploaded to Photos: `dog` in `pins/`, `landscape` and `portrait` in `pins/more/`. */
const uploaded: Record<'dog' | 'landscape' | 'portrait', string> = { dog: '', landscape: '', portrait: '' };

async function upload(file: string, folder: string): Promise<string> {
  const status = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, file), { folder });
  expect(status.status).toBe('done');
  return status.result!.assetUrl;
}

function pin(hrefs: unknown[], token = sut.adminToken, contentType = 'application/vnd.fotoware.assetlinklist+json') {
  return sut.app.inject({ method: 'POST', url: PINS, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify({ data: hrefs }) });
}

function unpin(hrefs: string[], token = sut.adminToken) {
  return sut.app.inject({
    method: 'PATCH',
    url: PINS,
    headers: { ...bearer(token), 'content-type': 'application/vnd.fotoware.collection-update+json' },
    payload: JSON.stringify({ assets: { delete: hrefs } }),
  });
}

async function pinned(token = sut.adminToken): Promise<Array<{ href: string; type: string; name: string; pinned: string }>> {
  const res = await sut.app.inject({ method: 'GET', url: PINS, headers: { ...bearer(token), accept: 'application/vnd.fotoware.pin-list+json' } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/vnd.fotoware.pin-list+json');
  return res.json().data;
}

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_PIN_LIMIT: '4' });
  uploaded.dog = await upload('iptc-xmp/Bush-dog.jpg', 'pins');
  uploaded.landscape = await upload('photos/orientation/Landscape_1.jpg', 'pins/more');
  uploaded.portrait = await upload('photos/orientation/Portrait_1.jpg', 'pins/more');
});
afterAll(async () => {
  await sut?.close();
});

describe('pinning (spec 01 §3, §7)', () => {
  it('advertises the pins url in the descriptor and on collections', async () => {
    const descriptor = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/', headers: bearer(sut.adminToken) })).json();
    expect(descriptor.pins).toBe(PINS);
    const archives = (await sut.app.inject({ method: 'GET', url: '/fotoweb/me/archives/', headers: bearer(sut.adminToken) })).json();
    expect(archives.data[0].pin).toBe(PINS);
    const folder = (await sut.app.inject({ method: 'GET', url: `${PHOTOS}pins/`, headers: bearer(sut.adminToken) })).json();
    expect(folder.pin).toBe(PINS);
    expect(folder.children.data[0]).toMatchObject({ name: 'more', pin: PINS });
  });

  it('pins an asset, a folder and an archive, lists them newest first with their tiles, and unpins', async () => {
    const user = await sut.createUser('pinner');
    expect(await pinned(user.token)).toEqual([]);
    const first = await pin([uploaded.dog], user.token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ added: 1, limit: 4, data: [{ href: uploaded.dog, type: 'asset', name: 'Bush-dog.jpg' }] });
    // Strings or {href}; scheme, host and `;o=` are ignored; one already pinned stays where it is.
    const second = await pin([{ href: `http://dam.example${PHOTOS}pins/more/;o=-fn` }, PHOTOS, uploaded.dog], user.token, 'application/json');
    expect(second.json().added).toBe(2);
    const list = await pinned(user.token);
    expect(list.map((p) => [p.type, p.name])).toEqual([
      ['folder', 'more'],
      ['archive', 'Photos'],
      ['asset', 'Bush-dog.jpg'],
    ]);
    expect(list[0]).toMatchObject({ href: `${PHOTOS}pins/more/`, collection: { assetCount: 2, href: `${PHOTOS}pins/more/` } });
    expect(list[2]).toMatchObject({ asset: { href: uploaded.dog, filename: 'Bush-dog.jpg' } });
    expect(Date.parse(list[0]!.pinned)).not.toBeNaN();

    const after = await unpin([uploaded.dog, `${PHOTOS}pins/more/`, `${PHOTOS}never-pinned/`], user.token);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.map((p: { type: string }) => p.type)).toEqual(['archive']);
    // Unpinning again changes nothing.
    expect((await unpin([uploaded.dog], user.token)).json().data).toHaveLength(1);
    // Pins are each user's own.
    expect((await pinned()).map((p) => p.href)).not.toContain(PHOTOS);
  });

  it('adds nothing over the pin limit and says so with added 0 (spec 01 §4 pinLimit)', async () => {
    const user = await sut.createUser('collector');
    const hrefs = [uploaded.dog, uploaded.landscape, uploaded.portrait, PHOTOS, `${PHOTOS}pins/`];
    const res = await pin(hrefs, user.token);
    expect(res.json()).toMatchObject({ added: 4, limit: 4 });
    expect(await pinned(user.token)).toHaveLength(4);
    const over = await pin([`${PHOTOS}pins/more/`], user.token);
    expect(over.statusCode).toBe(200);
    expect(over.json()).toMatchObject({ added: 0, limit: 4 });
    expect((await pinned(user.token)).map((p) => p.href)).not.toContain(`${PHOTOS}pins/more/`);
  });

  it('keeps two pins at once under the limit', async () => {
    const user = await sut.createUser('racer');
    await pin([uploaded.dog, uploaded.landscape, uploaded.portrait], user.token);
    const [a, b] = await Promise.all([pin([PHOTOS], user.token), pin([`${PHOTOS}pins/`], user.token)]);
    expect([a.json().added, b.json().added].sort()).toEqual([0, 1]);
    expect(await pinned(user.token)).toHaveLength(4);
  });
});

describe('what a caller may pin and see', () => {
  it('answers 404 for what the caller may not view, and leaves a pin out once they cannot see it', async () => {
    const user = await sut.createUser('outsider');
    const { MetadataSetId } = (await sut.app.inject({ method: 'GET', url: '/fotoweb/api/config/archives/5000', headers: bearer(sut.adminToken) })).json();
    const press = await sut.app.inject({
      method: 'POST',
      url: '/fotoweb/api/config/archives',
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ Name: 'Pinned press', MetadataSetId, Pool: 'default', MemberList: [{ Id: user.id, MemberType: 'user', Permissions: ['View', 'Preview'] }] }),
    });
    expect(press.statusCode, press.body).toBe(201);
    const { Id: pressId, collectionHref } = press.json();
    const stranger = await sut.createUser('stranger');
    const refused = await pin([collectionHref], stranger.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ value: 'NotFound' });
    expect(await pinned(stranger.token)).toEqual([]);
    // Nothing is pinned when one of the hrefs is refused.
    expect((await pin([uploaded.dog, collectionHref], stranger.token)).statusCode).toBe(404);
    expect(await pinned(stranger.token)).toEqual([]);

    expect((await pin([collectionHref], user.token)).json().added).toBe(1);
    const config = (await sut.app.inject({ method: 'GET', url: `/fotoweb/api/config/archives/${pressId}`, headers: bearer(sut.adminToken) })).json();
    await sut.app.inject({
      method: 'PUT',
      url: `/fotoweb/api/config/archives/${pressId}`,
      headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' },
      payload: JSON.stringify({ ...config, MemberList: [] }),
    });
    await sut.ctx.auth.forgetCallers();
    expect(await pinned(user.token)).toEqual([]);
    // Unpinning what one can no longer see still works.
    expect((await unpin([collectionHref], user.token)).statusCode).toBe(200);
  });

  it('drops the pin of a deleted asset with it', async () => {
    const user = await sut.createUser('forgetful');
    const href = await upload('photos/orientation/Landscape_2.jpg', 'pins/gone');
    await pin([href], user.token);
    const row = await sut.ctx.repos.assets.findByPath(5000, 'pins/gone', 'Landscape_2.jpg');
    await sut.ctx.database.db.deleteFrom('assets').where('id', '=', row!.id).execute();
    expect(await pinned(user.token)).toEqual([]);
    expect(await sut.ctx.database.db.selectFrom('pins').select('id').where('asset_id', '=', row!.id).execute()).toEqual([]);
  });
});

describe('bad input (issue 13 Bad input)', () => {
  it('answers 400 InvalidHref naming every href that is not an asset, archive or folder, and pins nothing', async () => {
    const user = await sut.createUser('typo');
    const res = await pin(['/fotoweb/archives/', `${uploaded.dog}/__renditions/ORIGINAL`, 'https://example.com/x', uploaded.dog, '/fotoweb/archives/abc/'], user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidHref' });
    expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(['body.data.0', 'body.data.1', 'body.data.2', 'body.data.4']);
    expect(await pinned(user.token)).toEqual([]);
  });

  it('refuses an empty list, more than 100 hrefs, a wrong body and a wrong media type', async () => {
    expect((await pin([])).statusCode).toBe(400);
    expect((await pin(Array.from({ length: 101 }, () => uploaded.dog))).statusCode).toBe(400);
    expect((await pin([{ url: uploaded.dog }])).statusCode).toBe(400);
    expect((await pin([uploaded.dog], sut.adminToken, 'text/plain')).statusCode).toBe(415);
    expect((await unpin([])).statusCode).toBe(400);
    const noToken = await sut.app.inject({ method: 'GET', url: PINS });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('the intranet preference lists stay in step (spec 01 §3)', () => {
  it('lists pinned archives and folders as archivePinned and folderPinned, and pins what a client writes there', async () => {
    const user = await sut.createUser('preferrer');
    const preferences = () => sut.app.inject({ method: 'GET', url: '/fotoweb/me/user-preferences/', headers: bearer(user.token) });
    await pin([PHOTOS, `${PHOTOS}pins/more/`], user.token);
    expect((await preferences()).json().intranet).toMatchObject({ archivePinned: ['5000'], folderPinned: ['5000/pins/more'] });

    const patch = await sut.app.inject({
      method: 'PATCH',
      url: '/fotoweb/me/user-preferences/',
      headers: { ...bearer(user.token), 'content-type': 'application/json' },
      payload: JSON.stringify({ data: { intranet: { folderPinned: ['5000/pins', '5000/no-such-folder', 'junk'], archivePinned: null, other: 1 } } }),
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().intranet).toEqual({ other: 1, archivePinned: [], folderPinned: ['5000/pins'], pinnedAlbums: [], taxonomyPinned: [] });
    expect((await pinned(user.token)).map((p) => p.href)).toEqual([`${PHOTOS}pins/`]);
    // The lists are never stored in the preferences document itself.
    const stored = await sut.ctx.repos.preferences.get(user.id);
    expect(stored.intranet).toEqual({ other: 1 });
  });
});
