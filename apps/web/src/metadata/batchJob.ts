/**
 * Runs batch metadata edits as background tasks (spec 01 §4 Background job, §7 `POST /fotoweb/me/background-tasks/`;
 * fotoweb-api-notes §6.2): each planned task goes through `pollUntilDoneMachine` with its background-job rules (201 +
 * location, then polling at the job's frequency), one after the other, reporting the assets done so far for the progress bar.
 */
import { createActor, fromPromise, toPromise } from 'xstate';
import { pollUntilDoneMachine, type BackgroundJobProgress, type CreateTaskInput, type CreateTaskOutput, type PollTaskInput, type PollTaskOutput } from '@magpie/machines';
import type { MetadataEditRequest, TaskAssetResult } from '@magpie/api-types';
import { ApiError } from '@magpie/api-types/client';
import { createMetadataEditTask, pollTask } from './metadataApi.ts';
import type { PlannedTask } from './batchEdit.ts';

/** The poll-until-done machine wired to the metadata-edit task calls (its built-in rules are a background job's). */
export const metadataEditJobMachine = pollUntilDoneMachine.provide({
  actors: {
    createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(({ input }) => createMetadataEditTask(input.task as MetadataEditRequest)),
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(({ input, signal }) => pollTask(input.location, signal)),
  },
});

/** A batch edit that did not finish: the job's error, or the assets the task could not change. */
export class BatchEditError extends Error {
  constructor(
    message: string,
    /** The hrefs of the assets that were not changed (empty when the whole task failed). */
    readonly failedAssets: readonly string[] = [],
  ) {
    super(message);
    this.name = 'BatchEditError';
  }
}

/**
 * Runs `tasks` one after the other. `onProgress` gets the assets done of all assets after every poll (`done` counts
 * finished tasks' assets plus the running task's progress).
 *
 * @throws {BatchEditError} when a task fails, times out (15 polls, spec 01 §9) or reports assets it could not change;
 *   the tasks after it do not run.
 */
export async function runMetadataTasks(tasks: readonly PlannedTask[], onProgress: (progress: BackgroundJobProgress) => void): Promise<void> {
  const total = tasks.reduce((sum, task) => sum + task.request.assets.length, 0);
  let finished = 0;
  onProgress({ done: 0, total });
  for (const task of tasks) {
    const actor = createActor(metadataEditJobMachine, { input: { task: task.request } });
    const subscription = actor.subscribe((snapshot) => {
      const done = snapshot.context.progress?.done ?? 0;
      onProgress({ done: finished + Math.min(done, task.request.assets.length), total });
    });
    actor.start();
    const output = await toPromise(actor);
    subscription.unsubscribe();
    if (output.status === 'failed') {
      // The server's reason when it refused the task (e.g. a field another archive's view does not have).
      const { cause } = output.error;
      const reason = cause instanceof ApiError ? cause.body?.message : undefined;
      throw new BatchEditError(reason ? `${output.error.message} ${reason}` : output.error.message);
    }
    const failed = ((output.result ?? []) as readonly TaskAssetResult[]).filter((result) => !result.done || result.error);
    if (failed.length > 0) {
      throw new BatchEditError(
        `${failed.length} of ${task.request.assets.length} assets could not be changed.`,
        failed.map((result) => result.href),
      );
    }
    finished += task.request.assets.length;
    onProgress({ done: finished, total });
  }
}
