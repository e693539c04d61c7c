import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, MEDIA_TYPES } from '@magpie/api-types';
import { buildBffApp } from '../app.ts';
import { CSP_NONCE_PLACEHOLDER } from './static.ts';
import { ADMIN_PASSWORD, createTestStack, testConfig, TestBrowser, type TestStack } from '../testing/stack.ts';

const INDEX_HTML = '<!doctype html><html><head><title>Magpie test SPA</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("magpie");';
/** What a browser sends when the user follows a link or types a URL. */
const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

let sut: TestStack;
let webDist: string;
let spa: FastifyInstance;

beforeAll(async () => {
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'magpie-web-dist-'));
  await fs.mkdir(path.join(webDist, 'assets'));
  await fs.writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webDist, 'assets', 'app-3f2a9c.js'), APP_JS);
  // What `vite build --sourcemap` leaves beside a bundle: it must never be served.
  await fs.writeFile(path.join(webDist, 'assets', 'app-3f2a9c.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
  await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  sut = await createTestStack({ config: { webDist } });
  spa = sut.bff;
});
afterAll(async () => {
  await sut?.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('answers index.html to a browser navigation on a FotoWeb URL, with a CSRF cookie', async () => {
    const res = await spa.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: NAVIGATION } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Accept');
    expect(res.body).toBe(INDEX_HTML);
    const csrf = res.cookies.find((c) => c.name === CSRF_COOKIE);
    expect(csrf).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('answers index.html to navigations on client routes, the login view and unknown paths', async () => {
    for (const url of ['/fotoweb/views/login?to=%2Ffotoweb%2Farchives%2F', '/fotoweb/archives/5000-Photos/photo.jpg.info', '/fotoweb/', '/some/client/route']) {
      const res = await spa.inject({ method: 'GET', url, headers: { accept: NAVIGATION } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
    const head = await spa.inject({ method: 'HEAD', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
  });

  it('redirects / to the archives', async () => {
    const res = await spa.inject({ method: 'GET', url: '/', headers: { accept: NAVIGATION } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/fotoweb/archives/');
  });

  it('serves files of WEB_DIST, hashed assets for a year', async () => {
    const js = await spa.inject({ method: 'GET', url: '/assets/app-3f2a9c.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe(APP_JS);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A navigation to a file gets the file, not the SPA.
    const icon = await spa.inject({ method: 'GET', url: '/favicon.svg', headers: { accept: NAVIGATION } });
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    // Files outside WEB_DIST stay out of reach.
    const escape = await spa.inject({ method: 'GET', url: '/assets/%2e%2e/%2e%2e/etc/passwd' });
    expect(escape.statusCode).toBe(404);
  });

  it('never serves source maps, even when the build left one', async () => {
    for (const url of ['/assets/app-3f2a9c.js.map', '/assets/app-3f2a9c.js%2Emap', '/assets/app-3f2a9c.js.MAP']) {
      const res = await spa.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
      const navigation = await spa.inject({ method: 'GET', url, headers: { accept: NAVIGATION } });
      expect(navigation.body, url).not.toContain('sources');
    }
    // The bundle itself still loads.
    expect((await spa.inject({ method: 'GET', url: '/assets/app-3f2a9c.js' })).statusCode).toBe(200);
  });

  it('writes each answer’s CSP style nonce into index.html in place of the build’s placeholder', async () => {
    const withPlaceholder = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"></head><body></body></html>`;
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'magpie-web-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), withPlaceholder);
    const bff = await sut.anotherBff({ webDist: dist });
    try {
      const res = await bff.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
      const nonce = /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(res.body).toBe(withPlaceholder.replace(CSP_NONCE_PLACEHOLDER, nonce!));
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
    } finally {
      await fs.rm(dist, { recursive: true, force: true });
    }
  });

  it('leaves API calls to the proxy: the same URL with a JSON Accept answers the DAM', async () => {
    const anonymous = await spa.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: MEDIA_TYPES.collection } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().value).toBe('Unauthorized');
    const fetchDefault = await spa.inject({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: '*/*' } });
    expect(fetchDefault.statusCode).toBe(401);

    const browser = new TestBrowser(spa);
    await browser.login('admin', ADMIN_PASSWORD);
    const json = await browser.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: MEDIA_TYPES.collection } });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/vnd\.fotoware\.collection\+json/);
    // …and the SPA's HTML for the same URL.
    const html = await browser.request({ method: 'GET', url: '/fotoweb/archives/5000-Photos/', headers: { accept: NAVIGATION } });
    expect(html.body).toBe(INDEX_HTML);
  });

  it('sends download links (renditions) to the DAM even from a navigation', async () => {
    const res = await spa.inject({
      method: 'GET',
      url: '/fotoweb/archives/5000-Photos/photo.jpg.info/__renditions/ORIGINAL',
      headers: { accept: NAVIGATION },
    });
    expect(res.statusCode).toBe(401); // proxied: no session
    expect(res.json().value).toBe('Unauthorized');
  });

  it('answers unknown non-navigation paths with a JSON 404', async () => {
    const res = await spa.inject({ method: 'GET', url: '/nothing/here.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ value: 'NotFound', heading: 'Not found' });
  });
});

describe('without a built web app', () => {
  it('answers navigations with a page saying how to build it, and keeps the API up', async () => {
    const bff = await buildBffApp(testConfig({ damUrl: sut.damUrl, webDist: path.join(webDist, 'missing') }));
    try {
      const res = await bff.inject({ method: 'GET', url: '/fotoweb/archives/', headers: { accept: NAVIGATION } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('The web app is not built: run npm run build');
      const api = await bff.inject({ method: 'GET', url: '/fotoweb/views/session', headers: { accept: 'application/json' } });
      expect(api.json()).toEqual({ authenticated: false });
    } finally {
      await bff.close();
    }
  });
});
