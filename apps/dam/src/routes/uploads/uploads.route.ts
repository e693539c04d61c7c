import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DamContext } from '../../context.ts';
import { callerOf } from '../../http/auth.ts';
import { ApiError } from '../../lib/errors.ts';

/** `POST /fotoweb/api/uploads` body (fotoweb-api-notes §6.1); the file name rule is spec 01 §5. */
export const UploadRequestBody = z.object({
  destination: z.string().min(1).max(4096),
  folder: z.string().max(1024).nullish(),
  filename: z.string().min(1).max(255),
  fileSize: z.number().int().min(0),
  hasXmp: z.boolean().optional(),
  comment: z.string().max(4096).nullish(),
  checkoutId: z.string().nullish(),
});

const ChunkParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), index: z.coerce.number().int().min(0) });
const IdParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * FotoWeb's upload API (fotoweb-api-notes §6.1): create, send chunks (multipart part `chunk`, streamed to disk),
 * poll the status.
 */
export async function uploadRoutes(app: FastifyInstance, ctx: DamContext) {
  app.post('/fotoweb/api/uploads', async (request) => {
    const body = UploadRequestBody.parse(request.body);
    return ctx.uploads.create(callerOf(request), body);
  });

  app.post('/fotoweb/api/uploads/:id/chunks/:index', async (request, reply) => {
    const { id, index } = ChunkParams.parse(request.params);
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
    const { id } = IdParams.parse(request.params);
    return reply.header('cache-control', 'no-store').send(await ctx.uploads.status(callerOf(request), id));
  });
}
