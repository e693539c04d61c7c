/**
 * The asset selection's model paths in Chromium (spec 01 §2 Asset selection "click toggles an item; shift-click
 * selects the range from the previous selection", §2 Keyboard shift+A; Esc clears): `assetSelectionModel` generates
 * the paths, `harness.ts` runs them, and this adapter turns each model event into what a person does in the
 * collection view, where the action registry drives the real `assetSelection` machine.
 *
 * The collection is the model's own: its address (`MODEL_COLLECTION`) opens the real app through the real BFF, and its
 * API reads are answered with a collection of the model's assets (`page.route`, built on the real first archive's
 * answer so the shape is the DAM's): three assets, a second page with a fourth one held until the model says it
 * arrives, and a sub-folder with two assets.
 *
 * Events: `TOGGLE` → Ctrl/⌘+click on the thumbnail (every other one: Space on the focused thumbnail, the same
 * registry action); `SELECT_RANGE` → Shift+click; `SELECT_ALL` → Shift+A; `CLEAR` → Esc; `SHOW` of the same
 * collection → the held second page is answered; `SHOW` of the sub-folder → click its folder tile.
 * States: the selection bar's count, `data-selected` on exactly the selected thumbnails, the loaded count and the
 * address of the collection on screen.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AssetSelectionContext, AssetSelectionEvent } from '@magpie/machines/assetSelection/assetSelection.machine.ts';
import {
  assetSelectionModel,
  MODEL_COLLECTION,
  MODEL_FIRST_PAGE,
  MODEL_SECOND_PAGE,
  MODEL_SUBFOLDER,
  MODEL_SUBFOLDER_ASSETS,
} from '@magpie/machines/assetSelection/assetSelection.model.ts';
import { expect, test } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const COLLECTION_TYPE = 'application/vnd.fotoware.collection+json';
const TINY_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="150"><rect width="200" height="150" fill="#5eead4"/></svg>`;

/** The second page's address, as the first page's `paging.next` names it. */
const SECOND_PAGE_HREF = `${MODEL_COLLECTION};p=1`;

function modelAsset(href: string) {
  const filename = href.slice(href.lastIndexOf('/') + 1).replace(/\.info$/, '');
  return {
    href,
    filename,
    filesize: 1000,
    doctype: 'image',
    hasPreview: true,
    metadata: {},
    previews: [{ size: 200, width: 200, height: 150, square: false, href: `data:image/svg+xml,${encodeURIComponent(TINY_SVG)}` }],
  };
}

function assetList(hrefs: readonly string[], next = '') {
  return { data: hrefs.map(modelAsset), paging: { first: '', prev: null, next, last: '' } };
}

/** The model's collections, built on the real first archive's answer (so every field the view reads is there). */
function modelCollections(template: Record<string, unknown>) {
  const subfolder = {
    ...template,
    href: MODEL_SUBFOLDER,
    name: 'Harbour',
    type: 'folder',
    assetCount: MODEL_SUBFOLDER_ASSETS.length,
    ancestors: [],
    children: null,
    assets: assetList(MODEL_SUBFOLDER_ASSETS),
  };
  const collection = {
    ...template,
    href: MODEL_COLLECTION,
    name: 'Selection',
    assetCount: MODEL_FIRST_PAGE.length + MODEL_SECOND_PAGE.length,
    ancestors: [],
    searchString: '',
    children: { data: [{ ...subfolder, assets: null }], paging: null },
    assets: assetList(MODEL_FIRST_PAGE, SECOND_PAGE_HREF),
  };
  return { collection, subfolder };
}

interface SelectionScreen {
  /** The request for the second page, held until the model's `SHOW` says it arrives. */
  readonly secondPage: Route[];
}

const contextOf = (state: AnyMachineSnapshot) => state.context as AssetSelectionContext;
const thumbnail = (page: Page, href: string) => page.locator(`[data-testid="asset-thumbnail"][data-href="${href}"]`);

