import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { FILENAME_MESSAGE } from '@magpie/api-types/names';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { describeNameEditModel, flushPromises } from '../nameEdit/nameEdit.testing.ts';
import {
  FOLDER_EXISTS_MESSAGE,
  FOLDER_SAME_NAME_MESSAGE,
  folderEditErrorMessage,
  folderEditMachine,
  folderEditProblem,
  type FolderSaveInput,
  type SavedFolder,
} from './folderEdit.machine.ts';
import { FOLDER_EDIT_MODEL_INPUT, folderEditModel } from './folderEdit.model.ts';

describeNameEditModel(folderEditModel, folderEditMachine, FOLDER_EDIT_MODEL_INPUT);

describe('folderEdit rules', () => {
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
