import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { CUSTOM_CSS_NOTICE_AUTOCLOSE_MS, customCssResetErrorMessage, customCssResetMachine, type CustomCssClearInput } from './customCssReset.machine.ts';
import { CUSTOM_CSS_RESET_MODEL_FORBIDDEN, CUSTOM_CSS_RESET_MODEL_HREF, customCssResetModel } from './customCssReset.model.ts';

const shortestPaths = customCssResetModel.testModel('shortest').getShortestPaths();
const simplePaths = customCssResetModel.testModel('simple').getSimplePaths();
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

function createDriver(coverage?: CoverageTracker): PathDriver {
  const clears = createControlledPromiseActor<void, CustomCssClearInput>();
  return createPromiseActorDriver(
    {
      machine: customCssResetMachine,
      input: undefined,
      actors: [{ name: 'clear', controlled: clears, invokingState: 'clearing' }],
      // The notice stays exactly 15 s (spec 01 §2, §9): not a millisecond less.
      delay: { ms: CUSTOM_CSS_NOTICE_AUTOCLOSE_MS, state: 'cleared' },
      verify(snapshot) {
        // Every POST goes to the address the prompt asked about; a message only while failed.
        for (const { input } of clears.invocations) expect(input.href).toBe(CUSTOM_CSS_RESET_MODEL_HREF);
        expect(snapshot.context.error !== undefined).toBe(snapshot.matches('failed'));
        if (!snapshot.matches('idle')) expect(snapshot.context.href).toBe(CUSTOM_CSS_RESET_MODEL_HREF);
      },
    },
    coverage,
  );
}

describeModelPaths('customCssReset model: shortest paths', shortestPaths, 20, () => createDriver());

describeModelPaths('customCssReset model: simple paths', simplePaths, 60, () => createDriver());

describe('customCssReset coverage and rules', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(customCssResetMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('customCssReset', report));
    assertFullCoverage('customCssReset', report);
  }, 30_000);

  it('asks first, posts only after Yes, and does nothing without an address', async () => {
    const sent: CustomCssClearInput[] = [];
    const clear = fromPromise<void, CustomCssClearInput>(async ({ input }) => {
      sent.push(input);
    });
    const actor = createActor(customCssResetMachine.provide({ actors: { clear } })).start();
    actor.send({ type: 'ASK', href: '  ' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'ASK', href: CUSTOM_CSS_RESET_MODEL_HREF });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(sent).toEqual([]);
    actor.send({ type: 'ASK', href: CUSTOM_CSS_RESET_MODEL_HREF });
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(sent).toEqual([{ href: CUSTOM_CSS_RESET_MODEL_HREF }]);
    expect(actor.getSnapshot().value).toBe('cleared');
  });

  it('keeps the prompt open with the reason when the POST is refused, and tries again on Yes', async () => {
    let refuse = true;
    const clear = fromPromise<void, CustomCssClearInput>(async () => {
      if (refuse) throw CUSTOM_CSS_RESET_MODEL_FORBIDDEN;
    });
    const actor = createActor(customCssResetMachine.provide({ actors: { clear } })).start();
    actor.send({ type: 'ASK', href: CUSTOM_CSS_RESET_MODEL_HREF });
    actor.send({ type: 'CONFIRM' });
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe(CUSTOM_CSS_RESET_MODEL_FORBIDDEN.responseJSON.message);
    refuse = false;
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    await flushPromises();
    expect(actor.getSnapshot().value).toBe('cleared');
  });

  it('words the errors', () => {
    expect(customCssResetErrorMessage({ status: 413, responseJSON: { message: ' Too large. ' } })).toBe('Too large.');
    expect(customCssResetErrorMessage({ status: 500, responseJSON: { message: 'boom' } })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(customCssResetErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
