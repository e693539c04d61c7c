import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { notFound } from '../../lib/errors.ts';

/** A stored asset id of a share link's URL. @throws ApiError 404 for anything else. */
function assetIdOf(text: string): number {
  if (!/^[0-9]{1,9}$/.test(text)) throw notFound('The asset');
  return Number(text);
}

/**
 * Share links of albums (issue 13; dam.yaml `getSharedAlbum`…): public, whatever the guest setting; the link is the
 * credential and `SharedAlbumsService` checks it (and a password link's `access`) on every call. Answers are never
 * kept by shared caches (`Cache-Control: private, no-store` on the page).
 */
export async function sharesRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(
    app,
    ['/fotoweb/shares/:token/', '/fotoweb/shares/:token/access', '/fotoweb/shares/:token/previews/:assetId/:name', '/fotoweb/shares/:token/originals/:assetId'],
    {
      getSharedAlbum: async ({ reply, params, query }) => {
        const album = await ctx.sharedAlbums.get(params.token, query.access, query.p === undefined ? 0 : Number(query.p));
        return reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer').send(album);
      },
      unlockSharedAlbum: async ({ reply, params, body }) => reply.header('cache-control', 'no-store').send(await ctx.sharedAlbums.unlock(params.token, body.password)),
      getSharedPreview: async ({ request, reply, params, query }) => {
        const match = /^(\d+s?)\.[0-9a-z]+\.jpg$/.exec(params.previewName);
        if (!match) throw notFound('The preview');
        const file = await ctx.sharedAlbums.preview(params.token, query.access, assetIdOf(params.assetId), match[1]!);
        return sendStoredFile(request, reply, ctx.files, file, { disposition: 'inline', cacheControl: 'private, max-age=3600' });
      },
      getSharedOriginal: async ({ request, reply, params, query }) => {
        const file = await ctx.sharedAlbums.original(params.token, query.access, assetIdOf(params.assetId));
        return sendStoredFile(request, reply, ctx.files, file, { disposition: 'attachment', cacheControl: 'private, max-age=0' });
      },
    },
    { config: { public: true } },
  );
}
