import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { PIN_LIMIT_NOTICE, pinErrorMessage, pinLimitMessage, pinsMachine, type PinsAnswer, type PinsSaveAnswer, type PinsSaveInput } from './pins.machine.ts';
import { PINS_MODEL_INPUT, PINS_MODEL_LIMIT, PINS_MODEL_TARGETS, pinsModel } from './pins.model.ts';

const shortestPaths = pinsModel.testModel('shortest').getShortestPaths();
const simplePaths = pinsModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<PinsAnswer, { href: string }>();
  const saves = createControlledPromiseActor<PinsSaveAnswer, PinsSaveInput>();
  return createPromiseActorDriver(
    {
      machine: pinsMachine,
      input: PINS_MODEL_INPUT,
      actors: [
        { name: 'loadPins', controlled: loads, invokingState: 'loading' },
        { name: 'savePins', controlled: saves, invokingState: 'saving' },
      ],
      verify() {
        for (const { input } of loads.invocations) expect(input).toEqual({ href: PINS_MODEL_INPUT.href });
        for (const { input } of saves.invocations) expect(input.href).toBe(PINS_MODEL_INPUT.href);
      },
    },
    coverage,
  );
}

describeModelPaths('pins model: shortest paths', shortestPaths, 80, () => createDriver());

describeModelPaths('pins model: simple paths', simplePaths, 80, () => createDriver());

describe('pins coverage and texts', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(pinsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('pins', report));
    assertFullCoverage('pins', report);
  });

  it('pins what is not pinned and unpins what is, and names the pin limit pinLimit (spec 01 §4, §8)', async () => {
    const saved: PinsSaveInput[] = [];
    // Real promise actors: the asset is pinned, the folder is refused at the limit.
    const pinned = [PINS_MODEL_TARGETS.asset];
    const live = createActor(
      pinsMachine.provide({
        actors: {
          loadPins: fromPromise<PinsAnswer, { href: string }>(async () => ({ data: pinned, limit: PINS_MODEL_LIMIT })),
          savePins: fromPromise<PinsSaveAnswer, PinsSaveInput>(async ({ input }) => {
            saved.push(input);
            return { data: pinned, limit: PINS_MODEL_LIMIT, added: 0 };
          }),
        },
      }),
      { input: PINS_MODEL_INPUT },
    ).start();
    await flushPromises();
    live.send({ type: 'TOGGLE', target: PINS_MODEL_TARGETS.folder.href });
    await flushPromises();
    expect(saved).toEqual([{ href: PINS_MODEL_INPUT.href, target: PINS_MODEL_TARGETS.folder.href, pin: true }]);
    expect(live.getSnapshot().context.notice).toEqual({ name: PIN_LIMIT_NOTICE, message: pinLimitMessage(PINS_MODEL_LIMIT) });
    live.send({ type: 'TOGGLE', target: PINS_MODEL_TARGETS.asset.href });
    await flushPromises();
    expect(saved[1]).toEqual({ href: PINS_MODEL_INPUT.href, target: PINS_MODEL_TARGETS.asset.href, pin: false });
    // An unpin that answers no `added` is no limit.
    expect(live.getSnapshot().context.notice).toBeUndefined();
    live.stop();
  });

  it('says the DAM message for a 4xx, Access denied for 401 and the general error otherwise', () => {
    expect(pinErrorMessage({ status: 404, responseJSON: { value: 'NotFound', message: 'The asset was not found.' } })).toBe('The asset was not found.');
    expect(pinErrorMessage({ status: 401, responseJSON: null })).toBe('Access denied');
    expect(pinErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(pinErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
    expect(pinLimitMessage(200)).toContain('200');
  });
});
