import { randomBytes } from 'node:crypto';
import type { Asset, AssetUpdate, BackgroundTaskCreated, MetadataEditRequest, MetadataViewUpdate, TaskAssetResult, TaskStatus } from '@magpie/api-types';
import type { BackgroundTaskRow } from '../db/schema.ts';
import type { BackgroundTasksRepository } from '../repositories/background-tasks.repository.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';
import type { UsersRepository } from '../repositories/users.repository.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { Caller } from '../policies/archive.policy.ts';
import type { AssetChangesService } from './asset-changes.service.ts';
import type { AssetRef, AssetsService } from './assets.service.ts';
import type { MetadataViewsService } from './metadata-views.service.ts';
import { ApiError, badRequest, forbidden, notFound } from '../lib/errors.ts';
import { parseAssetHref } from '../http/resource-path.ts';
import { presentAsset } from '../presenters/asset.presenter.ts';
import { applyEdits, fieldsOfView, validateEdits, type FieldIssue } from '../metadata/validate.ts';
import type { TaxonomiesService } from '../taxonomies/taxonomies.service.ts';

/** The job kind that runs a `metadata-edit-request` background task. */
export const METADATA_EDIT_TASK_JOB = 'metadata-edit-task';
/** How long a client should wait between polls of a running task (ms; `job.updates.frequency`, spec 01 §4). */
export const TASK_POLL_FREQUENCY_MS = 1_000;
/** The longest wait between polls a client should use (ms; `maxInterval` of the creation answer). */
export const TASK_MAX_INTERVAL_MS = 5_000;

/** What a metadata-edit task stores: the assets (resolved at creation) and the fields to set. */
interface StoredEditRequest {
  assets: Array<{ href: string; assetId: number }>;
  fields: Record<string, { value: string | string[] }>;
}

const invalid = (issues: FieldIssue[]) => badRequest(issues[0]?.message ?? 'The request is not valid.', issues);

/**
 * Saving metadata (issue 5): `PATCH <asset>` for one asset and `metadata-edit-request` background tasks for many
 * (fotoweb-api-notes §4, §6.2). Both check the archive permission `EditText` and every field against the archive's
 * metadata view, then change each asset through {@link AssetChangesService} (revision, search index, write-back).
 */
export class MetadataEditService {
  constructor(
    private readonly assetsService: AssetsService,
    private readonly assets: AssetsRepository,
    private readonly views: MetadataViewsService,
    private readonly changes: AssetChangesService,
    private readonly tasks: BackgroundTasksRepository,
    private readonly jobs: JobsRepository,
    private readonly users: UsersRepository,
    private readonly taxonomies: Pick<TaxonomiesService, 'valuesNotSettable'>,
    private readonly onJobQueued: () => void,
  ) {}

  /**
   * {@link validateEdits} plus the taxonomy rule (spec 02 §6): a `taxonomy-only` field takes only values some item
   * of its taxonomy carries with the Set flag.
   */
  private async validate(view: MetadataViewUpdate, raw: Record<string, { value: string | string[] }>, pathOf: (fieldId: string) => string) {
    const { edits, issues } = validateEdits(view, raw, pathOf);
    const fields = fieldsOfView(view);
    for (const [id, value] of Object.entries(edits)) {
      const description = fields.get(id);
      if (!description?.['taxonomy-only']) continue;
      const refused = await this.taxonomies.valuesNotSettable(Number(id), Array.isArray(value) ? value : value === '' ? [] : [value]);
      if (refused.length > 0) {
        issues.push({ path: pathOf(id), message: `${description.field.label} (${id}) takes values from its taxonomy only, not ${refused.map((v) => `"${v}"`).join(', ')}.` });
      }
    }
    return { edits, issues };
  }

  /**
   * Saves fields on one asset and answers the updated asset.
   * @throws ApiError 404 (no such asset for the caller), 403 (no `EditText`), 400 `InvalidRequest` with one issue
   *   per refused field (`metadata.<fieldId>`); nothing is saved when any field is refused.
   */
  async updateAsset(caller: Caller, ref: AssetRef, body: AssetUpdate): Promise<Asset> {
    const { archive, asset, permissions } = await this.assetsService.load(caller, ref);
    if (!permissions.has('EditText')) throw forbidden('You need the EditText permission on this archive to edit metadata.');
    const view = await this.views.forArchive(archive.id);
    const { edits, issues } = await this.validate(view.definition, body.metadata, (id) => `metadata.${id}`);
    if (issues.length > 0) throw invalid(issues);
    const applied = await this.changes.apply(asset.id, { metadata: applyEdits(asset.metadata, edits), kind: 'metadata', userName: caller.username });
    return presentAsset(archive, applied.asset, permissions, view.definition);
  }

