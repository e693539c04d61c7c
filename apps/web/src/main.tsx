import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { applyColorMode, readStoredColorMode, resolveColorMode } from './theme/colorMode.ts';

// Apply the colour mode before the first paint, so a dark-mode user never sees a white flash.
applyColorMode(
  document.documentElement,
  resolveColorMode(readStoredColorMode(localStorage), window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false),
);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
