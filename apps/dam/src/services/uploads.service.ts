import { createHash, randomBytes } from 'node:crypto';
import type { DamConfig } from '../config.ts';
import type { UploadRow } from '../db/schema.ts';
import type { NewUpload, UploadsRepository } from '../repositories/uploads.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';
import { filenameProblem, folderNameProblem } from '@magpie/api-types/schemas';
import { parseArchivesPath, InvalidPathError } from '../http/resource-path.ts';
import { assetHref } from '../http/urls.ts';

/** The job kind that ingests an assembled upload. */
export const INGEST_UPLOAD_JOB = 'ingest-upload';

/** The `error.value` of an upload that expired for want of chunks, and of a chunk sent to it afterwards (410). */
export const UPLOAD_EXPIRED = 'UploadExpired';

/** Where an upload's chunks, metadata and assembled file wait in the file store. */
const uploadFolder = (id: string) => `tmp/uploads/${id}`;

/** Where the service reports what callers are not told (server paths, file-system errors). */
export interface UploadsLogger {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

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

/** A size in bytes for people: `512 bytes`, `3.5 MiB`, `10 GiB`. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** A duration in seconds for people: `24 hours`, `90 minutes`, `45 seconds`. */
function formatDuration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? '1 hour' : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return seconds === 60 ? '1 minute' : `${seconds / 60} minutes`;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

/** Whether an upload ended by expiring (no chunk for the configured time). */
const hasExpired = (upload: UploadRow): boolean => upload.status === 'failed' && upload.error?.value === UPLOAD_EXPIRED;

/**
 * The chunk's bytes, refused with 400 `InvalidChunk` as soon as they exceed `expected` or when they end short of
 * it: the store never holds more than one chunk's bytes for it.
 */
async function* limitedTo(data: AsyncIterable<Uint8Array>, expected: number, index: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of data) {
    received += chunk.length;
    if (received > expected) throw invalidChunk(`Chunk ${index} is larger than the expected ${expected} bytes.`);
    yield chunk;
  }
  if (received !== expected) throw invalidChunk(`Chunk ${index} has ${received} bytes; expected ${expected}.`);
}

/** What one sweep of {@link UploadsService.expireAbandoned} did. */
export interface UploadSweep {
  /** Uploads that expired in this sweep (their data is deleted). */
  expired: string[];
  /** Upload folders removed because their upload had finished long enough ago, or is unknown. */
  leftovers: string[];
}

