/**
 * Albums shared with users and groups (issue 13; FotoWeb sharing `type: "user"` / `"group"`, `people-list`; spec 03
 * §3.3 albums.shareWithUsers, shareWithGroups, restrictToFriends, delegateDownloads): the people search, sharing and
 * unsharing, the shared-with-me and contribute lists, what a person it is shared with may do, and every refusal.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

let sut: TestDam;
const ALBUMS = '/fotoweb/me/albums/';
const PEOPLE = '/fotoweb/me/people/';
const PHOTOS = '/fotoweb/archives/5000-Photos/';
const userHref = (id: number) => `/fotoweb/api/users/${id}`;
const groupHref = (id: number) => `/fotoweb/api/groups/${id}`;
let photo = '';
let second = '';

const { call } = requestsFor(() => sut);

async function createAlbum(name: string, token = sut.adminToken): Promise<string> {
  const res = await call('POST', ALBUMS, { name }, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().href;
}

function share(album: string, body: { addShares?: unknown[]; removeShares?: unknown[] }, token = sut.adminToken) {
  return call('PATCH', `${album}.shares/`, body, token);
}

async function listed(list: string, token: string): Promise<string[]> {
  const res = await call('GET', `${ALBUMS}${list}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((album: { name: string }) => album.name);
}

beforeAll(async () => {
  sut = await createTestDam();
  for (const [file, target] of [
    ['iptc-xmp/Bush-dog.jpg', 'photo'],
    ['photos/orientation/Landscape_1.jpg', 'second'],
  ] as const) {
    const status = await sut.upload(sut.adminToken, PHOTOS, path.join(SAMPLES_DIR, file), { folder: 'people' });
    expect(status.status).toBe('done');
    if (target === 'photo') photo = status.result!.assetUrl;
    else second = status.result!.assetUrl;
  }
});
afterAll(async () => {
  await sut?.close();
});

describe('sharing albums with users and groups', () => {
  it('advertises the shared lists and the people search', async () => {
    const descriptor = (await call('GET', '/fotoweb/me/')).json();
    expect(descriptor).toMatchObject({ albums_shared: `${ALBUMS}shared-with-me/`, albums_contribute: `${ALBUMS}contribute/`, people_search: `${PEOPLE}{?q}` });
    expect(descriptor.permissions.delegateDownload).toBe(true);
    expect(descriptor.permissions.albums).toMatchObject({ shareWithUsers: true, shareWithGroups: true });
    const plain = await sut.createUser('people-plain');
    const theirs = (await call('GET', '/fotoweb/me/', undefined, plain.token)).json();
    expect(theirs).toMatchObject({ people_search: null, albums_shared: `${ALBUMS}shared-with-me/` });
    expect(theirs.permissions.delegateDownload).toBe(false);
    expect(theirs.permissions.albums).toMatchObject({ shareWithUsers: false, shareWithGroups: false });
  });

  it('finds people and groups, never the caller or the built-in groups', async () => {
    const found = await sut.createUser('people-findme-alice');
    const group = await sut.createGroupWith('Findme editors', []);
    const res = await call('GET', `${PEOPLE}?q=FINDME`, undefined, sut.adminToken, 'application/vnd.fotoware.people-list+json');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.people-list+json');
    expect(res.json()).toEqual({
      data: [
        { type: 'user', display_name: 'people-findme-alice Tester', unique_name: 'people-findme-alice', href: userHref(found.id) },
        { type: 'group', display_name: 'Findme editors', unique_name: 'Findme editors', href: groupHref(group) },
      ],
      paging: null,
    });
    expect((await call('GET', `${PEOPLE}?q=`)).json().data).toEqual([]);
    const everyone = (await call('GET', `${PEOPLE}?q=everyone`)).json().data;
    expect(everyone.filter((person: { type: string }) => person.type === 'group')).toEqual([]);
    const admin = (await call('GET', `${PEOPLE}?q=admin`)).json().data;
    expect(admin.some((person: { unique_name: string }) => person.unique_name === 'admin')).toBe(false);

    const plain = await sut.createUser('people-nosearch');
    expect((await call('GET', `${PEOPLE}?q=findme`, undefined, plain.token)).statusCode).toBe(403);
    const usersOnly = await sut.createMemberWith('people-usersonly', ['albums.shareWithUsers']);
    const mine = (await call('GET', `${PEOPLE}?q=findme`, undefined, usersOnly.token)).json().data;
    expect(mine.map((person: { type: string }) => person.type)).toEqual(['user']);
    expect((await sut.app.inject({ method: 'GET', url: `${PEOPLE}?q=findme` })).statusCode).toBe(401);
  });

  it('shares with a user to view and a group to contribute: their lists, what they open and add, then unshares', async () => {
    const viewer = await sut.createUser('people-viewer');
    const contributor = await sut.createUser('people-contributor');
    const team = await sut.createGroupWith('People team', []);
    await sut.ctx.repos.users.addToGroups(contributor.id, [team]);
    const album = await createAlbum('Team picks');
    expect((await call('POST', album, { data: [photo] })).statusCode).toBe(200);

    const made = await share(album, {
      addShares: [
        { type: 'user', href: userHref(viewer.id), acl: ['view'] },
        { type: 'group', href: groupHref(team), acl: ['view', 'contribute'] },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().addedShares).toEqual([
      { type: 'user', acl: ['view', 'preview'], sharedHREF: album },
      { type: 'group', acl: ['view', 'preview', 'contribute'], sharedHREF: album },
    ]);
    const sharing = (await call('GET', `${album}.shares/`)).json();
    expect(sharing.shares).toEqual([
      expect.objectContaining({ type: 'user', href: userHref(viewer.id), name: 'people-viewer Tester', acl: ['view', 'preview'], sharedHREF: album }),
      expect.objectContaining({ type: 'group', href: groupHref(team), name: 'People team', acl: ['view', 'preview', 'contribute'] }),
    ]);

    expect(await listed('shared-with-me/', viewer.token)).toEqual(['Team picks']);
    expect(await listed('contribute/', viewer.token)).toEqual([]);
    expect(await listed('shared-with-me/', contributor.token)).toEqual(['Team picks']);
    expect(await listed('contribute/', contributor.token)).toEqual(['Team picks']);
    const tile = (await call('GET', `${ALBUMS}shared-with-me/`, undefined, viewer.token)).json().data[0];
    expect(tile).toMatchObject({ href: album, assetCount: 1, edit: null, canBeDeleted: false, permissions: ['View', 'Preview'], props: { owner: { name: expect.any(String) } } });

    // The viewer opens it and sees the photo, but may not add, change, delete or read its sharing.
    const opened = await call('GET', album, undefined, viewer.token, 'application/vnd.fotoware.collection+json');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().assets.data.map((asset: { href: string }) => asset.href)).toEqual([photo]);
    expect(opened.json()).toMatchObject({ edit: null, permissions: ['View', 'Preview'] });
    const refused = await call('POST', album, { data: [second] }, viewer.token);
    expect(refused.statusCode).toBe(403);
    expect((await call('PATCH', album, { name: 'Mine now' }, viewer.token)).statusCode).toBe(404);
    expect((await call('DELETE', album, undefined, viewer.token)).statusCode).toBe(404);
    expect((await call('GET', `${album}.shares/`, undefined, viewer.token)).statusCode).toBe(404);

    // The contributor adds; the album's owner keeps ordering it.
    expect((await call('GET', album, undefined, contributor.token)).json().permissions).toEqual(['View', 'Preview', 'Add']);
    const added = await call('POST', album, { data: [second] }, contributor.token);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toBe(1);
    expect((await call('GET', album, undefined, sut.adminToken, 'application/vnd.fotoware.collection+json')).json().assetCount).toBe(2);

    // Sharing again replaces the acl; removing stops it at once.
    await share(album, { addShares: [{ type: 'user', href: userHref(viewer.id), acl: ['view', 'contribute'] }] });
    expect(await listed('contribute/', viewer.token)).toEqual(['Team picks']);
    const removed = await share(album, {
      removeShares: [
        { type: 'user', href: userHref(viewer.id) },
        { type: 'group', href: groupHref(team) },
      ],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `${album}.shares/`)).json().shares).toEqual([]);
    expect(await listed('shared-with-me/', viewer.token)).toEqual([]);
    expect((await call('GET', album, undefined, contributor.token)).statusCode).toBe(404);
  });

  it('hides archived and deleted albums from the people it is shared with; a deleted album is not shared', async () => {
    const friend = await sut.createUser('people-friend');
    const album = await createAlbum('Soon archived');
    expect((await share(album, { addShares: [{ type: 'user', href: userHref(friend.id), acl: ['view'] }] })).statusCode).toBe(200);
    expect(await listed('shared-with-me/', friend.token)).toEqual(['Soon archived']);
    await call('PATCH', album, { archived: true });
    expect(await listed('shared-with-me/', friend.token)).toEqual([]);
    expect((await call('GET', album, undefined, friend.token)).statusCode).toBe(404);
    await call('PATCH', album, { archived: false });
    expect((await call('GET', album, undefined, friend.token)).statusCode).toBe(200);
    await call('DELETE', album);
    expect((await call('GET', album, undefined, friend.token)).statusCode).toBe(404);
    const other = await sut.createUser('people-late');
    const late = await share(album, { addShares: [{ type: 'user', href: userHref(other.id), acl: ['view'] }] });
    expect(late.statusCode).toBe(409);
  });

  it('refuses shares the group permissions do not allow, and bad hrefs, owners and rights (nothing changes)', async () => {
    const target = await sut.createUser('people-target');
    const sharer = await sut.createMemberWith('people-sharer', ['albums.create', 'albums.shareWithUsers']);
    const album = await createAlbum('Sharer album', sharer.token);
    const group = await sut.createGroupWith('People refused group', []);
    const refusedGroup = await share(album, { addShares: [{ type: 'group', href: groupHref(group), acl: ['view'] }] }, sharer.token);
    expect(refusedGroup.statusCode).toBe(403);
    expect(refusedGroup.json().message).toMatch(/albums\.shareWithGroups/);
    const refusedLink = await share(album, { addShares: [{ type: 'everyone', acl: ['view'] }] }, sharer.token);
    expect(refusedLink.statusCode).toBe(403);
    // A refusal in one share changes nothing of the others.
    const mixed = await share(
      album,
      {
        addShares: [
          { type: 'user', href: userHref(target.id), acl: ['view'] },
          { type: 'group', href: groupHref(group), acl: ['view'] },
        ],
      },
      sharer.token,
    );
    expect(mixed.statusCode).toBe(403);
    expect((await call('GET', `${album}.shares/`, undefined, sharer.token)).json().shares).toEqual([]);

    const bad = [
      [{ type: 'user', href: '/fotoweb/archives/5000-Photos/', acl: ['view'] }, 400, 'InvalidHref'],
      [{ type: 'user', href: userHref(999_999), acl: ['view'] }, 400, 'InvalidHref'],
      [{ type: 'user', href: userHref(sharer.id), acl: ['view'] }, 400, 'InvalidHref'],
      [{ type: 'user', href: userHref(target.id), acl: ['view', 'download'] }, 400, 'InvalidRequest'],
      [{ type: 'user', acl: ['view'] }, 400, undefined],
      [{ type: 'user', href: userHref(target.id), acl: ['view'], expires: new Date(Date.now() + 60_000).toISOString() }, 400, undefined],
      [{ type: 'everyone', href: userHref(target.id), acl: ['view'] }, 400, undefined],
    ] as const;
    for (const [addShare, status, value] of bad) {
      const res = await share(album, { addShares: [addShare] }, sharer.token);
      expect(res.statusCode, JSON.stringify(addShare)).toBe(status);
      if (value) expect(res.json().value).toBe(value);
    }
    await sut.ctx.repos.users.update(target.id, { is_enabled: false });
    const disabled = await share(album, { addShares: [{ type: 'user', href: userHref(target.id), acl: ['view'] }] }, sharer.token);
    expect(disabled.json()).toMatchObject({ value: 'InvalidHref' });
    await sut.ctx.repos.users.update(target.id, { is_enabled: true });
    const everyone = (await call('GET', '/fotoweb/me/')).json().userManagement.everyoneGroup as string;
    const builtin = await share(album, { addShares: [{ type: 'group', href: everyone, acl: ['view'] }] });
    expect(builtin.json()).toMatchObject({ value: 'InvalidHref' });
    // Someone else's album is not theirs to share.
    const stranger = await sut.createMemberWith('people-stranger', ['albums.shareWithUsers']);
    expect((await share(album, { addShares: [{ type: 'user', href: userHref(target.id), acl: ['view'] }] }, stranger.token)).statusCode).toBe(404);
  });

  it('lets links offer downloads only with albums.delegateDownloads', async () => {
    const linker = await sut.createMemberWith('people-linker', ['albums.create', 'albums.shareWithGuests']);
    const album = await createAlbum('Linked', linker.token);
    const refused = await share(album, { addShares: [{ type: 'everyone', acl: ['view', 'download'] }] }, linker.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/albums\.delegateDownloads/);
    expect((await share(album, { addShares: [{ type: 'everyone', acl: ['view'] }] }, linker.token)).statusCode).toBe(200);
    const delegate = await sut.createMemberWith('people-delegate', ['albums.create', 'albums.shareWithGuests', 'albums.delegateDownloads']);
    const theirs = await createAlbum('Downloadable', delegate.token);
    const made = await share(theirs, { addShares: [{ type: 'everyone', acl: ['view', 'download'] }] }, delegate.token);
    expect(made.json().addedShares[0].acl).toEqual(['view', 'preview', 'download']);
  });

  it('shares only with friends under albums.restrictToFriends: the people in the sharer’s groups, and those groups', async () => {
    const sharer = await sut.createMemberWith('people-picky', ['albums.create', 'albums.shareWithUsers', 'albums.shareWithGroups', 'albums.restrictToFriends']);
    const friend = await sut.createUser('people-pal');
    await sut.ctx.repos.users.addToGroups(friend.id, [sharer.groupId]);
    const outsider = await sut.createUser('people-outsider');
    const otherGroup = await sut.createGroupWith('People outsiders', []);
    const album = await createAlbum('Friends only', sharer.token);

    const found = (await call('GET', `${PEOPLE}?q=people-`, undefined, sharer.token)).json().data;
    expect(found.map((person: { unique_name: string }) => person.unique_name)).toEqual(['people-pal', 'people-picky group']);

    expect((await share(album, { addShares: [{ type: 'user', href: userHref(friend.id), acl: ['view'] }] }, sharer.token)).statusCode).toBe(200);
    expect((await share(album, { addShares: [{ type: 'group', href: groupHref(sharer.groupId), acl: ['view'] }] }, sharer.token)).statusCode).toBe(200);
    for (const addShare of [
      { type: 'user', href: userHref(outsider.id), acl: ['view'] },
      { type: 'group', href: groupHref(otherGroup), acl: ['view'] },
    ]) {
      const res = await share(album, { addShares: [addShare] }, sharer.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().value).toBe('NotAFriend');
    }
    // The site owner holds every permission and is never restricted.
    const mine = await createAlbum('Owner shares widely');
    expect((await share(mine, { addShares: [{ type: 'user', href: userHref(outsider.id), acl: ['view'] }] })).statusCode).toBe(200);
  });
});
