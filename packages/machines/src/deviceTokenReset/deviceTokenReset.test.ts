import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  DEVICE_TOKENS_FORBIDDEN,
  DEVICE_TOKENS_SPINNER_MS,
  deviceTokenResetErrorMessage,
  deviceTokenResetMachine,
  type DeviceTokenResetInput,
} from './deviceTokenReset.machine.ts';
import { DEVICE_TOKENS_MODEL_INPUT, deviceTokenResetModel } from './deviceTokenReset.model.ts';

const shortestPaths = deviceTokenResetModel.testModel('shortest').getShortestPaths();
const simplePaths = deviceTokenResetModel.testModel('simple').getSimplePaths();

function createDriver(coverage?: CoverageTracker): PathDriver {
  const resets = createControlledPromiseActor<unknown, DeviceTokenResetInput>();
  return createPromiseActorDriver(
    {
      machine: deviceTokenResetMachine,
      input: DEVICE_TOKENS_MODEL_INPUT,
      actors: [{ name: 'resetTokens', controlled: resets, invokingState: 'resetting' }],
      // The spinner stays exactly 700 ms (spec 03 §9): not a millisecond less.
      delay: { ms: DEVICE_TOKENS_SPINNER_MS, state: 'settling' },
      afterEvent(event, snapshot) {
        if (event.type === 'xstate.error.actor.resetTokens') expect(snapshot.context.error).toBe(deviceTokenResetErrorMessage((event as unknown as { error?: unknown }).error));
      },
      verify() {
        for (const { input } of resets.invocations) expect(input).toEqual(DEVICE_TOKENS_MODEL_INPUT);
      },
    },
    coverage,
  );
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
