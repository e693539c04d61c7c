import { randomBytes } from 'node:crypto';
import type { BackgroundTaskCreated, MetadataEditRequest, TaskAssetResult, TaskStatus } from '@magpie/api-types';
import type { ArchivesRepository } from '../repositories/archives.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { BackgroundTasksRepository } from '../repositories/background-tasks.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { RevisionsRepository } from '../repositories/revisions.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { AssetChangesService } from './asset-changes.service.ts';
import type { AssetsService } from './assets.service.ts';
import type { IngestService } from './ingest.service.ts';
import type { MetadataViewsService } from './metadata-views.service.ts';
import { invalidRequest, type MetadataEditService, type RawFieldValues } from './metadata-edit.service.ts';
import { ApiError, notFound } from '../lib/errors.ts';
import type { AssetReference } from '../lib/references.ts';
import { assetPolicy } from '../policies/asset.policy.ts';
import type { WorkerLogger } from '../jobs/worker.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';
import { presentDuplicateResult, presentTask, presentTaskCreated } from '../presenters/background-task.presenter.ts';
import type { FieldIssue } from '../metadata/validate.ts';
import { isFileOperation, type FileOperationInput, type FileOperationsService, type StoredFileOperation, type StoredTaskAsset } from './file-operations.service.ts';

/** The job kind that runs a background task (metadata edit, duplicate, or a file operation). */
export const BACKGROUND_TASK_JOB = 'background-task';

/**
 * An asset a task request names: the href as the client sent it (kept, and echoed in the task's results), the
 * asset it refers to (`undefined` when the href is not an asset URL; the route reads it) and, for a duplicate, the
 * revision to copy.
 */
export interface TaskAssetRequest {
  href: string;
  asset: AssetReference | undefined;
  revision?: number | undefined;
}

/**
 * What a task stores: the assets (resolved at creation), for a metadata edit the fields to set, and for a file
 * operation what it needs (new name, destination, direction).
 */
interface StoredTaskRequest extends StoredFileOperation {
  assets: StoredTaskAsset[];
  fields?: RawFieldValues;
}

/**
 * Background tasks (fotoweb-api-notes §6.2; spec 01 §4, §7): `metadata-edit-request` (the same fields on many
 * assets), `duplicate-request` (copies of assets, at a revision when given) and the file operations of issue 13
 * (rename, move, copy, rotate, delete; {@link FileOperationsService}). Everything a task needs is checked
 * when it is created; the `background-task` job then processes the assets one by one, recording each result as it
 * goes, so a job retried after a crash continues where it stopped. Only the creator sees a task.
 */
export class BackgroundTasksService {
  constructor(
    private readonly deps: {
      assetsService: AssetsService;
      assets: AssetsRepository;
      archives: ArchivesRepository;
      revisions: RevisionsRepository;
      views: MetadataViewsService;
      metadataEdit: MetadataEditService;
      changes: AssetChangesService;
      ingest: IngestService;
      tasks: BackgroundTasksRepository;
      jobs: JobsRepository;
      users: UsersRepository;
      fileOperations: FileOperationsService;
      onJobQueued: () => void;
      /** Where an asset's failure is logged in full (its result carries the text without server paths). */
      log?: WorkerLogger;
    },
  ) {}

  /**
   * Resolves requested assets to those the caller can see, with the caller's permissions on each one's archive.
   * @throws ApiError 400 `InvalidRequest` with an issue `assets.<i>.href` for each href that is not a visible asset.
   */
  async resolve(caller: Caller, assets: TaskAssetRequest[]) {
    const issues: FieldIssue[] = [];
    const found: Array<{ href: string; assetId: number; archiveId: number; permissions: ReadonlySet<string> }> = [];
    const named = assets.flatMap(({ asset: ref }) => (ref ? [ref] : []));
    const loadedAll = await this.deps.assetsService.loadMany(caller, named);
    let next = 0;
    for (const [index, { href, asset: ref }] of assets.entries()) {
      const loaded = ref ? loadedAll[next++] : undefined;
      if (loaded) found.push({ href, assetId: loaded.asset.id, archiveId: loaded.archive.id, permissions: loaded.permissions });
      else issues.push({ path: `assets.${index}.href`, message: `${href} is not an asset you can see.` });
    }
    if (issues.length > 0) throw invalidRequest(issues);
    return found;
  }

