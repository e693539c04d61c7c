import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * Processing profiles (issue 16; Magpie's own administration API, dam.yaml `listProcessingProfiles`…): the named
 * renditions every asset offers, for administrators with `manageArchives`.
 */
export async function processingProfilesRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/processing-profiles', {
    listProcessingProfiles: async ({ reply, caller }) => reply.header('cache-control', 'no-store').send(await ctx.processingProfiles.list(caller)),
    createProcessingProfile: async ({ reply, caller, body }) => {
      const created = await ctx.processingProfiles.create(caller, body);
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/processing-profiles/:id', {
    updateProcessingProfile: async ({ reply, caller, params, body }) =>
      reply.header('cache-control', 'no-store').send(await ctx.processingProfiles.update(caller, params.id, body)),
    deleteProcessingProfile: async ({ reply, caller, params }) => {
      await ctx.processingProfiles.delete(caller, params.id);
      return reply.code(204).send();
    },
  });
}
