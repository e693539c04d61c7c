/**
 * Background job: create a background task, then poll its location until it finishes
 * (spec 01 §4 Background job, §7 POST /fotoweb/me/background-tasks/, §9 polling retries).
 *
 * creating → polling ⇄ waiting → succeeded | failed. Both end states are final; the machine's output says which.
 */
import { assign, fromPromise, setup } from 'xstate';

/** Creating a task must answer this HTTP status (with a location); anything else is an error. spec 01 §4, §7. */
export const TASK_CREATED_STATUS = 201; // spec 01 §4

/** Polls of the task location before giving up with `pollTimeout`. */
export const POLL_MAX_ATTEMPTS = 15; // spec 01 §9

/** Wait between polls in ms when the job gives no `updates.frequency`. */
export const POLL_DEFAULT_INTERVAL_MS = 1_000; // spec 01 §9

/** Job statuses that mean "poll again after the job's frequency". spec 01 §4. */
export const BACKGROUND_JOB_RUNNING_STATUSES = ['pending', 'inProgress'] as const; // spec 01 §4

/** Job statuses that mean success. spec 01 §4. */
export const BACKGROUND_JOB_FINISHED_STATUSES = ['done', 'notified'] as const; // spec 01 §4

/**
 * What the injected `createTask` actor resolves with: the HTTP `status` of
 * `POST /fotoweb/me/background-tasks/` and its `Location` header, if any (spec 01 §7).
 */
export interface CreateTaskOutput {
  readonly status: number;
  readonly location?: string;
}

/**
 * What the injected `pollTask` actor resolves with: the body of `GET {location}` (spec 01 §3 Background job):
 * `status` (`pending`, `inProgress`, `done`, `notified`, or anything else = error), `updates.frequency` in ms, and the
 * job's `result` once finished.
 */
export interface PollTaskOutput {
  readonly status: string;
  readonly updates?: { readonly frequency?: number };
  readonly result?: unknown;
  /** How far the job is: items (e.g. assets) finished out of all; the web reads it from the task status. */
  readonly progress?: BackgroundJobProgress;
}

/** How far a job is (for a progress bar): `done` of `total` items, `0 <= done <= total`. */
export interface BackgroundJobProgress {
  readonly done: number;
  readonly total: number;
}

/** Input of the `createTask` actor: the task body to POST (metadata edit, rename, duplicate; spec 01 §7). */
export interface CreateTaskInput {
  readonly task: unknown;
}

/** Input of the `pollTask` actor: the location to GET and the 1-based attempt number. */
export interface PollTaskInput {
  readonly location: string;
  readonly attempt: number;
}

/**
 * Why a background job failed, as `{value, message}` like the rest of the client's errors (spec 01 §8).
 *
 * - `taskNotCreated`: creation did not answer 201 with a location; `status` is the HTTP status.
 * - `taskFailed`: the job reported a status other than pending/inProgress/done/notified; `status` is that status.
 * - `pollTimeout`: still running after `maxAttempts` polls (spec 01 §9).
 * - `requestFailed`: the create or poll request itself threw; `cause` is what it threw.
 */
export interface BackgroundJobError {
  readonly value: 'taskNotCreated' | 'taskFailed' | 'pollTimeout' | 'requestFailed';
  readonly message: string;
  readonly status?: number | string;
  readonly cause?: unknown;
}

/**
 * Input of {@link backgroundJobMachine}.
 *
 * - `task`: the body handed to `createTask`.
 * - `maxAttempts`: poll limit, default {@link POLL_MAX_ATTEMPTS} (spec 01 §9); a positive integer.
 */
export interface BackgroundJobInput {
  readonly task: unknown;
  readonly maxAttempts?: number;
}

/**
 * Context of {@link backgroundJobMachine}.
 *
 * - `location`: the task's location, once created.
 * - `attempts`: polls started so far (`0 <= attempts <= maxAttempts`).
 * - `pollIntervalMs`: wait before the next poll, in ms: the last `updates.frequency`, else {@link POLL_DEFAULT_INTERVAL_MS}.
 * - `lastStatus`: the status of the last poll.
 * - `result` / `error`: set when the job succeeded / failed.
 * - `progress`: the last poll's progress, if the poll reported one (kept when a later poll reports none).
 */
export interface BackgroundJobContext {
  readonly task: unknown;
  readonly maxAttempts: number;
  readonly location: string | undefined;
  readonly attempts: number;
  readonly pollIntervalMs: number;
  readonly lastStatus: string | undefined;
  readonly result: unknown;
  readonly error: BackgroundJobError | undefined;
  readonly progress: BackgroundJobProgress | undefined;
}

/** Output of {@link backgroundJobMachine} once it reaches `succeeded` or `failed`. */
export type BackgroundJobOutput =
  | { readonly status: 'succeeded'; readonly result: unknown }
  | { readonly status: 'failed'; readonly error: BackgroundJobError };

const RUNNING: ReadonlySet<string> = new Set(BACKGROUND_JOB_RUNNING_STATUSES);
const FINISHED: ReadonlySet<string> = new Set(BACKGROUND_JOB_FINISHED_STATUSES);

/**
 * The wait before the next poll in ms: `updates.frequency` when it is a positive finite number, else
 * {@link POLL_DEFAULT_INTERVAL_MS} (spec 01 §4 "polling again after the job's frequency", §9).
 */
export function pollIntervalFor(output: PollTaskOutput): number {
  const frequency = output.updates?.frequency;
  return typeof frequency === 'number' && Number.isFinite(frequency) && frequency > 0
    ? frequency
    : POLL_DEFAULT_INTERVAL_MS;
}

