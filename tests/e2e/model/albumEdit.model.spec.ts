/**
 * The album name dialog's generated paths (packages/machines albumEdit.model.ts) run against the real New album dialog
 * of the Albums view (`apps/web/src/albums/AlbumDialog.tsx`) in Chromium. The `POST` that makes the album is held
 * until the path says how it ends, and answered with the model's album or refusal; once made, the view opens the
 * album's page, whose reads are answered with an empty album.
 *
 * CHANGE types the name, SUBMIT presses Create album, CANCEL presses Cancel. Every state is checked on screen: the
 * dialog's state, the name, the rule's message and the server's, Create pending while saving, and the dialog gone
 * once done (on the album's page) or cancelled.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { NameEditContext } from '@magpie/machines/nameEdit/nameEdit.factory.ts';
import { ALBUM_EDIT_MODEL_SAVED_HREF, albumEditModel } from '@magpie/machines/albumEdit/albumEdit.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { expectNameDialog } from './nameDialogScreen.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
/** The Albums view (apps/web lib/urls.ts ALBUMS_PATH). */
const ALBUMS_PATH = '/fotoweb/views/albums';

interface AlbumScreen {
  readonly held: Route[];
  /** The album the answered save made, whose page the view then opens. */
  saved: { href: string; name: string } | undefined;
}

const dialog = (page: Page) => page.getByTestId('album-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as NameEditContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the POST' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<AlbumScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const screen: AlbumScreen = { held: [], saved: undefined };
    await page.route(
      (url) => url.pathname === '/fotoweb/me/albums/',
      (route) => (route.request().method() === 'POST' ? void screen.held.push(route) : route.continue()),
    );
    // The page of the album a path makes (it never reaches the server).
    await page.route(
      (url) => url.pathname === ALBUM_EDIT_MODEL_SAVED_HREF,
      (route) => route.fulfill({ json: emptyAlbum(screen.saved ?? { href: ALBUM_EDIT_MODEL_SAVED_HREF, name: '' }) }),
    );
    await page.goto(ALBUMS_PATH);
    await expect(page.getByTestId('albums-view')).toBeVisible();
    await page.getByTestId('album-new').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
    await expectAccessible(page, '[data-testid="album-dialog"]', 'New album dialog');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { name?: string; output?: { href: string; name: string }; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return dialog(page).getByTestId('album-name').fill(payload.name!);
      case 'SUBMIT':
        return dialog(page).getByTestId('album-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('album-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({ name: payload.output!.name });
        screen.saved = payload.output!;
        return route.fulfill({ status: 201, headers: { Location: payload.output!.href }, json: emptyAlbum(payload.output!) });
      }
      case 'xstate.error.actor.save':
        return (await take(screen.held)).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    const context = contextOf(state);
    await expect.poll(() => screen.held.length).toBe(value === 'saving' ? 1 : 0);
    if (value === 'done') {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByTestId('collection-name')).toHaveText(context.saved!.name);
      return;
    }
    if (value === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByTestId('albums-view')).toBeVisible();
      return;
    }
    await expectNameDialog(dialog(page), 'album', 'album-name', 'album-name-problem', { value, ...context });
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/** An empty album as the DAM presents it (dam.yaml `Collection`, the fields the album page reads). */
function emptyAlbum(album: { href: string; name: string }) {
  return {
    href: album.href,
    data: album.href,
    id: '7',
    name: album.name,
    description: '',
    type: 'album',
    assetCount: 0,
    isLinkCollection: true,
    canBeArchived: true,
    canBeDeleted: true,
    edit: album.href,
    archived: null,
    deleted: null,
    posterAsset: null,
    posterImages: [],
    permissions: ['View', 'Preview', 'Add', 'Remove', 'Reorder', 'SetPosterAsset'],
    ancestors: [],
    alt_orders: [],
    searchString: '',
    clearSearch: null,
    canUploadTo: false,
    canCreateFolders: false,
    pin: null,
    assets: { data: [], paging: null },
    children: null,
  };
}

registerModelTests({ model: albumEditModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
