import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import {
  assertFullCoverage,
  createCoverageTracker,
  formatCoverage,
  type CoverageTracker,
} from '../testing/coverage.ts';
import type { PathVariant } from '../testing/machineModel.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  DUPLICATE_POLL_INTERVAL_MS,
  DUPLICATE_POLL_MAX_ATTEMPTS,
  duplicateRevisionPollingMachine,
  normaliseDuplicateMaxAttempts,
  type DuplicateRevisionPollingInput,
  type PollDuplicateInput,
  type PollDuplicateOutput,
} from './duplicateRevisionPolling.machine.ts';
import {
  DUPLICATE_MODEL_INPUTS,
  duplicateRevisionPollingModel,
  MODEL_DUPLICATE_HREF,
  MODEL_DUPLICATE_RESULT,
  MODEL_POLL_FAILURE,
} from './duplicateRevisionPolling.model.ts';

const shortestPaths = duplicateRevisionPollingModel.testModel('shortest').getShortestPaths();
const simplePaths = duplicateRevisionPollingModel.testModel('simple').getSimplePaths();

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createPollingDriver(variant: PathVariant, coverage?: CoverageTracker): PathDriver {
  const input = DUPLICATE_MODEL_INPUTS[variant];
  const polls = createControlledPromiseActor<PollDuplicateOutput, PollDuplicateInput>();
  const clock = new SimulatedClock();
  const actor = createActor(duplicateRevisionPollingMachine.provide({ actors: { pollDuplicate: polls.logic } }), {
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
      const record = event as EventObject & { output?: PollDuplicateOutput; error?: unknown };
      if (event.type === 'xstate.done.actor.pollDuplicate') polls.current().resolve(record.output as PollDuplicateOutput);
      else if (event.type === 'xstate.error.actor.pollDuplicate') polls.current().reject(record.error);
      else if (event.type === 'xstate.after.retryDelay.duplicateRevisionPolling.waiting') {
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

      // Invariants: at most maxAttempts polls, one per attempt, 1 s apart; no stray timer.
      expect(context.attempts).toBeGreaterThanOrEqual(1);
      expect(context.attempts).toBeLessThanOrEqual(context.maxAttempts);
      expect(polls.invocations).toHaveLength(context.attempts);
      expect(polls.invocations.map((poll) => poll.input)).toEqual(
        polls.invocations.map((_, i) => ({ href: MODEL_DUPLICATE_HREF, attempt: i + 1 })),
      );
      expect(pollTimes.slice(0, context.attempts)).toEqual(
        Array.from({ length: context.attempts }, (_, i) => i * DUPLICATE_POLL_INTERVAL_MS),
      );
      expect(clock.now()).toBe(waitedMs);
      expect(pendingTimers(clock)).toBe(snapshot.matches('waiting') ? 1 : 0);

      switch (snapshot.value) {
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
        case 'done':
          expect(snapshot.status).toBe('done');
          expect(context.lastStatus).toBe('done');
          expect(snapshot.output).toEqual({ status: 'done', result: MODEL_DUPLICATE_RESULT });
          break;
        case 'failed': {
          expect(snapshot.status).toBe('done');
          const { error } = context;
          expect(snapshot.output).toEqual({ status: 'failed', error });
          expect(polls.pending()).toHaveLength(0);
          if (error?.value === 'pollTimeout') {
            expect(context.attempts).toBe(context.maxAttempts);
            expect(context.lastStatus).toBe('pending');
          } else if (error?.value === 'duplicateFailed') {
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

async function runPolling(answer: (attempt: number) => PollDuplicateOutput, input: DuplicateRevisionPollingInput = { href: MODEL_DUPLICATE_HREF }) {
  const clock = new SimulatedClock();
  const pollTimes: number[] = [];
  const actor = createActor(
    duplicateRevisionPollingMachine.provide({
      actors: {
        pollDuplicate: fromPromise<PollDuplicateOutput, PollDuplicateInput>(async ({ input: poll }) => {
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
    expect(DUPLICATE_POLL_MAX_ATTEMPTS).toBe(15);
    expect(DUPLICATE_POLL_INTERVAL_MS).toBe(1_000);
    const { snapshot, pollTimes } = await runPolling(() => ({ status: 'pending' }));
    expect(pollTimes).toEqual(Array.from({ length: 15 }, (_, i) => i * 1_000));
    expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'pollTimeout', status: 'pending' } });
  });

  it('ends with the result as soon as the status is done (spec 01 §4)', async () => {
    const { snapshot, pollTimes } = await runPolling((attempt) =>
      attempt < 4 ? { status: 'pending' } : { status: 'done', result: MODEL_DUPLICATE_RESULT },
    );
    expect(pollTimes).toEqual([0, 1_000, 2_000, 3_000]);
    expect(snapshot.output).toEqual({ status: 'done', result: MODEL_DUPLICATE_RESULT });
  });

  it('treats every status other than pending and done as an error, without polling again (spec 01 §4)', async () => {
    for (const status of ['inProgress', 'notified', 'error', '', 'DONE']) {
      const { snapshot, pollTimes } = await runPolling((attempt) => (attempt === 1 ? { status: 'pending' } : { status }));
      expect(pollTimes).toEqual([0, 1_000]);
      expect(snapshot.output).toMatchObject({ status: 'failed', error: { value: 'duplicateFailed', status } });
    }
  });

  it('fails with requestFailed when the poll request fails or no poll actor is provided', async () => {
    const actor = createActor(duplicateRevisionPollingMachine, { input: { href: MODEL_DUPLICATE_HREF } }).start();
    await flushPromises();
    expect(actor.getSnapshot().output).toMatchObject({ status: 'failed', error: { value: 'requestFailed' } });
  });

  it('accepts only a positive integer poll limit', () => {
    expect(normaliseDuplicateMaxAttempts(undefined)).toBe(15);
    expect(normaliseDuplicateMaxAttempts(1)).toBe(1);
    for (const bad of [0, -1, 2.5, Number.NaN]) expect(() => normaliseDuplicateMaxAttempts(bad)).toThrow(RangeError);
    const snapshot = createActor(duplicateRevisionPollingMachine, { input: { href: MODEL_DUPLICATE_HREF, maxAttempts: 0 } }).getSnapshot();
    expect(snapshot.status).toBe('error');
    expect(snapshot.error).toBeInstanceOf(RangeError);
  });

  it('is not stopped early by a slow answer: the 1 s wait starts after each answer', async () => {
    const clock = new SimulatedClock();
    const polls = createControlledPromiseActor<PollDuplicateOutput, PollDuplicateInput>();
    const actor = createActor(duplicateRevisionPollingMachine.provide({ actors: { pollDuplicate: polls.logic } }), {
      input: { href: MODEL_DUPLICATE_HREF },
      clock,
    }).start();
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
