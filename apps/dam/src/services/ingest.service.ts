import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ArchiveRow, AssetRow, FieldValues, NewAsset, StoredPreview } from '../db/schema.ts';
import type { AssetChangesService, FileColumns } from './asset-changes.service.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import { AssetsRepository } from '../repositories/assets.repository.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { queueWebhookDeliveries } from './webhooks.service.ts';
import { queueWebVideo } from '../jobs/web-video.job.ts';
import { recordActivity } from './activity.service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { isPreviewFolderKey, originalFolderKey, originalKey, previewFolderKey } from '../storage/keys.ts';
import { localFileSize, sha256OfLocalFile } from '../storage/local-file.ts';
import { detectFileType, makePreviews, readMetadata, MediaError } from '../media/index.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/** Why an ingest refused a file; ends as the upload status `error {value, message}`. */
export class IngestError extends Error {
  constructor(
    readonly value: string,
    message: string,
    /** The existing asset's id for `DuplicateAsset`. */
    readonly existingAssetId?: number,
  ) {
    super(message);
  }
}

/** PostgreSQL's unique_violation error code. */
const UNIQUE_VIOLATION = '23505';

/** What to ingest: a local file that the ingest may move (it is consumed), and where it goes. */
export interface IngestRequest {
  sourcePath: string;
  archive: ArchiveRow;
  folderPath: string;
  filename: string;
  /** User name recorded as createdBy/modifiedBy. */
  userName: string;
  /** SHA-256 hex of the content when already known (upload assembly computes it). */
  contentHash?: string;
  /**
   * Called with the storage key of the original before anything is stored for it (previews included), so that the
   * caller can record it and a run that dies before the asset row exists leaves nothing untracked (the upload job
   * records it on the upload, issue 10). When it throws, nothing is stored and the ingest fails with its error.
   */
  beforeStoring?: (originalKey: string) => Promise<void>;
  /**
   * The job's abort signal (it fires when the job's lock is lost and another process may take the upload over).
   * Checked after the long analysis and right before the asset row is written: a run that lost its job stores
   * nothing further and puts the file back, so the run that takes over, which removes a recorded original no asset
   * holds, never removes a file that this run then points an asset at.
   */
  signal?: AbortSignal;
}

/** What {@link IngestService.analyse} read from a file: asset columns, embedded fields and warnings. */
export interface FileAnalysis {
  columns: Omit<NewAsset, 'archive_id' | 'folder_path' | 'filename' | 'filesize' | 'content_hash' | 'storage_key' | 'created_by' | 'modified_by' | 'warnings'> & {
    metadata: FieldValues;
  };
  fields: FieldValues;
  warnings: string[];
  previewDir: string;
}