/**
 * FotoWeb's chunked upload API (fotoweb-api-notes §6.1): create an upload for a destination collection, receive
 * numbered chunks of exactly `chunkSize` bytes (the last one the remainder), assemble them in order into one file
 * (hashing on the way) once all have arrived, and hand it to the ingest job. The status reports awaitingData →
 * pending → inProgress → done|failed. Bounded disk (issue 9): a user's unfinished uploads may declare at most
 * `maxPendingUploadBytes`, and an upload without a chunk for `uploadExpirySeconds` expires (`failed`,
 * `UploadExpired`) and its data is deleted by the `expire-uploads` background job.
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
    private readonly log: UploadsLogger = { error() {}, info() {} },
  ) {}

  /** The assembled file of an upload, waiting for ingest (a local path: the media tools need one). */
  assembledPath(id: string): string {
    return this.files.localPath(`${uploadFolder(id)}/assembled`);
  }

  /** Deletes everything an upload holds in the store (chunks, metadata, assembled file); absent data is fine. */
  async removeData(id: string): Promise<void> {
    await this.files.remove(uploadFolder(id));
  }

  /**
   * Starts an upload into a collection, or of a new version of an asset's file when `destination` is an asset URL.
   * @throws ApiError 400 `InvalidFilename` (the file-name rules of `filenameProblem`, issue 9) or `InvalidRequest`
   *   (bad destination or folder name), 404 (unknown destination), 403 (no UploadFile; EditFile for a new version),
   *   413 `PayloadTooLarge` (over `maxUploadBytes`) or `UploadQuotaExceeded` (over `maxPendingUploadBytes`).
   */
  async create(caller: Caller, body: UploadBody): Promise<UploadTicket> {
    const filename = body.filename.trim();
    const problem = filenameProblem(filename);
    if (problem !== undefined) throw new ApiError(400, 'InvalidFilename', problem, 'Invalid file name');
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
    for (const segment of extra) {
      const folderProblem = folderNameProblem(segment);
      if (folderProblem !== undefined) throw badRequest(folderProblem, [{ path: 'folder', message: folderProblem }]);
    }
    const folderPath = [parsed.folderPath, ...extra].filter(Boolean).join('/');
    if (parsed.folderPath && !(await this.archives.findFolder(archive.id, parsed.folderPath))) throw notFound('The destination folder');

    return this.open({ user_id: caller.userId, archive_id: archive.id, folder_path: folderPath, filename, file_size: body.fileSize }, body.metadata?.fields);
  }

  /**
   * An upload of a new version of an asset's file (destination = the asset URL, with `comment`; fotoweb-api-notes §9):
   * replacing a file is editing it, so it needs `EditFile` on the asset's archive (spec 03 §3.11), not `UploadFile`;
   * the file keeps the asset's name whatever `filename` says.
   * @throws ApiError 404 (no such asset for the caller), 403 (no EditFile), 413 `UploadQuotaExceeded`.
   */
  private async createVersion(caller: Caller, ref: { archiveId: number; folderPath: string; filename: string }, body: UploadBody): Promise<UploadTicket> {
    const archive = await this.archives.findById(ref.archiveId);
    if (!archive) throw notFound('The destination asset');
    await this.policy.require(caller, archive.id, 'EditFile');
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

  /**
   * Opens an upload task within the caller's cap on unfinished uploads; metadata fields given with it wait beside
   * the chunks for the ingest job.
   * @throws ApiError 413 `UploadQuotaExceeded`.
   */
  private async open(upload: Omit<NewUpload, 'id' | 'chunk_size' | 'num_chunks'>, fields: UploadMetadataField[] | undefined): Promise<UploadTicket> {
    const chunkSize = this.config.uploadChunkBytes;
    const numChunks = Math.max(1, Math.ceil(upload.file_size / chunkSize));
    const id = randomBytes(16).toString('base64url');
    const outcome = await this.uploads.createWithinCap({ ...upload, id, chunk_size: chunkSize, num_chunks: numChunks }, this.config.maxPendingUploadBytes);
    if ('refused' in outcome) throw this.quotaExceeded(outcome.heldBytes, upload.file_size);
    if (fields && fields.length > 0) await this.files.writeFile(`${uploadFolder(id)}/metadata.json`, JSON.stringify(fields));
    return { id, chunkSize, numChunks, hasXmp: false };
  }

  /**
   * 413 `UploadQuotaExceeded`: the request declares a file that, with the caller's unfinished uploads, is more than a
   * user may hold (413 as for a file over the size limit: the declared size is what is refused; 507 would be a
   * server error, and nothing is wrong with the server).
   */
  private quotaExceeded(heldBytes: number, fileSize: number): ApiError {
    const cap = this.config.maxPendingUploadBytes;
    const expiry = this.config.uploadExpirySeconds;
    const wait = expiry > 0 ? ` or for abandoned ones to expire (after ${formatDuration(expiry)} without a chunk)` : '';
    const message =
      fileSize > cap
        ? `This file (${formatBytes(fileSize)}) is larger than the ${formatBytes(cap)} that a user's unfinished uploads may hold.`
        : `Your unfinished uploads already hold ${formatBytes(heldBytes)} of the ${formatBytes(cap)} a user may have in progress, and this file needs ${formatBytes(fileSize)}. Wait for your current uploads to finish${wait}, then try again.`;
    return new ApiError(413, 'UploadQuotaExceeded', message, 'Too many unfinished uploads');
  }

  /** The metadata fields given with an upload, or none. */
  async metadataOf(id: string): Promise<UploadMetadataField[]> {
    try {
      const text = await this.files.readFile(`${uploadFolder(id)}/metadata.json`);
      return text ? (JSON.parse(text.toString('utf8')) as UploadMetadataField[]) : [];
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

  /** 410 `UploadExpired` for a chunk sent to an upload that expired. */
  private expiredError(): ApiError {
    const after = this.config.uploadExpirySeconds > 0 ? ` after ${formatDuration(this.config.uploadExpirySeconds)} without a chunk` : '';
    return new ApiError(410, UPLOAD_EXPIRED, `This upload expired${after} and the data received was deleted. Upload the file again.`, 'Upload expired');
  }

  /** Expected byte length of chunk `index`. */
  private expectedSize(upload: UploadRow, index: number): number {
    return index < upload.num_chunks - 1 ? upload.chunk_size : upload.file_size - upload.chunk_size * (upload.num_chunks - 1);
  }

  /**
   * Stores one chunk from a stream, refusing it as soon as it exceeds its expected size; assembles the file and
   * queues the ingest when it was the last missing chunk. The caller's transport keeps what is left of the body
   * (the route reads and discards it before answering an error).
   * @throws ApiError 400 InvalidChunk (index out of range, wrong size), 404, 409 DuplicateChunk (already received,
   *   or the upload no longer awaits data), 410 UploadExpired (the upload expired, also while this chunk arrived).
   */
  async putChunk(caller: Caller, id: string, index: number, data: AsyncIterable<Uint8Array>): Promise<void> {
    const upload = await this.owned(caller, id);
    if (hasExpired(upload)) throw this.expiredError();
    if (!Number.isInteger(index) || index < 0 || index >= upload.num_chunks) {
      throw invalidChunk(`Chunk index ${index} is out of range 0..${upload.num_chunks - 1}.`);
    }
    if (upload.received.includes(index)) throw new ApiError(409, 'DuplicateChunk', `Chunk ${index} was already received.`, 'Duplicate chunk');
    if (upload.status !== 'awaitingData') {
      throw new ApiError(409, 'DuplicateChunk', `The upload has every chunk already (status ${upload.status}); it takes no more.`, 'Duplicate chunk');
    }
    const partKey = `${uploadFolder(id)}/${index}.part`;
    try {
      await this.files.putStream(partKey, limitedTo(data, this.expectedSize(upload, index), index));
    } catch (error) {
      // The sweep may have expired the upload and removed its folder while the bytes arrived.
      if (!(error instanceof ApiError) && (await this.expiredMeanwhile(id))) throw this.expiredError();
      throw error;
    }
    const after = await this.uploads.markChunkReceived(id, index);
    if (!after) {
      if (await this.expiredMeanwhile(id)) throw this.expiredError();
      throw new ApiError(409, 'DuplicateChunk', `Chunk ${index} was already received.`, 'Duplicate chunk');
    }
    if (after.received.length === after.num_chunks && (await this.uploads.transition(id, ['awaitingData'], 'pending'))) {
      await this.assembleAndQueue(after);
    }
  }

  /** Whether the upload expired; if so its folder is removed again (a chunk that was arriving may have recreated it). */
  private async expiredMeanwhile(id: string): Promise<boolean> {
    const current = await this.uploads.findById(id);
    if (!current || !hasExpired(current)) return false;
    await this.removeData(id);
    return true;
  }

  private async assembleAndQueue(upload: UploadRow): Promise<void> {
    const folder = uploadFolder(upload.id);
    const hash = createHash('sha256');
    const files = this.files;
    async function* parts(): AsyncGenerator<Uint8Array> {
      for (let i = 0; i < upload.num_chunks; i++) {
        for await (const chunk of files.createReadStream(`${folder}/${i}.part`)) {
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
      }
    }
    try {
      await this.files.putStream(`${folder}/assembled`, parts());
      for (let i = 0; i < upload.num_chunks; i++) await this.files.remove(`${folder}/${i}.part`);
    } catch (error) {
      // The details (paths, errno) are for the log only; the caller learns what happened and what to do.
      this.log.error({ err: error, uploadId: upload.id }, 'assembling an upload failed');
      const code = (error as NodeJS.ErrnoException).code;
      const message = `The file could not be assembled on the server${code ? ` (${code})` : ''}. Upload it again.`;
      await this.uploads.transition(upload.id, ['pending'], 'failed', { error: { value: 'AssemblyFailed', message } });
      await this.removeData(upload.id);
      return;
    }
    await this.jobs.enqueue(INGEST_UPLOAD_JOB, { uploadId: upload.id, contentHash: hash.digest('hex') });
    this.onJobQueued();
  }

  /**
   * One sweep of abandoned uploads (the `expire-uploads` background job): every upload that has awaited data without
   * a chunk for `uploadExpirySeconds` becomes `failed` with `UploadExpired` and its data is deleted; then any upload
   * folder left behind by an upload that finished (done or failed) more than that long ago, or that belongs to no
   * upload, is removed (bounded disk after crashes). Safe to run in several processes at once: each upload is expired
   * by one sweep only, and removing a folder twice is harmless.
   * @param now - the sweep's clock (tests pass a later time instead of waiting).
   */
  async expireAbandoned(now: Date = new Date()): Promise<UploadSweep> {
    const expiry = this.config.uploadExpirySeconds;
    // With expiry off, finished uploads' leftovers still go after a day.
    const cutoff = new Date(now.getTime() - (expiry > 0 ? expiry : 24 * 3600) * 1000);
    const expired = expiry > 0 ? await this.uploads.expireAwaitingSince(cutoff, { value: UPLOAD_EXPIRED, message: this.expiredError().message }) : [];
    for (const id of expired) await this.removeData(id);

    const leftovers: string[] = [];
    const names = await this.files.list('tmp/uploads');
    for (let start = 0; start < names.length; start += 500) {
      const batch = names.slice(start, start + 500);
      const rows = new Map((await this.uploads.findByIds(batch)).map((row) => [row.id, row]));
      for (const name of batch) {
        const row = rows.get(name);
        const finished = row !== undefined && (row.status === 'done' || row.status === 'failed');
        if (row === undefined || (finished && row.modified < cutoff)) {
          await this.removeData(name);
          leftovers.push(name);
        }
      }
    }
    if (expired.length > 0 || leftovers.length > 0) this.log.info({ expired: expired.length, leftovers: leftovers.length }, 'abandoned uploads removed');
    return { expired, leftovers };
  }

  /** The status of one of the caller's uploads; `result.assetUrl` names the asset once done (or the existing one for a duplicate). */
  async status(caller: Caller, id: string): Promise<UploadStatusBody> {
    const upload = await this.owned(caller, id, 'forbidden');
    let result: UploadStatusBody['result'] = null;
    if (upload.asset_id !== null) {
      const [archive, asset] = await Promise.all([this.archives.findById(upload.archive_id), this.assets.findById(upload.asset_id)]);
      if (archive && asset) result = { assetUrl: assetHref(archive, asset.folder_path, asset.filename) };
    }
    // Errors recorded before issue 9 may name server paths; none are shown.
    const error = upload.error ? { value: upload.error.value, message: withoutServerPaths(upload.error.message) } : null;
    return { status: upload.status, result, error };
  }
}
