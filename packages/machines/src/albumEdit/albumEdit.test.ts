import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { ALBUM_CREATE_FAILED_MESSAGE } from '../albumAdd/albumAdd.machine.ts';
import type { NameEditEvent, NameEditInput, SavedName } from '../nameEdit/nameEdit.factory.ts';
import { ALBUM_SAME_NAME_MESSAGE, albumEditErrorMessage, albumEditMachine, albumEditProblem } from './albumEdit.machine.ts';
import { ALBUM_EDIT_MODEL_INPUT, albumEditModel } from './albumEdit.model.ts';

const shortestPaths = albumEditModel.testModel('shortest').getShortestPaths();
const simplePaths = albumEditModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<SavedName, NameEditInput>();
  const actor = createActor(albumEditMachine.provide({ actors: { save: saves.logic } }), { input: ALBUM_EDIT_MODEL_INPUT, ...(coverage ? { inspect: coverage.inspect } : {}) });
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
      for (const { input } of saves.invocations) expect(input).toEqual({ mode: 'create', href: ALBUM_EDIT_MODEL_INPUT.href, name: input.name.trim() });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
    },
  };
}

describeModelPaths('albumEdit model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('albumEdit model: simple paths', simplePaths, 80, () => createDriver());

describe('albumEdit coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(albumEditMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('albumEdit', report));
    assertFullCoverage('albumEdit', report);
  });

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
