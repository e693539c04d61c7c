import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { flushPromises } from '../testing/controlledActor.ts';
import type { CoverageTracker } from '../testing/coverage.ts';
import { describeModelCoverage, describeModelPaths } from '../testing/describeModelPaths.ts';
import { createLoadSaveDriver } from '../testing/loadSaveDriver.ts';
import type { PathDriver } from '../testing/modelPaths.ts';
import { FOOTER_EDITOR_DEFAULT_ERROR, FOOTER_MAX_LENGTH, footerDraftProblem, footerEditorMachine, type FooterReply } from './footerEditor.machine.ts';
import { footerEditorModel, MODEL_FAILURE, MODEL_NEW_FOOTER, MODEL_STORED_FOOTER } from './footerEditor.model.ts';

const shortestPaths = footerEditorModel.testModel('shortest').getShortestPaths();
const simplePaths = footerEditorModel.testModel('simple').getSimplePaths();

function createEditorDriver(coverage?: CoverageTracker): PathDriver {
  return createLoadSaveDriver(
    {
      machine: footerEditorMachine,
      saveInput: { markdown: MODEL_NEW_FOOTER },
      failureMessage: MODEL_FAILURE.message,
      verifySaved: (snapshot) => expect(snapshot.context.stored).toBe(MODEL_NEW_FOOTER),
    },
    coverage,
  );
}

describeModelPaths('footerEditor model: shortest paths', shortestPaths, 12, () => createEditorDriver());

describeModelPaths('footerEditor model: simple paths', simplePaths, 60, () => createEditorDriver());

describeModelCoverage('footerEditor', footerEditorMachine, [...shortestPaths, ...simplePaths], createEditorDriver);

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
