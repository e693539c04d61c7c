/**
 * The New metadata view dialog's generated paths (packages/machines metadataViewCreate.model.ts) run against the real
 * dialog (`apps/web/src/archives/NewMetadataViewDialog.tsx`) opened from the archive dialog of Photos in Chromium. The
 * `POST /fotoweb/api/config/metadataviews` is held until the path says how it ends; a view made this way is answered
 * by the model, so the DAM's views never change.
 *
 * CHANGE types the name, SOURCE chooses "The default fields" or the copy of Photos' view, SUBMIT presses Create view,
 * CANCEL presses Cancel. Every state is checked on screen: the dialog's state, the name and source, the rule's and the
 * server's messages, Create pending while saving; once done the archive dialog has chosen the new view.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { MetadataViewCreateContext } from '@magpie/machines/metadataViewCreate/metadataViewCreate.machine.ts';
import { METADATA_VIEW_CREATE_MODEL_INPUT, metadataViewCreateModel } from '@magpie/machines/metadataViewCreate/metadataViewCreate.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { expectNameDialog } from './nameDialogScreen.ts';
import { keepSession, openSignedIn } from './signIn.ts';
import { ACT } from './usersAndGroupsScreen.ts';

const METADATA_VIEWS = '/fotoweb/api/config/metadataviews';

interface ViewScreen {
  readonly held: Route[];
}

const dialog = (page: Page) => page.getByTestId('new-view-dialog');
const contextOf = (state: AnyMachineSnapshot) => state.context as MetadataViewCreateContext;

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the dialog sends the POST' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<ViewScreen> = {
  async setup(page, { credentials }) {
    const screen: ViewScreen = { held: [] };
    await page.route(
      (url) => url.pathname === METADATA_VIEWS,
      (route) => (route.request().method() === 'POST' ? void screen.held.push(route) : route.continue()),
    );
    await openSignedIn(page, credentials);
    await page.getByRole('button', { name: 'Archive details: Photos' }).click(ACT);
    const archiveDialog = page.getByTestId('archive-dialog');
    await expect(archiveDialog.getByTestId('archive-metadata-view')).toHaveValue(METADATA_VIEW_CREATE_MODEL_INPUT.copyFrom!);
    await archiveDialog.getByTestId('archive-new-view').click(ACT);
    await expect(dialog(page)).toHaveAttribute('data-state', 'editing');
    await expectAccessible(page, '[data-testid="new-view-dialog"]', 'New metadata view dialog');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { name?: string; copyFrom?: string | null; output?: { id: string; name: string }; error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'CHANGE':
        return dialog(page).getByTestId('new-view-name').fill(payload.name!);
      case 'SOURCE':
        await dialog(page)
          .getByTestId('new-view-source')
          .selectOption(payload.copyFrom ?? '');
        return;
      case 'SUBMIT':
        return dialog(page).getByTestId('new-view-save').click(ACT);
      case 'CANCEL':
        return dialog(page).getByTestId('new-view-cancel').click(ACT);
      case 'xstate.done.actor.createView': {
        const route = await take(screen.held);
        const body = route.request().postDataJSON() as { Name: string; CopyFrom: string | null };
        const { id, name } = payload.output!;
        expect(body.Name).toBe(name);
        return route.fulfill({ status: 201, json: { Id: id, Name: name, href: `/fotoweb/editors/${id}`, UsedBy: [] } });
      }
      case 'xstate.error.actor.createView':
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
      const chosen = page.getByTestId('archive-dialog').getByTestId('archive-metadata-view');
      await expect(chosen).toHaveValue(value === 'done' ? context.created!.id : METADATA_VIEW_CREATE_MODEL_INPUT.copyFrom!);
      return;
    }
    await expectNameDialog(dialog(page), 'new-view', 'new-view-name', 'new-view-problem', { value, ...context });
    await expect(dialog(page).getByTestId('new-view-source')).toHaveValue(context.copyFrom ?? '');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: metadataViewCreateModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 10, timeoutMs: 120_000 });
