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
    chunkSizeWarningLimit: 300,
    rolldownOptions: {
      treeshake: {
        // @magpie/machines is side-effect free (machines are values built by `setup().createMachine()`), so a chunk
        // keeps only the machines it uses: the login page needs the session machine, not the other twenty.
        moduleSideEffects: (id) => !MACHINES_SOURCE.test(id),
      },
      output: {
        codeSplitting: {
          // Long-lived vendor chunks, cached across releases. `$initial` keeps each group to the modules the login
          // page imports statically, so the parts of Chakra that only lazy routes use (menus, dialogs, popovers…)
          // stay in those routes' chunks.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/, priority: 2 },
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate[\\/]react|use-sync-external-store)[\\/]/, priority: 2, tags: ['$initial'] },
            {
              name: 'chakra',
              test: /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js|@emotion|@floating-ui|@pandacss|@internationalized|stylis)[\\/]/,
              priority: 1,
              tags: ['$initial'],
            },
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
