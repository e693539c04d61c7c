import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * `GET /fotoweb/cache/previews/{assetId}/{size}[s].{version}.jpg`: preview images (Preview permission). The URL
 * changes when the preview is remade, so browsers may cache it for a day.
 */
export async function previewRoutes(app: FastifyInstance, ctx: DamContext) {
  app.get<{ Params: { assetId: string; name: string } }>('/fotoweb/cache/previews/:assetId/:name', async (request, reply) => {
    const match = /^(\d+s?)\.[0-9a-z]+\.jpg$/.exec(request.params.name);
    if (!/^\d{1,9}$/.test(request.params.assetId) || !match) throw notFound('The preview');
    const file = await ctx.assets.preview(callerOf(request), Number(request.params.assetId), match[1]!);
    return sendStoredFile(request, reply, ctx.files, file, { disposition: 'inline', cacheControl: 'private, max-age=86400, immutable' });
  });
}
