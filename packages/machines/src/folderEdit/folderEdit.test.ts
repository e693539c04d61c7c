import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FILENAME_MESSAGE } from '@magpie/api-types/names';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  FOLDER_EXISTS_MESSAGE,
  FOLDER_SAME_NAME_MESSAGE,
  folderEditErrorMessage,
  folderEditMachine,
  folderEditProblem,
  type FolderEditEvent,
  type FolderSaveInput,
  type SavedFolder,
} from './folderEdit.machine.ts';
import { FOLDER_EDIT_MODEL_INPUT, folderEditModel } from './folderEdit.model.ts';

const shortestPaths = folderEditModel.testModel('shortest').getShortestPaths();
const simplePaths = folderEditModel.testModel('simple').getSimplePaths();

const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<SavedFolder, FolderSaveInput>();
  const actor = createActor(folderEditMachine.provide({ actors: { save: saves.logic } }), {
    input: FOLDER_EDIT_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: SavedFolder; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else actor.send(event as FolderEditEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of saves.invocations) expect(input).toEqual({ mode: 'create', href: FOLDER_EDIT_MODEL_INPUT.href, name: input.name.trim() });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      if (snapshot.matches('done')) expect(snapshot.context.saved).toEqual(expected.context.saved);
    },
  };
}

describeModelPaths('folderEdit model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('folderEdit model: simple paths', simplePaths, 80, () => createDriver());

describe('folderEdit coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(folderEditMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('folderEdit', report));
    assertFullCoverage('folderEdit', report);
  });

  it('refuses the file-name rule breakers and, for a rename, the same name; sends the name trimmed', async () => {
    expect(folderEditProblem('a:b', 'create', '')).toBe(FILENAME_MESSAGE.replace(/^File name/, 'Folder name'));
    expect(folderEditProblem('   ', 'create', '')).toMatch(/must not be empty/);
    expect(folderEditProblem('..', 'create', '')).toMatch(/"\."/);
    expect(folderEditProblem('May', 'rename', 'May')).toBe(FOLDER_SAME_NAME_MESSAGE);
    expect(folderEditProblem('may', 'rename', 'May')).toBeUndefined();
    const saved: FolderSaveInput[] = [];
    const actor = createActor(
      folderEditMachine.provide({
        actors: {
          save: fromPromise<SavedFolder, FolderSaveInput>(async ({ input }) => {
            saved.push(input);
            return { href: '/fotoweb/archives/5000-Photos/June/', name: input.name };
          }),
        },
      }),
      { input: { mode: 'rename', href: '/fotoweb/archives/5000-Photos/May/', name: 'May' } },
    ).start();
    actor.send({ type: 'CHANGE', name: '  June ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(saved).toEqual([{ mode: 'rename', href: '/fotoweb/archives/5000-Photos/May/', name: 'June' }]);
    expect(actor.getSnapshot().context.saved).toEqual({ href: '/fotoweb/archives/5000-Photos/June/', name: 'June' });
  });

  it('says 409 in its own words, the DAM message for another 4xx, the general error otherwise', () => {
    expect(folderEditErrorMessage({ status: 409, responseJSON: { value: 'FolderExists', message: 'x' } })).toBe(FOLDER_EXISTS_MESSAGE);
    expect(folderEditErrorMessage({ status: 403, responseJSON: { value: 'Forbidden', message: 'You need Rename.' } })).toBe('You need Rename.');
    expect(folderEditErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(folderEditErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
