import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { initialChunks, measureLoginPage } from './check-bundle-budget.mjs';

/** index.html as Vite writes it: the entry script and a modulepreload per static import. */
const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-A.js" nonce="MAGPIE_CSP_NONCE"></script>
<link rel="modulepreload" crossorigin href="/assets/react-B.js" nonce="MAGPIE_CSP_NONCE">
</head><body><div id="root"></div></body></html>`;

/** A manifest with a static import chain (index → react → runtime) and a lazy route that must not count. */
const MANIFEST = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_react-B.js'], dynamicImports: ['src/AppShell.tsx'] },
  '_react-B.js': { file: 'assets/react-B.js', imports: ['_runtime-C.js'] },
  '_runtime-C.js': { file: 'assets/runtime-C.js' },
  'src/AppShell.tsx': { file: 'assets/AppShell-D.js', isDynamicEntry: true, imports: ['_react-B.js'] },
};

describe('initialChunks', () => {
  it('counts the entry and its static imports, from the manifest and the modulepreloads, and no lazy chunk', () => {
    expect(initialChunks(HTML, MANIFEST)).toEqual(['assets/index-A.js', 'assets/react-B.js', 'assets/runtime-C.js']);
  });

  it('counts a modulepreload the manifest does not name', () => {
    const html = HTML.replace('</head>', '<link rel="modulepreload" href="/assets/extra-E.js"></head>');
    expect(initialChunks(html, MANIFEST)).toContain('assets/extra-E.js');
  });

  it('refuses a page without a module script', () => {
    expect(() => initialChunks('<html></html>', MANIFEST)).toThrow('no <script type="module">');
  });
});

describe('measureLoginPage', () => {
  it('sums the gzip sizes of the initial chunks only', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-budget-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, 'index.html'), HTML);
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      for (const name of ['index-A', 'react-B', 'runtime-C']) fs.writeFileSync(path.join(dist, 'assets', `${name}.js`), `export const ${name.replace('-', '')} = 1;`);
      // A lazy chunk of random bytes (gzip cannot shrink it): it would dominate the sum if it were counted.
      fs.writeFileSync(path.join(dist, 'assets', 'AppShell-D.js'), randomBytes(100_000));

      const sut = measureLoginPage(dist, path.join(dist, '.vite', 'manifest.json'));

      expect(sut.chunks.map((chunk) => chunk.file)).toEqual(['assets/index-A.js', 'assets/react-B.js', 'assets/runtime-C.js']);
      expect(sut.gzipBytes).toBe(sut.chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0));
      expect(sut.gzipBytes).toBeGreaterThan(0);
      expect(sut.gzipBytes).toBeLessThan(1000);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });

  it('refuses a manifest of another build', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-budget-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), HTML);
      fs.writeFileSync(path.join(dist, 'manifest.json'), JSON.stringify(MANIFEST));
      fs.writeFileSync(path.join(dist, 'assets', 'index-A.js'), 'export {};');
      expect(() => measureLoginPage(dist, path.join(dist, 'manifest.json'))).toThrow('does not have: rebuild');
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
