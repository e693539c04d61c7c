/**
 * One sign-in for many model paths. Every path runs on a fresh page, and logging in through the login view for each
 * of them would add seconds (a scrypt check and a round of page loads) to every path, so a path starts with the
 * cookies the previous path ended with
 * (the BFF may have refreshed the DAM tokens in between, hence "ended with"), and logs in only when they no longer
 * hold a session.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect, logIn } from '../fixtures.ts';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** The session cookies the last path of this worker ended with (tests in a worker run one after the other). */
let lastSession: Cookies | undefined;

/**
 * Opens `url` signed in as `credentials`: with the previous path's session when the BFF still accepts it
 * (`GET /fotoweb/views/session`, bff.yaml "Session"), else through the login view (tests/e2e/fixtures.ts `logIn`).
 * Waits for the archives view, so `url` should lead there.
 *
 * @throws when the login fails or the archives view does not appear (Playwright assertions).
 */
export async function openSignedIn(page: Page, credentials: { readonly username: string; readonly password: string }, url = '/fotoweb/archives/'): Promise<void> {
  if (lastSession) await page.context().addCookies(lastSession);
  // Ask the BFF rather than the screen: the app may show its login view for a moment while it checks the session.
  // `page.request` shares the page's cookies, including any the BFF refreshes on the way.
  const session = await page.request.get('/fotoweb/views/session', { headers: { Accept: 'application/json' } });
  const { authenticated } = (await session.json()) as { authenticated?: boolean };
  if (!authenticated) await page.context().clearCookies();
  await page.goto(url);
  if (!authenticated) await logIn(page, credentials);
  await expect(page.getByTestId('archives-view')).toBeVisible();
}

/** Keeps the page's cookies for the next path's {@link openSignedIn}; call it when a path ends, passed or not. */
export async function keepSession(page: Page): Promise<void> {
  lastSession = await page.context().cookies();
}
