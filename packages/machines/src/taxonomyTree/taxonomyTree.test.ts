import { createActor, fromPromise, SimulatedClock, type EventObject } from 'xstate';
import { describe, expect, it } from 'vitest';
import { createControlledPromiseActor, flushPromises } from '../testing/controlledActor.ts';
import { assertFullCoverage, createCoverageTracker, formatCoverage, type CoverageTracker } from '../testing/coverage.ts';
import { describeModelPaths } from '../testing/describeModelPaths.ts';
import { runPath, type PathDriver } from '../testing/modelPaths.ts';
import {
  keyboardOrder,
  TAXONOMY_SEARCH_DEBOUNCE_MS,
  taxonomyTreeMachine,
  type CreateTaxonomyItemInput,
  type LoadRootInput,
  type TaxonomyHrefInput,
  type TaxonomySearchInput,
  type TaxonomyTreeEvent,
  type TaxonomyTreeInput,
} from './taxonomyTree.machine.ts';
import {
  MODEL_CHILDREN,
  MODEL_EDITED,
  MODEL_FAILURE,
  MODEL_HITS,
  MODEL_ITEMS,
  MODEL_MORE_CHILDREN,
  MODEL_MORE_LINK,
  MODEL_PAGE_1,
  MODEL_PAGE_2,
  MODEL_PAGES,
  MODEL_ROOT,
  modelCreatedItem,
  TAXONOMY_TREE_SCOPES,
  taxonomyTreeModel,
  taxonomyTreeScopeModel,
  type TaxonomyTreeScope,
} from './taxonomyTree.model.ts';
import {
  isItemVisible,
  sortByName,
  TAXONOMY_GENERAL_ERROR_MESSAGE,
  TAXONOMY_MALFORMED_SEARCH_MESSAGE,
  toTaxonomyRequestError,
  visibleTreeHrefs,
  type ChildrenResponse,
  type RootTaxonomyData,
  type TaxonomyItem,
  type TreePage,
} from './taxonomyTree.types.ts';

const SCOPES: TaxonomyTreeScope[] = ['editor', 'viewer'];
const paths = SCOPES.map((scope) => ({
  scope,
  shortest: taxonomyTreeScopeModel(scope, 'shortest').getShortestPaths(),
  simple: taxonomyTreeScopeModel(scope, 'simple').getSimplePaths(),
}));

function pendingTimers(clock: SimulatedClock): number {
  return (clock as unknown as { timeouts: Map<number, unknown> }).timeouts.size;
}

function isSortedByName(hrefs: readonly string[], nodes: Readonly<Record<string, { item: TaxonomyItem }>>): boolean {
  const names = hrefs.map((href) => nodes[href]?.item.name ?? '');
  return names.every((name, i) => i === 0 || (names[i - 1] ?? '').localeCompare(name) <= 0);
}

