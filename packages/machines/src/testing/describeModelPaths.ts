/**
 * The test block every machine's model-based suite repeats (test-only; imports vitest, so the QA CLI never loads it).
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from './coverage.ts';
import { describePath, runPath, type PathDriver } from './modelPaths.ts';

/**
 * Declares `describe(title)` with one test asserting `0 < paths.length < maxPaths` (path counts stay bounded) and
 * one test per path that replays it with {@link runPath} on a fresh driver from `makeDriver()`.
 */
export function describeModelPaths(title: string, paths: ReadonlyArray<TestPath<AnyMachineSnapshot, EventObject>>, maxPaths: number, makeDriver: () => PathDriver): void {
  describe(title, () => {
    it('has a bounded number of paths', () => {
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.length).toBeLessThan(maxPaths);
    });
    for (const path of paths) {
      it(describePath(path), async () => {
        await runPath(path, makeDriver());
      });
    }
  });
}

/**
 * Declares `describe('<name> coverage')` with one test that replays every path of `paths` on a fresh driver from
 * `makeDriver(coverage)` and asserts that, together, they reach every state of `machine` and take every transition
 * ({@link assertFullCoverage}; the counts are logged).
 */
export function describeModelCoverage(
  name: string,
  machine: AnyStateMachine,
  paths: ReadonlyArray<TestPath<AnyMachineSnapshot, EventObject>>,
  makeDriver: (coverage: CoverageTracker) => PathDriver,
): void {
  describe(`${name} coverage`, () => {
    it('reaches every state and takes every transition across the executed paths', async () => {
      const coverage = createCoverageTracker(machine);
      for (const path of paths) await runPath(path, makeDriver(coverage));
      const report = coverage.report();
      console.log(formatCoverage(name, report));
      assertFullCoverage(name, report);
    });
  });
}
