/**
 * The trash's generated paths (packages/machines trashAction.model.ts) run against the real Trash view
 * (`apps/web/src/trash/TrashView.tsx`) in Chromium, opened from the user menu. Before each path the worker's two photos,
 * named as the model names them (`harbour.jpg`, `market.jpg`) in a folder of their own, are put in the trash through
 * the real API (uploaded once, uploaded again after a path purged one, deleted again after a path restored one), so
 * the model's entries 101 and 102 are these two real entries. The `PATCH` of the trash is held until the path says
 * how it ends: a done request goes on to the DAM, which really restores or purges; a failure is answered with the
 * model's refusal, so nothing changes. In a path that lets the notice's 15 s pass, the page's clock is Playwright's
 * from the request that shows the notice on, so the 15 s pass only when the path says so.
 *
 * SELECT ticks or clears the entries' own checkboxes (never "Select every entry": the trash may hold other specs'
 * entries), RESTORE presses an entry's Restore when nothing is chosen and "Restore N" otherwise, PURGE "Delete for
 * good…", CONFIRM and CANCEL the prompt's buttons, DISMISS the notice's or the error's close button. Every state is
 * checked on screen: the view's state, which of the two entries are listed and chosen, "Restore N", the prompt and its
 * pending button, the notice and the error.
 */
import { randomBytes } from 'node:crypto';
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TrashList } from '@magpie/api-types';
import { TRASH_NOTICE_AUTOCLOSE_MS, type TrashActionContext } from '@magpie/machines/trashAction/trashAction.machine.ts';
import { TRASH_ACTION_MODEL_ENTRIES, trashActionModel } from '@magpie/machines/trashAction/trashAction.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader, uniquePhoto } from '../metadataAssets.ts';
import { uploadInto } from '../pinsScreen.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
/** The descriptor's `trash` (dam.yaml FullApiDescriptor). */
const TRASH = '/fotoweb/me/trash/';
const TASKS = '/fotoweb/me/background-tasks/';

interface TrashScreen {
  readonly held: Route[];
  /** The real entry id of each model entry id. */
  readonly ids: ReadonlyMap<number, number>;
}

/** The worker's photos, in the model's order (`harbour.jpg`, `market.jpg`): their folder and hrefs. */
let photos: { folder: string; archive: string; hrefs: string[] } | undefined;

