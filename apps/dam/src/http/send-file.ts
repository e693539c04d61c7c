import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileStore } from '../storage/file-store.ts';
import type { StoredFile } from '../services/assets.service.ts';
import { LRUCache } from 'lru-cache';
import { ApiError } from '../lib/errors.ts';
import { MEDIA_TYPES } from '@magpie/api-types';
import { zipSize, zipStream, type ZipEntry } from '../storage/zip.ts';

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

/** Largest file {@link StoredFileMemory} holds (bytes): previews, not originals. */
export const MEMORY_FILE_MAX_BYTES = 512 * 1024;

/**
 * Small stored files kept in memory (issue 9: the browse path under load), by key, size and last change, so a
 * file written again under the same key is read again. Bounded by total bytes (LRU).
 */
export class StoredFileMemory {
  private readonly bytes: LRUCache<string, Buffer>;

  /** @param maxBytes bound of the files kept together (bytes). */
  constructor(
    private readonly files: FileStore,
    maxBytes = 64 * 1024 * 1024,
  ) {
    this.bytes = new LRUCache<string, Buffer>({ maxSize: maxBytes, sizeCalculation: (b) => Math.max(1, b.length) });
  }

  /**
   * Sends a stored file as {@link sendStoredFile} does; one of at most {@link MEMORY_FILE_MAX_BYTES} whose last change
   * is known, asked for whole, is answered from memory after its first read.
   * @throws ApiError 416 for an unsatisfiable range.
   */
  async send(request: FastifyRequest, reply: FastifyReply, file: StoredFile, options: { disposition: 'attachment' | 'inline'; cacheControl: string }) {
    if (request.headers.range !== undefined || file.mtimeMs === undefined || file.size > MEMORY_FILE_MAX_BYTES) {
      return sendStoredFile(request, reply, this.files, file, options);
    }
    const id = `${file.key}\0${file.size}\0${file.mtimeMs}`;
    let bytes = this.bytes.get(id);
    if (bytes === undefined) {
      const read = await this.files.readFile(file.key);
      if (read === undefined || read.length !== file.size) return sendStoredFile(request, reply, this.files, file, options);
      this.bytes.set(id, (bytes = read));
    }
    return reply
      .header('content-type', file.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', options.cacheControl)
      .header('content-disposition', contentDisposition(options.disposition, file.filename))
      .header('content-length', bytes.length)
      .send(bytes);
  }
}

/**
 * Streams a ZIP of stored files as an attachment named `zip.name` (selection downloads, issue 13; order downloads,
 * issue 15): its exact `Content-Length` first (`zipSize`), then the archive built file by file as it goes; never cached.
 */
export async function sendZip(reply: FastifyReply, files: FileStore, zip: { name: string; entries: readonly ZipEntry[] }): Promise<FastifyReply> {
  return reply
    .header('content-type', MEDIA_TYPES.zip)
    .header('content-disposition', contentDisposition('attachment', zip.name))
    .header('content-length', await zipSize(zip.entries))
    .header('cache-control', 'private, no-store')
    .send(zipStream(files, zip.entries));
}
