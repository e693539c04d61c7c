import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import type { DamConfig } from '../config.ts';
import type { UploadRow } from '../db/schema.ts';
import type { UploadsRepository } from '../repositories/uploads.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { FILENAME_FORBIDDEN_CHARACTERS, FILENAME_MESSAGE } from '@magpie/api-types/schemas';
import { parseArchivesPath, InvalidPathError } from '../http/resource-path.ts';
import { assetHref } from '../http/urls.ts';


/** The job kind that ingests an assembled upload. */
export const INGEST_UPLOAD_JOB = 'ingest-upload';

/** One field given with an upload (dam.yaml `UploadMetadataField`): `action` add (default), append, prepend, erase. */
export type UploadMetadataField = { id: number; action?: 'add' | 'append' | 'prepend' | 'erase' | undefined; value?: string | string[] | undefined };

/** The body of `POST /fotoweb/api/uploads` as the service uses it (already checked by `UploadRequestSchema`). */
export interface UploadBody {
  destination: string;
  folder?: string | null | undefined;
  filename: string;
  fileSize: number;
  comment?: string | null | undefined;
  metadata?: { fields?: UploadMetadataField[] | undefined } | undefined;
}

/** Answer to `POST /fotoweb/api/uploads` (FotoWeb API: Upload). */
export interface UploadTicket {
  id: string;
  /** Bytes per chunk; every chunk but the last has exactly this size. */
  chunkSize: number;
  numChunks: number;
  hasXmp: boolean;
}

/** Answer to `GET /fotoweb/api/uploads/{id}/status`. */
export interface UploadStatusBody {
  status: UploadRow['status'];
  result: { assetUrl: string } | null;
  error: { value: string; message: string } | null;
}

const invalidChunk = (message: string) => new ApiError(400, 'InvalidChunk', message, 'Invalid chunk');

/**
 * FotoWeb's chunked upload API (fotoweb-api-notes §6.1): create an upload for a destination collection, receive
 * numbered chunks of exactly `chunkSize` bytes (the last one the remainder), assemble them in order into one file
 * (hashing on the way) once all have arrived, and hand it to the ingest job. The status reports awaitingData →
 * pending → inProgress → done|failed.
 */
export class UploadsService {
  constructor(
    private readonly config: DamConfig,
    private readonly uploads: UploadsRepository,
    private readonly jobs: JobsRepository,
    private readonly archives: ArchivesRepository,
    private readonly assets: AssetsRepository,
    private readonly policy: ArchivePolicy,
    private readonly files: FileStore,
    private readonly onJobQueued: () => void,
  ) {}

  private chunkDir(id: string): string {
    return this.files.localPath(`tmp/uploads/${id}`);
  }

  /** The assembled file of an upload, waiting for ingest. */
  assembledPath(id: string): string {
    return path.join(this.chunkDir(id), 'assembled');
  }

  /**
   * Starts an upload into a collection, or of a new version of an asset's file when `destination` is an asset URL.
   * @throws ApiError 400 (bad destination, file name or size), 404 (unknown destination), 403 (no UploadFile), 413 (too large).
   */
  async create(caller: Caller, body: UploadBody): Promise<UploadTicket> {
    const filename = body.filename.trim();
    if (!filename || FILENAME_FORBIDDEN_CHARACTERS.test(filename) || filename === '.' || filename === '..') {
      throw new ApiError(400, 'InvalidFilename', FILENAME_MESSAGE, 'Invalid file name');
    }
    if (body.fileSize > this.config.maxUploadBytes) {
      throw new ApiError(413, 'PayloadTooLarge', `The file is larger than the limit of ${this.config.maxUploadBytes} bytes.`, 'File too large');
    }
    const destination = body.destination.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
    const prefix = '/fotoweb/archives/';
    if (!destination.startsWith(prefix)) throw badRequest('The destination must be a collection URL (/fotoweb/archives/…).');
    let parsed;
    try {
      parsed = parseArchivesPath(destination.slice(prefix.length));
    } catch (error) {
      if (error instanceof InvalidPathError) throw badRequest(error.message);
      throw error;
    }
    if (parsed.kind === 'asset' && !parsed.rendition) return this.createVersion(caller, parsed, body);
    if (parsed.kind !== 'collection') throw badRequest('The destination must be an archive, a folder or an asset.');
    const archive = await this.archives.findById(parsed.archiveId);
    if (!archive) throw notFound('The destination collection');
    await this.policy.require(caller, archive.id, 'UploadFile');
    const extra = (body.folder ?? '').split('/').map((s) => s.trim()).filter(Boolean);
    for (const segment of extra) if (FILENAME_FORBIDDEN_CHARACTERS.test(segment) || segment === '.' || segment === '..') throw badRequest(`Invalid folder name "${segment}".`);
    const folderPath = [parsed.folderPath, ...extra].filter(Boolean).join('/');
    if (parsed.folderPath && !(await this.archives.findFolder(archive.id, parsed.folderPath))) throw notFound('The destination folder');

    return this.open({ user_id: caller.userId, archive_id: archive.id, folder_path: folderPath, filename, file_size: body.fileSize }, body.metadata?.fields);
  }