/** EXIF DateTimeOriginal (ISO, usually without zone) as a Date; a value without zone is taken as UTC. */
function cameraTime(value: string | undefined): Date | null {
  if (!value) return null;
  const date = new Date(/[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1800 ? null : date;
}

/** The folders (`previews/<fileId>`) that stored previews live in; anything else is not a preview folder. */
export function previewFolders(previews: readonly StoredPreview[]): string[] {
  return [...new Set(previews.map((p) => path.posix.dirname(p.file)))].filter(isPreviewFolderKey);
}

function nextFreeName(filename: string, n: number): string {
  const ext = path.extname(filename);
  return `${filename.slice(0, filename.length - ext.length)} (${n})${ext}`;
}

/** The activity an inserted asset records: an upload (the default) or a copy, with its details. */
interface NewAssetActivity {
  action: 'asset.uploaded' | 'asset.copied';
  details?: Record<string, unknown>;
}

/**
 * Turns a file into an asset (issue 2 "Ingest"): checks for duplicates by content hash, decides the doctype by
 * content, reads EXIF/IPTC/XMP with ExifTool into field ids, makes upright previews with sharp, stores the
 * original and inserts the asset row. A file whose previews cannot be made still becomes an asset, marked
 * `has_preview = false` with the reason in `warnings`; nothing stored before is touched on failure.
 * @throws IngestError `EmptyFile` for a zero-byte file, `DuplicateAsset` when the archive already holds the same content.
 */
export class IngestService {
  constructor(
    private readonly files: FileStore,
    private readonly archives: ArchivesRepository,
    private readonly assets: AssetsRepository,
    /** With it, each new asset's activity row (uploaded, copied; issue 15) commits with the asset. */
    private readonly db?: Kysely<Database>,
  ) {}

  async ingest(request: IngestRequest): Promise<AssetRow> {
    const { archive, folderPath } = request;
    const filesize = await localFileSize(request.sourcePath);
    if (filesize === 0) throw new IngestError('EmptyFile', 'The file is empty (0 bytes).');
    const contentHash = request.contentHash ?? (await sha256OfLocalFile(request.sourcePath));
    const duplicate = await this.assets.findByHash(archive.id, contentHash);
    if (duplicate) throw new IngestError('DuplicateAsset', `The same file is already in the archive as "${duplicate.filename}".`, duplicate.id);

    const fileId = randomUUID();
    const storageKey = originalKey(archive.id, fileId, request.filename);
    await request.beforeStoring?.(storageKey);
    const { columns, warnings, previewDir } = await this.analyse(request.sourcePath, fileId);
    if (request.signal?.aborted) {
      await this.files.remove(previewDir);
      request.signal.throwIfAborted();
    }
    await this.archives.ensureFolder(archive.id, folderPath);
    await this.files.putOriginal(storageKey, request.sourcePath);
    try {
      request.signal?.throwIfAborted();
      return await this.insertWithFreeName(request.filename, {
        ...columns,
        archive_id: archive.id,
        folder_path: folderPath,
        filesize,
        content_hash: contentHash,
        storage_key: storageKey,
        warnings: JSON.stringify(warnings),
        created_by: request.userName,
        modified_by: request.userName,
      });
    } catch (error) {
      // Put the file back where it came from so a retry of the job still has it; drop what was made for it.
      await this.files.restore(storageKey, request.sourcePath).catch(() => undefined);
      await this.files.remove(originalFolderKey(archive.id, fileId));
      await this.files.remove(previewDir);
      throw error;
    }
  }

  /**
   * Inserts an asset under `filename`, or the next free ` (2)`, ` (3)`… name in its folder: another upload may take
   * a name between the check and the insert (unique index), so a clash moves on to the next name.
   */
  private async insertWithFreeName(
    filename: string,
    row: Omit<NewAsset, 'filename'> & { metadata: FieldValues },
    activity: NewAssetActivity = { action: 'asset.uploaded' },
  ): Promise<AssetRow> {
    for (let attempt = 0; ; attempt++) {
      let name = filename;
      for (let n = 2; await this.assets.nameTaken(row.archive_id, row.folder_path ?? '', name); n++) name = nextFreeName(filename, n);
      try {
        return await this.insertRecorded({ ...row, filename: name }, activity);
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 5) throw error;
      }
    }
  }

  /** Inserts an asset and, given the database, its activity row in the same transaction (issue 15). */
  private async insertRecorded(row: NewAsset & { metadata: FieldValues }, activity: NewAssetActivity): Promise<AssetRow> {
    if (!this.db) return this.assets.insert(row);
    return inTransaction(this.db, async (trx) => {
      const asset = await new AssetsRepository(trx).insert(row);
      await recordActivity(trx, { userName: row.created_by ?? 'system' }, activity.action, { kind: 'asset', assetId: asset.id }, activity.details);
      // Webhooks told of new assets (issue 16): an upload or a copy brings one into the archive.
      await queueWebhookDeliveries(trx, 'asset.ingested', asset.id);
      // A movie gets its web-playable copy in the background (issue 16; the job worker's idle poll finds it).
      await queueWebVideo(trx, asset);
      return asset;
    });
  }

  /**
   * A copy of an asset as a new asset in the same folder (spec 01 §7 duplicate `assets[href, revision]`), or in the
   * archive and folder `into` (a copy task, issue 13; the folder is made when missing): the given file (the current
   * one or a revision's) copied to a new key, read again for previews and technical data, with the given metadata,
   * named with the next free ` (2)`… suffix. The content hash is the source's: a duplicate is a deliberate second
   * copy, not refused as a duplicate upload.
   */
  async duplicate(request: {
    asset: AssetRow;
    storageKey: string;
    contentHash: string;
    metadata: FieldValues;
    userName: string;
    into?: { archiveId: number; folderPath: string };
  }): Promise<AssetRow> {
    const { asset } = request;
    const archiveId = request.into?.archiveId ?? asset.archive_id;
    const folderPath = request.into?.folderPath ?? asset.folder_path;
    const fileId = randomUUID();
    const storageKey = originalKey(archiveId, fileId, asset.filename);
    const staged = await this.files.copyToTemp(request.storageKey, 'duplicate');
    let analysis: FileAnalysis;
    let filesize: number;
    try {
      analysis = await this.analyse(staged.path, fileId);
      filesize = await localFileSize(staged.path);
      await this.files.putOriginal(storageKey, staged.path);
    } finally {
      await staged.remove();
    }
    const { columns, warnings, previewDir } = analysis;
    try {
      if (request.into) await this.archives.ensureFolder(archiveId, folderPath);
      return await this.insertWithFreeName(
        asset.filename,
        {
          ...columns,
          metadata: request.metadata,
          archive_id: archiveId,
          folder_path: folderPath,
          filesize,
          content_hash: request.contentHash,
          storage_key: storageKey,
          warnings: JSON.stringify(warnings),
          created_by: request.userName,
          modified_by: request.userName,
        },
        { action: 'asset.copied', details: { source: { assetId: asset.id, archiveId: asset.archive_id, folderPath: asset.folder_path, filename: asset.filename } } },
      );
    } catch (error) {
      await this.files.remove(originalFolderKey(archiveId, fileId));
      await this.files.remove(previewDir);
      throw error;
    }
  }

  /**
   * Reads a file for an asset: its type by content, its technical metadata and embedded fields (ExifTool), and its
   * upright previews (sharp) into `previews/<fileId>`. Never fails for a broken file: what could not be done is in
   * `warnings`.
   * @throws IngestError for an unreadable or empty file (detectFileType's MediaError).
   */
  async analyse(sourcePath: string, fileId: string): Promise<FileAnalysis> {
    // Warnings and refusals are shown to users: the media tools name the file by its path (issue 9).
    const shown = (message: string) => withoutServerPaths(message, [[sourcePath, 'the file']]);
    let fileType;
    try {
      fileType = await detectFileType(sourcePath);
    } catch (error) {
      if (error instanceof MediaError) throw new IngestError(error.value, shown(error.message));
      throw error;
    }
    const warnings: string[] = [];
    const reading = readMetadata(sourcePath).catch((error: Error) => {
      warnings.push(shown(`Metadata could not be read: ${error.message}`));
      return undefined;
    });
    const previewDir = previewFolderKey(fileId);
    // libvips turns these upright from their own EXIF block: their previews are made while ExifTool reads the file
    // (issue 16 "Ingest speed"). Other formats wait for ExifTool's orientation (embedded RAW previews, decoders).
    const making = UPRIGHT_BY_LIBVIPS.has(fileType.mime)
      ? settle(makePreviews(sourcePath, this.files.localPath(previewDir)))
      : reading.then((meta) => settle(makePreviews(sourcePath, this.files.localPath(previewDir), { orientation: meta?.technical.orientation })));
    const [meta, made] = await Promise.all([reading, making]);
    warnings.push(...(meta?.warnings ?? []).map(shown));
    let previews: StoredPreview[] = [];
    let oriented: { width: number; height: number } | undefined;
    if (made.ok) {
      previews = made.value.previews.map((p) => ({ size: p.size, width: p.width, height: p.height, square: p.square, file: `${previewDir}/${path.basename(p.file)}` }));
      oriented = { width: made.value.orientedWidth, height: made.value.orientedHeight };
    } else {
      const message = (made.error as Error).message;
      warnings.push(shown(message.startsWith('No preview') ? message : `No preview: ${message}`));
    }
    const technical = meta?.technical ?? {};
    return {
      fields: meta?.fields ?? {},
      warnings,
      previewDir,
      columns: {
        mime: fileType.mime,
        doctype: fileType.doctype,
        has_preview: previews.length > 0,
        width: technical.width ?? null,
        height: technical.height ?? null,
        oriented_width: oriented?.width ?? null,
        oriented_height: oriented?.height ?? null,
        orientation: technical.orientation ?? null,
        colorspace: technical.colorspace ?? null,
        resolution: technical.resolution ?? null,
        metadata: meta?.fields ?? {},
        camera_time: cameraTime(technical.dateTimeOriginal),
        technical: JSON.stringify(technical),
        previews: JSON.stringify(previews),
      },
    };
  }

  /**
   * The asset columns of a file already in the store (`storageKey`), re-read and with fresh previews: used when a
   * revision's file comes back (rollback). The asset keeps its metadata; `content_hash` is the given hash (as
   * received).
   */
  async storedFileColumns(storageKey: string, contentHash: string): Promise<FileColumns> {
    const { columns, warnings } = await this.analyse(this.files.localPath(storageKey), randomUUID());
    const { metadata: _fields, ...rest } = columns;
    const filesize = await this.files.size(storageKey);
    if (filesize === undefined) throw new Error('The stored file is no longer there.');
    return { ...rest, storage_key: storageKey, filesize, content_hash: contentHash, warnings: JSON.stringify(warnings) };
  }

  /**
   * Removes the previews of a file version the asset no longer shows (issue 9: previews of replaced versions are
   * removed with them). Earlier files stay in the store for rollback, but their previews are made again when one
   * comes back ({@link storedFileColumns}), so none is kept; folders the asset's current previews use are kept.
   * @param replaced - the previews of the version that was replaced (or made for a change that did not happen).
   * @param current - the asset's previews now.
   */
  async removeUnusedPreviews(replaced: readonly StoredPreview[], current: readonly StoredPreview[]): Promise<void> {
    const inUse = new Set(previewFolders(current));
    for (const folder of previewFolders(replaced)) if (!inUse.has(folder)) await this.files.remove(folder);
  }

  /**
   * A new version of an asset's file (the Upload API with the asset URL as destination; spec 01 §7, fotoweb-api-notes
   * §9): stores the file beside the previous ones (kept for rollback), reads it, makes previews, and changes the asset
   * through `changes` (a `file` revision with the uploader's comment; the asset's metadata is kept and written into
   * the new file).
   * @throws IngestError `EmptyFile`, `DuplicateAsset` (the archive already holds this content, this asset included).
   */
  async newVersion(
    request: Pick<IngestRequest, 'sourcePath' | 'userName' | 'contentHash' | 'beforeStoring'> & { asset: AssetRow; comment?: string | null },
    changes: AssetChangesService,
  ): Promise<AssetRow> {
    const { asset } = request;
    const filesize = await localFileSize(request.sourcePath);
    if (filesize === 0) throw new IngestError('EmptyFile', 'The file is empty (0 bytes).');
    const contentHash = request.contentHash ?? (await sha256OfLocalFile(request.sourcePath));
    const duplicate = await this.assets.findByHash(asset.archive_id, contentHash);
    if (duplicate) throw new IngestError('DuplicateAsset', `The same file is already in the archive as "${duplicate.filename}".`, duplicate.id);
    const fileId = randomUUID();
    const storageKey = originalKey(asset.archive_id, fileId, asset.filename);
    await request.beforeStoring?.(storageKey);
    const { columns, warnings, previewDir } = await this.analyse(request.sourcePath, fileId);
    const { metadata: _fields, ...rest } = columns;
    await this.files.putOriginal(storageKey, request.sourcePath);
    try {
      const applied = await changes.apply(asset.id, {
        file: { ...rest, storage_key: storageKey, filesize, content_hash: contentHash, warnings: JSON.stringify(warnings) },
        kind: 'file',
        userName: request.userName,
        comment: request.comment ?? null,
      });
      if (applied.replaced) await this.removeUnusedPreviews(applied.replaced.previews, applied.asset.previews);
      return applied.asset;
    } catch (error) {
      await this.files.restore(storageKey, request.sourcePath).catch(() => undefined);
      await this.files.remove(originalFolderKey(asset.archive_id, fileId));
      await this.files.remove(previewDir);
      throw error;
    }
  }
}

/**
 * Formats whose previews need no orientation from ExifTool: libvips decodes them and reads their EXIF orientation
 * itself (`makePreviews` without `orientation`), so their previews are made while ExifTool reads the metadata.
 */
const UPRIGHT_BY_LIBVIPS: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** A promise's outcome as a value, so that two pieces of work can be awaited together without losing either's error. */
function settle<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  return promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
}
