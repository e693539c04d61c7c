/**
 * Asset selection in a collection view (spec 01 §2 "Asset selection and relocation": click toggles an item,
 * shift-click selects the range from the previous selection; §2 Keyboard: shift+A selects all; spec 02 §2 metadata
 * of several assets at once).
 *
 * Two states: `empty` ⇄ `selecting` (at least one asset selected). The context knows the collection on screen and
 * its loaded assets (grid order), so a range and "select all" are taken from what the person sees. Showing another
 * collection resets the selection; more pages (or a reload) of the same collection keep it.
 *
 * The machine is pure (no actors, no delays): the view sends what the person did. Whether a key may trigger a
 * command at all (not while typing in a field, spec 01 §2 Keyboard) is the action registry's rule, not the machine's.
 */
import { assertEvent, assign, setup } from 'xstate';

/**
 * Input of {@link assetSelectionMachine}: the collection on screen (its href) and the hrefs of its loaded assets in
 * grid order. Both optional: a view may start the machine before its collection has loaded and send `SHOW` later.
 */
export interface AssetSelectionInput {
  readonly collection?: string;
  readonly assets?: readonly string[];
}

/**
 * Context of {@link assetSelectionMachine}.
 *
 * - `collection`: href of the collection on screen, `undefined` before the first `SHOW`.
 * - `loaded`: hrefs of its loaded assets, in grid order.
 * - `selected`: hrefs of the selected assets: the loaded ones in grid order, then any no longer loaded (a reload of
 *   the same collection keeps them) in the order they were selected. Empty exactly in state `empty`.
 * - `anchor`: the previous selection, where a shift-click range starts: the last asset a click or shift-click
 *   selected; `undefined` when nothing is selected or that asset was deselected.
 */
export interface AssetSelectionContext {
  readonly collection: string | undefined;
  readonly loaded: readonly string[];
  readonly selected: readonly string[];
  readonly anchor: string | undefined;
}

/**
 * Events of {@link assetSelectionMachine}.
 *
 * - `SHOW`: the view shows `assets` (loaded so far, grid order) of `collection`; another collection than before
 *   resets the selection.
 * - `TOGGLE`: a click (Ctrl/⌘+click or Space on a thumbnail in the web app) selects or deselects `href`.
 * - `SELECT_RANGE`: a shift-click on `href` selects the loaded assets from the anchor to `href`, both included;
 *   without an anchor it selects `href` alone.
 * - `SELECT_ALL`: shift+A selects every loaded asset.
 * - `CLEAR`: Esc (or "Clear selection") deselects everything.
 */
export type AssetSelectionEvent =
  | { type: 'SHOW'; collection: string; assets: readonly string[] }
  | { type: 'TOGGLE'; href: string }
  | { type: 'SELECT_RANGE'; href: string }
  | { type: 'SELECT_ALL' }
  | { type: 'CLEAR' };

/**
 * `selected` put in grid order: the loaded hrefs among them first, in `loaded` order, then the others in their
 * current order. A new array; duplicates are dropped.
 */
export function inGridOrder(selected: Iterable<string>, loaded: readonly string[]): string[] {
  const chosen = new Set(selected);
  const shown = loaded.filter((href) => chosen.has(href));
  const shownSet = new Set(shown);
  return [...shown, ...[...chosen].filter((href) => !shownSet.has(href))];
}

/** `selected` with `href` added, or removed when it was there (a new array, grid order). */
export function toggleAsset(selected: readonly string[], href: string, loaded: readonly string[]): string[] {
  return selected.includes(href) ? selected.filter((item) => item !== href) : inGridOrder([...selected, href], loaded);
}

/**
 * The loaded hrefs from `anchor` to `href`, both included, in grid order (either may come first); `[href]` when the
 * anchor is `undefined` or not loaded. `[]` when `href` itself is not loaded.
 */
