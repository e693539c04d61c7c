/**
 * Taxonomy tree popover: pick a value for a taxonomy-backed field, browse pages and lazy children, search, and
 * (editors) delete items (spec 02 §2 Taxonomy tree popover, §4 Tree node / Tree, §5 "Search is sent after a 300 ms
 * pause", §6 taxonomy editing, §7 taxonomy calls, §8 taxonomy errors, §9 search debounce 300 ms).
 *
 * loadingRoot → normal (idle, loadingPage, loadingChildren, loadingMore, adding, creating, editing, confirmingDelete, deleting) ⇄
 * searching (debouncing, requesting, results, editing, confirmingDelete, deleting) → closed (final; output `{selected}`).
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  isItemVisible,
  isSelectable,
  sortByName,
  TAXONOMY_MALFORMED_SEARCH_MESSAGE,
  toTaxonomyRequestError,
  visibleTreeHrefs,
  type ChildrenResponse,
  type PageLink,
  type RootTaxonomyData,
  type TaxonomyItem,
  type TaxonomyRequestError,
  type TreeNode,
  type TreePage,
  type TreePaging,
} from './taxonomyTree.types.ts';

/** Pause after the last keystroke before the search is sent, in ms. */
export const TAXONOMY_SEARCH_DEBOUNCE_MS = 300; // spec 02 §5, §9

/**
 * Input of {@link taxonomyTreeMachine}.
 *
 * - `fieldId`: the taxonomy-backed field (the root and the search are per field, spec 02 §7).
 * - `canEdit`: a logged-in user whose API permissions include `allowTaxonomyEditing` (spec 02 §6). Non-editors see
 *   only items with children or with Set, and cannot delete.
 */
export interface TaxonomyTreeInput {
  readonly fieldId: string;
  readonly canEdit: boolean;
}

/**
 * Context of {@link taxonomyTreeMachine}.
 *
 * - `nodes`: every item seen, by href, with its tree state ({@link TreeNode}: expanded, loaded, children).
 * - `listing`: top-level hrefs of the current page (sorted by name); `paging` its links; `pageHref` its href (the root
 *   listing is the first page: `paging.first`).
 * - `query`: the search box; searching ⇔ it is not blank. `results`: the hrefs the last search found (sorted).
 * - `activeItem`: the keyboard's active item (always a visible one, or `undefined`).
 * - `pendingHref`: the page, node or item a request runs for (`loadingPage`, `loadingChildren`, `deleting`).
 * - `selected`: the chosen item, `null` for the empty-value entry, `undefined` when closed without choosing.
 * - `addParent`, `addText`: the inline add (`adding`, `creating`): the parent's href (`undefined`: a top-level item)
 *   and the text typed (spec 02 §5 "A new item added inline").
 * - `editHref`: the item the edit modal shows (`editing`); the modal runs its own machine (`taxonomyItemEdit`).
 * - `error`: the error modal of a failed request (spec 02 §8); `searchError`: the "malformed search" tooltip.
 */
export interface TaxonomyTreeContext {
  readonly fieldId: string;
  readonly canEdit: boolean;
  readonly nodes: Readonly<Record<string, TreeNode>>;
  readonly listing: readonly string[];
  readonly paging: TreePaging;
  readonly pageHref: string | undefined;
  readonly query: string;
  readonly results: readonly string[];
  readonly activeItem: string | undefined;
  readonly pendingHref: string | undefined;
  readonly selected: TaxonomyItem | null | undefined;
  readonly error: TaxonomyRequestError | undefined;
  readonly searchError: string | undefined;
  readonly addParent: string | undefined;
  readonly addText: string;
  readonly editHref: string | undefined;
}