  private async create(caller: Caller, type: string, request: StoredTaskRequest): Promise<BackgroundTaskCreated> {
    const id = randomBytes(16).toString('base64url');
    await this.deps.tasks.create({ id, userId: caller.userId, type, request, total: request.assets.length });
    await this.deps.jobs.enqueue(BACKGROUND_TASK_JOB, { taskId: id });
    this.deps.onJobQueued();
    return presentTaskCreated(id);
  }

  /**
   * Creates a `metadata-edit-request` task (its assets, and its `job-metadata` fields) after checking every asset
   * and field up front.
   * @throws ApiError 400 (an href that is not a visible asset: `assets.<i>.href`; a refused field:
   *   `job-metadata.<i>`), 403 (no `EditText` on an asset's archive).
   */
  async createMetadataEdit(caller: Caller, request: { assets: TaskAssetRequest[]; fields: MetadataEditRequest['job-metadata'] }): Promise<BackgroundTaskCreated> {
    const assets = await this.resolve(caller, request.assets);
    for (const asset of assets) assetPolicy.assertCan(asset.permissions, 'editMetadataOfAll');
    const issues: FieldIssue[] = [];
    const fields: RawFieldValues = {};
    const indexOf = new Map<string, number>();
    for (const [index, { field, value }] of request.fields.entries()) {
      if (indexOf.has(String(field))) issues.push({ path: `job-metadata.${index}`, message: `Field ${field} is given more than once.` });
      fields[String(field)] = { value };
      indexOf.set(String(field), index);
    }
    for (const archiveId of new Set(assets.map((a) => a.archiveId))) {
      const view = await this.deps.views.forArchive(archiveId);
      issues.push(...(await this.deps.metadataEdit.validate(view.definition, fields, (id) => `job-metadata.${indexOf.get(id)}`)).issues);
    }
    if (issues.length > 0) throw invalidRequest([...new Map(issues.map((issue) => [`${issue.path} ${issue.message}`, issue])).values()]);
    return this.create(caller, 'metadata-edit', { assets: assets.map(({ href, assetId }) => ({ href, assetId })), fields });
  }

  /**
   * Creates a `duplicate-request` task (spec 01 §7 duplicate `assets[href, revision]`).
   * @throws ApiError 400 (an href that is not a visible asset; an unknown revision: `assets.<i>.revision`), 403 (no
   *   `DuplicateFile`, or no `HistoryView` when a revision is given).
   */
  async createDuplicate(caller: Caller, requested: TaskAssetRequest[]): Promise<BackgroundTaskCreated> {
    const assets = await this.resolve(caller, requested);
    const issues: FieldIssue[] = [];
    for (const [index, asset] of assets.entries()) {
      const revision = requested[index]!.revision;
      assetPolicy.assertCan(asset.permissions, 'duplicate');
      if (revision === undefined) continue;
      assetPolicy.assertCan(asset.permissions, 'duplicateRevision');
      if (revision > 1 && !(await this.deps.revisions.find(asset.assetId, revision)))
        issues.push({ path: `assets.${index}.revision`, message: `Revision ${revision} does not exist.` });
    }
    if (issues.length > 0) throw invalidRequest(issues);
    return this.create(caller, 'duplicate', {
      assets: assets.map(({ href, assetId }, index) => ({ href, assetId, ...(requested[index]!.revision ? { revision: requested[index]!.revision } : {}) })),
    });
  }

  /**
   * Creates a file-operation task (issue 13): `rename-request`, `move-request`, `copy-request`, `rotate-request` or
   * `delete-request` ({@link FileOperationsService.prepare} says what each checks).
   * @throws ApiError 400 (an href that is not a visible asset: `assets.<i>.href`; the operation's own checks), 403, 404.
   */
  async createFileOperation(caller: Caller, requested: TaskAssetRequest[], input: FileOperationInput): Promise<BackgroundTaskCreated> {
    const assets = await this.resolve(caller, requested);
    const { extra, assets: stored } = await this.deps.fileOperations.prepare(caller, input, assets);
    return this.create(caller, input.type, { ...extra, assets: stored });
  }

