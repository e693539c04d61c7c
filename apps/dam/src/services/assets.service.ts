import type { Dam } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ArchiveAccess, ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import { notFound, TooManyRequestsError } from '../lib/errors.ts';
import { renderDocumentPage, PdfPageRangeError } from '../media/document-pages.ts';
import { DecoderFailure } from '../media/decoders/types.ts';
import { documentPageKey } from '../storage/keys.ts';
import { presentAsset, webVideoVersion, type AssetExtrasFor } from '../presenters/asset.presenter.ts';
import type { AssetReference } from '../lib/references.ts';

/** Where an asset is: archive id, folder path ('' for the root) and file name (a reference, never a URL). */
export type AssetRef = AssetReference;

const NO_PERMISSIONS: ReadonlySet<string> = new Set();

/**
 * The `consentStatus` of assets of one archive for a caller with `permissions` there, by asset id; undefined when the
 * caller is shown none (consent forms off, or no ViewConsentSummary; issue 15).
 */
export type ConsentStatuses = (
  permissions: ReadonlySet<string>,
  assetIds: readonly number[],
) => Promise<ReadonlyMap<number, Dam.components['schemas']['ConsentStatus']> | undefined>;

/** A stored file ready to stream: its store key, size (bytes), type and the download name. */
export interface StoredFile {
  key: string;
  /** Bytes. */
  size: number;
  contentType: string;
  filename: string;
  /** Last change of the stored file (ms since the epoch), when it was read (previews). */
  mtimeMs?: number;
}

/** Pages of documents drawn at once by one DAM process (each is a pdf.js worker of about 100 MB). */
export const DOCUMENT_PAGE_RENDERS = 2;

/** Callers that may wait for a page to be drawn; more are answered 429. */
export const DOCUMENT_PAGE_QUEUE = 16;

/** Runs at most `limit` tasks at once, with at most `queue` waiting; beyond that it refuses with a 429. */
class RenderLimiter {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(
    private readonly limit: number,
    private readonly queue: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.queue) throw new TooManyRequestsError('Too many document pages are being drawn; try again in a moment.', 2);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

const documentPageRenders = new RenderLimiter(DOCUMENT_PAGE_RENDERS, DOCUMENT_PAGE_QUEUE);

/**
 * Assets for a caller: the asset representation, its original rendition and its previews, each behind the
 * archive permission it needs (View for the asset, Download for the original, Preview for previews).
 */
export class AssetsService {
  constructor(
    private readonly archives: ArchivesRepository,
    private readonly assets: AssetsRepository,
    private readonly policy: ArchivePolicy,
    private readonly files: FileStore,
    private readonly views: MetadataViewsRepository,
    /** The consent summaries a caller holding `permissions` sees (`ConsentService.statusesOf`, issue 15); none when not given. */
    private readonly consentStatuses: ConsentStatuses = async () => undefined,
    /** What assets show beyond their rows: processing-profile renditions and the caller's previewToken (issue 16). */
    private readonly assetExtras: AssetExtrasFor = async () => () => ({}),
    /**
     * The file a download of an asset gives: its original, or what its archive's download processing makes of it
     * (`DownloadProcessingService.fileOf`, issue 16); the original as stored when not given.
     */
    private readonly downloadFileOf?: (asset: AssetRow, archive?: ArchiveRow) => Promise<StoredFile>,
  ) {}

  /**
   * An asset with its archive and the caller's permissions there.
   * @throws ApiError 404 when the asset is absent or the caller may not view its archive.
   */
  async load(caller: Caller, ref: AssetRef): Promise<{ archive: ArchiveRow; asset: AssetRow; permissions: ReadonlySet<string> }> {
    const archive = await this.archives.findById(ref.archiveId);
    const access = archive ? await this.policy.accessOnArchive(caller, archive.id) : undefined;
    const permissions = access?.permissions ?? NO_PERMISSIONS;
    assetPolicy.assertCan(permissions, 'view');
    if (!archive) throw notFound('The asset');
    const asset = await this.assets.findByPath(archive.id, ref.folderPath, ref.filename);
    if (!asset || !(await this.isVisible(asset.id, access))) throw notFound('The asset');
    return { archive, asset, permissions };
  }

