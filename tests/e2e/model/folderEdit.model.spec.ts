/**
 * The folder dialog's generated paths (packages/machines folderEdit.model.ts) run against the real New folder dialog
 * (`apps/web/src/folders/FolderDialog.tsx`) in Chromium, in a folder made for this worker. The `POST` that makes the
 * folder is held until the path says how it ends, and answered with the model's folder or refusal; the collection's
 * own reads go through.
 *
 * CHANGE types the name, SUBMIT presses Create folder, CANCEL presses Cancel. Every state is checked on screen: the
 * dialog's state, the name, the rule's message and the server's, Create pending while saving, and the dialog gone
 * once done or cancelled.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { FolderEditContext } from '@magpie/machines/folderEdit/folderEdit.machine.ts';
import { folderEditModel } from '@magpie/machines/folderEdit/folderEdit.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { expectNameDialog } from './nameDialogScreen.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };

interface FolderScreen {
  readonly href: string;
  readonly held: Route[];
}

/** The folder the paths of this worker run in (made once: the paths' own folders never reach the server). */
let parent: string | undefined;

const dialog = (page: Page) => page.getByTestId('folder-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as FolderEditContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the POST' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<FolderScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!parent) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const made = await page.request.post(targets.data[0]!.href, {
        headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
        data: { name: `folder-model-${randomBytes(3).toString('hex')}` },
      });
      expect(made.status(), await made.text()).toBe(201);
      parent = ((await made.json()) as { href: string }).href;
    }
    const screen: FolderScreen = { href: parent, held: [] };
    await page.route(
      (url) => url.pathname === screen.href,
      (route) => (route.request().method() === 'POST' ? void screen.held.push(route) : route.continue()),
    );
    await page.goto(parent);
    await expect(page.getByTestId('collection-view')).toBeVisible();
    await page.getByTestId('new-folder').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
    await expectAccessible(page, '[data-testid="folder-dialog"]', 'New folder dialog');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { name?: string; output?: { href: string; name: string }; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return dialog(page).getByTestId('folder-name').fill(payload.name!);
      case 'SUBMIT':
        return dialog(page).getByTestId('folder-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('folder-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({ name: payload.output!.name });
        const href = `${screen.href}${encodeURIComponent(payload.output!.name)}/`;
        return route.fulfill({ status: 201, headers: { Location: href }, json: { href, name: payload.output!.name } });
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
      return;
    }
    await expectNameDialog(dialog(page), 'folder', 'folder-name', 'folder-name-problem', { value, ...context });
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: folderEditModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