/**
 * Events of {@link taxonomyTreeMachine}.
 *
 * Keyboard (spec 02 §2): `KEY_DOWN` / `KEY_UP` move the active item (stopping at the ends; from none, down takes the
 * first and up the last), `KEY_RIGHT` expands the active item, `KEY_LEFT` collapses it, `KEY_ENTER` selects it
 * (Set only), `KEY_ESC` closes.
 * Mouse: `TOGGLE {href}` (the switcher), `SELECT {href}` (Set only), `SELECT_EMPTY` (the empty-value entry),
 * `PAGE {link}` (first / prev / next / last), `LOAD_MORE {href}` (the next page of an expanded item's children),
 * `CLOSE`.
 * `SEARCH_INPUT {text}`: the search box changed. `DISMISS_ERROR`: the error modal's Close.
 * Editors (spec 02 §2, §5, §6): `DELETE {href}` deletes an item, after `CONFIRM_DELETE` when it has children
 * (`CANCEL_DELETE` keeps it); `START_ADD {parentHref?}` opens the inline add (top level, or a child of `parentHref`;
 * not while searching), `ADD_INPUT {text}` types, and in `adding` Enter (`KEY_ENTER`) adds a non-blank text and Esc
 * (`KEY_ESC`) cancels; `EDIT {href}` opens the edit modal and `EDIT_DONE {item?}` closes it (with the saved item).
 * Expanding, paging, adding, editing and deleting start only while no other request runs (`idle`, `results`).
 */
export type TaxonomyTreeEvent =
  | { type: 'KEY_DOWN' }
  | { type: 'KEY_UP' }
  | { type: 'KEY_RIGHT' }
  | { type: 'KEY_LEFT' }
  | { type: 'KEY_ENTER' }
  | { type: 'KEY_ESC' }
  | { type: 'TOGGLE'; href: string }
  | { type: 'SELECT'; href: string }
  | { type: 'SELECT_EMPTY' }
  | { type: 'PAGE'; link: PageLink }
  | { type: 'LOAD_MORE'; href: string }
  | { type: 'CLOSE' }
  | { type: 'SEARCH_INPUT'; text: string }
  | { type: 'DELETE'; href: string }
  | { type: 'CONFIRM_DELETE' }
  | { type: 'CANCEL_DELETE' }
  | { type: 'START_ADD'; parentHref?: string }
  | { type: 'ADD_INPUT'; text: string }
  | { type: 'EDIT'; href: string }
  | { type: 'EDIT_DONE'; item?: TaxonomyItem }
  | { type: 'DISMISS_ERROR' };

/** Output of {@link taxonomyTreeMachine} once closed: the chosen item, `null` (empty value), or `undefined`. */
export interface TaxonomyTreeOutput {
  readonly selected: TaxonomyItem | null | undefined;
}

/** Input of the `loadRoot` actor: the field whose taxonomy root to GET. */
export interface LoadRootInput {
  readonly fieldId: string;
}

/** Input of `loadPage` (also for load more), `loadChildren` and `deleteItem`: the link (from the data) to GET or DELETE. */
export interface TaxonomyHrefInput {
  readonly href: string;
}

/**
 * Input of `createItem`: POST a new item with `name` as name and value and the default usage (spec 02 §3, §5) to
 * `parentHref`, or to the taxonomy itself when `parentHref` is `undefined` (a top-level item). Resolves with the item.
 */
export interface CreateTaxonomyItemInput {
  readonly parentHref: string | undefined;
  readonly name: string;
}

/** Input of `search`: `GET {base}/api/taxonomies/{fieldId}?q={q}` (spec 02 §7); `q` is trimmed. */
export interface TaxonomySearchInput {
  readonly fieldId: string;
  readonly q: string;
}

/** The hrefs the arrow keys move through: the search results while searching, else the visible tree. */
export function keyboardOrder(context: TaxonomyTreeContext): string[] {
  if (context.query.trim().length > 0) {
    return context.results.filter((href) => {
      const node = context.nodes[href];
      return node !== undefined && isItemVisible(node.item, context.canEdit);
    });
  }
  return visibleTreeHrefs(context.listing, context.nodes, context.canEdit);
}

