import path from 'node:path';
import type { TaskAssetResult } from '@magpie/api-types';
import { renameProblem } from '@magpie/api-types/names';
import type { AssetRow } from '../db/schema.ts';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { RevisionsRepository } from '../repositories/revisions.repository.ts';
import type { TrashRepository } from '../repositories/trash.repository.ts';
import type { ArchivePolicy, Caller } from '../policies/archive.policy.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { FileStore } from '../storage/file-store.ts';
import type { CollectionReference } from '../lib/references.ts';
import { ApiError, badRequest } from '../lib/errors.ts';
import { rotateImageFile, RotateError, type RotateDirection } from '../media/rotate.ts';
import { presentDoneResult, presentDuplicateResult, presentFailedResult } from '../presenters/background-task.presenter.ts';
import type { FieldIssue } from '../metadata/validate.ts';
import type { AssetChangesService } from './asset-changes.service.ts';
import { IngestError, type IngestService } from './ingest.service.ts';
import { invalidRequest } from './metadata-edit.service.ts';

/** The file-operation task types (issue 13), as `background_tasks.type`. */
export const FILE_OPERATION_TYPES = ['rename', 'move', 'copy', 'rotate', 'delete'] as const;
/** One file-operation task type. */
export type FileOperationType = (typeof FILE_OPERATION_TYPES)[number];

/** Whether a stored task type is a file operation. */
export function isFileOperation(type: string): type is FileOperationType {
  return (FILE_OPERATION_TYPES as readonly string[]).includes(type);
}

/** A file operation as the route read it: the type and what it needs (`destination` undefined: not a collection href). */
export type FileOperationInput =
  | { type: 'rename'; filename: string }
  | { type: 'move' | 'copy'; destination: CollectionReference | undefined }
  | { type: 'rotate'; direction: RotateDirection }
  | { type: 'delete' };

/** An asset a task names, resolved when the task was created (background-tasks.service.ts). */
export interface ResolvedTaskAsset {
  href: string;
  assetId: number;
  archiveId: number;
  permissions: ReadonlySet<string>;
}

/** What a file-operation task stores besides its assets (checked when it was created). */
export interface StoredFileOperation {
  filename?: string;
  destination?: CollectionReference;
  direction?: RotateDirection;
}

/** One asset of a stored task: its href as sent, its id and, for a rotation, the file it was asked to turn. */
export interface StoredTaskAsset {
  href: string;
  assetId: number;
  revision?: number;
  /** Rotate: the asset's storage key when the task was created (a turn already made is not made twice). */
  sourceKey?: string;
}

const ROTATION_COMMENTS: Readonly<Record<RotateDirection, string>> = {
  cw: 'Rotated 90° clockwise',
  ccw: 'Rotated 90° counter-clockwise',
  '180': 'Rotated 180°',
};

const UNIQUE_VIOLATION = '23505';

/**
 * File operations as background tasks (issue 13; fotoweb-api-notes §6.2; spec 01 §7): rename, move, copy, rotate and
 * delete. {@link prepare} checks a request when the task is created (permissions of spec 03 §3.11, names of spec 01
 * §5, destinations); {@link runOne} then does one asset, answering its result, and is safe to run again after a crash
 * (an asset already renamed, moved, turned or deleted by the task is reported done, not changed twice). A failed
 * asset stays as and where it was.
 */
export class FileOperationsService {
  constructor(
    private readonly deps: {
      assets: AssetsRepository;
      archives: ArchivesRepository;
      revisions: RevisionsRepository;
      trash: TrashRepository;
      changes: AssetChangesService;
      ingest: IngestService;
      files: FileStore;
      policy: ArchivePolicy;
    },
  ) {}

