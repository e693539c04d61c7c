/**
 * The taxonomy tree's test model (spec 02 §2 Taxonomy tree popover, §4, §5, §6, §8, §9): a small taxonomy and the
 * payload cases that `taxonomyTree.test.ts` runs on real actors and `npm run paths -- taxonomyTree` prints for QA.
 *
 * The taxonomy: page 1 holds Animals (children, not selectable), Birds (Set) and Drafts (Navigate only: hidden from
 * non-editors); Animals' children come in two pages, Ants (Set) then Apes (Set, "load more"); page 2 holds Cats
 * (Set). A search for "bi" finds Birds, "an" Animals.
 * To keep paths few the model explores one thing at a time from the popover's home position (first page, nothing
 * active, nothing expanded), and while the error modal shows it only closes it (the modal is modal).
 */
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { createTestModel, serializeSnapshot } from 'xstate/graph';
import type { MachineModel, PathVariant } from '../testing/machineModel.ts';
import { toTestModelMachine } from '../testing/modelMachine.ts';
import { keyboardOrder, taxonomyTreeMachine, type TaxonomyTreeContext, type TaxonomyTreeInput } from './taxonomyTree.machine.ts';
import type { ChildrenResponse, RootTaxonomyData, TaxonomyItem, TreePage } from './taxonomyTree.types.ts';

const BASE = '/fotoweb/taxonomies/25/';

/** The model taxonomy's items. */
export const MODEL_ITEMS = {
  animals: { name: 'Animals', value: 'animals', acl: ['Navigate', 'Query'], href: `${BASE}animals/`, hasChildren: true },
  birds: { name: 'Birds', value: 'birds', acl: ['Navigate', 'Query', 'Set'], href: `${BASE}birds/`, hasChildren: false },
  drafts: { name: 'Drafts', value: 'drafts', acl: ['Navigate'], href: `${BASE}drafts/`, hasChildren: false },
  ants: { name: 'Ants', value: 'ants', acl: ['Navigate', 'Query', 'Set'], href: `${BASE}animals/ants/`, hasChildren: false },
  apes: { name: 'Apes', value: 'apes', acl: ['Navigate', 'Query', 'Set'], href: `${BASE}animals/apes/`, hasChildren: false },
  cats: { name: 'Cats', value: 'cats', acl: ['Query', 'Set'], href: `${BASE}cats/`, hasChildren: false },
} as const satisfies Record<string, TaxonomyItem>;

/** Page links of the model taxonomy. */
export const MODEL_PAGE_1 = `${BASE}?page=1`;
export const MODEL_PAGE_2 = `${BASE}?page=2`;

const { animals, birds, drafts, ants, apes, cats } = MODEL_ITEMS;

/** The second page of Animals' children (spec 02 §7 load-more). */
export const MODEL_MORE_LINK = `${BASE}animals/;p=1`;

/** The root (first page, unsorted as a server may send it). */
export const MODEL_ROOT: RootTaxonomyData = {
  field: '25',
  href: BASE,
  items: { data: [birds, drafts, animals], paging: { first: MODEL_PAGE_1, next: MODEL_PAGE_2, last: MODEL_PAGE_2 } },
};
/** Page 1 and page 2 as `loadPage` answers them. */
export const MODEL_PAGES: Readonly<Record<string, TreePage>> = {
  [MODEL_PAGE_1]: MODEL_ROOT.items,
  [MODEL_PAGE_2]: { data: [cats], paging: { first: MODEL_PAGE_1, prev: MODEL_PAGE_1, last: MODEL_PAGE_2 } },
};
/** The children of Animals: the first page, and the second one that "load more" fetches. */
export const MODEL_CHILDREN: ChildrenResponse = {
  children: { data: [ants], paging: { first: `${BASE}animals/`, next: MODEL_MORE_LINK, last: MODEL_MORE_LINK } },
};
export const MODEL_MORE_CHILDREN: TreePage = { data: [apes], paging: { first: `${BASE}animals/`, prev: `${BASE}animals/`, last: MODEL_MORE_LINK } };
/** Search answers: "bi" finds Birds; "an" finds Animals (an item with children); "zz" finds nothing. */
export const MODEL_HITS: TreePage = { data: [birds] };
export const MODEL_PARENT_HITS: TreePage = { data: [animals] };
export const MODEL_NO_HITS: TreePage = { data: [] };