  /**
   * An upload of a new version of an asset's file (destination = the asset URL, with `comment`; fotoweb-api-notes §9):
   * needs `UploadFile` on the asset's archive; the file keeps the asset's name whatever `filename` says.
   * @throws ApiError 404 (no such asset for the caller), 403 (no UploadFile).
   */
  private async createVersion(caller: Caller, ref: { archiveId: number; folderPath: string; filename: string }, body: UploadBody): Promise<UploadTicket> {
    const archive = await this.archives.findById(ref.archiveId);
    if (!archive) throw notFound('The destination asset');
    await this.policy.require(caller, archive.id, 'UploadFile');
    const asset = await this.assets.findByPath(archive.id, ref.folderPath, ref.filename);
    if (!asset) throw notFound('The destination asset');
    return this.open({
      user_id: caller.userId,
      archive_id: archive.id,
      folder_path: asset.folder_path,
      filename: asset.filename,
      file_size: body.fileSize,
      target_asset_id: asset.id,
      comment: body.comment ?? null,
    }, body.metadata?.fields);
  }

  /** Opens an upload task; metadata fields given with it wait beside the chunks for the ingest job. */
  private async open(upload: Omit<Parameters<UploadsRepository['create']>[0], 'id' | 'chunk_size' | 'num_chunks'>, fields: UploadMetadataField[] | undefined): Promise<UploadTicket> {
    const chunkSize = this.config.uploadChunkBytes;
    const numChunks = Math.max(1, Math.ceil(upload.file_size / chunkSize));
    const id = randomBytes(16).toString('base64url');
    await this.uploads.create({ ...upload, id, chunk_size: chunkSize, num_chunks: numChunks });
    await fsp.mkdir(this.chunkDir(id), { recursive: true });
    if (fields && fields.length > 0) await fsp.writeFile(this.metadataPath(id), JSON.stringify(fields));
    return { id, chunkSize, numChunks, hasXmp: false };
  }

  /** Where the metadata fields given with an upload wait for the ingest (JSON `UploadMetadataField[]`). */
  metadataPath(id: string): string {
    return path.join(this.chunkDir(id), 'metadata.json');
  }

  /** The metadata fields given with an upload, or none. */
  async metadataOf(id: string): Promise<UploadMetadataField[]> {
    try {
      return JSON.parse(await fsp.readFile(this.metadataPath(id), 'utf8')) as UploadMetadataField[];
    } catch {
      return [];
    }
  }

  /** The caller's upload; another user's id answers like an unknown one (`unknown`: 404 for chunks, 403 for status as FotoWeb). */
  private async owned(caller: Caller, id: string, unknown: 'notFound' | 'forbidden' = 'notFound'): Promise<UploadRow> {
    const upload = await this.uploads.findById(id);
    if (!upload || upload.user_id !== caller.userId) throw unknown === 'forbidden' ? forbidden('There is no such upload of yours.') : notFound('The upload');
    return upload;
  }

