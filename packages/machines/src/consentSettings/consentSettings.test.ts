import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ConsentFormSettings } from '@magpie/api-types';
import { flushPromises } from '../testing/controlledActor.ts';
import type { CoverageTracker } from '../testing/coverage.ts';
import { describeModelCoverage, describeModelPaths } from '../testing/describeModelPaths.ts';
import { createLoadSaveDriver } from '../testing/loadSaveDriver.ts';
import type { PathDriver } from '../testing/modelPaths.ts';
import { CONSENT_SETTINGS_DEFAULT_ERROR, consentSettingsChanged, consentSettingsMachine, consentSettingsProblems } from './consentSettings.machine.ts';
import { consentSettingsModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from './consentSettings.model.ts';

const shortestPaths = consentSettingsModel.testModel('shortest').getShortestPaths();
const simplePaths = consentSettingsModel.testModel('simple').getSimplePaths();

function createDriver(coverage?: CoverageTracker): PathDriver {
  return createLoadSaveDriver(
    {
      machine: consentSettingsMachine,
      saveInput: { settings: MODEL_SAVED_SETTINGS },
      failureMessage: MODEL_FAILURE.message,
      verifySaved: (snapshot) => expect(snapshot.context.stored).toEqual(MODEL_SAVED_SETTINGS),
    },
    coverage,
  );
}

describeModelPaths('consentSettings model: shortest paths', shortestPaths, 12, () => createDriver());

describeModelPaths('consentSettings model: simple paths', simplePaths, 60, () => createDriver());

describeModelCoverage('consentSettings', consentSettingsMachine, [...shortestPaths, ...simplePaths], createDriver);

describe('consentSettings rules', () => {
  it('saves nothing unchanged or with a problem, and keeps the draft when the save fails', async () => {
    const sent: ConsentFormSettings[] = [];
    const actor = createActor(
      consentSettingsMachine.provide({
        actors: {
          load: fromPromise<ConsentFormSettings, void>(async () => MODEL_STORED_SETTINGS),
          save: fromPromise<ConsentFormSettings, { settings: ConsentFormSettings }>(async ({ input }) => {
            sent.push(input.settings);
            throw new Error('');
          }),
        },
      }),
    ).start();
    await flushPromises();
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'EDIT', change: { defaultUrlExpiryDays: 0 } });
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'EDIT', change: { defaultUrlExpiryDays: 30, contactEmailAddress: 'nobody' } });
    actor.send({ type: 'SAVE' });
    expect(sent).toEqual([]);
    actor.send({ type: 'EDIT', change: { contactEmailAddress: 'consent@example.com' } });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent).toEqual([{ ...MODEL_STORED_SETTINGS, contactEmailAddress: 'consent@example.com' }]);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ stored: MODEL_STORED_SETTINGS, error: CONSENT_SETTINGS_DEFAULT_ERROR });
  });

  it('names each problem on its field, and compares drafts by value', () => {
    expect(consentSettingsProblems(MODEL_STORED_SETTINGS)).toEqual([]);
    expect(consentSettingsProblems({ ...MODEL_STORED_SETTINGS, defaultUrlExpiryDays: 3651, contactEmailAddress: 'x@', companyName: 'n'.repeat(201) }).map((p) => p.field)).toEqual([
      'defaultUrlExpiryDays',
      'contactEmailAddress',
      'companyName',
    ]);
    expect(consentSettingsChanged(MODEL_STORED_SETTINGS, { ...MODEL_STORED_SETTINGS })).toBe(false);
    expect(consentSettingsChanged(MODEL_STORED_SETTINGS, MODEL_SAVED_SETTINGS)).toBe(true);
    expect(consentSettingsChanged(undefined, MODEL_SAVED_SETTINGS)).toBe(false);
  });
});