  /**
   * {@link load} for many assets at once, answering in the order of `refs`: what the caller may view (the asset, its
   * archive and the caller's permissions there), or undefined where `load` would answer 404. One access check and a
   * few queries per archive, however many assets (a task or a download of up to 10,000).
   */
  async loadMany(caller: Caller, refs: readonly AssetRef[]): Promise<Array<{ archive: ArchiveRow; asset: AssetRow; permissions: ReadonlySet<string> } | undefined>> {
    const answers: Array<{ archive: ArchiveRow; asset: AssetRow; permissions: ReadonlySet<string> } | undefined> = refs.map(() => undefined);
    const byArchive = new Map<number, number[]>();
    refs.forEach((ref, index) => byArchive.set(ref.archiveId, [...(byArchive.get(ref.archiveId) ?? []), index]));
    for (const [archiveId, indexes] of byArchive) {
      const archive = await this.archives.findById(archiveId);
      const access = archive ? await this.policy.accessOnArchive(caller, archive.id) : undefined;
      const permissions = access?.permissions ?? NO_PERMISSIONS;
      if (!archive || !assetPolicy.can(permissions, 'view')) continue;
      const rows = await this.assets.findByPaths(
        archive.id,
        indexes.map((index) => refs[index]!),
      );
      const rowAt = new Map(rows.map((row) => [`${row.folder_path}\u0000${row.filename.toLowerCase()}`, row]));
      const visible = access?.visibility
        ? await this.assets.matchingIds(
            rows.map((row) => row.id),
            access.visibility,
          )
        : undefined;
      for (const index of indexes) {
        const ref = refs[index]!;
        const asset = rowAt.get(`${ref.folderPath}\u0000${ref.filename.toLowerCase()}`);
        if (asset && (!visible || visible.has(asset.id))) answers[index] = { archive, asset, permissions };
      }
    }
    return answers;
  }

  /** Whether an asset is among what the caller may see of its archive (AutoSearch, spec 03 §3.9). */
  private async isVisible(assetId: number, access: ArchiveAccess | undefined): Promise<boolean> {
    return !access?.visibility || (await this.assets.matches(assetId, access.visibility));
  }

  /**
   * What the assets shown to `caller` carry beyond their rows (issue 16): the processing profiles' renditions and the
   * caller's previewToken; made once per answer, then per asset.
   */
  extrasFor(caller: Caller): ReturnType<AssetExtrasFor> {
    return this.assetExtras(caller);
  }

  /** The asset representation. @throws ApiError 404 when absent or not viewable. */
  async get(caller: Caller, ref: AssetRef) {
    const { archive, asset, permissions } = await this.load(caller, ref);
    const extras = (await this.assetExtras(caller))(asset);
    const presented = presentAsset(archive, asset, permissions, (await this.views.forArchive(archive.id)).definition, extras);
    const consent = await this.consentStatuses(permissions, [asset.id]);
    return consent ? { ...presented, consentStatus: consent.get(asset.id) ?? null } : presented;
  }

  /**
   * The original file as a download gives it: processed by the archive's download processing where it has one
   * ({@link downloadFile}).
   * @throws ApiError 404 (absent, unknown rendition, an image its processing profile cannot convert), 403 without Download.
   */
  async original(caller: Caller, ref: AssetRef, rendition: string): Promise<StoredFile> {
    const { archive, asset, permissions } = await this.load(caller, ref);
    if (rendition.toUpperCase() !== 'ORIGINAL') throw notFound('The rendition');
    assetPolicy.assertCan(permissions, 'download');
    return this.downloadFile(asset, archive);
  }

  /**
   * What a download of `asset` gives (no permission check: the caller's): the original as stored, or its archive's
   * processed image (issue 16).
   * @throws ApiError 404 for an image the archive's processing profile cannot convert.
   */
  downloadFile(asset: AssetRow, archive?: ArchiveRow): Promise<StoredFile> {
    return this.downloadFileOf ? this.downloadFileOf(asset, archive) : Promise.resolve(this.originalFile(asset));
  }

  /**
   * A preview image by asset id and preview name (`800`, `100s`…); of an asset in the trash only for holders of Delete.
   * @throws ApiError 404 when the asset, the preview or the caller's View is missing; 403 without Preview.
   */
  async preview(caller: Caller, assetId: number, name: string): Promise<StoredFile> {
    return this.previewFile(await this.previewableAsset(caller, assetId, 'The preview'), name);
  }

