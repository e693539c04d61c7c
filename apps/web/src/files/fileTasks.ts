/**
 * The calls behind the file operations (issue 13; spec 01 §4 Background job, §7 `POST /fotoweb/me/background-tasks/`
 * rename, move, copy, rotate, delete; fotoweb-api-notes §6.2): the destination lists the move and copy dialogs browse,
 * and a task run through the background-job machine (`pollUntilDoneMachine`: 201 + location, then polling at the
 * job's frequency) that reports its progress and the per-asset results to the `fileOperation` machine.
 */
import { createActor, fromCallback, fromPromise, toPromise, type EventObject } from 'xstate';
import type { FileTask } from '@magpie/api-types/client';
import type { TaskAssetResult } from '@magpie/api-types';
import {
  pollUntilDoneMachine,
  type CreateTaskInput,
  type CreateTaskOutput,
  type FileDestination,
  type FileOperationEvent,
  type FileTaskRequest,
  type FileTaskResult,
  type PollTaskInput,
  type PollTaskOutput,
} from '@magpie/machines';
import { api } from '../api/client.ts';
import { pollTask } from '../metadata/metadataApi.ts';
import { toRequestError } from '../api/requestErrors.ts';

/**
 * A download: one request prepares the ZIP (`POST /fotoweb/me/downloads/`); TASK_DONE carries it, every asset done.
 * @returns the actor's cleanup (a closed dialog drops the answer).
 */
function prepareDownload(input: FileTaskRequest, send: (event: FileOperationEvent) => void): () => void {
  const controller = new AbortController();
  api.createDownload({ assets: input.assets.map((href) => ({ href })) }, { signal: controller.signal }).then(
    (created) => send({ type: 'TASK_DONE', results: input.assets.map((href) => ({ href, done: true })), download: { href: created.href, name: created.name, size: created.size } }),
    (error: unknown) => {
      if (!controller.signal.aborted) send({ type: 'TASK_FAILED', error: toRequestError(error) });
    },
  );
  return () => controller.abort();
}

/** The polls a task may take: the background job's 15 (spec 01 §9), and two more per asset for long selections. */
export function fileTaskMaxAttempts(assets: number): number {
  return 15 + 2 * assets;
}

/**
 * A file operation's body (dam.yaml RenameRequest, MoveRequest, RotateRequest, DeleteRequest) from the machine's request.
 * @throws Error for a download, which is no background task ({@link runFileTask} prepares it).
 */
export function fileTaskOf(request: FileTaskRequest): FileTask {
  const assets = request.assets.map((href) => ({ href }));
  switch (request.kind) {
    case 'rename':
      return { kind: 'rename', body: { assets, 'job-filename': request.filename ?? '' } };
    case 'move':
    case 'copy':
      return { kind: request.kind, body: { assets, 'job-destination': request.destination ?? '' } };
    case 'rotate':
      return { kind: 'rotate', body: { assets, direction: request.direction ?? 'cw' } };
    case 'delete':
      return { kind: 'delete', body: { assets } };
    case 'duplicate':
      return { kind: 'duplicate', body: { assets } };
    case 'download':
      throw new Error('A download is prepared by POST /fotoweb/me/downloads/, not run as a background task.');
  }
}

/** The task's per-asset results as the machine keeps them. */
export function fileTaskResults(results: readonly TaskAssetResult[]): FileTaskResult[] {
  return results.map((result) => ({
    href: result.href,
    done: result.done && !result.error,
    ...(result['result-href'] ? { resultHref: result['result-href'] } : {}),
    ...(result.error?.message ? { message: result.error.message } : {}),
  }));
}

/**
 * The destinations at `href`: the archives of a `move_to` / `copy_to` list, or the folders of an archive or folder
 * (its `children`), each with whether it has folders of its own.
 */
export async function loadFileDestinations(href: string, signal?: AbortSignal): Promise<FileDestination[]> {
  if (/^\/fotoweb\/me\/(move|copy)-to\/$/.test(href)) {
    const list = await api.getCollectionList(href, { ...(signal ? { signal } : {}) });
    return list.data.map((collection) => ({ href: collection.href, name: collection.name, hasChildren: collection.hasChildren }));
  }
  const collection = await api.getCollection(href, { ...(signal ? { signal } : {}) });
  return (collection.children?.data ?? []).map((child) => ({ href: child.href, name: child.name, hasChildren: child.hasChildren }));
}

const fileTaskJobMachine = pollUntilDoneMachine.provide({
  actors: {
    createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(async ({ input }) => {
      const { status, location } = await api.createFileTask(input.task as FileTask);
      return { status, location };
    }),
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(({ input, signal }) => pollTask(input.location, signal)),
  },
});

/**
 * The `fileOperation` machine's `runTask`: creates the task, polls it (PROGRESS after each poll), and sends TASK_DONE
 * with the per-asset results (a task whose every asset failed too, so each reason shows) or TASK_FAILED with what
 * stopped it (a refused creation: the `ApiError`; a timeout or lost connection: the background job's error).
 * Stopping the actor (the dialog closed) stops the polling; the task itself goes on in the DAM.
 */
export const runFileTask = fromCallback<EventObject, FileTaskRequest>(({ input, sendBack }) => {
  const send = (event: FileOperationEvent) => sendBack(event);
  if (input.kind === 'download') return prepareDownload(input, send);
  const job = createActor(fileTaskJobMachine, { input: { task: fileTaskOf(input), maxAttempts: fileTaskMaxAttempts(input.assets.length) } });
  const subscription = job.subscribe((snapshot) => {
    const progress = snapshot.context.progress;
    if (progress) send({ type: 'PROGRESS', done: progress.done, total: progress.total });
  });
  job.start();
  let stopped = false;
  void (async () => {
    const output = await toPromise(job);
    subscription.unsubscribe();
    if (stopped) return;
    if (output.status === 'succeeded') {
      send({ type: 'TASK_DONE', results: fileTaskResults((output.result ?? []) as TaskAssetResult[]) });
      return;
    }
    const location = job.getSnapshot().context.location;
    if (output.error.value === 'taskFailed' && location) {
      // Every asset failed: the task's results say why, asset by asset.
      const finished = await pollTask(location).catch(() => undefined);
      if (!stopped && finished?.result) {
        send({ type: 'TASK_DONE', results: fileTaskResults(finished.result as TaskAssetResult[]) });
        return;
      }
    }
    if (!stopped) send({ type: 'TASK_FAILED', error: toRequestError(output.error.cause ?? output.error) });
  })();
  return () => {
    stopped = true;
    job.stop();
  };
});
