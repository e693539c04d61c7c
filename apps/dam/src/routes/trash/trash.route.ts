import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/** The trash (issue 13): `GET` lists it, `PATCH {restore, purge}` restores or purges entries by id (`/fotoweb/me/trash/`). */
export async function trashRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/me/trash/', {
    listTrash: async ({ reply, caller }) => reply.header('cache-control', 'no-store').send(await ctx.trash.list(caller)),
    updateTrash: async ({ reply, caller, body }) => reply.header('cache-control', 'no-store').send(await ctx.trash.update(caller, body)),
  });
}
