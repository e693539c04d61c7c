/**
 * The Appearance section's generated paths (packages/machines appearanceEditor.model.ts) run against the real section
 * of the Manage site page (`apps/web/src/management/AppearanceSection.tsx`) in Chromium, signed in as the site owner.
 * The section's three calls are held until the path says how they end and answered as it says: the settings' read
 * (`GET /fotoweb/appearance/`, the model's settings with a 64-byte limit, or a 500), the CSS's `POST` (what the server
 * would store, a 413 or a 500) and the buttons' `PUT` (the list, or a 400); nothing reaches the DAM's appearance, so
 * the site's real CSS and buttons stay as they are.
 *
 * EDIT_CSS fills the stylesheet's textarea; SAVE_CSS, CLEAR_CSS, SAVE_BUTTONS and RETRY press their buttons;
 * EDIT_BUTTONS adds a button and fills its tooltip, link, target and icon. Every state is checked on screen: the
 * section's state, the textarea, the size problem, the button rows and their link problem, the notice and the error.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { TitleBarButton } from '@magpie/api-types';
import { cssDraftProblem, titleBarButtonProblems, type AppearanceEditorContext } from '@magpie/machines/appearanceEditor/appearanceEditor.machine.ts';
import { appearanceEditorModel } from '@magpie/machines/appearanceEditor/appearanceEditor.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const SETTINGS = '/fotoweb/appearance/';
const CSS = '/fotoweb/appearance/css';
const BUTTONS = '/fotoweb/appearance/title-bar-buttons';

interface SectionScreen {
  readonly held: { load: Route[]; css: Route[]; buttons: Route[] };
}

const section = (page: Page) => page.getByTestId('appearance-section');
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the app sends ${what}` }).toBe(1);
  return held.shift()!;
}

/** Adds a button and fills it as `button` (the draft is empty when the model edits the buttons). */
async function addButton(page: Page, button: TitleBarButton): Promise<void> {
  await page.getByTestId('title-bar-button-add').click(ACT);
  const row = page.getByTestId('title-bar-button-row').last();
  await row.getByTestId('title-bar-button-tooltip').fill(button.tooltip);
  await row.getByTestId('title-bar-button-href').fill(button.href);
  await row.getByTestId('title-bar-button-target').selectOption(button.target);
  await row.getByTestId('title-bar-button-icon').selectOption(button.icon ?? '');
}

const adapter: ScreenAdapter<SectionScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    const screen: SectionScreen = { held: { load: [], css: [], buttons: [] } };
    await page.route(
      (url) => url.pathname === SETTINGS || url.pathname === CSS || url.pathname === BUTTONS,
      (route) => {
        const { pathname } = new URL(route.request().url());
        const method = route.request().method();
        if (pathname === SETTINGS && method === 'GET') return void screen.held.load.push(route);
        if (pathname === CSS && method === 'POST') return void screen.held.css.push(route);
        if (pathname === BUTTONS && method === 'PUT') return void screen.held.buttons.push(route);
        return route.continue();
      },
    );
    await page.goto('/fotoweb/views/management');
    await expect(page.getByTestId('manage-site-page')).toBeVisible(ACT);
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & { css?: string; buttons?: TitleBarButton[]; output?: unknown; error?: { status: number; responseJSON: unknown } };
    const before = from.context as AppearanceEditorContext;
    switch (event.type) {
      case 'xstate.done.actor.load':
        return (await take(screen.held.load, 'the settings read')).fulfill({ json: payload.output });
      case 'xstate.error.actor.load':
        return (await take(screen.held.load, 'the settings read')).fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      case 'RETRY':
        return section(page).getByRole('button', { name: 'Try again' }).click(ACT);
      case 'EDIT_CSS':
        return page.getByTestId('custom-css-input').fill(payload.css!);
      case 'SAVE_CSS':
        return page.getByTestId('custom-css-save').click(ACT);
      case 'CLEAR_CSS':
        return page.getByTestId('custom-css-clear').click(ACT);
      case 'EDIT_BUTTONS':
        return addButton(page, payload.buttons![0]!);
      case 'SAVE_BUTTONS':
        return page.getByTestId('title-bar-buttons-save').click(ACT);
      case 'xstate.done.actor.saveCss':
      case 'xstate.error.actor.saveCss': {
        const route = await take(screen.held.css, 'the CSS');
        expect(route.request().postDataJSON()).toEqual({ cssContent: before.cssDraft });
        if (event.type === 'xstate.done.actor.saveCss') return route.fulfill({ json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      case 'xstate.done.actor.saveButtons':
      case 'xstate.error.actor.saveButtons': {
        const route = await take(screen.held.buttons, 'the buttons');
        expect(route.request().postDataJSON()).toEqual({ data: before.buttonsDraft });
        if (event.type === 'xstate.done.actor.saveButtons') return route.fulfill({ json: { data: payload.output } });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = state.context as AppearanceEditorContext;
    await expect(section(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.held.load.length).toBe(name === 'loading' ? 1 : 0);
    await expect.poll(() => screen.held.css.length).toBe(name === 'savingCss' ? 1 : 0);
    await expect.poll(() => screen.held.buttons.length).toBe(name === 'savingButtons' ? 1 : 0);
    if (name === 'loading') return;
    if (name === 'loadFailed') {
      await expect(section(page).getByTestId('error-state')).toBeVisible();
      return;
    }
    await expect(page.getByTestId('custom-css-input')).toHaveValue(context.cssDraft);
    const cssProblem = cssDraftProblem(context.cssDraft, context.stored!.cssMaxBytes);
    if (cssProblem) await expect(page.getByTestId('custom-css-problem')).toHaveText(cssProblem);
    else await expect(page.getByTestId('custom-css-problem')).toHaveCount(0);
    await expect(page.getByTestId('title-bar-button-row')).toHaveCount(context.buttonsDraft.length);
    const hrefProblem = titleBarButtonProblems(context.buttonsDraft).some((problem) => problem.field === 'href');
    await expect(page.getByTestId('title-bar-button-href-problem')).toHaveCount(hrefProblem ? 1 : 0);
    if (name === 'saved') await expect(page.getByTestId('appearance-saved')).toBeVisible();
    else await expect(page.getByTestId('appearance-saved')).toHaveCount(0);
    if (name === 'failed') await expect(page.getByTestId('appearance-error')).toHaveText(context.error!);
    else await expect(page.getByTestId('appearance-error')).toHaveCount(0);
    if (name === 'idle' && context.buttonsDraft.length === 0 && context.cssDraft === context.stored!.cssContent) {
      await expectAccessible(page, '[data-testid="appearance-section"]', 'appearance section');
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: appearanceEditorModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 12, timeoutMs: 90_000 });
