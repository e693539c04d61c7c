import type { Kysely } from 'kysely';
import type { AssetRow, AssetUpdate, Database, FieldValues, RevisionRow, StoredFieldChange } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { AssetsRepository } from '../repositories/assets.repository.ts';
import { JobsRepository } from '../repositories/jobs.repository.ts';
import { RevisionsRepository } from '../repositories/revisions.repository.ts';
import { TrashRepository } from '../repositories/trash.repository.ts';
import { WRITABLE_FIELDS } from '../media/writeback.ts';
import { diffMetadata } from '../metadata/validate.ts';
import { notFound } from '../lib/errors.ts';
import { recordActivity } from './activity.service.ts';
import { queueWebhookDeliveries } from './webhooks.service.ts';
import { queueWebVideo } from '../jobs/web-video.job.ts';

/** The activity log's action for each kind of change (issue 15). */
const CHANGE_ACTIONS = { metadata: 'asset.metadataEdited', file: 'asset.fileChanged', rollback: 'asset.rolledBack' } as const;

/** What the activity log keeps of a change: the field ids and their old and new values, the revision, the comment. */
function changeDetails(changes: readonly StoredFieldChange[], change: AssetChange, revision: number): Record<string, unknown> {
  return {
    fields: changes.map((c) => String(c.field)),
    changes,
    revision,
    ...(change.comment ? { comment: change.comment } : {}),
    ...(change.rolledBackTo ? { rolledBackTo: change.rolledBackTo } : {}),
  };
}

/** A rename when only the file name changes, else a move. */
function relocation(asset: AssetRow, to: { archiveId?: number; folderPath?: string; filename?: string }): 'asset.renamed' | 'asset.moved' {
  const moved = (to.archiveId !== undefined && to.archiveId !== asset.archive_id) || (to.folderPath !== undefined && to.folderPath !== asset.folder_path);
  return moved ? 'asset.moved' : 'asset.renamed';
}

/** Where an asset is (or goes, with `to`), for the activity log's details. */
function placeOf(asset: AssetRow, to: { archiveId?: number; folderPath?: string; filename?: string } = {}) {
  return { archiveId: to.archiveId ?? asset.archive_id, folderPath: to.folderPath ?? asset.folder_path, filename: to.filename ?? asset.filename };
}

/** The job kind that writes an asset's changed metadata into its original file. */
export const METADATA_WRITEBACK_JOB = 'metadata-writeback';
/** Attempts of a write-back job before the asset is marked `failed` (5 s apart, worker.ts). */
export const WRITEBACK_MAX_ATTEMPTS = 5;

/** A new file for an asset: where it is stored and what was read from it (asset columns). */
export type FileColumns = Required<Pick<AssetUpdate, 'storage_key' | 'filesize' | 'content_hash'>> & AssetUpdate;

/** One change to an asset (metadata, file, or both) and how its revision is recorded. */
export interface AssetChange {
  /**
   * The asset's new metadata (absent: unchanged): the complete snapshot, or a function of the metadata as it is when
   * the asset is locked (use it for edits of some fields, so concurrent saves of other fields are kept).
   */
  metadata?: FieldValues | ((current: FieldValues) => FieldValues);
  /** A new file (absent: unchanged). */
  file?: FileColumns;
  kind: 'metadata' | 'file' | 'rollback';
  /** Who makes the change (user name, recorded as modifiedBy and on the revision). */
  userName: string;
  comment?: string | null;
  rolledBackTo?: number | null;
}

/** What {@link AssetChangesService.apply} did. */
export interface AppliedChange {
  asset: AssetRow;
  /** False when the change changed nothing (no revision was made). */
  changed: boolean;
  changes: StoredFieldChange[];
  revision?: RevisionRow;
  /**
   * The file the change replaced, with its previews (set only when the file changed). Revisions keep the file for
   * rollback; its previews are made again when it comes back, so the caller removes these (issue 9).
   */
  replaced?: Pick<AssetRow, 'storage_key' | 'previews'>;
}