function createTreeDriver(scope: TaxonomyTreeScope, coverage?: CoverageTracker): PathDriver {
  const input: TaxonomyTreeInput = TAXONOMY_TREE_SCOPES[scope];
  const roots = createControlledPromiseActor<RootTaxonomyData, LoadRootInput>();
  const pages = createControlledPromiseActor<TreePage, TaxonomyHrefInput>();
  const children = createControlledPromiseActor<ChildrenResponse, TaxonomyHrefInput>();
  const searches = createControlledPromiseActor<TreePage, TaxonomySearchInput>();
  const deletes = createControlledPromiseActor<unknown, TaxonomyHrefInput>();
  const creates = createControlledPromiseActor<TaxonomyItem, CreateTaxonomyItemInput>();
  const all = [roots, pages, children, searches, deletes, creates];
  const clock = new SimulatedClock();
  const actor = createActor(
    taxonomyTreeMachine.provide({
      actors: {
        loadRoot: roots.logic,
        loadPage: pages.logic,
        loadChildren: children.logic,
        search: searches.logic,
        deleteItem: deletes.logic,
        createItem: creates.logic,
      },
    }),
    { input, clock, ...(coverage ? { inspect: coverage.inspect } : {}) },
  );
  actor.start();
  coverage?.observe(actor.getSnapshot());
  /** hrefs whose children were delivered: spec 02 §4 "children are fetched on first expand only". */
  const childrenDelivered = new Set<string>();
  /** Parents the inline add created a child under. */
  const createdUnder = new Set<string>();
  let rootFailed = false;

  const settle = (type: string, record: { output?: unknown; error?: unknown }): boolean => {
    const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
    if (!match) return false;
    const controlled = {
      loadRoot: roots,
      loadPage: pages,
      loadChildren: children,
      search: searches,
      deleteItem: deletes,
      deleteSearchHit: deletes,
      createItem: creates,
      loadMore: pages,
    }[match[2] ?? ''];
    if (!controlled) throw new Error(`unknown actor in ${type}`);
    const invocation = controlled.current();
    if (match[1] === 'done') {
      if (controlled === children) {
        const href = (invocation.input as TaxonomyHrefInput).href;
        expect(childrenDelivered.has(href)).toBe(false);
        childrenDelivered.add(href);
      }
      if (controlled === creates) {
        const parentHref = (invocation.input as CreateTaxonomyItemInput).parentHref;
        if (parentHref !== undefined) createdUnder.add(parentHref);
      }
      invocation.resolve(record.output as never);
    } else {
      if (controlled === roots) rootFailed = true;
      invocation.reject(record.error);
    }
    return true;
  };

  return {
    async exec(event: EventObject) {
      const record = event as EventObject & { output?: unknown; error?: unknown };
      if (settle(event.type, record)) {
        // settled above
      } else if (event.type.startsWith('xstate.after.searchDebounce.')) {
        // spec 02 §5: the search goes out exactly 300 ms after the last keystroke, not 1 ms earlier.
        const before = searches.invocations.length;
        clock.increment(TAXONOMY_SEARCH_DEBOUNCE_MS - 1);
        await flushPromises();
        expect(searches.invocations).toHaveLength(before);
        clock.increment(1);
        expect(searches.invocations).toHaveLength(before + 1);
      } else {
        actor.send(event as TaxonomyTreeEvent);
      }
      await flushPromises();
    },
    verify(expected) {
      const snapshot = actor.getSnapshot();
      const { context } = snapshot;
      expect(snapshot.value).toEqual(expected.value);
      expect(context).toEqual(expected.context);

      const order = keyboardOrder(context);
      const pending = all.reduce((sum, controlled) => sum + controlled.pending().length, 0);
      if (context.activeItem !== undefined) expect(order).toContain(context.activeItem);
      expect(isSortedByName(context.listing, context.nodes)).toBe(true);
      expect(isSortedByName(context.results, context.nodes)).toBe(true);
      // spec 02 §6: non-editors see only items with children or with Set.
      for (const href of order) expect(isItemVisible(context.nodes[href]!.item, input.canEdit)).toBe(true);
      if (!input.canEdit) expect(order).not.toContain(MODEL_ITEMS.drafts.href);
      for (const [href, node] of Object.entries(context.nodes)) {
        if (node.expanded) expect(node.loaded).toBe(true);
        // Loaded means fetched, or known without a fetch: an item that had no children got a new one.
        if (node.loaded) expect(childrenDelivered.has(href) || createdUnder.has(href)).toBe(true);
      }
      // spec 02 §8: any failing request shows the general error; a failing search only "malformed search";
      // a failing root load nothing at all.
      if (context.error) {
        expect(context.error).toEqual({
          title: 'Error',
          message: TAXONOMY_GENERAL_ERROR_MESSAGE,
          details: MODEL_FAILURE.body,
        });
      }
      if (context.searchError) expect(context.searchError).toBe(TAXONOMY_MALFORMED_SEARCH_MESSAGE);
      if (rootFailed && snapshot.matches('normal') && pages.invocations.length === 0) {
        expect(context.error).toBeUndefined();
        expect(context.listing).toEqual([]);
      }

      if (snapshot.matches('closed')) {
        expect(snapshot.status).toBe('done');
        expect(snapshot.output).toEqual({ selected: context.selected });
        if (context.selected) expect(context.selected.acl).toContain('Set');
        expect(pending).toBe(0);
        return;
      }
      if (!snapshot.matches('loadingRoot')) {
        expect(snapshot.matches('searching')).toBe(context.query.trim().length > 0);
      }
      if (snapshot.matches('normal')) {
        expect(context.results).toEqual([]);
        expect(context.searchError).toBeUndefined();
      }
      if (snapshot.matches('loadingRoot')) expect(roots.current().input).toEqual({ fieldId: input.fieldId });
      if (snapshot.matches({ normal: 'loadingPage' })) {
        expect(pages.current().input).toEqual({ href: context.pendingHref });
        expect([MODEL_PAGE_1, MODEL_PAGE_2]).toContain(context.pendingHref);
      }
      if (snapshot.matches({ normal: 'loadingMore' })) {
        // spec 02 §7: load more follows the children's own next link, of an expanded item.
        expect(pages.current().input).toEqual({ href: MODEL_MORE_LINK });
        expect(context.nodes[context.pendingHref ?? '']).toMatchObject({ expanded: true, more: MODEL_MORE_LINK });
      }
      if (snapshot.matches({ normal: 'loadingChildren' })) {
        expect(children.current().input).toEqual({ href: context.pendingHref });
        expect(context.nodes[context.pendingHref ?? '']?.loaded).toBe(false);
      }
      if (snapshot.matches({ normal: 'deleting' }) || snapshot.matches({ searching: 'deleting' })) {
        expect(input.canEdit).toBe(true);
        expect(deletes.current().input).toEqual({ href: context.pendingHref });
      }
      if (snapshot.matches({ searching: 'requesting' })) {
        expect(searches.current().input).toEqual({ fieldId: input.fieldId, q: context.query.trim() });
      }
      if (snapshot.matches({ searching: 'debouncing' })) {
        expect(pendingTimers(clock)).toBe(1);
        expect(pending).toBe(0);
      } else {
        expect(pendingTimers(clock)).toBe(0);
      }
      const busy = [
        'loadingRoot',
        { normal: 'loadingPage' },
        { normal: 'loadingChildren' },
        { normal: 'deleting' },
        { normal: 'creating' },
        { normal: 'loadingMore' },
        { searching: 'requesting' },
        { searching: 'deleting' },
      ].some((state) => snapshot.matches(state as never));
      const confirming = snapshot.matches({ normal: 'confirmingDelete' }) || snapshot.matches({ searching: 'confirmingDelete' });
      const editing = snapshot.matches({ normal: 'editing' }) || snapshot.matches({ searching: 'editing' });
      const adding = snapshot.matches({ normal: 'adding' }) || snapshot.matches({ normal: 'creating' });
      expect(pending).toBe(busy ? 1 : 0);
      if (!busy && !confirming) expect(context.pendingHref).toBeUndefined();
      // spec 02 §2, §6: only editors add, edit and delete; a confirmation only for items with children.
      if (confirming) {
        expect(input.canEdit).toBe(true);
        expect(context.nodes[context.pendingHref ?? '']?.item.hasChildren).toBe(true);
        expect(deletes.pending()).toEqual([]);
      }
      expect(context.editHref !== undefined).toBe(editing);
      if (editing || adding) expect(input.canEdit).toBe(true);
      if (!adding) expect(context.addText).toBe('');
      if (snapshot.matches({ normal: 'creating' })) {
        // spec 02 §5: a non-blank text, used as both name and value.
        expect(creates.current().input).toEqual({ parentHref: context.addParent, name: context.addText.trim() });
        expect(context.addText.trim()).not.toBe('');
      }
      for (const node of Object.values(context.nodes)) {
        expect(isSortedByName(node.children, context.nodes)).toBe(true);
        if (node.children.length > 0) expect(node.item.hasChildren).toBe(true);
      }
    },
  };
}

