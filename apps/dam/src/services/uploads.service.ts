import { randomBytes } from 'node:crypto';
import type { DamConfig } from '../config.ts';
import type { ArchiveRow, UploadMetadataField, UploadRow } from '../db/schema.ts';
import type { NewUpload, UploadsRepository } from '../repositories/uploads.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ChunkSizeError, type ChunkStore } from '../storage/chunk-store.ts';
import { foldersOfOriginal } from '../storage/keys.ts';
import { storedSettings } from '../presenters/archive-config.presenter.ts';
import { macroFields } from '../policies/archive-config.policy.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';
import { filenameProblem, folderNameProblem } from '@magpie/api-types/schemas';

export type { UploadMetadataField } from '../db/schema.ts';

/** The job kind that ingests an assembled upload. */
export const INGEST_UPLOAD_JOB = 'ingest-upload';

/** The `error.value` of an upload that expired for want of chunks, and of a chunk sent to it afterwards (410). */
export const UPLOAD_EXPIRED = 'UploadExpired';

/** Where the service reports what callers are not told (server paths, file-system errors). */
export interface UploadsLogger {
  error(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
}

/**
 * Where an upload goes, as the route read it from the request's `destination` URL: a collection (an archive, or a
 * folder in it) or an asset, whose file the upload replaces with a new version.
 */
export type UploadDestination = { kind: 'collection'; archiveId: number; folderPath: string } | { kind: 'asset'; archiveId: number; folderPath: string; filename: string };

/** The body of `POST /fotoweb/api/uploads` as the service uses it (already checked by `UploadRequestSchema`; the destination read by the route). */
export interface UploadBody {
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

/** The status of an upload (`GET /fotoweb/api/uploads/{id}/status` before its presenter turns the asset into a URL). */
export interface UploadState {
  status: UploadRow['status'];
  /** The asset the upload made or replaced the file of (or the existing one of a duplicate), once there is one. */
  asset: { archive: ArchiveRow; folderPath: string; filename: string } | null;
  /** Why it failed (server paths removed). */
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

/** 400 `InvalidChunk` for a chunk of the wrong size (the chunk store refused it as soon as it went over). */
function chunkSizeProblem(error: ChunkSizeError, index: number): ApiError {
  return invalidChunk(
    error.tooLarge ? `Chunk ${index} is larger than the expected ${error.expected} bytes.` : `Chunk ${index} has ${error.received} bytes; expected ${error.expected}.`,
  );
}

/** Finished uploads whose recorded original one sweep settles at most (the rest wait for the next sweep). */
const SETTLE_BATCH = 500;

/** What one sweep of {@link UploadsService.expireAbandoned} did. */
export interface UploadSweep {
  /** Uploads that expired in this sweep (their data is deleted). */
  expired: string[];
  /** Upload folders removed because their upload had finished long enough ago, or is unknown. */
  leftovers: string[];
  /** Originals (file store keys) recorded by finished uploads that no asset held, removed with their previews. */
  orphans: string[];
}

/** Where the service keeps an upload's data: its chunks and assembled file, and the originals the ingest stores. */
export interface UploadStorage {
  chunks: ChunkStore;
  files: FileStore;
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
    storage: UploadStorage,
    private readonly onJobQueued: () => void,
    private readonly log: UploadsLogger = { error() {}, info() {} },
  ) {
    this.chunks = storage.chunks;
    this.files = storage.files;
  }

  private readonly chunks: ChunkStore;
  private readonly files: FileStore;

  /** Deletes everything an upload holds in the chunk store (chunks, assembled file, working copy); absent data is fine. */
  async removeData(id: string): Promise<void> {
    await this.chunks.discard(id);
  }

  /** Size in bytes of an upload's assembled file, or undefined when its data is gone (expired, swept, lost). */
  assembledSize(id: string): Promise<number | undefined> {
    return this.chunks.assembledSize(id);
  }

  /**
   * A local working copy of an upload's assembled file that one ingest run consumes (see
   * {@link ChunkStore.stageAssembled}); the assembled file stays until {@link removeData}.
   * @throws Error (ENOENT) when the upload has no assembled file.
   */
  stageForIngest(id: string): Promise<string> {
    return this.chunks.stageAssembled(id);
  }

