/**
 * One sign-in for many model paths. Every path runs on a fresh page, and logging in through the login view for each
 * of them would add seconds (a scrypt check and a round of page loads) to every path, so a path starts with the
 * cookies the previous path ended with (the BFF may have refreshed the DAM tokens in between, hence "ended with"),
 * and logs in, through the BFF's login call rather than the login view, only when they no longer hold a session.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { csrfHeader } from '../metadataAssets.ts';

type Cookies = Awaited<ReturnType<BrowserContext['cookies']>>;

/** The session cookies the last path of this worker ended with (tests in a worker run one after the other). */
let lastSession: Cookies | undefined;

/**
 * Makes the page's browser context hold a session as `credentials`, without loading the app: the previous path's
 * session when the BFF still accepts it (`GET /fotoweb/views/session`, bff.yaml "Session"), else a new one through
 * the BFF's login call (`POST /fotoweb/views/login` with the CSRF header, as the login view sends it). The login view
 * itself is the journeys' subject (tests/e2e/session-and-grid.spec.ts); a path that is about another screen goes
 * there directly with `page.goto`, and the app boots once.
 *
 * @throws when the BFF refuses the login (a Playwright assertion).
 */
export async function ensureSignedIn(page: Page, credentials: { readonly username: string; readonly password: string }): Promise<void> {
  if (lastSession) await page.context().addCookies(lastSession);
  // `page.request` shares the page's cookies, including any the BFF refreshes or sets on the way (magpie_csrf).
  const session = await page.request.get('/fotoweb/views/session', { headers: { Accept: 'application/json' } });
  const { authenticated } = (await session.json()) as { authenticated?: boolean };
  if (authenticated) return;
  await page.context().clearCookies();
  await page.request.get('/fotoweb/views/session', { headers: { Accept: 'application/json' } });
  const login = await page.request.post('/fotoweb/views/login', {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...(await csrfHeader(page)) },
    data: { username: credentials.username, password: credentials.password },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/**
 * Opens the archives page signed in as `credentials` ({@link ensureSignedIn}, then one page load) and waits for the
 * archives view.
 *
 * @throws when the login fails or the archives view does not appear (Playwright assertions).
 */
export async function openSignedIn(page: Page, credentials: { readonly username: string; readonly password: string }): Promise<void> {
  await ensureSignedIn(page, credentials);
  await page.goto('/fotoweb/archives/');
  await expect(page.getByTestId('archives-view')).toBeVisible();
}

/** Keeps the page's cookies for the next path's {@link ensureSignedIn}; call it when a path ends, passed or not. */
export async function keepSession(page: Page): Promise<void> {
  lastSession = await page.context().cookies();
}
