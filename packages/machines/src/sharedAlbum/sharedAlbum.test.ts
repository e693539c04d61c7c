import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { SHARE_WRONG_PASSWORD_MESSAGE, shareUnlockErrorMessage, sharedAlbumMachine, type SharedAlbumEvent, type SharedAlbumPage } from './sharedAlbum.machine.ts';
import { SHARED_ALBUM_MODEL_ACCESS, SHARED_ALBUM_MODEL_INPUT, sharedAlbumModel } from './sharedAlbum.model.ts';

const shortestPaths = sharedAlbumModel.testModel('shortest').getShortestPaths();
const simplePaths = sharedAlbumModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const pages = createControlledPromiseActor<SharedAlbumPage, { href: string; access: string }>();
  const unlocks = createControlledPromiseActor<string, { href: string; password: string }>();
  const actor = createActor(sharedAlbumMachine.provide({ actors: { loadPage: pages.logic, unlock: unlocks.logic } }), {
    input: SHARED_ALBUM_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.loadPage' || event.type === 'xstate.done.actor.loadMore') pages.current().resolve(payload.output as SharedAlbumPage);
      else if (event.type === 'xstate.error.actor.loadPage' || event.type === 'xstate.error.actor.loadMore') pages.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.unlock') unlocks.current().resolve(payload.output as string);
      else if (event.type === 'xstate.error.actor.unlock') unlocks.current().reject(payload.error);
      else actor.send(event as SharedAlbumEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(pages.pending()).toHaveLength(snapshot.matches('loading') || snapshot.matches({ shown: 'loadingMore' }) ? 1 : 0);
      expect(unlocks.pending()).toHaveLength(snapshot.matches('unlocking') ? 1 : 0);
      // After the password, every load carries the access value.
      const last = pages.invocations.at(-1)?.input;
      if (last && snapshot.context.access) expect([SHARED_ALBUM_MODEL_ACCESS, '']).toContain(last.access);
    },
  };
}

describeModelPaths('sharedAlbum model: shortest paths', shortestPaths, 30, () => createDriver());

describeModelPaths('sharedAlbum model: simple paths', simplePaths, 40, () => createDriver());

describe('sharedAlbum coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(sharedAlbumMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('sharedAlbum', report));
    assertFullCoverage('sharedAlbum', report);
  });

  it('says a wrong password in its own words, too many tries in the DAM’s, the general error otherwise', () => {
    expect(shareUnlockErrorMessage({ status: 403, responseJSON: { message: 'x' } })).toBe(SHARE_WRONG_PASSWORD_MESSAGE);
    expect(shareUnlockErrorMessage({ status: 429, responseJSON: { message: 'Too many wrong passwords. Try again in 15 minutes.' } })).toMatch(/15 minutes/);
    expect(shareUnlockErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
