import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { DamContext } from '../../context.ts';
import { discardRequestBody } from '@magpie/api-types/server';
import { ApiError, badRequest } from '../../lib/errors.ts';
import { withoutServerPaths } from '../../lib/server-paths.ts';
import { serveOperations, type OperationRequest } from '../../http/operations.ts';
import { InvalidPathError, parseArchivesPath, UnknownArchiveError } from '../../http/resource-path.ts';
import { assetHref, uploadStatusHref } from '../../presenters/hrefs.ts';
import type { UploadDestination, UploadState } from '../../services/uploads.service.ts';
import type { Caller } from '../../policies/archive.policy.ts';

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

/** Why a destination whose archive key can name no archive is refused (it is a bad URL, not an unknown collection). */
const UNKNOWN_ARCHIVE_MESSAGE = 'The destination names no archive: a collection URL starts with an archive id of 1 to 9 digits, as in /fotoweb/archives/5000-Photos/.';

/**
 * The destination of an upload from its URL (absolute or not; a query is ignored): a collection URL, or an asset's
 * `.info` URL for a new version of its file (fotoweb-api-notes §6.1, §9).
 * @throws ApiError 400 `InvalidRequest` for another URL, a malformed one, a rendition's, or one whose archive key can
 *   name no archive (not a number, or an id over 9 digits): FotoWare's Upload API answers 400 for an invalid
 *   destination URL (fotoware-api-openapi.yaml, `POST /fotoweb/api/uploads`), where a well-formed URL of a collection
 *   that does not exist is the service's 404.
 */
function uploadDestination(destination: string): UploadDestination {
  const pathname = destination.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  if (!pathname.startsWith(ARCHIVES_PREFIX)) throw badRequest('The destination must be a collection URL (/fotoweb/archives/…).');
  let parsed;
  try {
    parsed = parseArchivesPath(pathname.slice(ARCHIVES_PREFIX.length));
  } catch (error) {
    if (error instanceof UnknownArchiveError) throw badRequest(UNKNOWN_ARCHIVE_MESSAGE);
    if (error instanceof InvalidPathError) throw badRequest(error.message);
    throw error;
  }
  if (parsed.kind === 'asset' && !parsed.rendition) return { kind: 'asset', archiveId: parsed.archiveId, folderPath: parsed.folderPath, filename: parsed.filename };
  if (parsed.kind !== 'collection') throw badRequest('The destination must be an archive, a folder or an asset.');
  return { kind: 'collection', archiveId: parsed.archiveId, folderPath: parsed.folderPath };
}

/**
 * The checked body of `createUpload`. A file name the rule refuses answers with the rule's own words (spec 01 §5's
 * message for \ / : * ? " < > |).
 * @throws ApiError 400 `InvalidFilename` for a bad file name; ZodError (400 `InvalidRequest` with `issues`) otherwise.
 */
function uploadRequestOf(input: Pick<OperationRequest<'createUpload'>, 'body'>): OperationRequest<'createUpload'>['body'] {
  try {
    return input.body;
  } catch (error) {
    const nameIssue = error instanceof ZodError ? error.issues.find((issue) => issue.path[0] === 'filename') : undefined;
    if (nameIssue) throw new ApiError(400, 'InvalidFilename', nameIssue.message, 'Invalid file name', [{ path: 'filename', message: nameIssue.message }]);
    throw error;
  }
}

/**
 * The status answer (`UploadStatus`, fotoweb-api-notes §6.1 step 4): `result` names the asset by its URL and, where
 * the caller may view it, carries it as `GET <assetUrl>` answers (`assetDetails`); `error` says why it failed.
 * @throws ApiError from reading the asset, except the 403/404 of an asset the caller may not view (left out).
 */
async function presentStatus(ctx: DamContext, caller: Caller, state: UploadState) {
  const { asset } = state;
  if (!asset) return { status: state.status, result: null, error: state.error };
  const assetDetails = await ctx.assets.get(caller, { archiveId: asset.archive.id, folderPath: asset.folderPath, filename: asset.filename }).catch((error: unknown) => {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  });
  return { status: state.status, result: { assetUrl: assetHref(asset.archive, asset.folderPath, asset.filename), ...(assetDetails ? { assetDetails } : {}) }, error: state.error };
}

/**
 * FotoWeb's upload API (fotoweb-api-notes §6.1): create, send chunks (multipart part `chunk`, streamed to disk),
 * poll the status. The route table of `@magpie/api-types` names the operation and checks the path and the creation
 * body (400 with `issues`).
 */
export async function uploadRoutes(app: FastifyInstance, ctx: DamContext) {
  serveOperations(app, '/fotoweb/api/uploads', {
    createUpload: async (input) => {
      const { reply, caller } = input;
      const { destination, ...body } = uploadRequestOf(input);
      const ticket = await ctx.uploads.create(caller, uploadDestination(destination), body);
      return reply.header('location', uploadStatusHref(ticket.id)).send(ticket);
    },
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

  serveOperations(
    app,
    '/fotoweb/api/uploads/:id/chunks/:index',
    {
      uploadChunk: async (input) => {
        const { request, reply, params } = input;
        if (!request.isMultipart()) throw new ApiError(415, 'UnsupportedMediaType', 'A chunk must be sent as multipart/form-data with a part named "chunk".');
        let part;
        try {
          part = await request.file({ limits: { files: 1, fileSize: ctx.config.uploadChunkBytes + 1 } });
        } catch (error) {
          throw malformedMultipart(error);
        }
        if (!part || part.fieldname !== 'chunk') throw new ApiError(400, 'InvalidChunk', 'The multipart body must contain a file part named "chunk".', 'Invalid chunk');
        // A body that breaks off or goes wrong mid-part fails the part's stream (maybe before we got the part): that
        // is the caller's 400, not our 500.
        let bodyError: unknown = part.file.errored ?? undefined;
        part.file.once('error', (error) => (bodyError ??= error));
        try {
          await ctx.uploads.putChunk(input.caller, params.id, params.index, part.file);
        } catch (error) {
          bodyError ??= part.file.errored ?? undefined;
          if (bodyError !== undefined && !(error instanceof ApiError)) throw malformedMultipart(bodyError);
          throw error;
        }
        if (part.file.truncated) throw new ApiError(400, 'InvalidChunk', 'The chunk is larger than the chunk size.', 'Invalid chunk');
        return reply.code(204).send();
      },
    },
    { onSend: discardUnreadBody },
  );

  serveOperations(app, '/fotoweb/api/uploads/:id/status', {
    getUploadStatus: async ({ reply, caller, params }) =>
      reply.header('cache-control', 'no-store').send(await presentStatus(ctx, caller, await ctx.uploads.status(caller, params.id))),
  });
}
