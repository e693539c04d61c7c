import { createActor, fromPromise, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { TAXONOMY_GENERAL_ERROR_MESSAGE, type TaxonomyItem } from '../taxonomyTree/taxonomyTree.types.ts';
import { canSaveTaxonomyItem, taxonomyItemEditMachine, valueFromLabel, type SaveTaxonomyItemInput, type TaxonomyItemEditEvent } from './taxonomyItemEdit.machine.ts';
import { MODEL_FAILURE, MODEL_INPUT, MODEL_ITEM, MODEL_TEXT, taxonomyItemEditModel, taxonomyItemEditTestModel } from './taxonomyItemEdit.model.ts';

const shortestPaths = taxonomyItemEditTestModel('shortest').getShortestPaths();
const simplePaths = taxonomyItemEditTestModel('simple').getSimplePaths();

function createEditDriver(coverage?: CoverageTracker): PathDriver {
  const saves = createControlledPromiseActor<TaxonomyItem, SaveTaxonomyItemInput>();
  const actor = createActor(taxonomyItemEditMachine.provide({ actors: { saveItem: saves.logic } }), {
    input: MODEL_INPUT,
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  let stored: TaxonomyItem | undefined;

  return {
    async exec(event: EventObject) {
      const before = actor.getSnapshot();
      const payload = event as EventObject & { output?: TaxonomyItem; error?: unknown };
      if (event.type === 'xstate.done.actor.saveItem') {
        stored = payload.output;
        saves.current().resolve(payload.output as TaxonomyItem);
      } else if (event.type === 'xstate.error.actor.saveItem') {
        saves.current().reject(payload.error);
      } else {
        actor.send(event as TaxonomyItemEditEvent);
      }
      await flushPromises();
      // spec 02 §5: OK does something only after a change, with label and value both filled.
      if (event.type === 'SUBMIT') {
        expect(actor.getSnapshot().value).toBe(canSaveTaxonomyItem(before.context) ? 'saving' : 'editing');
      }
    },
    verify(expected: AnyMachineSnapshot) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // spec 02 §5: until typed by hand, the value is the label without < and >.
      if (!context.valueEdited) expect(context.draft.value).toBe(valueFromLabel(context.draft.name));
      expect(context.original).toEqual({ name: 'Cats', value: 'Cats', description: '', customSearch: '', acl: ['Query', 'Set'] });
      expect(saves.pending()).toHaveLength(snapshot.matches('saving') ? 1 : 0);
      // Only changed items with a label and a value are ever sent, trimmed, to the item's own link (spec 02 §7 PUT).
      for (const { input } of saves.invocations) {
        expect(input.href).toBe(MODEL_ITEM.href);
        expect(input.draft.name).toBe(input.draft.name.trim());
        expect(input.draft.name).not.toBe('');
        expect(input.draft.value).not.toBe('');
      }
      if (snapshot.matches('saving')) {
        expect(saves.current().input.draft).toEqual({
          ...context.draft,
          name: context.draft.name.trim(),
          value: context.draft.value.trim(),
        });
      }
      // spec 02 §8: a failing save shows the general error with the response's details; the draft stays.
      if (snapshot.matches('failed')) {
        expect(context.error).toEqual({ title: 'Error', message: TAXONOMY_GENERAL_ERROR_MESSAGE, details: MODEL_FAILURE.body });
      } else {
        expect(context.error).toBeUndefined();
      }
      if (snapshot.matches('done')) {
        expect(snapshot.status).toBe('done');
        expect(snapshot.output).toEqual({ saved: stored });
      }
    },
  };
}

describe('taxonomyItemEdit model', () => {
  it('is the QA model', () => {
    expect(taxonomyItemEditModel.testModel('shortest').getShortestPaths().length).toBe(shortestPaths.length);
  });
  describeModelPaths('shortest paths (every input once, refused OK, failed save)', shortestPaths, 60, () => createEditDriver());
  describeModelPaths('simple paths (label → value → OK)', simplePaths, 30, () => createEditDriver());
});

describe('taxonomyItemEdit coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(taxonomyItemEditMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createEditDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('taxonomyItemEdit', report));
    assertFullCoverage('taxonomyItemEdit', report);
  });
});

describe('taxonomyItemEdit spec rules', () => {
  it('copies the label without < and > into the value until the value is typed (spec 02 §5)', () => {
    const actor = createActor(taxonomyItemEditMachine, { input: MODEL_INPUT }).start();
    actor.send({ type: 'SET_LABEL', text: MODEL_TEXT.label });
    expect(actor.getSnapshot().context.draft.value).toBe(MODEL_TEXT.copiedValue);
    actor.send({ type: 'SET_VALUE', text: MODEL_TEXT.value });
    actor.send({ type: 'SET_LABEL', text: MODEL_TEXT.relabel });
    expect(actor.getSnapshot().context.draft).toMatchObject({ name: MODEL_TEXT.relabel, value: MODEL_TEXT.value });
  });

  it('keeps a value that already differs from its label', () => {
    const actor = createActor(taxonomyItemEditMachine, { input: { item: { ...MODEL_ITEM, value: 'felis' } } }).start();
    actor.send({ type: 'SET_LABEL', text: 'Housecats' });
    expect(actor.getSnapshot().context.draft.value).toBe('felis');
  });

  it('enables OK only after a change with label and value both non-blank (spec 02 §5)', () => {
    const actor = createActor(taxonomyItemEditMachine, { input: MODEL_INPUT }).start();
    const canSave = () => canSaveTaxonomyItem(actor.getSnapshot().context);
    expect(canSave()).toBe(false);
    actor.send({ type: 'SET_DESCRIPTION', text: 'x' });
    expect(canSave()).toBe(true);
    actor.send({ type: 'SET_DESCRIPTION', text: '' });
    expect(canSave()).toBe(false);
    actor.send({ type: 'SET_LABEL', text: '<>' });
    expect(actor.getSnapshot().context.draft.value).toBe('');
    expect(canSave()).toBe(false);
  });

  it('saves with PUT and answers the stored item; a failure keeps the draft (spec 02 §7, §8)', async () => {
    const calls: SaveTaxonomyItemInput[] = [];
    let fail = true;
    const actor = createActor(
      taxonomyItemEditMachine.provide({
        actors: {
          saveItem: fromPromise<TaxonomyItem, SaveTaxonomyItemInput>(async ({ input }) => {
            calls.push(input);
            if (fail) throw MODEL_FAILURE;
            return { ...MODEL_ITEM, ...input.draft };
          }),
        },
      }),
      { input: MODEL_INPUT },
    ).start();
    actor.send({ type: 'SET_LABEL', text: '  Tigers ' });
    actor.send({ type: 'TOGGLE_USAGE', usage: 'Navigate' });
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'DISMISS_ERROR' });
    expect(actor.getSnapshot().context.draft.name).toBe('  Tigers ');
    fail = false;
    actor.send({ type: 'SUBMIT' });
    await flushPromises();
    expect(calls.map((call) => call.draft)).toEqual([
      { name: 'Tigers', value: 'Tigers', description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'] },
      { name: 'Tigers', value: 'Tigers', description: '', customSearch: '', acl: ['Navigate', 'Query', 'Set'] },
    ]);
    expect(actor.getSnapshot().output?.saved?.name).toBe('Tigers');
  });
});
