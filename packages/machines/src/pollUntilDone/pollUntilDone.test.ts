import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  BACKGROUND_JOB_MODEL_INPUT,
  MODEL_LOCATION as LOCATION,
  MODEL_OFFLINE as OFFLINE,
  MODEL_RESULT as RESULT,
  MODEL_TASK as TASK,
  pollUntilDoneModel,
} from './pollUntilDone.model.ts';
import {
  pollIntervalFor,
  POLL_DEFAULT_INTERVAL_MS,
  POLL_MAX_ATTEMPTS,
  pollUntilDoneMachine,
  type CreateTaskInput,
  type CreateTaskOutput,
  type PollTaskInput,
  type PollTaskOutput,
  type PollUntilDoneInput,
} from './pollUntilDone.machine.ts';

// Spelled out rather than imported from the machine, so the invariants check the machine against spec 01 §4.
const RUNNING: ReadonlySet<string> = new Set(['pending', 'inProgress']);
const FINISHED: ReadonlySet<string> = new Set(['done', 'notified']);

// ---------------------------------------------------------------------------------------------------------------
// The model (pollUntilDone.model.ts): invocations and the pollInterval delay become plain events.
// ---------------------------------------------------------------------------------------------------------------

/** Shortest paths with the spec's limit of 15 attempts (spec 01 §9). */
const SPEC_INPUT: PollUntilDoneInput = BACKGROUND_JOB_MODEL_INPUT.shortest;
const shortestPaths = pollUntilDoneModel.testModel('shortest').getShortestPaths();

/** Simple paths with a limit of 3 attempts: every order of running outcomes, while staying bounded (2^n growth). */
const SMALL_INPUT: PollUntilDoneInput = BACKGROUND_JOB_MODEL_INPUT.simple;
const simplePaths = pollUntilDoneModel.testModel('simple').getSimplePaths();

