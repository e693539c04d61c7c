import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DamContext } from '../../context.ts';
import { negotiate, sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAlbumLinkHref, parseAssetHref, parsePrincipalHref } from '../../http/resource-path.ts';
import { ApiError } from '../../lib/errors.ts';
import type { AssetReference } from '../../lib/references.ts';
import type { AlbumReference, LinkShareInput, PersonShareInput } from '../../services/albums.service.ts';

const ALBUM_REPRESENTATIONS = ['collection', 'collectioninfo', 'assetlist'] as const;

/**
 * Reads asset hrefs into references (`http/resource-path.ts`).
 * @param at the body path of the list, for the error's `issues` (`data`, `assets.delete`…).
 * @throws ApiError 400 `InvalidHref` naming every href that is not an asset's.
 */
function assetReferences(hrefs: readonly string[], at: string): AssetReference[] {
  const references: AssetReference[] = [];
  const issues: Array<{ path: string; message: string }> = [];
  hrefs.forEach((href, index) => {
    const reference = parseAssetHref(href);
    if (reference) references.push(reference);
    else issues.push({ path: `body.${at}.${index}`, message: `"${href.length > 100 ? `${href.slice(0, 100)}…` : href}" is not an asset href.` });
  });
  if (issues.length > 0) throw new ApiError(400, 'InvalidHref', 'Albums hold assets, named by the href the server gave them.', 'Invalid href', issues);
  return references;
}

/** One asset href read into a reference. @throws ApiError 400 `InvalidHref`. */
function assetReference(href: string, at: string): AssetReference {
  return assetReferences([href], at)[0]!;
}

/** The id a user's or group's href names, or undefined for anything else. */
function principalId(href: string, type: 'user' | 'group'): number | undefined {
  try {
    return parsePrincipalHref(href, type);
  } catch {
    return undefined;
  }
}

/** A JSON answer no cache keeps (comments change as people write). */
function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(JSON.stringify(body));
}

const albumOf = (params: { userId: string; albumId: string }): AlbumReference => ({ ownerId: Number(params.userId), albumId: Number(params.albumId) });

/** The caller's albums (issue 13; FotoWeb API, Albums; spec 01 §7 `PATCH album`, `PATCH collection poster_asset`). */
export async function albumsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, ['/fotoweb/me/albums/', '/fotoweb/me/albums/*'], {
    listAlbums: async ({ request, reply, caller, query }) => sendRepresentation(request, reply, 'collectionlist', await ctx.albums.list(caller, 'mine', query.q)),
    createAlbum: async ({ request, reply, caller, body }) => {
      const album = await ctx.albums.create(caller, body.name, body.description);
      return sendRepresentation(request, reply.header('location', album.href), 'collectioninfo', album, 201);
    },
    listAlbumsIn: async ({ request, reply, caller, params }) => sendRepresentation(request, reply, 'collectionlist', await ctx.albums.list(caller, params.list)),
  });
  serveOperations(app, '/fotoweb/albums/', {
    listPublicAlbums: async ({ request, reply, caller }) => sendRepresentation(request, reply, 'collectionlist', await ctx.albums.listPublic(caller)),
  });
  serveOperations(app, '/fotoweb/me/people/', {
    listPeople: async ({ request, reply, caller, query }) => sendRepresentation(request, reply, 'people-list', await ctx.albums.people(caller, query.q)),
  });
  serveOperations(app, '/fotoweb/users/:userId/albums/*', {
    getAlbum: async ({ request, reply, caller, params, query }) => {
      const page = query.p === undefined ? 0 : Number(query.p);
      const representation = negotiate(request, ALBUM_REPRESENTATIONS, page > 0 ? 'assetlist' : 'collection');
      return sendRepresentation(request, reply, representation, await ctx.albums.get(caller, albumOf(params), representation, page));
    },
    addAlbumAssets: async ({ reply, caller, params, body }) => {
      const hrefs = body.data.map((item) => (typeof item === 'string' ? item : item.href));
      const result = await ctx.albums.add(caller, albumOf(params), assetReferences(hrefs, 'data'));
      return sendJson(reply, 200, result);
    },
    updateAlbum: async ({ request, reply, caller, params, body }) => {
      const album = await ctx.albums.update(caller, albumOf(params), {
        name: body.name,
        description: body.description,
        poster: body.poster_asset === undefined ? undefined : body.poster_asset === null ? null : assetReference(body.poster_asset, 'poster_asset'),
        remove: body.assets ? assetReferences(body.assets.delete, 'assets.delete') : undefined,
        move: body.move && {
          assets: assetReferences(body.move.assets, 'move.assets'),
          to: body.move.to,
          target: body.move.target === undefined ? undefined : assetReference(body.move.target, 'move.target'),
        },
        archived: body.archived,
        restore: body.deleted === false,
        showOnHomepage: body.showOnHomepage,
      });
      return sendRepresentation(request, reply, 'collectioninfo', album);
    },
    deleteAlbum: async ({ reply, caller, params }) => {
      await ctx.albums.delete(caller, albumOf(params));
      return reply.code(204).send();
    },
    listAlbumComments: async ({ reply, caller, params }) => sendJson(reply, 200, await ctx.albumComments.list(caller, albumOf(params))),
    addAlbumComment: async ({ reply, caller, params, body }) => {
      const comment = await ctx.albumComments.add(caller, albumOf(params), body.text);
      return sendJson(reply.header('location', comment.href), 201, comment);
    },
    deleteAlbumComment: async ({ reply, caller, params }) => {
      await ctx.albumComments.delete(caller, albumOf(params), Number(params.commentId));
      return reply.code(204).send();
    },
    getAlbumShares: async ({ request, reply, caller, params }) => sendRepresentation(request, reply, 'sharing', await ctx.albums.sharing(caller, albumOf(params))),
    updateAlbumShares: async ({ request, reply, caller, params, body }) => {
      const album = albumOf(params);
      const revoke: number[] = [];
      const unshare = { userIds: [] as number[], groupIds: [] as number[] };
      const links: LinkShareInput[] = [];
      const people: PersonShareInput[] = [];
      const issues: Array<{ path: string; message: string }> = [];
      (body.removeShares ?? []).forEach((share, index) => {
        const at = `body.removeShares.${index}.href`;
        if (share.type === 'everyone') {
          const link = parseAlbumLinkHref(share.href);
          if (!link) issues.push({ path: at, message: 'Not a share link of an album.' });
          else if (link.ownerId === album.ownerId && link.albumId === album.albumId) revoke.push(link.linkId);
        } else {
          const id = principalId(share.href, share.type);
          if (id === undefined) issues.push({ path: at, message: `Not a ${share.type}'s href.` });
          else (share.type === 'user' ? unshare.userIds : unshare.groupIds).push(id);
        }
      });
      (body.addShares ?? []).forEach((share, index) => {
        const at = `body.addShares.${index}`;
        if (share.type === 'everyone') {
          links.push({ acl: share.acl, expires: share.expires, password: share.password, at });
          return;
        }
        const id = principalId(share.href ?? '', share.type);
        if (id === undefined) issues.push({ path: `${at}.href`, message: `Not a ${share.type}'s href.` });
        else people.push({ type: share.type, id, acl: share.acl, at });
      });
      if (issues.length > 0) throw new ApiError(400, 'InvalidHref', 'Shares are named by the href the server gave them (a link, a user or a group).', 'Invalid href', issues);
      return sendRepresentation(request, reply, 'sharing-link-list', await ctx.albums.updateSharing(caller, album, links, revoke, people, unshare));
    },
  });
}
