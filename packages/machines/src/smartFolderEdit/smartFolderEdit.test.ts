import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { describeNameEditModel, flushPromises } from '../nameEdit/nameEdit.testing.ts';
import type { NameEditInput, SavedName } from '../nameEdit/nameEdit.factory.ts';
import {
  SMART_FOLDER_EXISTS_MESSAGE,
  SMART_FOLDER_SAME_NAME_MESSAGE,
  smartFolderEditErrorMessage,
  smartFolderEditMachine,
  smartFolderEditProblem,
} from './smartFolderEdit.machine.ts';
import { SMART_FOLDER_EDIT_MODEL_INPUT, smartFolderEditModel } from './smartFolderEdit.model.ts';

describeNameEditModel(smartFolderEditModel, smartFolderEditMachine, SMART_FOLDER_EDIT_MODEL_INPUT);

describe('smartFolderEdit rules', () => {
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
