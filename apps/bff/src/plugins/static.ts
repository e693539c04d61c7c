import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { findRoute } from '@magpie/api-types/routes';
import { definePlugin } from '../lib/plugin.ts';
import { prefersHtml } from '../lib/accept.ts';

/** Where `/` sends the browser (spec 01 §2: the archives list is the default when no API descriptor exists). */
export const HOME_PATH = '/fotoweb/archives/';

/**
 * DAM operations that answer files, not pages: a browser navigation to them (a download link) goes to the DAM,
 * never to the SPA.
 */
const FILE_OPERATIONS: ReadonlySet<string> = new Set(['getRendition', 'getRenditionFile', 'getPreview', 'getSharedPreview', 'getSharedOriginal', 'getDownload']);

/** Paths the BFF answers itself and the SPA never takes over. */
const OWN_PREFIXES = ['/docs'];

/**
 * What the web app's build writes where each answer's CSP style nonce goes (`html.cspNonce` in
 * apps/web/vite.config.ts: a `<meta property="csp-nonce">` the app reads, and `nonce` on Vite's tags).
 */
export const CSP_NONCE_PLACEHOLDER = 'MAGPIE_CSP_NONCE';

/** Vite puts content-hashed files here; they never change, so browsers may keep them for a year. */
const IMMUTABLE_DIR = `${path.sep}assets${path.sep}`;

/** The page answered to browser navigations while `WEB_DIST` has no index.html. */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Magpie</title></head>
<body>
<h1>Magpie</h1>
<p>The web app is not built: run npm run build, then reload this page.</p>
<p>The API is available meanwhile; see <a href="/docs">/docs</a>.</p>
</body>
</html>
`;

/** Options of {@link staticPlugin}. */
export interface StaticPluginOptions extends Record<string, unknown> {
  /** The built web app (`WEB_DIST`); it may not exist yet. */
  webDist: string;
}

/**
 * `static` plugin: serves the built web app from `WEB_DIST` and makes client-side routes work.
 *
 * - Files of `WEB_DIST` by path (`/assets/*` cached for a year, everything else revalidated), except source maps
 *   (`*.map` answers 404 even when a build left one there: they would publish the app's source).
 * - `GET /` redirects (302) to {@link HOME_PATH}.
 * - A GET/HEAD whose `Accept` prefers HTML (a browser navigation, see `prefersHtml`) on any path that is not a
 *   file answers index.html (`Cache-Control: no-cache`, `Vary: Accept`) with this answer's CSP style nonce
 *   (`reply.styleNonce`, security-headers.ts) in place of {@link CSP_NONCE_PLACEHOLDER}, including `/fotoweb/...`
 *   URLs the DAM serves as JSON to API clients: FotoWeb serves the same URLs as HTML for people and JSON for
 *   programs. Files are those of `WEB_DIST`, the DAM's renditions and previews (download links), and `/docs`.
 * - Without `WEB_DIST/index.html`, navigations answer 503 with {@link NOT_BUILT_PAGE}.
 *
 * Its navigation hook applies to every route registered after it. Decorates `reply.sendFile` (`@fastify/static`);
 * needs `reply.styleNonce` (the `security-headers` plugin).
 */
export const staticPlugin = definePlugin(
  async (app: FastifyInstance, options: StaticPluginOptions) => {
    const root = path.resolve(options.webDist);
    const indexFile = path.join(root, 'index.html');

    const builtPage = await fs.readFile(indexFile, 'utf8').catch(() => undefined);
    if (builtPage === undefined) app.log.warn({ webDist: root }, 'the web app is not built (no index.html in WEB_DIST): run npm run build');
    else if (!builtPage.includes(CSP_NONCE_PLACEHOLDER)) {
      // A build from before the CSP: its run-time styles carry no nonce, so browsers refuse them.
      app.log.warn({ webDist: root }, 'the web app was built by an older Magpie (no CSP nonce in index.html): run npm run build');
    }

    await app.register(fastifyStatic, {
      root,
      // Our own warning above says what to do; the folder may appear later (files are looked up per request).
      suppressWarning: true,
      prefix: '/',
      wildcard: true,
      index: false,
      redirect: false,
      list: false,
      serveDotFiles: false,
      allowedPath: (pathname) => !pathname.toLowerCase().endsWith('.map'),
      setHeaders: (fileReply, filePath) => {
        if (filePath.includes(IMMUTABLE_DIR)) fileReply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

    app.get('/', async (_request, reply) => reply.redirect(HOME_PATH, 302));

    const sendIndex = async (reply: FastifyReply): Promise<void> => {
      const page = await fs.readFile(indexFile, 'utf8').catch(() => undefined);
      if (page === undefined) {
        reply.code(503).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
        return;
      }
      // The same URL answers JSON to the SPA's fetches: `Vary: Accept` keeps browser caches (and back/forward)
      // from serving one for the other. Read per answer: the nonce differs each time, and a rebuild shows at once.
      reply.header('cache-control', 'no-cache').header('vary', 'Accept').type('text/html; charset=utf-8').send(page.replaceAll(CSP_NONCE_PLACEHOLDER, reply.styleNonce));
    };

    /** Whether `pathname` (raw) names a regular file inside `root` (never outside it). */
    const isDistFile = async (pathname: string): Promise<boolean> => {
      let decoded: string;
      try {
        decoded = decodeURIComponent(pathname);
      } catch {
        return false;
      }
      const candidate = path.resolve(root, `.${decoded}`);
      if (candidate !== root && !candidate.startsWith(root + path.sep)) return false;
      return fs
        .stat(candidate)
        .then((s) => s.isFile())
        .catch(() => false);
    };

    const isNavigationToPage = async (request: FastifyRequest): Promise<boolean> => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      if (!prefersHtml(request.headers.accept)) return false;
      const url = request.raw.url ?? request.url;
      const end = url.search(/[?#]/);
      const pathname = end === -1 ? url : url.slice(0, end);
      if (pathname === '/') return false;
      if (OWN_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))) return false;
      if (pathname === '/fotoweb' || pathname.startsWith('/fotoweb/')) {
        const route = findRoute(request.method, pathname);
        return route === undefined || !FILE_OPERATIONS.has(route.route.operationId);
      }
      return !(await isDistFile(pathname));
    };

    // Callback style on purpose: when the SPA answers, `done` is never called, so no later hook or handler (the
    // proxy) runs, even though index.html is read and sent asynchronously (Fastify Hooks, "Respond to a request from
    // a hook").
    app.addHook('onRequest', (request, reply, done) => {
      isNavigationToPage(request).then(
        (page) => {
          if (!page) return done();
          sendIndex(reply).catch((error: unknown) => reply.send(error));
        },
        (error: unknown) => done(error as Error),
      );
    });
  },
  { name: 'magpie-static', decorators: { reply: ['styleNonce'] } },
);
