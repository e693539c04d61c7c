/**
 * The metadata calls of the asset view, the batch edit and the history panel, typed by the contract
 * (openapi/dam.yaml; FotoWeb API: metadata views, "Updating metadata on an asset", background tasks, revisions;
 * fotoweb-api-notes §4, §6.2, §9), over the app's `fetch` (same origin, session cookie, CSRF header on unsafe methods,
 * 401 → session lost). Hrefs come from the data (`metadataEditor.href`, `revisions.href`, a task's `location`); the
 * only fixed URL is where background tasks are created ({@link API_PATHS}`.backgroundTasks`).
 *
 * Every failure rejects with {@link ApiError} (HTTP status + the server's ErrorBody); network failures reject with
 * `fetch`'s own error.
 */
import { ApiError, type ErrorBody } from '@magpie/api-types/client';
import {
  API_PATHS,
  MEDIA_TYPES,
  type Asset,
  type AssetUpdate,
  type BackgroundTaskCreated,
  type MetadataEditRequest,
  type MetadataView,
  type RevisionComparison,
  type RevisionList,
  type TaskStatus,
} from '@magpie/api-types';
import type { CreateTaskOutput, PollTaskOutput } from '@magpie/machines';
import { appFetch, csrfHeaders } from '../api/client.ts';

async function request(method: string, href: string, init: { accept: string; contentType?: string; body?: unknown; signal?: AbortSignal }): Promise<Response> {
  const response = await appFetch(href, {
    method,
    headers: {
      Accept: init.accept,
      ...(init.contentType ? { 'Content-Type': init.contentType } : {}),
      ...(method === 'GET' ? {} : csrfHeaders()),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  if (!response.ok) {
    let body: ErrorBody | undefined;
    try {
      const parsed = (await response.json()) as Partial<ErrorBody>;
      body = typeof parsed.value === 'string' && typeof parsed.message === 'string' ? (parsed as ErrorBody) : undefined;
    } catch {
      body = undefined;
    }
    throw new ApiError(response.status, body);
  }
  return response;
}

const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

/** `GET <metadataEditor.href>` (`metadata-set`): the archive's metadata view (spec 02 §7). */
export async function getMetadataView(href: string, signal?: AbortSignal): Promise<MetadataView> {
  return json(await request('GET', href, { accept: MEDIA_TYPES.metadataSet, ...(signal ? { signal } : {}) }));
}

/**
 * `PATCH <asset href>` with `assetupdate` `{metadata: {<fieldId>: {value}}}`: changes those fields of one asset and
 * answers the updated asset (fotoweb-api-notes §4). 400 for a value the metadata view refuses, 403 without EditText.
 */
export async function updateAssetMetadata(href: string, metadata: AssetUpdate['metadata']): Promise<Asset> {
  return json(await request('PATCH', href, { accept: MEDIA_TYPES.asset, contentType: MEDIA_TYPES.assetUpdate, body: { metadata } }));
}

/**
 * `POST /fotoweb/me/background-tasks/` with a `metadata-edit-request` (spec 01 §7, fotoweb-api-notes §6.2), in the
 * shape the background-job machine's `createTask` actor resolves with: the HTTP status and the task's location.
 */
export async function createMetadataEditTask(task: MetadataEditRequest): Promise<CreateTaskOutput> {
  const response = await request('POST', API_PATHS.backgroundTasks, {
    accept: MEDIA_TYPES.metadataEditResponse,
    contentType: MEDIA_TYPES.metadataEditRequest,
    body: task,
  });
  const created = await json<BackgroundTaskCreated>(response);
  return { status: response.status, location: response.headers.get('Location') ?? created.location };
}

/**
 * `GET <task location>` (`task-status`) as the background-job machine's `pollTask` actor resolves it: the job's
 * status, poll frequency (ms), progress (assets done of all) and per-asset results.
 */
export async function pollTask(location: string, signal?: AbortSignal): Promise<PollTaskOutput> {
  const status = await json<TaskStatus>(await request('GET', location, { accept: MEDIA_TYPES.taskStatus, ...(signal ? { signal } : {}) }));
  return { status: status.job.status, updates: status.job.updates, progress: status.job.progress, result: status.job.result };
}

/** `GET <revisions.href>`: the asset's revisions, newest first (spec 01 §7 Revisions). 403 without HistoryView. */
export async function listRevisions(href: string, signal?: AbortSignal): Promise<RevisionList> {
  return json(await request('GET', href, { accept: MEDIA_TYPES.json, ...(signal ? { signal } : {}) }));
}

/** `POST <revisions.href>compare` `{leftRevision, rightRevision}` (revision numbers): field-by-field differences. */
export async function compareRevisions(revisionsHref: string, leftRevision: number, rightRevision: number): Promise<RevisionComparison> {
  return json(await request('POST', `${revisionsHref}compare`, { accept: MEDIA_TYPES.json, contentType: MEDIA_TYPES.json, body: { leftRevision, rightRevision } }));
}

/**
 * `POST <revision href>/rollback-to` `{rollbackType: 'metadata'}`: restores every field as it was at that revision
 * (a new revision; the file stays) and answers the updated asset. Needs HistoryRollback and EditText.
 */
export async function rollbackToRevision(revisionHref: string): Promise<Asset> {
  return json(await request('POST', `${revisionHref}/rollback-to`, { accept: MEDIA_TYPES.asset, contentType: MEDIA_TYPES.json, body: { rollbackType: 'metadata' } }));
}

/**
 * `POST <revision href>/rollback`: undoes what that revision changed (each field it changed gets its previous value;
 * a new revision) and answers the updated asset. Needs HistoryRollback and EditText; 409 for the first revision.
 */
export async function undoRevision(revisionHref: string): Promise<Asset> {
  return json(await request('POST', `${revisionHref}/rollback`, { accept: MEDIA_TYPES.asset }));
}

/** `DELETE <revision href>`: removes an older revision from the history (HistoryManage; 409 for the current one). */
export async function deleteRevision(revisionHref: string): Promise<void> {
  await request('DELETE', revisionHref, { accept: MEDIA_TYPES.json });
}