  /**
   * Starts an upload into a collection, or of a new version of an asset's file when the destination is an asset.
   * @throws ApiError 400 `InvalidFilename` (the file-name rules of `filenameProblem`, issue 9) or `InvalidRequest`
   *   (bad folder name), 404 (unknown destination), 403 (no UploadFile; EditFile for a new version),
   *   413 `PayloadTooLarge` (over `maxUploadBytes`) or `UploadQuotaExceeded` (over `maxPendingUploadBytes`).
   */
  async create(caller: Caller, destination: UploadDestination, body: UploadBody): Promise<UploadTicket> {
    const filename = body.filename.trim();
    const problem = filenameProblem(filename);
    if (problem !== undefined) throw new ApiError(400, 'InvalidFilename', problem, 'Invalid file name');
    if (body.fileSize > this.config.maxUploadBytes) {
      throw new ApiError(413, 'PayloadTooLarge', `The file is larger than the limit of ${this.config.maxUploadBytes} bytes.`, 'File too large');
    }
    if (destination.kind === 'asset') return this.createVersion(caller, destination, body);
    const archive = await this.archives.findById(destination.archiveId);
    if (!archive) throw notFound('The destination collection');
    await this.policy.require(caller, archive.id, 'UploadFile');
    const extra = (body.folder ?? '')
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    for (const segment of extra) {
      const folderProblem = folderNameProblem(segment);
      if (folderProblem !== undefined) throw badRequest(folderProblem, [{ path: 'folder', message: folderProblem }]);
    }
    if (destination.folderPath && !(await this.archives.findFolder(archive.id, destination.folderPath))) throw notFound('The destination folder');
    const settings = storedSettings(archive);
    // An upload to the archive itself, naming no folder, lands in the archive's input folder (spec 03 §2.12 uploads).
    const folderPath = destination.folderPath === '' && extra.length === 0 ? settings.inputFolder : [destination.folderPath, ...extra].filter(Boolean).join('/');
    const given = body.metadata?.fields ?? [];
    const macros = macroFields(settings.metadataMacros, given, { username: caller.username, fullName: caller.fullName, filename, now: new Date() });
    return this.open({ user_id: caller.userId, archive_id: archive.id, folder_path: folderPath, filename, file_size: body.fileSize, metadata: [...given, ...macros] });
  }

  /**
   * An upload of a new version of an asset's file (destination = the asset URL, with `comment`; fotoweb-api-notes §9):
   * replacing a file is editing it, so it needs `EditFile` on the asset's archive (spec 03 §3.11), not `UploadFile`;
   * the file keeps the asset's name whatever `filename` says.
   * @throws ApiError 404 (no such asset for the caller, or one their AutoSearch filter hides), 403 (no EditFile), 413 `UploadQuotaExceeded`.
   */
  private async createVersion(caller: Caller, ref: { archiveId: number; folderPath: string; filename: string }, body: UploadBody): Promise<UploadTicket> {
    const archive = await this.archives.findById(ref.archiveId);
    if (!archive) throw notFound('The destination asset');
    await this.policy.require(caller, archive.id, 'EditFile');
    const asset = await this.assets.findByPath(archive.id, ref.folderPath, ref.filename);
    // An asset the caller's AutoSearch filter hides is not there for them (spec 03 §3.9), as for every other read.
    const { visibility } = await this.policy.accessOnArchive(caller, archive.id);
    if (!asset || (visibility && !(await this.assets.matches(asset.id, visibility)))) throw notFound('The destination asset');
    return this.open({
      user_id: caller.userId,
      archive_id: archive.id,
      folder_path: asset.folder_path,
      filename: asset.filename,
      file_size: body.fileSize,
      target_asset_id: asset.id,
      comment: body.comment ?? null,
      metadata: body.metadata?.fields ?? [],
    });
  }

