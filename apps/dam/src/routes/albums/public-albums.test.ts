/**
 * Public albums (issue 13; the public descriptor's `albums`, `/fotoweb/albums/`; spec 03 §3.3 albums.showOnHomepage):
 * an owner with the permission shows an album on the home page; anyone, guests too, lists and opens it and sees only
 * what they may view themselves; archived, deleted or withdrawn albums are not public; private albums stay 404.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { requestsFor } from '../../testing/requests.ts';

let sut: TestDam;
const PUBLIC = '/fotoweb/albums/';
let publicPhoto = '';
let privatePhoto = '';

/** A request as `token`'s user; `GUEST` (no token) is a visitor. */
const { call } = requestsFor(() => sut);

const GUEST = '';
const names = async (token: string) => ((await call('GET', PUBLIC, undefined, token)).json().data as Array<{ name: string }>).map((album) => album.name);

beforeAll(async () => {
  sut = await createTestDam({ MAGPIE_GUEST_ACCESS: 'on' });
  // One photo in an archive guests see (Everyone may view it), one in an archive they do not.
  const open = await sut.ctx.repos.archives.create({ name: 'Open' });
  const everyone = (await call('GET', '/fotoweb/me/')).json().userManagement.everyoneGroup as string;
  await sut.ctx.repos.archives.setAcl(open.id, { principalType: 'group', principalId: Number(everyone.split('/').at(-1)), permissions: ['View', 'Preview'] });
  const closed = await sut.ctx.repos.archives.create({ name: 'Closed' });
  publicPhoto = (await sut.upload(sut.adminToken, `/fotoweb/archives/${open.id}-Open/`, path.join(SAMPLES_DIR, 'iptc-xmp/Bush-dog.jpg'))).result!.assetUrl;
  privatePhoto = (await sut.upload(sut.adminToken, `/fotoweb/archives/${closed.id}-Closed/`, path.join(SAMPLES_DIR, 'photos/orientation/Portrait_1.jpg'))).result!.assetUrl;
});
afterAll(async () => {
  await sut?.close();
});

describe('public albums', () => {
  it('shows an album on the home page for guests and users, with only what each may view', async () => {
    const album = (await call('POST', '/fotoweb/me/albums/', { name: 'Open day' })).json().href as string;
    await call('POST', album, { data: [publicPhoto, privatePhoto] });
    expect(await names(GUEST)).not.toContain('Open day');
    expect((await call('GET', album, undefined, GUEST)).statusCode).toBe(404);

    const shown = await call('PATCH', album, { showOnHomepage: true });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().props.showOnHomepage).toBe(true);
    expect((await call('GET', '/fotoweb/', undefined, GUEST)).json().albums).toBe(PUBLIC);
    expect((await call('GET', '/fotoweb/me/')).json()).toMatchObject({ albums_public: PUBLIC, permissions: { albums: { showOnHomepage: true } } });

    const guestList = (await call('GET', PUBLIC, undefined, GUEST)).json();
    const entry = guestList.data.find((item: { name: string }) => item.name === 'Open day');
    expect(entry).toMatchObject({ href: album, edit: null, pin: null, props: { showOnHomepage: true, owner: { name: expect.any(String) } } });
    const opened = await call('GET', album, undefined, GUEST, 'application/vnd.fotoware.collection+json');
    expect(opened.statusCode).toBe(200);
    expect(opened.json().assets.data.map((asset: { href: string }) => asset.href)).toEqual([publicPhoto]);
    const user = await sut.createUser('public-albums-user');
    expect(await names(user.token)).toContain('Open day');
    expect((await call('PATCH', album, { name: 'Mine' }, user.token)).statusCode).toBe(404);
    expect((await call('GET', `${album}.shares/`, undefined, user.token)).statusCode).toBe(404);

    // Archived, deleted or withdrawn, it is no longer public.
    await call('PATCH', album, { archived: true });
    expect(await names(GUEST)).not.toContain('Open day');
    expect((await call('GET', album, undefined, GUEST)).statusCode).toBe(404);
    await call('PATCH', album, { archived: false, showOnHomepage: false });
    expect(await names(user.token)).not.toContain('Open day');
    expect((await call('GET', album, undefined, user.token)).statusCode).toBe(404);
  });

  it('needs albums.showOnHomepage to show one; a private album stays 404 for guests', async () => {
    const member = await sut.createMemberWith('public-albums-member', ['albums.create']);
    const theirs = (await call('POST', '/fotoweb/me/albums/', { name: 'Private trip' }, member.token)).json().href as string;
    const refused = await call('PATCH', theirs, { showOnHomepage: true }, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/albums\.showOnHomepage/);
    expect((await call('GET', theirs, undefined, GUEST)).statusCode).toBe(404);
    const allowed = await sut.createMemberWith('public-albums-shower', ['albums.create', 'albums.showOnHomepage']);
    const shownAlbum = (await call('POST', '/fotoweb/me/albums/', { name: 'Shown by a member' }, allowed.token)).json().href as string;
    expect((await call('PATCH', shownAlbum, { showOnHomepage: true }, allowed.token)).statusCode).toBe(200);
    expect(await names(GUEST)).toContain('Shown by a member');
  });
});
