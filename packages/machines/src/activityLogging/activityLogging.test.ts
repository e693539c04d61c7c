import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ActivitySettings } from '@magpie/api-types';
import { flushPromises } from '../testing/controlledActor.ts';
import type { CoverageTracker } from '../testing/coverage.ts';
import { describeModelCoverage, describeModelPaths } from '../testing/describeModelPaths.ts';
import { createLoadSaveDriver } from '../testing/loadSaveDriver.ts';
import type { PathDriver } from '../testing/modelPaths.ts';
import { ACTIVITY_LOGGING_DEFAULT_ERROR, activityLoggingChanged, activityLoggingMachine, editActivityLogging } from './activityLogging.machine.ts';
import { activityLoggingModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from './activityLogging.model.ts';

const shortestPaths = activityLoggingModel.testModel('shortest').getShortestPaths();
const simplePaths = activityLoggingModel.testModel('simple').getSimplePaths();

function createDriver(coverage?: CoverageTracker): PathDriver {
  return createLoadSaveDriver(
    {
      machine: activityLoggingMachine,
      saveInput: { settings: MODEL_SAVED_SETTINGS },
      failureMessage: MODEL_FAILURE.message,
      verifySaved: (snapshot) => expect(snapshot.context.stored).toEqual(MODEL_SAVED_SETTINGS),
    },
    coverage,
  );
}

describeModelPaths('activityLogging model: shortest paths', shortestPaths, 12, () => createDriver());

describeModelPaths('activityLogging model: simple paths', simplePaths, 60, () => createDriver());

describeModelCoverage('activityLogging', activityLoggingMachine, [...shortestPaths, ...simplePaths], createDriver);

describe('activityLogging rules', () => {
  it('saves nothing unchanged, sends the whole settings, and keeps the draft when the save fails', async () => {
    const sent: ActivitySettings[] = [];
    const actor = createActor(
      activityLoggingMachine.provide({
        actors: {
          load: fromPromise<ActivitySettings, void>(async () => MODEL_STORED_SETTINGS),
          save: fromPromise<ActivitySettings, { settings: ActivitySettings }>(async ({ input }) => {
            sent.push(input.settings);
            throw new Error('');
          }),
        },
      }),
    ).start();
    await flushPromises();
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'EDIT', enabled: false });
    actor.send({ type: 'EDIT', enabled: true });
    actor.send({ type: 'SAVE' });
    expect(sent).toEqual([]);
    actor.send({ type: 'EDIT', categories: { assets: false } });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent).toEqual([{ enabled: true, categories: { ...MODEL_STORED_SETTINGS.categories, assets: false } }]);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ stored: MODEL_STORED_SETTINGS, error: ACTIVITY_LOGGING_DEFAULT_ERROR });
    expect(actor.getSnapshot().context.draft.categories.assets).toBe(false);
  });

  it('edits only what an EDIT names, and compares by value', () => {
    expect(editActivityLogging(MODEL_STORED_SETTINGS, { type: 'EDIT', categories: { logins: false } })).toEqual(MODEL_SAVED_SETTINGS);
    expect(editActivityLogging(MODEL_SAVED_SETTINGS, { type: 'EDIT', enabled: false })).toEqual({ ...MODEL_SAVED_SETTINGS, enabled: false });
    expect(activityLoggingChanged(MODEL_STORED_SETTINGS, { ...MODEL_STORED_SETTINGS, categories: { ...MODEL_STORED_SETTINGS.categories } })).toBe(false);
    expect(activityLoggingChanged(MODEL_STORED_SETTINGS, MODEL_SAVED_SETTINGS)).toBe(true);
  });
});
