import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { OrderConfig } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import {
  ORDER_SETTINGS_INVALID_MESSAGE,
  ORDER_TERMS_MAX_LENGTH,
  orderConfigOf,
  orderSettingsChanged,
  orderSettingsDraftOf,
  orderSettingsErrorMessage,
  orderSettingsMachine,
  type OrderSettingsSaveInput,
} from './orderSettings.machine.ts';
import { ORDER_SETTINGS_MODEL_INPUT, ORDER_SETTINGS_MODEL_INVALID, ORDER_SETTINGS_MODEL_STORED, orderSettingsModel } from './orderSettings.model.ts';

const shortestPaths = orderSettingsModel.testModel('shortest').getShortestPaths();
const simplePaths = orderSettingsModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<OrderConfig, { href: string }>();
  const saves = createControlledPromiseActor<OrderConfig, OrderSettingsSaveInput>();
  return createPromiseActorDriver(
    {
      machine: orderSettingsMachine,
      input: ORDER_SETTINGS_MODEL_INPUT,
      actors: [
        { name: 'load', controlled: loads, invokingState: 'loading' },
        { name: 'save', controlled: saves, invokingState: 'saving' },
      ],
      verify(snapshot) {
        for (const { input } of loads.invocations) expect(input).toEqual(ORDER_SETTINGS_MODEL_INPUT);
        // Only a valid change is sent, whole, to the configuration's link.
        if (snapshot.matches('saving')) {
          expect(saves.current().input).toEqual({ href: ORDER_SETTINGS_MODEL_INPUT.href, config: orderConfigOf(snapshot.context.draft) });
          expect(snapshot.context.problems).toEqual([]);
          expect(orderSettingsChanged(snapshot.context.stored, snapshot.context.draft)).toBe(true);
        }
        expect(snapshot.context.error !== undefined).toBe(snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' }));
        if (snapshot.matches({ ready: 'saved' })) expect(orderSettingsChanged(snapshot.context.stored, snapshot.context.draft)).toBe(false);
      },
    },
    coverage,
  );
}

describeModelPaths('orderSettings model: shortest paths', shortestPaths, 150, () => createDriver());

describeModelPaths('orderSettings model: simple paths', simplePaths, 120, () => createDriver());

async function loadedActor(stored: OrderConfig, answer: (config: OrderConfig) => Promise<OrderConfig> = async (config) => config) {
  const saved: OrderSettingsSaveInput[] = [];
  const load = fromPromise<OrderConfig, { href: string }>(async () => stored);
  const save = fromPromise<OrderConfig, OrderSettingsSaveInput>(async ({ input }) => {
    saved.push(input);
    return answer(input.config);
  });
  const actor = createActor(orderSettingsMachine.provide({ actors: { load, save } }), { input: ORDER_SETTINGS_MODEL_INPUT }).start();
  await flushPromises();
  return { actor, saved };
}

describe('orderSettings coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(orderSettingsMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('orderSettings', report));
    assertFullCoverage('orderSettings', report);
  }, 30_000);

  it('saves fields in the sign-up shapes and the terms, blank terms as none', async () => {
    const { actor, saved } = await loadedActor(ORDER_SETTINGS_MODEL_STORED);
    actor.send({ type: 'ADD_FIELD', dataType: 'dropdown' });
    actor.send({ type: 'CHANGE_FIELD', index: 0, change: { label: 'Usage', choices: 'Print\nWeb', required: true } });
    actor.send({ type: 'SET_TERMS', text: '   ' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(saved[0]!.config).toEqual({
      fields: [{ id: 'usage', label: 'Usage', dataType: 'dropdown', values: ['Print', 'Web'], required: true, validation: null }],
      termsAndConditions: null,
    });
    actor.send({ type: 'SET_TERMS', text: 'No resale.' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(saved[1]!.config.termsAndConditions).toBe('No resale.');
    expect(actor.getSnapshot().value).toEqual({ ready: 'saved' });
  });

  it('refuses terms over 20,000 characters and a field without a label', async () => {
    const { actor, saved } = await loadedActor(ORDER_SETTINGS_MODEL_STORED);
    actor.send({ type: 'SET_TERMS', text: 'x'.repeat(ORDER_TERMS_MAX_LENGTH + 1) });
    expect(actor.getSnapshot().context.problems.map((problem) => problem.path)).toEqual(['termsAndConditions']);
    actor.send({ type: 'SAVE' });
    actor.send({ type: 'SET_TERMS', text: 'ok' });
    actor.send({ type: 'ADD_FIELD', dataType: 'text' });
    actor.send({ type: 'SAVE' });
    expect(saved).toHaveLength(0);
    expect(actor.getSnapshot().context.problems.some((problem) => problem.path === 'fields.0.label')).toBe(true);
  });

  it('reads a stored configuration into a draft and back unchanged, and words the errors', () => {
    const stored: OrderConfig = { fields: [{ id: 'usage', label: 'Usage', dataType: 'text', values: [], required: false, validation: null }], termsAndConditions: 'Terms' };
    const draft = orderSettingsDraftOf(stored, 3);
    expect(orderConfigOf(draft)).toEqual(stored);
    expect(orderSettingsChanged(stored, draft)).toBe(false);
    expect(orderSettingsChanged(stored, { ...draft, terms: ' Terms ' })).toBe(false);
    expect(orderSettingsErrorMessage(ORDER_SETTINGS_MODEL_INVALID)).toBe(ORDER_SETTINGS_INVALID_MESSAGE);
    expect(orderSettingsErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
