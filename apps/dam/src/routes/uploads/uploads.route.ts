import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChunkParamsSchema, UploadIdParamsSchema, UploadRequestSchema } from '@magpie/api-types/schemas';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { discardRequestBody } from '@magpie/api-types/server';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { withoutServerPaths } from '../../lib/server-paths.ts';
import { InvalidPathError, parseArchivesPath } from '../../http/resource-path.ts';
import { assetHref, uploadStatusHref } from '../../presenters/hrefs.ts';
import type { UploadDestination, UploadState } from '../../services/uploads.service.ts';

/** Bytes a chunk request may carry beyond the chunk itself (multipart boundaries and part headers) and still be read to its end before an early answer. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Longest wait for the rest of a chunk request before an early answer goes out anyway (ms): a 4 MiB chunk at 1 Mbit/s. */
const DISCARD_TIMEOUT_MS = 60_000;

/**
 * 400 `InvalidChunk` for a multipart body that cannot be read (truncated, bad boundary, unreadable part headers,
 * garbage): the parser's own words, which never hold a path, are kept as the detail.
 */
function malformedMultipart(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new ApiError(400, 'InvalidChunk', 'The chunk is larger than the chunk size.', 'Invalid chunk');
  const detail = withoutServerPaths((error as Error).message ?? String(error)).replace(/\.$/, '');
  return new ApiError(400, 'InvalidChunk', `The chunk's multipart body is malformed (${detail}). Send one part named "chunk" with the bytes.`, 'Invalid chunk');
}

/** The prefix of every destination URL (a collection or an asset). */
const ARCHIVES_PREFIX = '/fotoweb/archives/';

/**
 * The destination of an upload from its URL (absolute or not; a query is ignored): a collection URL, or an asset's
 * `.info` URL for a new version of its file (fotoweb-api-notes §6.1, §9).
 * @throws ApiError 400 `InvalidRequest` for another URL, a malformed one, or a rendition's.
 */
function uploadDestination(destination: string): UploadDestination {
  const pathname = destination.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  if (!pathname.startsWith(ARCHIVES_PREFIX)) throw badRequest('The destination must be a collection URL (/fotoweb/archives/…).');
  let parsed;
  try {
    parsed = parseArchivesPath(pathname.slice(ARCHIVES_PREFIX.length));
  } catch (error) {
    if (error instanceof InvalidPathError) throw badRequest(error.message);
    throw error;
  }
  if (parsed.kind === 'asset' && !parsed.rendition) return { kind: 'asset', archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename };
  if (parsed.kind !== 'collection') throw badRequest('The destination must be an archive, a folder or an asset.');
  return { kind: 'collection', archiveId: parsed.archiveId, folderPath: parsed.folderPath };
}

/** The status answer (`UploadStatus`): the asset as its URL. */
function presentStatus(state: UploadState) {
  const { asset } = state;
  return { status: state.status, result: asset ? { assetUrl: assetHref(asset.archive, asset.folderPath, asset.filename) } : null, error: state.error };
}

/**
 * FotoWeb's upload API (fotoweb-api-notes §6.1): create, send chunks (multipart part `chunk`, streamed to disk),
 * poll the status.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: DamContext) {
  app.post('/fotoweb/api/uploads', async (request, reply) => {
    const parsed = UploadRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const nameIssue = parsed.error.issues.find((issue) => issue.path[0] === 'filename');
      // The file-name rule's own words (spec 01 §5's message for \ / : * ? " < > |).
      if (nameIssue) throw new ApiError(400, 'InvalidFilename', nameIssue.message, 'Invalid file name', [{ path: 'filename', message: nameIssue.message }]);
      throw parsed.error;
    }
    const { destination, ...body } = parsed.data;
    const ticket = await ctx.uploads.create(callerOf(request), uploadDestination(destination), body);
    return reply.header('location', uploadStatusHref(ticket.id)).send(ticket);
  });

  /**
   * An error answered before the chunk's body was read (unknown upload, duplicate, bad index, no token, not
   * multipart…) reads the rest of the body first, so the client gets the answer rather than a reset connection; a
   * body longer than a chunk is not read, and the connection closes after the answer.
   */
  const discardUnreadBody = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400 && !request.raw.complete) {
      const read = await discardRequestBody(request.raw, { maxBytes: ctx.config.uploadChunkBytes + MULTIPART_OVERHEAD_BYTES, timeoutMs: DISCARD_TIMEOUT_MS });
      if (!read) reply.header('connection', 'close');
    }
    return payload;
  };

  app.post('/fotoweb/api/uploads/:id/chunks/:index', { onSend: discardUnreadBody }, async (request, reply) => {
    const { id, index } = ChunkParamsSchema.parse(request.params);
    if (!request.isMultipart()) throw new ApiError(415, 'UnsupportedMediaType', 'A chunk must be sent as multipart/form-data with a part named "chunk".');
    let part;
    try {
      part = await request.file({ limits: { files: 1, fileSize: ctx.config.uploadChunkBytes + 1 } });
    } catch (error) {
      throw malformedMultipart(error);
    }
    if (!part || part.fieldname !== 'chunk') throw new ApiError(400, 'InvalidChunk', 'The multipart body must contain a file part named "chunk".', 'Invalid chunk');
    // A body that breaks off or goes wrong mid-part fails the part's stream (maybe before we got the part): that is
    // the caller's 400, not our 500.
    let bodyError: unknown = part.file.errored ?? undefined;
    part.file.once('error', (error) => (bodyError ??= error));
    try {
      await ctx.uploads.putChunk(callerOf(request), id, index, part.file);
    } catch (error) {
      bodyError ??= part.file.errored ?? undefined;
      if (bodyError !== undefined && !(error instanceof ApiError)) throw malformedMultipart(bodyError);
      throw error;
    }
    if (part.file.truncated) throw new ApiError(400, 'InvalidChunk', 'The chunk is larger than the chunk size.', 'Invalid chunk');
    return reply.code(204).send();
  });

  app.get('/fotoweb/api/uploads/:id/status', async (request, reply) => {
    const { id } = UploadIdParamsSchema.parse(request.params);
    return reply.header('cache-control', 'no-store').send(presentStatus(await ctx.uploads.status(callerOf(request), id)));
  });
}
