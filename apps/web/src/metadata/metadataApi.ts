/**
 * The metadata calls of the asset view, the batch edit and the history panel (openapi/dam.yaml; FotoWeb API: metadata
 * views, "Updating metadata on an asset", background tasks, revisions; fotoweb-api-notes §4, §6.2, §9), over the app's
 * typed client (`api`: same origin, session cookie, CSRF header on unsafe methods, 401 → session lost). Hrefs come
 * from the data (`metadataEditor.href`, `revisions.href`, a task's `location`). This module only shapes answers for
 * the machines that run them.
 *
 * Every failure rejects with `ApiError` (HTTP status + the server's ErrorBody, parsed by the client); network
 * failures reject with `fetch`'s own error.
 */
import type { Asset, AssetUpdate, MetadataEditRequest, MetadataView, RevisionComparison, RevisionList } from '@magpie/api-types';
import type { CreateTaskOutput, PollTaskOutput } from '@magpie/machines';
import { api } from '../api/client.ts';

/** `GET <metadataEditor.href>` (`metadata-set`): the archive's metadata view (spec 02 §7). */
export async function getMetadataView(href: string, signal?: AbortSignal): Promise<MetadataView> {
  return api.getMetadataView(href, { signal });
}

/**
 * `PATCH <asset href>` with `assetupdate` `{metadata: {<fieldId>: {value}}}`: changes those fields of one asset and
 * answers the updated asset (fotoweb-api-notes §4). 400 for a value the metadata view refuses, 403 without EditText.
 */
export async function updateAssetMetadata(href: string, metadata: AssetUpdate['metadata']): Promise<Asset> {
  return api.updateAsset(href, metadata);
}

/**
 * `POST /fotoweb/me/background-tasks/` with a `metadata-edit-request` (spec 01 §7, fotoweb-api-notes §6.2), in the
 * shape the background-job machine's `createTask` actor resolves with: the HTTP status and the task's location.
 */
export async function createMetadataEditTask(task: MetadataEditRequest): Promise<CreateTaskOutput> {
  const { status, location } = await api.createMetadataEditTask(task);
  return { status, location };
}

/**
 * `GET <task location>` (`task-status`) as the background-job machine's `pollTask` actor resolves it: the job's
 * status, poll frequency (ms), progress (assets done of all) and per-asset results.
 */
export async function pollTask(location: string, signal?: AbortSignal): Promise<PollTaskOutput> {
  const status = await api.getBackgroundTask(location, { signal });
  return { status: status.job.status, updates: status.job.updates, progress: status.job.progress, result: status.job.result };
}

/** `GET <revisions.href>`: the asset's revisions, newest first (spec 01 §7 Revisions). 403 without HistoryView. */
export async function listRevisions(href: string, signal?: AbortSignal): Promise<RevisionList> {
  return api.listRevisions(href, { signal });
}

/** `POST <revisions.href>compare` `{leftRevision, rightRevision}` (revision numbers): field-by-field differences. */
export async function compareRevisions(revisionsHref: string, leftRevision: number, rightRevision: number): Promise<RevisionComparison> {
  return api.compareRevisions(revisionsHref, leftRevision, rightRevision);
}

/**
 * `POST <revision href>/rollback-to` `{rollbackType: 'metadata'}`: restores every field as it was at that revision
 * (a new revision; the file stays) and answers the updated asset. Needs HistoryRollback and EditText.
 */
export async function rollbackToRevision(revisionHref: string): Promise<Asset> {
  return api.rollbackToRevision(revisionHref);
}

/**
 * `POST <revision href>/rollback`: undoes what that revision changed (each field it changed gets its previous value;
 * a new revision) and answers the updated asset. Needs HistoryRollback and EditText; 409 for the first revision.
 */
export async function undoRevision(revisionHref: string): Promise<Asset> {
  return api.undoRevision(revisionHref);
}

/** `DELETE <revision href>`: removes an older revision from the history (HistoryManage; 409 for the current one). */
export async function deleteRevision(revisionHref: string): Promise<void> {
  await api.deleteRevision(revisionHref);
}
