/**
 * The albums room's rows of the authorization matrix (policies/authorization.matrix.test.ts). Creating an album needs
 * the group permission `albums.create` (403 naming it otherwise). An album is the business of its owner: each request
 * acts on an album the row's `permitted` caller owns, so the others (the site owner included, who holds
 * `manageAlbums`) are told apart: a stranger gets 404, as if it did not exist. Adding an asset needs View on it too.
 * Making a share link needs `albums.shareWithGuests` as well. Listing one's own albums, and a share link's page, its
 * password, previews and originals (the link is the credential), are open operations of the matrix.
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

export const ALBUMS_MATRIX_ROWS: MatrixRow[] = [
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
