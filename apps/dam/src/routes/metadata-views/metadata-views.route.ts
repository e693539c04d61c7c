import type { FastifyInstance } from 'fastify';
import type { DamContext } from '../../context.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';

/**
 * Metadata views (issue 5; fotoweb-api-notes §4): `GET /fotoweb/editors/{id}` (`metadata-set`, whoever may view the
 * archive) and `PUT` to replace it (administrators).
 */
export async function metadataViewsRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/editors/:id', {
    getMetadataView: async ({ request, reply, caller, params }) => sendRepresentation(request, reply, 'metadata-set', await ctx.metadataViews.get(caller, params.id)),
    replaceMetadataView: async ({ request, reply, caller, params, body }) =>
      sendRepresentation(request, reply, 'metadata-set', await ctx.metadataViews.replace(caller, params.id, body)),
  });
}
