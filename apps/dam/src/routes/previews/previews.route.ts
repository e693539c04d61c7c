import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { StoredFileMemory } from '../../http/send-file.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * `GET /fotoweb/cache/previews/{assetId}/{size}[s].{version}.jpg`: preview images (Preview permission). The URL
 * changes when the preview is remade, so browsers may cache it for a day.
 */
export async function previewRoutes(app: FastifyInstance, ctx: DamContext) {
  // Previews are small and asked for again and again: their bytes stay in memory (64 MiB at most).
  const previewFiles = new StoredFileMemory(ctx.files);
  serveOperations(app, '/fotoweb/cache/previews/:assetId/:name', {
    getPreview: async ({ request, reply, caller, params }) => {
      const match = /^(\d+s?)\.[0-9a-z]+\.jpg$/.exec(params.previewName ?? '');
      if (!/^\d{1,9}$/.test(params.assetId ?? '') || !match) throw notFound('The preview');
      const assetId = Number(params.assetId);
      // A preview token (issue 16) opens the previews of its own asset only.
      if (request.previewScope) {
        const { archiveId, folderPath, filename } = request.previewScope;
        if ((await ctx.repos.assets.findByPath(archiveId, folderPath, filename))?.id !== assetId) throw notFound('The preview');
      }
      // Which file, kept while nothing changes (issue 9): the browse path asks for dozens of previews per page.
      const file = await ctx.representations.remember(`preview\0${caller.userId}\0${assetId}\0${match[1]}`, () => ctx.assets.preview(caller, assetId, match[1]!));
      return previewFiles.send(request, reply, file, { disposition: 'inline', cacheControl: 'private, max-age=86400, immutable' });
    },
  });
}