// ---------------------------------------------------------------------------------------------------------------
// The system under test: a real actor with controlled createTask/pollTask actors and a simulated clock.
// ---------------------------------------------------------------------------------------------------------------

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createJobDriver(input: PollUntilDoneInput, coverage?: CoverageTracker): PathDriver {
  const creates = createControlledPromiseActor<CreateTaskOutput, CreateTaskInput>();
  const polls = createControlledPromiseActor<PollTaskOutput, PollTaskInput>();
  const clock = new SimulatedClock();
  const actor = createActor(pollUntilDoneMachine.provide({ actors: { createTask: creates.logic, pollTask: polls.logic } }), {
    input,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let waitedMs = 0;
  let createdStatus: number | undefined;
  let lastProgress: unknown;

  return {
    async exec(event) {
      const { type } = event;
      const payload = event as unknown as { output?: never; error?: unknown };
      if (type === 'xstate.done.actor.createTask') {
        const output = payload.output as unknown as CreateTaskOutput;
        createdStatus = output.status;
        creates.current().resolve(output);
      } else if (type === 'xstate.error.actor.createTask') creates.current().reject(payload.error);
      else if (type === 'xstate.done.actor.pollTask') {
        const output = payload.output as unknown as PollTaskOutput;
        lastProgress = output.progress ?? lastProgress;
        polls.current().resolve(output as never);
      } else if (type === 'xstate.error.actor.pollTask') polls.current().reject(payload.error);
      else if (type.startsWith('xstate.after.pollInterval.')) {
        // The next poll must wait exactly the job's frequency: nothing 1 ms early, the poll right on time.
        const { pollIntervalMs } = actor.getSnapshot().context;
        const pollsBefore = polls.invocations.length;
        clock.increment(pollIntervalMs - 1);
        await flushPromises();
        expect(actor.getSnapshot().value).toBe('waiting');
        expect(polls.invocations).toHaveLength(pollsBefore);
        clock.increment(1);
        waitedMs += pollIntervalMs;
      } else {
        throw new Error(`pollUntilDone has no external events, got ${type}`);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      expect(context.attempts).toBeGreaterThanOrEqual(0);
      expect(context.attempts).toBeLessThanOrEqual(context.maxAttempts);
      expect(polls.invocations).toHaveLength(context.attempts);
      expect(clock.now()).toBe(waitedMs);
      expect(pendingTimers(clock)).toBe(snapshot.matches('waiting') ? 1 : 0);
      // The progress bar shows the latest progress any poll reported.
      expect(context.progress).toEqual(lastProgress);
      if (context.progress) expect(context.progress.done).toBeLessThanOrEqual(context.progress.total);
      // spec 01 §4: only a 201 answer with a location leads to polling.
      if (context.location !== undefined) expect(createdStatus).toBe(201);

      switch (snapshot.value) {
        case 'creating':
          expect(creates.current().input).toEqual({ task: input.task });
          break;
        case 'polling':
          expect(polls.current().input).toEqual({ location: LOCATION, attempt: context.attempts });
          break;
        case 'waiting':
          expect(context.attempts).toBeLessThan(context.maxAttempts);
          expect(RUNNING.has(context.lastStatus ?? '')).toBe(true);
          expect(context.pollIntervalMs).toBeGreaterThan(0);
          expect(creates.pending().length + polls.pending().length).toBe(0);
          break;
        case 'succeeded':
          expect(snapshot.status).toBe('done');
          expect(FINISHED.has(context.lastStatus ?? '')).toBe(true);
          expect(snapshot.output).toEqual({ status: 'succeeded', result: RESULT });
          break;
        case 'failed': {
          expect(snapshot.status).toBe('done');
          const error = context.error;
          expect(snapshot.output).toEqual({ status: 'failed', error });
          if (error?.value === 'taskNotCreated') expect(context.attempts).toBe(0);
          if (error?.value === 'pollTimeout') {
            expect(context.attempts).toBe(context.maxAttempts);
            expect(RUNNING.has(context.lastStatus ?? '')).toBe(true);
          }
          if (error?.value === 'taskFailed') expect(RUNNING.has(context.lastStatus ?? '') || FINISHED.has(context.lastStatus ?? '')).toBe(false);
          if (error?.value === 'requestFailed') expect(error.cause).toBe(OFFLINE);
          break;
        }
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  };
}

describeModelPaths('pollUntilDone model (background job): shortest paths (15 attempts, spec 01 §9)', shortestPaths, 60, () => createJobDriver(SPEC_INPUT));

describeModelPaths('pollUntilDone model (background job): simple paths (3 attempts)', simplePaths, 60, () => createJobDriver(SMALL_INPUT));

describe('pollUntilDone coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(pollUntilDoneMachine);
    for (const path of shortestPaths) await runPath(path, createJobDriver(SPEC_INPUT, coverage));
    for (const path of simplePaths) await runPath(path, createJobDriver(SMALL_INPUT, coverage));
    const report = coverage.report();
    console.log(formatCoverage('pollUntilDone', report));
    assertFullCoverage('pollUntilDone', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec constants and edge cases, stated directly.
// ---------------------------------------------------------------------------------------------------------------

async function runJob(answers: { create: CreateTaskOutput; polls: (attempt: number) => PollTaskOutput }, input: PollUntilDoneInput = SPEC_INPUT) {
  const clock = new SimulatedClock();
  const pollTimes: number[] = [];
  const actor = createActor(
    pollUntilDoneMachine.provide({
      actors: {
        createTask: fromPromise<CreateTaskOutput, CreateTaskInput>(async () => answers.create),
        pollTask: fromPromise<PollTaskOutput, PollTaskInput>(async ({ input: poll }) => {
          pollTimes.push(clock.now());
          return answers.polls(poll.attempt);
        }),
      },
    }),
    { input, clock },
  ).start();
  for (let guard = 0; guard < 1_000 && actor.getSnapshot().status === 'active'; guard++) {
    await flushPromises();
    if (actor.getSnapshot().matches('waiting')) clock.increment(actor.getSnapshot().context.pollIntervalMs);
  }
  return { snapshot: actor.getSnapshot(), pollTimes };
}

describe('pollUntilDone spec rules (background job)', () => {
  it('gives up after 15 polls one second apart (spec 01 §9)', async () => {
    expect(POLL_MAX_ATTEMPTS).toBe(15);
    expect(POLL_DEFAULT_INTERVAL_MS).toBe(1_000);
    const { snapshot, pollTimes } = await runJob({
      create: { status: 201, location: LOCATION },
      polls: () => ({ status: 'pending' }),
    });
    expect(pollTimes).toEqual(Array.from({ length: 15 }, (_, i) => i * 1_000));
    expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'pollTimeout' } });
  });

  it("waits the job's updates.frequency between polls (spec 01 §4)", async () => {
    const { snapshot, pollTimes } = await runJob({
      create: { status: 201, location: LOCATION },
      polls: (attempt) => (attempt < 3 ? { status: 'inProgress', updates: { frequency: 2_500 } } : { status: 'done', result: RESULT }),
    });
    expect(pollTimes).toEqual([0, 2_500, 5_000]);
    expect(snapshot.output).toEqual({ status: 'succeeded', result: RESULT });
  });

  it('falls back to 1000 ms for a missing, zero, negative or non-finite frequency', () => {
    expect(pollIntervalFor({ status: 'pending' })).toBe(1_000);
    expect(pollIntervalFor({ status: 'pending', updates: {} })).toBe(1_000);
    for (const frequency of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(pollIntervalFor({ status: 'pending', updates: { frequency } })).toBe(1_000);
    }
    expect(pollIntervalFor({ status: 'pending', updates: { frequency: 300 } })).toBe(300);
  });

  it('fails with taskNotCreated unless creation answers 201 with a location (spec 01 §4)', async () => {
    for (const create of [{ status: 200, location: LOCATION }, { status: 201 }, { status: 201, location: '' }]) {
      const { snapshot, pollTimes } = await runJob({ create, polls: () => ({ status: 'done' }) });
      expect(pollTimes).toEqual([]);
      expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'taskNotCreated', status: create.status } });
    }
  });

  it('rejects a maxAttempts that is not a positive integer (the actor is in error, nothing is created)', () => {
    for (const maxAttempts of [0, -1, 2.5]) {
      const snapshot = createActor(pollUntilDoneMachine, { input: { task: TASK, maxAttempts } }).getSnapshot();
      expect(snapshot.status).toBe('error');
      expect(snapshot.error).toBeInstanceOf(RangeError);
    }
  });

  it('fails with requestFailed when no actors are provided', async () => {
    const actor = createActor(pollUntilDoneMachine, { input: SPEC_INPUT }).start();
    await flushPromises();
    expect(actor.getSnapshot().output).toMatchObject({ status: 'failed', error: { value: 'requestFailed' } });
  });
});