/** What the inline add types, and the item the server creates from it (top level, or under `parentHref`). */
export const MODEL_NEW_NAME = 'Cows';
export function modelCreatedItem(parentHref: string | undefined): TaxonomyItem {
  return {
    name: MODEL_NEW_NAME,
    value: MODEL_NEW_NAME,
    acl: ['Navigate', 'Query', 'Set'],
    href: `${parentHref ?? BASE}cows/`,
    hasChildren: false,
  };
}

/** Birds as the edit modal saves it: renamed, so it moves to the end of the sorted listing. */
export const MODEL_EDITED: TaxonomyItem = { ...MODEL_ITEMS.birds, name: 'Zebra finches', value: 'zebra finches' };

/** What a failing taxonomy request rejects with: the HTTP status as name, the server's error body. */
export const MODEL_FAILURE = {
  name: '500',
  body: {
    value: 'InternalError',
    heading: 'The server could not complete the request',
    requestId: 'req-7',
    description: 'Database unavailable',
    technicalInfo: 'timeout after 30 s',
  },
} as const;

/** Editors (spec 02 §6 allowTaxonomyEditing) see and delete everything; viewers only select. */
export type TaxonomyTreeScope = 'editor' | 'viewer';

/** The machine input of each scope. */
export const TAXONOMY_TREE_SCOPES: Readonly<Record<TaxonomyTreeScope, TaxonomyTreeInput>> = {
  editor: { fieldId: '25', canEdit: true },
  viewer: { fieldId: '25', canEdit: false },
};

const modelMachine = toTestModelMachine(taxonomyTreeMachine);

const ev = (type: string, payload: Record<string, unknown> = {}): EventObject => ({ type, ...payload }) as EventObject;
const done = (id: string, output: unknown) => ev(`xstate.done.actor.${id}`, { output });
const fail = (id: string) => ev(`xstate.error.actor.${id}`, { error: MODEL_FAILURE });

function activeIndex(context: TaxonomyTreeContext): number {
  return context.activeItem === undefined ? -1 : keyboardOrder(context).indexOf(context.activeItem);
}

const ROOT_HREFS: ReadonlySet<string> = new Set(MODEL_ROOT.items.data.map((item) => item.href));
const MODEL_NAMES: ReadonlyMap<string, string> = new Map(Object.values(MODEL_ITEMS).map((item) => [item.href, item.name]));

/** No item was created or edited (an edit or an add leaves the explored neighbourhood of the first page). */
function unedited(context: TaxonomyTreeContext): boolean {
  return Object.values(context.nodes).every((node) => MODEL_NAMES.get(node.item.href) === node.item.name);
}

/** The first page as first loaded: only the root's items known, all listed, nothing active or expanded. */
function atHome(context: TaxonomyTreeContext): boolean {
  const known = Object.keys(context.nodes);
  return (
    context.pageHref === MODEL_PAGE_1 &&
    unedited(context) &&
    context.listing.length === ROOT_HREFS.size &&
    known.length === ROOT_HREFS.size &&
    context.activeItem === undefined &&
    !Object.values(context.nodes).some((node) => node.expanded)
  );
}

/** The first page with at most Animals' children loaded: where the keyboard and the switcher are explored. */
function browsingFirstPage(context: TaxonomyTreeContext): boolean {
  return (
    context.pageHref === MODEL_PAGE_1 &&
    unedited(context) &&
    context.listing.length === ROOT_HREFS.size &&
    Object.keys(context.nodes).every((href) => ROOT_HREFS.has(href) || href === ants.href)
  );
}

/**
 * Events in the normal mode's `idle`: the keyboard and the switcher on the first page; paging, search, selection,
 * closing and deleting from the home position only; first/previous and deleting the last item on page 2.
 * Simple paths only move forward (down, expand, select) so loops do not multiply them.
 */