  /** Expected byte length of chunk `index`. */
  private expectedSize(upload: UploadRow, index: number): number {
    return index < upload.num_chunks - 1 ? upload.chunk_size : upload.file_size - upload.chunk_size * (upload.num_chunks - 1);
  }

  /**
   * Stores one chunk from a stream, refusing it as soon as it exceeds its expected size; assembles the file and
   * queues the ingest when it was the last missing chunk.
   * @throws ApiError 400 InvalidChunk (index out of range, wrong size), 404, 403, 409 DuplicateChunk (already received or upload no longer open).
   */
  async putChunk(caller: Caller, id: string, index: number, data: Readable): Promise<void> {
    const upload = await this.owned(caller, id);
    if (!Number.isInteger(index) || index < 0 || index >= upload.num_chunks) {
      data.resume();
      throw invalidChunk(`Chunk index ${index} is out of range 0..${upload.num_chunks - 1}.`);
    }
    if (upload.status !== 'awaitingData' || upload.received.includes(index)) {
      data.resume();
      throw new ApiError(409, 'DuplicateChunk', `Chunk ${index} was already received.`, 'Duplicate chunk');
    }
    const expected = this.expectedSize(upload, index);
    const partPath = path.join(this.chunkDir(id), `${index}.part`);
    const tmpPath = `${partPath}.${randomBytes(4).toString('hex')}`;
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        received += chunk.length;
        if (received > expected) done(invalidChunk(`Chunk ${index} is larger than the expected ${expected} bytes.`));
        else done(null, chunk);
      },
    });
    await fsp.mkdir(this.chunkDir(id), { recursive: true });
    try {
      await pipeline(data, limit, fs.createWriteStream(tmpPath));
      if (received !== expected) throw invalidChunk(`Chunk ${index} has ${received} bytes; expected ${expected}.`);
      await fsp.rename(tmpPath, partPath);
    } catch (error) {
      await fsp.rm(tmpPath, { force: true });
      throw error;
    }
    const after = await this.uploads.markChunkReceived(id, index);
    if (!after) throw new ApiError(409, 'DuplicateChunk', `Chunk ${index} was already received.`, 'Duplicate chunk');
    if (after.received.length === after.num_chunks && (await this.uploads.transition(id, ['awaitingData'], 'pending'))) {
      await this.assembleAndQueue(after);
    }
  }

  private async assembleAndQueue(upload: UploadRow): Promise<void> {
    const target = this.assembledPath(upload.id);
    const hash = createHash('sha256');
    const out = fs.createWriteStream(`${target}.tmp`);
    try {
      for (let i = 0; i < upload.num_chunks; i++) {
        const part = path.join(this.chunkDir(upload.id), `${i}.part`);
        for await (const chunk of fs.createReadStream(part)) {
          hash.update(chunk as Buffer);
          if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
        }
      }
      await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
      await fsp.rename(`${target}.tmp`, target);
      for (let i = 0; i < upload.num_chunks; i++) await fsp.rm(path.join(this.chunkDir(upload.id), `${i}.part`), { force: true });
    } catch (error) {
      out.destroy();
      await this.uploads.transition(upload.id, ['pending'], 'failed', { error: { value: 'AssemblyFailed', message: `The file could not be assembled: ${(error as Error).message}` } });
      return;
    }
    await this.jobs.enqueue(INGEST_UPLOAD_JOB, { uploadId: upload.id, contentHash: hash.digest('hex') });
    this.onJobQueued();
  }

  /** The status of one of the caller's uploads; `result.assetUrl` names the asset once done (or the existing one for a duplicate). */
  async status(caller: Caller, id: string): Promise<UploadStatusBody> {
    const upload = await this.owned(caller, id, 'forbidden');
    let result: UploadStatusBody['result'] = null;
    if (upload.asset_id !== null) {
      const [archive, asset] = await Promise.all([this.archives.findById(upload.archive_id), this.assets.findById(upload.asset_id)]);
      if (archive && asset) result = { assetUrl: assetHref(archive, asset.folder_path, asset.filename) };
    }
    return { status: upload.status, result, error: upload.error ?? null };
  }
}
