import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The BFF in development (`npm start` runs it on 8080). */
const BFF_URL = 'http://127.0.0.1:8080';

/**
 * Where each answer's CSP style nonce goes in index.html: Vite writes it as `<meta property="csp-nonce" nonce>` (read
 * by theme/styleCache.ts and by Vite's own preload helper) and on the tags it generates; the BFF's `static` plugin
 * replaces it per answer (`CSP_NONCE_PLACEHOLDER` in apps/bff/src/plugins/static.ts: keep the two equal).
 */
const CSP_NONCE_PLACEHOLDER = 'MAGPIE_CSP_NONCE';

export default defineConfig({
  plugins: [react()],
  // Client routes are FotoWeb URLs at any depth, so assets must load from the root.
  base: '/',
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in what the BFF serves (issue 9): they would publish the whole source. `npm run dev` keeps them.
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
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