/**
 * The one way an asset's metadata or file changes (issue 5): in one transaction it locks the asset, records the
 * revision before the first change (number 1, `ingest`), updates the row and its search index, appends the
 * revision (who, when, what changed) and queues the write-back of the changed fields into the file. A change to
 * the file queues every writable field, so the new file carries the asset's metadata.
 */
export class AssetChangesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly onJobQueued: () => void,
  ) {}

  /**
   * Applies a change; a change that changes nothing answers the asset as it is.
   * @throws ApiError 404 when the asset no longer exists.
   */
  async apply(assetId: number, change: AssetChange): Promise<AppliedChange> {
    const outcome = await inTransaction(this.db, async (trx) => {
      const assets = new AssetsRepository(trx);
      const revisions = new RevisionsRepository(trx);
      const asset = await assets.findByIdForUpdate(assetId);
      if (!asset) throw notFound('The asset');
      await ensureBaseline(revisions, asset);
      const metadata = typeof change.metadata === 'function' ? change.metadata(asset.metadata) : (change.metadata ?? asset.metadata);
      const changes = diffMetadata(asset.metadata, metadata);
      const fileChanged = change.file !== undefined && change.file.storage_key !== asset.storage_key;
      if (changes.length === 0 && !fileChanged) return { asset, changed: false, changes, queued: false };

      const toWrite = fileChanged ? [...WRITABLE_FIELDS.keys()] : changes.map((c) => String(c.field)).filter((id) => WRITABLE_FIELDS.has(id));
      const pending = [...new Set([...asset.writeback_fields, ...toWrite])];
      const modified = new Date(Math.max(Date.now(), asset.modified.getTime() + 1));
      await assets.update(assetId, {
        ...(fileChanged ? change.file : {}),
        metadata: JSON.stringify(metadata),
        modified,
        modified_by: change.userName,
        ...(toWrite.length > 0 ? { writeback_fields: JSON.stringify(pending), writeback_status: 'pending', writeback_message: null } : {}),
      });
      await assets.refreshSearchVector(assetId, metadata, asset.filename);
      const file = fileChanged ? change.file! : asset;
      const revision = await revisions.append({
        asset_id: assetId,
        kind: change.kind,
        metadata: JSON.stringify(metadata),
        changes: JSON.stringify(changes),
        storage_key: file.storage_key!,
        filesize: Number(file.filesize),
        content_hash: file.content_hash!,
        file_changed: fileChanged,
        comment: change.comment ?? null,
        rolled_back_to: change.rolledBackTo ?? null,
        created_by: change.userName,
      });
      await recordActivity(trx, { userName: change.userName }, CHANGE_ACTIONS[change.kind], { kind: 'asset', assetId }, changeDetails(changes, change, revision.number));
      await queueWebhookDeliveries(trx, 'asset.modified', assetId);
      // A movie's new file (a new version, a rollback) gets a new web-playable copy (issue 16).
      if (fileChanged) await queueWebVideo(trx, { id: assetId, doctype: change.file!.doctype ?? asset.doctype, storage_key: change.file!.storage_key! });
      if (toWrite.length > 0) await new JobsRepository(trx).enqueue(METADATA_WRITEBACK_JOB, { assetId }, { maxAttempts: WRITEBACK_MAX_ATTEMPTS });
      const replaced = fileChanged ? { replaced: { storage_key: asset.storage_key, previews: asset.previews } } : {};
      return { asset: (await assets.findById(assetId))!, changed: true, changes, revision, queued: toWrite.length > 0, ...replaced };
    });
    if (outcome.queued) this.onJobQueued();
    const { queued: _queued, ...applied } = outcome;
    return applied;
  }

  /**
   * Queues the write-back of every writable field (a file that must carry all of the asset's metadata, e.g. a
   * duplicate made from an earlier revision's file).
   */
  async queueWriteback(assetId: number): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await new AssetsRepository(trx).update(assetId, { writeback_fields: JSON.stringify([...WRITABLE_FIELDS.keys()]), writeback_status: 'pending', writeback_message: null });
      await new JobsRepository(trx).enqueue(METADATA_WRITEBACK_JOB, { assetId }, { maxAttempts: WRITEBACK_MAX_ATTEMPTS });
    });
    this.onJobQueued();
  }

  /**
   * Gives an asset a new place or name (issue 13: a rename or move task): in one transaction it locks the live asset,
   * records the baseline revision, sets the archive, folder and file name given, refreshes the search index (the
   * file name is searched) and appends a `metadata` revision whose comment says what happened (`comment`), so the
   * history shows every rename and move. The file and metadata stay as they are.
   * @returns the asset as it is now, or undefined when it no longer exists or is in the trash.
   * @throws the database's unique violation (23505) when the name is taken at the new place.
   */
  async relocate(assetId: number, to: { archiveId?: number; folderPath?: string; filename?: string }, userName: string, comment: string): Promise<AssetRow | undefined> {
    return inTransaction(this.db, async (trx) => {
      const assets = new AssetsRepository(trx);
      const revisions = new RevisionsRepository(trx);
      const asset = await assets.findByIdForUpdate(assetId);
      if (!asset || asset.deleted !== null) return undefined;
      await ensureBaseline(revisions, asset);
      const filename = to.filename ?? asset.filename;
      const modified = new Date(Math.max(Date.now(), asset.modified.getTime() + 1));
      await assets.update(assetId, {
        archive_id: to.archiveId ?? asset.archive_id,
        folder_path: to.folderPath ?? asset.folder_path,
        filename,
        modified,
        modified_by: userName,
      });
      if (filename !== asset.filename) await assets.refreshSearchVector(assetId, asset.metadata, filename);
      await recordActivity(trx, { userName }, relocation(asset, to), { kind: 'asset', assetId }, { from: placeOf(asset), to: placeOf(asset, to), comment });
      await revisions.append({
        asset_id: assetId,
        kind: 'metadata',
        metadata: JSON.stringify(asset.metadata),
        changes: '[]',
        storage_key: asset.storage_key,
        filesize: Number(asset.filesize),
        content_hash: asset.content_hash,
        file_changed: false,
        comment,
        rolled_back_to: null,
        created_by: userName,
      });
      // Webhooks see the asset at its new place (issue 16): a rename or a move modifies it.
      await queueWebhookDeliveries(trx, 'asset.modified', assetId);
      return assets.findById(assetId);
    });
  }

  /**
   * Moves a live asset to the trash (a delete task, issue 13) and records it in the activity log in one transaction.
   * @returns false when it is not live (gone, or in the trash already).
   */
  async moveToTrash(assetId: number, userName: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const moved = await new TrashRepository(trx).moveToTrash(assetId, userName);
      if (moved) {
        await recordActivity(trx, { userName }, 'asset.deleted', { kind: 'asset', assetId });
        await queueWebhookDeliveries(trx, 'asset.deleted', assetId);
      }
      return moved;
    });
  }

  /** Records revision 1 (the asset as ingested) for an asset that has none yet, e.g. before its history is listed. */
  async ensureBaseline(asset: AssetRow): Promise<void> {
    if (asset.revision_count > 0) return;
    await inTransaction(this.db, async (trx) => {
      const locked = await new AssetsRepository(trx).findByIdForUpdate(asset.id);
      if (locked) await ensureBaseline(new RevisionsRepository(trx), locked);
    });
  }
}

async function ensureBaseline(revisions: RevisionsRepository, asset: AssetRow): Promise<void> {
  if (asset.revision_count > 0) return;
  await revisions.append({
    asset_id: asset.id,
    kind: 'ingest',
    metadata: JSON.stringify(asset.metadata),
    changes: '[]',
    storage_key: asset.storage_key,
    filesize: asset.filesize,
    content_hash: asset.content_hash,
    file_changed: true,
    comment: null,
    rolled_back_to: null,
    created: asset.created,
    created_by: asset.created_by,
  });
}
