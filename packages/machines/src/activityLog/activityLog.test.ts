import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { createPromiseActorDriver } from '../testing/promiseActorDriver.ts';
import { DEFAULT_ERROR_MESSAGE } from '../uploadPopover/uploadError.ts';
import { ACTIVITY_FORBIDDEN, activityLogErrorMessage, activityLogMachine, type ActivityFilters } from './activityLog.machine.ts';
import { ACTIVITY_MODEL_INPUT, activityLogModel } from './activityLog.model.ts';

const shortestPaths = activityLogModel.testModel('shortest').getShortestPaths();
const simplePaths = activityLogModel.testModel('simple').getSimplePaths();

function createDriver(coverage?: CoverageTracker): PathDriver {
  const first = createControlledPromiseActor<unknown, { filters: ActivityFilters }>();
  const more = createControlledPromiseActor<unknown, { href: string }>();
  return createPromiseActorDriver(
    {
      machine: activityLogMachine,
      input: ACTIVITY_MODEL_INPUT,
      actors: [
        { name: 'loadFirst', controlled: first, invokingState: 'loading' },
        { name: 'loadMore', controlled: more, invokingState: 'loadingMore' },
      ],
      afterEvent(event, snapshot) {
        if (event.type === 'xstate.error.actor.loadFirst') expect(snapshot.context.error).toBe(activityLogErrorMessage((event as unknown as { error?: unknown }).error));
        if (event.type === 'xstate.error.actor.loadMore') expect(snapshot.context.moreError).toBe(activityLogErrorMessage((event as unknown as { error?: unknown }).error));
      },
      verify(snapshot) {
        // The first page is read with the filters the machine holds, an older page from the href the last page gave.
        const pendingFirst = first.pending();
        if (pendingFirst.length > 0) expect(first.invocations.at(-1)!.input).toEqual({ filters: snapshot.context.filters });
        if (more.pending().length > 0) expect(more.invocations.at(-1)!.input.href).toMatch(/before=/);
      },
    },
    coverage,
  );
}

describeModelPaths('activityLog model: shortest paths', shortestPaths, 60, () => createDriver());

describeModelPaths('activityLog model: simple paths', simplePaths, 60, () => createDriver());

describe('activityLog coverage and texts', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(activityLogMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('activityLog', report));
    assertFullCoverage('activityLog', report);
  });

  it('says the DAM’s reason for a bad filter, the permission for a 403, the general error otherwise', () => {
    expect(activityLogErrorMessage({ status: 400, responseJSON: { value: 'InvalidRequest', message: 'from is after to.' } })).toBe('from is after to.');
    expect(activityLogErrorMessage({ status: 403, responseJSON: null })).toBe(ACTIVITY_FORBIDDEN);
    expect(activityLogErrorMessage({ status: 500, responseJSON: null })).toBe(DEFAULT_ERROR_MESSAGE);
    expect(activityLogErrorMessage(new TypeError('offline'))).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
