import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  ALBUM_CHOOSE_MESSAGE,
  ALBUM_CREATE_FAILED_MESSAGE,
  albumAddErrorMessage,
  albumAddMachine,
  albumNameProblem,
  type AlbumAddEvent,
  type AlbumAddRequest,
  type AlbumAddResult,
  type AlbumChoice,
} from './albumAdd.machine.ts';
import { ALBUM_ADD_MODEL_INPUT, albumAddModel } from './albumAdd.model.ts';

const shortestPaths = albumAddModel.testModel('shortest').getShortestPaths();
const simplePaths = albumAddModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<AlbumChoice[], unknown>();
  const adds = createControlledPromiseActor<AlbumAddResult, AlbumAddRequest>();
  const actor = createActor(albumAddMachine.provide({ actors: { loadAlbums: loads.logic, addToAlbum: adds.logic } }), {
    input: ALBUM_ADD_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.loadAlbums') loads.current().resolve(payload.output as AlbumChoice[]);
      else if (event.type === 'xstate.error.actor.loadAlbums') loads.current().reject(payload.error);
      else if (event.type === 'xstate.done.actor.addToAlbum') adds.current().resolve(payload.output as AlbumAddResult);
      else if (event.type === 'xstate.error.actor.addToAlbum') adds.current().reject(payload.error);
      else actor.send(event as AlbumAddEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of adds.invocations) expect(input.assets).toEqual(ALBUM_ADD_MODEL_INPUT.assets);
      expect(adds.pending()).toHaveLength(snapshot.matches('adding') ? 1 : 0);
      expect(loads.pending()).toHaveLength(snapshot.matches('loading') ? 1 : 0);
    },
  };
}

describeModelPaths('albumAdd model: shortest paths', shortestPaths, 80, () => createDriver());

describeModelPaths('albumAdd model: simple paths', simplePaths, 100, () => createDriver());

describe('albumAdd coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(albumAddMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('albumAdd', report));
    assertFullCoverage('albumAdd', report);
  });

  it('asks for a choice, refuses a blank or over-long new name, and sends it trimmed', async () => {
    expect(albumNameProblem('  ')).toMatch(/name/);
    expect(albumNameProblem('x'.repeat(201))).toMatch(/200/);
    expect(albumNameProblem(' Trip ')).toBeUndefined();
    const requests: AlbumAddRequest[] = [];
    const actor = createActor(
      albumAddMachine.provide({
        actors: {
          loadAlbums: fromPromise<AlbumChoice[]>(async () => [{ href: '/a/', name: 'A', assetCount: 0 }]),
          addToAlbum: fromPromise<AlbumAddResult, AlbumAddRequest>(async ({ input }) => {
            requests.push(input);
            return { album: { href: '/b/', name: 'Trip' }, added: 2 };
          }),
        },
      }),
      { input: ALBUM_ADD_MODEL_INPUT },
    ).start();
    await flushPromises();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toBe(ALBUM_CHOOSE_MESSAGE);
    actor.send({ type: 'CHANGE_NAME', name: '  Trip ' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(requests).toEqual([{ newName: 'Trip', assets: ALBUM_ADD_MODEL_INPUT.assets }]);
    expect(actor.getSnapshot().context.result).toEqual({ album: { href: '/b/', name: 'Trip' }, added: 2 });
  });

  it('starts on a new album when there is none, and never makes a second album after a failed add', async () => {
    let calls = 0;
    const actor = createActor(
      albumAddMachine.provide({
        actors: {
          loadAlbums: fromPromise<AlbumChoice[]>(async () => []),
          addToAlbum: fromPromise<AlbumAddResult, AlbumAddRequest>(async () => {
            calls++;
            throw { stage: 'add', status: 500, created: { href: '/new/', name: 'Trip', assetCount: 0 } };
          }),
        },
      }),
      { input: ALBUM_ADD_MODEL_INPUT },
    ).start();
    await flushPromises();
    expect(actor.getSnapshot().context.choice).toBe('new');
    actor.send({ type: 'CHANGE_NAME', name: 'Trip' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls).toBe(1);
    expect(actor.getSnapshot().context).toMatchObject({ choice: '/new/', albums: [{ href: '/new/' }], error: DEFAULT_ERROR_MESSAGE });
  });

  it('says the §8 message for a failed creation, the DAM message for another 4xx, the general error otherwise', () => {
    expect(albumAddErrorMessage({ stage: 'create', status: 500 })).toBe(ALBUM_CREATE_FAILED_MESSAGE);
    expect(albumAddErrorMessage({ stage: 'add', status: 409, responseJSON: { message: 'An album holds at most 10,000 assets.' } })).toBe('An album holds at most 10,000 assets.');
    expect(albumAddErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(albumAddErrorMessage('offline')).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
