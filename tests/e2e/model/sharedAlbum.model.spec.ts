/**
 * The share link page's generated paths (packages/machines sharedAlbum.model.ts) run against the real public page
 * (`apps/web/src/albums/SharedAlbumView.tsx`) in Chromium, without signing in: the page is opened at the model's
 * link, and the link's API calls (the album's pages and the password) are held until the path says how each ends,
 * then answered with the model's pages or refusals; its previews are answered with a real JPEG.
 *
 * CHANGE types the password, SUBMIT presses Open album, LOAD_MORE presses Show more, RETRY presses Try again. Every
 * state is checked on screen: the page's state, the photos shown, the password form and its message, the expired
 * and not-working pages, and that after the password every call carries the access value.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SharedAlbumContext } from '@magpie/machines/sharedAlbum/sharedAlbum.machine.ts';
import { SHARED_ALBUM_MODEL_ACCESS, SHARED_ALBUM_MODEL_INPUT, sharedAlbumModel } from '@magpie/machines/sharedAlbum/sharedAlbum.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';

const ACT = { timeout: 15_000 };
const JPEG = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../shared/samples/photos/orientation/Landscape_1.jpg'));

interface SharedScreen {
  readonly pages: Route[];
  readonly unlocks: Route[];
}

const view = (page: Page) => page.getByTestId('shared-album-view');
const contextOf = (state: AnyMachineSnapshot) => state.context as SharedAlbumContext;

async function take(routes: Route[], what: string): Promise<Route> {
  await expect.poll(() => routes.length, { message: `the page sends ${what}` }).toBe(1);
  return routes.shift()!;
}

/** The page's state as the view writes it (`data-state`). */
function stateText(state: AnyMachineSnapshot): string {
  return typeof state.value === 'string' ? state.value : `shown.${(state.value as { shown: string }).shown}`;
}

const adapter: ScreenAdapter<SharedScreen> = {
  async setup(page) {
    const screen: SharedScreen = { pages: [], unlocks: [] };
    await page.route(
      (url) => url.pathname.startsWith(SHARED_ALBUM_MODEL_INPUT.href),
      (route) => {
        const request = route.request();
        const { pathname } = new URL(request.url());
        if (request.resourceType() === 'document') return void route.continue();
        if (pathname.includes('/previews/')) return void route.fulfill({ contentType: 'image/jpeg', body: JPEG });
        if (pathname.endsWith('/access')) return void screen.unlocks.push(route);
        screen.pages.push(route);
      },
    );
    await page.goto(SHARED_ALBUM_MODEL_INPUT.href);
    await expect(view(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { password?: string; output?: unknown; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return page.getByTestId('shared-password').fill(payload.password!);
      case 'SUBMIT':
        return page.getByTestId('shared-open').click(ACT);
      case 'LOAD_MORE':
        return page.getByTestId('shared-more').click(ACT);
      case 'RETRY':
        return page.getByRole('button', { name: 'Try again' }).click(ACT);
      case 'xstate.done.actor.loadPage':
      case 'xstate.done.actor.loadMore':
        return (await take(screen.pages, 'a page of the album')).fulfill({ json: payload.output });
      case 'xstate.error.actor.loadPage':
      case 'xstate.error.actor.loadMore':
        return (await take(screen.pages, 'a page of the album')).fulfill({
          status: payload.error!.status,
          json: payload.error!.responseJSON ?? { value: 'InternalError', message: 'boom' },
        });
      case 'xstate.done.actor.unlock': {
        const route = await take(screen.unlocks, 'the password');
        expect(route.request().postDataJSON()).toEqual({ password: 'secret' });
        return route.fulfill({ json: { access: payload.output, expires: null } });
      }
      case 'xstate.error.actor.unlock':
        return (await take(screen.unlocks, 'the password')).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const value = stateText(state);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', value);
    if (value === 'loading' || value === 'shown.loadingMore') {
      await expect.poll(() => screen.pages.length).toBe(1);
      // After the password, the album's first page is asked for with the access value.
      if (value === 'loading' && context.access) expect(new URL(screen.pages[0]!.request().url()).searchParams.get('access')).toBe(SHARED_ALBUM_MODEL_ACCESS);
    }
    if (value === 'unlocking') await expect.poll(() => screen.unlocks.length).toBe(1);
    if (value === 'expired') await expect(page.getByText('This link has expired')).toBeVisible();
    if (value === 'missing') await expect(page.getByText('This link does not work')).toBeVisible();
    if (value === 'failed') await expect(page.getByTestId('error-state')).toBeVisible();
    if (value === 'locked') {
      await expect(page.getByTestId('shared-password')).toHaveValue(context.password);
      if (context.error) await expect(page.getByTestId('shared-password-error')).toHaveText(context.error);
      else await expect(page.getByTestId('shared-password-error')).toHaveCount(0);
      await expectAccessible(page, '[data-testid="shared-album-view"]', 'share link password form');
    }
    if (value.startsWith('shown')) {
      await expect(page.getByTestId('shared-name')).toHaveText(context.album!.name);
      await expect(page.getByTestId('shared-asset')).toHaveCount(context.album!.assets.length);
      await expect(page.getByTestId('shared-more')).toHaveCount(context.next ? 1 : 0);
      if (context.error) await expect(page.getByTestId('shared-more-error')).toHaveText(context.error);
      else await expect(page.getByTestId('shared-more-error')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('shared-asset')).toHaveCount(0);
    }
  },
};

registerModelTests({ model: sharedAlbumModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 12, timeoutMs: 120_000 });
