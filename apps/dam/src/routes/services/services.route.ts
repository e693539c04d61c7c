import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';

/** `POST /fotoweb/services/logout` (revokes the caller's grant), `GET /fotoweb/services/keepalive`, `GET /fotoweb/health`. */
export async function servicesRoutes(app: FastifyInstance, ctx: DamContext) {
  app.post('/fotoweb/services/logout', async (request, reply) => {
    await ctx.auth.revokeGrant(callerOf(request).grantId);
    return reply.code(204).send();
  });
  app.get('/fotoweb/services/keepalive', async (_request, reply) => reply.code(204).send());
  app.get('/fotoweb/health', { config: { public: true } }, async () => {
    await ctx.repos.jobs.countPending();
    return { status: 'ok', database: ctx.database.kind };
  });
}
