import { createActor, fromCallback, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  FILE_OPERATION_CHOOSE_MESSAGE,
  FILE_OPERATION_ERROR_MESSAGES,
  fileOperationErrorMessage,
  fileOperationMachine,
  fileOperationOutcome,
  type FileDestination,
  type FileOperationEvent,
  type FileTaskRequest,
} from './fileOperation.machine.ts';
import { FILE_OPERATION_MODEL_ASSETS, FILE_OPERATION_MODEL_LISTS, FILE_OPERATION_MODEL_STARTS, fileOperationModel, fileOperationModelDestinations } from './fileOperation.model.ts';

const shortestPaths = fileOperationModel.testModel('shortest').getShortestPaths();
const simplePaths = fileOperationModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A runTask that only records what it was asked (the path sends its PROGRESS and outcome). */
function recordingRunTask(requests: FileTaskRequest[], stopped: { count: number }) {
  return fromCallback<EventObject, FileTaskRequest>(({ input }) => {
    requests.push(input);
    return () => {
      stopped.count++;
    };
  });
}

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<FileDestination[], { href: string }>();
  const requests: FileTaskRequest[] = [];
  const stopped = { count: 0 };
  const actor = createActor(fileOperationMachine.provide({ actors: { loadDestinations: loads.logic, runTask: recordingRunTask(requests, stopped) } }), {
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: unknown; error?: unknown };
      if (event.type === 'xstate.done.actor.loadDestinations') loads.current().resolve(payload.output as FileDestination[]);
      else if (event.type === 'xstate.error.actor.loadDestinations') loads.current().reject(payload.error);
      else actor.send(event as FileOperationEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      expect(loads.pending()).toHaveLength(snapshot.matches('loading') ? 1 : 0);
      for (const request of requests) expect(request.assets.length).toBeGreaterThan(0);
    },
  };
}

describeModelPaths('fileOperation model: shortest paths', shortestPaths, 200, () => createDriver());

describeModelPaths('fileOperation model: simple paths', simplePaths, 60, () => createDriver());

describe('fileOperation coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(fileOperationMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('fileOperation', report));
    assertFullCoverage('fileOperation', report);
  });

  it('sends each operation what its task needs: the trimmed name, the destination opened or chosen, the direction', async () => {
    const requests: FileTaskRequest[] = [];
    const start = (events: FileOperationEvent[]) => {
      const actor = createActor(
        fileOperationMachine.provide({
          actors: {
            loadDestinations: fromPromise<FileDestination[], { href: string }>(async ({ input }) => fileOperationModelDestinations(input.href)),
            runTask: recordingRunTask(requests, { count: 0 }),
          },
        }),
      ).start();
      return {
        actor,
        run: async () => {
          for (const e of events) {
            actor.send(e);
            await flushPromises();
          }
        },
      };
    };
    const rename = start([{ type: 'START', ...FILE_OPERATION_MODEL_STARTS.rename! }, { type: 'CHANGE_NAME', name: '  dawn.JPG ' }, { type: 'SUBMIT' }]);
    await rename.run();
    expect(requests.at(-1)).toEqual({ kind: 'rename', assets: [FILE_OPERATION_MODEL_ASSETS[0]], filename: 'dawn.JPG' });

    const move = start([{ type: 'START', ...FILE_OPERATION_MODEL_STARTS.move! }]);
    await move.run();
    move.actor.send({ type: 'SUBMIT' });
    expect(move.actor.getSnapshot().context.problem).toBe(FILE_OPERATION_CHOOSE_MESSAGE);
    move.actor.send({ type: 'OPEN', href: FILE_OPERATION_MODEL_LISTS.photos.href });
    await flushPromises();
    expect(move.actor.getSnapshot().context).toMatchObject({
      at: FILE_OPERATION_MODEL_LISTS.photos.href,
      choices: [FILE_OPERATION_MODEL_LISTS.inbox],
      destination: FILE_OPERATION_MODEL_LISTS.photos,
    });
    move.actor.send({ type: 'UP' });
    await flushPromises();
    expect(move.actor.getSnapshot().context).toMatchObject({ at: FILE_OPERATION_MODEL_LISTS.move, destination: undefined, trail: [] });
    move.actor.send({ type: 'CHOOSE', href: FILE_OPERATION_MODEL_LISTS.press.href });
    move.actor.send({ type: 'SUBMIT' });
    expect(requests.at(-1)).toEqual({ kind: 'move', assets: FILE_OPERATION_MODEL_ASSETS, destination: FILE_OPERATION_MODEL_LISTS.press.href });
    move.actor.send({
      type: 'TASK_DONE',
      results: [
        { href: 'a', done: true },
        { href: 'b', done: false, message: 'taken' },
      ],
    });
    expect(fileOperationOutcome(move.actor.getSnapshot().context)).toEqual({ done: 1, failed: [{ href: 'b', done: false, message: 'taken' }] });

    const download = start([{ type: 'START', ...FILE_OPERATION_MODEL_STARTS.download! }]);
    await download.run();
    expect(requests.at(-1)).toEqual({ kind: 'download', assets: FILE_OPERATION_MODEL_ASSETS });
    download.actor.send({ type: 'TASK_DONE', results: [], download: { href: '/z.zip', name: 'z.zip', size: 10 } });
    expect(download.actor.getSnapshot().context.download).toEqual({ href: '/z.zip', name: 'z.zip', size: 10 });

    const rotate = start([{ type: 'START', ...FILE_OPERATION_MODEL_STARTS.rotate! }]);
    await rotate.run();
    expect(rotate.actor.getSnapshot().value).toBe('running');
    expect(requests.at(-1)).toEqual({ kind: 'rotate', assets: FILE_OPERATION_MODEL_ASSETS, direction: 'cw' });
  });

  it('refuses a name that changes the extension or has a forbidden character, and says the §8 message of each operation', async () => {
    const actor = createActor(fileOperationMachine).start();
    actor.send({ type: 'START', ...FILE_OPERATION_MODEL_STARTS.rename! });
    actor.send({ type: 'CHANGE_NAME', name: 'harbour.png' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toContain('.jpg');
    actor.send({ type: 'CHANGE_NAME', name: 'a?b.jpg' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.problem).toContain('must not contain');
    expect(actor.getSnapshot().value).toBe('editing');
    for (const kind of ['copy', 'move', 'rename', 'delete', 'rotate', 'download', 'duplicate'] as const) {
      expect(FILE_OPERATION_ERROR_MESSAGES[kind]).toMatch(/removed from .*administrator/);
      expect(fileOperationErrorMessage(kind, { status: 500 })).toBe(FILE_OPERATION_ERROR_MESSAGES[kind]);
    }
    expect(fileOperationErrorMessage('move', { status: 403, responseJSON: { message: 'You need MoveTo.' } })).toBe('You need MoveTo.');
  });

  it('stops the running task when the operation ends (the callback actor is cleaned up)', async () => {
    const stopped = { count: 0 };
    const actor = createActor(fileOperationMachine.provide({ actors: { runTask: recordingRunTask([], stopped) } })).start();
    actor.send({ type: 'START', ...FILE_OPERATION_MODEL_STARTS.delete! });
    actor.send({ type: 'CONFIRM' });
    actor.send({ type: 'TASK_FAILED', error: { status: 500 } });
    expect(stopped.count).toBe(1);
    expect(actor.getSnapshot().context.error).toBe(FILE_OPERATION_ERROR_MESSAGES.delete);
  });
});
