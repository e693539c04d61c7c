import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ConsentFormSettings } from '@magpie/api-types';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { CONSENT_SETTINGS_DEFAULT_ERROR, consentSettingsChanged, consentSettingsMachine, consentSettingsProblems, type ConsentSettingsEvent } from './consentSettings.machine.ts';
import { consentSettingsModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from './consentSettings.model.ts';

const shortestPaths = consentSettingsModel.testModel('shortest').getShortestPaths();
const simplePaths = consentSettingsModel.testModel('simple').getSimplePaths();

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<ConsentFormSettings, void>();
  const saves = createControlledPromiseActor<ConsentFormSettings, { settings: ConsentFormSettings }>();
  const actor = createActor(consentSettingsMachine.provide({ actors: { load: loads.logic, save: saves.logic } }), coverage ? { inspect: coverage.inspect } : {});
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.load':
          loads.current().resolve(record.output as ConsentFormSettings);
          break;
        case 'xstate.error.actor.load':
          loads.current().reject(record.error);
          break;
        case 'xstate.done.actor.save':
          expect(saves.current().input).toEqual({ settings: MODEL_SAVED_SETTINGS });
          saves.current().resolve(record.output as ConsentFormSettings);
          break;
        case 'xstate.error.actor.save':
          saves.current().reject(record.error);
          break;
        default:
          actor.send(event as ConsentSettingsEvent);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' })) expect(snapshot.context.error).toBe(MODEL_FAILURE.message);
      if (snapshot.matches({ ready: 'saved' })) expect(snapshot.context.stored).toEqual(MODEL_SAVED_SETTINGS);
      if (snapshot.matches('saving')) expect(saves.pending()).toHaveLength(1);
    },
  };
}

describeModelPaths('consentSettings model: shortest paths', shortestPaths, 12, () => createDriver());

describeModelPaths('consentSettings model: simple paths', simplePaths, 60, () => createDriver());

describe('consentSettings coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(consentSettingsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('consentSettings', report));
    assertFullCoverage('consentSettings', report);
  });
});

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
