import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DeleteRequestSchema, DuplicateRequestSchema, MetadataEditRequestSchema, MoveRequestSchema, RenameRequestSchema, RotateRequestSchema } from '@magpie/api-types/schemas';
import { MEDIA_TYPES } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { sendRepresentation, type FileOperationResponse } from '../../http/media-types.ts';
import { serveOperations } from '../../http/operations.ts';
import { parseAssetHref, parsePinnableHref } from '../../http/resource-path.ts';
import { ApiError } from '../../lib/errors.ts';
import type { TaskAssetRequest } from '../../services/background-tasks.service.ts';
import type { FileOperationInput } from '../../services/file-operations.service.ts';
import type { CollectionReference } from '../../lib/references.ts';

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/** The assets a task body names, each href read into the asset it refers to (undefined: not an asset URL). */
const assetsOf = (assets: ReadonlyArray<{ href: string; revision?: number | undefined }>): TaskAssetRequest[] =>
  assets.map(({ href, revision }) => ({ href, asset: parseAssetHref(href), ...(revision === undefined ? {} : { revision }) }));

/** The archive or folder a `job-destination` names, or undefined for any other URL. */
function destinationOf(href: string): CollectionReference | undefined {
  const parsed = parsePinnableHref(href);
  if (parsed?.kind === 'taxonomyItem') return { archiveId: parsed.ref.archiveId, folderPath: '' };
  return parsed?.kind === 'collection' ? parsed.ref : undefined;
}

/** The file-operation request media types (issue 13), each read into the operation it asks for. */
const FILE_OPERATIONS: Record<string, (body: unknown) => { assets: Array<{ href: string }>; input: FileOperationInput; response: FileOperationResponse }> = {
  [MEDIA_TYPES.renameRequest]: (body) => {
    const parsed = RenameRequestSchema.parse(body);
    return { assets: parsed.assets, input: { type: 'rename', filename: parsed['job-filename'] }, response: 'rename-response' };
  },
  [MEDIA_TYPES.moveRequest]: (body) => {
    const parsed = MoveRequestSchema.parse(body);
    return { assets: parsed.assets, input: { type: 'move', destination: destinationOf(parsed['job-destination']) }, response: 'move-response' };
  },
  [MEDIA_TYPES.copyRequest]: (body) => {
    const parsed = MoveRequestSchema.parse(body);
    return { assets: parsed.assets, input: { type: 'copy', destination: destinationOf(parsed['job-destination']) }, response: 'copy-response' };
  },
  [MEDIA_TYPES.rotateRequest]: (body) => {
    const parsed = RotateRequestSchema.parse(body);
    return { assets: parsed.assets, input: { type: 'rotate', direction: parsed.direction }, response: 'rotate-response' };
  },
  [MEDIA_TYPES.deleteRequest]: (body) => ({ assets: DeleteRequestSchema.parse(body).assets, input: { type: 'delete' }, response: 'delete-response' }),
};

/**
 * Background tasks (fotoweb-api-notes §6.2; spec 01 §4, §7): `POST /fotoweb/me/background-tasks/` runs a
 * `metadata-edit-request`, a `duplicate-request` or a file operation (`rename-`, `move-`, `copy-`, `rotate-`,
 * `delete-request`; issue 13) — the `Content-Type` says which, 415 for another task — and
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
      } else if (FILE_OPERATIONS[type]) {
        const operation = FILE_OPERATIONS[type](request.body);
        created = await ctx.backgroundTasks.createFileOperation(caller, assetsOf(operation.assets), operation.input);
        reply.header('location', created.location);
        return sendRepresentation(request, reply, operation.response, created, 201);
      } else {
        const offered = [MEDIA_TYPES.metadataEditRequest, MEDIA_TYPES.duplicateRequest, ...Object.keys(FILE_OPERATIONS)].join(', ');
        throw new ApiError(415, 'UnsupportedMediaType', `Magpie runs these tasks: ${offered}.`, 'Unsupported task');
      }
      reply.header('location', created.location);
      return sendRepresentation(request, reply, type === MEDIA_TYPES.duplicateRequest ? 'duplicate-response' : 'metadata-edit-response', created, 201);
    },
    getBackgroundTask: async ({ request, reply, caller, params }) =>
      sendRepresentation(request, reply, 'task-status', await ctx.backgroundTasks.status(caller, params.id)).header('cache-control', 'no-store'),
  });
}
