import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * Webhooks (issue 16; spec 03 §2.1 "Webhooks"; Magpie's admin API): `GET`/`POST /fotoweb/api/webhooks` list and
 * register webhooks, `DELETE /fotoweb/api/webhooks/{id}` removes one, `GET /fotoweb/api/webhooks/{id}/deliveries`
 * lists its deliveries, `POST …/deliveries/{deliveryId}/redeliver` sends one again, with `manageWebhooks`. Never cached: a registered webhook's secret is shown once.
 */
export async function webhooksRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/webhooks', {
    listWebhooks: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.webhooks.list(caller)),
    createWebhook: async ({ caller, body, reply }) => {
      const created = await ctx.webhooks.create(caller, body);
      return reply.code(201).header('location', created.href).header('cache-control', 'no-store').send(created);
    },
  });
  serveOperations(app, '/fotoweb/api/webhooks/:id', {
    deleteWebhook: async ({ caller, params, reply }) => {
      await ctx.webhooks.delete(caller, params.id);
      return reply.code(204).send();
    },
  });
  serveOperations(app, '/fotoweb/api/webhooks/:id/deliveries', {
    listWebhookDeliveries: async ({ caller, params, reply }) => reply.header('cache-control', 'no-store').send(await ctx.webhooks.deliveries(caller, params.id)),
  });
  serveOperations(app, '/fotoweb/api/webhooks/:id/deliveries/:deliveryId/redeliver', {
    redeliverWebhookDelivery: async ({ caller, params, reply }) =>
      reply
        .code(202)
        .header('cache-control', 'no-store')
        .send(await ctx.webhooks.redeliver(caller, params.id, params.deliveryId)),
  });
}
