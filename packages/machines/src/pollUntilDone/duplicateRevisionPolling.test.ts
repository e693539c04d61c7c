/**
 * Duplicate-revision polling: {@link duplicateRevisionPollingMachine}, the poll-until-done machine provided with the
 * duplicate's rules (spec 01 §4 Duplicate-revision polling, §7 duplicate, §9 polling retries 15 attempts at 1 s).
 *
 * Its model lives here rather than in a `.model.ts`: `npm run paths` lists one model per flow folder
 * (`pollUntilDone`), and this is the same machine with other guards and delay.
 */
import { createActor, fromPromise, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import type { PathVariant } from '../testing/machineModel.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  normaliseMaxAttempts,
  TASK_CREATED_STATUS,
  type CreateTaskInput,
  type CreateTaskOutput,
  POLL_MAX_ATTEMPTS,
  type PollTaskInput,
  type PollTaskOutput,
  type PollUntilDoneContext,
  type PollUntilDoneInput,
} from './pollUntilDone.machine.ts';
import { DUPLICATE_POLL_INTERVAL_MS, duplicateRevisionPollingMachine } from './duplicateRevisionPolling.ts';

// ---------------------------------------------------------------------------------------------------------------
// The model: the duplicate is followed at its status address, so the built-in createTask answers with it at once.
// ---------------------------------------------------------------------------------------------------------------

/** The status address the model polls. */
const MODEL_DUPLICATE_HREF = '/fotoweb/archives/5000-photos/harbour.jpg.info/revisions/3/duplicate';

/** The new revision a `done` answer carries (spec 01 §3 Revision: id, number). */
const MODEL_DUPLICATE_RESULT = { id: 'r-4', number: 4 } as const;

/** What a failed poll request rejects with in the model. */
const MODEL_POLL_FAILURE = { name: 'TypeError', message: 'Failed to fetch' } as const;

/**
 * The machine input per variant: shortest paths use the spec's 15 attempts (spec 01 §9); simple paths 3, enough to
 * see "pending, then pending again, then the limit" without the path count growing with the limit.
 */
const DUPLICATE_MODEL_INPUTS: Readonly<Record<PathVariant, PollUntilDoneInput>> = {
  shortest: { location: MODEL_DUPLICATE_HREF },
  simple: { location: MODEL_DUPLICATE_HREF, maxAttempts: 3 },
};

const modelMachine = toTestModelMachine(duplicateRevisionPollingMachine);

/**
 * How the start can end: the built-in createTask's answer for a duplicate followed at its status address, and, for a
 * duplicate started with its task (`POST /fotoweb/me/background-tasks/`, spec 01 §7), a creation without 201 and a
 * failed request.
 */
const CREATE_CASES: readonly EventObject[] = [
  { type: 'xstate.done.actor.createTask', output: { status: 201, location: MODEL_DUPLICATE_HREF } },
  { type: 'xstate.done.actor.createTask', output: { status: 200 } },
  { type: 'xstate.error.actor.createTask', error: MODEL_POLL_FAILURE },
] as unknown as EventObject[];

/** Every answer the poll can give: pending, done, two other statuses (errors) and a failed request. */
const POLL_CASES: readonly EventObject[] = [
  { type: 'xstate.done.actor.pollTask', output: { status: 'pending' } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'done', result: MODEL_DUPLICATE_RESULT } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'inProgress' } },
  { type: 'xstate.done.actor.pollTask', output: { status: 'failed' } },
  { type: 'xstate.error.actor.pollTask', error: MODEL_POLL_FAILURE },
] as unknown as EventObject[];

function modelEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  if (snapshot.matches('creating')) return CREATE_CASES;
  return snapshot.matches('polling') ? POLL_CASES : [];
}

function hasPayload(event: EventObject): boolean {
  const record = event as unknown as Record<string, unknown>;
  if (event.type.startsWith('xstate.done.actor.')) return record['output'] !== undefined;
  if (event.type.startsWith('xstate.error.actor.')) return record['error'] !== undefined;
  return true;
}

/**
 * Shortest paths: with 15 attempts, ending answers are explored at the first and the last attempt (the
 * boundaries); in between the duplicate only stays pending. Simple paths: every answer at every attempt.
 */
function modelFilter(variant: PathVariant) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => {
    if (!hasPayload(event)) return false;
    if (variant === 'simple' || !snapshot.matches('polling')) return true;
    const { attempts, maxAttempts } = snapshot.context as PollUntilDoneContext;
    const output = (event as unknown as { output?: { status?: unknown } }).output;
    return output?.status === 'pending' || attempts <= 1 || attempts === maxAttempts;
  };
}

