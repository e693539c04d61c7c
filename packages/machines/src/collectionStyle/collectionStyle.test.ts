import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { collectionStyleErrorMessage, collectionStyleMachine, type CollectionStyle, type CollectionStyleEvent, type CollectionStyleInput } from './collectionStyle.machine.ts';
import { COLLECTION_STYLE_MODEL_INPUT, collectionStyleModel } from './collectionStyle.model.ts';

const shortestPaths = collectionStyleModel.testModel('shortest').getShortestPaths();
const simplePaths = collectionStyleModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<CollectionStyle, CollectionStyleInput>();
  const actor = createActor(collectionStyleMachine.provide({ actors: { save: saves.logic } }), {
    input: COLLECTION_STYLE_MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const payload = event as unknown as { output?: CollectionStyle; error?: unknown };
      if (event.type === 'xstate.done.actor.save') saves.current().resolve(payload.output!);
      else if (event.type === 'xstate.error.actor.save') saves.current().reject(payload.error);
      else actor.send(event as CollectionStyleEvent);
      await flushPromises();
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      for (const { input } of saves.invocations) expect(input.href).toBe(COLLECTION_STYLE_MODEL_INPUT.href);
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
    },
  };
}

describeModelPaths('collectionStyle model: shortest paths', shortestPaths, 80, () => createDriver());

describeModelPaths('collectionStyle model: simple paths', simplePaths, 200, () => createDriver());

describe('collectionStyle coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(collectionStyleMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('collectionStyle', report));
    assertFullCoverage('collectionStyle', report);
  });

  it('sends the style chosen, and sends nothing when nothing changed', async () => {
    const sent: CollectionStyleInput[] = [];
    const save = fromPromise<CollectionStyle, CollectionStyleInput>(async ({ input }) => {
      sent.push(input);
      return { color: input.color, icon: input.icon };
    });
    const unchanged = createActor(collectionStyleMachine.provide({ actors: { save } }), { input: { href: '/f/', color: '#2563eb', icon: 'Camera' } }).start();
    unchanged.send({ type: 'SUBMIT' });
    expect(unchanged.getSnapshot().value).toBe('done');
    expect(sent).toEqual([]);
    const changed = createActor(collectionStyleMachine.provide({ actors: { save } }), { input: { href: '/f/', color: null, icon: null } }).start();
    changed.send({ type: 'CHOOSE_COLOR', color: '#dc2626' });
    changed.send({ type: 'CHOOSE_ICON', icon: 'Star' });
    changed.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(sent).toEqual([{ href: '/f/', color: '#dc2626', icon: 'Star' }]);
    expect(changed.getSnapshot().context.saved).toEqual({ color: '#dc2626', icon: 'Star' });
  });

  it('says the DAM message for a 4xx and the general error otherwise', () => {
    expect(collectionStyleErrorMessage({ status: 400, responseJSON: { message: 'Choose one of the 36 colours.' } })).toBe('Choose one of the 36 colours.');
    expect(collectionStyleErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(collectionStyleErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
