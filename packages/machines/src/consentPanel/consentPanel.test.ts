import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { ConsentForm } from '@magpie/api-types';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  CONSENT_PANEL_DEFAULT_ERROR,
  consentFormDraftOf,
  consentFormFieldsOf,
  consentFormProblems,
  consentPanelMachine,
  CONSENT_CHANGE_FAILED,
  coversAsset,
  EMPTY_CONSENT_FORM,
  type ConsentFormChoices,
  type ConsentFormLinkInput,
  type ConsentFormRemoveInput,
  type ConsentFormSaveInput,
  type ConsentFormSearchInput,
  type ConsentPanelEvent,
} from './consentPanel.machine.ts';
import { consentPanelModel, MODEL_FAILURE, MODEL_FORM, MODEL_INPUT, MODEL_OTHER_FORM, MODEL_QUERY } from './consentPanel.model.ts';

const shortestPaths = consentPanelModel.testModel('shortest').getShortestPaths();
const simplePaths = consentPanelModel.testModel('simple').getSimplePaths();
const INPUT = MODEL_INPUT;

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<readonly ConsentForm[], { assetId: string }>();
  const saves = createControlledPromiseActor<ConsentForm, ConsentFormSaveInput>();
  const searches = createControlledPromiseActor<ConsentFormChoices, ConsentFormSearchInput>();
  const links = createControlledPromiseActor<unknown, ConsentFormLinkInput>();
  const removals = createControlledPromiseActor<unknown, ConsentFormRemoveInput>();
  let changed = 0;
  const actors = { load: loads.logic, save: saves.logic, search: searches.logic, link: links.logic, remove: removals.logic };
  const actor = createActor(consentPanelMachine.provide({ actors, actions: { changed: () => void changed++ } }), {
    input: INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.load':
          expect(loads.current().input).toEqual({ assetId: '1' });
          loads.current().resolve(record.output as ConsentForm[]);
          break;
        case 'xstate.error.actor.load':
          loads.current().reject(record.error);
          break;
        case 'xstate.done.actor.save': {
          const before = changed;
          expect(saves.current().input.assetHref).toBe(INPUT.assetHref);
          saves.current().resolve(record.output as ConsentForm);
          await flushPromises();
          expect(changed).toBe(before + 1);
          return;
        }
        case 'xstate.error.actor.save':
          saves.current().reject(record.error);
          break;
        case 'xstate.done.actor.search':
          expect([MODEL_QUERY, '']).toContain(searches.current().input.query);
          searches.current().resolve(record.output as ConsentFormChoices);
          break;
        case 'xstate.error.actor.search':
          searches.current().reject(record.error);
          break;
        case 'xstate.done.actor.link':
        case 'xstate.done.actor.remove': {
          const before = changed;
          const held = event.type === 'xstate.done.actor.link' ? links.current() : removals.current();
          if (event.type === 'xstate.done.actor.link') expect(links.current().input).toEqual({ formHref: MODEL_OTHER_FORM.href, assetHref: INPUT.assetHref });
          else expect(removals.current().input).toMatchObject({ formHref: MODEL_FORM.href, assetId: INPUT.assetId, assets: MODEL_FORM.assets });
          held.resolve(undefined);
          await flushPromises();
          expect(changed).toBe(before + 1);
          return;
        }
        case 'xstate.error.actor.link':
          links.current().reject(record.error);
          break;
        case 'xstate.error.actor.remove':
          removals.current().reject(record.error);
          break;
        default:
          actor.send(event as ConsentPanelEvent);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (snapshot.matches('loadFailed')) expect(snapshot.context.error).toBe(MODEL_FAILURE.message);
      if (snapshot.matches('saving')) expect(saves.pending()).toHaveLength(1);
    },
  };
}

describeModelPaths('consentPanel model: shortest paths', shortestPaths, 20, () => createDriver());

describeModelPaths('consentPanel model: simple paths', simplePaths, 400, () => createDriver());

describe('consentPanel coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(consentPanelMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('consentPanel', report));
    assertFullCoverage('consentPanel', report);
  });
});

