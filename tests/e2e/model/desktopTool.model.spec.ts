/**
 * The desktop tool's generated paths (packages/machines desktopTool.model.ts) run against the real offer, settings
 * menu entries and install modal (`apps/web/src/desktopTool/`) in Chromium. The e2e DAM offers the model's installer
 * (8.2 for Windows, tests/e2e/stack.ts), and the admin holds the fwdt rights. Each path starts on the archives with
 * nothing stored under `magpie.desktopTool` (the fixtures answer the offer for every other test); whether each save
 * to local storage fails is set before the page loads from the path's own steps (look-ahead), since storing answers
 * at once. The layout switches to the mobile/touch layout by narrowing the window.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { DesktopToolContext } from '@magpie/machines/desktopTool/desktopTool.machine.ts';
import { desktopToolModel, MODEL_INSTALLER } from '@magpie/machines/desktopTool/desktopTool.model.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { E2E_DESKTOP_TOOL_INSTALLER } from '../stack.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';
import { keepSession, openSignedIn } from './signIn.ts';

const ACT = { timeout: 15_000 };
const STORAGE_KEY = 'magpie.desktopTool';
const DESKTOP = { width: 1280, height: 800 };
const TOUCH = { width: 600, height: 900 };

const offer = (page: Page) => page.getByTestId('desktop-tool-offer');
const modal = (page: Page) => page.getByTestId('desktop-tool-install-modal');
const contextOf = (state: AnyMachineSnapshot) => state.context as DesktopToolContext;

/** Runs in the page before its scripts: nothing stored, and the n-th save to the key fails when `failures[n]`. */
function applySavePlan([key, failures]: [string, boolean[]]): void {
  window.localStorage.removeItem(key);
  const setItem = Storage.prototype.setItem;
  let saves = 0;
  Storage.prototype.setItem = function (this: Storage, name: string, value: string) {
    if (name === key && failures[saves++] === true) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return setItem.call(this, name, value);
  };
}

/** Chooses a settings-menu entry by name. */
async function chooseMenuEntry(page: Page, name: string): Promise<void> {
  await page.getByTestId('settings-menu-trigger').click(ACT);
  await page.getByTestId('settings-menu').getByRole('menuitem', { name }).click(ACT);
}

/** What local storage holds under the key, parsed (undefined when nothing). */
async function stored(page: Page): Promise<unknown> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY);
  return raw === null ? undefined : JSON.parse(raw);
}