function normaliseMaxAttempts(value: number | undefined): number {
  if (value === undefined) return POLL_MAX_ATTEMPTS;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`backgroundJob: maxAttempts must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The background job machine (spec 01 §4 Background job, §7, §9).
 *
 * `creating` runs `createTask`; 201 with a location → `polling`, else `failed` (`taskNotCreated`).
 * `polling` runs `pollTask` (attempt n of `maxAttempts`): done/notified → `succeeded`; pending/inProgress →
 * `waiting` for the `pollInterval` delay (the job's frequency, default 1000 ms) then polls again, or `failed`
 * (`pollTimeout`) when that was the last attempt; any other status → `failed` (`taskFailed`).
 * A thrown create/poll request → `failed` (`requestFailed`).
 *
 * Both actors must be provided with `.provide({actors: {createTask, pollTask}})`; the built-in ones throw.
 *
 * An `input.maxAttempts` that is not a positive integer puts the actor in `error` status with a `RangeError`
 * (XState reports errors thrown while creating the context that way) before anything is created.
 */
export const backgroundJobMachine = setup({
  types: {
    context: {} as BackgroundJobContext,
    input: {} as BackgroundJobInput,
    output: {} as BackgroundJobOutput,
  },
  actors: {
    createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(async () => {
      throw new Error('backgroundJob: provide `createTask` with .provide()');
    }),
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async () => {
      throw new Error('backgroundJob: provide `pollTask` with .provide()');
    }),
  },
  guards: {
    'isTaskCreated?': (_, created: CreateTaskOutput) =>
      created.status === TASK_CREATED_STATUS && typeof created.location === 'string' && created.location.length > 0,
    'isJobFinished?': (_, job: PollTaskOutput) => FINISHED.has(job.status),
    'isJobRunning?': (_, job: PollTaskOutput) => RUNNING.has(job.status),
    'shouldPollAgain?': ({ context }, job: PollTaskOutput) =>
      RUNNING.has(job.status) && context.attempts < context.maxAttempts,
  },
  delays: {
    pollInterval: ({ context }) => context.pollIntervalMs,
  },
  actions: {
    storeLocation: assign((_, created: CreateTaskOutput) => ({ location: created.location })),
    countAttempt: assign(({ context }) => ({ attempts: context.attempts + 1 })),
    storeResult: assign(({ context }, job: PollTaskOutput) => ({
      lastStatus: job.status,
      result: job.result,
      progress: job.progress ?? context.progress,
    })),
    scheduleNextPoll: assign(({ context }, job: PollTaskOutput) => ({
      lastStatus: job.status,
      pollIntervalMs: pollIntervalFor(job),
      progress: job.progress ?? context.progress,
    })),
    failTaskNotCreated: assign((_, created: CreateTaskOutput) => ({
      error: {
        value: 'taskNotCreated',
        message:
          created.status === TASK_CREATED_STATUS
            ? 'The background task was created without a location to poll.'
            : `Creating the background task answered ${created.status} instead of ${TASK_CREATED_STATUS}.`,
        status: created.status,
      } satisfies BackgroundJobError,
    })),
    failTimeout: assign(({ context }, job: PollTaskOutput) => ({
      lastStatus: job.status,
      progress: job.progress ?? context.progress,
      error: {
        value: 'pollTimeout',
        message: `The background task was still ${job.status} after ${context.maxAttempts} polls.`,
        status: job.status,
      } satisfies BackgroundJobError,
    })),
    failJobStatus: assign((_, job: PollTaskOutput) => ({
      lastStatus: job.status,
      error: {
        value: 'taskFailed',
        message: `The background task ended with status "${job.status}".`,
        status: job.status,
      } satisfies BackgroundJobError,
    })),
    failRequest: assign((_, params: { cause: unknown }) => ({
      error: {
        value: 'requestFailed',
        message: 'The background task request failed.',
        cause: params.cause,
      } satisfies BackgroundJobError,
    })),
  },
}).createMachine({
  id: 'backgroundJob',
  initial: 'creating',
  context: ({ input }) => ({
    task: input.task,
    maxAttempts: normaliseMaxAttempts(input.maxAttempts),
    location: undefined,
    attempts: 0,
    pollIntervalMs: POLL_DEFAULT_INTERVAL_MS,
    lastStatus: undefined,
    result: undefined,
    error: undefined,
    progress: undefined,
  }),
  states: {
    creating: {
      invoke: {
        id: 'createTask',
        src: 'createTask',
        input: ({ context }) => ({ task: context.task }),
        onDone: [
          {
            guard: { type: 'isTaskCreated?', params: ({ event }) => event.output },
            target: 'polling',
            actions: { type: 'storeLocation', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'failTaskNotCreated', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
      },
    },
    polling: {
      entry: 'countAttempt',
      invoke: {
        id: 'pollTask',
        src: 'pollTask',
        input: ({ context }) => ({ location: context.location ?? '', attempt: context.attempts }),
        onDone: [
          {
            guard: { type: 'isJobFinished?', params: ({ event }) => event.output },
            target: 'succeeded',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'shouldPollAgain?', params: ({ event }) => event.output },
            target: 'waiting',
            actions: { type: 'scheduleNextPoll', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isJobRunning?', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'failTimeout', params: ({ event }) => event.output },
          },
          { target: 'failed', actions: { type: 'failJobStatus', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
      },
    },
    waiting: {
      after: { pollInterval: 'polling' },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }): BackgroundJobOutput =>
    context.error ? { status: 'failed', error: context.error } : { status: 'succeeded', result: context.result },
});
