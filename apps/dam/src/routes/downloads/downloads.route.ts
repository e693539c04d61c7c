import type { FastifyInstance } from 'fastify';
import { MEDIA_TYPES } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref } from '../../http/resource-path.ts';
import { contentDisposition } from '../../http/send-file.ts';
import { zipSize, zipStream } from '../../storage/zip.ts';

/**
 * ZIP downloads of a selection (issue 13): `POST /fotoweb/me/downloads/` prepares one (201, `Location`), and
 * `GET /fotoweb/me/downloads/{id}/{name}` streams it with its exact `Content-Length`, built file by file as it goes.
 */
export async function downloadsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, ['/fotoweb/me/downloads/', '/fotoweb/me/downloads/:id/:name'], {
    createDownload: async ({ reply, caller, body }) => {
      const created = await ctx.downloads.create(
        caller,
        body.assets.map(({ href }) => ({ href, asset: parseAssetHref(href) })),
      );
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
    getDownload: async ({ reply, caller, params }) => {
      const zip = await ctx.downloads.prepare(caller, params.id);
      return reply
        .header('content-type', MEDIA_TYPES.zip)
        .header('content-disposition', contentDisposition('attachment', zip.name))
        .header('content-length', await zipSize(zip.entries))
        .header('cache-control', 'private, no-store')
        .send(zipStream(ctx.files, zip.entries));
    },
  });
}
