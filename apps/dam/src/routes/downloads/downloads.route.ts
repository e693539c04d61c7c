import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref } from '../../http/resource-path.ts';
import { sendZip } from '../../http/send-file.ts';

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
      return sendZip(reply, ctx.files, zip);
    },
  });
}
