import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The BFF in development (`npm start` runs it on 8080). */
const BFF_URL = 'http://127.0.0.1:8080';

/**
 * Where each answer's CSP style nonce goes in index.html: Vite writes it as `<meta property="csp-nonce" nonce>` (read
 * by theme/styleCache.ts and by Vite's own preload helper) and on the tags it generates; the BFF's `static` plugin
 * replaces it per answer (`CSP_NONCE_PLACEHOLDER` in apps/bff/src/plugins/static.ts: keep the two equal).
 */
const CSP_NONCE_PLACEHOLDER = 'MAGPIE_CSP_NONCE';

/** Modules of `packages/machines` (a workspace package, so its real path is not under node_modules). */
const MACHINES_SOURCE = /[\\/]packages[\\/]machines[\\/]src[\\/]/;

/** Vite's build manifest, as written into the output folder (`build.manifest: true`). */
const MANIFEST_IN_DIST = '.vite/manifest.json';

/**
 * Where the build manifest is kept: outside `dist`, which the BFF serves as it is (the manifest names every source
 * module). The bundle budget reads it from here (scripts/check-bundle-budget.mjs).
 */
const BUILD_MANIFEST = path.resolve(import.meta.dirname, '.tmp/build-manifest.json');

/** Moves the manifest Vite wrote into `dist` to {@link BUILD_MANIFEST}. */
function manifestOutOfDist(): Plugin {
  return {
    name: 'magpie:manifest-out-of-dist',
    apply: 'build',
    writeBundle(options) {
      const written = path.resolve(options.dir ?? 'dist', MANIFEST_IN_DIST);
      if (!fs.existsSync(written)) return;
      fs.mkdirSync(path.dirname(BUILD_MANIFEST), { recursive: true });
      fs.copyFileSync(written, BUILD_MANIFEST);
      fs.rmSync(path.dirname(written), { recursive: true, force: true });
    },
  };
}

export default defineConfig({
  plugins: [react(), manifestOutOfDist()],
  // Client routes are FotoWeb URLs at any depth, so assets must load from the root.
  base: '/',
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in what the BFF serves (issue 9): they would publish the whole source. `npm run dev` keeps them.
    sourcemap: false,
    // The chunks and their static imports, for the bundle budget; moved out of `dist` (manifestOutOfDist).
    manifest: true,
    // kB, minified: the `app` chunk (below) is about 1,040 kB, 295 kB gzip; a warning means it grew by a fifth.
    chunkSizeWarningLimit: 1_250,
    rolldownOptions: {
      treeshake: {
        // @magpie/machines is side-effect free (machines are values built by `setup().createMachine()`), so a chunk
        // keeps only the machines it uses: the login page needs the session machine, not the other twenty.
        moduleSideEffects: (id) => !MACHINES_SOURCE.test(id),
      },
      output: {
        codeSplitting: {
          // Groups are filled by priority, highest first. Long-lived vendor chunks, cached across releases; `$initial`
          // keeps a group to the modules the login page imports statically. Then the rest of the login page (`login`),
          // and everything the lazy routes need (`app`: the logged-in shell, its views, dialogs and editors, and the
          // parts of Chakra only they use) as one chunk. One request instead of about a hundred small chunks loaded in
          // a waterfall of lazy imports (measured 2026-11-29: the collection view of a fresh page appeared in
          // 1.0–1.3 s instead of 1.5–1.9 s). The lazy imports still keep it out of the login page's first render (the
          // bundle budget); the login page fetches it after it shows (the footer and the cookie banner are in it), so
          // the app is there by the time the password is typed.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 5 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 4 },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/, priority: 4, tags: ['$initial'] },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|@internationalized|stylis)[\\/]/,
              priority: 3,
              tags: ['$initial'],
            },
            { name: 'login', test: /node_modules|[\\/]src[\\/]/, priority: 2, tags: ['$initial'] },
            { name: 'app', test: /node_modules|[\\/]src[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      // API calls go to the BFF; browser navigations (Accept: text/html) stay with Vite so the SPA is served.
      '/fotoweb': {
        target: BFF_URL,
        changeOrigin: false,
        bypass: (request) => (request.headers.accept?.includes('text/html') ? '/index.html' : undefined),
      },
      '/docs': { target: BFF_URL, changeOrigin: false },
    },
  },
});
