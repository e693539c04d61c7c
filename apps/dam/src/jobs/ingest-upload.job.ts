import fsp from 'node:fs/promises';
import path from 'node:path';
import type { JobRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { UploadsRepository } from '../repositories/uploads.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { UploadsService } from '../services/uploads.service.ts';
import { IngestError, type IngestService } from '../services/ingest.service.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { AssetChangesService } from '../services/asset-changes.service.ts';
import type { MetadataEditService } from '../services/metadata-edit.service.ts';

/**
 * The `ingest-upload` background job: turns an assembled upload into an asset (or, for an upload whose destination
 * was an asset, into a new version of its file) and records the outcome on the
 * upload (done with the asset, or failed with `{value, message}`). It is idempotent: a job re-run after a crash
 * finds the upload already finished and does nothing.
 * @throws Error for unexpected failures, so the worker retries; the last attempt marks the upload failed.
 */
export function ingestUploadJob(deps: {
  uploads: UploadsRepository;
  uploadsService: UploadsService;
  archives: ArchivesRepository;
  users: UsersRepository;
  ingest: IngestService;
  assets: AssetsRepository;
  changes: AssetChangesService;
  metadataEdit: MetadataEditService;
}) {
  return async (job: JobRow): Promise<void> => {
    const { uploadId, contentHash } = job.payload as { uploadId: string; contentHash?: string };
    const upload = await deps.uploads.findById(uploadId);
    if (!upload || upload.status === 'done' || upload.status === 'failed') return;
    await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'inProgress');
    const sourcePath = deps.uploadsService.assembledPath(uploadId);
    const fail = (value: string, message: string, assetId: number | null = null) =>
      deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'failed', { error: { value, message }, asset_id: assetId });
    const [archive, user] = await Promise.all([deps.archives.findById(upload.archive_id), deps.users.findById(upload.user_id)]);
    // Metadata given with the upload, once the asset exists; a failure here never fails the upload (it is done).
    const applyUploadMetadata = async (assetId: number) => {
      const fields = await deps.uploadsService.metadataOf(uploadId);
      if (fields.length === 0) return;
      await deps.metadataEdit.applyUploadFields(assetId, fields, user?.username ?? 'system').catch(async (error: Error) => {
        const asset = await deps.assets.findById(assetId);
        if (asset) await deps.assets.update(assetId, { warnings: JSON.stringify([...asset.warnings, `The upload's metadata could not be applied: ${error.message}`]) });
      });
    };
    if (!archive) return void (await fail('NotFound', 'The destination archive no longer exists.'));
    if (!(await fsp.stat(sourcePath).catch(() => undefined))) return void (await fail('UploadDataLost', 'The uploaded data is no longer available; upload the file again.'));
    try {
      if (upload.target_asset_id !== null) {
        const target = await deps.assets.findById(upload.target_asset_id);
        if (!target) return void (await fail('NotFound', 'The asset no longer exists.'));
        const version = { sourcePath, asset: target, userName: user?.username ?? 'system', comment: upload.comment, ...(contentHash ? { contentHash } : {}) };
        const asset = await deps.ingest.newVersion(version, deps.changes);
        await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'done', { asset_id: asset.id });
        await applyUploadMetadata(asset.id);
        await fsp.rm(path.dirname(sourcePath), { recursive: true, force: true });
        return;
      }
      const asset = await deps.ingest.ingest({
        sourcePath,
        archive,
        folderPath: upload.folder_path,
        filename: upload.filename,
        userName: user?.username ?? 'system',
        ...(contentHash ? { contentHash } : {}),
      });
      await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'done', { asset_id: asset.id });
      await applyUploadMetadata(asset.id);
    } catch (error) {
      if (error instanceof IngestError) {
        await fail(error.value, error.message, error.existingAssetId ?? null);
      } else if (job.attempts >= job.max_attempts) {
        await fail('IngestFailed', `The file could not be processed: ${(error as Error).message}`);
      } else {
        throw error;
      }
    }
    await fsp.rm(path.dirname(sourcePath), { recursive: true, force: true });
  };
}
