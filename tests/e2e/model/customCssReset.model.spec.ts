/**
 * The custom CSS reset's generated paths (packages/machines customCssReset.model.ts) run against the real prompt
 * (`apps/web/src/appearance/CustomCssReset.tsx`, Ctrl+Shift+Z through the action registry) in Chromium. Before each path
 * the site gets custom CSS through the real API and the archives page is loaded, so the descriptor names it. The
 * `POST` to the CSS's address is held until the path says how it ends: a done clear goes on to the DAM, which really
 * clears the CSS (and the stylesheet leaves the page); a failure is answered with the model's refusal, so nothing
 * changes. In a path that lets the notice's 15 s pass, the test waits them out on the page's own clock (the notice is
 * there 3 s before they end and gone soon after).
 *
 * ASK presses Ctrl+Shift+Z on the page, CONFIRM and CANCEL the prompt's Yes and Cancel, DISMISS the notice's close
 * button. Every state is checked on screen: the machine's state, the prompt and its pending Yes, the refusal's reason,
 * the notice, and the page's stylesheet.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { CUSTOM_CSS_NOTICE_AUTOCLOSE_MS, type CustomCssResetContext } from '@magpie/machines/customCssReset/customCssReset.machine.ts';
import { customCssResetModel } from '@magpie/machines/customCssReset/customCssReset.model.ts';
import { expect, expectAccessible } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';
import { registerModelTests, type ScreenAdapter } from './harness.ts';
import { ensureSignedIn, keepSession } from './signIn.ts';

const ACT = { timeout: 15_000 };
const CSS_HREF = '/fotoweb/appearance/css';

interface ResetScreen {
  readonly held: Route[];
}

const status = (page: Page) => page.getByTestId('custom-css-reset');
const prompt = (page: Page) => page.getByTestId('custom-css-prompt');

async function setCss(page: Page, cssContent: string): Promise<void> {
  const answer = await page.request.post(CSS_HREF, {
    headers: { ...(await csrfHeader(page)), 'Content-Type': 'application/json', Accept: 'application/json' },
    data: { cssContent },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function take(held: Route[]): Promise<Route> {
  await expect.poll(() => held.length, { message: 'the app sends the POST' }).toBe(1);
  return held.shift()!;
}

const adapter: ScreenAdapter<ResetScreen> = {
  async setup(page, { credentials }) {
    await ensureSignedIn(page, credentials);
    await setCss(page, 'main { outline: 3px dashed rgb(0, 128, 0); }');
    const screen: ResetScreen = { held: [] };
    await page.route(
      (url) => url.pathname === CSS_HREF,
      (route) => (route.request().method() === 'POST' ? void screen.held.push(route) : route.continue()),
    );
    await page.goto('/fotoweb/archives/');
    await expect(page.getByTestId('archives-view')).toBeVisible(ACT);
    await expect(page.locator('link#magpie-custom-css')).toHaveCount(1);
    await expect(status(page)).toHaveAttribute('data-state', 'idle');
    return screen;
  },

  async perform(event: EventObject, page, screen) {
    const payload = event as EventObject & { error?: { status: number; responseJSON: unknown } };
    switch (event.type) {
      case 'ASK':
        await page.locator('main').click({ position: { x: 2, y: 2 } });
        return page.keyboard.press('Control+Shift+Z');
      case 'CONFIRM':
        return prompt(page).getByTestId('custom-css-prompt-yes').click(ACT);
      case 'CANCEL':
        return prompt(page).getByTestId('custom-css-prompt-cancel').click(ACT);
      case 'DISMISS':
        return page.getByTestId('custom-css-cleared-dismiss').click(ACT);
      case 'xstate.done.actor.clear': {
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({ cssContent: '' });
        return route.continue();
      }
      case 'xstate.error.actor.clear': {
        const route = await take(screen.held);
        expect(route.request().postDataJSON()).toEqual({ cssContent: '' });
        return route.fulfill({ status: payload.error!.status, json: payload.error!.responseJSON });
      }
      default:
        // The notice's 15 s pass on the page's own clock (a clock installed earlier would also hold the prompt's closing):
        // it is still there just before, and gone a little after.
        if (event.type.startsWith('xstate.after.')) {
          await page.waitForTimeout(CUSTOM_CSS_NOTICE_AUTOCLOSE_MS - 3_000);
          await expect(page.getByTestId('custom-css-cleared')).toBeVisible();
          return expect(page.getByTestId('custom-css-cleared')).toHaveCount(0, { timeout: 8_000 });
        }
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page, screen) {
    const name = String(state.value);
    const context = state.context as CustomCssResetContext;
    await expect(status(page)).toHaveAttribute('data-state', name);
    await expect.poll(() => screen.held.length).toBe(name === 'clearing' ? 1 : 0);
    if (name === 'confirming' || name === 'clearing' || name === 'failed') {
      await expect(prompt(page)).toBeVisible();
      await expect(prompt(page)).toContainText('Clear the custom CSS?');
      const yes = prompt(page).getByTestId('custom-css-prompt-yes');
      if (name === 'clearing') await expect(yes).toHaveAttribute('data-loading', /.*/);
      else await expect(yes).not.toHaveAttribute('data-loading', /.*/);
      if (name === 'failed') await expect(prompt(page).getByTestId('custom-css-prompt-error')).toHaveText(context.error!);
      else await expect(prompt(page).getByTestId('custom-css-prompt-error')).toHaveCount(0);
      if (name === 'confirming') await expectAccessible(page, '[data-testid="custom-css-prompt"]', 'clear custom CSS prompt');
    } else await expect(prompt(page)).toHaveCount(0);
    if (name === 'cleared') {
      await expect(page.getByTestId('custom-css-cleared')).toHaveText('The custom CSS was cleared.');
      await expect(page.locator('link#magpie-custom-css')).toHaveCount(0);
    } else await expect(page.getByTestId('custom-css-cleared')).toHaveCount(0);
  },

  async teardown(page) {
    await setCss(page, '').catch(() => undefined);
    await keepSession(page);
  },
};

registerModelTests({ model: customCssResetModel, variant: 'shortest', adapter, select: 'cover', maxPaths: 6, timeoutMs: 90_000 });
