/**
 * The test block every machine's model-based suite repeats (test-only; imports vitest, so the QA CLI never loads it).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
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
