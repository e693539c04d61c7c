import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { describeNameEditModel, flushPromises } from '../nameEdit/nameEdit.testing.ts';
import { ALBUM_CREATE_FAILED_MESSAGE } from '../albumAdd/albumAdd.machine.ts';
import type { NameEditInput, SavedName } from '../nameEdit/nameEdit.factory.ts';
import { ALBUM_SAME_NAME_MESSAGE, albumEditErrorMessage, albumEditMachine, albumEditProblem } from './albumEdit.machine.ts';
import { ALBUM_EDIT_MODEL_INPUT, albumEditModel } from './albumEdit.model.ts';

describeNameEditModel(albumEditModel, albumEditMachine, ALBUM_EDIT_MODEL_INPUT);

describe('albumEdit rules', () => {
  it('refuses a blank, over-long or unchanged name and sends the name trimmed', async () => {
    expect(albumEditProblem('  ', 'create', '')).toMatch(/name/);
    expect(albumEditProblem('x'.repeat(201), 'create', '')).toMatch(/200/);
    expect(albumEditProblem('Trip', 'rename', 'Trip')).toBe(ALBUM_SAME_NAME_MESSAGE);
    expect(albumEditProblem('Trip / 2', 'rename', 'Trip')).toBeUndefined();
    const saved: NameEditInput[] = [];
    const actor = createActor(
      albumEditMachine.provide({
        actors: {
          save: fromPromise<SavedName, NameEditInput>(async ({ input }) => {
            saved.push(input);
            return { href: '/fotoweb/users/1/albums/2/', name: input.name };
          }),
        },
      }),
      { input: { mode: 'rename', href: '/fotoweb/users/1/albums/2/', name: 'Trip' } },
    ).start();
    actor.send({ type: 'CHANGE', name: '  Trip 2 ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(saved).toEqual([{ mode: 'rename', href: '/fotoweb/users/1/albums/2/', name: 'Trip 2' }]);
  });

  it('says the DAM message for a 4xx, §8 for a failed creation, the general error for a failed rename', () => {
    expect(albumEditErrorMessage({ status: 403, responseJSON: { message: 'You need albums.create.' } }, 'create')).toBe('You need albums.create.');
    expect(albumEditErrorMessage({ status: 500, responseJSON: null }, 'create')).toBe(ALBUM_CREATE_FAILED_MESSAGE);
    expect(albumEditErrorMessage(new TypeError('offline'), 'rename')).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
