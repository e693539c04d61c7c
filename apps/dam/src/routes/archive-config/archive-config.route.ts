import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * Archive administration (issue 12; spec 03 §2.12, §3.8–§3.11, §7 Archives): the archives with their configuration
 * and access lists under `/fotoweb/api/config/archives`. Plain JSON (FotoWare's configuration API has no vendor types).
 */
export async function archiveConfigRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/config/archives', {
    listArchiveConfigs: async ({ caller }) => ctx.archiveConfig.list(caller),
    createArchiveConfig: async ({ caller, body, reply }) => {
      const created = await ctx.archiveConfig.create(caller, body);
      return reply.code(201).header('location', created.href).send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/config/archives/:id', {
    getArchiveConfig: async ({ caller, params }) => ctx.archiveConfig.get(caller, params.id),
    updateArchiveConfig: async ({ caller, params, body }) => ctx.archiveConfig.update(caller, params.id, body),
    deleteArchiveConfig: async ({ caller, params, query, reply }) => {
      await ctx.archiveConfig.delete(caller, params.id, { moveAssetsTo: query.moveAssetsTo });
      return reply.code(204).send();
    },
  });
}
