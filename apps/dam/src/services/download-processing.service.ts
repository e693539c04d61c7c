import { createHash } from 'node:crypto';
import path from 'node:path';
import type { ArchiveRow, AssetRow, ProcessingProfileRow } from '../db/schema.ts';
import { ApiError } from '../lib/errors.ts';
import { isConversionError, RENDITION_CONTENT_TYPES } from '../media/renditions.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import { processedOriginalKey } from '../storage/keys.ts';
import type { StoredFile } from './assets.service.ts';
import type { ProcessingProfilesService } from './processing-profiles.service.ts';
import type { ChosenWatermark, WatermarksService } from './watermarks.service.ts';
import { renditionSource, writeRendition } from './rendition-writer.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/**
 * Images one ZIP may have to process first (its others were processed by an earlier download): more would keep the
 * request waiting for minutes, so the download is refused with a clear message instead (about 0.2 to 1 s an image).
 */
export const MAX_PROCESSED_PER_DOWNLOAD = 200;

/** The download of an original that its archive's processing profile could not convert (404, as a failed rendition). */
export function processingFailed(asset: Pick<AssetRow, 'filename'>, reason: string): ApiError {
  return new ApiError(404, 'NotFound', `${asset.filename} could not be processed for download: ${reason}`, 'Not found');
}

/** An archive's processing: its profile, the watermark that profile stamps, and the tag of both (the kept file's name). */
interface Processing {
  readonly profile: ProcessingProfileRow;
  readonly watermark?: ChosenWatermark;
  readonly tag: string;
}

/**
 * What downloads of one archive's assets give ({@link DownloadProcessingService.forArchive}).
 * - `fileOf(asset)`: its original as stored, or, in an archive that processes downloads, the image converted by the
 *   profile (stamped with the archive's watermark when the profile applies it; made now if it is not kept yet; sizes
 *   in bytes). @throws ApiError 404 when the profile cannot convert the image ({@link processingFailed}); storage
 *   errors as they come.
 * - `needsMaking(asset)`: whether that image must be made first (to bound a ZIP's work, {@link MAX_PROCESSED_PER_DOWNLOAD}).
 */
export interface ArchiveDownloads {
  fileOf(asset: AssetRow): Promise<StoredFile>;
  needsMaking(asset: AssetRow): Promise<boolean>;
}

/**
 * An archive's download processing (issue 16; spec 03 §3.8 `DownloadProcessing`, FotoWeb's "download processing"):
 * an archive whose `ProcessingType` is 1 (a specific processing profile) hands out its images through that profile
 * wherever an original is downloaded: the asset's `__renditions/ORIGINAL`, ZIP downloads, approved orders and share
 * links with downloads. Other files (video, documents, audio) and archives without processing give the original as
 * stored. A profile that applies the archive's watermark stamps it. A processed original is made once per stored
 * version, profile setting and watermark, and kept beside the version's previews (it goes when they go).
 */
export class DownloadProcessingService {
  constructor(
    private readonly deps: {
      archives: Pick<ArchivesRepository, 'findById'>;
      profiles: Pick<ProcessingProfilesService, 'find'>;
      /** The archive's watermark, for a profile that applies it. */
      watermarks: Pick<WatermarksService, 'forArchive'>;
      files: FileStore;
    },
  ) {}

  /**
   * The processing profile the archive's downloads go through, or undefined (no processing, a profile set, or a
   * profile deleted since the archive chose it: then the original is given, as FotoWeb does for a missing profile).
   */
  async profileOf(archive: Pick<ArchiveRow, 'settings'>): Promise<ProcessingProfileRow | undefined> {
    const processing = archive.settings.downloadProcessing;
    if (processing?.ProcessingType !== 1 || !processing.SpecificProcessingProfile) return undefined;
    return this.deps.profiles.find(processing.SpecificProcessingProfile);
  }

  /**
   * What downloads of one archive's assets give, with the archive's profile and watermark read once (a ZIP of many
   * assets of an archive asks {@link ArchiveDownloads.fileOf} for each).
   */
  async forArchive(archive: Pick<ArchiveRow, 'settings'>): Promise<ArchiveDownloads> {
    const processing = await this.processingOf(archive);
    return {
      needsMaking: async (asset) => {
        const key = this.processedKey(asset, processing);
        return key !== undefined && (await this.deps.files.stat(key)) === undefined;
      },
      fileOf: (asset) => this.fileWith(asset, processing),
    };
  }

  /**
   * The file a download of `asset` gives ({@link ArchiveDownloads.fileOf}); its archive is read when not given.
   * @throws ApiError 404 as {@link ArchiveDownloads.fileOf}.
   */
  async fileOf(asset: AssetRow, archive?: ArchiveRow): Promise<StoredFile> {
    return this.fileWith(asset, await this.processingOf(archive ?? (await this.archiveOf(asset))));
  }

  /** Where `asset`'s processed image is kept, or undefined when its download is the original. */
  private processedKey(asset: AssetRow, processing: Processing | undefined): string | undefined {
    if (asset.doctype !== 'image' || !processing) return undefined;
    return processedOriginalKey(asset.storage_key, processing.profile.id, processing.tag, processing.profile.format);
  }

  private async fileWith(asset: AssetRow, processing: Processing | undefined): Promise<StoredFile> {
    const original: StoredFile = { key: asset.storage_key, size: asset.filesize, contentType: asset.mime || 'application/octet-stream', filename: asset.filename };
    const key = this.processedKey(asset, processing);
    if (key === undefined || !processing) return original;
    const { profile, watermark } = processing;
    let stat = await this.deps.files.stat(key);
    if (!stat) {
      const spec = { format: profile.format, quality: profile.quality, size: profile.size };
      try {
        // Written whole or not at all: two downloads making it at once each leave a complete file.
        await writeRendition(this.deps.files, key, renditionSource(asset), spec, watermark?.stamp);
      } catch (error) {
        if (isConversionError(error)) throw processingFailed(asset, withoutServerPaths((error as Error).message).slice(0, 500));
        throw error;
      }
      stat = await this.deps.files.stat(key);
      if (!stat) throw processingFailed(asset, 'the processed file was not kept');
    }
    return {
      key,
      size: stat.size,
      contentType: RENDITION_CONTENT_TYPES[profile.format],
      filename: `${path.parse(asset.filename).name}.${profile.format}`,
      mtimeMs: stat.mtime.getTime(),
    };
  }

  /** The archive's profile, the watermark it stamps (when it applies the archive's), and the tag of both. */
  private async processingOf(archive: Pick<ArchiveRow, 'settings'>): Promise<Processing | undefined> {
    const profile = await this.profileOf(archive);
    if (!profile) return undefined;
    const watermark = profile.watermark ? await this.deps.watermarks.forArchive(archive) : undefined;
    return { profile, ...(watermark ? { watermark } : {}), tag: settingsTag(profile, watermark?.tag) };
  }

  private async archiveOf(asset: AssetRow): Promise<Pick<ArchiveRow, 'settings'>> {
    return (await this.deps.archives.findById(asset.archive_id)) ?? { settings: {} };
  }
}

/** A short tag of what the profile makes (size, format, quality, watermark): a changed profile or watermark makes new files. */
function settingsTag(profile: ProcessingProfileRow, watermarkTag = ''): string {
  return createHash('sha256')
    .update(`${profile.size ?? 'full'}|${profile.format}|${profile.quality}|${watermarkTag}`)
    .digest('hex')
    .slice(0, 12);
}
