import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { sendStoredFile } from '../../http/send-file.ts';

/**
 * Watermarks (issue 16; Magpie's own administration API, dam.yaml `listWatermarks`…): the images archives choose and
 * processing profiles stamp, for administrators with `manageArchives`.
 */
export async function watermarksRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/watermarks', {
    listWatermarks: async ({ reply, caller }) => reply.header('cache-control', 'no-store').send(await ctx.watermarks.list(caller)),
    createWatermark: async ({ reply, caller, body }) => {
      const created = await ctx.watermarks.create(caller, body);
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/watermarks/:id', {
    updateWatermark: async ({ reply, caller, params, body }) => reply.header('cache-control', 'no-store').send(await ctx.watermarks.update(caller, params.id, body)),
    deleteWatermark: async ({ reply, caller, params }) => {
      await ctx.watermarks.delete(caller, params.id);
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/api/watermarks/:id/image', {
    getWatermarkImage: async ({ request, reply, caller, params }) =>
      sendStoredFile(request, reply, ctx.files, await ctx.watermarks.image(caller, params.id), { disposition: 'inline', cacheControl: 'private, no-cache' }),
  });
}