  /**
   * Creates a `metadata-edit-request` task after checking every asset and field up front.
   * @throws ApiError 400 (an href that is not a visible asset: `assets.<i>.href`; a refused field:
   *   `job-metadata.<i>`), 403 (no `EditText` on an asset's archive).
   */
  async createTask(caller: Caller, body: MetadataEditRequest): Promise<BackgroundTaskCreated> {
    const issues: FieldIssue[] = [];
    const resolved: StoredEditRequest['assets'] = [];
    const archives = new Map<number, Set<string>>();
    for (const [index, { href }] of body.assets.entries()) {
      const ref = parseAssetHref(href);
      const found = ref && (await this.assetsService.load(caller, ref).catch((error) => (error instanceof ApiError && error.status === 404 ? undefined : Promise.reject(error))));
      if (!found) {
        issues.push({ path: `assets.${index}.href`, message: `${href} is not an asset you can see.` });
        continue;
      }
      resolved.push({ href, assetId: found.asset.id });
      archives.set(found.archive.id, found.permissions);
    }
    if (issues.length > 0) throw invalid(issues);
    if ([...archives.values()].some((permissions) => !permissions.has('EditText'))) {
      throw forbidden('You need the EditText permission on the archives of all these assets to edit metadata.');
    }
    const fields: StoredEditRequest['fields'] = {};
    const indexOf = new Map<string, number>();
    for (const [index, { field, value }] of body['job-metadata'].entries()) {
      if (indexOf.has(String(field))) issues.push({ path: `job-metadata.${index}`, message: `Field ${field} is given more than once.` });
      fields[String(field)] = { value };
      indexOf.set(String(field), index);
    }
    for (const archiveId of archives.keys()) {
      const view = await this.views.forArchive(archiveId);
      issues.push(...(await this.validate(view.definition, fields, (id) => `job-metadata.${indexOf.get(id)}`)).issues);
    }
    if (issues.length > 0) throw invalid([...new Map(issues.map((issue) => [`${issue.path} ${issue.message}`, issue])).values()]);

    const id = randomBytes(16).toString('base64url');
    const request: StoredEditRequest = { assets: resolved, fields };
    await this.tasks.create({ id, userId: caller.userId, type: 'metadata-edit', request, total: resolved.length });
    await this.jobs.enqueue(METADATA_EDIT_TASK_JOB, { taskId: id });
    this.onJobQueued();
    return { location: taskHref(id), status: 'pending', maxInterval: TASK_MAX_INTERVAL_MS };
  }

  /** A task's status for its creator. @throws ApiError 404 for an unknown task or another user's. */
  async taskStatus(caller: Caller, id: string): Promise<TaskStatus> {
    const task = await this.tasks.findById(id);
    if (!task || task.user_id !== caller.userId) throw notFound('The background task');
    return presentTask(task);
  }

  /**
   * Runs a task (the `metadata-edit-task` job): saves the fields on each asset not yet processed, recording each
   * asset's result as it goes, so a job retried after a crash continues where it stopped. An asset that vanished
   * or whose view now refuses a field gets `done: false` with the error; the task ends `failed` only when every
   * asset failed.
   */
  async runTask(id: string): Promise<void> {
    const task = await this.tasks.findById(id);
    if (!task || task.status === 'done' || task.status === 'failed') return;
    await this.tasks.setStatus(id, 'inProgress');
    const request = task.request as StoredEditRequest;
    const userName = (await this.users.findById(task.user_id))?.username ?? 'system';
    const processed = new Set((task.result as TaskAssetResult[]).map((r) => r.href));
    for (const { href, assetId } of request.assets) {
      if (processed.has(href)) continue;
      await this.tasks.appendResult(id, await this.editOne(href, assetId, request.fields, userName));
    }
    const results = ((await this.tasks.findById(id))!.result as TaskAssetResult[]);
    await this.tasks.setStatus(id, results.some((r) => r.done) ? 'done' : 'failed');
  }

  private async editOne(href: string, assetId: number, fields: StoredEditRequest['fields'], userName: string): Promise<TaskAssetResult> {
    const failed = (value: string, message: string): TaskAssetResult => ({ href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message } });
    const asset = await this.assets.findById(assetId);
    if (!asset) return failed('NotFound', 'The asset no longer exists.');
    const view = await this.views.forArchive(asset.archive_id);
    const { edits, issues } = await this.validate(view.definition, fields, (fieldId) => `metadata.${fieldId}`);
    if (issues.length > 0) return failed('InvalidRequest', issues[0]!.message);
    const applied = await this.changes.apply(assetId, { metadata: applyEdits(asset.metadata, edits), kind: 'metadata', userName });
    const roles = Object.entries(view.definition.builtinFields);
    return {
      href,
      done: true,
      'changed-fields': applied.changes.map((c) => ({ field: c.field, value: c.after ?? (Array.isArray(c.before) ? [] : '') })),
      'changed-builtinFields': applied.changes.flatMap((c) =>
        roles.filter(([, fieldId]) => fieldId === c.field).map(([role]) => ({ field: role, value: c.after ?? (Array.isArray(c.before) ? [] : '') })),
      ),
      error: null,
    };
  }
}

/** A task's URL (its `location`). */
export function taskHref(id: string): string {
  return `/fotoweb/me/background-tasks/${id}`;
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
