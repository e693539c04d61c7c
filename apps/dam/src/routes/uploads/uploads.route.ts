import type { FastifyInstance } from 'fastify';
import { ChunkParamsSchema, FILENAME_MESSAGE, UploadIdParamsSchema, UploadRequestSchema } from '@magpie/api-types/schemas';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { ApiError } from '../../lib/errors.ts';

/**
 * FotoWeb's upload API (fotoweb-api-notes §6.1): create, send chunks (multipart part `chunk`, streamed to disk),
 * poll the status.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: DamContext) {
  app.post('/fotoweb/api/uploads', async (request, reply) => {
    const parsed = UploadRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      if (parsed.error.issues.some((issue) => issue.path[0] === 'filename')) throw new ApiError(400, 'InvalidFilename', FILENAME_MESSAGE, 'Invalid file name');
      throw parsed.error;
    }
    const ticket = await ctx.uploads.create(callerOf(request), parsed.data);
    return reply.header('location', `/fotoweb/api/uploads/${ticket.id}/status`).send(ticket);
  });

  app.post('/fotoweb/api/uploads/:id/chunks/:index', async (request, reply) => {
    const { id, index } = ChunkParamsSchema.parse(request.params);
    if (!request.isMultipart()) throw new ApiError(415, 'UnsupportedMediaType', 'A chunk must be sent as multipart/form-data with a part named "chunk".');
    const part = await request.file({ limits: { files: 1, fileSize: ctx.config.uploadChunkBytes + 1 } });
    if (!part || part.fieldname !== 'chunk') {
      part?.file.resume();
      throw new ApiError(400, 'InvalidChunk', 'The multipart body must contain a file part named "chunk".');
    }
    await ctx.uploads.putChunk(callerOf(request), id, index, part.file);
    if (part.file.truncated) throw new ApiError(400, 'InvalidChunk', 'The chunk is larger than the chunk size.');
    return reply.code(204).send();
  });

  app.get('/fotoweb/api/uploads/:id/status', async (request, reply) => {
    const { id } = UploadIdParamsSchema.parse(request.params);
    return reply.header('cache-control', 'no-store').send(await ctx.uploads.status(callerOf(request), id));
  });
}
