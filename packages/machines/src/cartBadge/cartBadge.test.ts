import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  cartAddErrorMessage,
  cartBadgeMachine,
  CART_ADD_FORBIDDEN_MESSAGE,
  CART_COUNT_FAILED_MESSAGE,
  CART_FULL_MESSAGE,
  CART_NOTICE_MS,
  toCartCount,
  type AddToCartInput,
  type LoadCartCountInput,
} from './cartBadge.machine.ts';
import { cartBadgeModel, CART_BADGE_MODEL_INPUT, MODEL_ADD_FORBIDDEN, MODEL_ADDED_ASSETS, MODEL_CART_FULL, MODEL_CART_HREF, MODEL_COUNT_FAILURE } from './cartBadge.model.ts';

const shortestPaths = cartBadgeModel.testModel('shortest').getShortestPaths();
const simplePaths = cartBadgeModel.testModel('simple').getSimplePaths();

function pendingTimers(clock: SimulatedClock): number {
  // SimulatedClock keeps its timers private; the count is the cheapest way to catch a stray or doubled `after`.
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function createBadgeDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<number, LoadCartCountInput>();
  const adds = createControlledPromiseActor<void, AddToCartInput>();
  const clock = new SimulatedClock();
  const actor = createActor(cartBadgeMachine.provide({ actors: { loadCount: loads.logic, addToCart: adds.logic } }), {
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
  /** What the last settled add rejected with, or `added`. */
  let lastAdd: 'added' | unknown;

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
        case 'ADD': {
          const before = adds.invocations.length;
          actor.send(event as EventObject & { type: 'ADD'; assets: string[] });
          // One POST of the selection to the cart, and the last refusal forgotten.
          expect(adds.invocations).toHaveLength(before + 1);
          expect(adds.current().input).toEqual({ cartHref: MODEL_CART_HREF, assets: MODEL_ADDED_ASSETS });
          expect(actor.getSnapshot().context.addError).toBeUndefined();
          break;
        }
        case 'xstate.done.actor.addToCart': {
          const before = loads.invocations.length;
          adds.current().resolve();
          await flushPromises();
          // Added: the notice (re)starts its 2 s and the count is read again.
          noticeSince = clock.now();
          expect(loads.invocations).toHaveLength(before + 1);
          lastAdd = 'added';
          break;
        }
        case 'xstate.error.actor.addToCart':
          lastAdd = record.error;
          adds.current().reject(record.error);
          break;
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
      // One add at a time, of the selection; a refusal says why and names what was not added.
      if (snapshot.matches({ adding: 'adding' })) {
        expect(adds.pending()).toHaveLength(1);
        expect(context.adding).toEqual(MODEL_ADDED_ASSETS);
      } else {
        expect(adds.pending()).toHaveLength(0);
        expect(context.adding).toEqual([]);
        if (lastAdd === undefined || lastAdd === 'added') expect(context.addError).toBeUndefined();
        else expect(context.addError).toEqual({ value: 'addFailed', message: cartAddErrorMessage(lastAdd), cause: lastAdd, assets: MODEL_ADDED_ASSETS });
      }
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

describeModelPaths('cartBadge model: shortest paths', shortestPaths, 200, () => createBadgeDriver());

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

  it('says why an add was refused (dam.yaml addToCart)', () => {
    expect(cartAddErrorMessage(MODEL_CART_FULL)).toBe(CART_FULL_MESSAGE);
    expect(cartAddErrorMessage(MODEL_ADD_FORBIDDEN)).toBe(MODEL_ADD_FORBIDDEN.responseJSON.message);
    expect(cartAddErrorMessage({ status: 403, responseJSON: null })).toBe(CART_ADD_FORBIDDEN_MESSAGE);
    expect(cartAddErrorMessage({ status: 404, responseJSON: { message: 'No such asset.' } })).toBe('No such asset.');
    expect(cartAddErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(cartAddErrorMessage(new TypeError('Failed to fetch'))).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it('adds one selection at a time and ignores an empty one', async () => {
    const added: AddToCartInput[] = [];
    const actor = createActor(
      cartBadgeMachine.provide({
        actors: {
          loadCount: fromPromise<number, LoadCartCountInput>(async () => added.length),
          addToCart: fromPromise<void, AddToCartInput>(async ({ input }) => void added.push(input)),
        },
      }),
      { input: CART_BADGE_MODEL_INPUT },
    ).start();
    actor.send({ type: 'ADD', assets: [] });
    expect(actor.getSnapshot().matches({ adding: 'idle' })).toBe(true);
    actor.send({ type: 'ADD', assets: ['a'] });
    actor.send({ type: 'ADD', assets: ['b'] });
    await flushPromises();
    await flushPromises();
    expect(added).toEqual([{ cartHref: MODEL_CART_HREF, assets: ['a'] }]);
    expect(actor.getSnapshot().matches({ notice: 'shown', adding: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.count).toBe(1);
  });

  it('records a failure when no count loader is provided', async () => {
    const actor = createActor(cartBadgeMachine, { input: CART_BADGE_MODEL_INPUT }).start();
    await flushPromises();
    expect(actor.getSnapshot().context.loadError?.value).toBe('countFailed');
  });
});
