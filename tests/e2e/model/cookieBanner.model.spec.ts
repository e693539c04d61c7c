/**
 * The cookie banner's generated paths (packages/machines cookieBanner.model.ts) run against the real banner
 * (`apps/web/src/privacy/CookieBanner.tsx`) in Chromium. Each path starts on a blank page (the session not yet known):
 * its first step opens the login view as a visitor (`SESSION {loggedIn: false}`) or the archives signed in
 * (`SESSION {loggedIn: true}`). The consent request is held and answered with the model's reply or a 503; what local
 * storage holds under "policy", and whether reading or writing it fails, is set before the page loads from the path's
 * own steps (look-ahead), since the banner reads and writes it at once. A guest who logs in while the banner shows
 * uses the login form.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  CONSENT_LOAD_FAILED_MESSAGE,
  CONSENT_STORAGE_KEY,
  consentTextOf,
  type CookieBannerContext,
  type CookieConsentReply,
} from '@magpie/machines/cookieBanner/cookieBanner.machine.ts';
import { cookieBannerModel } from '@magpie/machines/cookieBanner/cookieBanner.model.ts';
import { expect, expectAccessible, logIn, test } from '../fixtures.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const CONSENT_API = '/fotoweb/api/privacy/cookie-consent';

interface BannerScreen {
  readonly held: Route[];
  readonly credentials: { readonly username: string; readonly password: string };
}

const banner = (page: Page) => page.getByTestId('cookie-banner');
const contextOf = (state: AnyMachineSnapshot) => state.context as CookieBannerContext;

/** How the page's local storage behaves for the key "policy" in this path: what it holds, and what fails. */
interface StoragePlan {
  stored: string | null;
  readFails: boolean;
  writeFails: boolean;
}

/** Runs in the page before its scripts: local storage as the path's plan says (after the fixtures' own init script). */
function applyStoragePlan([key, plan]: [string, StoragePlan]): void {
  if (plan.stored === null) window.localStorage.removeItem(key);
  else window.localStorage.setItem(key, plan.stored);
  const getItem = Storage.prototype.getItem;
  const setItem = Storage.prototype.setItem;
  Storage.prototype.getItem = function (this: Storage, name: string) {
    if (plan.readFails && name === key) throw new DOMException('The storage is blocked.', 'SecurityError');
    return getItem.call(this, name);
  };
  Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
    if (plan.writeFails && name === key) throw new DOMException('The quota is exceeded.', 'QuotaExceededError');
    return setItem.call(this, name, value);
  };
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the banner asks for the cookie consent' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<BannerScreen> = {
  async setup(page, { path, credentials }) {
    const events = path.steps.map((step) => step.event as EventObject & { output?: unknown });
    const read = events.find((event) => event.type.endsWith('.readStored'));
    const plan: StoragePlan = {
      stored: read?.type === 'xstate.done.actor.readStored' ? ((read.output as string | null) ?? null) : null,
      readFails: read?.type === 'xstate.error.actor.readStored',
      writeFails: events.some((event) => event.type === 'xstate.error.actor.store'),
    };
    await page.addInitScript(applyStoragePlan, [CONSENT_STORAGE_KEY, plan] as [string, StoragePlan]);
    const screen: BannerScreen = { held: [], credentials };
    await page.route(
      (url) => url.pathname === CONSENT_API,
      (route) => {
        screen.held.push(route);
      },
    );
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { loggedIn?: boolean; output?: CookieConsentReply };
    switch (event.type) {
      case 'SESSION':
        if (page.url() === 'about:blank') {
          if (payload.loggedIn) return openSignedIn(page, screen.credentials);
          await page.goto('/fotoweb/views/login');
          return expect(page.getByTestId('login-view')).toBeVisible();
        }
        return logIn(page, screen.credentials);
      case 'xstate.done.actor.loadConsent':
        return (await take(screen.held)).fulfill({ status: 200, json: payload.output });
      case 'xstate.error.actor.loadConsent':
        return (await take(screen.held)).fulfill({ status: 503, json: { value: 'Unavailable', heading: 'Unavailable', message: 'Try later.' } });
      case 'ACCEPT':
        return banner(page).getByTestId('cookie-banner-accept').click(ACT);
      case 'RETRY':
        return banner(page).getByTestId('cookie-banner-retry').click(ACT);
      case 'DISMISS':
        return banner(page).getByTestId('cookie-banner-dismiss').click(ACT);
      // Local storage answers at once: reading and writing happen by themselves (the plan set how).
      case 'xstate.done.actor.readStored':
      case 'xstate.error.actor.readStored':
      case 'xstate.done.actor.store':
      case 'xstate.error.actor.store':
        return;
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page, screen, step) {
    const value = String(state.value);
    const context = contextOf(state);
    if (value === 'shown') {
      await expect(banner(page)).toHaveAttribute('data-state', 'shown');
      await expect(banner(page).getByTestId('cookie-banner-body')).toHaveText(context.consent?.banner?.body ?? '');
      await expectAccessible(page, '[data-testid="cookie-banner"]', 'cookie banner');
    } else if (value === 'loadFailed') {
      await expect(banner(page)).toHaveAttribute('data-state', 'loadFailed');
      await expect(banner(page).getByTestId('cookie-banner-error')).toHaveText(CONSENT_LOAD_FAILED_MESSAGE);
    } else if (value === 'readingStored' || value === 'storing') {
      // Local storage answers at once: the page is already past these states.
      return;
    } else {
      // waitingForSession, loading, hidden: no banner.
      await expect(banner(page)).toHaveCount(0);
      if (value === 'loading') await expect.poll(() => screen.held.length).toBe(1);
    }
    if (value === 'hidden' && step.index > 0) {
      const stored = await page.evaluate((key) => {
        try {
          return window.localStorage.getItem(key);
        } catch {
          return 'unreadable';
        }
      }, CONSENT_STORAGE_KEY);
      const accepted = context.accepted && context.error === undefined && context.consent !== undefined;
      if (accepted) expect(stored).toBe(consentTextOf(context.consent!));
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/**
 * Shortest paths reach every state, but not a retried load that answers, nor storage that refuses to be read: the simple
 * paths that run are only those that take what the shortest ones miss, and together they cover everything.
 */
const shortestOptions = { model: cookieBannerModel, adapter, select: 'cover' as const, maxPaths: 10, timeoutMs: 90_000, requireFullCoverage: false };
const shortest = registerModelTests({ ...shortestOptions, variant: 'shortest' });
const simpleOptions = { ...shortestOptions, variant: 'simple' as const, complementOf: shortest };
registerModelTests(simpleOptions);
const plans: ModelPathPlan[] = [shortest, planModelPaths(simpleOptions)];

test('cookieBanner: shortest and simple paths together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
