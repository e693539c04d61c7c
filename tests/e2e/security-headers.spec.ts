/**
 * Security headers in a real browser (issue 9): the pages carry the BFF's Content-Security-Policy and the app runs
 * under it (Chakra's run-time styles with the answer's nonce), framing is refused, Swagger UI at /docs works under
 * it, no source map is built or served, and the suite's violation detector (fixtures.ts) is not a no-op: what the
 * CSP blocks is reported.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, logIn, test } from './fixtures.ts';
import { WEB_DIST } from './stack.ts';

/** The style nonce of a CSP header value. */
function nonceOf(csp: string | undefined): string {
  const nonce = /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp ?? '')?.[1];
  expect(nonce, `a style nonce in ${csp}`).toBeTruthy();
  return nonce!;
}

/** Opens the login view and answers the page answer's CSP. */
async function openLoginView(page: Page): Promise<string> {
  const response = await page.goto('/fotoweb/views/login');
  expect(response?.status()).toBe(200);
  await expect(page.getByTestId('login-view')).toBeVisible();
  return (await response!.allHeaders())['content-security-policy']!;
}

test('the app’s pages carry the security headers, and the app runs under the CSP', async ({ page, credentials }) => {
  const response = await page.goto('/fotoweb/views/login');
  const headers = await response!.allHeaders();
  const csp = headers['content-security-policy']!;
  for (const directive of ["default-src 'self'", "script-src 'self';", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain('unsafe-');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  // Plain HTTP: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();

  // Chakra's styles are `<style>` elements carrying this answer's nonce, and they apply: the login button is painted.
  const nonce = nonceOf(csp);
  await expect(page.getByTestId('login-view')).toBeVisible();
  const styles = await page.evaluate(() => Array.from(document.querySelectorAll('style'), (style) => style.nonce));
  expect(styles.length).toBeGreaterThan(0);
  expect(new Set(styles)).toEqual(new Set([nonce]));
  const button = page.getByRole('button', { name: 'Log in' });
  expect(await button.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  // Every answer, the app's API calls proxied to the DAM included (the archives view's, after login).
  const proxied = page.waitForResponse((r) => {
    const pathname = new URL(r.url()).pathname;
    return r.request().resourceType() === 'fetch' && pathname.startsWith('/fotoweb/') && !pathname.startsWith('/fotoweb/views/');
  });
  await logIn(page, credentials);
  const apiHeaders = await (await proxied).allHeaders();
  expect(apiHeaders['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(apiHeaders['x-content-type-options']).toBe('nosniff');
  await expect(page.getByTestId('archives-view')).toBeVisible();
});

test('the violation detector reports what the CSP blocks (inline script, style without the nonce)', async ({ page, cspViolations }) => {
  const nonce = nonceOf(await openLoginView(page));

  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__magpieInlineScriptRan = true;';
    document.head.append(script);
    return (window as unknown as { __magpieInlineScriptRan?: boolean }).__magpieInlineScriptRan === true;
  });
  expect(ran, 'an inline script runs').toBe(false);

  const outline = (style: string, withNonce: string | undefined) =>
    page.evaluate(
      ([css, value]) => {
        const element = document.createElement('style');
        if (value) element.nonce = value;
        element.textContent = css!;
        document.head.append(element);
        return getComputedStyle(document.body).outlineWidth;
      },
      [style, withNonce] as const,
    );
  expect(await outline('body { outline: 7px solid red; }', undefined), 'a style without the nonce applies').not.toBe('7px');
  // The page's own nonce is what makes Chakra's styles apply.
  expect(await outline('body { outline: 3px solid red; }', nonce)).toBe('3px');

  await expect
    .poll(() => cspViolations.entries.map((v) => `${v.source}: ${v.text}`))
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^event: enforce script-src-elem: blocked inline/),
        expect.stringMatching(/^event: enforce style-src-elem: blocked inline/),
        expect.stringMatching(/^console: .*inline script.*Content Security Policy/s),
        expect.stringMatching(/^console: .*inline style.*Content Security Policy/s),
      ]),
    );
  // Taken here on purpose, so that this test does not fail for them; any other test fails on one.
  const taken = cspViolations.take();
  expect(taken.filter((v) => v.source === 'event')).toHaveLength(2);
});

test('another site cannot frame the app', async ({ page, baseURL, cspViolations }) => {
  await page.setContent(`<iframe title="framed" src="${baseURL}/fotoweb/views/login"></iframe>`, { waitUntil: 'load' });
  await expect.poll(() => cspViolations.entries.map((v) => v.text).join('\n')).toMatch(/frame-ancestors 'none'/);
  cspViolations.take();
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  await expect(page.frameLocator('iframe').getByTestId('login-view')).toHaveCount(0);
});

test('Swagger UI at /docs works under the CSP', async ({ page }) => {
  const response = await page.goto('/docs/');
  expect((await response!.allHeaders())['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.locator('.swagger-ui .opblock').first()).toBeVisible();
  await expect(page.locator('.swagger-ui .info .title')).toBeVisible();
});

test('no source map is built or served', async ({ page }) => {
  const files = await fs.readdir(WEB_DIST, { recursive: true });
  expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
  const bundles = files.filter((file) => file.endsWith('.js'));
  expect(bundles.length).toBeGreaterThan(0);
  for (const bundle of bundles) {
    expect(await fs.readFile(path.join(WEB_DIST, bundle), 'utf8'), bundle).not.toContain('sourceMappingURL');
    const url = `/${bundle.split(path.sep).join('/')}.map`;
    expect((await page.request.get(url)).status(), url).toBe(404);
  }
});