function idleEvents(context: TaxonomyTreeContext, full: boolean): EventObject[] {
  const events: EventObject[] = [];
  if (browsingFirstPage(context)) {
    const index = activeIndex(context);
    const animalsNode = context.nodes[animals.href];
    if (index < 1) events.push(ev('KEY_DOWN'));
    if (index >= 0) events.push(ev('KEY_RIGHT'), ev('KEY_ENTER'));
    if (full && index >= 0) events.push(ev('KEY_LEFT'));
    if (full && index >= 1) events.push(ev('KEY_UP'));
    if (context.activeItem === undefined && (full || !animalsNode?.loaded || animalsNode.expanded)) {
      events.push(ev('TOGGLE', { href: animals.href }));
    }
    if (context.activeItem === undefined && animalsNode?.expanded && animalsNode.more) {
      events.push(ev('LOAD_MORE', { href: animals.href }));
    }
  }
  if (atHome(context)) {
    events.push(
      ev('PAGE', { link: 'next' }),
      ev('SEARCH_INPUT', { text: 'bi' }),
      ev('SELECT', { href: birds.href }),
      ev('SELECT_EMPTY'),
      ev('CLOSE'),
      ev('DELETE', { href: birds.href }),
      ev('DELETE', { href: animals.href }),
      ev('START_ADD'),
      ev('EDIT', { href: birds.href }),
    );
    if (full) {
      events.push(
        ev('KEY_ESC'),
        ev('PAGE', { link: 'last' }),
        ev('SEARCH_INPUT', { text: '  ' }),
        ev('SEARCH_INPUT', { text: 'an' }),
        ev('START_ADD', { parentHref: birds.href }),
        ev('START_ADD', { parentHref: animals.href }),
      );
    }
  }
  if (context.pageHref === MODEL_PAGE_2 && context.activeItem === undefined) {
    events.push(ev('PAGE', { link: 'first' }), ev('DELETE', { href: cats.href }));
    if (full) events.push(ev('PAGE', { link: 'prev' }));
  }
  return events;
}

/** The events the model proposes for a snapshot (see the module comment). */
export function taxonomyTreeModelEvents(variant: PathVariant) {
  const full = variant === 'shortest';
  return (snapshot: AnyMachineSnapshot): EventObject[] => {
    const context = snapshot.context as TaxonomyTreeContext;
    if (context.error) return [ev('DISMISS_ERROR')];
    if (snapshot.matches('loadingRoot')) {
      const events = [done('loadRoot', MODEL_ROOT), fail('loadRoot')];
      if (full && context.query === '') events.push(ev('SEARCH_INPUT', { text: 'bi' }));
      return events;
    }
    if (snapshot.matches({ normal: 'idle' })) return idleEvents(context, full);
    if (snapshot.matches({ normal: 'loadingPage' })) {
      return [done('loadPage', MODEL_PAGES[context.pendingHref ?? ''] ?? MODEL_NO_HITS), fail('loadPage')];
    }
    if (snapshot.matches({ normal: 'loadingChildren' })) return [done('loadChildren', MODEL_CHILDREN), fail('loadChildren')];
    if (snapshot.matches({ normal: 'loadingMore' })) return [done('loadMore', MODEL_MORE_CHILDREN), fail('loadMore')];
    if (snapshot.matches({ normal: 'deleting' })) return [done('deleteItem', null), fail('deleteItem')];
    if (snapshot.matches({ normal: 'adding' })) {
      if (context.addText !== '') return full ? [ev('KEY_ENTER'), ev('KEY_ESC')] : [ev('KEY_ENTER')];
      return full ? [ev('ADD_INPUT', { text: MODEL_NEW_NAME }), ev('KEY_ESC'), ev('KEY_ENTER')] : [ev('ADD_INPUT', { text: MODEL_NEW_NAME })];
    }
    if (snapshot.matches({ normal: 'creating' })) {
      return [done('createItem', modelCreatedItem(context.addParent)), fail('createItem')];
    }
    if (snapshot.matches({ normal: 'editing' }) || snapshot.matches({ searching: 'editing' })) {
      // Cancelling returns to a snapshot seen before: only the shortest paths take it (simple paths would multiply).
      return full ? [ev('EDIT_DONE', { item: MODEL_EDITED }), ev('EDIT_DONE')] : [ev('EDIT_DONE', { item: MODEL_EDITED })];
    }
    if (snapshot.matches({ normal: 'confirmingDelete' }) || snapshot.matches({ searching: 'confirmingDelete' })) {
      return full ? [ev('CONFIRM_DELETE'), ev('CANCEL_DELETE')] : [ev('CONFIRM_DELETE')];
    }
    if (snapshot.matches({ searching: 'debouncing' })) {
      const events = [ev(`xstate.after.searchDebounce.taxonomyTree.searching.debouncing`)];
      if (full && context.query === 'bi') events.push(ev('SEARCH_INPUT', { text: 'zz' }));
      return events;
    }
    if (snapshot.matches({ searching: 'requesting' })) {
      const q = context.query.trim();
      return [done('search', q === 'bi' ? MODEL_HITS : q === 'an' ? MODEL_PARENT_HITS : MODEL_NO_HITS), fail('search')];
    }
    if (snapshot.matches({ searching: 'deleting' })) return [done('deleteSearchHit', null), fail('deleteSearchHit')];
    if (snapshot.matches({ searching: 'results' })) {
      const events = [ev('SEARCH_INPUT', { text: '' })];
      const index = activeIndex(context);
      if (index < 0) events.push(ev('KEY_DOWN'));
      if (index >= 0) events.push(ev('KEY_ENTER'));
      if (full && index < 0) events.push(ev('KEY_UP'));
      if (context.results.includes(birds.href) && index < 0) {
        events.push(ev('DELETE', { href: birds.href }), ev('EDIT', { href: birds.href }));
      }
      if (context.results.includes(animals.href) && index < 0) events.push(ev('DELETE', { href: animals.href }));
      return events;
    }
    return [];
  };
}