/** Adds a page's items to `nodes` (keeping the state of items already known) and returns their sorted hrefs. */
function mergeItems(nodes: Readonly<Record<string, TreeNode>>, items: readonly TaxonomyItem[]): { nodes: Record<string, TreeNode>; hrefs: string[] } {
  const merged: Record<string, TreeNode> = { ...nodes };
  const sorted = sortByName(items);
  for (const item of sorted) {
    const known = merged[item.href];
    merged[item.href] = known ? { ...known, item } : { item, expanded: false, loaded: false, children: [] };
  }
  return { nodes: merged, hrefs: sorted.map((item) => item.href) };
}

function withNode(nodes: Readonly<Record<string, TreeNode>>, href: string, change: (node: TreeNode) => TreeNode): Record<string, TreeNode> {
  const node = nodes[href];
  return node ? { ...nodes, [href]: change(node) } : { ...nodes };
}

/** `hrefs` sorted by their items' names ({@link sortByName}). */
function sortHrefs(hrefs: readonly string[], nodes: Readonly<Record<string, TreeNode>>): string[] {
  const items = hrefs.map((href) => nodes[href]?.item).filter((item): item is TaxonomyItem => item !== undefined);
  return sortByName(items).map((item) => item.href);
}

/**
 * Adds a created item: to the listing (top level) or to its parent's children. A parent whose children are not loaded
 * yet keeps them unloaded (the first expand fetches them, the new one included) unless it had none: then the new item
 * is its only child and the parent opens.
 */
function insertCreated(context: TaxonomyTreeContext, item: TaxonomyItem): Partial<TaxonomyTreeContext> {
  const nodes: Record<string, TreeNode> = {
    ...context.nodes,
    [item.href]: { item, expanded: false, loaded: false, children: [] },
  };
  const parentHref = context.addParent;
  if (parentHref === undefined) return { nodes, listing: sortHrefs([...context.listing, item.href], nodes) };
  const parent = nodes[parentHref];
  if (!parent) return { nodes };
  const known = parent.loaded || !parent.item.hasChildren;
  nodes[parentHref] = known
    ? {
        ...parent,
        item: { ...parent.item, hasChildren: true },
        expanded: true,
        loaded: true,
        children: sortHrefs([...parent.children, item.href], nodes),
      }
    : { ...parent, item: { ...parent.item, hasChildren: true } };
  return { nodes };
}

/** Replaces an edited item and keeps every list it is in sorted by name. */
function replaceEdited(context: TaxonomyTreeContext, item: TaxonomyItem): Partial<TaxonomyTreeContext> {
  const known = context.nodes[item.href];
  if (!known) return {};
  const nodes: Record<string, TreeNode> = { ...context.nodes, [item.href]: { ...known, item: { ...item, hasChildren: known.item.hasChildren } } };
  for (const [href, node] of Object.entries(nodes)) {
    if (node.children.includes(item.href)) nodes[href] = { ...node, children: sortHrefs(node.children, nodes) };
  }
  const resort = (hrefs: readonly string[]) => (hrefs.includes(item.href) ? sortHrefs(hrefs, nodes) : [...hrefs]);
  return { nodes, listing: resort(context.listing), results: resort(context.results) };
}

/** `href` and every loaded descendant of it. */
function subtree(nodes: Readonly<Record<string, TreeNode>>, href: string): string[] {
  const result = [href];
  for (const child of nodes[href]?.children ?? []) result.push(...subtree(nodes, child));
  return result;
}

function eventHref(event: TaxonomyTreeEvent): string | undefined {
  return 'href' in event ? event.href : undefined;
}

/** The href an expand acts on: the event's (TOGGLE) or the active item (KEY_RIGHT). */
function targetHref(context: TaxonomyTreeContext, event: TaxonomyTreeEvent): string | undefined {
  return eventHref(event) ?? context.activeItem;
}

