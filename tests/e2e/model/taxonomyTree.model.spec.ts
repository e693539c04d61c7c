/**
 * The taxonomy tree popover's generated paths (packages/machines taxonomyTree.model.ts, editor scope) run against the
 * real `TaxonomyPicker` in Chromium, on the real stack: the picker of an advanced-search criterion on Keywords (25),
 * whose taxonomy requests the test holds with `page.route` and answers with the model's taxonomy (Animals, Birds,
 * Drafts, Ants, Apes, Cats) or its failure, as each path says. Every user event is done as a user does it (clicks,
 * keys, typing, the edit modal), the search pause is the real 300 ms, and every state is checked on screen: the
 * items shown in order, the active item, expanded items, the busy indicator, the inline add, the modals, the
 * "malformed search" tooltip, the paging buttons and, once closed, the criterion's value.
 *
 * The non-editor scope needs a user without `allowTaxonomyEditing`, which the e2e stack does not have; its paths run
 * in the unit tests (taxonomyTree.test.ts).
 */
import type { Locator, Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { keyboardOrder, type TaxonomyTreeContext } from '@magpie/machines/taxonomyTree/taxonomyTree.machine.ts';
import { MODEL_EDITED, MODEL_FAILURE, taxonomyTreeModel } from '@magpie/machines/taxonomyTree/taxonomyTree.model.ts';
import type { ChildrenResponse, RootTaxonomyData, TaxonomyItem, TreePage, TreePaging } from '@magpie/machines/taxonomyTree/taxonomyTree.types.ts';
import { expect, test } from '../fixtures.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const FIELD = '25';
/** A user action that cannot happen fails within the expect timeout, not the whole test's. */
const ACT = { timeout: 15_000 };
const API_ROOT = `/fotoweb/api/taxonomies/${FIELD}/`;
/** The model's own item links (taxonomyTree.model.ts BASE). */
const MODEL_ROOT_PATH = `/fotoweb/taxonomies/${FIELD}/`;

/** Holds every request for the model's taxonomy until a path step says how it ends. */
class TaxonomyNetwork {
  private held: Route[] = [];

  async install(page: Page): Promise<void> {
    await page.route(
      (url) => url.pathname.startsWith(API_ROOT) || url.pathname.startsWith(MODEL_ROOT_PATH),
      (route) => {
        this.held.push(route);
      },
    );
  }

  /** The newest held request that `accepts`; older ones (a search a new keystroke replaced) are dropped. */
  async take(what: string, accepts: (route: Route) => boolean): Promise<Route> {
    await expect.poll(() => this.held.some(accepts), { message: `the app sends ${what}` }).toBe(true);
    const route = [...this.held].reverse().find(accepts)!;
    const stale = this.held.filter((held) => held !== route);
    this.held = [];
    for (const old of stale) await old.abort().catch(() => undefined);
    return route;
  }

  pending(): number {
    return this.held.length;
  }
}

interface TreeScreen {
  readonly popover: Locator;
  readonly tree: Locator;
  readonly criterionValue: Locator;
  readonly network: TaxonomyNetwork;
}

const contextOf = (state: AnyMachineSnapshot) => state.context as TaxonomyTreeContext;
const pathOf = (route: Route) => {
  const url = new URL(route.request().url());
  return url.pathname + url.search;
};

/** A model item on the wire (dam.yaml TaxonomyItemInfo). */
function wireItem(item: TaxonomyItem) {
  return {
    name: item.name,
    value: item.value,
    description: item.description ?? '',
    customSearch: item.customSearch ?? '',
    acl: [...item.acl],
    href: item.href,
    hasChildren: item.hasChildren,
    field: Number(FIELD),
    taxonomyHref: API_ROOT,
    ancestors: [],
  };
}

function wirePaging(paging: TreePaging | undefined) {
  return paging?.first ? { first: paging.first, prev: paging.prev ?? null, next: paging.next ?? null, last: paging.last ?? null } : null;
}

const wirePage = (page: TreePage) => ({ data: page.data.map(wireItem), paging: wirePaging(page.paging) });
const wireTaxonomy = (page: TreePage) => ({
  name: 'Keywords',
  pluralName: 'Keywords',
  description: '',
  hasChildren: page.data.length > 0,
  field: Number(FIELD),
  href: API_ROOT,
  taxonomyHref: API_ROOT,
  items: wirePage(page),
});

const failure = (route: Route) => route.fulfill({ status: Number(MODEL_FAILURE.name), json: MODEL_FAILURE.body });

/** Visible item names in display order, as the model says (spec 02 §2, §6). */
function expectedNames(context: TaxonomyTreeContext): string[] {
  return keyboardOrder(context).map((href) => context.nodes[href]!.item.name);
}

const treeItem = (popover: Locator, name: string) => popover.locator(`[data-testid="taxonomy-item"][aria-label="${name}"]`);
const nameOf = (context: TaxonomyTreeContext, href: string) => context.nodes[href]?.item.name ?? '';

const adapter: ScreenAdapter<TreeScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const network = new TaxonomyNetwork();
    await network.install(page);
    await page.getByRole('button', { name: 'Advanced search' }).click(ACT);
    const advanced = page.getByTestId('advanced-search');
    await advanced.getByTestId('advanced-add-criterion').click(ACT);
    await advanced.getByTestId('advanced-criterion-field').fill(FIELD);
    await advanced.getByTestId('advanced-criterion-taxonomy').click(ACT);
    const popover = page.getByTestId('taxonomy-popover');
    await expect(popover).toBeVisible();
    return { popover, tree: popover.getByTestId('taxonomy-tree'), criterionValue: advanced.getByTestId('advanced-criterion-value'), network };
  },

  async perform(event: EventObject, page, screen, step) {
    const { popover, tree, network } = screen;
    const from = contextOf(step.from);
    const payload = event as EventObject & { href?: string; text?: string; link?: string; parentHref?: string; item?: TaxonomyItem; output?: unknown };
    const adding = step.from.matches({ normal: 'adding' });
    const key = async (name: string) => {
      if (adding) await popover.getByTestId('taxonomy-add-input').press(name);
      else {
        await tree.focus();
        await page.keyboard.press(name);
      }
    };
    const GET = (route: Route) => route.request().method() === 'GET';
    switch (event.type) {
      case 'KEY_DOWN':
        return key('ArrowDown');
      case 'KEY_UP':
        return key('ArrowUp');
      case 'KEY_RIGHT':
        return key('ArrowRight');
      case 'KEY_LEFT':
        return key('ArrowLeft');
      case 'KEY_ENTER':
        return key('Enter');
      case 'KEY_ESC':
        return key('Escape');
      case 'TOGGLE':
        return treeItem(popover, nameOf(from, payload.href!)).getByTestId('taxonomy-toggle').first().click(ACT);
      case 'SELECT':
        return treeItem(popover, nameOf(from, payload.href!)).getByTestId('taxonomy-item-label').first().click(ACT);
      case 'SELECT_EMPTY':
        return popover.getByTestId('taxonomy-empty-value').click(ACT);
      case 'PAGE':
        return popover.getByTestId(`taxonomy-page-${payload.link}`).click(ACT);
      case 'CLOSE':
        return popover.getByTestId('taxonomy-close').click(ACT);
      case 'SEARCH_INPUT':
        return popover.getByTestId('taxonomy-search').fill(payload.text ?? '', ACT);
      case 'DELETE': {
        const name = nameOf(from, payload.href!);
        return treeItem(popover, name)
          .getByRole('button', { name: `Delete ${name}`, exact: true })
          .click(ACT);
      }
      case 'CONFIRM_DELETE':
        return page.getByTestId('taxonomy-confirm-delete-ok').click(ACT);
      case 'CANCEL_DELETE':
        return page.getByTestId('taxonomy-confirm-delete').getByRole('button', { name: 'Cancel' }).click(ACT);
      case 'START_ADD': {
        if (payload.parentHref === undefined) return popover.getByTestId('taxonomy-add').click(ACT);
        const name = nameOf(from, payload.parentHref);
        return treeItem(popover, name)
          .getByRole('button', { name: `Add child to ${name}`, exact: true })
          .click(ACT);
      }
      case 'ADD_INPUT':
        return popover.getByTestId('taxonomy-add-input').fill(payload.text ?? '', ACT);
      case 'EDIT': {
        const name = nameOf(from, payload.href!);
        return treeItem(popover, name)
          .getByRole('button', { name: `Edit ${name}`, exact: true })
          .click(ACT);
      }
      case 'EDIT_DONE': {
        const modal = page.getByTestId('taxonomy-item-edit');
        if (!payload.item) return modal.getByRole('button', { name: 'Cancel' }).click(ACT);
        await modal.getByTestId('taxonomy-edit-label').fill(MODEL_EDITED.name);
        await modal.getByTestId('taxonomy-edit-value').fill(MODEL_EDITED.value);
        await modal.getByTestId('taxonomy-edit-ok').click(ACT);
        const put = await network.take('the PUT', (route) => route.request().method() === 'PUT');
        expect(pathOf(put)).toBe(from.editHref);
        expect(put.request().postDataJSON()).toMatchObject({ name: MODEL_EDITED.name, value: MODEL_EDITED.value });
        return put.fulfill({ status: 200, json: wireItem(MODEL_EDITED) });
      }
      case 'DISMISS_ERROR':
        return page.getByTestId('taxonomy-error').getByRole('button', { name: 'Close', exact: true }).click(ACT);
      case 'LOAD_MORE': {
        const name = nameOf(from, payload.href!);
        return popover.getByRole('button', { name: `Load more under ${name}`, exact: true }).click(ACT);
      }
      case 'xstate.after.searchDebounce.taxonomyTree.searching.debouncing':
        // The real 300 ms pass; the search goes out with the trimmed text (spec 02 §5, §7).
        heldSearch = await network.take('the search', (route) => GET(route) && pathOf(route) === `${API_ROOT}?q=${encodeURIComponent(from.query.trim())}`);
        return;
      default:
        break;
    }
    const done = event.type.startsWith('xstate.done.actor.');
    const actor = event.type.replace(/^xstate\.(done|error)\.actor\./, '');
    let route: Route;
    switch (actor) {
      case 'loadRoot':
        route = await network.take('the root', (r) => GET(r) && pathOf(r) === API_ROOT);
        return done ? route.fulfill({ json: wireTaxonomy((payload.output as RootTaxonomyData).items) }) : failure(route);
      case 'loadPage':
      case 'loadMore': {
        const href = actor === 'loadMore' ? from.nodes[from.pendingHref ?? '']?.more : from.pendingHref;
        route = await network.take('the page', (r) => GET(r) && pathOf(r) === href);
        return done ? route.fulfill({ json: wirePage(payload.output as TreePage) }) : failure(route);
      }
      case 'loadChildren': {
        route = await network.take('the children', (r) => GET(r) && pathOf(r) === from.pendingHref);
        if (!done) return failure(route);
        const parent = from.nodes[from.pendingHref ?? '']!.item;
        return route.fulfill({ json: { ...wireItem(parent), children: wirePage((payload.output as ChildrenResponse).children) } });
      }
      case 'search':
        route = heldSearch ?? (await network.take('the search', (r) => GET(r) && new URL(r.request().url()).searchParams.has('q')));
        heldSearch = undefined;
        return done ? route.fulfill({ json: wireTaxonomy(payload.output as TreePage) }) : failure(route);
      case 'deleteItem':
      case 'deleteSearchHit':
        route = await network.take('the DELETE', (r) => r.request().method() === 'DELETE' && pathOf(r) === from.pendingHref);
        return done ? route.fulfill({ status: 204 }) : failure(route);
      case 'createItem': {
        route = await network.take('the POST', (r) => r.request().method() === 'POST');
        // spec 02 §3, §5: the inline text as name and value, every usage, to the parent (or the taxonomy).
        expect(pathOf(route)).toBe(from.addParent ?? API_ROOT);
        expect(route.request().postDataJSON()).toEqual({
          name: from.addText.trim(),
          value: from.addText.trim(),
          description: '',
          customSearch: '',
          acl: ['Navigate', 'Query', 'Set'],
        });
        return done ? route.fulfill({ status: 201, json: wireItem(payload.output as TaxonomyItem) }) : failure(route);
      }
      default:
        throw new Error(`No browser action for ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const { popover, tree, criterionValue } = screen;
    const context = contextOf(state);
    if (state.matches('closed')) {
      await expect(popover).toHaveCount(0);
      // The pick becomes the criterion's value (the empty value its `""` form); closing without one leaves it.
      const expected = context.selected === null ? '""' : (context.selected?.value ?? '');
      await expect(criterionValue).toHaveValue(expected);
      return;
    }
    await expect(popover).toBeVisible();
    const busy = [
      'loadingRoot',
      { normal: 'loadingPage' },
      { normal: 'loadingChildren' },
      { normal: 'loadingMore' },
      { normal: 'deleting' },
      { searching: 'debouncing' },
      { searching: 'requesting' },
      { searching: 'deleting' },
    ].some((s) => state.matches(s as never));
    await expect(popover.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(busy ? 1 : 0);
    if (state.matches('loadingRoot')) return;

    const names = expectedNames(context);
    await expect
      // By test id, not role: an open modal hides the popover from the accessibility tree.
      .poll(() => popover.getByTestId('taxonomy-item').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label'))))
      .toEqual(names);
    for (const href of keyboardOrder(context)) {
      const node = context.nodes[href]!;
      const item = treeItem(popover, node.item.name);
      if (node.item.hasChildren && !state.matches('searching')) await expect(item).toHaveAttribute('aria-expanded', String(node.expanded));
    }
    if (context.activeItem) {
      const id = await treeItem(popover, nameOf(context, context.activeItem)).getAttribute('id');
      await expect(tree).toHaveAttribute('aria-activedescendant', id ?? '');
    } else {
      await expect(tree).not.toHaveAttribute('aria-activedescendant', /./);
    }
    const adding = state.matches({ normal: 'adding' }) || state.matches({ normal: 'creating' });
    const addInput = popover.getByTestId('taxonomy-add-input');
    if (adding) {
      await expect(addInput).toHaveValue(context.addText);
      if (state.matches({ normal: 'creating' })) await expect(addInput).toBeDisabled();
    } else {
      await expect(addInput).toHaveCount(0);
    }
    await expect(popover.getByTestId('taxonomy-no-items')).toHaveCount(names.length === 0 && !busy && !adding ? 1 : 0);
    await expect(page.getByTestId('taxonomy-item-edit')).toHaveCount(context.editHref !== undefined ? 1 : 0);
    const confirming = state.matches({ normal: 'confirmingDelete' }) || state.matches({ searching: 'confirmingDelete' });
    await expect(page.getByTestId('taxonomy-confirm-delete')).toHaveCount(confirming ? 1 : 0);
    // spec 02 §8: the general error modal, or only the "malformed search" tooltip.
    const errorModal = page.getByTestId('taxonomy-error');
    if (context.error) {
      await expect(errorModal).toContainText('general error, try later');
    } else {
      await expect(errorModal).toHaveCount(0);
    }
    if (context.searchError) await expect(popover.getByTestId('taxonomy-search-error')).toHaveText('malformed search');
    else await expect(popover.getByTestId('taxonomy-search-error')).toHaveCount(0);
    await expect(popover.getByTestId('taxonomy-search')).toHaveValue(context.query);
    if (!state.matches('searching') && (context.paging.next || context.paging.prev)) {
      const idle = state.matches({ normal: 'idle' });
      const next = popover.getByTestId('taxonomy-page-next');
      if (idle && context.paging.next && context.paging.next !== context.pageHref) await expect(next).toBeEnabled();
      else await expect(next).toBeDisabled();
    }
  },

  async teardown(page) {
    heldSearch = undefined;
    await keepSession(page);
  },
};

/** The search request the debounce let out, answered by the next step. */
let heldSearch: Route | undefined;

/**
 * Shortest paths reach every state; a few transitions back to a state seen before (right arrow on an item already
 * loaded, a failed delete on the first page) only simple paths take: the simple paths that run are only those that
 * reach what the shortest ones miss, and together they cover everything.
 */
const shortestOptions = { model: taxonomyTreeModel, adapter, select: 'cover' as const, maxPaths: 40, requireFullCoverage: false };
const shortest = registerModelTests({ ...shortestOptions, variant: 'shortest' });
const simpleOptions = { ...shortestOptions, variant: 'simple' as const, complementOf: shortest };
registerModelTests(simpleOptions);
const plans: ModelPathPlan[] = [shortest, planModelPaths(simpleOptions)];

test('taxonomyTree: shortest and simple paths together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
