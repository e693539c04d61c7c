import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { sendStoredFile } from '../../http/send-file.ts';
import { RENDITION_RETRY_AFTER_SECONDS } from '../../services/renditions.service.ts';
import { InvalidPathError, parseArchivesPath, UnknownArchiveError } from '../../http/resource-path.ts';
import { badRequest, notFound } from '../../lib/errors.ts';

/**
 * The asset and rendition name an href names (`<asset>.info/__renditions/<name>`, optionally with scheme and host).
 * @throws ApiError 400 (`href`) for any other URL, 404 for an archive that cannot exist.
 */
function parseRenditionHref(href: string): { archiveId: number; folderPath: string; filename: string; rendition: string } {
  const pathname = href.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0]!;
  const prefix = '/fotoweb/archives/';
  const refuse = () => badRequest('`href` is not an asset rendition URL (<asset>.info/__renditions/<name>).', [{ path: 'href', message: 'Not a rendition URL.' }]);
  if (!pathname.startsWith(prefix)) throw refuse();
  try {
    const parsed = parseArchivesPath(pathname.slice(prefix.length));
    if (parsed.kind !== 'asset' || parsed.rendition === undefined) throw refuse();
    return { archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename, rendition: parsed.rendition };
  } catch (error) {
    if (error instanceof UnknownArchiveError) throw notFound('The asset');
    if (error instanceof InvalidPathError) throw refuse();
    throw error;
  }
}

/**
 * FotoWeb's rendition service (issue 16, fotoweb-api-notes §6.3): `POST /fotoweb/services/renditions` answers 202 with
 * the rendition's href (also in `Location`), and `GET /fotoweb/me/background-tasks/{id}/0/{name}` answers 202 with
 * `Retry-After` until the file is made, then the file.
 */
export async function renditionsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/services/renditions', {
    requestRendition: async ({ reply, caller, body }) => {
      const created = await ctx.renditions.request(caller, parseRenditionHref(body.href), body);
      return reply
        .code(202)
        .header('location', created.href)
        .header('cache-control', 'no-store')
        .type('application/vnd.fotoware.rendition-response+json; charset=utf-8')
        .send(created);
    },
  });
  serveOperations(app, '/fotoweb/me/background-tasks/:id/0/:name', {
    getRenditionFile: async ({ request, reply, caller, params }) => {
      const rendition = await ctx.renditions.file(caller, params.id);
      if (!rendition.ready) {
        return reply
          .code(202)
          .header('retry-after', String(RENDITION_RETRY_AFTER_SECONDS))
          .header('cache-control', 'no-store')
          .send({ href: request.url.split('?')[0] });
      }
      return sendStoredFile(request, reply, ctx.files, rendition.file, { disposition: 'attachment', cacheControl: 'private, no-store' });
    },
  });
}