describe('taxonomyTree model', () => {
  it('uses the editor scope for the QA model', () => {
    expect(taxonomyTreeModel.testModel('shortest').getShortestPaths().length).toBe(paths[0]?.shortest.length);
  });
  for (const { scope, shortest, simple } of paths) {
    describeModelPaths(`${scope}: shortest paths`, shortest, 130, () => createTreeDriver(scope));
    describeModelPaths(`${scope}: simple paths`, simple, 100, () => createTreeDriver(scope));
  }
});

describe('taxonomyTree coverage', () => {
  it('reaches every state and takes every transition across the executed paths', async () => {
    const coverage = createCoverageTracker(taxonomyTreeMachine);
    for (const { scope, shortest, simple } of paths) {
      for (const path of [...shortest, ...simple]) await runPath(path, createTreeDriver(scope, coverage));
    }
    const report = coverage.report();
    console.log(formatCoverage('taxonomyTree', report));
    assertFullCoverage('taxonomyTree', report);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------------------------
// Spec rules, stated directly, on a fake server.
// ---------------------------------------------------------------------------------------------------------------

function startTree(input: TaxonomyTreeInput = TAXONOMY_TREE_SCOPES.editor, overrides: { searchFails?: boolean; rootFails?: boolean } = {}) {
  const calls: string[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    taxonomyTreeMachine.provide({
      actors: {
        loadRoot: fromPromise<RootTaxonomyData, LoadRootInput>(async () => {
          calls.push('root');
          if (overrides.rootFails) throw MODEL_FAILURE;
          return MODEL_ROOT;
        }),
        loadPage: fromPromise<TreePage, TaxonomyHrefInput>(async ({ input: { href } }) => {
          calls.push(`page ${href}`);
          return href === MODEL_MORE_LINK ? MODEL_MORE_CHILDREN : (MODEL_PAGES[href] ?? { data: [] });
        }),
        loadChildren: fromPromise<ChildrenResponse, TaxonomyHrefInput>(async ({ input: { href } }) => {
          calls.push(`children ${href}`);
          return MODEL_CHILDREN;
        }),
        search: fromPromise<TreePage, TaxonomySearchInput>(async ({ input: { q } }) => {
          calls.push(`search ${q}`);
          if (overrides.searchFails) throw MODEL_FAILURE;
          return MODEL_HITS;
        }),
        deleteItem: fromPromise<unknown, TaxonomyHrefInput>(async ({ input: { href } }) => {
          calls.push(`delete ${href}`);
          return null;
        }),
      },
    }),
    { input, clock },
  ).start();
  return { actor, clock, calls };
}

const { animals, birds, drafts, ants, cats } = MODEL_ITEMS;

describe('taxonomyTree spec rules', () => {
  it('sends the search 300 ms after the last keystroke (spec 02 §5, §9)', async () => {
    expect(TAXONOMY_SEARCH_DEBOUNCE_MS).toBe(300);
    const { actor, clock, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'SEARCH_INPUT', text: 'b' });
    clock.increment(200);
    actor.send({ type: 'SEARCH_INPUT', text: 'bi ' });
    clock.increment(299);
    expect(calls).toEqual(['root']);
    clock.increment(1);
    await flushPromises();
    expect(calls).toEqual(['root', 'search bi']);
    expect(actor.getSnapshot().context.results).toEqual([birds.href]);
  });

  it('returns to the root listing without a request when the search is emptied (spec 02 §4)', async () => {
    const { actor, clock, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'SEARCH_INPUT', text: 'bi' });
    clock.increment(300);
    await flushPromises();
    actor.send({ type: 'SEARCH_INPUT', text: '' });
    expect(actor.getSnapshot().value).toEqual({ normal: 'idle' });
    expect(actor.getSnapshot().context.listing).toEqual([animals.href, birds.href, drafts.href]);
    expect(calls).toEqual(['root', 'search bi']);
  });

  it('fetches children on the first expand only (spec 02 §4)', async () => {
    const { actor, calls } = startTree();
    await flushPromises();
    for (let i = 0; i < 3; i++) {
      actor.send({ type: 'TOGGLE', href: animals.href });
      await flushPromises();
    }
    expect(calls.filter((call) => call.startsWith('children'))).toEqual([`children ${animals.href}`]);
    expect(actor.getSnapshot().context.nodes[animals.href]).toMatchObject({ expanded: true, loaded: true, children: [ants.href] });
  });

  it('loads the next page of an expanded item\'s children on "load more" (spec 02 §7)', async () => {
    const { actor, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'LOAD_MORE', href: animals.href }); // collapsed: nothing to load yet
    actor.send({ type: 'TOGGLE', href: animals.href });
    await flushPromises();
    expect(actor.getSnapshot().context.nodes[animals.href]?.more).toBe(MODEL_MORE_LINK);
    actor.send({ type: 'LOAD_MORE', href: animals.href });
    await flushPromises();
    expect(calls).toEqual(['root', `children ${animals.href}`, `page ${MODEL_MORE_LINK}`]);
    expect(actor.getSnapshot().context.nodes[animals.href]).toMatchObject({
      children: [ants.href, MODEL_ITEMS.apes.href],
      more: undefined,
    });
  });

  it('moves with the arrows, expands with right, collapses with left and selects with Enter (spec 02 §2)', async () => {
    const { actor } = startTree();
    await flushPromises();
    actor.send({ type: 'KEY_DOWN' });
    expect(actor.getSnapshot().context.activeItem).toBe(animals.href);
    actor.send({ type: 'KEY_ENTER' }); // Animals has no Set: nothing happens
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'KEY_RIGHT' });
    await flushPromises();
    actor.send({ type: 'KEY_DOWN' });
    expect(actor.getSnapshot().context.activeItem).toBe(ants.href);
    actor.send({ type: 'KEY_UP' });
    actor.send({ type: 'KEY_LEFT' });
    expect(actor.getSnapshot().context.nodes[animals.href]?.expanded).toBe(false);
    actor.send({ type: 'KEY_DOWN' });
    actor.send({ type: 'KEY_DOWN' });
    actor.send({ type: 'KEY_DOWN' }); // Drafts, the last one
    actor.send({ type: 'KEY_DOWN' }); // stays at the end
    expect(actor.getSnapshot().context.activeItem).toBe(drafts.href);
    actor.send({ type: 'KEY_UP' });
    actor.send({ type: 'KEY_ENTER' });
    expect(actor.getSnapshot().output).toEqual({ selected: birds });
  });

  it('closes on Esc without a selection, and offers the empty value', async () => {
    const esc = startTree().actor;
    esc.send({ type: 'KEY_ESC' });
    expect(esc.getSnapshot().output).toEqual({ selected: undefined });
    const empty = startTree().actor;
    empty.send({ type: 'SELECT_EMPTY' });
    expect(empty.getSnapshot().output).toEqual({ selected: null });
  });

  it('moves the active item to a collapsed parent when its child disappears', async () => {
    const { actor } = startTree();
    await flushPromises();
    actor.send({ type: 'TOGGLE', href: animals.href });
    await flushPromises();
    actor.send({ type: 'KEY_DOWN' });
    actor.send({ type: 'KEY_DOWN' });
    expect(actor.getSnapshot().context.activeItem).toBe(ants.href);
    actor.send({ type: 'TOGGLE', href: animals.href });
    expect(actor.getSnapshot().context.activeItem).toBe(animals.href);
  });

  it('jumps to the first page after deleting the last item of a page (spec 02 §4)', async () => {
    const { actor, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'PAGE', link: 'next' });
    await flushPromises();
    actor.send({ type: 'DELETE', href: cats.href });
    await flushPromises();
    await flushPromises();
    expect(calls).toEqual(['root', `page ${MODEL_PAGE_2}`, `delete ${cats.href}`, `page ${MODEL_PAGE_1}`]);
    expect(actor.getSnapshot().context.pageHref).toBe(MODEL_PAGE_1);
  });

  it('keeps the page after deleting one item of several', async () => {
    const { actor, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'DELETE', href: birds.href });
    await flushPromises();
    expect(calls).toEqual(['root', `delete ${birds.href}`]);
    expect(actor.getSnapshot().context.listing).toEqual([animals.href, drafts.href]);
  });

  it('lets non-editors see only items with children or Set, and not delete (spec 02 §6)', async () => {
    const { actor, calls } = startTree(TAXONOMY_TREE_SCOPES.viewer);
    await flushPromises();
    expect(keyboardOrder(actor.getSnapshot().context)).toEqual([animals.href, birds.href]);
    actor.send({ type: 'DELETE', href: birds.href });
    actor.send({ type: 'SELECT', href: drafts.href });
    expect(actor.getSnapshot().value).toEqual({ normal: 'idle' });
    expect(calls).toEqual(['root']);
  });

  it('ignores a failing root silently and shows "malformed search" for a failing search (spec 02 §8)', async () => {
    const { actor, clock } = startTree(TAXONOMY_TREE_SCOPES.editor, { rootFails: true, searchFails: true });
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ listing: [], error: undefined });
    actor.send({ type: 'SEARCH_INPUT', text: 'x' });
    clock.increment(300);
    await flushPromises();
    expect(actor.getSnapshot().context).toMatchObject({ searchError: 'malformed search', error: undefined, results: [] });
  });

  it('disables paging links that are missing or lead to the current page', async () => {
    const { actor, calls } = startTree();
    await flushPromises();
    actor.send({ type: 'PAGE', link: 'prev' });
    actor.send({ type: 'PAGE', link: 'first' });
    expect(calls).toEqual(['root']);
  });
});

