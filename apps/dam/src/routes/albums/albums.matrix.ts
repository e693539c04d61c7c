/**
 * The albums room's rows of the authorization matrix (policies/authorization.matrix.test.ts). Creating an album needs
 * the group permission `albums.create` (403 naming it otherwise). An album is the business of its owner: each request
 * acts on an album the row's `permitted` caller owns, so the others (the site owner included, who holds
 * `manageAlbums`) are told apart: a stranger gets 404, as if it did not exist. Adding an asset needs View on it too.
 * Making a share link needs `albums.shareWithGuests` as well. Listing one's own albums, and a share link's page, its
 * password, previews and originals (the link is the credential), are open operations of the matrix. An album the
 * site owner shares with the row's `permitted` caller is opened (and, for contribution, added to) by them too; sharing
 * with a user needs `albums.shareWithUsers`, and so does the people search. Its comments are read by whoever opens
 * it; commenting needs `albums.comment` (403 naming it on a public album anyone opens), and deleting someone else's
 * comment `moderateComments`.
 */
import { jsonRequest, type MatrixExpect, type MatrixRow, type MatrixWorld } from '../../testing/matrix.ts';

/** Only the album's owner (`permitted`) and the site owner (`manageAlbums`) reach it. */
const ownersOnly = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: ok, owner: ok });
let serial = 0;

/** An empty album of the row's `permitted` caller; answers its href. */
async function permittedAlbum(w: MatrixWorld): Promise<string> {
  const album = await w.dam.ctx.repos.albums.create(w.permitted.id, `matrix album ${++serial}`, '');
  return `/fotoweb/users/${w.permitted.id}/albums/${album.id}/`;
}

/** An album of the site owner shared with the row's `permitted` caller (`acl`); answers its href. */
async function sharedAlbum(w: MatrixWorld, acl: ReadonlyArray<'view' | 'contribute'>): Promise<string> {
  const album = await w.dam.ctx.repos.albums.create(w.owner.id, `matrix shared album ${++serial}`, '');
  const href = `/fotoweb/users/${w.owner.id}/albums/${album.id}/`;
  const shared = await w.dam.app.inject({
    ...jsonRequest('PATCH', `${href}.shares/`, { addShares: [{ type: 'user', href: `/fotoweb/api/users/${w.permitted.id}`, acl }] }),
    headers: { authorization: `Bearer ${w.owner.token}`, 'content-type': 'application/json' },
  });
  if (shared.statusCode !== 200) throw new Error(`sharing the matrix album failed: ${shared.body}`);
  return href;
}

/** A public album of the site owner (any signed-in caller opens it); answers its href. */
async function publicAlbum(w: MatrixWorld): Promise<string> {
  const album = await w.dam.ctx.repos.albums.create(w.owner.id, `matrix public album ${++serial}`, '');
  await w.dam.ctx.repos.albums.update(album.id, { showOnHomepage: true });
  return `/fotoweb/users/${w.owner.id}/albums/${album.id}/`;
}

/** A comment of the site owner on a new public album of theirs; answers the comment's href. */
async function ownersComment(w: MatrixWorld): Promise<string> {
  const href = await publicAlbum(w);
  const made = await w.dam.app.inject({
    ...jsonRequest('POST', `${href}.comments/`, { text: 'A comment of the matrix.' }),
    headers: { authorization: `Bearer ${w.owner.token}`, 'content-type': 'application/json' },
  });
  if (made.statusCode !== 201) throw new Error(`commenting on the matrix album failed: ${made.body}`);
  return (made.json() as { href: string }).href;
}

/** Only the site owner (its owner) and the `permitted` caller it is shared with reach it. */
const sharedWithPermitted = (ok: number): MatrixExpect => ({ none: [401, 'Unauthorized'], outsider: [404, 'NotFound'], viewer: [404, 'NotFound'], permitted: ok, owner: ok });

