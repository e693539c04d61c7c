import type { Asset, Revision, RevisionComparison, RevisionList } from '@magpie/api-types';
import type { ArchiveRow, AssetRow, FieldValues, RevisionRow, StoredPreview } from '../db/schema.ts';
import type { RevisionsRepository } from '../repositories/revisions.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { Caller } from '../policies/archive.policy.ts';
import { assetPolicy, type AssetAction } from '../policies/asset.policy.ts';
import type { AssetChange, AssetChangesService, FileColumns } from './asset-changes.service.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';
import type { IngestService } from './ingest.service.ts';
import type { MetadataViewsService } from './metadata-views.service.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
import { presentFieldChange, presentRevision, type FieldLabels } from '../presenters/revision.presenter.ts';
import { diffMetadata, fieldsOfView } from '../metadata/validate.ts';

/** The previews of file columns about to be applied (JSON text as the ingest writes them, or parsed). */
function previewsOf(file: FileColumns): StoredPreview[] {
  const previews = file.previews;
  if (previews === undefined) return [];
  return typeof previews === 'string' ? (JSON.parse(previews) as StoredPreview[]) : previews;
}

/** What `rollback-to` restores (dam.yaml `RollbackToRequest`). */
export type RollbackType = 'all' | 'metadata' | 'file';

const conflict = (message: string) => new ApiError(409, 'Conflict', message, 'Conflict');

interface Loaded {
  archive: ArchiveRow;
  asset: AssetRow;
  permissions: ReadonlySet<string>;
}

/**
 * An asset's revisions (spec 01 §7 Revisions; permissions HistoryView, HistoryRollback, HistoryManage): listing,
 * deleting, comparing and rolling back. Every revision keeps a full metadata snapshot and the file the asset had,
 * so a rollback restores both in the database and, through the write-back, in the file.
 */
export class RevisionsService {
  constructor(
    private readonly assetsService: AssetsService,
    private readonly revisions: RevisionsRepository,
    private readonly views: MetadataViewsService,
    private readonly changes: AssetChangesService,
    private readonly ingest: IngestService,
    private readonly files: FileStore,
  ) {}

  /** The asset, once the asset policy allows `action` (404 without View, 403 naming the missing permission). */
  private async access(caller: Caller, ref: AssetRef, action: AssetAction): Promise<Loaded> {
    const loaded = await this.assetsService.load(caller, ref);
    assetPolicy.assertCan(loaded.permissions, action);
    await this.changes.ensureBaseline(loaded.asset);
    return loaded;
  }

  private async labels(archiveId: number): Promise<FieldLabels> {
    const fields = fieldsOfView((await this.views.forArchive(archiveId)).definition);
    return new Map([...fields].map(([id, description]) => [id, description.field.label]));
  }

  private async revision(asset: AssetRow, number: number): Promise<RevisionRow> {
    const row = await this.revisions.find(asset.id, number);
    if (!row) throw notFound(`Revision ${number}`);
    return row;
  }

  private present(loaded: Loaded, rows: RevisionRow[], labels: FieldLabels, current: number): Revision[] {
    return rows.map((row) => presentRevision(row, loaded, row.number === current, labels));
  }

  /** Every revision, newest first. @throws ApiError 404, 403 (HistoryView). */
  async list(caller: Caller, ref: AssetRef): Promise<RevisionList> {
    const loaded = await this.access(caller, ref, 'viewHistory');
    const rows = await this.revisions.list(loaded.asset.id);
    return { data: this.present(loaded, rows, await this.labels(loaded.archive.id), rows[0]?.number ?? 0), paging: null };
  }

  /** One revision. @throws ApiError 404 (asset or revision), 403 (HistoryView). */
  async get(caller: Caller, ref: AssetRef, number: number): Promise<Revision> {
    const loaded = await this.access(caller, ref, 'viewHistory');
    const [newest] = await this.revisions.list(loaded.asset.id);
    return this.present(loaded, [await this.revision(loaded.asset, number)], await this.labels(loaded.archive.id), newest!.number)[0]!;
  }

  /**
   * Deletes an older revision; its file is removed when no other revision and not the asset use it.
   * @throws ApiError 404, 403 (HistoryManage), 409 for the current revision.
   */
  async delete(caller: Caller, ref: AssetRef, number: number): Promise<void> {
    const { asset } = await this.access(caller, ref, 'manageHistory');
    const row = await this.revision(asset, number);
    const [newest] = await this.revisions.list(asset.id);
    if (newest!.number === number) throw conflict('The current revision is the asset as it is; it cannot be deleted.');
    await this.revisions.delete(asset.id, number);
    if (row.storage_key !== asset.storage_key && !(await this.revisions.fileInUse(asset.id, row.storage_key, number))) {
      await this.files.remove(row.storage_key);
    }
  }

