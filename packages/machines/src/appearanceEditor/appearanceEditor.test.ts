import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { AppearanceSettings, TitleBarButton } from '@magpie/api-types';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { appearanceEditorMachine, appearanceErrorMessage, cssDraftProblem, titleBarButtonProblems, titleBarButtonsToSave } from './appearanceEditor.machine.ts';
import {
  APPEARANCE_MODEL_BUTTON,
  APPEARANCE_MODEL_NEW_CSS,
  APPEARANCE_MODEL_SETTINGS,
  APPEARANCE_MODEL_TOO_LARGE,
  APPEARANCE_MODEL_TOO_LARGE_CSS,
  appearanceEditorModel,
  appearanceModelSavedCss,
} from './appearanceEditor.model.ts';

const shortestPaths = appearanceEditorModel.testModel('shortest').getShortestPaths();
const simplePaths = appearanceEditorModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const loads = createControlledPromiseActor<AppearanceSettings, void>();
  const cssSaves = createControlledPromiseActor<AppearanceSettings, { css: string }>();
  const buttonSaves = createControlledPromiseActor<readonly TitleBarButton[], { buttons: readonly TitleBarButton[] }>();
  return createPromiseActorDriver(
    {
      machine: appearanceEditorMachine,
      input: undefined,
      actors: [
        { name: 'load', controlled: loads, invokingState: 'loading' },
        { name: 'saveCss', controlled: cssSaves, invokingState: 'savingCss' },
        { name: 'saveButtons', controlled: buttonSaves, invokingState: 'savingButtons' },
      ],
      verify(snapshot) {
        const { context } = snapshot;
        // Only a draft within the limit is sent, and only safe buttons.
        for (const { input } of cssSaves.invocations) expect(cssDraftProblem(input.css, APPEARANCE_MODEL_SETTINGS.cssMaxBytes)).toBeUndefined();
        for (const { input } of buttonSaves.invocations) expect(titleBarButtonProblems(input.buttons)).toEqual([]);
        expect(context.error !== undefined).toBe(snapshot.matches('loadFailed') || snapshot.matches({ ready: 'failed' }));
        expect(context.saved !== undefined).toBe(snapshot.matches({ ready: 'saved' }));
      },
    },
    coverage,
  );
}

describeModelPaths('appearanceEditor model: shortest paths', shortestPaths, 160, () => createDriver());

describeModelPaths('appearanceEditor model: simple paths', simplePaths, 60, () => createDriver());

describe('appearanceEditor coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(appearanceEditorMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('appearanceEditor', report));
    assertFullCoverage('appearanceEditor', report);
  }, 60_000);

  it('saves the CSS draft, keeps the buttons, and clears the stored CSS', async () => {
    const sent: string[] = [];
    const actor = createActor(
      appearanceEditorMachine.provide({
        actors: {
          load: fromPromise(async () => APPEARANCE_MODEL_SETTINGS),
          saveCss: fromPromise<AppearanceSettings, { css: string }>(async ({ input }) => {
            sent.push(input.css);
            return appearanceModelSavedCss(input.css);
          }),
        },
      }),
    ).start();
    await flushPromises();
    actor.send({ type: 'SAVE_CSS' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'idle' });
    actor.send({ type: 'EDIT_CSS', css: APPEARANCE_MODEL_TOO_LARGE_CSS });
    actor.send({ type: 'SAVE_CSS' });
    expect(sent).toEqual([]);
    actor.send({ type: 'EDIT_CSS', css: APPEARANCE_MODEL_NEW_CSS });
    actor.send({ type: 'SAVE_CSS' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'saved' });
    expect(actor.getSnapshot().context.saved).toBe('css');
    actor.send({ type: 'CLEAR_CSS' });
    await flushPromises();
    expect(sent).toEqual([APPEARANCE_MODEL_NEW_CSS, '']);
    expect(actor.getSnapshot().context.stored?.customCss).toBeNull();
    actor.send({ type: 'CLEAR_CSS' });
    expect(actor.getSnapshot().value).toEqual({ ready: 'saved' });
  });

  it('keeps the draft with the reason when a save is refused', async () => {
    const actor = createActor(
      appearanceEditorMachine.provide({
        actors: {
          load: fromPromise(async () => APPEARANCE_MODEL_SETTINGS),
          saveCss: fromPromise<AppearanceSettings, { css: string }>(async () => {
            throw APPEARANCE_MODEL_TOO_LARGE;
          }),
        },
      }),
    ).start();
    await flushPromises();
    actor.send({ type: 'EDIT_CSS', css: APPEARANCE_MODEL_NEW_CSS });
    actor.send({ type: 'SAVE_CSS' });
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ ready: 'failed' });
    expect(actor.getSnapshot().context).toMatchObject({ cssDraft: APPEARANCE_MODEL_NEW_CSS, error: APPEARANCE_MODEL_TOO_LARGE.responseJSON.message });
  });

  it('checks buttons as the DAM does, and words the errors', () => {
    expect(titleBarButtonProblems([APPEARANCE_MODEL_BUTTON])).toEqual([]);
    expect(titleBarButtonProblems([{ ...APPEARANCE_MODEL_BUTTON, tooltip: ' ', href: 'javascript:x', index: -1 }]).map((p) => p.field)).toEqual(['tooltip', 'href', 'index']);
    expect(titleBarButtonProblems(Array.from({ length: 11 }, () => APPEARANCE_MODEL_BUTTON))[0]).toMatchObject({ field: 'list' });
    expect(titleBarButtonsToSave([{ ...APPEARANCE_MODEL_BUTTON, tooltip: '  Help  ' }])[0]!.tooltip).toBe('Help');
    expect(cssDraftProblem('é'.repeat(33), 64)).toBe('The CSS is 66 bytes; the limit is 64 bytes (0 KiB).');
    expect(cssDraftProblem('a', 64)).toBeUndefined();
    expect(appearanceErrorMessage(APPEARANCE_MODEL_TOO_LARGE)).toBe(APPEARANCE_MODEL_TOO_LARGE.responseJSON.message);
    expect(appearanceErrorMessage({ status: 502, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
