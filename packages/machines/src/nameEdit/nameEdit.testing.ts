/**
 * The unit tests every name dialog's model shares (issue 13; `nameEdit.model.ts`): its shortest and simple paths run on
 * real actors with a controlled `save`, each step's snapshot checked against the model's, every save sent with the
 * name trimmed; and the coverage of every state and transition across them.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import type { MachineModel } from '../testing/machineModel.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import type { NameEditEvent, NameEditInput, SavedName } from './nameEdit.factory.ts';

/** Lets the promise callbacks of a step run. */
export const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A driver of one path on a real actor of `machine` with `input`, its `save` resolved or rejected as the path says. */
export function createNameEditDriver(machine: AnyStateMachine, input: NameEditInput, coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<SavedName, NameEditInput>();
  const actor = createActor(machine.provide({ actors: { save: saves.logic } }), { input, ...(coverage ? { inspect: coverage.inspect } : {}) });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: SavedName; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else actor.send(event as NameEditEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const sent of saves.invocations) expect(sent.input).toEqual({ mode: input.mode, href: input.href, name: sent.input.name.trim() });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
    },
  };
}

/**
 * Registers the model's shortest paths (at most `maxShortest`) and simple paths (at most `maxSimple`) as tests, and a
 * test that together they reach every state and take every transition of `machine`.
 */
export function describeNameEditModel(model: MachineModel, machine: AnyStateMachine, input: NameEditInput, limits = { maxShortest: 60, maxSimple: 80 }): void {
  const shortestPaths = model.testModel('shortest').getShortestPaths();
  const simplePaths = model.testModel('simple').getSimplePaths();
  describeModelPaths(`${model.name} model: shortest paths`, shortestPaths, limits.maxShortest, () => createNameEditDriver(machine, input));
  describeModelPaths(`${model.name} model: simple paths`, simplePaths, limits.maxSimple, () => createNameEditDriver(machine, input));
  describe(`${model.name} coverage`, () => {
    it('reaches every state and takes every transition across the executed paths', async () => {
      const coverage = createCoverageTracker(machine);
      for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createNameEditDriver(machine, input, coverage));
      const report = coverage.report();
      console.log(formatCoverage(model.name, report));
      assertFullCoverage(model.name, report);
    });
  });
}
