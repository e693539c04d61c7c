#!/usr/bin/env node
// @ts-check
/**
 * The bundle budget (issue 10): the JavaScript a first visit to the login page downloads, gzip-compressed, must stay
 * at or under `BUDGET_GZIP_BYTES`. That JavaScript is the entry chunk of `apps/web/dist/index.html` plus every chunk
 * it imports statically (what the browser fetches before the login form can render): the `<script type="module">`
 * and `<link rel="modulepreload">` tags of the built index.html, united with the entry's static-import closure in
 * Vite's build manifest, so a chunk missing from either still counts. Chunks loaded with `import()` (the logged-in
 * shell, collections, assets, editors) are not part of it. The manifest is kept outside `dist`, which the BFF serves
 * (`apps/web/.tmp/build-manifest.json`, apps/web/vite.config.ts).
 *
 * Run after `npm run build`: `node scripts/check-bundle-budget.mjs [distDir [manifest]]` (`npm run check:bundle`).
 * Prints each chunk and the total in kB gzip (zlib's default level 6; 1 kB = 1000 bytes, as Vite prints them); exits 1
 * over budget, or when the build or its manifest is missing or they do not match.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Gzip bytes the login page's JavaScript may weigh (200 kB). */
export const BUDGET_GZIP_BYTES = 200_000;

/**
 * The files (relative to the dist folder) of the login page's initial JavaScript.
 *
 * @param {string} html the built index.html
 * @param {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} manifest Vite's build manifest
 * @returns {string[]} chunk files, entry first, without duplicates
 * @throws {Error} when index.html names no module script or the manifest has no entry
 */
export function initialChunks(html, manifest) {
  const fromHtml = [...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g), ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (match) => (match[1] ?? '').replace(/^\//, ''),
  );
  if (fromHtml.length === 0) throw new Error('index.html has no <script type="module">: is it a Vite build?');
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('the Vite manifest has no entry chunk');

  /** @type {Set<string>} */
  const files = new Set();
  /** @param {string} key */
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  entries.forEach(visit);
  for (const file of fromHtml) files.add(file);
  return [...files].filter((file) => file.endsWith('.js'));
}

/**
 * Measures the login page's initial JavaScript in `distDir`.
 *
 * @param {string} distDir the web app's build folder (`apps/web/dist`)
 * @param {string} manifestFile Vite's manifest of that build
 * @returns {{ chunks: Array<{ file: string, bytes: number, gzipBytes: number }>, gzipBytes: number }} sizes in bytes
 * @throws {Error} when the build or its manifest is missing, or the manifest names a file the build does not have
 *   (a manifest of another build)
 */
export function measureLoginPage(distDir, manifestFile) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  /** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const stale = Object.values(manifest).find((chunk) => !fs.existsSync(path.join(distDir, chunk.file)));
  if (stale) throw new Error(`${manifestFile} names ${stale.file}, which ${distDir} does not have: rebuild`);
  const chunks = initialChunks(html, manifest).map((file) => {
    const code = fs.readFileSync(path.join(distDir, file));
    return { file, bytes: code.length, gzipBytes: zlib.gzipSync(code).length };
  });
  return { chunks, gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) };
}

const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(1)} kB`;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  const manifestFile = path.resolve(process.argv[3] ?? path.join(root, 'apps/web/.tmp/build-manifest.json'));
  let result;
  try {
    result = measureLoginPage(distDir, manifestFile);
  } catch (error) {
    console.error(`Bundle budget: cannot measure ${distDir} (${error instanceof Error ? error.message : String(error)}); run npm run build first.`);
    process.exit(1);
  }
  for (const chunk of result.chunks) console.log(`  ${chunk.file.padEnd(48)} ${kB(chunk.bytes).padStart(10)}  gzip ${kB(chunk.gzipBytes).padStart(9)}`);
  const verdict = result.gzipBytes <= BUDGET_GZIP_BYTES ? 'within' : 'OVER';
  console.log(`Login page JavaScript: ${kB(result.gzipBytes)} gzip in ${result.chunks.length} chunks (${verdict} the ${kB(BUDGET_GZIP_BYTES)} budget).`);
  if (result.gzipBytes > BUDGET_GZIP_BYTES) process.exit(1);
}
