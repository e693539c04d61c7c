import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * `GET /fotoweb/cache/video/{assetId}/{version}.mp4` (dam.yaml `getWebVideo`, issue 16): a movie's web-playable copy,
 * streamed with byte ranges so the asset view's player seeks (Preview permission). The version in the URL names the
 * copy, so browsers may cache it for a day.
 */
export async function webVideoRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/cache/video/:assetId/:name', {
    getWebVideo: async ({ request, reply, caller, params }) => {
      const match = /^([0-9a-f]{12})\.mp4$/.exec(params.videoName ?? '');
      if (!/^\d{1,9}$/.test(params.assetId ?? '') || !match) throw notFound('The video');
      const file = await ctx.assets.webVideo(caller, Number(params.assetId), match[1]!);
      return sendStoredFile(request, reply, ctx.files, file, { disposition: 'inline', cacheControl: 'private, max-age=86400, immutable' });
    },
  });
}
