import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, MEDIA_TYPES, SESSION_COOKIE } from '@magpie/api-types';
import { ADMIN_PASSWORD, createTestStack, TestBrowser, type TestStack } from '../testing/stack.ts';
import { HSTS_MAX_AGE_SECONDS, SECURITY_HEADER_NAMES } from './security-headers.ts';
import { CSP_NONCE_PLACEHOLDER } from './static.ts';
import { SWAGGER_LOGO_STYLE_SOURCE } from './docs.ts';

// A built web app in miniature: index.html with Vite's nonce placeholder (html.cspNonce), one hashed asset.
const INDEX_HTML = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" /><script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/app-3f2a9c.js"></script></head><body><div id="root"></div></body></html>`;
/** What a browser sends when the user follows a link or types a URL. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
/** The CSP of every answer, but for the style nonce. */
const CSP_PATTERN =
  /^default-src 'self';script-src 'self';script-src-attr 'none';style-src 'self' 'nonce-([A-Za-z0-9+/]{22}==)';img-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'$/;

let stack: TestStack;
let webDist: string;
let sut: FastifyInstance;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'magpie-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webDist, 'assets', 'app-3f2a9c.js'), 'console.log("magpie");');
  stack = await createTestStack({ config: { webDist } });
  sut = stack.bff;
});
afterAll(async () => {
  await stack?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

/** Asserts the BFF's security headers on an answer (its CSP may allow `extraStyleSource` too) and returns its style nonce. */
function expectSecurityHeaders(res: LightMyRequestResponse, what: string, extraStyleSource?: string): string {
  let csp = String(res.headers['content-security-policy']);
  if (extraStyleSource !== undefined) {
    expect(csp, what).toContain(`style-src 'self' ${extraStyleSource} 'nonce-`);
    csp = csp.replace(` ${extraStyleSource}`, '');
  }
  expect(csp, what).toMatch(CSP_PATTERN);
  expect(res.headers['x-frame-options'], what).toBe('DENY');
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['cross-origin-resource-policy'], what).toBe('same-origin');
  // Plain HTTP from the test client: never HSTS.
  expect(res.headers['strict-transport-security'], what).toBeUndefined();
  return CSP_PATTERN.exec(csp)![1]!;
}

