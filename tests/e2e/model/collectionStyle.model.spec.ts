/**
 * The folder tile style dialog's generated paths (packages/machines collectionStyle.model.ts) run against the real
 * Style dialog (`apps/web/src/folders/FolderStyleDialog.tsx`) in Chromium: a folder made for this worker holds the
 * folder `inner`, whose tile's actions menu opens the dialog. The `PATCH` that saves is held until the path says how
 * it ends, and answered with the model's style or refusal, so the folder itself never changes.
 *
 * CHOOSE_COLOR picks a swatch (or Default colour), CHOOSE_ICON an icon (Folder is the default), SUBMIT presses Save,
 * CANCEL Cancel. Every state is checked on screen: the dialog's state, the swatch and icon checked, the preview, the
 * server's refusal, Save pending while saving, and the dialog gone once done or cancelled.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { CollectionStyleContext } from '@magpie/machines/collectionStyle/collectionStyle.machine.ts';
import { collectionStyleModel } from '@magpie/machines/collectionStyle/collectionStyle.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const DEFAULT_COLOR = '#999999';

interface StyleScreen {
  readonly held: Route[];
  readonly inner: string;
}

/** The parent folder (with `inner` in it) the paths of this worker run in (made once). */
let parent: string | undefined;

const dialog = (page: Page) => page.getByTestId('folder-style-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as CollectionStyleContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the PATCH' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<StyleScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    if (!parent) {
      const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
      const tag = randomBytes(3).toString('hex');
      await uploadInto(page, targets.data[0]!.href, `style-model-${tag}/inner`, uniquePhoto(`style-model-${tag}`));
      parent = `${targets.data[0]!.href}style-model-${tag}/`;
    }
    const screen: StyleScreen = { held: [], inner: `${parent}inner/` };
    await page.route(
      (url) => url.pathname === screen.inner,
      (route) => (route.request().method() === 'PATCH' ? void screen.held.push(route) : route.continue()),
    );
    await page.goto(parent);
    await page.getByTestId('collection-tile').getByText('inner').waitFor(ACT);
    await page.getByTestId('folder-actions').click(ACT);
    await page.getByTestId('folder-style-open').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
    await expectAccessible(page, '[data-testid="folder-style-dialog"]', 'Style dialog');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & {
      color?: string | null;
      icon?: string | null;
      output?: { color: string | null; icon: string | null };
      error?: { status: number; responseJSON: unknown };
    };
    switch (event.type) {
      case 'CHOOSE_COLOR':
        return dialog(page)
          .getByRole('radio', { name: payload.color === null ? 'Default colour' : `Colour ${payload.color}` })
          .check(ACT);
      case 'CHOOSE_ICON':
        return dialog(page)
          .getByRole('radio', { name: `Icon ${payload.icon ?? 'Folder'}` })
          .check(ACT);
      case 'SUBMIT':
        return dialog(page).getByTestId('folder-style-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('folder-style-cancel').click(ACT);
      case 'xstate.done.actor.save': {
        const route = await take(screen.held);
        const output = payload.output!;
        expect(route.request().postDataJSON()).toEqual({ color: output.color, iconCharacter: output.icon });
        return route.fulfill({ json: { href: screen.inner, name: 'inner', color: output.color ?? DEFAULT_COLOR, iconCharacter: output.icon ?? '' } });
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
    await expect(dialog(page)).toHaveAttribute('data-state', value);
    await expect(dialog(page).getByRole('radio', { name: context.color === null ? 'Default colour' : `Colour ${context.color}` })).toBeChecked();
    await expect(dialog(page).getByRole('radio', { name: `Icon ${context.icon ?? 'Folder'}` })).toBeChecked();
    const preview = dialog(page).getByTestId('folder-style-preview');
    await expect(preview).toHaveAttribute('data-color', context.color ?? DEFAULT_COLOR);
    await expect(preview).toHaveAttribute('data-icon', context.icon ?? 'Folder');
    if (context.error) await expect(dialog(page).getByTestId('folder-style-error')).toHaveText(context.error);
    else await expect(dialog(page).getByTestId('folder-style-error')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: collectionStyleModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 120_000 });
