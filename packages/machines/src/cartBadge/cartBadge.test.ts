import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { cartBadgeMachine, CART_COUNT_FAILED_MESSAGE, CART_NOTICE_MS, toCartCount, type LoadCartCountInput } from './cartBadge.machine.ts';
import { cartBadgeModel, CART_BADGE_MODEL_INPUT, MODEL_CART_HREF, MODEL_COUNT_FAILURE } from './cartBadge.model.ts';

const shortestPaths = cartBadgeModel.testModel('shortest').getShortestPaths();
const simplePaths = cartBadgeModel.testModel('simple').getSimplePaths();

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray or doubled `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createBadgeDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<number, LoadCartCountInput>();
  const clock = new SimulatedClock();
  const actor = createActor(cartBadgeMachine.provide({ actors: { loadCount: loads.logic } }), {
    input: CART_BADGE_MODEL_INPUT,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** Clock time of the add that (re)started the notice. */
  let noticeSince: number | undefined;
  /** Outcome of the last settled load: the count, or `failed`. */
  let lastOutcome: number | 'failed' | undefined;

  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'ADDED_TO_CART': {
          const before = loads.invocations.length;
          actor.send({ type: 'ADDED_TO_CART' });
          noticeSince = clock.now();
          // Every add reloads the count (a running load is replaced).
          expect(loads.invocations).toHaveLength(before + 1);
          break;
        }
        case 'REFRESH': {
          const running = loads.pending();
          actor.send({ type: 'REFRESH' });
          // A refresh replaces a running load: the old request is aborted, one new request runs.
          for (const old of running) expect(old.signal.aborted).toBe(true);
          expect(loads.pending()).toHaveLength(1);
          break;
        }
        case 'xstate.done.actor.loadCount':
          lastOutcome = toCartCount(record.output) ?? 'failed';
          loads.current().resolve(record.output as number);
          break;
        case 'xstate.error.actor.loadCount':
          lastOutcome = 'failed';
          loads.current().reject(record.error);
          break;
        default: {
          expect(event.type).toBe('xstate.after.cartNotice.cartBadge.notice.shown');
          // The notice must stay exactly 2 s after the latest add: still shown 1 ms before, hidden on time.
          const remaining = (noticeSince ?? 0) + CART_NOTICE_MS - clock.now();
          expect(remaining).toBe(CART_NOTICE_MS);
          clock.increment(remaining - 1);
          expect(actor.getSnapshot().matches({ notice: 'shown' })).toBe(true);
          clock.increment(1);
          noticeSince = undefined;
        }
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      if (context.count !== undefined) expect(toCartCount(context.count)).toBe(context.count);
      if (snapshot.matches({ count: 'loading' })) {
        expect(loads.current().input).toEqual({ cartHref: MODEL_CART_HREF });
      } else {
        expect(loads.pending()).toHaveLength(0);
        // After a load, the badge shows its count, or keeps the last one and says why.
        if (lastOutcome === 'failed') {
          expect(context.loadError).toMatchObject({ value: 'countFailed', message: CART_COUNT_FAILED_MESSAGE });
        } else {
          expect(context.loadError).toBeUndefined();
          expect(context.count).toBe(lastOutcome);
        }
      }
      // The notice shows only within 2 s of an add, with exactly one timer; hidden leaves no timer behind.
      if (snapshot.matches({ notice: 'shown' })) {
        expect(noticeSince).toBeDefined();
        expect(clock.now() - (noticeSince ?? 0)).toBeLessThan(CART_NOTICE_MS);
        expect(pendingTimers(clock)).toBe(1);
      } else {
        expect(pendingTimers(clock)).toBe(0);
      }
    },
  };
}

describeModelPaths('cartBadge model: shortest paths', shortestPaths, 80, () => createBadgeDriver());

describeModelPaths('cartBadge model: simple paths', simplePaths, 400, () => createBadgeDriver());

describe('cartBadge coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(cartBadgeMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createBadgeDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('cartBadge', report));
    assertFullCoverage('cartBadge', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly.
// ---------------------------------------------------------------------------------------------------------------

function startBadge(count: (call: number) => Promise<number>) {
  const clock = new SimulatedClock();
  let calls = 0;
  const actor = createActor(
    cartBadgeMachine.provide({
      actors: { loadCount: fromPromise<number, LoadCartCountInput>(() => count(++calls)) },
    }),
    { input: { cartHref: MODEL_CART_HREF, count: 1 }, clock },
  ).start();
  return { actor, clock, calls: () => calls };
}

describe('cartBadge spec rules', () => {
  it('shows "added to cart" for 2 s (spec 02 §4, §9)', async () => {
    expect(CART_NOTICE_MS).toBe(2_000);
    const { actor, clock } = startBadge(async (call) => call);
    actor.send({ type: 'ADDED_TO_CART' });
    clock.increment(1_999);
    expect(actor.getSnapshot().matches({ notice: 'shown' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ notice: 'hidden' })).toBe(true);
  });

  it('restarts the 2 s when another add happens while the notice shows', () => {
    const { actor, clock } = startBadge(async (call) => call);
    actor.send({ type: 'ADDED_TO_CART' });
    clock.increment(1_500);
    actor.send({ type: 'ADDED_TO_CART' });
    clock.increment(1_999);
    expect(actor.getSnapshot().matches({ notice: 'shown' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ notice: 'hidden' })).toBe(true);
  });

  it('reloads the count after each add and keeps the newest answer', async () => {
    const { actor, calls } = startBadge(async (call) => call * 10);
    expect(actor.getSnapshot().context.count).toBe(1); // the count given as input, until the first answer
    await flushPromises();
    expect(actor.getSnapshot().context.count).toBe(10);
    actor.send({ type: 'ADDED_TO_CART' });
    await flushPromises();
    expect(calls()).toBe(2);
    expect(actor.getSnapshot().context.count).toBe(20);
  });

  it('keeps the last count and records the failure when the count cannot be read', async () => {
    const { actor } = startBadge(async (call) => {
      if (call > 1) throw MODEL_COUNT_FAILURE;
      return 7;
    });
    await flushPromises();
    actor.send({ type: 'REFRESH' });
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({
      count: 7,
      loadError: { value: 'countFailed', cause: MODEL_COUNT_FAILURE },
    });
  });

  it('accepts only non-negative integer counts', () => {
    expect(toCartCount(0)).toBe(0);
    expect(toCartCount(12)).toBe(12);
    for (const bad of [-1, 1.5, Number.NaN, '3', null, undefined]) expect(toCartCount(bad)).toBeUndefined();
  });

  it('records a failure when no count loader is provided', async () => {
    const actor = createActor(cartBadgeMachine, { input: CART_BADGE_MODEL_INPUT }).start();
    await flushPromises();
    expect(actor.getSnapshot().context.loadError?.value).toBe('countFailed');
  });
});
