/**
 * The order settings' generated paths (packages/machines orderSettings.model.ts) run against the real Order settings
 * page (`apps/web/src/orders/OrderSettingsView.tsx`, Settings → Order settings) in Chromium. The page's read and save
 * of the configuration are held and answered as the path says (the model's configuration, what the DAM would store,
 * or its refusal), so the site's real order configuration never changes and no other spec is disturbed.
 *
 * RETRY presses Try again; the Add buttons, the field's label, its Remove and Move up, the terms, Save and the
 * notices' close buttons are the user's; every state is checked on screen: the page's state, the fields (labels,
 * derived ids), the terms, the problems shown, Save enabled only for a valid change, the saved notice and the error.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { orderConfigOf, orderSettingsChanged, type OrderSettingsContext } from '@magpie/machines/orderSettings/orderSettings.machine.ts';
import { orderSettingsModel } from '@magpie/machines/orderSettings/orderSettings.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const SETTINGS_API = '/fotoweb/order-config';
const SETTINGS_VIEW = '/fotoweb/views/order-settings';

interface SettingsScreen {
  readonly held: Route[];
}

const view = (page: Page) => page.getByTestId('order-settings-view');
const fields = (page: Page) => page.getByTestId('signup-field');
const contextOf = (state: AnyMachineSnapshot) => state.context as OrderSettingsContext;
/** The machine's state as the page names it in `data-state`. */
const stateName = (state: AnyMachineSnapshot) => (typeof state.value === 'string' ? state.value : String((state.value as { ready: string }).ready));

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the request' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<SettingsScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const screen: SettingsScreen = { held: [] };
    await page.route(
      (url) => url.pathname === SETTINGS_API,
      (route) => (route.request().resourceType() === 'fetch' ? void screen.held.push(route) : route.fallback()),
    );
    // Through the settings menu, as people get there.
    await page.getByTestId('settings-menu-trigger').click(ACT);
    await page.getByTestId('settings-menu').getByRole('menuitem', { name: 'Order settings' }).click(ACT);
    await expect(page).toHaveURL((url) => url.pathname === SETTINGS_VIEW);
    await expect(view(page)).toHaveAttribute('data-state', 'loading');
    return screen;
  },

  async perform(event: EventObject, page, screen, { from }) {
    const payload = event as EventObject & {
      text?: string;
      dataType?: string;
      index?: number;
      offset?: number;
      change?: { label?: string; choices?: string };
      output?: unknown;
      error?: { status: number; responseJSON: unknown };
    };
    const context = contextOf(from);
    switch (event.type) {
      case 'RETRY':
        return view(page).getByRole('button', { name: 'Try again' }).click(ACT);
      case 'SET_TERMS':
        return page.getByTestId('order-settings-terms').fill(payload.text!);
      case 'ADD_FIELD':
        return page.getByTestId(`order-settings-add-${payload.dataType}`).click(ACT);
      case 'CHANGE_FIELD': {
        const field = fields(page).nth(payload.index!);
        if (payload.change!.label !== undefined) return field.getByTestId('signup-field-label').fill(payload.change!.label);
        if (payload.change!.choices !== undefined) return field.getByTestId('signup-field-choices').fill(payload.change!.choices);
        throw new Error(`unexpected change ${JSON.stringify(payload.change)}`);
      }
      case 'REMOVE_FIELD':
        return fields(page).nth(payload.index!).getByTestId('signup-field-remove').click(ACT);
      case 'MOVE_FIELD':
        return fields(page)
          .nth(payload.index!)
          .getByTestId(payload.offset === -1 ? 'signup-field-up' : 'signup-field-down')
          .click(ACT);
      case 'SAVE':
        return page.getByTestId('order-settings-save').click(ACT);
      case 'DISMISS':
        return page.getByTestId(from.matches({ ready: 'saved' }) ? 'order-settings-saved-dismiss' : 'order-settings-error-dismiss').click(ACT);
      case 'xstate.done.actor.load':
      case 'xstate.error.actor.load': {
        const route = await take(screen.held);
        expect(route.request().method()).toBe('GET');
        if (event.type === 'xstate.done.actor.load') return route.fulfill({ json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      case 'xstate.done.actor.save':
      case 'xstate.error.actor.save': {
        // The whole configuration as edited, nothing the rules refuse.
        const route = await take(screen.held);
        expect(route.request().method()).toBe('PUT');
        expect(route.request().postDataJSON()).toEqual(orderConfigOf(context.draft));
        if (event.type === 'xstate.done.actor.save') return route.fulfill({ json: payload.output });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen) {
    const name = stateName(state);
    const context = contextOf(state);
    await expect(view(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.held.length).toBe(name === 'loading' || name === 'saving' ? 1 : 0);
    if (name === 'loading') return;
    if (name === 'loadFailed') {
      await expect(page.getByTestId('order-settings-load-error')).toBeVisible();
      await expect(view(page).getByTestId('error-state')).toBeVisible();
      return;
    }
    const { draft } = context;
    await expect(page.getByTestId('order-settings-terms')).toHaveValue(draft.terms);
    await expect(fields(page)).toHaveCount(draft.fields.length);
    await expect(page.getByTestId('order-settings-empty')).toHaveCount(draft.fields.length === 0 ? 1 : 0);
    for (const [index, field] of draft.fields.entries()) {
      const shown = fields(page).nth(index);
      await expect(shown.getByTestId('signup-field-label')).toHaveValue(field.label);
      await expect(shown.getByTestId('signup-field-id')).toHaveValue(field.id);
      await expect(shown.getByTestId('signup-field-type')).toHaveValue(field.dataType);
      if (field.dataType === 'dropdown') await expect(shown.getByTestId('signup-field-choices')).toHaveValue(field.choices);
      // Each of the field's problems (the rules' and the last answer's) on it.
      const messages = [...context.problems, ...context.serverIssues].filter((problem) => problem.path.startsWith(`fields.${index}.`)).map((problem) => problem.message);
      await expect(shown.getByTestId('signup-field-problem')).toHaveText(messages);
    }
    const save = page.getByTestId('order-settings-save');
    if (name === 'saving') await expect(save).toHaveAttribute('data-loading', /.*/);
    else {
      await expect(save).not.toHaveAttribute('data-loading', /.*/);
      await expect(save).toBeEnabled({ enabled: context.problems.length === 0 && orderSettingsChanged(context.stored, draft) });
    }
    await expect(page.getByTestId('order-settings-saved')).toHaveCount(name === 'saved' ? 1 : 0);
    if (name === 'failed') await expect(page.getByTestId('order-settings-error')).toContainText(context.error!);
    else await expect(page.getByTestId('order-settings-error')).toHaveCount(0);
    if (draft.fields.length > 0 && name === 'idle') await expectAccessible(page, '[data-testid="order-settings-page"]', 'order settings');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

registerModelTests({ model: orderSettingsModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 8, timeoutMs: 150_000 });
