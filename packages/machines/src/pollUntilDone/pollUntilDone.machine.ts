/**
 * Poll until done: start a background task, then poll it until it finishes (spec 01 §4 Background job and
 * Duplicate-revision polling, §7 POST /fotoweb/me/background-tasks/, §9 polling retries "15 attempts at 1 s").
 *
 * creating → polling ⇄ waiting → succeeded | failed. Both end states are final; the machine's output says which.
 *
 * One machine for every flow that waits on the server: each `.provide()`s what differs.
 * - Background jobs (batch metadata edits, apps/web `metadata/batchJob.ts`): the built-in rules are theirs (201 with a
 *   location, pending/inProgress poll again after the job's `updates.frequency`, done/notified succeed, the last
 *   `progress` kept for a progress bar); they provide `createTask` and `pollTask`.
 * - Duplicate-revision polling ({@link duplicateRevisionPollingMachine}): `pending` polls again after 1 s, `done`
 *   succeeds (provided guards and delay).
 * - The write-back status (apps/web `metadata/WritebackStatus.tsx`): polls the asset while its write-back is pending.
 *
 * A task someone else started (the duplicate, the write-back a PATCH started) is given by its `location`: the
 * built-in `createTask` then answers 201 with it at once and polling starts.
 */
import { and, assign, fromPromise, setup, type EventObject } from 'xstate';

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

/**
 * Input of the `createTask` actor: the task body to POST (metadata edit, rename, duplicate; spec 01 §7), and the
 * `location` of a task that was started elsewhere (the machine's `input.location`), if any.
 */
export interface CreateTaskInput {
  readonly task: unknown;
  readonly location?: string;
}

/** Input of the `pollTask` actor: the location to GET and the 1-based attempt number. */
export interface PollTaskInput {
  readonly location: string;
  readonly attempt: number;
}

/**
 * Why a poll-until-done flow failed, as `{value, message}` like the rest of the client's errors (spec 01 §8).
 *
 * - `taskNotCreated`: creation did not answer 201 with a location; `status` is the HTTP status.
 * - `taskFailed`: the task reported a status that is neither running nor finished (for a background job: other than
 *   pending/inProgress/done/notified; for a duplicate: other than pending/done); `status` is that status.
 * - `pollTimeout`: still running after `maxAttempts` polls (spec 01 §9).
 * - `requestFailed`: the create or poll request itself threw; `cause` is what it threw.
 */
export interface PollUntilDoneError {
  readonly value: 'taskNotCreated' | 'taskFailed' | 'pollTimeout' | 'requestFailed';
  readonly message: string;
  readonly status?: number | string;
  readonly cause?: unknown;
}

/**
 * Input of {@link pollUntilDoneMachine}.
 *
 * - `task`: the body handed to `createTask`.
 * - `location`: where to poll a task that was started elsewhere; the built-in `createTask` answers with it.
 * - `maxAttempts`: poll limit, default {@link POLL_MAX_ATTEMPTS} (spec 01 §9); a positive integer.
 */
export interface PollUntilDoneInput {
  readonly task?: unknown;
  readonly location?: string;
  readonly maxAttempts?: number;
}

/**
 * Context of {@link pollUntilDoneMachine}.
 *
 * - `location`: the task's location, once created (from the start when the input gave it).
 * - `attempts`: polls started so far (`0 <= attempts <= maxAttempts`).
 * - `pollIntervalMs`: wait before the next poll, in ms: the last `updates.frequency`, else {@link POLL_DEFAULT_INTERVAL_MS}.
 * - `lastStatus`: the status of the last poll.
 * - `result` / `error`: set when the job succeeded / failed.
 * - `progress`: the last poll's progress, if the poll reported one (kept when a later poll reports none).
 */
export interface PollUntilDoneContext {
  readonly task: unknown;
  readonly maxAttempts: number;
  readonly location: string | undefined;
  readonly attempts: number;
  readonly pollIntervalMs: number;
  readonly lastStatus: string | undefined;
  readonly result: unknown;
  readonly error: PollUntilDoneError | undefined;
  readonly progress: BackgroundJobProgress | undefined;
}

/** Output of {@link pollUntilDoneMachine} once it reaches `succeeded` or `failed`. */
export type PollUntilDoneOutput = { readonly status: 'succeeded'; readonly result: unknown } | { readonly status: 'failed'; readonly error: PollUntilDoneError };

const RUNNING: ReadonlySet<string> = new Set(BACKGROUND_JOB_RUNNING_STATUSES);
const FINISHED: ReadonlySet<string> = new Set(BACKGROUND_JOB_FINISHED_STATUSES);

/**
 * The wait before the next poll in ms: `updates.frequency` when it is a positive finite number, else
 * {@link POLL_DEFAULT_INTERVAL_MS} (spec 01 §4 "polling again after the job's frequency", §9).
 */
export function pollIntervalFor(output: PollTaskOutput): number {
  const frequency = output.updates?.frequency;
  return typeof frequency === 'number' && Number.isFinite(frequency) && frequency > 0 ? frequency : POLL_DEFAULT_INTERVAL_MS;
}

