import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { TrashList } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { TRASH_NOTICE_AUTOCLOSE_MS, trashActionErrorMessage, trashActionMachine, trashActionNotice, trashUpdateOf, type TrashUpdateInput } from './trashAction.machine.ts';
import { TRASH_ACTION_MODEL_INPUT, trashActionModel, trashActionModelAfter, trashActionModelNameTaken } from './trashAction.model.ts';

const shortestPaths = trashActionModel.testModel('shortest').getShortestPaths();
const simplePaths = trashActionModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const updates = createControlledPromiseActor<TrashList, TrashUpdateInput>();
  return createPromiseActorDriver(
    {
      machine: trashActionMachine,
      input: TRASH_ACTION_MODEL_INPUT,
      actors: [{ name: 'update', controlled: updates, invokingState: 'submitting' }],
      // The notice stays exactly 15 s (spec 01 §2, §9): not a millisecond less.
      delay: { ms: TRASH_NOTICE_AUTOCLOSE_MS, state: { ready: 'done' } },
      verify(snapshot) {
        // Each request sends what was asked, to the trash's href; one at a time, and only while submitting.
        for (const { input } of updates.invocations) expect(input.href).toBe(TRASH_ACTION_MODEL_INPUT.href);
        if (snapshot.matches('submitting')) expect(updates.current().input.update).toEqual(trashUpdateOf(snapshot.context.request!));
        // A notice only while done, a message only while failed; the chosen entries are entries of the trash shown.
        expect(snapshot.context.notice !== undefined).toBe(snapshot.matches({ ready: 'done' }));
        expect(snapshot.context.error !== undefined).toBe(snapshot.matches({ ready: 'failed' }));
        const present = snapshot.context.trash.data.map((entry) => entry.id);
        for (const id of snapshot.context.selected) expect(present).toContain(id);
      },
    },
    coverage,
  );
}

describeModelPaths('trashAction model: shortest paths', shortestPaths, 100, () => createDriver());

describeModelPaths('trashAction model: simple paths', simplePaths, 250, () => createDriver());

describe('trashAction coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(trashActionMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('trashAction', report));
    assertFullCoverage('trashAction', report);
    // Some 230 paths, about 4.5 s on two idle cores: past vitest's default 5 s when the machine is busy.
  }, 30_000);

  it('restores at once, asks before a purge, and shows the trash the DAM answered', async () => {
    const sent: TrashUpdateInput[] = [];
    const update = fromPromise<TrashList, TrashUpdateInput>(async ({ input }) => {
      sent.push(input);
      const ids = [...(input.update.restore ?? []), ...(input.update.purge ?? [])];
      return trashActionModelAfter(TRASH_ACTION_MODEL_INPUT.trash, { kind: 'restore', ids });
    });
    const actor = createActor(trashActionMachine.provide({ actors: { update } }), { input: TRASH_ACTION_MODEL_INPUT }).start();
    actor.send({ type: 'PURGE', ids: [102] });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(sent).toEqual([]);
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'SELECT', ids: [102, 101, 999] });
    expect(actor.getSnapshot().context.selected).toEqual([101, 102]);
    actor.send({ type: 'RESTORE', ids: [101] });
    await flushPromises();
    expect(sent).toEqual([{ href: '/fotoweb/me/trash/', update: { restore: [101] } }]);
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toEqual({ ready: 'done' });
    expect(context.trash.data.map((entry) => entry.id)).toEqual([102]);
    expect(context.selected).toEqual([]);
    expect(context.notice).toBe('1 asset restored.');
  });

  it('ignores a request for nothing or for entries not in the trash', () => {
    const actor = createActor(trashActionMachine, { input: TRASH_ACTION_MODEL_INPUT }).start();
    for (const ids of [[], [999], [101, 999]]) {
      actor.send({ type: 'RESTORE', ids });
      actor.send({ type: 'PURGE', ids });
      expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    }
  });

  it('keeps the trash and the choice when a request fails, with the reason', async () => {
    const update = fromPromise<TrashList, TrashUpdateInput>(async () => {
      throw trashActionModelNameTaken({ trash: TRASH_ACTION_MODEL_INPUT.trash, request: { kind: 'restore', ids: [101] } });
    });
    const actor = createActor(trashActionMachine.provide({ actors: { update } }), { input: TRASH_ACTION_MODEL_INPUT }).start();
    actor.send({ type: 'SELECT', ids: [101, 102] });
    actor.send({ type: 'RESTORE', ids: [101, 102] });
    await flushPromises();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toEqual({ ready: 'failed' });
    expect(context.error).toBe('"harbour.jpg" is taken in its folder now; rename or move that asset, then restore this one.');
    expect(context.trash).toBe(TRASH_ACTION_MODEL_INPUT.trash);
    expect(context.selected).toEqual([101, 102]);
  });

  it('words the notice and the errors', () => {
    expect(trashActionNotice({ kind: 'restore', ids: [1] })).toBe('1 asset restored.');
    expect(trashActionNotice({ kind: 'purge', ids: [1, 2] })).toBe('2 assets deleted for good.');
    expect(trashUpdateOf({ kind: 'purge', ids: [3] })).toEqual({ purge: [3] });
    expect(trashActionErrorMessage({ status: 400, responseJSON: { message: '7 is not in your trash.' } })).toBe('7 is not in your trash.');
    expect(trashActionErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(trashActionErrorMessage({ status: 409, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(trashActionErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
