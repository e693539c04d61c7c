/**
 * The pins' generated paths (packages/machines pins.model.ts) run against the real pin toggles of a folder view
 * (`apps/web/src/pins/`, `routes/collection/CollectionView.tsx`) in Chromium. Each path opens a folder made for this
 * worker (a sub-folder tile and asset tiles); every request to the pins url is held until the path says how it ends,
 * and answered with the modelled server's pins (the model's hrefs turned into this folder's).
 *
 * TOGGLE is a click on the asset tile's or the folder tile's pin; RETRY the notice's "Try again"; RELOAD the window
 * regaining focus; DISMISS the notice's close button. Every state is checked on screen: the toggles disabled while
 * loading, failed or saving (the one in flight spinning), pressed as the pins say, the header's count, the pin limit
 * (`pinLimit`) and failure notices, and the requests the app sent (GET to load, POST to pin, PATCH to unpin).
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { PinEntry, PinsContext } from '@magpie/machines/pins/pins.machine.ts';
import { pinsModel, PINS_MODEL_TARGETS } from '@magpie/machines/pins/pins.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { pinsFolder, type PinsFolder } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface PinsScreen {
  readonly held: Route[];
  /** Model href → this worker's href. */
  readonly real: ReadonlyMap<string, string>;
}

/** The folder the paths of this worker run in (made once: the pins themselves never reach the server). */
let folder: PinsFolder | undefined;

const contextOf = (state: AnyMachineSnapshot) => state.context as PinsContext;

function realPins(screen: PinsScreen, pins: readonly PinEntry[]) {
  return pins.map((pin) => ({ href: screen.real.get(pin.href)!, type: pin.type, name: pin.type, pinned: '2026-11-28T12:00:00.000Z' }));
}

async function take(screen: PinsScreen): Promise<Route> {
  await expect.poll(() => screen.held.length, { message: 'the app sends a request to the pins url' }).toBe(1);
  return screen.held.shift()!;
}

function toggleOf(page: Page, screen: PinsScreen, modelHref: string) {
  const href = screen.real.get(modelHref)!;
  if (modelHref === PINS_MODEL_TARGETS.folder.href) return page.getByTestId('collection-tile').filter({ hasText: 'inner' }).getByTestId('pin-toggle');
  return page.locator(`[data-testid="asset-thumbnail"][data-href="${href}"]`).locator('..').getByTestId('pin-toggle');
}

const adapter: ScreenAdapter<PinsScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    folder ??= await pinsFolder(page);
    const screen: PinsScreen = {
      held: [],
      real: new Map([
        [PINS_MODEL_TARGETS.asset.href, folder.assets[0]!],
        [PINS_MODEL_TARGETS.folder.href, folder.innerHref],
      ]),
    };
    await page.route(
      (url) => url.pathname === '/fotoweb/me/pins/',
      (route) => {
        screen.held.push(route);
      },
    );
    await page.goto(folder.href);
    await expect(page.getByTestId('collection-view')).toBeVisible();
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { target?: string; output?: { data: PinEntry[]; limit: number; added?: number }; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'TOGGLE': {
        const toggle = toggleOf(page, screen, payload.target!);
        await toggle.hover();
        return toggle.click(ACT);
      }
      case 'RETRY':
        return page.getByTestId('pins-retry').click(ACT);
      case 'RELOAD':
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
        return;
      case 'DISMISS':
        return page.getByTestId('pin-notice-close').click(ACT);
      case 'xstate.done.actor.loadPins':
      case 'xstate.done.actor.savePins': {
        const route = await take(screen);
        const pending = contextOf(from).pending;
        if (event.type === 'xstate.done.actor.savePins') {
          const target = screen.real.get(pending!.target)!;
          expect(route.request().method()).toBe(pending!.pin ? 'POST' : 'PATCH');
          expect(route.request().postDataJSON()).toEqual(pending!.pin ? { data: [{ href: target }] } : { assets: { delete: [target] } });
        } else expect(route.request().method()).toBe('GET');
        const output = payload.output!;
        return route.fulfill({
          status: 200,
          json: { data: realPins(screen, output.data), paging: null, limit: output.limit, ...(output.added === undefined ? {} : { added: output.added }) },
        });
      }
      case 'xstate.error.actor.loadPins':
      case 'xstate.error.actor.savePins':
        return (await take(screen)).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const value = String(state.value);
    const context = contextOf(state);
    await expect.poll(() => screen.held.length).toBe(value === 'loading' || value === 'saving' ? 1 : 0);
    for (const [modelHref] of screen.real) {
      const toggle = toggleOf(page, screen, modelHref);
      const pinned = context.pins.some((pin) => pin.href === modelHref);
      await expect(toggle).toHaveAttribute('aria-pressed', String(pinned));
      if (value === 'ready') await expect(toggle).toBeEnabled();
      else await expect(toggle).toBeDisabled();
      if (value === 'saving' && context.pending?.target === modelHref) await expect(toggle).toHaveAttribute('data-loading', /.*/);
      else await expect(toggle).not.toHaveAttribute('data-loading', /.*/);
    }
    await expect(page.getByTestId('pins-link')).toHaveAttribute('aria-label', `Pins (${context.pins.length})`);
    const failed = page.getByTestId('pins-load-failed');
    if (value === 'failed') await expect(failed).toContainText(context.loadError!);
    else await expect(failed).toHaveCount(0);
    const notice = page.getByTestId('pin-notice');
    if (context.notice && value !== 'failed') {
      await expect(notice).toHaveAttribute('data-name', context.notice.name);
      await expect(notice.getByTestId('pin-notice-message')).toHaveText(context.notice.message);
      await expectAccessible(page, '[data-testid="pin-notice"]', 'pin notice');
    } else await expect(notice).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: pinsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 12, timeoutMs: 180_000 });