describe('consentPanel rules', () => {
  it('records a new form on the asset or changes the one opened, and keeps the draft when the save fails', async () => {
    const sent: ConsentFormSaveInput[] = [];
    const actor = createActor(
      consentPanelMachine.provide({
        actors: {
          load: fromPromise<readonly ConsentForm[], { assetId: string }>(async () => [MODEL_FORM]),
          save: fromPromise<ConsentForm, ConsentFormSaveInput>(async ({ input }) => {
            sent.push(input);
            throw new Error('');
          }),
        },
      }),
      { input: INPUT },
    ).start();
    await flushPromises();
    actor.send({ type: 'ADD' });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'CHANGE', change: { personName: ' Ada ', usages: 'web, print ,' } });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent[0]).toEqual({
      assetHref: INPUT.assetHref,
      href: undefined,
      fields: { personName: 'Ada', email: null, state: 'Signed', signed: null, expires: null, category: null, usages: ['web', 'print'] },
    });
    expect(actor.getSnapshot().context).toMatchObject({ error: CONSENT_PANEL_DEFAULT_ERROR, draft: { personName: ' Ada ' } });
    actor.send({ type: 'CANCEL' });
    actor.send({ type: 'EDIT', form: MODEL_FORM });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent[1]).toMatchObject({ href: MODEL_FORM.href, fields: { personName: 'Bo Recorded', signed: '2026-01-10', usages: ['web'] } });
  });

  it('names each problem on its field, and reads a stored form back', () => {
    expect(consentFormProblems(EMPTY_CONSENT_FORM).map((p) => p.field)).toEqual(['personName']);
    const bad = { ...EMPTY_CONSENT_FORM, personName: 'A', email: 'x', signed: '2026-02-30', expires: '2026-13-01' };
    expect(consentFormProblems(bad).map((p) => p.field)).toEqual(['email', 'signed', 'expires']);
    expect(consentFormProblems({ ...EMPTY_CONSENT_FORM, personName: 'A', signed: '2026-02-02', expires: '2026-02-01' }).map((p) => p.field)).toEqual(['expires']);
    expect(consentFormProblems({ ...EMPTY_CONSENT_FORM, personName: 'A', usages: Array.from({ length: 21 }, (_, i) => `u${i}`).join(',') }).map((p) => p.field)).toEqual([
      'usages',
    ]);
    expect(consentFormFieldsOf(consentFormDraftOf(MODEL_FORM))).toEqual({
      personName: 'Bo Recorded',
      email: null,
      state: 'Signed',
      signed: '2026-01-10',
      expires: null,
      category: null,
      usages: ['web'],
    });
  });

  it('links a listed form, unlinks one at once, deletes one only after the confirmation, and tells the asset view each time', async () => {
    const searched: string[] = [];
    const linked: ConsentFormLinkInput[] = [];
    const removed: ConsentFormRemoveInput[] = [];
    let failRemove: 'no' | 'said' | 'bare' = 'no';
    let changed = 0;
    const actor = createActor(
      consentPanelMachine.provide({
        actors: {
          load: fromPromise<readonly ConsentForm[], { assetId: string }>(async () => [MODEL_FORM]),
          search: fromPromise<ConsentFormChoices, ConsentFormSearchInput>(async ({ input }) => {
            searched.push(input.query);
            return { forms: [MODEL_FORM, MODEL_OTHER_FORM], count: 2 };
          }),
          link: fromPromise<unknown, ConsentFormLinkInput>(async ({ input }) => void linked.push(input)),
          remove: fromPromise<unknown, ConsentFormRemoveInput>(async ({ input }) => {
            removed.push(input);
            if (failRemove !== 'no') throw failRemove === 'said' ? { message: 'The consent form was linked to other assets since you looked.' } : {};
          }),
        },
        actions: { changed: () => void changed++ },
      }),
      { input: INPUT },
    ).start();
    await flushPromises();
    actor.send({ type: 'LINK' });
    expect(actor.getSnapshot().context.choices).toBeUndefined();
    await flushPromises();
    actor.send({ type: 'SEARCH', query: 'Cy' });
    await flushPromises();
    expect(searched).toEqual(['', 'Cy']);
    // The form already on the asset is listed but not linked again; a form not listed cannot be chosen.
    expect(coversAsset(MODEL_FORM, INPUT.assetId)).toBe(true);
    actor.send({ type: 'CHOOSE', form: MODEL_FORM });
    actor.send({ type: 'CHOOSE', form: { ...MODEL_OTHER_FORM, href: '/fotoweb/consent/forms/99' } });
    expect(actor.getSnapshot().value).toBe('picking');
    actor.send({ type: 'CHOOSE', form: MODEL_OTHER_FORM });
    await flushPromises();
    expect(linked).toEqual([{ formHref: MODEL_OTHER_FORM.href, assetHref: INPUT.assetHref }]);
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { query: '', choices: undefined, target: undefined } });

    actor.send({ type: 'UNLINK', form: MODEL_FORM });
    await flushPromises();
    actor.send({ type: 'DELETE', form: MODEL_FORM });
    expect(actor.getSnapshot().value).toBe('confirmingDelete');
    actor.send({ type: 'CANCEL' });
    expect(removed).toHaveLength(1);
    actor.send({ type: 'DELETE', form: MODEL_FORM });
    failRemove = 'said';
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(removed).toEqual([
      { kind: 'unlink', formHref: MODEL_FORM.href, assetId: INPUT.assetId, assets: [1] },
      { kind: 'delete', formHref: MODEL_FORM.href, assetId: INPUT.assetId, assets: [1] },
    ]);
    // Refused: the forms are read again and the reason stays on show until the next action.
    expect(actor.getSnapshot()).toMatchObject({ value: 'ready', context: { error: 'The consent form was linked to other assets since you looked.', target: undefined } });
    expect(changed).toBe(2);
    failRemove = 'bare';
    actor.send({ type: 'UNLINK', form: MODEL_FORM });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await flushPromises();
    expect(actor.getSnapshot().context.error).toBe(CONSENT_CHANGE_FAILED);
  });
});
