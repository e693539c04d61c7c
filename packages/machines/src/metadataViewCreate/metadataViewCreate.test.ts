import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  METADATA_VIEW_NAME_REQUIRED,
  metadataViewCreateErrorMessage,
  metadataViewCreateMachine,
  metadataViewNameProblem,
  type CreatedMetadataView,
  type MetadataViewCreateCall,
  type MetadataViewCreateEvent,
} from './metadataViewCreate.machine.ts';
import { METADATA_VIEW_CREATE_MODEL_INPUT, metadataViewCreateModel } from './metadataViewCreate.model.ts';

const shortestPaths = metadataViewCreateModel.testModel('shortest').getShortestPaths();
const simplePaths = metadataViewCreateModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const creates = createControlledPromiseActor<CreatedMetadataView, MetadataViewCreateCall>();
  const actor = createActor(metadataViewCreateMachine.provide({ actors: { createView: creates.logic } }), {
    input: METADATA_VIEW_CREATE_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: CreatedMetadataView; error?: unknown };
      if (event.type === 'xstate.done.actor.createView') creates.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.createView') creates.current().reject(payload.error);
      else actor.send(event as MetadataViewCreateEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of creates.invocations) expect(input.name).toBe(input.name.trim());
      expect(creates.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
    },
  };
}

describeModelPaths('metadataViewCreate model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('metadataViewCreate model: simple paths', simplePaths, 80, () => createDriver());

describe('metadataViewCreate coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(metadataViewCreateMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('metadataViewCreate', report));
    assertFullCoverage('metadataViewCreate', report);
  });

  it('needs a name of at most 256 characters, and says the DAM reason for a 4xx', () => {
    expect(metadataViewNameProblem('  ')).toBe(METADATA_VIEW_NAME_REQUIRED);
    expect(metadataViewNameProblem('x'.repeat(257))).toMatch(/256/);
    expect(metadataViewNameProblem(' News ')).toBeUndefined();
    expect(metadataViewCreateErrorMessage({ status: 403, responseJSON: { message: 'You need manageSettings.' } })).toBe('You need manageSettings.');
    expect(metadataViewCreateErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
