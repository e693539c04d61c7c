import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DuplicateRequestSchema, MetadataEditRequestSchema } from '@magpie/api-types/schemas';
import { MEDIA_TYPES } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref } from '../../http/resource-path.ts';
import { ApiError } from '../../lib/errors.ts';
import type { TaskAssetRequest } from '../../services/background-tasks.service.ts';

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The assets a task body names, each href read into the asset it refers to (undefined: not an asset URL). */
const assetsOf = (assets: ReadonlyArray<{ href: string; revision?: number | undefined }>): TaskAssetRequest[] =>
  assets.map(({ href, revision }) => ({ href, asset: parseAssetHref(href), ...(revision === undefined ? {} : { revision }) }));

/**
 * Background tasks (fotoweb-api-notes §6.2; spec 01 §4, §7): `POST /fotoweb/me/background-tasks/` runs a
 * `metadata-edit-request` or a `duplicate-request` (the `Content-Type` says which, 415 for another task), and
 * `GET /fotoweb/me/background-tasks/{id}` polls its status (its creator only).
 */
export async function backgroundTasksRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, ['/fotoweb/me/background-tasks/', '/fotoweb/me/background-tasks/:id'], {
    createBackgroundTask: async ({ request, reply, caller }) => {
      const type = mediaTypeOf(request);
      let created;
      // The route table accepts either body; the media type names the one to check against (415 before 400).
      if (type === MEDIA_TYPES.metadataEditRequest) {
        const body = MetadataEditRequestSchema.parse(request.body);
        created = await ctx.backgroundTasks.createMetadataEdit(caller, { assets: assetsOf(body.assets), fields: body['job-metadata'] });
      } else if (type === MEDIA_TYPES.duplicateRequest) {
        created = await ctx.backgroundTasks.createDuplicate(caller, assetsOf(DuplicateRequestSchema.parse(request.body).assets));
      } else {
        const offered = `${MEDIA_TYPES.metadataEditRequest} or ${MEDIA_TYPES.duplicateRequest}`;
        throw new ApiError(415, 'UnsupportedMediaType', `Magpie runs ${offered} tasks only.`, 'Unsupported task');
      }
      reply.header('location', created.location);
      return sendRepresentation(request, reply, type === MEDIA_TYPES.duplicateRequest ? 'duplicate-response' : 'metadata-edit-response', created, 201);
    },
    getBackgroundTask: async ({ request, reply, caller, params }) =>
      sendRepresentation(request, reply, 'task-status', await ctx.backgroundTasks.status(caller, params.id)).header('cache-control', 'no-store'),
  });
}
