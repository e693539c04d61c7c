/**
 * The poll-until-done test model with its built-in rules, a background job's (spec 01 §4 Background job, §7, §9): the
 * payload cases and scopes that `pollUntilDone.test.ts` runs on real actors and `npm run paths -- pollUntilDone`
 * prints for QA.
 *
 * The job has no user events: every step is the `createTask` or `pollTask` call finishing (done / error) or the
 * `pollInterval` delay elapsing. Payloads are plain JSON so a tester can read them and a script can replay them.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { BACKGROUND_JOB_RUNNING_STATUSES, pollUntilDoneMachine, type PollTaskOutput, type PollUntilDoneContext, type PollUntilDoneInput } from './pollUntilDone.machine.ts';

/** The location the model's `createTask` answers with (spec 01 §7: `201` + `Location`). */
export const MODEL_LOCATION = '/fotoweb/me/background-tasks/42';

/** The task body the model creates: a rename (spec 01 §7). */
export const MODEL_TASK = {
  type: 'rename',
  assets: [{ href: '/fotoweb/archives/5000/a.jpg.info', 'job-filename': 'b.jpg' }],
} as const;

/** The progress a running poll reports in the model: one of two assets done. */
export const MODEL_PROGRESS = { done: 1, total: 2 } as const;

/** What a failed request rejects with in the model (a `fetch` that could not reach the server). */
export const MODEL_OFFLINE = { message: 'Failed to fetch' } as const;

/** The finished job's `result` in the model. */
export const MODEL_RESULT = { assets: [{ href: '/fotoweb/archives/5000/b.jpg.info' }] } as const;

/**
 * The machine input per path variant:
 * - `shortest`: the spec's limit of 15 attempts (spec 01 §9);
 * - `simple`: 3 attempts, so every order of running outcomes is explored while the number of simple paths stays
 *   bounded (it grows as 2^attempts).
 */
export const BACKGROUND_JOB_MODEL_INPUT: Readonly<Record<PathVariant, PollUntilDoneInput>> = {
  shortest: { task: MODEL_TASK },
  simple: { task: MODEL_TASK, maxAttempts: 3 },
};

const RUNNING: ReadonlySet<string> = new Set(BACKGROUND_JOB_RUNNING_STATUSES);

const modelMachine = toTestModelMachine(pollUntilDoneMachine);

/** An invoked actor's outcome as the model sends it: `xstate.done.actor.<id>` with `output`, `….error…` with `error`. */
interface OutcomeEvent extends EventObject {
  readonly output?: unknown;
  readonly error?: unknown;
}

/** Every way `POST /fotoweb/me/background-tasks/` can end: created, created without location, wrong status, offline. */
const CREATE_CASES: readonly OutcomeEvent[] = [
  { type: 'xstate.done.actor.createTask', output: { status: 201, location: MODEL_LOCATION } },
  { type: 'xstate.done.actor.createTask', output: { status: 201 } },
  { type: 'xstate.done.actor.createTask', output: { status: 200, location: MODEL_LOCATION } },
  { type: 'xstate.error.actor.createTask', error: MODEL_OFFLINE },
];

/** Every kind of poll answer: running (default and explicit frequency), finished (both), failed, unknown, offline. */
const POLL_CASES: readonly OutcomeEvent[] = [
  { type: 'xstate.done.actor.pollTask', output: { status: 'pending' } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'inProgress', updates: { frequency: 250 }, progress: MODEL_PROGRESS } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'done', result: MODEL_RESULT, progress: { done: 2, total: 2 } } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'notified', result: MODEL_RESULT } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'failed' } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'cancelled' } },
  { type: 'xstate.error.actor.pollTask', error: MODEL_OFFLINE },
];

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('creating')) return CREATE_CASES;
  if (snapshot.matches('polling')) return POLL_CASES;
  return [];
}

/** XState also proposes bare `{type}` done/error events (from the transitions); they carry no outcome, so drop them. */
function hasPayload(_snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  const record = event as unknown as Record<string, unknown>;
  if (event.type.startsWith('xstate.done.actor.')) return record['output'] !== undefined;
  if (event.type.startsWith('xstate.error.actor.')) return record['error'] !== undefined;
  return true;
}

/**
 * With 15 attempts, ending outcomes (success, failure, request error) are explored on the first attempt and on the
 * last one (the boundaries); in between the job only keeps running. Without this, shortest paths would end the job
 * at every one of the 15 attempts.
 */
function boundaryFilter(snapshot: AnyMachineSnapshot, event: EventObject): boolean {
  if (!hasPayload(snapshot, event)) return false;
  if (!snapshot.matches('polling')) return true;
  const { attempts, maxAttempts } = snapshot.context as PollUntilDoneContext;
  const output = (event as unknown as { output?: PollTaskOutput }).output;
  if (output && RUNNING.has(output.status)) return true;
  return attempts <= 1 || attempts === maxAttempts;
}

/**
 * The poll-until-done {@link MachineModel}, on a background job (spec 01 §4 Background job, §7, §9).
 *
 * `testModel('shortest')` uses {@link BACKGROUND_JOB_MODEL_INPUT}`.shortest` (15 attempts) with the boundary filter;
 * `testModel('simple')` uses `.simple` (3 attempts) with every outcome at every attempt. A vertex is the whole
 * snapshot (value + context), so `attempts` and `pollIntervalMs` tell otherwise equal states apart.
 */
export const pollUntilDoneModel: MachineModel = {
  name: 'pollUntilDone',
  title: 'Create a background task, then poll it until it finishes, fails or times out',
  spec: 'spec 01 §4 Background job, §7 POST /fotoweb/me/background-tasks/, §9 15 attempts at 1 s',
  machine: pollUntilDoneMachine,
  testModel(variant: PathVariant) {
    return createTestModel(modelMachine, {
      input: BACKGROUND_JOB_MODEL_INPUT[variant],
      events: modelEvents,
      filterEvents: variant === 'shortest' ? boundaryFilter : hasPayload,
      serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