/** Signs in and opens the model's collection, its API reads answered as the module comment says. */
async function openModelCollection(page: Page, credentials: { readonly username: string; readonly password: string }): Promise<SelectionScreen> {
  await openSignedIn(page, credentials);
  const archiveHref = await page.getByTestId('collection-tile').first().getByRole('link').getAttribute('href');
  const template = (await (await page.request.get(archiveHref!, { headers: { Accept: COLLECTION_TYPE } })).json()) as Record<string, unknown>;
  const { collection, subfolder } = modelCollections(template);
  const screen: SelectionScreen = { secondPage: [] };
  await page.route(
    (url) => url.pathname.startsWith(MODEL_COLLECTION),
    async (route) => {
      const request = route.request();
      // The page navigation itself is the BFF's (the app's HTML); only the app's API reads are the model's.
      if (request.resourceType() === 'document') return route.fallback();
      const { pathname } = new URL(request.url());
      if (pathname === MODEL_COLLECTION) return route.fulfill({ json: collection });
      if (pathname === MODEL_SUBFOLDER) return route.fulfill({ json: subfolder });
      if (pathname === SECOND_PAGE_HREF) {
        screen.secondPage.push(route);
        return;
      }
      return route.fulfill({ status: 404, json: { value: 404, message: `not in the model: ${pathname}` } });
    },
  );
  await page.goto(MODEL_COLLECTION);
  await expect(page.getByTestId('collection-view')).toHaveAttribute('data-href', MODEL_COLLECTION);
  return screen;
}

const adapter: ScreenAdapter<SelectionScreen> = {
  setup: (page, { credentials }) => openModelCollection(page, credentials),

  async perform(event: EventObject, page, screen, step) {
    const action = event as AssetSelectionEvent;
    switch (action.type) {
      case 'TOGGLE':
        if (step.index % 2 === 0) {
          await thumbnail(page, action.href).focus();
          await page.keyboard.press('Space');
        } else {
          await thumbnail(page, action.href).click({ modifiers: ['ControlOrMeta'] });
        }
        break;
      case 'SELECT_RANGE':
        await thumbnail(page, action.href).click({ modifiers: ['Shift'] });
        break;
      case 'SELECT_ALL':
        await page.keyboard.press('Shift+A');
        break;
      case 'CLEAR':
        await page.keyboard.press('Escape');
        break;
      case 'SHOW':
        if (action.collection === MODEL_COLLECTION) {
          // The grid asks for the next page when its last row is in view.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          await expect.poll(() => screen.secondPage.length, { message: 'the grid asks for the second page' }).toBe(1);
          await screen.secondPage.shift()!.fulfill({ json: assetList(MODEL_SECOND_PAGE) });
        } else {
          await page.getByTestId('collection-tile').filter({ hasText: 'Harbour' }).getByRole('link').click();
        }
        break;
      default:
        throw new Error(`No browser action for ${event.type}`);
    }
  },

  async assertState(state, page) {
    const { collection, loaded, selected } = contextOf(state);
    await expect(page.getByTestId('collection-view')).toHaveAttribute('data-href', collection!);
    await expect(page.getByTestId('asset-grid')).toHaveAttribute('data-loaded', String(loaded.length));
    await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', String(selected.length));
    for (const href of loaded) {
      if (selected.includes(href)) await expect(thumbnail(page, href)).toHaveAttribute('data-selected', 'true');
      else await expect(thumbnail(page, href)).not.toHaveAttribute('data-selected', 'true');
    }
    // A plain key press never opened an asset: the collection view is still the page.
    expect(new URL(page.url()).pathname).toBe(collection);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: assetSelectionModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8 });

test('asset selection: shift+A typed into a text field selects nothing (spec 01 §2 Keyboard)', async ({ page, credentials }) => {
  await openModelCollection(page, credentials);
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');
  const search = page.getByTestId('header-search');
  await search.focus();
  await page.keyboard.press('Shift+A');
  await expect(search).toHaveValue('A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');
  // Outside the field the same keys select every loaded asset, and the button clears through the same action as Esc.
  await thumbnail(page, MODEL_FIRST_PAGE[0]!).focus();
  await page.keyboard.press('Shift+A');
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', String(MODEL_FIRST_PAGE.length));
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('selection-count')).toHaveAttribute('data-count', '0');
  await keepSession(page);
});
