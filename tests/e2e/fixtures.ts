import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { CONSENT_STORAGE_KEY, consentTextOf, type CookieConsentReply } from '@magpie/machines';

/** The stack's address, set by global-setup.ts. */
function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through tests/e2e/playwright.config.ts (its globalSetup starts the stack)`);
  return value;
}

/** One Content-Security-Policy violation seen in a page of the test's browser context. */
export interface CspViolation {
  /** `event`: a `securitypolicyviolation` DOM event; `console`: Chromium's "Refused to …" console message. */
  readonly source: 'event' | 'console';
  /** The page (or frame) it happened in. */
  readonly url: string;
  /** The directive and the blocked resource (`event`), or the console message's text. */
  readonly text: string;
}

/**
 * The CSP violations of one test (issue 9: the e2e suite runs with the CSP enforced and fails on any violation).
 * Every test fails after it ran when this log is not empty; a test that provokes a violation on purpose `take`s it.
 */
export class CspViolationLog {
  readonly #entries: CspViolation[] = [];

  add(violation: CspViolation): void {
    this.#entries.push(violation);
  }

  /** What was recorded so far, without removing it. */
  get entries(): readonly CspViolation[] {
    return [...this.#entries];
  }

  /** Removes and answers what was recorded so far. */
  take(): CspViolation[] {
    return this.#entries.splice(0, this.#entries.length);
  }
}

/** The binding the init script reports `securitypolicyviolation` events through (exposed in every frame). */
const CSP_BINDING = '__magpieReportCspViolation';

/**
 * Chromium's console text for a violation ("Applying inline style violates the following Content Security Policy
 * directive…", "Refused to load the image '…' because it violates…", older versions' "Refused to apply inline
 * style…"). A second net beside the DOM event, which some violations (framing) do not fire in the page itself.
 */
const CSP_CONSOLE_MESSAGE = /violates the following Content Security Policy|Refused to .*Content Security Policy/is;

/** Runs in every page and frame before its own scripts (`addInitScript`): reports each violation event. */
function reportCspViolations(binding: string): void {
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      const report = (window as unknown as Record<string, (detail: string) => void>)[binding];
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      report?.(`${event.disposition} ${event.effectiveDirective}: blocked ${event.blockedURI || '(inline)'}${where} ${event.sample}`.trim());
    },
    true,
  );
}

/** Runs in every page before its scripts: marks the cookie consent `text` accepted unless the page's origin has one. */
function acceptCookieConsent([key, text]: [string, string]): void {
  try {
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, text);
  } catch {
    // A page without local storage (about:blank) shows no banner anyway.
  }
}

/**
 * Runs in every page before its scripts: unless the page's origin holds an answer, the desktop tool is installed and up
 * to date (issue 15: the e2e DAM offers an installer, whose offer would otherwise sit above every page). The desktop
 * tool's own tests set the key themselves.
 */
function answerDesktopToolOffer([key, value]: [string, string]): void {
  try {
    if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
  } catch {
    // A page without local storage (about:blank) shows no offer anyway.
  }
}

/** What {@link answerDesktopToolOffer} stores: installed, at the e2e installer's version. */
const DESKTOP_TOOL_UP_TO_DATE: [string, string] = ['magpie.desktopTool', JSON.stringify({ ignoreFWDT: false, hasFWDT: true, FWDTversion: '8.2' })];

/**
 * Tests with `baseURL` pointing at the stack, the admin's credentials, and `cspViolations`: every page of the test's
 * context reports its CSP violations there (never `bypassCSP`), and the test fails after it when any was left.
 *
 * Every browser context (the test's own and those a test makes with `browser.newContext`) starts with the cookie
 * consent accepted, as a returning visitor's browser would hold it (issue 15: otherwise the banner covers the bottom
 * of every page a visitor sees before logging in). `newContextWithoutConsent` makes a first visitor's context, for
 * the cookie banner's own tests.
 */
export const test = base.extend<
  { credentials: { username: string; password: string }; cspViolations: CspViolationLog },
  { newContextWithoutConsent: Browser['newContext']; cookieConsentText: string }
>({
  cookieConsentText: [
    async ({}, use) => {
      const reply = (await (await fetch(`${env('MAGPIE_E2E_BASE_URL')}/fotoweb/api/privacy/cookie-consent`)).json()) as CookieConsentReply;
      await use(consentTextOf(reply));
    },
    { scope: 'worker' },
  ],
  newContextWithoutConsent: [
    async ({ browser, cookieConsentText: text }, use) => {
      const unpatched = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await unpatched(options);
        await context.addInitScript(acceptCookieConsent, [CONSENT_STORAGE_KEY, text] as [string, string]);
        await context.addInitScript(answerDesktopToolOffer, DESKTOP_TOOL_UP_TO_DATE);
        return context;
      };
      await use(unpatched);
      browser.newContext = unpatched;
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({}, use) => use(env('MAGPIE_E2E_BASE_URL')),
  credentials: async ({}, use) => use({ username: env('MAGPIE_E2E_USER'), password: env('MAGPIE_E2E_PASSWORD') }),
  cspViolations: async ({}, use) => use(new CspViolationLog()),
  context: async ({ context, cspViolations, cookieConsentText }, use) => {
    await context.addInitScript(acceptCookieConsent, [CONSENT_STORAGE_KEY, cookieConsentText] as [string, string]);
    await context.addInitScript(answerDesktopToolOffer, DESKTOP_TOOL_UP_TO_DATE);
    await watchCspViolations(context, cspViolations);
    await use(context);
    expect(cspViolations.take(), 'Content-Security-Policy violations (the e2e suite runs with the CSP enforced)').toEqual([]);
  },
});

export { expect };

/**
 * Reports every CSP violation in the pages of `context` to `log`, as the test's own context does: for a context a
 * test makes itself (`browser.newContext`, e.g. a visitor's), so that its pages fail the test on a violation too.
 */
export async function watchCspViolations(context: BrowserContext, log: CspViolationLog): Promise<void> {
  await context.exposeBinding(CSP_BINDING, ({ frame }, text: string) => log.add({ source: 'event', url: frame.url(), text }));
  await context.addInitScript(reportCspViolations, CSP_BINDING);
  context.on('console', (message) => {
    if (CSP_CONSOLE_MESSAGE.test(message.text())) log.add({ source: 'console', url: message.page()?.url() ?? '', text: message.text() });
  });
}

/**
 * Logs in through the login view and waits for the page it returns to. A visitor on the archives browses them as a
 * guest (issue 12) until they log in: from a guest's page this follows its "Log in" link (which keeps the address in
 * `to`) first.
 */
export async function logIn(page: Page, credentials: { username: string; password: string }): Promise<void> {
  const loginView = page.getByTestId('login-view');
  const guestLogIn = page.getByTestId('guest-login');
  await expect(loginView.or(guestLogIn)).toBeVisible();
  if (await guestLogIn.isVisible()) {
    // A guest on a private address is on the way to the login view already: the link may be gone by now.
    await guestLogIn.click({ timeout: 5_000 }).catch(() => undefined);
  }
  await expect(loginView).toBeVisible();
  await page.getByLabel('User name').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByTestId('login-view')).toBeHidden();
}

/** The model state the running generated path is asserting (see {@link scopeAccessibilityChecks}), or undefined. */
let accessibilityScope: string | undefined;
/** `scope|selector|what` of the checks that passed in this worker, inside a model state scope. */
const passedAccessibilityChecks = new Set<string>();

/**
 * Scopes the next {@link expectAccessible} calls to one state of one machine model (`model/variant/state`), or ends
 * the scope (`undefined`). Inside a scope, a check that already passed for that state, part and name in this worker is
 * not run again: a model's paths reach the same state many times with the same screen, and one axe run costs 1–2 s.
 * The model harness (model/harness.ts) sets it around each path's setup and each state assertion; journeys never do.
 */
export function scopeAccessibilityChecks(scope: string | undefined): void {
  accessibilityScope = scope;
}

/**
 * Fails on serious or critical axe violations (WCAG 2.1 A/AA and best practices) in the page, or only in the part
 * `selector` matches; `what` names it in the failure message, which lists each violation with its elements. Inside a
 * model state scope ({@link scopeAccessibilityChecks}) a check that passed once for that state is not repeated.
 */
export async function expectAccessible(page: Page, selector: string | undefined, what: string): Promise<void> {
  const key = accessibilityScope && `${accessibilityScope}|${selector ?? ''}|${what}`;
  if (key && passedAccessibilityChecks.has(key)) return;
  // axe's source (about 580 kB) is evaluated once per document, and axe runs in the page itself (legacy mode) rather
  // than finishing in a new blank page that evaluates the source again: about 0.4 s a check each time. The app has
  // no frames, which is all legacy mode gives up.
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object'))) await page.evaluate(axe.source);
  // Colours at rest: a dialog or an alert still fading in has too little contrast for axe. Contexts a test makes itself
  // may not reduce motion, so wait (at most 2 s) for the finite animations and transitions running now to end.
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 2_000))]);
  });
  let builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true);
  if (selector) builder = builder.include(selector);
  const results = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const severe = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = severe.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `serious/critical axe violations in the ${what}`).toEqual([]);
  if (key) passedAccessibilityChecks.add(key);
}
