import { createActor, fromPromise, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { FOOTER_EDITOR_DEFAULT_ERROR, FOOTER_MAX_LENGTH, footerDraftProblem, footerEditorMachine, type FooterEditorEvent, type FooterReply } from './footerEditor.machine.ts';
import { footerEditorModel, MODEL_FAILURE, MODEL_NEW_FOOTER, MODEL_STORED_FOOTER } from './footerEditor.model.ts';

const shortestPaths = footerEditorModel.testModel('shortest').getShortestPaths();
const simplePaths = footerEditorModel.testModel('simple').getSimplePaths();

function createEditorDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<FooterReply, void>();
  const saves = createControlledPromiseActor<FooterReply, { markdown: string }>();
  const actor = createActor(footerEditorMachine.provide({ actors: { load: loads.logic, save: saves.logic } }), coverage ? { inspect: coverage.inspect } : {});
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.load':
          loads.current().resolve(record.output as FooterReply);
          break;
        case 'xstate.error.actor.load':
          loads.current().reject(record.error);
          break;
        case 'xstate.done.actor.save':
          expect(saves.current().input).toEqual({ markdown: MODEL_NEW_FOOTER });
          saves.current().resolve(record.output as FooterReply);
          break;
        case 'xstate.error.actor.save':
          saves.current().reject(record.error);
          break;
        default:
          actor.send(event as FooterEditorEvent);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.context).toEqual(expected.context);
      if (snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' })) expect(snapshot.context.error).toBe(MODEL_FAILURE.message);
      if (snapshot.matches({ ready: 'saved' })) expect(snapshot.context.stored).toBe(MODEL_NEW_FOOTER);
      if (snapshot.matches('saving')) expect(saves.pending()).toHaveLength(1);
    },
  };
}

describeModelPaths('footerEditor model: shortest paths', shortestPaths, 12, () => createEditorDriver());

describeModelPaths('footerEditor model: simple paths', simplePaths, 60, () => createEditorDriver());

describe('footerEditor coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(footerEditorMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createEditorDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('footerEditor', report));
    assertFullCoverage('footerEditor', report);
  });
});

describe('footerEditor rules', () => {
  const start = (save: (markdown: string) => Promise<FooterReply>) =>
    createActor(
      footerEditorMachine.provide({
        actors: {
          load: fromPromise<FooterReply, void>(async () => ({ markdown: MODEL_STORED_FOOTER })),
          save: fromPromise<FooterReply, { markdown: string }>(async ({ input }) => save(input.markdown)),
        },
      }),
    ).start();

  it('saves nothing unchanged, nothing over the limit, and keeps the draft when the save fails', async () => {
    const sent: string[] = [];
    const actor = start(async (markdown) => {
      sent.push(markdown);
      throw new Error('');
    });
    await flushPromises();
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.send({ type: 'EDIT', markdown: 'x'.repeat(FOOTER_MAX_LENGTH + 1) });
    actor.send({ type: 'SAVE' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(sent).toEqual([]);
    actor.send({ type: 'EDIT', markdown: 'Changed' });
    actor.send({ type: 'SAVE' });
    await flushPromises();
    expect(sent).toEqual(['Changed']);
    expect(actor.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ draft: 'Changed', stored: MODEL_STORED_FOOTER, error: FOOTER_EDITOR_DEFAULT_ERROR });
  });

  it('names the size limit in the problem', () => {
    expect(footerDraftProblem('x'.repeat(FOOTER_MAX_LENGTH))).toBeUndefined();
    expect(footerDraftProblem('x'.repeat(FOOTER_MAX_LENGTH + 1))).toMatch(/at most 10,000 characters/);
  });
});
