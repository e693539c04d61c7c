/**
 * The asset selection's test model (spec 01 §2 Asset selection, Keyboard): the steps that `assetSelection.test.ts`
 * runs on real actors, `tests/e2e/model/assetSelection.model.spec.ts` runs in Chromium, and
 * `npm run paths -- assetSelection` prints for QA.
 *
 * A collection of three assets is on screen; steps are clicks (TOGGLE), shift-clicks (SELECT_RANGE) on each of them,
 * shift+A, Esc, the next page of the collection arriving (a fourth asset), and opening a sub-folder (another
 * collection, two assets). Payloads are plain JSON.
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { assetSelectionMachine, type AssetSelectionContext, type AssetSelectionInput } from './assetSelection.machine.ts';

/** The collection on screen at the start. */
export const MODEL_COLLECTION = '/fotoweb/archives/5000-selection/';

/** Its sub-folder: the other collection a path may open. */
export const MODEL_SUBFOLDER = '/fotoweb/archives/5000-selection/harbour/';

/** The collection's first page of assets, grid order. */
export const MODEL_FIRST_PAGE = ['a', 'b', 'c'].map((name) => `${MODEL_COLLECTION}${name}.jpg.info`);

/** The collection's second page: one more asset. */
export const MODEL_SECOND_PAGE = [`${MODEL_COLLECTION}d.jpg.info`];

/** The sub-folder's assets. */
export const MODEL_SUBFOLDER_ASSETS = ['e', 'f'].map((name) => `${MODEL_SUBFOLDER}${name}.jpg.info`);

/**
 * The machine input per variant: the collection with its first page loaded. Simple paths (every loop-free route)
 * use two of its assets, so their number stays bounded.
 */
export const ASSET_SELECTION_MODEL_INPUT: Readonly<Record<PathVariant, AssetSelectionInput>> = {
  shortest: { collection: MODEL_COLLECTION, assets: MODEL_FIRST_PAGE },
  simple: { collection: MODEL_COLLECTION, assets: MODEL_FIRST_PAGE.slice(0, 2) },
};

const modelMachine = toTestModelMachine(assetSelectionMachine);

/**
 * Shortest paths: a click and a shift-click on every loaded asset, shift+A, Esc; in the first collection, its next
 * page arriving (once) and opening the sub-folder.
 */
function shortestEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  const { collection, loaded } = snapshot.context as AssetSelectionContext;
  const events: EventObject[] = [];
  for (const href of loaded) events.push({ type: 'TOGGLE', href } as EventObject, { type: 'SELECT_RANGE', href } as EventObject);
  events.push({ type: 'SELECT_ALL' }, { type: 'CLEAR' });
  if (collection === MODEL_COLLECTION) {
    if (loaded.length === MODEL_FIRST_PAGE.length) {
      events.push({ type: 'SHOW', collection: MODEL_COLLECTION, assets: [...MODEL_FIRST_PAGE, ...MODEL_SECOND_PAGE] } as EventObject);
    }
    events.push({ type: 'SHOW', collection: MODEL_SUBFOLDER, assets: MODEL_SUBFOLDER_ASSETS } as EventObject);
  }
  return events;
}

/**
 * Simple paths on a smaller scope: two assets, a click on each, a shift-click on the second only, shift+A while
 * nothing is selected, and Esc. Every order of those is explored.
 */
function simpleEvents(snapshot: AnyMachineSnapshot): readonly EventObject[] {
  const { loaded } = snapshot.context as AssetSelectionContext;
  const events: EventObject[] = loaded.map((href) => ({ type: 'TOGGLE', href }) as EventObject);
  const last = loaded[loaded.length - 1];
  if (last !== undefined) events.push({ type: 'SELECT_RANGE', href: last } as EventObject);
  if (snapshot.matches('empty')) events.push({ type: 'SELECT_ALL' });
  else events.push({ type: 'CLEAR' });
  return events;
}

/** Keeps the events the variant proposes and drops the bare `{type}` ones XState adds from the transitions. */
function proposedBy(events: (snapshot: AnyMachineSnapshot) => readonly EventObject[]) {
  return (snapshot: AnyMachineSnapshot, event: EventObject): boolean => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event));
}

/**
 * A vertex is the snapshot (value + context): which assets are selected, the anchor of the next range, and what is
 * loaded. Two steps get vertices of their own, so shortest paths take them although the snapshot equals one a click
 * reaches: coming back to nothing selected by Esc or by deselecting the last asset ("deselected"), and a shift-click
 * with nothing selected before ("range without a previous selection").
 */
export function serializeAssetSelectionState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous: AnyMachineSnapshot | undefined): string {
  const key = serializeSnapshot(snapshot);
  const deselected = (event?.type === 'CLEAR' || event?.type === 'TOGGLE') && previous?.matches('selecting') && snapshot.matches('empty');
  if (deselected) return `${key} (deselected by ${event.type})`;
  if (event?.type === 'SELECT_RANGE' && previous?.matches('empty')) return `${key} (range without a previous selection)`;
  return key;
}

/** The asset selection's {@link MachineModel}: a vertex per {@link serializeAssetSelectionState}. */
export const assetSelectionModel: MachineModel = {
  name: 'assetSelection',
  title: 'Asset selection: click toggles, shift-click selects a range, shift+A all loaded, Esc clears, another collection resets',
  spec: 'spec 01 §2 Asset selection and relocation, §2 Keyboard (shift+A)',
  machine: assetSelectionMachine,
  testModel(variant: PathVariant) {
    const events = variant === 'shortest' ? shortestEvents : simpleEvents;
    return createTestModel(modelMachine, {
      input: ASSET_SELECTION_MODEL_INPUT[variant],
      events,
      filterEvents: proposedBy(events),
      // Simple paths keep plain snapshots: the "deselected" vertices would multiply their number (shortest paths take
      // those transitions).
      serializeState: variant === 'shortest' ? serializeAssetSelectionState : (snapshot: AnyMachineSnapshot) => serializeSnapshot(snapshot),
    });
  },
};
