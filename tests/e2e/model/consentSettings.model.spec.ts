/**
 * The consent settings' generated paths (packages/machines consentSettings.model.ts) run against the real Consent
 * page (`apps/web/src/consent/ConsentView.tsx`, at `/fotoweb/views/consent`) in Chromium, signed in as the
 * administrator. The page is reached inside the app, so every request to the settings the path sees is the page's:
 * each is held and answered with the model's settings or a failure (nothing is stored). Switching consent forms on,
 * typing the company name, saving and retrying are the user's own clicks and keys; every state is checked on screen.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { ConsentSettingsContext } from '@magpie/machines/consentSettings/consentSettings.machine.ts';
import { consentSettingsModel, MODEL_FAILURE, MODEL_SAVED_SETTINGS, MODEL_STORED_SETTINGS } from '@magpie/machines/consentSettings/consentSettings.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const SETTINGS_API = '/fotoweb/api/config/consentForms/ConsentFormSettings';
const CONSENT_PATH = '/fotoweb/views/consent';

interface ConsentScreen {
  readonly reads: Route[];
  readonly writes: Route[];
}

const form = (page: Page) => page.getByTestId('consent-settings');

async function take(held: Route[], what: string): Promise<Route> {
  await expect.poll(() => held.length, { message: `the page asks to ${what}` }).toBe(1);
  return held.shift()!;
}

const failure = (route: Route) => route.fulfill({ status: 500, json: { value: 'ServerError', heading: 'Server error', message: MODEL_FAILURE.message } });

/** The machine's state as the page names it in `data-state`. */
function stateName(value: unknown): string {
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value as Record<string, string>)[0]!;
  return `${parent}.${child}`;
}

const adapter: ScreenAdapter<ConsentScreen> = {
  async setup(page, { credentials }) {
    await openSignedIn(page, credentials);
    const screen: ConsentScreen = { reads: [], writes: [] };
    await page.route(
      (url) => url.pathname === SETTINGS_API,
      (route) => {
        (route.request().method() === 'PUT' ? screen.writes : screen.reads).push(route);
      },
    );
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, CONSENT_PATH);
    await expect(page.getByTestId('consent-page')).toBeVisible(ACT);
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    switch (event.type) {
      case 'xstate.done.actor.load':
        return (await take(screen.reads, 'read the settings')).fulfill({ status: 200, json: MODEL_STORED_SETTINGS });
      case 'xstate.error.actor.load':
        return failure(await take(screen.reads, 'read the settings'));
      case 'RETRY':
        return form(page).getByRole('button', { name: 'Try again' }).click(ACT);
      case 'EDIT': {
        const enable = form(page).getByTestId('consent-enable');
        if ((await enable.getAttribute('data-state')) !== 'checked') await enable.click(ACT);
        const name = form(page).getByTestId('consent-company-name');
        await name.fill('', ACT);
        return name.fill(MODEL_SAVED_SETTINGS.companyName, ACT);
      }
      case 'SAVE':
        return form(page).getByTestId('consent-settings-save').click(ACT);
      case 'xstate.done.actor.save': {
        const write = await take(screen.writes, 'save the settings');
        expect(write.request().postDataJSON()).toEqual(MODEL_SAVED_SETTINGS);
        return write.fulfill({ status: 200, json: MODEL_SAVED_SETTINGS });
      }
      case 'xstate.error.actor.save':
        return failure(await take(screen.writes, 'save the settings'));
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page) {
    const name = stateName(state.value);
    const context = state.context as ConsentSettingsContext;
    await expect(form(page)).toHaveAttribute('data-state', name);
    if (name === 'loading') {
      await expect(form(page).getByRole('status')).toBeVisible();
      return;
    }
    if (name === 'loadFailed') {
      await expect(form(page).getByTestId('consent-settings-load-error')).toBeVisible();
      return;
    }
    const draft = context.draft!;
    await expect(form(page).getByTestId('consent-company-name')).toHaveValue(draft.companyName);
    await expect(form(page).getByTestId('consent-enable')).toHaveAttribute('data-state', draft.enableConsentForms ? 'checked' : 'unchecked');
    const save = form(page).getByTestId('consent-settings-save');
    if (name === 'saving' || JSON.stringify(context.draft) === JSON.stringify(context.stored)) await expect(save).toBeDisabled();
    else await expect(save).toBeEnabled();
    await expect(form(page).getByTestId('consent-settings-saved')).toHaveCount(name === 'ready.saved' ? 1 : 0);
    if (name === 'ready.failed') await expect(form(page).getByTestId('consent-settings-error')).toContainText(context.error!);
    else await expect(form(page).getByTestId('consent-settings-error')).toHaveCount(0);
    if (name === 'ready.idle' || name === 'ready.failed') await expectAccessible(page, '[data-testid="consent-page"]', 'consent settings');
  },

  async teardown(page) {
    await keepSession(page);
  },
};

// The shortest paths already reach every state and take every transition (checked by the harness).
registerModelTests({ model: consentSettingsModel, adapter, variant: 'shortest', select: 'cover', maxPaths: 8, timeoutMs: 90_000 });