describe('taxonomyTree editing (spec 02 §2, §5, §6)', () => {
  function startEditor() {
    const created: CreateTaxonomyItemInput[] = [];
    const deleted: string[] = [];
    const actor = createActor(
      taxonomyTreeMachine.provide({
        actors: {
          loadRoot: fromPromise<RootTaxonomyData, LoadRootInput>(async () => MODEL_ROOT),
          createItem: fromPromise<TaxonomyItem, CreateTaxonomyItemInput>(async ({ input }) => {
            created.push(input);
            return modelCreatedItem(input.parentHref);
          }),
          deleteItem: fromPromise<unknown, TaxonomyHrefInput>(async ({ input }) => {
            deleted.push(input.href);
            return null;
          }),
        },
      }),
      { input: TAXONOMY_TREE_SCOPES.editor },
    ).start();
    return { actor, created, deleted };
  }

  it('adds inline with Enter (the trimmed text as name), refuses a blank text, cancels with Esc', async () => {
    const { actor, created } = startEditor();
    await flushPromises();
    actor.send({ type: 'START_ADD' });
    actor.send({ type: 'ADD_INPUT', text: '   ' });
    actor.send({ type: 'KEY_ENTER' });
    expect(actor.getSnapshot().value).toEqual({ normal: 'adding' });
    actor.send({ type: 'KEY_ESC' });
    expect(actor.getSnapshot().value).toEqual({ normal: 'idle' });
    actor.send({ type: 'START_ADD' });
    actor.send({ type: 'ADD_INPUT', text: ' Cows ' });
    actor.send({ type: 'KEY_ENTER' });
    await flushPromises();
    expect(created).toEqual([{ parentHref: undefined, name: 'Cows' }]);
    const names = actor.getSnapshot().context.listing.map((href) => actor.getSnapshot().context.nodes[href]?.item.name);
    expect(names).toEqual(['Animals', 'Birds', 'Cows', 'Drafts']);
  });

  it('opens a leaf as the parent of its first child', async () => {
    const { actor, created } = startEditor();
    await flushPromises();
    actor.send({ type: 'START_ADD', parentHref: birds.href });
    actor.send({ type: 'ADD_INPUT', text: 'Cows' });
    actor.send({ type: 'KEY_ENTER' });
    await flushPromises();
    expect(created).toEqual([{ parentHref: birds.href, name: 'Cows' }]);
    expect(actor.getSnapshot().context.nodes[birds.href]).toMatchObject({
      expanded: true,
      loaded: true,
      children: [modelCreatedItem(birds.href).href],
      item: { hasChildren: true },
    });
  });

  it('asks before deleting an item with children, not before a leaf', async () => {
    const { actor, deleted } = startEditor();
    await flushPromises();
    actor.send({ type: 'DELETE', href: animals.href });
    expect(actor.getSnapshot().value).toEqual({ normal: 'confirmingDelete' });
    actor.send({ type: 'CANCEL_DELETE' });
    expect(deleted).toEqual([]);
    actor.send({ type: 'DELETE', href: animals.href });
    actor.send({ type: 'CONFIRM_DELETE' });
    actor.send({ type: 'DELETE', href: birds.href }); // busy: ignored
    await flushPromises();
    actor.send({ type: 'DELETE', href: birds.href });
    await flushPromises();
    expect(deleted).toEqual([animals.href, birds.href]);
    expect(actor.getSnapshot().context.listing).toEqual([drafts.href]);
  });

  it('re-sorts the listing after an edit and ignores a cancelled one', async () => {
    const { actor } = startEditor();
    await flushPromises();
    actor.send({ type: 'EDIT', href: birds.href });
    actor.send({ type: 'EDIT_DONE' });
    expect(actor.getSnapshot().context.listing).toEqual([animals.href, birds.href, drafts.href]);
    actor.send({ type: 'EDIT', href: birds.href });
    expect(actor.getSnapshot().context.editHref).toBe(birds.href);
    actor.send({ type: 'EDIT_DONE', item: MODEL_EDITED });
    expect(actor.getSnapshot().context.listing).toEqual([animals.href, drafts.href, birds.href]);
    expect(actor.getSnapshot().context.nodes[birds.href]?.item.name).toBe(MODEL_EDITED.name);
  });

  it('offers no editing to non-editors', async () => {
    const actor = createActor(taxonomyTreeMachine.provide({ actors: { loadRoot: fromPromise(async () => MODEL_ROOT) } }), {
      input: TAXONOMY_TREE_SCOPES.viewer,
    }).start();
    await flushPromises();
    actor.send({ type: 'START_ADD' });
    actor.send({ type: 'EDIT', href: birds.href });
    actor.send({ type: 'DELETE', href: animals.href });
    expect(actor.getSnapshot().value).toEqual({ normal: 'idle' });
  });
});

