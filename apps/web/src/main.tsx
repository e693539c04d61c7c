import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App.tsx';
import { applyColorMode, initialColorMode, PREFERS_DARK_QUERY } from './theme/colorMode.ts';
import { createStyleCache } from './theme/styleCache.ts';

// Apply the colour mode before the first paint, so a dark-mode user never sees a white flash.
applyColorMode(document.documentElement, initialColorMode(localStorage, window.matchMedia?.(PREFERS_DARK_QUERY).matches ?? false));

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