const adapter: ScreenAdapter<Record<string, never>> = {
  async setup(page, { path, credentials }) {
    expect(E2E_DESKTOP_TOOL_INSTALLER).toEqual(MODEL_INSTALLER);
    const failures = path.steps
      .map((step) => step.event.type)
      .filter((type) => type.endsWith('.saveSettings'))
      .map((type) => type.startsWith('xstate.error'));
    await page.setViewportSize(DESKTOP);
    await page.addInitScript(applySavePlan, [STORAGE_KEY, failures] as [string, boolean[]]);
    await openSignedIn(page, credentials);
    return {};
  },

  async perform(event: EventObject, page, _screen, step) {
    const from = step.from;
    const payload = event as EventObject & { version?: string; touchLayout?: boolean };
    switch (event.type) {
      case 'INSTALL':
        if (from.matches('ignored')) return chooseMenuEntry(page, 'Install the desktop tool');
        return offer(page).getByTestId('desktop-tool-install').click(ACT);
      case 'CLOSE_INSTALL_VIEW':
        return modal(page).getByTestId('desktop-tool-install-close').click(ACT);
      case 'ALREADY_HAVE_IT': {
        if (from.matches('ignored')) return chooseMenuEntry(page, 'I already have the desktop tool');
        const where = from.matches('installView') ? modal(page) : offer(page);
        const versionField = from.matches('installView') ? 'desktop-tool-install-version' : 'desktop-tool-version';
        if (payload.version) await where.getByTestId(versionField).fill(payload.version, ACT);
        return where.getByTestId(from.matches('installView') ? 'desktop-tool-install-have-it' : 'desktop-tool-have-it').click(ACT);
      }
      case 'IGNORE':
        return offer(page).getByTestId('desktop-tool-ignore').click(ACT);
      case 'LAYOUT_CHANGED':
        return page.setViewportSize(payload.touchLayout ? TOUCH : DESKTOP);
      // Local storage answers at once; the plan set whether it fails.
      case 'xstate.done.actor.saveSettings':
      case 'xstate.error.actor.saveSettings':
        return;
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state, page) {
    const value = String(state.value);
    const context = contextOf(state);
    if (value === 'saving' || value === 'deciding') return; // passed at once
    if (value === 'shouldInstall' || value === 'shouldUpdate') {
      await expect(offer(page)).toHaveAttribute('data-state', value);
      await expect(offer(page).getByTestId('desktop-tool-install')).toHaveText(value === 'shouldUpdate' ? 'Upgrade' : 'Install');
      await expect(offer(page).getByTestId('desktop-tool-ignore')).toHaveCount(value === 'shouldInstall' ? 1 : 0);
      if (value === 'shouldUpdate') await expect(offer(page)).toContainText(`Version ${MODEL_INSTALLER.version}`);
      // At rest: the pointer may still be where the last click was, over a button now in its place.
      await page.mouse.move(0, 0);
      await expectAccessible(page, '[data-testid="desktop-tool-offer"]', 'desktop tool offer');
    } else {
      await expect(offer(page)).toHaveCount(0);
    }
    if (value === 'installView') {
      await expect(modal(page)).toBeVisible();
      await expect(modal(page)).toHaveAttribute('data-offer', context.offer ?? '');
      await expect(modal(page).getByTestId('desktop-tool-download-win')).toHaveAttribute('href', MODEL_INSTALLER.href);
      await expectAccessible(page, '[data-testid="desktop-tool-install-modal"]', 'desktop tool install view');
    } else {
      await expect(modal(page)).toHaveCount(0);
    }
    // A failed save says so; a successful one is in local storage.
    await expect(page.getByTestId('desktop-tool-save-failed')).toHaveCount(context.saveFailed ? 1 : 0);
    if (!context.saveFailed && (context.settings.hasFWDT || context.settings.ignoreFWDT)) {
      expect(await stored(page)).toEqual({
        ignoreFWDT: context.settings.ignoreFWDT,
        hasFWDT: context.settings.hasFWDT,
        ...(context.settings.FWDTversion ? { FWDTversion: context.settings.FWDTversion } : {}),
      });
    }
    // The menu's entries follow the state (never on the touch layout, where the offer is hidden too).
    if (value === 'ignored' || value === 'upToDate') {
      await page.getByTestId('settings-menu-trigger').click(ACT);
      const items = page.getByTestId('settings-menu').getByRole('menuitem');
      await expect(items.filter({ hasText: 'desktop tool' })).toHaveText(value === 'ignored' ? ['Install the desktop tool', 'I already have the desktop tool'] : []);
      // The menu takes focus once open; Esc pressed before that reaches no listener (it raced in CI).
      await expect(page.getByTestId('settings-menu')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('settings-menu')).toBeHidden();
    }
  },

  async teardown(page) {
    await keepSession(page);
  },
};

/**
 * Shortest paths reach every state but not "already have it" from the install view: the simple paths that run are
 * only those that take what the shortest ones miss, and together they cover everything.
 */
const shortestOptions = { model: desktopToolModel, adapter, select: 'cover' as const, maxPaths: 12, timeoutMs: 90_000, requireFullCoverage: false };
const shortest = registerModelTests({ ...shortestOptions, variant: 'shortest' });
const simpleOptions = { ...shortestOptions, variant: 'simple' as const, complementOf: shortest, timeoutMs: 120_000 };
registerModelTests(simpleOptions);
const plans: ModelPathPlan[] = [shortest, planModelPaths(simpleOptions)];

test('desktopTool: shortest and simple paths together cover every state and transition', () => {
  expect(E2E_DESKTOP_TOOL_INSTALLER).toEqual(MODEL_INSTALLER);
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
