import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/** `POST /fotoweb/services/logout` (revokes the caller's grant), `GET /fotoweb/services/keepalive`, `GET /fotoweb/health`. */
export async function servicesRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/services/logout', {
    logout: async ({ reply, caller }) => {
      await ctx.auth.revokeGrant(caller.grantId);
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/services/keepalive', { keepalive: async ({ reply }) => reply.code(204).send() });
  serveOperations(
    app,
    '/fotoweb/health',
    {
      getHealth: async () => {
        await ctx.repos.jobs.countPending();
        return { status: 'ok', database: ctx.database.kind };
      },
    },
    { config: { public: true } },
  );
}
