import type { JobRow, UploadRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { UploadsRepository } from '../repositories/uploads.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { UploadsService } from '../services/uploads.service.ts';
import { IngestError, type IngestService } from '../services/ingest.service.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { AssetChangesService } from '../services/asset-changes.service.ts';
import type { MetadataEditService } from '../services/metadata-edit.service.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/**
 * The `ingest-upload` background job: turns an assembled upload into an asset (or, for an upload whose destination
 * was an asset, into a new version of its file) and records the outcome on the
 * upload (done with the asset, or failed with `{value, message}`). It is idempotent: a job re-run after a crash
 * finds the upload already finished and does nothing, and a run that takes over from one whose process died (or lost
 * the job) finishes the upload with the asset that run had already made instead of making a second one (issue 9). It
 * stops at the next step when `signal` aborts (the job was taken over), and marks the upload done last.
 *
 * No stored file goes untracked (issue 10): the key of the original is recorded on the upload (`original_key`) before
 * anything is stored for it, and cleared when the upload is done (the asset holds it) or fails. A run that finds a key
 * recorded by an earlier run settles it first ({@link UploadsService.settleRecordedOriginal}): it finishes with the
 * asset that holds it, or removes the original and previews that run left; giving up and the upload sweep do the same.
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
  /** Gets the details that callers are not shown (error texts with server paths). */
  log?: { error(obj: object, msg?: string): void };
}) {
  const run = async (job: JobRow, signal?: AbortSignal): Promise<void> => {
    const { uploadId, contentHash } = job.payload as { uploadId: string; contentHash?: string };
    const upload = await deps.uploads.findById(uploadId);
    if (!upload || upload.status === 'done' || upload.status === 'failed') {
      // Finished by an earlier run that died before removing the upload's data: remove it now.
      await deps.uploadsService.removeData(uploadId);
      return;
    }
    // An earlier run of this job got as far as `inProgress` and then died or lost the job: it may have made the asset.
    const resumed = upload.status === 'inProgress';
    await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'inProgress');
    /** The local working copy this run ingests, once staged (its path is hidden from the uploader). */
    let staged: string | undefined;
    // The status is shown to the uploader: the file is named as uploaded, other server paths are hidden (issue 9).
    const shown = (message: string) => withoutServerPaths(message, staged ? [[staged, `"${upload.filename}"`]] : []);
    const fail = async (value: string, message: string, assetId: number | null = null) => {
      // What this or an earlier run stored under a recorded key goes before the upload ends without an asset.
      await deps.uploadsService.settleRecordedOriginal((await deps.uploads.findById(uploadId)) ?? upload);
      return deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'failed', { error: { value, message: shown(message) }, asset_id: assetId, original_key: null });
    };
    const [archive, user] = await Promise.all([deps.archives.findById(upload.archive_id), deps.users.findById(upload.user_id)]);
    // Metadata given with the upload, once the asset exists; a failure here never fails the upload (it is done).
    const applyUploadMetadata = async (assetId: number) => {
      const fields = await deps.uploadsService.metadataOf(upload);
      if (fields.length === 0) return;
      await deps.metadataEdit.applyUploadFields(assetId, fields, user?.username ?? 'system').catch(async (error: Error) => {
        deps.log?.error({ err: error, uploadId, assetId }, "applying an upload's metadata failed");
        const asset = await deps.assets.findById(assetId);
        if (asset) await deps.assets.update(assetId, { warnings: JSON.stringify([...asset.warnings, shown(`The upload's metadata could not be applied: ${error.message}`)]) });
      });
    };
    const done = async (assetId: number) => {
      signal?.throwIfAborted();
      await applyUploadMetadata(assetId);
      signal?.throwIfAborted();
      await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'done', { asset_id: assetId, original_key: null });
    };
    // An original recorded by an earlier run: finish with the asset holding it, or remove what that run left.
    const holder = await deps.uploadsService.settleRecordedOriginal(upload);
    const earlier = holder ?? (resumed && contentHash ? await earlierRunsAsset(deps.assets, upload, contentHash, user?.username ?? 'system') : undefined);
    if (earlier !== undefined) {
      await done(earlier);
      await deps.uploadsService.removeData(uploadId);
      return;
    }
    if (!archive) return void (await fail('NotFound', 'The destination archive no longer exists.'));
    if ((await deps.uploadsService.assembledSize(uploadId)) === undefined)
      return void (await fail('UploadDataLost', 'The uploaded data is no longer available; upload the file again.'));
    /** Records where the original goes before anything is stored for it (see the job's description). */
    const beforeStoring = async (key: string) => {
      signal?.throwIfAborted();
      if (!(await deps.uploads.recordOriginalKey(uploadId, key))) throw new Error('Another run of this upload recorded an original that is not settled yet.');
    };
    try {
      if (upload.target_asset_id !== null) {
        const target = await deps.assets.findById(upload.target_asset_id);
        if (!target) return void (await fail('NotFound', 'The asset no longer exists.'));
        signal?.throwIfAborted();
        staged = await deps.uploadsService.stageForIngest(uploadId);
        const version = {
          sourcePath: staged,
          asset: target,
          userName: user?.username ?? 'system',
          comment: upload.comment,
          beforeStoring,
          ...(contentHash ? { contentHash } : {}),
        };
        const asset = await deps.ingest.newVersion(version, deps.changes);
        await done(asset.id);
        await deps.uploadsService.removeData(uploadId);
        return;
      }
      signal?.throwIfAborted();
      staged = await deps.uploadsService.stageForIngest(uploadId);
      const asset = await deps.ingest.ingest({
        sourcePath: staged,
        archive,
        folderPath: upload.folder_path,
        filename: upload.filename,
        userName: user?.username ?? 'system',
        beforeStoring,
        ...(signal ? { signal } : {}),
        ...(contentHash ? { contentHash } : {}),
      });
      await done(asset.id);
    } catch (error) {
      if (signal?.aborted) throw error;
      if (error instanceof IngestError) {
        await fail(error.value, error.message, error.existingAssetId ?? null);
      } else if (job.attempts >= job.max_attempts) {
        deps.log?.error({ err: error, uploadId }, 'ingesting an upload failed for good');
        await fail('IngestFailed', `The file could not be processed: ${(error as Error).message}`);
      } else {
        throw error;
      }
    }
    await deps.uploadsService.removeData(uploadId);
  };
  /**
   * The upload fails for good when every attempt's process died while ingesting it (see `JobHandler.giveUp`); an
   * original the last of them recorded is settled first: when an asset holds it the upload is done with that asset.
   */
  const giveUp = async (job: JobRow): Promise<void> => {
    const { uploadId } = job.payload as { uploadId: string };
    const upload = await deps.uploads.findById(uploadId);
    const holder = upload ? await deps.uploadsService.settleRecordedOriginal(upload) : undefined;
    if (holder !== undefined) {
      await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'done', { asset_id: holder, original_key: null });
      return;
    }
    await deps.uploads.transition(uploadId, ['pending', 'inProgress'], 'failed', {
      error: { value: 'IngestFailed', message: 'The file could not be processed: the server stopped each time it tried. Check the file, or ask your administrator.' },
    });
  };
  return Object.assign(run, { giveUp });
}

/**
 * Takeover guard: the id of the asset an earlier run of this upload's job made before it died, or undefined. That run
 * left the upload `inProgress`; the asset it made carries the upload's content hash in its archive and: for a new
 * version, is the upload's target asset; otherwise lies in the upload's folder, was created by the uploader and is
 * not older than the upload (both times stamped by the database).
 */
async function earlierRunsAsset(assets: AssetsRepository, upload: UploadRow, contentHash: string, userName: string): Promise<number | undefined> {
  const found = await assets.findByHash(upload.archive_id, contentHash);
  if (!found) return undefined;
  if (upload.target_asset_id !== null) return found.id === upload.target_asset_id ? found.id : undefined;
  const ours = found.folder_path === upload.folder_path && found.created_by === userName && found.created.getTime() >= upload.created.getTime();
  return ours ? found.id : undefined;
}
