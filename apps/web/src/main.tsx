import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App.tsx';
import { applyColorMode, readStoredColorMode, resolveColorMode } from './theme/colorMode.ts';
import { createStyleCache } from './theme/styleCache.ts';

// Apply the colour mode before the first paint, so a dark-mode user never sees a white flash.
applyColorMode(document.documentElement, resolveColorMode(readStoredColorMode(localStorage), window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// Chakra's run-time styles carry the page's CSP nonce (theme/styleCache.ts).
const styleCache = createStyleCache(document);
createRoot(root).render(
  <StrictMode>
    <CacheProvider value={styleCache}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