function duplicateTestModel(variant: PathVariant) {
  return createTestModel(modelMachine, {
    input: DUPLICATE_MODEL_INPUTS[variant],
    events: modelEvents,
    filterEvents: modelFilter(variant),
    serializeState: (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
  });
}

const shortestPaths = duplicateTestModel('shortest').getShortestPaths();
const simplePaths = duplicateTestModel('simple').getSimplePaths();

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createPollingDriver(variant: PathVariant, coverage?: CoverageTracker): PathDriver {
  const input = DUPLICATE_MODEL_INPUTS[variant];
  // The built-in createTask would answer on its own before the first step; a controlled one waits for the path.
  const creates = createControlledPromiseActor<CreateTaskOutput, CreateTaskInput>();
  const polls = createControlledPromiseActor<PollTaskOutput, PollTaskInput>();
  const clock = new SimulatedClock();
  const actor = createActor(duplicateRevisionPollingMachine.provide({ actors: { createTask: creates.logic, pollTask: polls.logic } }), {
    input,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** Times (simulated ms) at which each poll started. */
  const pollTimes: number[] = [0];
  let waitedMs = 0;

  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: PollTaskOutput; error?: unknown };
      if (event.type === 'xstate.done.actor.createTask') {
        creates.current().resolve(record.output as unknown as CreateTaskOutput);
      } else if (event.type === 'xstate.error.actor.createTask') {
        creates.current().reject(record.error);
      } else if (event.type === 'xstate.done.actor.pollTask') polls.current().resolve(record.output as PollTaskOutput);
      else if (event.type === 'xstate.error.actor.pollTask') polls.current().reject(record.error);
      else if (event.type === 'xstate.after.pollInterval.pollUntilDone.waiting') {
        // spec 01 §9: exactly 1 s between polls: nothing 1 ms early, the next poll right on time.
        const before = polls.invocations.length;
        clock.increment(DUPLICATE_POLL_INTERVAL_MS - 1);
        await flushPromises();
        expect(actor.getSnapshot().value).toBe('waiting');
        expect(polls.invocations).toHaveLength(before);
        clock.increment(1);
        waitedMs += DUPLICATE_POLL_INTERVAL_MS;
        pollTimes.push(clock.now());
      } else {
        throw new Error(`duplicateRevisionPolling has no external events, got ${event.type}`);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // Invariants: at most maxAttempts polls, one per attempt, 1 s apart; no stray timer; polling starts at once.
      expect(context.attempts).toBeGreaterThanOrEqual(snapshot.matches('polling') || snapshot.matches('waiting') ? 1 : 0);
      expect(context.attempts).toBeLessThanOrEqual(context.maxAttempts);
      expect(polls.invocations).toHaveLength(context.attempts);
      expect(polls.invocations.map((poll) => poll.input)).toEqual(polls.invocations.map((_, i) => ({ location: MODEL_DUPLICATE_HREF, attempt: i + 1 })));
      expect(pollTimes.slice(0, context.attempts)).toEqual(Array.from({ length: context.attempts }, (_, i) => i * DUPLICATE_POLL_INTERVAL_MS));
      expect(clock.now()).toBe(waitedMs);
      expect(pendingTimers(clock)).toBe(snapshot.matches('waiting') ? 1 : 0);

      switch (snapshot.value) {
        case 'creating':
          // Nothing to create: the duplicate is followed where the server said (its location).
          expect(creates.current().input).toEqual({ task: undefined, location: MODEL_DUPLICATE_HREF });
          expect(polls.invocations).toHaveLength(0);
          break;
        case 'polling':
          expect(polls.current().input.attempt).toBe(context.attempts);
          expect(context.error).toBeUndefined();
          break;
        case 'waiting':
          // Only `pending` waits, and only while attempts remain.
          expect(context.lastStatus).toBe('pending');
          expect(context.attempts).toBeLessThan(context.maxAttempts);
          expect(polls.pending()).toHaveLength(0);
          break;
        case 'succeeded':
          expect(snapshot.status).toBe('done');
          expect(context.lastStatus).toBe('done');
          expect(snapshot.output).toEqual({ status: 'succeeded', result: MODEL_DUPLICATE_RESULT });
          break;
        case 'failed': {
          expect(snapshot.status).toBe('done');
          const { error } = context;
          expect(snapshot.output).toEqual({ status: 'failed', error });
          expect(polls.pending()).toHaveLength(0);
          if (error?.value === 'pollTimeout') {
            expect(context.attempts).toBe(context.maxAttempts);
            expect(context.lastStatus).toBe('pending');
          } else if (error?.value === 'taskNotCreated') {
            expect(context.attempts).toBe(0);
          } else if (error?.value === 'taskFailed') {
            // spec 01 §4: any status other than pending and done is an error.
            expect(['pending', 'done']).not.toContain(context.lastStatus);
          } else {
            expect(error).toMatchObject({ value: 'requestFailed', cause: MODEL_POLL_FAILURE });
          }
          break;
        }
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths('duplicateRevisionPolling model: shortest paths (15 attempts, spec 01 §9)', shortestPaths, 40, () => createPollingDriver('shortest'));

describeModelPaths('duplicateRevisionPolling model: simple paths (3 attempts)', simplePaths, 40, () => createPollingDriver('simple'));

describe('duplicateRevisionPolling coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(duplicateRevisionPollingMachine);
    for (const path of shortestPaths) await runPath(path, createPollingDriver('shortest', coverage));
    for (const path of simplePaths) await runPath(path, createPollingDriver('simple', coverage));
    const report = coverage.report();
    console.log(formatCoverage('duplicateRevisionPolling', report));
    assertFullCoverage('duplicateRevisionPolling', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly.
// ---------------------------------------------------------------------------------------------------------------

async function runPolling(answer: (attempt: number) => PollTaskOutput, input: PollUntilDoneInput = { location: MODEL_DUPLICATE_HREF }) {
  const clock = new SimulatedClock();
  const pollTimes: number[] = [];
  const actor = createActor(
    duplicateRevisionPollingMachine.provide({
      actors: {
        pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async ({ input: poll }) => {
          pollTimes.push(clock.now());
          return answer(poll.attempt);
        }),
      },
    }),
    { input, clock },
  ).start();
  for (let guard = 0; guard < 1_000 && actor.getSnapshot().status === 'active'; guard++) {
    await flushPromises();
    if (actor.getSnapshot().matches('waiting')) clock.increment(DUPLICATE_POLL_INTERVAL_MS);
  }
  return { snapshot: actor.getSnapshot(), pollTimes };
}

describe('duplicateRevisionPolling spec rules', () => {
  it('gives up after 15 polls one second apart while the duplicate stays pending (spec 01 §9)', async () => {
    expect(POLL_MAX_ATTEMPTS).toBe(15);
    expect(DUPLICATE_POLL_INTERVAL_MS).toBe(1_000);
    const { snapshot, pollTimes } = await runPolling(() => ({ status: 'pending' }));
    expect(pollTimes).toEqual(Array.from({ length: 15 }, (_, i) => i * 1_000));
    expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'pollTimeout', status: 'pending' } });
  });

  it('ends with the result as soon as the status is done (spec 01 §4)', async () => {
    const { snapshot, pollTimes } = await runPolling((attempt) => (attempt < 4 ? { status: 'pending' } : { status: 'done', result: MODEL_DUPLICATE_RESULT }));
    expect(pollTimes).toEqual([0, 1_000, 2_000, 3_000]);
    expect(snapshot.output).toEqual({ status: 'succeeded', result: MODEL_DUPLICATE_RESULT });
  });

  it('treats every status other than pending and done as an error, without polling again (spec 01 §4)', async () => {
    for (const status of ['inProgress', 'notified', 'error', '', 'DONE']) {
      const { snapshot, pollTimes } = await runPolling((attempt) => (attempt === 1 ? { status: 'pending' } : { status }));
      expect(pollTimes).toEqual([0, 1_000]);
      expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'taskFailed', status } });
    }
  });

  it('polls a duplicate followed at its location at once: the built-in createTask answers 201 with it', async () => {
    const { snapshot, pollTimes } = await runPolling(() => ({ status: 'done', result: MODEL_DUPLICATE_RESULT }));
    expect(pollTimes).toEqual([0]);
    expect(snapshot.context).toMatchObject({ location: MODEL_DUPLICATE_HREF, attempts: 1 });
    const created = createActor(duplicateRevisionPollingMachine, { input: { location: MODEL_DUPLICATE_HREF } }).start();
    await flushPromises();
    expect(created.getSnapshot().value).not.toBe('creating');
    expect(TASK_CREATED_STATUS).toBe(201);
  });

  it('fails with requestFailed when the poll request fails or no poll actor is provided', async () => {
    const actor = createActor(duplicateRevisionPollingMachine, { input: { location: MODEL_DUPLICATE_HREF } }).start();
    await flushPromises();
    expect(actor.getSnapshot().output).toMatchObject({ status: 'failed', error: { value: 'requestFailed' } });
  });

  it('accepts only a positive integer poll limit', () => {
    expect(normaliseMaxAttempts(undefined)).toBe(15);
    expect(normaliseMaxAttempts(1)).toBe(1);
    for (const bad of [0, -1, 2.5, Number.NaN]) expect(() => normaliseMaxAttempts(bad)).toThrow(RangeError);
    const snapshot = createActor(duplicateRevisionPollingMachine, { input: { location: MODEL_DUPLICATE_HREF, maxAttempts: 0 } }).getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toBeInstanceOf(RangeError);
  });

  it('is not stopped early by a slow answer: the 1 s wait starts after each answer', async () => {
    const clock = new SimulatedClock();
    const polls = createControlledPromiseActor<PollTaskOutput, PollTaskInput>();
    const actor = createActor(duplicateRevisionPollingMachine.provide({ actors: { pollTask: polls.logic } }), {
      input: { location: MODEL_DUPLICATE_HREF },
      clock,
    }).start();
    await flushPromises();
    clock.increment(5_000);
    expect(actor.getSnapshot().value).toBe('polling');
    polls.current().resolve({ status: 'pending' });
    await flushPromises();
    clock.increment(999);
    expect(polls.invocations).toHaveLength(1);
    clock.increment(1);
    expect(polls.invocations).toHaveLength(2);
  });
});
