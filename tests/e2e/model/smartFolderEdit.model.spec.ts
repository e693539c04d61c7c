/**
 * The smart folder name dialog's generated paths (packages/machines smartFolderEdit.model.ts) run against the real
 * "Save as smart folder" dialog of a search (`apps/web/src/smartFolders/SmartFolderDialog.tsx`) in Chromium. The search
 * `harbour` of the first archive is on screen; the `POST` that saves it is held until the path says how it ends, and
 * answered with the model's smart folder or refusal.
 *
 * CHANGE types the name, SUBMIT presses Save, CANCEL presses Cancel. Every state is checked on screen: the dialog's
 * state, the name, the rule's message and the server's, Save pending while saving, and once done the "saved" notice.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { NameEditContext } from '@magpie/machines/nameEdit/nameEdit.factory.ts';
import { smartFolderEditModel } from '@magpie/machines/smartFolderEdit/smartFolderEdit.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { expectNameDialog } from './nameDialogScreen.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface SmartFolderScreen {
  readonly held: Route[];
  /** The search on screen. */
  searchHref: string;
}

const dialog = (page: Page) => page.getByTestId('smart-folder-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as NameEditContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the POST' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<SmartFolderScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const archives = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
    const screen: SmartFolderScreen = { held: [], searchHref: `${archives.data[0]!.href}?q=harbour` };
    await page.route(
      (url) => url.pathname.startsWith('/fotoweb/smartfolders/'),
      (route) => (route.request().method() === 'POST' ? void screen.held.push(route) : route.continue()),
    );
    await page.goto(screen.searchHref);
    await expect(page.getByTestId('collection-view')).toBeVisible();
    await page.getByTestId('smart-folder-save').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
    await expectAccessible(page, '[data-testid="smart-folder-dialog"]', 'Save as smart folder dialog');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { name?: string; output?: { href: string; name: string }; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return dialog(page).getByTestId('smart-folder-name').fill(payload.name!);
      case 'SUBMIT':
        return dialog(page).getByTestId('smart-folder-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('smart-folder-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({ name: payload.output!.name, searchHref: screen.searchHref });
        const folder = {
          href: screen.searchHref,
          data: screen.searchHref,
          name: payload.output!.name,
          type: 'smartFolder',
          edit: payload.output!.href,
          reorder: payload.output!.href,
        };
        return route.fulfill({ status: 201, headers: { Location: payload.output!.href }, json: folder });
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
    if (value === 'done' || value === 'cancelled') {
      await expect(dialog(page)).toHaveCount(0);
      await expect(page.getByTestId('smart-folder-saved')).toHaveCount(value === 'done' ? 1 : 0);
      return;
    }
    await expectNameDialog(dialog(page), 'smart-folder', 'smart-folder-name', 'smart-folder-name-problem', { value, ...context });
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: smartFolderEditModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