describe('taxonomy helpers', () => {
  it('sorts items by name, case-insensitively and numerically', () => {
    const named = (name: string): TaxonomyItem => ({ ...birds, name, href: name });
    expect(sortByName([named('b'), named('A10'), named('a2'), named('C')]).map((item) => item.name)).toEqual(['a2', 'A10', 'b', 'C']);
  });

  it('lists visible items depth first', () => {
    const nodes = {
      [animals.href]: { item: animals, expanded: true, loaded: true, children: [ants.href] },
      [ants.href]: { item: ants, expanded: false, loaded: false, children: [] },
      [drafts.href]: { item: drafts, expanded: false, loaded: false, children: [] },
    };
    expect(visibleTreeHrefs([animals.href, drafts.href], nodes, true)).toEqual([animals.href, ants.href, drafts.href]);
    expect(visibleTreeHrefs([animals.href, drafts.href], nodes, false)).toEqual([animals.href, ants.href]);
  });

  it('builds the general error modal from the response', () => {
    expect(toTaxonomyRequestError(MODEL_FAILURE)).toEqual({
      title: 'Error',
      message: 'general error, try later',
      details: MODEL_FAILURE.body,
    });
    expect(toTaxonomyRequestError(new TypeError('Failed to fetch'))).toEqual({
      title: 'Error',
      message: 'general error, try later',
      details: {},
    });
    expect(toTaxonomyRequestError({ heading: 'Nope', requestId: 7 }).details).toEqual({ heading: 'Nope' });
  });

  it('starts with an empty tree, no error, when no actors are provided (root failure is silent)', async () => {
    const actor = createActor(taxonomyTreeMachine, { input: TAXONOMY_TREE_SCOPES.editor }).start();
    await flushPromises();
    expect(actor.getSnapshot().value).toEqual({ normal: 'idle' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