  /**
   * Field-by-field differences between the asset after `left` and after `right` (`before` = left, `after` = right).
   * @throws ApiError 404 (asset or revision), 403 (HistoryView).
   */
  async compare(caller: Caller, ref: AssetRef, left: number, right: number): Promise<RevisionComparison> {
    const { asset, archive } = await this.access(caller, ref, 'viewHistory');
    const [a, b] = [await this.revision(asset, left), await this.revision(asset, right)];
    const labels = await this.labels(archive.id);
    return {
      leftRevision: left,
      rightRevision: right,
      differences: diffMetadata(a.metadata, b.metadata).map((change) => presentFieldChange(change, labels)),
      fileDiffers: a.storage_key !== b.storage_key,
    };
  }

  /**
   * Undoes one revision: the fields it changed get their earlier values, and a file revision brings back the file
   * before it. Makes a `rollback` revision.
   * @throws ApiError 404, 403 (HistoryRollback, EditText; EditFile for a file revision, spec 03 §3.11), 409 for revision 1.
   */
  async rollback(caller: Caller, ref: AssetRef, number: number): Promise<Asset> {
    const loaded = await this.access(caller, ref, 'rollback');
    if (number === 1) throw conflict('Revision 1 is the asset as ingested; there is nothing before it to go back to.');
    const row = await this.revision(loaded.asset, number);
    const metadata = (current: FieldValues): FieldValues => {
      const next = { ...current };
      for (const change of row.changes) {
        if (change.before === null) delete next[String(change.field)];
        else next[String(change.field)] = change.before;
      }
      return next;
    };
    let file: FileColumns | undefined;
    if (row.file_changed) {
      const before = await this.revisions.previous(loaded.asset.id, number);
      if (!before) throw conflict(`Revision ${number} has no earlier file to go back to.`);
      file = await this.fileOf(loaded, before);
    }
    return this.applyAndPresent(loaded, caller, { metadata, file, comment: `Undid revision ${number}.`, rolledBackTo: null });
  }

  /**
   * Restores the asset's state after a revision: metadata, file or both (`rollbackType`, default `all`). Makes a
   * `rollback` revision unless nothing changes.
   * @throws ApiError 404, 403 (HistoryRollback, EditText; EditFile when the file changes).
   */
  async rollbackTo(caller: Caller, ref: AssetRef, number: number, type: RollbackType = 'all'): Promise<Asset> {
    const loaded = await this.access(caller, ref, 'rollback');
    const row = await this.revision(loaded.asset, number);
    const file = type !== 'metadata' && row.storage_key !== loaded.asset.storage_key ? await this.fileOf(loaded, row) : undefined;
    const metadata = type === 'file' ? undefined : row.metadata;
    return this.applyAndPresent(loaded, caller, { metadata, file, comment: `Restored revision ${number} (${type}).`, rolledBackTo: number });
  }

  private async fileOf(loaded: Loaded, row: RevisionRow): Promise<FileColumns> {
    assetPolicy.assertCan(loaded.permissions, 'restoreFile');
    if (!(await this.files.stat(row.storage_key))) throw conflict(`The file of revision ${row.number} is no longer stored.`);
    return this.ingest.storedFileColumns(row.storage_key, row.content_hash);
  }

  private async applyAndPresent(
    loaded: Loaded,
    caller: Caller,
    change: { metadata: AssetChange['metadata']; file: FileColumns | undefined; comment: string; rolledBackTo: number | null },
  ): Promise<Asset> {
    // A file brought back got fresh previews (storedFileColumns); the replaced version's previews go (issue 9), and
    // so do the fresh ones when the change did not take the file.
    const fresh = change.file ? previewsOf(change.file) : [];
    let applied;
    try {
      applied = await this.changes.apply(loaded.asset.id, {
        ...(change.metadata ? { metadata: change.metadata } : {}),
        ...(change.file ? { file: change.file } : {}),
        kind: 'rollback',
        userName: caller.username,
        comment: change.comment,
        rolledBackTo: change.rolledBackTo,
      });
    } catch (error) {
      await this.ingest.removeUnusedPreviews(fresh, []);
      throw error;
    }
    await this.ingest.removeUnusedPreviews([...(applied.replaced?.previews ?? []), ...fresh], applied.asset.previews);
    const extras = (await this.assetsService.extrasFor(caller))(applied.asset);
    return presentAsset(loaded.archive, applied.asset, loaded.permissions, (await this.views.forArchive(loaded.archive.id)).definition, extras);
  }
}