  /** A task's status for its creator. @throws ApiError 404 for an unknown task or another user's. */
  async status(caller: Caller, id: string): Promise<TaskStatus> {
    const task = await this.deps.tasks.findById(id);
    if (!task || task.user_id !== caller.userId) throw notFound('The background task');
    return presentTask(task);
  }

  /**
   * Runs a task (the `background-task` job): processes each asset not yet in the results, recording its result as
   * it goes (an asset that fails gets `done: false` with the error). The task ends `failed` only when every asset
   * failed.
   *
   * `signal` is the job's (worker.ts `JobHandler`): once it aborts (another worker took the job over), the run stops
   * before the next asset and before each copy or edit, throwing the abort reason, and records nothing more; a copy
   * already made is still recorded, so the run that took over does not make it again.
   * @throws the signal's reason when it aborts.
   */
  async run(id: string, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const task = await this.deps.tasks.findById(id);
    if (!task || task.status === 'done' || task.status === 'failed') return;
    await this.deps.tasks.setStatus(id, 'inProgress');
    const request = task.request as StoredTaskRequest;
    const userName = (await this.deps.users.findById(task.user_id))?.username ?? 'system';
    const processed = new Set((task.result as TaskAssetResult[]).map((r) => r.href));
    for (const entry of request.assets) {
      const { href, assetId, revision } = entry;
      if (processed.has(href)) continue;
      signal?.throwIfAborted();
      let result: TaskAssetResult;
      try {
        if (isFileOperation(task.type)) result = await this.deps.fileOperations.runOne(task.type, entry, request, userName, signal);
        else if (task.type === 'duplicate') result = await this.duplicateOne(href, assetId, revision, userName, signal);
        else result = await this.deps.metadataEdit.editForTask(href, assetId, request.fields ?? {}, userName);
      } catch (error) {
        // Taken over: this run's outcome is not recorded (worker.ts).
        if (signal?.aborted) throw error;
        // One asset's failure (a vanished file, a tool error) is that asset's result; the task goes on.
        const value = error instanceof ApiError ? error.value : 'TaskFailed';
        // Tool and file-system errors name local paths; the caller gets the text without them (issue 9).
        if (!(error instanceof ApiError)) this.deps.log?.error({ err: error, href }, 'background task: one asset failed');
        result = { href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message: withoutServerPaths((error as Error).message) } };
      }
      await this.deps.tasks.appendResult(id, result);
    }
    signal?.throwIfAborted();
    const results = (await this.deps.tasks.findById(id))!.result as TaskAssetResult[];
    await this.deps.tasks.setStatus(id, results.some((r) => r.done) ? 'done' : 'failed');
  }

  private async duplicateOne(href: string, assetId: number, revisionNumber: number | undefined, userName: string, signal: AbortSignal | undefined): Promise<TaskAssetResult> {
    const failed = (value: string, message: string): TaskAssetResult => ({ href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message } });
    const asset = await this.deps.assets.findById(assetId);
    const archive = asset && (await this.deps.archives.findById(asset.archive_id));
    if (!asset || !archive) return failed('NotFound', 'The asset no longer exists.');
    await this.deps.changes.ensureBaseline(asset);
    const revision = revisionNumber === undefined ? undefined : await this.deps.revisions.find(assetId, revisionNumber);
    if (revisionNumber !== undefined && !revision) return failed('NotFound', `Revision ${revisionNumber} no longer exists.`);
    const source = revision ?? asset;
    signal?.throwIfAborted();
    const copy = await this.deps.ingest.duplicate({ asset, storageKey: source.storage_key, contentHash: source.content_hash, metadata: source.metadata, userName });
    // The copy exists now: it is recorded even if the job was taken over meanwhile, so it is never made twice.
    await this.deps.changes.queueWriteback(copy.id);
    return presentDuplicateResult(href, archive, copy);
  }
}
