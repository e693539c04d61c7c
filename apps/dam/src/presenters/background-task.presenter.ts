import type { BackgroundTaskCreated, TaskAssetResult, TaskStatus } from '@magpie/api-types';
import type { ArchiveRow, AssetRow, BackgroundTaskRow } from '../db/schema.ts';
import { assetHref, taskHref } from './hrefs.ts';

/** How long a client should wait between polls of a running task (ms; `job.updates.frequency`, spec 01 §4). */
export const TASK_POLL_FREQUENCY_MS = 1_000;
/** The longest wait between polls a client should use (ms; `maxInterval` of the creation answer). */
export const TASK_MAX_INTERVAL_MS = 5_000;

/** The answer to a created task (`metadata-edit-response`, `duplicate-response`): its location, pending. */
export function presentTaskCreated(id: string): BackgroundTaskCreated {
  return { location: taskHref(id), status: 'pending', maxInterval: TASK_MAX_INTERVAL_MS };
}

/** A task row as `task-status` (fotoweb-api-notes §6.2): the task, and the job's progress and per-asset results. */
export function presentTask(task: BackgroundTaskRow): TaskStatus {
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

/** One asset done, with nothing to name (a delete to the trash, issue 13). */
export function presentDoneResult(href: string): TaskAssetResult {
  return { href, done: true, 'changed-fields': [], 'changed-builtinFields': [], error: null };
}

/** One asset that failed: `error {value, message}` says why (the message shown to people; no server paths). */
export function presentFailedResult(href: string, value: string, message: string): TaskAssetResult {
  return { href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value, message } };
}

/**
 * A task's result for one asset with the asset it ended as: a duplicate's or copy's new asset (spec 01 §7
 * duplicate), or a renamed, moved or turned asset at its href now (issue 13), in `result-href` and `result-filename`.
 */
export function presentDuplicateResult(href: string, archive: Pick<ArchiveRow, 'id' | 'name'>, copy: Pick<AssetRow, 'folder_path' | 'filename'>): TaskAssetResult {
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