describe('security headers on every kind of answer', () => {
  it('the SPA page, with a fresh style nonce per answer written into index.html', async () => {
    const first = await sut.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
    const second = await sut.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
    expect(first.statusCode).toBe(200);
    const nonce = expectSecurityHeaders(first, 'index.html');
    expect(first.body).toBe(INDEX_HTML.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(expectSecurityHeaders(second, 'index.html again')).not.toBe(nonce);
  });

  it('static files, redirects, own JSON routes, 404s and errors', async () => {
    const asset = await sut.inject({ method: 'GET', url: '/assets/app-3f2a9c.js' });
    expect(asset.statusCode).toBe(200);
    expectSecurityHeaders(asset, 'static asset');

    const redirect = await sut.inject({ method: 'GET', url: '/' });
    expect(redirect.statusCode).toBe(302);
    expectSecurityHeaders(redirect, 'redirect');

    const session = await sut.inject({ method: 'GET', url: '/fotoweb/views/session', headers: { accept: 'application/json' } });
    expect(session.statusCode).toBe(200);
    expectSecurityHeaders(session, 'GET /fotoweb/views/session');

    const notFound = await sut.inject({ method: 'GET', url: '/nothing/here.js' });
    expect(notFound.statusCode).toBe(404);
    expectSecurityHeaders(notFound, '404');

    // Refused by the csrf plugin's onRequest hook, before any route.
    const csrf = await sut.inject({ method: 'POST', url: '/fotoweb/views/login', payload: { username: 'admin', password: 'x' } });
    expect(csrf.statusCode).toBe(403);
    expect(csrf.json().value).toBe('InvalidCsrfToken');
    expectSecurityHeaders(csrf, 'CSRF refusal');

    // Answered by the router itself (frameworkErrors): a URL that is not UTF-8 once decoded.
    const badUrl = await sut.inject({ method: 'GET', url: '/fotoweb/archives/%E0%A4%A/' });
    expect(badUrl.statusCode).toBe(400);
    expectSecurityHeaders(badUrl, 'malformed URL');

    // Refused by the proxy: no session.
    const unauthorized = await sut.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: MEDIA_TYPES.collectionList } });
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized, '401');
  });

  it('proxied DAM answers carry the BFF’s headers, not the DAM’s', async () => {
    // The DAM has its own (API) policy…
    const direct = await stack.dam.app.inject({ method: 'GET', url: '/fotoweb/health' });
    expect(direct.headers['content-security-policy']).toContain("default-src 'none'");
    expect(direct.headers['referrer-policy']).toBe('no-referrer');

    const browser = new TestBrowser(sut);
    expect((await browser.login('admin', ADMIN_PASSWORD)).statusCode).toBe(200);
    const archives = await browser.request({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: MEDIA_TYPES.collectionList } });
    expect(archives.statusCode).toBe(200);
    expect(archives.headers['content-type']).toMatch(/^application\/vnd\.fotoware\.collectionlist\+json/);
    expectSecurityHeaders(archives, 'proxied DAM answer');
    // …of which nothing reaches the browser through the BFF, and nothing of the BFF's is dropped.
    for (const name of SECURITY_HEADER_NAMES) {
      if (name === 'strict-transport-security') continue;
      expect(archives.headers[name], name).toBeDefined();
    }
    expect(archives.headers['content-security-policy']).not.toContain("default-src 'none'");

    // A DAM error answer (an unknown archive) too.
    const missing = await browser.request({ method: 'GET', url: '/fotoweb/archives/no-such-archive/', headers: { accept: MEDIA_TYPES.collection } });
    expect([400, 404]).toContain(missing.statusCode);
    expectSecurityHeaders(missing, 'proxied DAM error');
  });

  it('/docs (Swagger UI) runs under the same policy, its logo’s inline style allowed by hash', async () => {
    for (const url of ['/docs/', '/docs/static/swagger-initializer.js', '/docs/static/swagger-ui.css', '/docs/json']) {
      const res = await sut.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expectSecurityHeaders(res, url, SWAGGER_LOGO_STYLE_SOURCE);
    }
    const document = await sut.inject({ method: 'GET', url: '/docs/openapi.json' });
    expectSecurityHeaders(document, '/docs/openapi.json');
  });

  it('never allows inline or evaluated scripts', async () => {
    const res = await sut.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('HTTPS', () => {
  const HTTPS = { 'x-forwarded-proto': 'https' };
  let trusting: FastifyInstance;

  beforeAll(async () => {
    // A BFF behind a TLS-ending proxy on 10.0.0.5 (MAGPIE_TRUST_PROXY=10.0.0.5).
    trusting = await stack.anotherBff({ webDist, trustProxy: '10.0.0.5' });
  });

  /** Every cookie a login sets, over a given connection. */
  async function loginCookies(app: FastifyInstance, headers: Record<string, string>, remoteAddress: string) {
    const browser = new TestBrowser(app, headers);
    const csrf = await app.inject({ method: 'GET', url: '/fotoweb/views/session', headers, remoteAddress });
    browser.remember(csrf);
    const login = await app.inject({
      method: 'POST',
      url: '/fotoweb/views/login',
      headers: { ...headers, cookie: browser.cookieHeader(), 'x-csrf-token': browser.cookies.get(CSRF_COOKIE)! },
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress,
    });
    expect(login.statusCode).toBe(200);
    return { csrf, login, cookies: [...csrf.cookies, ...login.cookies] as Array<{ name: string; secure?: boolean }> };
  }

  it('sends HSTS and Secure cookies when a trusted proxy says the request came over HTTPS', async () => {
    const { csrf, login, cookies } = await loginCookies(trusting, HTTPS, '10.0.0.5');
    for (const res of [csrf, login]) expect(res.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    expect(cookies.map((c) => c.name)).toEqual(expect.arrayContaining([CSRF_COOKIE, SESSION_COOKIE]));
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);

    const page = await trusting.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { ...HTTPS, accept: NAVIGATION }, remoteAddress: '10.0.0.5' });
    expect(page.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
    const notFound = await trusting.inject({ method: 'GET', url: '/nothing/here.js', headers: HTTPS, remoteAddress: '10.0.0.5' });
    expect(notFound.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}`);
  });

  it('ignores X-Forwarded-Proto from anyone else', async () => {
    // A client that is not the configured proxy, and a BFF that trusts no proxy (the default).
    for (const [app, remoteAddress] of [
      [trusting, '203.0.113.7'],
      [sut, '10.0.0.5'],
    ] as const) {
      const { csrf, login, cookies } = await loginCookies(app, HTTPS, remoteAddress);
      for (const res of [csrf, login]) expect(res.headers['strict-transport-security']).toBeUndefined();
      for (const cookie of cookies) expect(cookie.secure, cookie.name).toBeFalsy();
    }
  });

  it('plain HTTP through the trusted proxy: no HSTS, no Secure', async () => {
    const { csrf, cookies } = await loginCookies(trusting, { 'x-forwarded-proto': 'http' }, '10.0.0.5');
    expect(csrf.headers['strict-transport-security']).toBeUndefined();
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBeFalsy();
  });

  it('MAGPIE_COOKIE_SECURE=on makes cookies Secure even over plain HTTP (a proxy that sends no X-Forwarded-Proto)', async () => {
    const always = await stack.anotherBff({ webDist, cookieSecure: true });
    const { csrf, cookies } = await loginCookies(always, {}, '127.0.0.1');
    expect(csrf.headers['strict-transport-security']).toBeUndefined();
    for (const cookie of cookies) expect(cookie.secure, cookie.name).toBe(true);
  });
});