export function assetRange(loaded: readonly string[], anchor: string | undefined, href: string): string[] {
  const to = loaded.indexOf(href);
  if (to < 0) return [];
  const from = anchor === undefined ? -1 : loaded.indexOf(anchor);
  if (from < 0) return [href];
  return loaded.slice(Math.min(from, to), Math.max(from, to) + 1);
}

/**
 * The asset selection machine (see the module comment). No actors or delays to provide; start it with
 * `createActor(assetSelectionMachine, { input })` or `useActorRef(assetSelectionMachine, { input })`.
 *
 * - `empty`: TOGGLE / SELECT_RANGE of a loaded asset, or SELECT_ALL with assets loaded → `selecting`.
 * - `selecting`: TOGGLE of the only selected asset or CLEAR → `empty`; TOGGLE, SELECT_RANGE, SELECT_ALL change the
 *   selection in place.
 * - `SHOW` in either state: another collection → `empty` (reset); the same one → `loaded` follows.
 * Events about assets that are not loaded are ignored.
 */
export const assetSelectionMachine = setup({
  types: {
    context: {} as AssetSelectionContext,
    events: {} as AssetSelectionEvent,
    input: {} as AssetSelectionInput,
  },
  guards: {
    'isLoaded?': ({ context, event }) => 'href' in event && context.loaded.includes(event.href),
    'hasLoadedAssets?': ({ context }) => context.loaded.length > 0,
    'isOnlySelected?': ({ context, event }) => 'href' in event && context.selected.length === 1 && context.selected[0] === event.href,
    'isOtherCollection?': ({ context, event }) => event.type === 'SHOW' && event.collection !== context.collection,
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'TOGGLE');
      const selected = toggleAsset(context.selected, event.href, context.loaded);
      const added = selected.includes(event.href);
      return { selected, anchor: added ? event.href : context.anchor === event.href ? undefined : context.anchor };
    }),
    selectRange: assign(({ context, event }) => {
      assertEvent(event, 'SELECT_RANGE');
      const range = assetRange(context.loaded, context.anchor, event.href);
      return { selected: inGridOrder([...context.selected, ...range], context.loaded), anchor: event.href };
    }),
    selectAll: assign(({ context }) => ({ selected: inGridOrder([...context.selected, ...context.loaded], context.loaded) })),
    clear: assign({ selected: [], anchor: undefined }),
    reset: assign(({ event }) => {
      assertEvent(event, 'SHOW');
      return { collection: event.collection, loaded: [...event.assets], selected: [], anchor: undefined };
    }),
    storeLoaded: assign(({ context, event }) => {
      assertEvent(event, 'SHOW');
      return { loaded: [...event.assets], selected: inGridOrder(context.selected, event.assets) };
    }),
  },
}).createMachine({
  id: 'assetSelection',
  initial: 'empty',
  context: ({ input }) => ({
    collection: input.collection,
    loaded: [...(input.assets ?? [])],
    selected: [],
    anchor: undefined,
  }),
  on: {
    SHOW: [{ guard: 'isOtherCollection?', target: '.empty', actions: 'reset' }, { actions: 'storeLoaded' }],
  },
  states: {
    empty: {
      on: {
        TOGGLE: { guard: 'isLoaded?', target: 'selecting', actions: 'toggle' },
        SELECT_RANGE: { guard: 'isLoaded?', target: 'selecting', actions: 'selectRange' },
        SELECT_ALL: { guard: 'hasLoadedAssets?', target: 'selecting', actions: 'selectAll' },
      },
    },
    selecting: {
      on: {
        TOGGLE: [
          { guard: 'isOnlySelected?', target: 'empty', actions: 'clear' },
          { guard: 'isLoaded?', actions: 'toggle' },
        ],
        SELECT_RANGE: { guard: 'isLoaded?', actions: 'selectRange' },
        SELECT_ALL: { actions: 'selectAll' },
        CLEAR: { target: 'empty', actions: 'clear' },
      },
    },
  },
});