function isShown(context: TaxonomyTreeContext, href: string | undefined): boolean {
  return href !== undefined && keyboardOrder(context).includes(href);
}

/**
 * The taxonomy tree machine (spec 02 §2, §4, §5, §6, §8, §9).
 *
 * States: `loadingRoot` (`loadRoot`; a failure is silently ignored: an empty tree), `normal` (`idle`, `loadingPage`
 * (`loadPage`), `loadingChildren` (`loadChildren`, on first expand only), `deleting` (`deleteItem`)), `searching`
 * (`debouncing` for the `searchDebounce` delay = {@link TAXONOMY_SEARCH_DEBOUNCE_MS}, `requesting` (`search`),
 * `results`, `deleting`), `closed` (final). A blank search returns to the root listing kept in memory.
 *
 * Failing page, children and delete requests set `error` (the error modal, {@link toTaxonomyRequestError}); a failing
 * search sets only `searchError` = "malformed search". After deleting the last item of a page that is not the first,
 * the tree loads the first page.
 *
 * Provide `loadRoot`, `loadPage`, `loadChildren`, `search` and `deleteItem` with `.provide({actors: {…}})`; the
 * built-in ones reject.
 */
export const taxonomyTreeMachine = setup({
  types: {
    context: {} as TaxonomyTreeContext,
    events: {} as TaxonomyTreeEvent,
    input: {} as TaxonomyTreeInput,
    output: {} as TaxonomyTreeOutput,
  },
  actors: {
    loadRoot: fromPromise<RootTaxonomyData, LoadRootInput>(async () => {
      throw new Error('taxonomyTree: provide `loadRoot` with .provide()');
    }),
    loadPage: fromPromise<TreePage, TaxonomyHrefInput>(async () => {
      throw new Error('taxonomyTree: provide `loadPage` with .provide()');
    }),
    loadChildren: fromPromise<ChildrenResponse, TaxonomyHrefInput>(async () => {
      throw new Error('taxonomyTree: provide `loadChildren` with .provide()');
    }),
    search: fromPromise<TreePage, TaxonomySearchInput>(async () => {
      throw new Error('taxonomyTree: provide `search` with .provide()');
    }),
    deleteItem: fromPromise<unknown, TaxonomyHrefInput>(async () => {
      throw new Error('taxonomyTree: provide `deleteItem` with .provide()');
    }),
    createItem: fromPromise<TaxonomyItem, CreateTaxonomyItemInput>(async () => {
      throw new Error('taxonomyTree: provide `createItem` with .provide()');
    }),
  },
  guards: {
    'hasQuery?': ({ context }) => context.query.trim().length > 0,
    'isBlankQuery?': ({ event }) => event.type === 'SEARCH_INPUT' && event.text.trim().length === 0,
    'canMoveDown?': ({ context }) => {
      const order = keyboardOrder(context);
      const index = context.activeItem === undefined ? -1 : order.indexOf(context.activeItem);
      return index + 1 < order.length;
    },
    'canMoveUp?': ({ context }) => {
      const order = keyboardOrder(context);
      return order.length > 0 && (context.activeItem === undefined || order.indexOf(context.activeItem) > 0);
    },
    'isExpanded?': ({ context, event }) => {
      const href = targetHref(context, event);
      return isShown(context, href) && context.nodes[href ?? '']?.expanded === true;
    },
    'isLoadedParent?': ({ context, event }) => {
      const href = targetHref(context, event);
      const node = context.nodes[href ?? ''];
      return isShown(context, href) && node !== undefined && node.item.hasChildren && node.loaded && !node.expanded;
    },
    'isUnloadedParent?': ({ context, event }) => {
      const href = targetHref(context, event);
      const node = context.nodes[href ?? ''];
      return isShown(context, href) && node !== undefined && node.item.hasChildren && !node.loaded;
    },
    'hasMore?': ({ context, event }) => {
      const href = eventHref(event);
      const node = context.nodes[href ?? ''];
      return isShown(context, href) && node !== undefined && node.expanded && node.more !== undefined;
    },
    'isSelectable?': ({ context, event }) => {
      const href = targetHref(context, event);
      return isShown(context, href) && isSelectable(context.nodes[href ?? '']?.item);
    },
    'hasPageLink?': ({ context, event }) => {
      if (event.type !== 'PAGE') return false;
      const href = context.paging[event.link];
      return href !== undefined && href !== context.pageHref;
    },
    'canDelete?': ({ context, event }) => context.canEdit && isShown(context, eventHref(event)),
    'canDeleteParent?': ({ context, event }) => context.canEdit && isShown(context, eventHref(event)) && context.nodes[eventHref(event) ?? '']?.item.hasChildren === true,
    'canEdit?': ({ context, event }) => context.canEdit && isShown(context, eventHref(event)),
    'canAdd?': ({ context, event }) => {
      assertEvent(event, 'START_ADD');
      return context.canEdit && (event.parentHref === undefined || isShown(context, event.parentHref));
    },
    'hasAddText?': ({ context }) => context.addText.trim().length > 0,
    'wasLastOnPage?': ({ context }) =>
      context.pendingHref !== undefined &&
      context.listing.length === 1 &&
      context.listing[0] === context.pendingHref &&
      context.paging.first !== undefined &&
      context.paging.first !== context.pageHref,
    'hasError?': ({ context }) => context.error !== undefined,
  },
  delays: {
    searchDebounce: TAXONOMY_SEARCH_DEBOUNCE_MS,
  },
  actions: {
    setQuery: assign(({ event }) => {
      assertEvent(event, 'SEARCH_INPUT');
      return { query: event.text };
    }),
    leaveSearch: assign({ results: [], searchError: undefined, activeItem: undefined }),
    storeRoot: assign(({ context }, params: { root: RootTaxonomyData }) => {
      const { nodes, hrefs } = mergeItems(context.nodes, params.root.items.data);
      const paging = params.root.items.paging ?? {};
      return { nodes, listing: hrefs, paging, pageHref: paging.first, activeItem: undefined };
    }),
    storePage: assign(({ context }, params: { page: TreePage }) => {
      const { nodes, hrefs } = mergeItems(context.nodes, params.page.data);
      return {
        nodes,
        listing: hrefs,
        paging: params.page.paging ?? {},
        pageHref: context.pendingHref,
        pendingHref: undefined,
        activeItem: undefined,
      };
    }),
    storeChildren: assign(({ context }, params: { response: ChildrenResponse }) => {
      const parent = context.pendingHref ?? '';
      const { nodes, hrefs } = mergeItems(context.nodes, params.response.children.data);
      const more = params.response.children.paging?.next;
      return {
        nodes: withNode(nodes, parent, (node) => ({ ...node, expanded: true, loaded: true, children: hrefs, more })),
        pendingHref: undefined,
      };
    }),
    storeMore: assign(({ context }, params: { page: TreePage }) => {
      const parent = context.pendingHref ?? '';
      const { nodes, hrefs } = mergeItems(context.nodes, params.page.data);
      return {
        nodes: withNode(nodes, parent, (node) => ({
          ...node,
          children: sortHrefs([...new Set([...node.children, ...hrefs])], nodes),
          more: params.page.paging?.next,
        })),
        pendingHref: undefined,
      };
    }),
    storeResults: assign(({ context }, params: { page: TreePage }) => {
      const { nodes, hrefs } = mergeItems(context.nodes, params.page.data);
      return { nodes, results: hrefs, searchError: undefined, activeItem: undefined };
    }),
    failSearch: assign({ results: [], searchError: TAXONOMY_MALFORMED_SEARCH_MESSAGE, activeItem: undefined }),
    failRequest: assign((_, params: { cause: unknown }) => ({
      error: toTaxonomyRequestError(params.cause),
      pendingHref: undefined,
    })),
    clearError: assign({ error: undefined }),
    moveDown: assign(({ context }) => {
      const order = keyboardOrder(context);
      const index = context.activeItem === undefined ? -1 : order.indexOf(context.activeItem);
      return { activeItem: order[index + 1] };
    }),
    moveUp: assign(({ context }) => {
      const order = keyboardOrder(context);
      const index = context.activeItem === undefined ? order.length : order.indexOf(context.activeItem);
      return { activeItem: order[index - 1] };
    }),
    expand: assign(({ context, event }) => ({
      nodes: withNode(context.nodes, targetHref(context, event) ?? '', (node) => ({ ...node, expanded: true })),
    })),
    collapse: assign(({ context, event }) => {
      const href = targetHref(context, event) ?? '';
      // The active item must stay visible: if it was inside the collapsed subtree, the collapsed item takes over.
      const inside = context.activeItem !== undefined && subtree(context.nodes, href).includes(context.activeItem);
      return {
        nodes: withNode(context.nodes, href, (node) => ({ ...node, expanded: false })),
        activeItem: inside ? href : context.activeItem,
      };
    }),
    setPendingNode: assign(({ context, event }) => ({ pendingHref: targetHref(context, event) })),
    setPendingPage: assign(({ context, event }) => {
      assertEvent(event, 'PAGE');
      return { pendingHref: context.paging[event.link] };
    }),
    setPendingDelete: assign(({ event }) => {
      assertEvent(event, 'DELETE');
      return { pendingHref: event.href };
    }),
    removeDeleted: assign(({ context }) => {
      const href = context.pendingHref ?? '';
      const gone = new Set(subtree(context.nodes, href));
      const nodes: Record<string, TreeNode> = {};
      for (const [key, node] of Object.entries(context.nodes)) {
        if (gone.has(key)) continue;
        if (!node.children.includes(href)) {
          nodes[key] = node;
          continue;
        }
        const children = node.children.filter((child) => child !== href);
        // A parent whose last child went away has no children any more (no switcher, nothing to expand).
        nodes[key] = {
          ...node,
          children,
          expanded: node.expanded && children.length > 0,
          item: { ...node.item, hasChildren: children.length > 0 },
        };
      }
      return {
        nodes,
        listing: context.listing.filter((key) => key !== href),
        results: context.results.filter((key) => key !== href),
        activeItem: context.activeItem !== undefined && gone.has(context.activeItem) ? undefined : context.activeItem,
      };
    }),
    clearPending: assign({ pendingHref: undefined }),
    startAdd: assign(({ event }) => {
      assertEvent(event, 'START_ADD');
      return { addParent: event.parentHref, addText: '' };
    }),
    setAddText: assign(({ event }) => {
      assertEvent(event, 'ADD_INPUT');
      return { addText: event.text };
    }),
    endAdd: assign({ addParent: undefined, addText: '' }),
    storeCreated: assign(({ context }, params: { item: TaxonomyItem }) => ({
      ...insertCreated(context, params.item),
      addParent: undefined,
      addText: '',
    })),
    startEdit: assign(({ event }) => {
      assertEvent(event, 'EDIT');
      return { editHref: event.href };
    }),
    endEdit: assign(({ context, event }) => {
      assertEvent(event, 'EDIT_DONE');
      return { ...(event.item ? replaceEdited(context, event.item) : {}), editHref: undefined };
    }),
    goToFirstPage: assign(({ context }) => ({ pendingHref: context.paging.first })),
    selectItem: assign(({ context, event }) => ({ selected: context.nodes[targetHref(context, event) ?? '']?.item })),
    selectEmpty: assign({ selected: null }),
  },
}).createMachine({
  id: 'taxonomyTree',
  initial: 'loadingRoot',
  context: ({ input }) => ({
    fieldId: input.fieldId,
    canEdit: input.canEdit,
    nodes: {},
    listing: [],
    paging: {},
    pageHref: undefined,
    query: '',
    results: [],
    activeItem: undefined,
    pendingHref: undefined,
    selected: undefined,
    error: undefined,
    searchError: undefined,
    addParent: undefined,
    addText: '',
    editHref: undefined,
  }),
  on: {
    CLOSE: '.closed',
    KEY_ESC: '.closed',
    SELECT_EMPTY: { target: '.closed', actions: 'selectEmpty' },
    // Enter selects the active item, a click the clicked one; both only items with Set (spec 02 §6).
    KEY_ENTER: { guard: 'isSelectable?', target: '.closed', actions: 'selectItem' },
    SELECT: { guard: 'isSelectable?', target: '.closed', actions: 'selectItem' },
    DISMISS_ERROR: { guard: 'hasError?', actions: 'clearError' },
  },
  states: {
    loadingRoot: {
      on: {
        // The search box works while the root loads; the search starts once the root is in.
        SEARCH_INPUT: { actions: 'setQuery' },
      },
      invoke: {
        id: 'loadRoot',
        src: 'loadRoot',
        input: ({ context }) => ({ fieldId: context.fieldId }),
        onDone: [
          {
            guard: 'hasQuery?',
            target: 'searching',
            actions: { type: 'storeRoot', params: ({ event }) => ({ root: event.output }) },
          },
          { target: 'normal', actions: { type: 'storeRoot', params: ({ event }) => ({ root: event.output }) } },
        ],
        // spec 02 §8: failure to load the tree root is silently ignored (an empty tree, no error modal).
        onError: [{ guard: 'hasQuery?', target: 'searching' }, { target: 'normal' }],
      },
    },
    normal: {
      initial: 'idle',
      on: {
        SEARCH_INPUT: [
          { guard: 'isBlankQuery?', actions: 'setQuery' },
          // An inline add still open is dropped: add child is hidden while searching (spec 02 §2).
          { target: 'searching', actions: ['setQuery', 'endAdd'] },
        ],
        KEY_DOWN: { guard: 'canMoveDown?', actions: 'moveDown' },
        KEY_UP: { guard: 'canMoveUp?', actions: 'moveUp' },
        KEY_LEFT: { guard: 'isExpanded?', actions: 'collapse' },
      },
      states: {
        idle: {
          on: {
            KEY_RIGHT: [
              { guard: 'isLoadedParent?', actions: 'expand' },
              { guard: 'isUnloadedParent?', target: 'loadingChildren', actions: 'setPendingNode' },
            ],
            TOGGLE: [
              { guard: 'isExpanded?', actions: 'collapse' },
              { guard: 'isLoadedParent?', actions: 'expand' },
              { guard: 'isUnloadedParent?', target: 'loadingChildren', actions: 'setPendingNode' },
            ],
            PAGE: { guard: 'hasPageLink?', target: 'loadingPage', actions: 'setPendingPage' },
            LOAD_MORE: { guard: 'hasMore?', target: 'loadingMore', actions: 'setPendingNode' },
            DELETE: [
              // spec 02 §2: deleting an item that has children asks first.
              { guard: 'canDeleteParent?', target: 'confirmingDelete', actions: 'setPendingDelete' },
              { guard: 'canDelete?', target: 'deleting', actions: 'setPendingDelete' },
            ],
            START_ADD: { guard: 'canAdd?', target: 'adding', actions: 'startAdd' },
            EDIT: { guard: 'canEdit?', target: 'editing', actions: 'startEdit' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ href: context.nodes[context.pendingHref ?? '']?.more ?? '' }),
            onDone: { target: 'idle', actions: { type: 'storeMore', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
        adding: {
          on: {
            ADD_INPUT: { actions: 'setAddText' },
            // spec 02 §5: Enter adds a non-blank text (as name and value), Esc cancels.
            KEY_ENTER: [{ guard: 'hasAddText?', target: 'creating' }, { actions: [] }],
            KEY_ESC: { target: 'idle', actions: 'endAdd' },
          },
        },
        creating: {
          invoke: {
            id: 'createItem',
            src: 'createItem',
            input: ({ context }) => ({ parentHref: context.addParent, name: context.addText.trim() }),
            onDone: { target: 'idle', actions: { type: 'storeCreated', params: ({ event }) => ({ item: event.output }) } },
            // The typed text stays in the inline input, to try again or cancel.
            onError: { target: 'adding', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
        editing: {
          on: { EDIT_DONE: { target: 'idle', actions: 'endEdit' } },
        },
        confirmingDelete: {
          on: {
            CONFIRM_DELETE: 'deleting',
            CANCEL_DELETE: { target: 'idle', actions: 'clearPending' },
          },
        },
        loadingPage: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ href: context.pendingHref ?? '' }),
            onDone: { target: 'idle', actions: { type: 'storePage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'idle', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
        loadingChildren: {
          invoke: {
            id: 'loadChildren',
            src: 'loadChildren',
            input: ({ context }) => ({ href: context.pendingHref ?? '' }),
            onDone: {
              target: 'idle',
              actions: { type: 'storeChildren', params: ({ event }) => ({ response: event.output }) },
            },
            onError: { target: 'idle', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteItem',
            src: 'deleteItem',
            input: ({ context }) => ({ href: context.pendingHref ?? '' }),
            onDone: [
              // spec 02 §4: after deleting the last item on a page, the tree jumps to the first page.
              { guard: 'wasLastOnPage?', target: 'loadingPage', actions: ['removeDeleted', 'goToFirstPage'] },
              { target: 'idle', actions: ['removeDeleted', 'clearPending'] },
            ],
            onError: { target: 'idle', actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) } },
          },
        },
      },
    },
    searching: {
      initial: 'debouncing',
      on: {
        SEARCH_INPUT: [
          // spec 02 §4: an empty search returns to the root listing.
          { guard: 'isBlankQuery?', target: 'normal', actions: ['setQuery', 'leaveSearch'] },
          // Each keystroke restarts the 300 ms pause (and drops a search still running).
          { target: 'searching', reenter: true, actions: 'setQuery' },
        ],
        KEY_DOWN: { guard: 'canMoveDown?', actions: 'moveDown' },
        KEY_UP: { guard: 'canMoveUp?', actions: 'moveUp' },
      },
      states: {
        debouncing: {
          after: { searchDebounce: 'requesting' },
        },
        requesting: {
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ fieldId: context.fieldId, q: context.query.trim() }),
            onDone: {
              target: 'results',
              actions: { type: 'storeResults', params: ({ event }) => ({ page: event.output }) },
            },
            // spec 02 §8: a failing search shows only the "malformed search" tooltip.
            onError: { target: 'results', actions: 'failSearch' },
          },
        },
        results: {
          on: {
            DELETE: [
              { guard: 'canDeleteParent?', target: 'confirmingDelete', actions: 'setPendingDelete' },
              { guard: 'canDelete?', target: 'deleting', actions: 'setPendingDelete' },
            ],
            EDIT: { guard: 'canEdit?', target: 'editing', actions: 'startEdit' },
          },
        },
        editing: {
          on: { EDIT_DONE: { target: 'results', actions: 'endEdit' } },
        },
        confirmingDelete: {
          on: {
            CONFIRM_DELETE: 'deleting',
            CANCEL_DELETE: { target: 'results', actions: 'clearPending' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteSearchHit',
            src: 'deleteItem',
            input: ({ context }) => ({ href: context.pendingHref ?? '' }),
            onDone: { target: 'results', actions: ['removeDeleted', 'clearPending'] },
            onError: {
              target: 'results',
              actions: { type: 'failRequest', params: ({ event }) => ({ cause: event.error }) },
            },
          },
        },
      },
    },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ selected: context.selected }),
});
