import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { MEDIA_TYPES } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { serveOperations } from '../../http/operations.ts';
import { contentDisposition } from '../../http/send-file.ts';

/**
 * Activity exports (issue 15, spec 03 §2.1 "Activity exports", §3.12 activity logging; Magpie's own, FotoWeb publishes
 * none): `GET /fotoweb/api/activity` lists the activity log newest first with filters, `GET /fotoweb/api/activity/export`
 * streams it as a CSV (`activity-<date>.csv`) or JSON-lines download, `GET`/`PUT /fotoweb/api/activity/settings` read
 * and change what it records (`manageActivityLogging`). Never cached: the log names people.
 */
export async function activityRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/activity', {
    listActivity: async ({ caller, query, reply }) => reply.header('cache-control', 'no-store').send(await ctx.activity.list(caller, query)),
  });
  serveOperations(app, '/fotoweb/api/activity/settings', {
    getActivitySettings: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await ctx.activity.settings(caller)),
    updateActivitySettings: async ({ caller, body, reply }) => reply.header('cache-control', 'no-store').send(await ctx.activity.saveSettings(caller, body)),
  });
  serveOperations(app, '/fotoweb/api/activity/export', {
    exportActivity: async ({ caller, query, reply }) => {
      const { format = 'csv', ...filters } = query;
      const chunks = ctx.activity.exportRows(caller, filters, format);
      const name = `activity-${new Date().toISOString().slice(0, 10)}.${format === 'csv' ? 'csv' : 'jsonl'}`;
      return reply
        .header('content-type', format === 'csv' ? `${MEDIA_TYPES.csv}; charset=utf-8; header=present` : `${MEDIA_TYPES.ndjson}; charset=utf-8`)
        .header('content-disposition', contentDisposition('attachment', name))
        .header('cache-control', 'private, no-store')
        .send(Readable.from(chunks));
    },
  });
}
