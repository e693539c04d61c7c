import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { FOOTER_SCROLL_THRESHOLD_PX, FOOTER_VISIBLE_TAG, floatingFooterMachine, scrollDirection, type FloatingFooterEvent } from './floatingFooter.machine.ts';
import { floatingFooterModel } from './floatingFooter.model.ts';

const shortestPaths = floatingFooterModel.testModel('shortest').getShortestPaths();
const simplePaths = floatingFooterModel.testModel('simple').getSimplePaths();

/** Runs the real machine along a path and checks each state: on screen exactly in shown and pinned. */
function createFooterDriver(coverage?: CoverageTracker): PathDriver {
  const actor = createActor(floatingFooterMachine, coverage ? { inspect: coverage.inspect } : {});
  actor.start();
  coverage?.observe(actor.getSnapshot());
  return {
    async exec(event: EventObject) {
      actor.send(event as FloatingFooterEvent);
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      expect(snapshot.value).toEqual(expected.value);
      expect(snapshot.hasTag(FOOTER_VISIBLE_TAG)).toBe(snapshot.value === 'shown' || snapshot.value === 'pinned');
    },
  };
}

describeModelPaths('floatingFooter model: shortest paths', shortestPaths, 10, () => createFooterDriver());

describeModelPaths('floatingFooter model: simple paths', simplePaths, 20, () => createFooterDriver());

describe('floatingFooter coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(floatingFooterMachine);
    for (const path of [...shortestPaths, ...simplePaths]) await runPath(path, createFooterDriver(coverage));
    const report = coverage.report();
    console.log(formatCoverage('floatingFooter', report));
    assertFullCoverage('floatingFooter', report);
  });
});

describe('floatingFooter spec rules (spec 02 §4)', () => {
  const run = (...events: FloatingFooterEvent['type'][]) => {
    const actor = createActor(floatingFooterMachine).start();
    for (const type of events) actor.send({ type });
    return actor.getSnapshot();
  };

  it('starts on screen, hides when the page scrolls down and shows again when it scrolls up', () => {
    expect(run().hasTag(FOOTER_VISIBLE_TAG)).toBe(true);
    expect(run('SCROLL_DOWN').hasTag(FOOTER_VISIBLE_TAG)).toBe(false);
    expect(run('SCROLL_DOWN', 'SCROLL_UP').hasTag(FOOTER_VISIBLE_TAG)).toBe(true);
  });

  it('lets the info icon toggle it, and the choice holds while the page scrolls', () => {
    expect(run('SCROLL_DOWN', 'TOGGLE').value).toBe('pinned');
    expect(run('SCROLL_DOWN', 'TOGGLE', 'SCROLL_DOWN', 'SCROLL_UP', 'SCROLL_DOWN').value).toBe('pinned');
    expect(run('TOGGLE').value).toBe('closed');
    expect(run('TOGGLE', 'SCROLL_UP', 'SCROLL_DOWN').value).toBe('closed');
    expect(run('TOGGLE', 'TOGGLE').hasTag(FOOTER_VISIBLE_TAG)).toBe(true);
  });

  it('reads the scroll direction only past the threshold, and the top of the page as up', () => {
    expect(scrollDirection(100, 100 + FOOTER_SCROLL_THRESHOLD_PX)).toBe('down');
    expect(scrollDirection(100, 100 + FOOTER_SCROLL_THRESHOLD_PX - 1)).toBeUndefined();
    expect(scrollDirection(100, 100 - FOOTER_SCROLL_THRESHOLD_PX)).toBe('up');
    expect(scrollDirection(100, 95)).toBeUndefined();
    expect(scrollDirection(3, 0)).toBe('up');
  });
});
