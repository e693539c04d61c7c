import { createActor, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import type { PathVariant } from '../testing/machineModel.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import { assetRange, assetSelectionMachine, inGridOrder, toggleAsset, type AssetSelectionContext, type AssetSelectionEvent } from './assetSelection.machine.ts';
import { ASSET_SELECTION_MODEL_INPUT, assetSelectionModel, MODEL_COLLECTION, MODEL_FIRST_PAGE, MODEL_SUBFOLDER, MODEL_SUBFOLDER_ASSETS } from './assetSelection.model.ts';

const shortestPaths = assetSelectionModel.testModel('shortest').getShortestPaths();
const simplePaths = assetSelectionModel.testModel('simple').getSimplePaths();

function createSelectionDriver(variant: PathVariant, coverage?: CoverageTracker): PathDriver {
  const actor = createActor(assetSelectionMachine, {
    input: ASSET_SELECTION_MODEL_INPUT[variant],
    ...(coverage ? { inspect: coverage.inspect } : {}),
  });
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** The context before the last step and the step itself, for the step's own rule. */
  let before: AssetSelectionContext = actor.getSnapshot().context;
  let last: AssetSelectionEvent | undefined;

  return {
    exec(event: EventObject) {
      before = actor.getSnapshot().context;
      last = event as AssetSelectionEvent;
      actor.send(last);
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      // Invariants: `empty` exactly when nothing is selected; no asset twice; loaded ones in grid order; the anchor
      // is a selected asset.
      expect(snapshot.matches('empty')).toBe(context.selected.length === 0);
      expect(new Set(context.selected).size).toBe(context.selected.length);
      expect(context.selected).toEqual(inGridOrder(context.selected, context.loaded));
      if (context.anchor !== undefined) expect(context.selected).toContain(context.anchor);

      // The rule of the step just taken (spec 01 §2).
      const selected = new Set(context.selected);
      switch (last?.type) {
        case 'TOGGLE':
          expect(selected.has(last.href)).toBe(!before.selected.includes(last.href));
          {
            const { href: toggled } = last;
            expect(context.selected.filter((href) => href !== toggled)).toEqual(before.selected.filter((href) => href !== toggled));
          }
          if (selected.has(last.href)) expect(context.anchor).toBe(last.href);
          break;
        case 'SELECT_RANGE': {
          // Everything between the previous selection and the shift-clicked asset is selected; nothing is lost.
          for (const href of assetRange(before.loaded, before.anchor, last.href)) expect(selected.has(href)).toBe(true);
          for (const href of before.selected) expect(selected.has(href)).toBe(true);
          expect(context.anchor).toBe(last.href);
          break;
        }
        case 'SELECT_ALL':
          for (const href of context.loaded) expect(selected.has(href)).toBe(true);
          break;
        case 'CLEAR':
          expect(context.selected).toEqual([]);
          expect(context.anchor).toBeUndefined();
          break;
        case 'SHOW':
          expect(context.collection).toBe(last.collection);
          expect(context.loaded).toEqual(last.assets);
          // Another collection starts afresh; more of the same one keeps the selection.
          if (last.collection !== before.collection) expect(context.selected).toEqual([]);
          else expect([...selected].sort()).toEqual([...before.selected].sort());
          break;
        default:
          expect(context.selected).toEqual([]);
      }
    },
  };
}

describeModelPaths('assetSelection model: shortest paths', shortestPaths, 80, () => createSelectionDriver('shortest'));

describeModelPaths('assetSelection model: simple paths (two assets)', simplePaths, 60, () => createSelectionDriver('simple'));

describe('assetSelection coverage', () => {
  // Runs every path again on its own tracker, so the result does not depend on test order or filtering.
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(assetSelectionMachine);
    for (const path of shortestPaths) await runPath(path, createSelectionDriver('shortest', coverage));
    for (const path of simplePaths) await runPath(path, createSelectionDriver('simple', coverage));
    const report = coverage.report();
    console.log(formatCoverage('assetSelection', report));
    assertFullCoverage('assetSelection', report);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly.
// ---------------------------------------------------------------------------------------------------------------

const [A, B, C] = MODEL_FIRST_PAGE as [string, string, string];
const D = `${MODEL_COLLECTION}d.jpg.info`;

function startSelection() {
  return createActor(assetSelectionMachine, { input: { collection: MODEL_COLLECTION, assets: [A, B, C, D] } }).start();
}

describe('assetSelection spec rules', () => {
  it('toggles an asset with a click (spec 01 §2)', () => {
    const actor = startSelection();
    actor.send({ type: 'TOGGLE', href: B });
    expect(actor.getSnapshot().context.selected).toEqual([B]);
    actor.send({ type: 'TOGGLE', href: A });
    expect(actor.getSnapshot().context.selected).toEqual([A, B]);
    actor.send({ type: 'TOGGLE', href: B });
    expect(actor.getSnapshot().context.selected).toEqual([A]);
    actor.send({ type: 'TOGGLE', href: A });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('selects the range from the previous selection with a shift-click, in either direction (spec 01 §2)', () => {
    const actor = startSelection();
    actor.send({ type: 'TOGGLE', href: B });
    actor.send({ type: 'SELECT_RANGE', href: D });
    expect(actor.getSnapshot().context.selected).toEqual([B, C, D]);
    // The shift-clicked asset is the next range's start.
    actor.send({ type: 'SELECT_RANGE', href: A });
    expect(actor.getSnapshot().context.selected).toEqual([A, B, C, D]);
    expect(actor.getSnapshot().context.anchor).toBe(A);
  });

  it('selects only the shift-clicked asset when there is no previous selection', () => {
    const actor = startSelection();
    actor.send({ type: 'SELECT_RANGE', href: C });
    expect(actor.getSnapshot().context.selected).toEqual([C]);
    actor.send({ type: 'TOGGLE', href: C });
    actor.send({ type: 'TOGGLE', href: A });
    actor.send({ type: 'TOGGLE', href: A });
    actor.send({ type: 'SELECT_RANGE', href: B });
    expect(actor.getSnapshot().context.selected).toEqual([B]);
  });

  it('selects every loaded asset with shift+A and clears with Esc (spec 01 §2 Keyboard)', () => {
    const actor = startSelection();
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().context.selected).toEqual([A, B, C, D]);
    actor.send({ type: 'CLEAR' });
    expect(actor.getSnapshot().matches('empty')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ selected: [], anchor: undefined });
  });

  it('keeps the selection when more of the same collection loads, resets it for another collection', () => {
    const actor = createActor(assetSelectionMachine, { input: {} }).start();
    actor.send({ type: 'SELECT_ALL' });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'SHOW', collection: MODEL_COLLECTION, assets: [A, B] });
    actor.send({ type: 'TOGGLE', href: B });
    actor.send({ type: 'SHOW', collection: MODEL_COLLECTION, assets: [A, B, C] });
    expect(actor.getSnapshot().context).toMatchObject({ selected: [B], loaded: [A, B, C], anchor: B });
    actor.send({ type: 'SHOW', collection: MODEL_SUBFOLDER, assets: MODEL_SUBFOLDER_ASSETS });
    expect(actor.getSnapshot().value).toBe('empty');
    expect(actor.getSnapshot().context).toMatchObject({ collection: MODEL_SUBFOLDER, selected: [], anchor: undefined });
  });

  it('keeps a selected asset that a reload no longer lists, after the loaded ones', () => {
    const actor = startSelection();
    actor.send({ type: 'TOGGLE', href: D });
    actor.send({ type: 'TOGGLE', href: A });
    actor.send({ type: 'SHOW', collection: MODEL_COLLECTION, assets: [A, B] });
    expect(actor.getSnapshot().context.selected).toEqual([A, D]);
  });

  it('ignores clicks on assets that are not loaded', () => {
    const actor = startSelection();
    actor.send({ type: 'TOGGLE', href: '/elsewhere.info' });
    actor.send({ type: 'SELECT_RANGE', href: '/elsewhere.info' });
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('toggles hrefs without changing the given list', () => {
    const empty: readonly string[] = [];
    const one = toggleAsset(empty, A, [A, B]);
    expect(one).toEqual([A]);
    expect(empty).toHaveLength(0);
    expect(toggleAsset(one, A, [A, B])).toEqual([]);
    expect(toggleAsset(one, B, [A, B])).toEqual([A, B]);
    expect(toggleAsset([B], A, [A, B])).toEqual([A, B]);
  });

  it('takes a range in grid order whichever end comes first', () => {
    expect(assetRange([A, B, C, D], B, D)).toEqual([B, C, D]);
    expect(assetRange([A, B, C, D], D, B)).toEqual([B, C, D]);
    expect(assetRange([A, B, C, D], undefined, C)).toEqual([C]);
    expect(assetRange([A, B, C, D], '/gone.info', C)).toEqual([C]);
    expect(assetRange([A, B], A, C)).toEqual([]);
  });
});
