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