  /**
   * Opens an upload task within the caller's cap on unfinished uploads; metadata fields given with it wait on the
   * upload's row for the ingest job.
   * @throws ApiError 413 `UploadQuotaExceeded`.
   */
  private async open(upload: Omit<NewUpload, 'id' | 'chunk_size' | 'num_chunks'>): Promise<UploadTicket> {
    const chunkSize = this.config.uploadChunkBytes;
    const numChunks = Math.max(1, Math.ceil(upload.file_size / chunkSize));
    const id = randomBytes(16).toString('base64url');
    const outcome = await this.uploads.createWithinCap({ ...upload, id, chunk_size: chunkSize, num_chunks: numChunks }, this.config.maxPendingUploadBytes);
    if ('refused' in outcome) throw this.quotaExceeded(outcome.heldBytes, upload.file_size);
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

  /**
   * The metadata fields given with an upload, or none. An upload made before migration 0011 has none on its row: its
   * old `metadata.json` beside the chunks is read once, if there is one, and its fields recorded on the row.
   */
  async metadataOf(upload: UploadRow): Promise<UploadMetadataField[]> {
    if (upload.metadata !== null) return upload.metadata;
    const legacy = await this.chunks.legacyMetadata(upload.id);
    const fields = Array.isArray(legacy) ? (legacy as UploadMetadataField[]) : [];
    await this.uploads.setMetadata(upload.id, fields);
    return fields;
  }

  /**
   * Settles the original an earlier ingest run of this upload recorded (`original_key`) and may have stored: when an
   * asset holds it (the run got as far as recording the asset), answers that asset's id and leaves the record for the
   * caller to clear with the outcome; otherwise removes what was stored for it (the original's folder and its
   * previews, absent ones are fine) and clears the record. Nothing recorded: undefined.
   */
  async settleRecordedOriginal(upload: Pick<UploadRow, 'id' | 'original_key'>): Promise<number | undefined> {
    const key = upload.original_key;
    if (key === null) return undefined;
    const holder = await this.uploads.assetHoldingKey(key);
    if (holder !== undefined) return holder;
    const folders = foldersOfOriginal(key);
    if (folders) {
      await this.files.remove(folders.original);
      await this.files.remove(folders.previews);
    }
    await this.uploads.clearOriginalKey(upload.id, key);
    this.log.info({ uploadId: upload.id }, 'an interrupted ingest left an original that no asset holds: removed');
    return undefined;
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
    try {
      await this.chunks.writeChunk(id, index, data, this.expectedSize(upload, index));
    } catch (error) {
      if (error instanceof ChunkSizeError) throw chunkSizeProblem(error, index);
      // The sweep may have expired the upload and removed its folder while the bytes arrived.
      if (await this.expiredMeanwhile(id)) throw this.expiredError();
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
    let assembled;
    try {
      assembled = await this.chunks.assemble(upload.id, upload.num_chunks);
    } catch (error) {
      // The details (paths, errno) are for the log only; the caller learns what happened and what to do.
      this.log.error({ err: error, uploadId: upload.id }, 'assembling an upload failed');
      const code = (error as NodeJS.ErrnoException).code;
      const message = `The file could not be assembled on the server${code ? ` (${code})` : ''}. Upload it again.`;
      await this.uploads.transition(upload.id, ['pending'], 'failed', { error: { value: 'AssemblyFailed', message } });
      await this.removeData(upload.id);
      return;
    }
    await this.jobs.enqueue(INGEST_UPLOAD_JOB, { uploadId: upload.id, contentHash: assembled.sha256 });
    this.onJobQueued();
  }

  /**
   * One sweep of abandoned uploads (the `expire-uploads` background job): every upload that has awaited data without
   * a chunk for `uploadExpirySeconds` becomes `failed` with `UploadExpired` and its data is deleted; then any upload
   * folder left behind by an upload that finished (done or failed) more than that long ago, or that belongs to no
   * upload, is removed, and so is an original that such an upload still records and no asset holds (bounded disk
   * after crashes; see {@link settleRecordedOriginal}). Safe to run in several processes at once: each upload is
   * expired by one sweep only, and removing a folder twice is harmless.
   * @param now - the sweep's clock (tests pass a later time instead of waiting).
   */
  async expireAbandoned(now: Date = new Date()): Promise<UploadSweep> {
    const expiry = this.config.uploadExpirySeconds;
    // With expiry off, finished uploads' leftovers still go after a day.
    const cutoff = new Date(now.getTime() - (expiry > 0 ? expiry : 24 * 3600) * 1000);
    const expired = expiry > 0 ? await this.uploads.expireAwaitingSince(cutoff, { value: UPLOAD_EXPIRED, message: this.expiredError().message }) : [];
    for (const id of expired) await this.removeData(id);

    const leftovers: string[] = [];
    const names = await this.chunks.uploadIds();
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
    const orphans: string[] = [];
    for (const upload of await this.uploads.findFinishedWithOriginalKey(cutoff, SETTLE_BATCH)) {
      const key = upload.original_key!;
      // An asset holds it: the upload finished with it and only the record was left; otherwise it is removed.
      if ((await this.settleRecordedOriginal(upload)) !== undefined) await this.uploads.clearOriginalKey(upload.id, key);
      else orphans.push(key);
    }
    if (expired.length > 0 || leftovers.length > 0 || orphans.length > 0) {
      this.log.info({ expired: expired.length, leftovers: leftovers.length, orphans: orphans.length }, 'abandoned uploads removed');
    }
    return { expired, leftovers, orphans };
  }

  /**
   * The status of one of the caller's uploads; `asset` is the asset once done (or the existing one for a duplicate,
   * unless the caller may not see it: then no asset, and a message that does not name it).
   * @throws ApiError 403 for an upload that is not the caller's or does not exist (as FotoWeb).
   */
  async status(caller: Caller, id: string): Promise<UploadState> {
    const upload = await this.owned(caller, id, 'forbidden');
    let asset: UploadState['asset'] = null;
    let hidden = false;
    if (upload.asset_id !== null) {
      const [archive, row] = await Promise.all([this.archives.findById(upload.archive_id), this.assets.findById(upload.asset_id)]);
      if (archive && row) {
        // The existing asset of a duplicate may be one the uploader's AutoSearch filter hides (spec 03 §3.9): then
        // neither its place nor its name is told. (An upload that made its asset names it: the uploader chose it.)
        const { permissions, visibility } = await this.policy.accessOnArchive(caller, archive.id);
        hidden = upload.status === 'failed' && (!this.policy.can(permissions, 'view') || (visibility !== undefined && !(await this.assets.matches(row.id, visibility))));
        if (!hidden) asset = { archive, folderPath: row.folder_path, filename: row.filename };
      }
    }
    // Errors recorded before issue 9 may name server paths; none are shown.
    const message = (text: string) => (hidden ? 'The same file is already in the archive.' : withoutServerPaths(text));
    const error = upload.error ? { value: upload.error.value, message: message(upload.error.message) } : null;
    return { status: upload.status, asset, error };
  }
}
