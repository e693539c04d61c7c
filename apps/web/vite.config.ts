import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The BFF in development (`npm start` runs it on 8080). */
const BFF_URL = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  // Client routes are FotoWeb URLs at any depth, so assets must load from the root.
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
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
