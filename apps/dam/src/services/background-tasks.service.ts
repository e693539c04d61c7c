import { randomBytes } from 'node:crypto';
import type { BackgroundTaskCreated, DuplicateRequest, MetadataEditRequest, TaskAssetResult, TaskStatus } from '@magpie/api-types';
import type { BackgroundTaskRow } from '../db/schema.ts';
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
import { ApiError, forbidden, notFound } from '../lib/errors.ts';
import { parseAssetHref } from '../http/resource-path.ts';
import type { WorkerLogger } from '../jobs/worker.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';
import { assetHref } from '../http/urls.ts';
import type { FieldIssue } from '../metadata/validate.ts';

/** The job kind that runs a background task (metadata edit or duplicate). */
export const BACKGROUND_TASK_JOB = 'background-task';
/** How long a client should wait between polls of a running task (ms; `job.updates.frequency`, spec 01 §4). */
export const TASK_POLL_FREQUENCY_MS = 1_000;
/** The longest wait between polls a client should use (ms; `maxInterval` of the creation answer). */
export const TASK_MAX_INTERVAL_MS = 5_000;

/** What a task stores: the assets (resolved at creation) and, for a metadata edit, the fields to set. */
interface StoredTaskRequest {
  assets: Array<{ href: string; assetId: number; revision?: number }>;
  fields?: RawFieldValues;
}

/** A task's URL (its `location`). */
export function taskHref(id: string): string {
  return `/fotoweb/me/background-tasks/${id}`;
}

