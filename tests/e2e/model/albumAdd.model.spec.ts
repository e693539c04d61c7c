/**
 * The Add to album dialog's generated paths (packages/machines albumAdd.model.ts) run against the real dialog
 * (`apps/web/src/albums/AddToAlbumDialog.tsx`) in Chromium: two photos of a folder made for this worker are selected
 * and Add to album opens the dialog. The album list, the new album's `POST` and the add's `POST` are held until the
 * path says how each ends, and answered with the model's albums or refusals.
 *
 * CHOOSE clicks the album, CHOOSE_NEW clicks New album, CHANGE_NAME types the name, SUBMIT presses Add, RETRY presses
 * Try again, CANCEL presses Cancel. Every state is checked on screen: the dialog's state, the chosen radio, the name,
 * the rule's message and the refusal, and once done the "added to" notice.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { AlbumAddContext } from '@magpie/machines/albumAdd/albumAdd.machine.ts';
import { ALBUM_ADD_MODEL_ALBUM, albumAddModel } from '@magpie/machines/albumAdd/albumAdd.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface AlbumScreen {
  /** The requests held, by what they are. */
  readonly held: { list: Route[]; create: Route[]; add: Route[] };
  /** The selected assets' hrefs. */
  readonly selected: string[];
}

/** The folder with two photos the paths of this worker run in (made once). */
let folder: string | undefined;

const dialog = (page: Page) => page.getByTestId('album-add-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as AlbumAddContext;

async function take(routes: Route[], what: string): Promise<Route> {
  await expect.poll(() => routes.length, { message: `the app sends ${what}` }).toBe(1);
  return routes.shift()!;
}

const adapter: ScreenAdapter<AlbumScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!folder) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const tag = randomBytes(3).toString('hex');
      for (const name of ['a', 'b']) await uploadInto(page, targets.data[0]!.href, `album-model-${tag}`, uniquePhoto(`album-model-${name}-${tag}`));
      folder = `${targets.data[0]!.href}album-model-${tag}/`;
    }
    const screen: AlbumScreen = { held: { list: [], create: [], add: [] }, selected: [] };
    await page.route(
      (url) => url.pathname.startsWith('/fotoweb/me/albums/') || /^\/fotoweb\/users\/[0-9]+\/albums\//.test(url.pathname),
      (route) => {
        const { pathname } = new URL(route.request().url());
        const method = route.request().method();
        if (method === 'GET' && pathname === '/fotoweb/me/albums/mine/') screen.held.list.push(route);
        else if (method === 'POST' && pathname === '/fotoweb/me/albums/') screen.held.create.push(route);
        else if (method === 'POST') screen.held.add.push(route);
        else void route.continue();
      },
    );
    await page.goto(folder);
    const thumbnails = page.getByTestId('asset-thumbnail');
    await expect(thumbnails).toHaveCount(2);
    await thumbnails.nth(0).click({ modifiers: ['ControlOrMeta'], ...ACT });
    await thumbnails.nth(1).click({ modifiers: ['ControlOrMeta'], ...ACT });
    screen.selected.push(...(await thumbnails.evaluateAll((items) => items.map((item) => item.getAttribute('data-href')!))));
    await page.getByTestId('album-add-open').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & {
      href?: string;
      name?: string;
      output?: unknown;
      error?: { stage?: string; status: number; responseJSON: unknown; created?: { href: string; name: string } };
    };
    switch (event.type) {
      case 'CHOOSE':
        return dialog(page).getByTestId('album-add-choice').filter({ hasText: ALBUM_ADD_MODEL_ALBUM.name }).locator('input').check(ACT);
      case 'CHOOSE_NEW':
        return dialog(page).getByTestId('album-add-new').check(ACT);
      case 'CHANGE_NAME':
        return dialog(page).getByTestId('album-add-name').fill(payload.name!);
      case 'SUBMIT':
        return dialog(page).getByTestId('album-add-save').click(ACT);
      case 'RETRY':
        return dialog(page).getByTestId('album-add-retry').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('album-add-cancel').click(ACT);
      case 'xstate.done.actor.loadAlbums': {
        const albums = payload.output as Array<{ href: string; name: string; assetCount: number }>;
        return (await take(screen.held.list, 'the album list')).fulfill({ json: { data: albums, paging: null } });
      }
      case 'xstate.error.actor.loadAlbums':
        return (await take(screen.held.list, 'the album list')).fulfill({ status: 500, json: { value: 'InternalError', message: 'boom' } });
      case 'xstate.done.actor.addToAlbum': {
        const { album, added } = payload.output as { album: { href: string; name: string }; added: number };
        if (screen.held.create.length > 0 || album.href !== ALBUM_ADD_MODEL_ALBUM.href) await answerCreate(screen, album);
        const add = await take(screen.held.add, 'the add');
        expect(new URL(add.request().url()).pathname).toBe(album.href);
        expect(add.request().postDataJSON()).toEqual({ data: screen.selected.map((href) => ({ href })) });
        return add.fulfill({ json: { added, album: { href: album.href, name: album.name, assetCount: added } } });
      }
      case 'xstate.error.actor.addToAlbum': {
        const { error } = payload;
        if (error!.stage === 'create') return (await take(screen.held.create, 'the new album')).fulfill({ status: error!.status, json: error!.responseJSON });
        if (error!.created) await answerCreate(screen, error!.created);
        return (await take(screen.held.add, 'the add')).fulfill({ status: error!.status, json: error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page) {
    const value = String(state.value);
    const context = contextOf(state);
    if (value === 'done' || value === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      if (value === 'done') await expect(page.getByTestId('album-added')).toContainText(`added to ${context.result!.album.name}`);
      return;
    }
    await expect(dialog(page)).toHaveAttribute('data-state', value);
    if (value === 'loadFailed') {
      await expect(dialog(page).getByTestId('album-add-load-error')).toHaveText(context.error!);
      return;
    }
    if (value === 'loading') return;
    const choices = dialog(page).getByTestId('album-add-choice');
    await expect(choices).toHaveCount(context.albums.length);
    for (const album of context.albums) {
      await expect(choices.filter({ hasText: album.name }).locator('input')).toBeChecked({ checked: context.choice === album.href });
    }
    await expect(dialog(page).getByTestId('album-add-new')).toBeChecked({ checked: context.choice === 'new' });
    await expect(dialog(page).getByTestId('album-add-name')).toHaveValue(context.newName);
    if (context.problem) await expect(dialog(page).getByTestId('album-add-problem')).toHaveText(context.problem);
    else await expect(dialog(page).getByTestId('album-add-problem')).toHaveCount(0);
    if (context.error) await expect(dialog(page).getByTestId('album-add-error')).toHaveText(context.error);
    else await expect(dialog(page).getByTestId('album-add-error')).toHaveCount(0);
    if (value === 'choosing' && !context.problem && !context.error) await expectAccessible(page, '[data-testid="album-add-dialog"]', 'Add to album dialog');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/** Answers the held `POST` of a new album with the album the path names. */
async function answerCreate(screen: AlbumScreen, album: { href: string; name: string }): Promise<void> {
  const create = await take(screen.held.create, 'the new album');
  expect(create.request().postDataJSON()).toEqual({ name: album.name });
  await create.fulfill({ status: 201, headers: { Location: album.href }, json: { href: album.href, name: album.name, assetCount: 0 } });
}

registerModelTests({ model: albumAddModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 16, timeoutMs: 120_000 });