/** Events whose target snapshot can equal one reached otherwise; tagged so that the paths take them. */
const TAGGED_EVENTS: ReadonlySet<string> = new Set(['KEY_ESC', 'KEY_UP', 'EDIT_DONE', 'CANCEL_DELETE']);

/**
 * A vertex is the snapshot (value + context). Some steps land on a snapshot that another step reaches too (Esc closes
 * like Close, up after down, expanding again what was collapsed, a search restarted while debouncing); those get
 * their own vertex, otherwise no shortest path would take them.
 */
export function serializeTaxonomyTreeState(snapshot: AnyMachineSnapshot, event: EventObject | undefined, previous: AnyMachineSnapshot | undefined): string {
  const key = serializeSnapshot(snapshot);
  if (!event || !previous) return key;
  if (TAGGED_EVENTS.has(event.type)) return `${key} (${event.type})`;
  if (event.type === 'KEY_ENTER' && previous.matches({ normal: 'adding' }) && snapshot.matches({ normal: 'adding' })) {
    return `${key} (blank add refused)`;
  }
  if (event.type === 'SEARCH_INPUT' && previous.matches('searching') && snapshot.matches('searching')) {
    return `${key} (search restarted)`;
  }
  const href = (event as EventObject & { href?: string }).href;
  const before = href === undefined ? undefined : (previous.context as TaxonomyTreeContext).nodes[href];
  if (event.type === 'TOGGLE' && before?.loaded && !before.expanded) return `${key} (expanded again)`;
  return key;
}

/** The test model of one scope: exactly the events of {@link taxonomyTreeModelEvents}. */
export function taxonomyTreeScopeModel(scope: TaxonomyTreeScope, variant: PathVariant) {
  const events = taxonomyTreeModelEvents(variant);
  return createTestModel(modelMachine, {
    input: TAXONOMY_TREE_SCOPES[scope],
    events,
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => events(snapshot).some((proposed) => JSON.stringify(proposed) === JSON.stringify(event)),
    serializeState: serializeTaxonomyTreeState,
  });
}

/**
 * The taxonomy tree's {@link MachineModel}: `testModel(variant)` explores the editor scope (every control); the
 * non-editor scope (fewer items, no delete) is {@link taxonomyTreeScopeModel}`('viewer', variant)`.
 */
export const taxonomyTreeModel: MachineModel = {
  name: 'taxonomyTree',
  title: 'Taxonomy tree popover: browse pages and lazy children, search after 300 ms, keyboard, select; editors add inline, edit, delete (confirmed for parents)',
  spec: 'spec 02 §2 Taxonomy tree popover, §4, §5, §6, §8, §9',
  machine: taxonomyTreeMachine,
  testModel(variant: PathVariant) {
    return taxonomyTreeScopeModel('editor', variant);
  },
};
