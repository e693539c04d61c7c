import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { parsePinnableHref } from '../../http/resource-path.ts';
import { badRequest } from '../../lib/errors.ts';
import type { AlertUpdate } from '@magpie/api-types';
import type { AlertChange, AlertTarget } from '../../services/alerts.service.ts';
import { ALERTS_HREF, NOTIFICATIONS_HREF } from '../../presenters/hrefs.ts';

/**
 * The archive and folder a collection href names (`collection` of an alert's body).
 * @throws ApiError 400 `InvalidRequest` for an href that is no archive's or folder's.
 */
function targetOf(href: string): AlertTarget {
  const named = parsePinnableHref(href);
  if (named?.kind !== 'collection') {
    throw badRequest('An alert watches an archive or a folder: send its href, e.g. /fotoweb/archives/5000-Photos/.', [{ path: 'collection', message: 'not a collection href' }]);
  }
  return named.ref;
}

/** An alert's change as the service takes it: the collection href read into its archive and folder. */
function changeOf(body: AlertUpdate): AlertChange {
  return { target: body.collection === undefined ? undefined : targetOf(body.collection), interval: body.interval, dtSearchString: body.dtSearchString };
}

/**
 * Search alerts (issue 15; spec 01 §7 `GET, POST /fotoweb/me/alerts/`, `GET, PUT or PATCH, DELETE on an alert href`)
 * and the notifications they make (Magpie's `/fotoweb/me/notifications/`). Plain JSON; answers are never cached (they
 * change behind the client's back as the alert sweep runs).
 */
export async function alertsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, ALERTS_HREF, {
    listAlerts: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.alerts.list(caller)),
    createAlert: async ({ caller, body, reply }) => {
      const alert = await ctx.alerts.create(caller, { target: targetOf(body.collection), interval: body.interval, dtSearchString: body.dtSearchString });
      return reply.code(201).header('location', alert.href).header('cache-control', 'no-store').send(alert);
    },
  });
  serveOperations(app, `${ALERTS_HREF}:alertId`, {
    getAlert: async ({ caller, params, reply }) => reply.header('cache-control', 'no-store').send(await ctx.alerts.get(caller, params.alertId)),
    replaceAlert: async ({ caller, params, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.alerts.update(caller, params.alertId, changeOf(body))),
    updateAlert: async ({ caller, params, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.alerts.update(caller, params.alertId, changeOf(body))),
    deleteAlert: async ({ caller, params, reply }) => {
      await ctx.alerts.delete(caller, params.alertId);
      return reply.code(204).send();
    },
  });
  serveOperations(app, NOTIFICATIONS_HREF, {
    listNotifications: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.alerts.notifications(caller)),
  });
  serveOperations(app, `${NOTIFICATIONS_HREF}read`, {
    markNotificationsRead: async ({ caller, reply }) => {
      await ctx.alerts.markNotificationsRead(caller);
      return reply.code(204).send();
    },
  });
}