const view = (page: Page) => page.getByTestId('trash-view');
const row = (page: Page, id: number) => view(page).locator(`[data-testid="trash-entry"][data-id="${id}"]`);
const contextOf = (state: AnyMachineSnapshot) => state.context as TrashActionContext;
/** The machine's state as the view names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

async function readTrash(page: Page): Promise<TrashList> {
  const answer = await page.request.get(TRASH, { headers: { Accept: 'application/json' } });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as TrashList;
}

/** Moves `hrefs` to the trash with a `delete-request` background task and waits until it is done. */
async function moveToTrash(page: Page, hrefs: readonly string[]): Promise<void> {
  const created = await page.request.post(TASKS, {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/vnd.fotoware.delete-request+json', Accept: 'application/vnd.fotoware.delete-response+json' },
    data: { assets: hrefs.map((href) => ({ href })) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { location } = (await created.json()) as { location: string };
  await expect
    .poll(async () => ((await (await page.request.get(location, { headers: { Accept: 'application/json' } })).json()) as { job: { status: string } }).job.status, {
      timeout: 30_000,
      message: 'the delete task is done',
    })
    .toBe('done');
}

/**
 * Puts the worker's two photos in the trash (see the module comment) and answers the real entry id of each model
 * entry.
 */
async function trashThePhotos(page: Page): Promise<Map<number, number>> {
  if (!photos) {
    const targets = (await (await page.request.get('/fotoweb/me/upload-to/', { headers: { Accept: 'application/json' } })).json()) as { data: Array<{ href: string }> };
    photos = { archive: targets.data[0]!.href, folder: `trash-model-${randomBytes(3).toString('hex')}`, hrefs: [] };
  }
  const { archive, folder, hrefs } = photos;
  const before = await readTrash(page);
  const toDelete: string[] = [];
  for (const [index, entry] of TRASH_ACTION_MODEL_ENTRIES.entries()) {
    const href = hrefs[index];
    if (href && before.data.some((e) => e.href === href)) continue;
    // Restored by the last path: live again where it was. Purged (or never made): upload it again.
    if (href && (await page.request.get(href, { headers: { Accept: 'application/json' } })).ok()) toDelete.push(href);
    else toDelete.push((hrefs[index] = await uploadInto(page, archive, folder, { ...uniquePhoto(`${folder}-${entry.filename}`), name: entry.filename })));
  }
  if (toDelete.length > 0) await moveToTrash(page, toDelete);
  const after = await readTrash(page);
  return new Map(
    TRASH_ACTION_MODEL_ENTRIES.map((entry, index) => {
      const real = after.data.find((e) => e.href === hrefs[index]);
      expect(real, `${entry.filename} is in the trash`).toBeDefined();
      return [entry.id, real!.id];
    }),
  );
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the PATCH' }).toBe(1);
  return held.shift()!;
}

/** The real ids of model ids, sorted (the body names them in the trash's order, which differs from the model's). */
const realIds = (screen: TrashScreen, ids: readonly number[]) => ids.map((id) => screen.ids.get(id)!).sort((a, b) => a - b);

/** Checks that the held `PATCH` asks what the model's request is, and answers the held route. */
function expectBody(route: Route, screen: TrashScreen, context: TrashActionContext): void {
  const body = route.request().postDataJSON() as { restore?: number[]; purge?: number[] };
  const request = context.request!;
  expect(Object.keys(body)).toEqual([request.kind]);
  expect([...(body[request.kind] ?? [])].sort((a, b) => a - b)).toEqual(realIds(screen, request.ids));
}

const adapter: ScreenAdapter<TrashScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const screen: TrashScreen = { held: [], ids: await trashThePhotos(page) };
    await page.route(
      (url) => url.pathname === TRASH,
      (route) => (route.request().method() === 'PATCH' ? void screen.held.push(route) : route.continue()),
    );
    await page.getByTestId('user-menu-trigger').click(ACT);
    await page.getByTestId('menu-openTrash').click(ACT);
    await expect(view(page)).toHaveAttribute('data-state', 'idle');
    await expect(page.getByRole('menu')).toHaveCount(0);
    for (const id of screen.ids.values()) await expect(row(page, id)).toHaveCount(1);
    await expectAccessible(page, '[data-testid="trash-view"]', 'trash view');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from, index, path }) {
    const payload = event as EventObject & { ids?: number[]; error?: { status: number; responseJSON: unknown } };
    const before = contextOf(from);
    switch (event.type) {
      case 'SELECT': {
        const wanted = new Set(payload.ids!);
        for (const id of before.trash.data.map((entry) => entry.id)) {
          if (wanted.has(id) !== before.selected.includes(id)) await row(page, screen.ids.get(id)!).getByTestId('trash-entry-select').click(ACT);
        }
        return;
      }
      case 'RESTORE':
        // Nothing chosen: the entry's own Restore; else "Restore N" for the chosen entries.
        if (before.selected.length === 0) return row(page, screen.ids.get(payload.ids![0]!)!).getByTestId('trash-restore').click(ACT);
        return view(page).getByTestId('trash-restore-selected').click(ACT);
      case 'PURGE':
        return view(page).getByTestId('trash-purge-selected').click(ACT);
      case 'CONFIRM':
        return page.getByTestId('trash-purge-confirm-ok').click(ACT);
      case 'CANCEL':
        return page.getByTestId('trash-purge-confirm-cancel').click(ACT);
      case 'DISMISS':
        return view(page)
          .getByTestId(from.matches({ ready: 'done' }) ? 'trash-notice-dismiss' : 'trash-error-dismiss')
          .click(ACT);
      case 'xstate.done.actor.update': {
        // The DAM restores or purges for real and answers the trash as it is then.
        const route = await take(screen.held);
        expectBody(route, screen, before);
        // When the path lets the notice's 15 s pass, the page's timers are Playwright's from here (only then: the
        // prompt's and the menus' closing run on the page's own timers).
        if (path.steps[index + 1]?.event.type.startsWith('xstate.after.')) await page.clock.install();
        return route.continue();
      }
      case 'xstate.error.actor.update': {
        const route = await take(screen.held);
        expectBody(route, screen, before);
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        if (event.type.startsWith('xstate.after.')) return page.clock.runFor(TRASH_NOTICE_AUTOCLOSE_MS);
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.held.length).toBe(name === 'submitting' ? 1 : 0);
    for (const entry of TRASH_ACTION_MODEL_ENTRIES) {
      const real = row(page, screen.ids.get(entry.id)!);
      if (!context.trash.data.some((e) => e.id === entry.id)) {
        await expect(real).toHaveCount(0);
        continue;
      }
      await expect(real).toHaveAttribute('data-selected', String(context.selected.includes(entry.id)));
      // By its element: the prompt hides the page from the accessibility tree.
      await expect(real.locator('input[type="checkbox"]')).toBeChecked({ checked: context.selected.includes(entry.id) });
      if (name === 'submitting') await expect(real.getByTestId('trash-restore')).toBeDisabled();
      else await expect(real.getByTestId('trash-restore')).toBeEnabled();
    }
    if (context.trash.data.length > 0) {
      const restoreChosen = view(page).getByTestId('trash-restore-selected');
      if (name !== 'submitting') await expect(restoreChosen).toHaveText(context.selected.length > 0 ? `Restore ${context.selected.length}` : 'Restore');
      if (name === 'submitting' && context.request?.kind === 'restore') await expect(restoreChosen).toHaveAttribute('data-loading', /.*/);
      else await expect(restoreChosen).not.toHaveAttribute('data-loading', /.*/);
    }
    const prompt = page.getByTestId('trash-purge-confirm');
    if (name === 'confirming' || (name === 'submitting' && context.request?.kind === 'purge')) {
      const count = context.request!.ids.length;
      await expect(prompt).toBeVisible();
      await expect(prompt).toContainText(count === 1 ? 'This asset and every revision of it' : `These ${count} assets and every revision of them`);
      if (name === 'submitting') await expect(prompt.getByTestId('trash-purge-confirm-ok')).toHaveAttribute('data-loading', /.*/);
      else await expect(prompt.getByTestId('trash-purge-confirm-ok')).not.toHaveAttribute('data-loading', /.*/);
    } else await expect(prompt).toHaveCount(0);
    if (name === 'done') await expect(view(page).getByTestId('trash-notice')).toHaveText(context.notice!);
    else await expect(view(page).getByTestId('trash-notice')).toHaveCount(0);
    if (name === 'failed') await expect(view(page).getByTestId('trash-error')).toHaveText(context.error!);
    else await expect(view(page).getByTestId('trash-error')).toHaveCount(0);
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: trashActionModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 6, timeoutMs: 120_000 });