/**
 * The poll's answer carried by `event` (`xstate.done.actor.pollTask`), for the status guards `isJobRunning?` and
 * `isJobFinished?` and the ones a provider gives instead. Any other event reads as an answer with an empty status.
 */
export function pollAnswerOf(event: EventObject): PollTaskOutput {
  const output = (event as { output?: unknown }).output;
  return typeof output === 'object' && output !== null && typeof (output as PollTaskOutput).status === 'string' ? (output as PollTaskOutput) : { status: '' };
}

/**
 * Checks a poll limit.
 *
 * @returns `value`, or {@link POLL_MAX_ATTEMPTS} when `undefined`.
 * @throws {RangeError} when `value` is not a positive integer.
 */
export function normaliseMaxAttempts(value: number | undefined): number {
  if (value === undefined) return POLL_MAX_ATTEMPTS;
  if (!Number.isInteger(value) || value < 1) {
    throw new RangeError(`pollUntilDone: maxAttempts must be a positive integer, got ${value}`);
  }
  return value;
}

/**
 * The poll-until-done machine (spec 01 §4 Background job, Duplicate-revision polling, §7, §9).
 *
 * `creating` runs `createTask`; an answer the `isTaskCreated?` guard accepts (201 with a location) → `polling`, else
 * `failed` (`taskNotCreated`).
 * `polling` runs `pollTask` (attempt n of `maxAttempts`): `isJobFinished?` (done/notified) → `succeeded`;
 * `isJobRunning?` (pending/inProgress) → `waiting` for the `pollInterval` delay (the job's frequency, default
 * 1000 ms) then polls again, or `failed` (`pollTimeout`) when that was the last attempt; any other status → `failed`
 * (`taskFailed`). A thrown create/poll request → `failed` (`requestFailed`).
 *
 * `.provide()` what differs: the actors `createTask` (the built-in one answers 201 with `input.location`, and throws
 * without it) and `pollTask` (the built-in one throws); the guards `isJobRunning?` / `isJobFinished?` (the status
 * rules); the delay `pollInterval` (a fixed wait instead of the job's frequency).
 *
 * An `input.maxAttempts` that is not a positive integer puts the actor in `error` status with a `RangeError`
 * (XState reports errors thrown while creating the context that way) before anything is created.
 */
export const pollUntilDoneMachine = setup({
  types: {
    context: {} as PollUntilDoneContext,
    input: {} as PollUntilDoneInput,
    output: {} as PollUntilDoneOutput,
  },
  actors: {
    createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(async ({ input }) => {
      // A task started elsewhere: nothing to create, poll where it lives.
      if (input.location) return { status: TASK_CREATED_STATUS, location: input.location };
      throw new Error("pollUntilDone: provide `createTask` with .provide(), or give the task's `location`");
    }),
    pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async () => {
      throw new Error('pollUntilDone: provide `pollTask` with .provide()');
    }),
  },
  guards: {
    'isTaskCreated?': (_, created: CreateTaskOutput) => created.status === TASK_CREATED_STATUS && typeof created.location === 'string' && created.location.length > 0,
    // The status rules read the poll's answer from the event, so they combine with `and()` and a provider replaces
    // them without params.
    'isJobFinished?': ({ event }) => FINISHED.has(pollAnswerOf(event).status),
    'isJobRunning?': ({ event }) => RUNNING.has(pollAnswerOf(event).status),
    'hasAttemptsLeft?': ({ context }) => context.attempts < context.maxAttempts,
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
      } satisfies PollUntilDoneError,
    })),
    failTimeout: assign(({ context }, job: PollTaskOutput) => ({
      lastStatus: job.status,
      progress: job.progress ?? context.progress,
      error: {
        value: 'pollTimeout',
        message: `The background task was still ${job.status} after ${context.maxAttempts} polls.`,
        status: job.status,
      } satisfies PollUntilDoneError,
    })),
    failJobStatus: assign((_, job: PollTaskOutput) => ({
      lastStatus: job.status,
      error: {
        value: 'taskFailed',
        message: `The background task ended with status "${job.status}".`,
        status: job.status,
      } satisfies PollUntilDoneError,
    })),
    failRequest: assign((_, params: { cause: unknown }) => ({
      error: {
        value: 'requestFailed',
        message: 'The background task request failed.',
        cause: params.cause,
      } satisfies PollUntilDoneError,
    })),
  },
}).createMachine({
  id: 'pollUntilDone',
  initial: 'creating',
  context: ({ input }) => ({
    task: input.task,
    maxAttempts: normaliseMaxAttempts(input.maxAttempts),
    location: input.location,
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
        input: ({ context }) => ({ task: context.task, ...(context.location ? { location: context.location } : {}) }),
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
            guard: 'isJobFinished?',
            target: 'succeeded',
            actions: { type: 'storeResult', params: ({ event }) => event.output },
          },
          {
            guard: and(['isJobRunning?', 'hasAttemptsLeft?']),
            target: 'waiting',
            actions: { type: 'scheduleNextPoll', params: ({ event }) => event.output },
          },
          {
            guard: 'isJobRunning?',
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
  output: ({ context }): PollUntilDoneOutput => (context.error ? { status: 'failed', error: context.error } : { status: 'succeeded', result: context.result }),
});