  /**
   * Checks a file operation on resolved assets and answers what the task stores.
   * @throws ApiError 400 (`job-filename`: a bad or taken name, a changed extension, more than one asset;
   *   `job-destination`: not an archive or folder, or unknown; `assets.<i>.href`: already in the destination folder),
   *   403 (a permission of the operation is missing on an asset's archive or on the destination's), 404 (the
   *   destination's archive is not visible to the caller).
   */
  async prepare(caller: Caller, input: FileOperationInput, assets: readonly ResolvedTaskAsset[]): Promise<{ extra: StoredFileOperation; assets: StoredTaskAsset[] }> {
    const stored = assets.map(({ href, assetId }) => ({ href, assetId }));
    switch (input.type) {
      case 'rename':
        return { extra: { filename: await this.checkRename(assets, input.filename) }, assets: stored };
      case 'move':
      case 'copy':
        return { extra: { destination: await this.checkDestination(caller, input.type, assets, input.destination) }, assets: stored };
      case 'rotate': {
        for (const asset of assets) assetPolicy.assertCan(asset.permissions, 'rotate');
        const rows = new Map((await this.deps.assets.findByIds(assets.map((a) => a.assetId))).map((row) => [row.id, row]));
        return { extra: { direction: input.direction }, assets: stored.map((a) => ({ ...a, sourceKey: rows.get(a.assetId)?.storage_key ?? '' })) };
      }
      case 'delete':
        for (const asset of assets) assetPolicy.assertCan(asset.permissions, 'delete');
        return { extra: {}, assets: stored };
    }
  }

  private async checkRename(assets: readonly ResolvedTaskAsset[], requested: string): Promise<string> {
    const [only] = assets;
    if (!only || assets.length !== 1) throw badRequest('Rename one asset at a time.', [{ path: 'assets', message: 'Rename one asset at a time.' }]);
    assetPolicy.assertCan(only.permissions, 'rename');
    const filename = requested.trim();
    const refuse = (message: string) => invalidRequest([{ path: 'job-filename', message }]);
    const asset = (await this.deps.assets.findById(only.assetId))!;
    const problem = renameProblem(asset.filename, filename);
    if (problem) throw refuse(problem);
    const holder = await this.deps.assets.findByPath(asset.archive_id, asset.folder_path, filename);
    if (holder && holder.id !== asset.id) throw refuse(`"${filename}" is already taken in this folder.`);
    return filename;
  }

  private async checkDestination(
    caller: Caller,
    type: 'move' | 'copy',
    assets: readonly ResolvedTaskAsset[],
    destination: CollectionReference | undefined,
  ): Promise<CollectionReference> {
    const refuse = (message: string) => invalidRequest([{ path: 'job-destination', message }]);
    if (!destination) throw refuse('The destination is not an archive or folder href.');
    for (const asset of assets) assetPolicy.assertCan(asset.permissions, type === 'move' ? 'moveFrom' : 'copyFrom');
    const permissions = (await this.deps.policy.accessOnArchive(caller, destination.archiveId)).permissions;
    this.deps.policy.assertCan(permissions, type === 'move' ? 'moveTo' : 'copyTo', 'The destination');
    if (destination.folderPath !== '' && !(await this.deps.archives.findFolder(destination.archiveId, destination.folderPath)))
      throw refuse('The destination folder does not exist.');
    if (type === 'move') {
      const rows = new Map((await this.deps.assets.findByIds(assets.map((a) => a.assetId))).map((row) => [row.id, row]));
      const issues: FieldIssue[] = [];
      for (const [index, asset] of assets.entries()) {
        const row = rows.get(asset.assetId);
        if (row && row.archive_id === destination.archiveId && row.folder_path === destination.folderPath)
          issues.push({ path: `assets.${index}.href`, message: `"${row.filename}" is already in that folder.` });
      }
      if (issues.length > 0) throw invalidRequest(issues);
    }
    return destination;
  }

  /**
   * Does one asset of a task (see the class comment) and answers its result; an expected refusal (the asset is gone,
   * its name is taken at the destination, its file cannot be turned) is a failed result, never an exception.
   * @throws only unexpected errors (the caller records them as that asset's failure) and the signal's reason.
   */
  async runOne(type: FileOperationType, entry: StoredTaskAsset, extra: StoredFileOperation, userName: string, signal?: AbortSignal): Promise<TaskAssetResult> {
    const { href } = entry;
    const asset = await this.deps.assets.findById(entry.assetId);
    // Deleted already (a run taken over after the change): done, not deleted twice.
    if (type === 'delete' && asset?.deleted) return presentDoneResult(href);
    if (!asset || asset.deleted) return presentFailedResult(href, 'NotFound', 'The asset no longer exists.');
    const archive = await this.deps.archives.findById(asset.archive_id);
    if (!archive) return presentFailedResult(href, 'NotFound', 'The asset no longer exists.');
    signal?.throwIfAborted();
    switch (type) {
      case 'rename':
        return this.relocate(href, asset, { filename: extra.filename! }, userName, `Renamed from "${asset.filename}"`);
      case 'move': {
        const to = extra.destination!;
        return this.relocate(
          href,
          asset,
          { archiveId: to.archiveId, folderPath: to.folderPath },
          userName,
          `Moved from "${[archive.name, asset.folder_path].filter(Boolean).join('/')}"`,
        );
      }
      case 'copy': {
        const to = extra.destination!;
        const target = await this.deps.archives.findById(to.archiveId);
        if (!target) return presentFailedResult(href, 'NotFound', 'The destination no longer exists.');
        await this.deps.changes.ensureBaseline(asset);
        const copy = await this.deps.ingest.duplicate({ asset, storageKey: asset.storage_key, contentHash: asset.content_hash, metadata: asset.metadata, userName, into: to });
        // The copy exists now: it is recorded even if the job was taken over meanwhile, so it is never made twice.
        await this.deps.changes.queueWriteback(copy.id);
        return presentDuplicateResult(href, target, copy);
      }
      case 'rotate':
        return this.rotate(href, asset, archive, entry.sourceKey, extra.direction!, userName, signal);
      case 'delete':
        await this.deps.changes.moveToTrash(asset.id, userName);
        return presentDoneResult(href);
    }
  }

