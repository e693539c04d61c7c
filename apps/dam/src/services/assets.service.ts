import type { Dam } from '@magpie/api-types';
import type { ArchiveRow, AssetRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { ArchiveAccess, ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { MetadataViewsRepository } from '../repositories/metadata-views.repository.ts';
import { notFound } from '../lib/errors.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
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

  /** The asset representation. @throws ApiError 404 when absent or not viewable. */
  async get(caller: Caller, ref: AssetRef) {
    const { archive, asset, permissions } = await this.load(caller, ref);
    const presented = presentAsset(archive, asset, permissions, (await this.views.forArchive(archive.id)).definition);
    const consent = await this.consentStatuses(permissions, [asset.id]);
    return consent ? { ...presented, consentStatus: consent.get(asset.id) ?? null } : presented;
  }

  /** The original file. @throws ApiError 404 (absent, unknown rendition), 403 without Download. */
  async original(caller: Caller, ref: AssetRef, rendition: string): Promise<StoredFile> {
    const { asset, permissions } = await this.load(caller, ref);
    if (rendition.toUpperCase() !== 'ORIGINAL') throw notFound('The rendition');
    assetPolicy.assertCan(permissions, 'download');
    return this.originalFile(asset);
  }

  /**
   * A preview image by asset id and preview name (`800`, `100s`…); of an asset in the trash only for holders of Delete.
   * @throws ApiError 404 when the asset, the preview or the caller's View is missing; 403 without Preview.
   */
  async preview(caller: Caller, assetId: number, name: string): Promise<StoredFile> {
    const asset = await this.assets.findById(assetId);
    const access = asset ? await this.policy.accessOnArchive(caller, asset.archive_id) : undefined;
    const permissions = access?.permissions ?? NO_PERMISSIONS;
    assetPolicy.assertCan(permissions, 'preview');
    if (!asset) throw notFound('The preview');
    // An asset in the trash (issue 13) shows its previews to those who see the trash: View, Preview and Delete.
    if ((asset.deleted && !permissions.has('Delete')) || !(await this.isVisible(asset.id, access))) throw notFound('The preview');
    return this.previewFile(asset, name);
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
