/**
 * The floating footer's generated paths (packages/machines floatingFooter.model.ts) run against the real footer
 * (`apps/web/src/footer/FloatingFooter.tsx`) in Chromium. Each path opens the public cookie policy page in a short
 * window, so that the page scrolls: `SCROLL_DOWN` and `SCROLL_UP` turn the mouse wheel over the page, `TOGGLE` clicks
 * the info icon. Each state is checked on screen: the footer's `data-state`, whether it is in the window, the icon's
 * `aria-expanded`, and axe while it shows.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { FOOTER_VISIBLE_TAG } from '@magpie/machines/floatingFooter/floatingFooter.machine.ts';
import { floatingFooterModel } from '@magpie/machines/floatingFooter/floatingFooter.model.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { planModelPaths, registerModelTests, type ModelPathPlan, type ScreenAdapter } from './harness.ts';

const ACT = { timeout: 15_000 };
/** A short window, so that the policy page scrolls. */
const WINDOW = { width: 480, height: 420 };
/** One turn of the wheel (CSS px): well past the footer's threshold. */
const WHEEL_PX = 160;

const footer = (page: Page) => page.getByTestId('floating-footer');
const toggle = (page: Page) => page.getByTestId('floating-footer-toggle');

/** Turns the wheel over the middle of the page and waits until the window has scrolled that way. */
async function wheel(page: Page, deltaY: number): Promise<void> {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(WINDOW.width / 2, WINDOW.height / 3);
  await page.mouse.wheel(0, deltaY);
  await expect.poll(() => page.evaluate(() => window.scrollY), { message: 'the page scrolls' })[deltaY > 0 ? 'toBeGreaterThan' : 'toBeLessThan'](before);
}

const adapter: ScreenAdapter<undefined> = {
  async setup(page) {
    await page.setViewportSize(WINDOW);
    await page.goto('/fotoweb/views/cookie-policy');
    await expect(page.getByTestId('cookie-policy-text')).toBeVisible(ACT);
    await expect(footer(page)).toHaveAttribute('data-state', 'shown', ACT);
    // The page must scroll by several turns of the wheel for the paths to mean anything.
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(2 * WHEEL_PX);
    return undefined;
  },

  async perform(event: EventObject, page) {
    switch (event.type) {
      case 'SCROLL_DOWN':
        return wheel(page, WHEEL_PX);
      case 'SCROLL_UP':
        return wheel(page, -WHEEL_PX);
      case 'TOGGLE':
        return toggle(page).click(ACT);
      default:
        throw new Error(`unexpected event ${event.type}`);
    }
  },

  async assertState(state: AnyMachineSnapshot, page) {
    await expect(footer(page)).toHaveAttribute('data-state', String(state.value));
    const visible = state.hasTag(FOOTER_VISIBLE_TAG);
    await expect(toggle(page)).toHaveAttribute('aria-expanded', String(visible));
    await expect(toggle(page)).toHaveAccessibleName(visible ? 'Hide site information' : 'Show site information');
    if (visible) {
      await expect(footer(page)).toBeVisible();
      await expect(footer(page)).toBeInViewport();
      await expect(footer(page).getByTestId('floating-footer-cookie-policy')).toBeVisible();
      await expectAccessible(page, '[data-testid="floating-footer"]', 'floating footer');
    } else {
      await expect(footer(page)).toBeHidden();
      await expect(footer(page)).not.toBeInViewport();
    }
  },
};

/**
 * Shortest paths reach every state but not every transition (the icon reopening a footer it closed): the simple paths
 * that run are those that take what the shortest ones miss, and together they cover everything.
 */
const shortestOptions = { model: floatingFooterModel, adapter, select: 'cover' as const, maxPaths: 6, requireFullCoverage: false };
const shortest = registerModelTests({ ...shortestOptions, variant: 'shortest' });
const simpleOptions = { ...shortestOptions, variant: 'simple' as const, complementOf: shortest };
registerModelTests(simpleOptions);
const plans: ModelPathPlan[] = [shortest, planModelPaths(simpleOptions)];

test('floatingFooter: shortest and simple paths together cover every state and transition', () => {
  const missingEverywhere = (pick: (plan: ModelPathPlan) => readonly string[]) => plans.map(pick).reduce((common, missing) => common.filter((item) => missing.includes(item)));
  expect(missingEverywhere((plan) => plan.coverage.states.missing)).toEqual([]);
  expect(missingEverywhere((plan) => plan.coverage.transitions.missing)).toEqual([]);
});
