import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FileStore } from './file-store.ts';
import { UPLOADS_PREFIX, uploadKeys } from './keys.ts';

/**
 * A chunk whose bytes are not the expected count: `tooLarge` as soon as they exceed it (the rest is not read), else
 * it ended short. The store keeps nothing of it.
 */
export class ChunkSizeError extends Error {
  constructor(
    /** Bytes received before the chunk was refused (for `tooLarge`, the count that first went over). */
    readonly received: number,
    /** Bytes the chunk must have. */
    readonly expected: number,
    readonly tooLarge: boolean,
  ) {
    super(tooLarge ? `The chunk is larger than the expected ${expected} bytes.` : `The chunk has ${received} bytes; expected ${expected}.`);
  }
}

/** An upload's assembled file: its size and SHA-256. */
export interface AssembledFile {
  /** SHA-256 of the whole file, hex (64 characters). */
  sha256: string;
  /** Size in bytes. */
  bytes: number;
}

/**
 * Where a chunked upload's data waits (FotoWeb API: Upload): its chunks as they arrive, then the file they assemble
 * into, until the ingest job has made an asset of it. Everything of one upload goes with {@link ChunkStore.discard}.
 * The storage seam's second half beside the file store (docs/architecture.md "Storage"): the upload service and the
 * ingest job use this, never the disk.
 */
export interface ChunkStore {
  /**
   * Stores chunk `index` of an upload from a stream, atomically (a chunk is whole or absent), refusing it as soon as
   * it exceeds `expectedBytes`: the store never holds more than one chunk's bytes for it.
   * @param expectedBytes - the chunk's exact size (bytes).
   * @throws ChunkSizeError when the bytes exceed `expectedBytes` or end short of it; the stream's own error when it
   *   fails; a file-system error (e.g. ENOENT when the upload's data was discarded meanwhile). Nothing is kept then.
   */
  writeChunk(uploadId: string, index: number, data: AsyncIterable<Uint8Array>, expectedBytes: number): Promise<void>;
  /**
   * Joins chunks 0…`numChunks - 1` in order into the upload's assembled file, hashing on the way, then deletes the
   * chunks. Constant memory.
   * @returns the assembled file's SHA-256 and size.
   * @throws Error with the file system's `code` (ENOENT for a missing chunk) when a chunk cannot be read or the file
   *   not written; no assembled file is left then.
   */
  assemble(uploadId: string, numChunks: number): Promise<AssembledFile>;
  /** Size in bytes of the upload's assembled file, or undefined when there is none (never assembled, or discarded). */
  assembledSize(uploadId: string): Promise<number | undefined>;
  /**
   * A local working copy of the assembled file for one ingest run, which that run may consume (move into the file
   * store): the assembled file itself stays until {@link discard}, so a run that dies after storing the original
   * leaves the data for the run that takes over. A copy staged by an earlier run is replaced.
   * @returns the copy's absolute local path.
   * @throws Error (file-system `code`, ENOENT when there is no assembled file).
   */
  stageAssembled(uploadId: string): Promise<string>;
  /** Deletes everything held for an upload (chunks, assembled file, working copy); absent data is fine. */
  discard(uploadId: string): Promise<void>;
  /** The ids of the uploads that hold data here, in no order (for the sweep of leftovers). */
  uploadIds(): Promise<string[]>;
  /**
   * The metadata fields an upload created before migration 0011 kept beside its chunks (`metadata.json`), parsed;
   * undefined when there is no such file or it is not JSON.
   */
  legacyMetadata(uploadId: string): Promise<unknown>;
}

/** The bytes of `data`, failing with {@link ChunkSizeError} as soon as they exceed `expected` or when they end short. */
async function* limitedTo(data: AsyncIterable<Uint8Array>, expected: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of data) {
    received += chunk.length;
    if (received > expected) throw new ChunkSizeError(received, expected, true);
    yield chunk;
  }
  if (received !== expected) throw new ChunkSizeError(received, expected, false);
}

/**
 * The {@link ChunkStore} of a local {@link createLocalFileStore} (`tmp/uploads/<upload id>/` under its root, see
 * keys.ts): chunks and the assembled file are written through the file store's atomic `putStream`; the working copy
 * for ingest is a hard link to the assembled file (a copy where links are not possible), so staging a large file
 * costs nothing.
 */
export function createLocalChunkStore(files: FileStore): ChunkStore {
  return {
    async writeChunk(uploadId, index, data, expectedBytes) {
      await files.putStream(uploadKeys.chunk(uploadId, index), limitedTo(data, expectedBytes));
    },
    async assemble(uploadId, numChunks) {
      const hash = createHash('sha256');
      async function* parts(): AsyncGenerator<Uint8Array> {
        for (let i = 0; i < numChunks; i++) {
          for await (const chunk of files.createReadStream(uploadKeys.chunk(uploadId, i))) {
            hash.update(chunk as Buffer);
            yield chunk as Buffer;
          }
        }
      }
      const bytes = await files.putStream(uploadKeys.assembled(uploadId), parts());
      for (let i = 0; i < numChunks; i++) await files.remove(uploadKeys.chunk(uploadId, i));
      return { sha256: hash.digest('hex'), bytes };
    },
    async assembledSize(uploadId) {
      return files.size(uploadKeys.assembled(uploadId));
    },
    async stageAssembled(uploadId) {
      const assembled = files.localPath(uploadKeys.assembled(uploadId));
      const staged = files.localPath(uploadKeys.staged(uploadId));
      await fsp.rm(staged, { force: true });
      await fsp.link(assembled, staged).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw error;
        return fsp.copyFile(assembled, staged);
      });
      return staged;
    },
    async discard(uploadId) {
      await files.remove(uploadKeys.folder(uploadId));
    },
    uploadIds: () => files.list(UPLOADS_PREFIX),
    async legacyMetadata(uploadId) {
      const text = await files.readFile(uploadKeys.legacyMetadata(uploadId));
      if (text === undefined) return undefined;
      try {
        return JSON.parse(text.toString('utf8')) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}
