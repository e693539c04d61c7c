import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * The mail outbox (issue 14 "Mail"; Magpie's own, FotoWeb has none): `GET /fotoweb/api/config/mail` lists Magpie's
 * messages newest first, `GET /fotoweb/api/config/mail/<id>` reads one with its parts, and `POST
 * /fotoweb/api/config/mail/test` queues a test message to the caller's own address. Plain JSON, like the rest of the
 * site's configuration; answers are never cached (a message may hold a link that admits its reader).
 */
export async function mailRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/config/mail', {
    listMail: async ({ caller, query, reply }) => reply.header('cache-control', 'no-store').send(await ctx.outbox.list(caller, query)),
  });
  serveOperations(app, '/fotoweb/api/config/mail/test', {
    sendTestMail: async ({ caller, reply }) => {
      const message = await ctx.outbox.sendTest(caller);
      return reply.code(202).header('location', message.href).header('cache-control', 'no-store').send(message);
    },
  });
  serveOperations(app, '/fotoweb/api/config/mail/:mailId', {
    getMail: async ({ caller, params, reply }) => reply.header('cache-control', 'no-store').send(await ctx.outbox.get(caller, params.mailId)),
  });
}
