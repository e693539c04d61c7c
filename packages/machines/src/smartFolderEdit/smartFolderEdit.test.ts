import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import type { NameEditEvent, NameEditInput, SavedName } from '../nameEdit/nameEdit.factory.ts';
import {
  SMART_FOLDER_EXISTS_MESSAGE,
  SMART_FOLDER_SAME_NAME_MESSAGE,
  smartFolderEditErrorMessage,
  smartFolderEditMachine,
  smartFolderEditProblem,
} from './smartFolderEdit.machine.ts';
import { SMART_FOLDER_EDIT_MODEL_INPUT, smartFolderEditModel } from './smartFolderEdit.model.ts';

const shortestPaths = smartFolderEditModel.testModel('shortest').getShortestPaths();
const simplePaths = smartFolderEditModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<SavedName, NameEditInput>();
  const actor = createActor(smartFolderEditMachine.provide({ actors: { save: saves.logic } }), {
    input: SMART_FOLDER_EDIT_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
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
      for (const { input } of saves.invocations) expect(input).toEqual({ mode: 'create', href: SMART_FOLDER_EDIT_MODEL_INPUT.href, name: input.name.trim() });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
    },
  };
}

describeModelPaths('smartFolderEdit model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('smartFolderEdit model: simple paths', simplePaths, 80, () => createDriver());

describe('smartFolderEdit coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(smartFolderEditMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('smartFolderEdit', report));
    assertFullCoverage('smartFolderEdit', report);
  });

  it('refuses a blank, over-long or unchanged name and sends the name trimmed', async () => {
    expect(smartFolderEditProblem('  ', 'create', '')).toMatch(/name/);
    expect(smartFolderEditProblem('x'.repeat(201), 'create', '')).toMatch(/200/);
    expect(smartFolderEditProblem('Dogs', 'rename', 'Dogs')).toBe(SMART_FOLDER_SAME_NAME_MESSAGE);
    expect(smartFolderEditProblem('Dogs / cats?', 'create', '')).toBeUndefined();
    const saved: NameEditInput[] = [];
    const actor = createActor(
      smartFolderEditMachine.provide({
        actors: {
          save: fromPromise<SavedName, NameEditInput>(async ({ input }) => {
            saved.push(input);
            return { href: '/fotoweb/smartfolders/5000/1', name: input.name };
          }),
        },
      }),
      { input: { mode: 'rename', href: '/fotoweb/smartfolders/5000/1', name: 'Dogs' } },
    ).start();
    actor.send({ type: 'CHANGE', name: '  Hounds ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(saved).toEqual([{ mode: 'rename', href: '/fotoweb/smartfolders/5000/1', name: 'Hounds' }]);
  });

  it('says the name is taken for a 409, the DAM message for another 4xx, the general error otherwise', () => {
    expect(smartFolderEditErrorMessage({ status: 409, responseJSON: { message: 'taken' } })).toBe(SMART_FOLDER_EXISTS_MESSAGE);
    expect(smartFolderEditErrorMessage({ status: 403, responseJSON: { message: 'You need EditSmartFolders.' } })).toBe('You need EditSmartFolders.');
    expect(smartFolderEditErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(smartFolderEditErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