export const ALBUMS_MATRIX_ROWS: MatrixRow[] = [
  {
    operation: 'listPeople',
    grant: { groupPermissions: ['albums.shareWithUsers'] },
    request: async () => ({ method: 'GET', url: '/fotoweb/me/people/?q=matrix' }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 200, owner: 200 },
    refusal: /albums\.shareWithUsers/,
  },
  {
    operation: 'getAlbum',
    label: 'shared with the caller',
    grant: {},
    request: async (w) => ({ method: 'GET', url: await sharedAlbum(w, ['view']) }),
    expect: sharedWithPermitted(200),
  },
  {
    operation: 'addAlbumAssets',
    label: 'shared with the caller for contribution',
    grant: { archive: ['View'] },
    request: async (w) => jsonRequest('POST', await sharedAlbum(w, ['view', 'contribute']), { data: [w.asset.href] }),
    expect: sharedWithPermitted(200),
  },
  {
    operation: 'updateAlbumShares',
    label: 'with a user',
    grant: { groupPermissions: ['albums.shareWithUsers'] },
    request: async (w) => jsonRequest('PATCH', `${await permittedAlbum(w)}.shares/`, { addShares: [{ type: 'user', href: `/fotoweb/api/users/${w.owner.id}`, acl: ['view'] }] }),
    expect: ownersOnly(200),
  },
  {
    operation: 'listAlbumComments',
    grant: {},
    request: async (w) => ({ method: 'GET', url: `${await permittedAlbum(w)}.comments/` }),
    expect: ownersOnly(200),
  },
  {
    operation: 'addAlbumComment',
    label: 'shared with the caller',
    grant: { groupPermissions: ['albums.comment'] },
    request: async (w) => jsonRequest('POST', `${await sharedAlbum(w, ['view'])}.comments/`, { text: 'Lovely.' }),
    expect: sharedWithPermitted(201),
  },
  {
    operation: 'addAlbumComment',
    label: 'a public album',
    grant: { groupPermissions: ['albums.comment'] },
    request: async (w) => jsonRequest('POST', `${await publicAlbum(w)}.comments/`, { text: 'Lovely.' }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 },
    refusal: /albums\.comment/,
  },
  {
    operation: 'deleteAlbumComment',
    label: 'someone else’s, on a public album',
    grant: { groupPermissions: ['moderateComments'] },
    request: async (w) => ({ method: 'DELETE', url: await ownersComment(w) }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 204, owner: 204 },
    refusal: /moderateComments/,
  },
  {
    operation: 'createAlbum',
    grant: { groupPermissions: ['albums.create'] },
    request: async () => jsonRequest('POST', '/fotoweb/me/albums/', { name: `made ${++serial}` }),
    expect: { none: [401, 'Unauthorized'], outsider: [403, 'Forbidden'], viewer: [403, 'Forbidden'], permitted: 201, owner: 201 },
    refusal: /albums\.create/,
  },
  {
    operation: 'getAlbum',
    grant: {},
    request: async (w) => ({ method: 'GET', url: await permittedAlbum(w) }),
    expect: ownersOnly(200),
  },
  {
    operation: 'updateAlbum',
    grant: {},
    request: async (w) => jsonRequest('PATCH', await permittedAlbum(w), { name: `renamed ${++serial}` }),
    expect: ownersOnly(200),
  },
  {
    operation: 'addAlbumAssets',
    label: 'an asset the owner may view',
    grant: { archive: ['View'] },
    request: async (w) => jsonRequest('POST', await permittedAlbum(w), { data: [w.asset.href] }),
    expect: ownersOnly(200),
  },
  {
    operation: 'getAlbumShares',
    grant: {},
    request: async (w) => ({ method: 'GET', url: `${await permittedAlbum(w)}.shares/` }),
    expect: ownersOnly(200),
  },
  {
    operation: 'updateAlbumShares',
    label: 'a share link',
    grant: { groupPermissions: ['albums.shareWithGuests'] },
    request: async (w) => jsonRequest('PATCH', `${await permittedAlbum(w)}.shares/`, { addShares: [{ type: 'everyone', acl: ['view'] }] }),
    expect: ownersOnly(200),
  },
  {
    operation: 'deleteAlbum',
    grant: {},
    request: async (w) => ({ method: 'DELETE', url: await permittedAlbum(w) }),
    expect: ownersOnly(204),
  },
];