  /**
   * The asset whose previews (and web video, document pages) `caller` may see: Preview on its archive, visible, and
   * live or in the trash for those who see the trash (View, Preview and Delete; issue 13).
   * @param what - names the missing thing in the 404 (`The preview`, `The page`…).
   * @throws ApiError 403 without Preview; 404 when the asset is absent or not visible.
   */
  private async previewableAsset(caller: Caller, assetId: number, what: string): Promise<AssetRow> {
    const asset = await this.assets.findById(assetId);
    const access = asset ? await this.policy.accessOnArchive(caller, asset.archive_id) : undefined;
    const permissions = access?.permissions ?? NO_PERMISSIONS;
    assetPolicy.assertCan(permissions, 'preview');
    if (!asset) throw notFound(what);
    if ((asset.deleted && !permissions.has('Delete')) || !(await this.isVisible(asset.id, access))) throw notFound(what);
    return asset;
  }

  /**
   * Page `page` of a PDF as a JPEG (issue 16, dam.yaml `getDocumentPage`) for a caller with Preview, under the rules of
   * {@link preview}: drawn on first request and kept beside the previews (a new version of the file has new ones).
   * At most {@link DOCUMENT_PAGE_RENDERS} pages are drawn at once; more callers wait, up to
   * {@link DOCUMENT_PAGE_QUEUE} of them, then are told to come back.
   * @throws ApiError 403 without Preview; 404 when the asset is not a visible PDF with a preview, has no such page,
   *   or the version is stale; TooManyRequestsError 429 when too many pages are being drawn.
   */
  async documentPage(caller: Caller, assetId: number, page: number, version: string): Promise<StoredFile> {
    const asset = await this.previewableAsset(caller, assetId, 'The page');
    const pageCount = (asset.technical as { pageCount?: number }).pageCount;
    const key = documentPageKey(asset.storage_key, page);
    if (
      asset.mime !== 'application/pdf' ||
      !asset.has_preview ||
      pageCount === undefined ||
      page > pageCount ||
      asset.modified.getTime().toString(36) !== version ||
      key === undefined
    ) {
      throw notFound('The page');
    }
    let stat = await this.files.stat(key);
    if (!stat) {
      await documentPageRenders.run(async () => {
        if (await this.files.stat(key)) return;
        const jpeg = await renderDocumentPage(this.files.localPath(asset.storage_key), page).catch((error: unknown) => {
          if (error instanceof PdfPageRangeError || error instanceof DecoderFailure) throw notFound('The page');
          throw error;
        });
        await this.files.writeFile(key, jpeg);
      });
      stat = await this.files.stat(key);
      if (!stat) throw notFound('The page');
    }
    return { key, size: stat.size, mtimeMs: stat.mtime.getTime(), contentType: 'image/jpeg', filename: `${asset.filename}.page-${page}.jpg` };
  }

  /**
   * A movie's web-playable copy (issue 16, dam.yaml `getWebVideo`) for a caller with Preview, under the rules of
   * {@link preview}; `version` is the one in its href, so an old URL does not serve a newer copy.
   * @throws ApiError 403 without Preview; 404 when the asset is not visible, has no ready copy, or the version is stale.
   */
  async webVideo(caller: Caller, assetId: number, version: string): Promise<StoredFile> {
    const asset = await this.previewableAsset(caller, assetId, 'The video');
    const state = asset.web_video;
    if (state?.status !== 'ready' || !state.file || webVideoVersion(state.file) !== version) throw notFound('The video');
    const stat = await this.files.stat(state.file);
    if (!stat) throw notFound('The video');
    return { key: state.file, size: stat.size, mtimeMs: stat.mtime.getTime(), contentType: 'video/mp4', filename: `${asset.filename}.mp4` };
  }

  /**
   * An asset's preview file by name (`800`, `100s`…), whoever asks: the caller decided who may see it (a share link,
   * issue 13, or {@link preview}).
   * @throws ApiError 404 when the asset has no such preview.
   */
  async previewFile(asset: AssetRow, name: string): Promise<StoredFile> {
    const match = /^(\d+)(s?)$/.exec(name);
    const preview = match && asset.previews.find((p) => p.size === Number(match[1]) && p.square === (match[2] === 's'));
    if (!preview || !asset.has_preview) throw notFound('The preview');
    const stat = await this.files.stat(preview.file);
    if (!stat) throw notFound('The preview');
    return { key: preview.file, size: stat.size, mtimeMs: stat.mtime.getTime(), contentType: 'image/jpeg', filename: `${asset.filename}.${name}.jpg` };
  }

  /** An asset's original file, whoever asks (a share link that allows downloads, issue 13). */
  originalFile(asset: AssetRow): StoredFile {
    return { key: asset.storage_key, size: asset.filesize, contentType: asset.mime || 'application/octet-stream', filename: asset.filename };
  }
}
