import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../storage/file-store.ts';
import type { StoredFile } from '../services/assets.service.ts';
import { ApiError } from '../lib/errors.ts';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function contentDisposition(kind: 'attachment' | 'inline', filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Streams a stored file, honouring a single `Range: bytes=a-b` (206) so large originals and video can be resumed
 * and seeked; never buffers the file.
 * @throws ApiError 416 for an unsatisfiable range.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  files: FileStore,
  file: StoredFile,
  options: { disposition: 'attachment' | 'inline'; cacheControl: string },
) {
  reply
    .header('content-type', file.contentType)
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('content-disposition', contentDisposition(options.disposition, file.filename));
  const range = request.headers.range;
  const match = range ? /^bytes=(\d*)-(\d*)$/.exec(range.trim()) : null;
  if (match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : Math.max(0, file.size - Number(match[2]));
    let end = match[1] && match[2] ? Number(match[2]) : file.size - 1;
    end = Math.min(end, file.size - 1);
    if (start > end || start >= file.size) {
      reply.header('content-range', `bytes */${file.size}`);
      throw new ApiError(416, 'RangeNotSatisfiable', 'The requested range is outside the file.');
    }
    start = Math.max(0, start);
    return reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1)
      .send(files.createReadStream(file.key, { start, end }));
  }
  return reply.header('content-length', file.size).send(files.createReadStream(file.key));
}
