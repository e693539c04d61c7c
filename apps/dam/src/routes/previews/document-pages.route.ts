import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { notFound } from '../../lib/errors.ts';

/** The most pages a document's pager asks for (a page number above it is no page). */
const MAX_PAGE = 100_000;

/**
 * `GET /fotoweb/cache/pages/{assetId}/{page}.{version}.jpg` (dam.yaml `getDocumentPage`, issue 16): a page of a PDF as
 * a JPEG for the asset view's pager (Preview permission). The version is the asset's last change, so an answer may be
 * cached for a day.
 */
export async function documentPageRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/cache/pages/:assetId/:name', {
    getDocumentPage: async ({ request, reply, caller, params }) => {
      const match = /^([1-9]\d{0,5})\.([0-9a-z]{1,12})\.jpg$/.exec(params.pageName ?? '');
      if (!/^\d{1,9}$/.test(params.assetId ?? '') || !match || Number(match[1]) > MAX_PAGE) throw notFound('The page');
      const file = await ctx.assets.documentPage(caller, Number(params.assetId), Number(match[1]), match[2]!);
      return sendStoredFile(request, reply, ctx.files, file, { disposition: 'inline', cacheControl: 'private, max-age=86400, immutable' });
    },
  });
}