/**
 * Background tasks (fotoweb-api-notes §6.2; spec 01 §4, §7): `metadata-edit-request` (the same fields on many
 * assets) and `duplicate-request` (copies of assets, at a revision when given). Everything a task needs is checked
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
      onJobQueued: () => void;
      /** Where an asset's failure is logged in full (its result carries the text without server paths). */
      log?: WorkerLogger;
    },
  ) {}

  /** Resolves task hrefs to assets the caller can see (issues `assets.<i>.href` for the others). */
  private async resolve(caller: Caller, assets: Array<{ href: string }>) {
    const issues: FieldIssue[] = [];
    const found: Array<{ href: string; assetId: number; archiveId: number; permissions: Set<string> }> = [];
    for (const [index, { href }] of assets.entries()) {
      const ref = parseAssetHref(href);
      const loaded = ref && (await this.deps.assetsService.load(caller, ref).catch((error) => (error instanceof ApiError && error.status === 404 ? undefined : Promise.reject(error))));
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
    return { location: taskHref(id), status: 'pending', maxInterval: TASK_MAX_INTERVAL_MS };
  }

  /**
   * Creates a `metadata-edit-request` task after checking every asset and field up front.
   * @throws ApiError 400 (an href that is not a visible asset: `assets.<i>.href`; a refused field:
   *   `job-metadata.<i>`), 403 (no `EditText` on an asset's archive).
   */
  async createMetadataEdit(caller: Caller, body: MetadataEditRequest): Promise<BackgroundTaskCreated> {
    const assets = await this.resolve(caller, body.assets);
    if (assets.some((a) => !a.permissions.has('EditText'))) {
      throw forbidden('You need the EditText permission on the archives of all these assets to edit metadata.');
    }
    const issues: FieldIssue[] = [];
    const fields: RawFieldValues = {};
    const indexOf = new Map<string, number>();
    for (const [index, { field, value }] of body['job-metadata'].entries()) {
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
  async createDuplicate(caller: Caller, body: DuplicateRequest): Promise<BackgroundTaskCreated> {
    const assets = await this.resolve(caller, body.assets);
    const issues: FieldIssue[] = [];
    for (const [index, asset] of assets.entries()) {
      const revision = body.assets[index]!.revision;
      if (!asset.permissions.has('DuplicateFile')) throw forbidden('You need the DuplicateFile permission on the archives of all these assets.');
      if (revision === undefined) continue;
      if (!asset.permissions.has('HistoryView')) throw forbidden('You need the HistoryView permission to duplicate a revision.');
      if (revision > 1 && !(await this.deps.revisions.find(asset.assetId, revision))) issues.push({ path: `assets.${index}.revision`, message: `Revision ${revision} does not exist.` });
    }
    if (issues.length > 0) throw invalidRequest(issues);
    return this.create(caller, 'duplicate', {
      assets: assets.map(({ href, assetId }, index) => ({ href, assetId, ...(body.assets[index]!.revision ? { revision: body.assets[index]!.revision } : {}) })),
    });
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
   */
  async run(id: string): Promise<void> {
    const task = await this.deps.tasks.findById(id);
    if (!task || task.status === 'done' || task.status === 'failed') return;
    await this.deps.tasks.setStatus(id, 'inProgress');
    const request = task.request as StoredTaskRequest;
    const userName = (await this.deps.users.findById(task.user_id))?.username ?? 'system';
    const processed = new Set((task.result as TaskAssetResult[]).map((r) => r.href));
    for (const { href, assetId, revision } of request.assets) {
      if (processed.has(href)) continue;
      let result: TaskAssetResult;
      try {
        result =
          task.type === 'duplicate'
            ? await this.duplicateOne(href, assetId, revision, userName)
            : await this.deps.metadataEdit.editForTask(href, assetId, request.fields ?? {}, userName);
      } catch (error) {
        // One asset's failure (a vanished file, a tool error) is that asset's result; the task goes on.
        const value = error instanceof ApiError ? error.value : 'TaskFailed';
        // Tool and file-system errors name local paths; the caller gets the text without them (issue 9).
        if (!(error instanceof ApiError)) this.deps.log?.error({ err: error, href }, 'background task: one asset failed');
        result = { href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message: withoutServerPaths((error as Error).message) } };
      }
      await this.deps.tasks.appendResult(id, result);
    }
    const results = (await this.deps.tasks.findById(id))!.result as TaskAssetResult[];
    await this.deps.tasks.setStatus(id, results.some((r) => r.done) ? 'done' : 'failed');
  }

  private async duplicateOne(href: string, assetId: number, revisionNumber: number | undefined, userName: string): Promise<TaskAssetResult> {
    const failed = (value: string, message: string): TaskAssetResult => ({ href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message } });
    const asset = await this.deps.assets.findById(assetId);
    const archive = asset && (await this.deps.archives.findById(asset.archive_id));
    if (!asset || !archive) return failed('NotFound', 'The asset no longer exists.');
    await this.deps.changes.ensureBaseline(asset);
    const revision = revisionNumber === undefined ? undefined : await this.deps.revisions.find(assetId, revisionNumber);
    if (revisionNumber !== undefined && !revision) return failed('NotFound', `Revision ${revisionNumber} no longer exists.`);
    const source = revision ?? asset;
    const copy = await this.deps.ingest.duplicate({ asset, storageKey: source.storage_key, contentHash: source.content_hash, metadata: source.metadata, userName });
    await this.deps.changes.queueWriteback(copy.id);
    return {
      href,
      done: true,
      'changed-fields': [],
      'changed-builtinFields': [],
      'result-href': assetHref(archive, copy.folder_path, copy.filename),
      'result-filename': copy.filename,
      error: null,
    };
  }
}

function presentTask(task: BackgroundTaskRow): TaskStatus {
  const result = task.result as TaskAssetResult[];
  return {
    task: {
      id: task.id,
      type: task.type,
      status: task.status,
      created: task.created.toISOString(),
      modified: task.modified.toISOString(),
      user: task.user_id,
      href: taskHref(task.id),
    },
    job: { status: task.status, updates: { frequency: TASK_POLL_FREQUENCY_MS }, progress: { done: result.length, total: task.total }, result },
  };
}
