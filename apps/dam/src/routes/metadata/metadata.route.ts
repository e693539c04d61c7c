import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AssetUpdateSchema,
  BackgroundTaskParamsSchema,
  DuplicateRequestSchema,
  MetadataEditRequestSchema,
  MetadataViewIdParamsSchema,
  MetadataViewUpdateSchema,
  RevisionCompareRequestSchema,
  RollbackToRequestSchema,
} from '@magpie/api-types/schemas';
import { MEDIA_TYPES } from '@magpie/api-types';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { sendRepresentation } from '../../http/media-types.ts';
import { InvalidPathError, parseArchivesPath, type ArchivesPath } from '../../http/resource-path.ts';
import { ApiError, badRequest, notFound } from '../../lib/errors.ts';

const ARCHIVES_PREFIX = '/fotoweb/archives/';

/** The parsed `/fotoweb/archives/…` path of a request. @throws ApiError 400 for a malformed path. */
export function archivesPathOf(request: FastifyRequest): ArchivesPath {
  try {
    return parseArchivesPath(request.raw.url!.split('?')[0]!.slice(ARCHIVES_PREFIX.length));
  } catch (error) {
    if (error instanceof InvalidPathError) throw badRequest(error.message);
    throw error;
  }
}

const refOf = (path: Extract<ArchivesPath, { kind: 'asset' | 'revisions' }>) => ({ archiveId: path.archiveId, folderPath: path.folderPath, filename: path.filename });

function mediaTypeOf(request: FastifyRequest): string {
  return (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * `GET …/__revisions/` and `GET …/__revisions/{n}` (spec 01 §7 Revisions). Called by the archives route, which owns
 * every GET under `/fotoweb/archives/`.
 */
export async function getRevisions(ctx: DamContext, request: FastifyRequest, reply: FastifyReply, path: Extract<ArchivesPath, { kind: 'revisions' }>) {
  const caller = callerOf(request);
  if (path.action !== undefined) throw notFound('The resource');
  const body = path.revision === undefined ? await ctx.revisions.list(caller, refOf(path)) : await ctx.revisions.get(caller, refOf(path), path.revision);
  return reply.header('cache-control', 'private, no-cache').send(body);
}

/**
 * Metadata editing and revisions (issue 5): metadata views (`/fotoweb/editors/{id}`), `PATCH <asset>`, background
 * tasks (metadata edit, duplicate), and the revision operations under `<asset>/__revisions/`.
 */
export async function metadataRoutes(app: FastifyInstance, ctx: DamContext) {
  app.get('/fotoweb/editors/:id', async (request, reply) => {
    const { id } = MetadataViewIdParamsSchema.parse(request.params);
    const view = await ctx.metadataViews.get(callerOf(request), id);
    return sendRepresentation(request, reply, 'metadata-set', view);
  });
  app.put('/fotoweb/editors/:id', async (request, reply) => {
    const { id } = MetadataViewIdParamsSchema.parse(request.params);
    const body = MetadataViewUpdateSchema.parse(request.body);
    return sendRepresentation(request, reply, 'metadata-set', await ctx.metadataViews.replace(callerOf(request), id, body));
  });

  app.post('/fotoweb/me/background-tasks/', async (request, reply) => {
    const caller = callerOf(request);
    const type = mediaTypeOf(request);
    let created;
    if (type === MEDIA_TYPES.metadataEditRequest) created = await ctx.backgroundTasks.createMetadataEdit(caller, MetadataEditRequestSchema.parse(request.body));
    else if (type === MEDIA_TYPES.duplicateRequest) created = await ctx.backgroundTasks.createDuplicate(caller, DuplicateRequestSchema.parse(request.body));
    else {
      const offered = `${MEDIA_TYPES.metadataEditRequest} or ${MEDIA_TYPES.duplicateRequest}`;
      throw new ApiError(415, 'UnsupportedMediaType', `Magpie runs ${offered} tasks only.`, 'Unsupported task');
    }
    reply.header('location', created.location);
    return sendRepresentation(request, reply, type === MEDIA_TYPES.duplicateRequest ? 'duplicate-response' : 'metadata-edit-response', created, 201);
  });
  app.get('/fotoweb/me/background-tasks/:id', async (request, reply) => {
    const { id } = BackgroundTaskParamsSchema.parse(request.params);
    const status = await ctx.backgroundTasks.status(callerOf(request), id);
    return sendRepresentation(request, reply, 'task-status', status).header('cache-control', 'no-store');
  });

  app.patch('/fotoweb/archives/*', async (request, reply) => {
    const path = archivesPathOf(request);
    if (path.kind !== 'asset' || path.rendition) throw notFound('The asset');
    const body = AssetUpdateSchema.parse(request.body);
    return sendRepresentation(request, reply, 'asset', await ctx.metadataEdit.updateAsset(callerOf(request), refOf(path), body));
  });

  app.post('/fotoweb/archives/*', async (request, reply) => {
    const path = archivesPathOf(request);
    if (path.kind !== 'revisions' || path.action === undefined) throw notFound('The resource');
    const caller = callerOf(request);
    if (path.action === 'compare') {
      const { leftRevision, rightRevision } = RevisionCompareRequestSchema.parse(request.body);
      return reply.send(await ctx.revisions.compare(caller, refOf(path), leftRevision, rightRevision));
    }
    const asset =
      path.action === 'rollback'
        ? await ctx.revisions.rollback(caller, refOf(path), path.revision!)
        : await ctx.revisions.rollbackTo(caller, refOf(path), path.revision!, RollbackToRequestSchema.parse(request.body ?? {}).rollbackType);
    return sendRepresentation(request, reply, 'asset', asset);
  });

  app.delete('/fotoweb/archives/*', async (request, reply) => {
    const path = archivesPathOf(request);
    if (path.kind !== 'revisions' || path.revision === undefined || path.action !== undefined) throw notFound('The resource');
    await ctx.revisions.delete(callerOf(request), refOf(path), path.revision);
    return reply.code(204).send();
  });
}
