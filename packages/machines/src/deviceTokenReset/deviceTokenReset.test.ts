import { createActor, SimulatedClock, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  DEVICE_TOKENS_FORBIDDEN,
  DEVICE_TOKENS_SPINNER_MS,
  deviceTokenResetErrorMessage,
  deviceTokenResetMachine,
  type DeviceTokenResetEvent,
  type DeviceTokenResetInput,
} from './deviceTokenReset.machine.ts';
import { DEVICE_TOKENS_MODEL_INPUT, deviceTokenResetModel } from './deviceTokenReset.model.ts';

const shortestPaths = deviceTokenResetModel.testModel('shortest').getShortestPaths();
const simplePaths = deviceTokenResetModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const resets = createControlledPromiseActor<unknown, DeviceTokenResetInput>();
  const clock = new SimulatedClock();
  const actor = createActor(deviceTokenResetMachine.provide({ actors: { resetTokens: resets.logic } }), {
    input: DEVICE_TOKENS_MODEL_INPUT,
    clock,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { error?: unknown };
      if (event.type === 'xstate.done.actor.resetTokens') resets.current().resolve(null);
      else if (event.type === 'xstate.error.actor.resetTokens') resets.current().reject(payload.error);
      else if (event.type.startsWith('xstate.after.')) {
        // The spinner stays exactly 700 ms (spec 03 §9): not a millisecond less.
        clock.increment(DEVICE_TOKENS_SPINNER_MS - 1);
        expect(actor.getSnapshot().value).toBe('settling');
        clock.increment(1);
      } else actor.send(event as DeviceTokenResetEvent);
      await flushPromises();
      if (event.type === 'xstate.error.actor.resetTokens') expect(actor.getSnapshot().context.error).toBe(deviceTokenResetErrorMessage(payload.error));
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of resets.invocations) expect(input).toEqual(DEVICE_TOKENS_MODEL_INPUT);
      expect(resets.pending()).toHaveLength(snapshot.matches('resetting') ? 1 : 0);
    },
  };
}

describeModelPaths('deviceTokenReset model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('deviceTokenReset model: simple paths', simplePaths, 60, () => createDriver());

describe('deviceTokenReset coverage and texts', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(deviceTokenResetMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('deviceTokenReset', report));
    assertFullCoverage('deviceTokenReset', report);
  });

  it('says the DAM reason for a 403, the general error otherwise', () => {
    expect(deviceTokenResetErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'Not you.' } })).toBe('Not you.');
    expect(deviceTokenResetErrorMessage({ status: 403, responseJSON: null })).toBe(DEVICE_TOKENS_FORBIDDEN);
    expect(deviceTokenResetErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(deviceTokenResetErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
