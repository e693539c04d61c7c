import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** The stack's address, set by global-setup.ts. */
function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through tests/e2e/playwright.config.ts (its globalSetup starts the stack)`);
  return value;
}

/** Tests with `baseURL` pointing at the stack, and the admin's credentials. */
export const test = base.extend<{ credentials: { username: string; password: string } }>({
  baseURL: async ({}, use) => use(env('MAGPIE_E2E_BASE_URL')),
  credentials: async ({}, use) => use({ username: env('MAGPIE_E2E_USER'), password: env('MAGPIE_E2E_PASSWORD') }),
});

export { expect };

/** Logs in through the login view and waits for the page it returns to. */
export async function logIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  await expect(page.getByTestId('login-view')).toBeVisible();
  await page.getByLabel('User name').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-view')).toBeHidden();
}

/**
 * Fails on serious or critical axe violations (WCAG 2.1 A/AA and best practices) in the page, or only in the part
 * `selector` matches; `what` names it in the failure message, which lists each violation with its elements.
 */
export async function expectAccessible(page: Page, selector: string | undefined, what: string): Promise<void> {
  let builder = new AxeBuilder({ page });
  if (selector) builder = builder.include(selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = severe.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `serious/critical axe violations in the ${what}`).toEqual([]);
}