  /** A rename or move: the asset's new place and name (a revision), or `NameTaken` / `NotFound`. */
  private async relocate(
    href: string,
    asset: AssetRow,
    to: { archiveId?: number; folderPath?: string; filename?: string },
    userName: string,
    comment: string,
  ): Promise<TaskAssetResult> {
    const archiveId = to.archiveId ?? asset.archive_id;
    const folderPath = to.folderPath ?? asset.folder_path;
    const filename = to.filename ?? asset.filename;
    const target = await this.deps.archives.findById(archiveId);
    if (!target) return presentFailedResult(href, 'NotFound', 'The destination no longer exists.');
    // Already there (a run taken over after the change): done, not changed twice.
    if (asset.archive_id === archiveId && asset.folder_path === folderPath && asset.filename === filename) return presentDuplicateResult(href, target, asset);
    const holder = await this.deps.assets.findByPath(archiveId, folderPath, filename);
    const taken = () => presentFailedResult(href, 'NameTaken', `"${filename}" is already taken in the destination folder; the asset stays where it was.`);
    if (holder && holder.id !== asset.id) return taken();
    if (folderPath !== '' && !(await this.deps.archives.findFolder(archiveId, folderPath)))
      return presentFailedResult(href, 'NotFound', 'The destination folder no longer exists.');
    try {
      const moved = await this.deps.changes.relocate(asset.id, to, userName, comment);
      if (!moved) return presentFailedResult(href, 'NotFound', 'The asset no longer exists.');
      return presentDuplicateResult(href, target, moved);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) return taken();
      throw error;
    }
  }

  /** A turn of the asset's image into a new file revision (upright previews made again). */
  private async rotate(
    href: string,
    asset: AssetRow,
    archive: { id: number; name: string },
    sourceKey: string | undefined,
    direction: RotateDirection,
    userName: string,
    signal: AbortSignal | undefined,
  ): Promise<TaskAssetResult> {
    const comment = ROTATION_COMMENTS[direction];
    if (sourceKey && asset.storage_key !== sourceKey) {
      // The file changed since the task was created: by this task before a crash (its revision says so), or by someone else.
      const latest = await this.deps.revisions.find(asset.id, asset.revision_count);
      if (latest?.file_changed && latest.comment === comment && latest.created_by === userName) return presentDuplicateResult(href, archive, asset);
      return presentFailedResult(href, 'FileChanged', 'The file changed since the rotation was asked for; it was not turned.');
    }
    // The turned file is made beside the working copy, in its temporary folder: removing the copy removes both.
    const staged = await this.deps.files.copyToTemp(asset.storage_key, 'rotate');
    const turned = `${staged.path}.turned${path.extname(asset.filename).toLowerCase()}`;
    try {
      await rotateImageFile(staged.path, turned, direction);
      signal?.throwIfAborted();
      const changed = await this.deps.ingest.newVersion({ sourcePath: turned, userName, asset, comment }, this.deps.changes);
      return presentDuplicateResult(href, archive, changed);
    } catch (error) {
      if (error instanceof RotateError || error instanceof IngestError || error instanceof ApiError) return presentFailedResult(href, error.value, error.message);
      throw error;
    } finally {
      await staged.remove();
    }
  }
}
