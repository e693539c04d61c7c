import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never `npx playwright install`): `CHROMIUM_PATH` or /usr/bin/chromium.
 * `global-setup.ts` starts a fresh DAM + BFF on free ports; tests get the address from `MAGPIE_E2E_BASE_URL`
 * (fixtures.ts), which also fails a test on any Content-Security-Policy violation in its pages (never `bypassCSP`).
 * Run: `npx playwright test -c tests/e2e/playwright.config.ts`.
 */
/**
 * `MAGPIE_E2E_PART`: `journeys` (the journeys), `model-a` or `model-b` (the generated-path specs of `model/`, split so
 * the two take about as long: `model-b` runs {@link MODEL_B_SPECS}, `model-a` every other one, new ones included);
 * unset, all of them. `npm test` runs the three parts at once, each with a stack of its own (scripts/test.mjs), so the
 * run takes about as long as the longest part (about 9 minutes each on two cores: the specs wait on the browser and
 * the held requests more than they compute).
 */
const part = process.env.MAGPIE_E2E_PART;

/** The generated-path specs of `model-b` (about half of the paths' time, measured on two cores). */
const MODEL_B_SPECS = [
  'fieldEditor',
  'revisionHistory',
  'memberEditList',
  'albumShare',
  'userSave',
  'uploadPopover',
  'passwordChange',
  'folderEdit',
  'sharedAlbum',
  'albumEdit',
  'archiveSave',
  'groupPermissions',
];
const modelB = new RegExp(`model/(${MODEL_B_SPECS.join('|')})\\.model\\.spec\\.ts$`);

/** Which spec files a part runs (`testMatch`) and leaves out (`testIgnore`). */
const PART_FILES: Record<string, { testMatch: string | RegExp; testIgnore?: string | RegExp }> = {
  journeys: { testMatch: '*.spec.ts', testIgnore: 'model/**' },
  'model-a': { testMatch: 'model/**/*.spec.ts', testIgnore: modelB },
  'model-b': { testMatch: modelB },
};
if (part !== undefined && !PART_FILES[part]) throw new Error(`MAGPIE_E2E_PART must be one of ${Object.keys(PART_FILES).join(', ')}, got "${part}"`);

export default defineConfig({
  testDir: '.',
  ...(part === undefined ? { testMatch: '**/*.spec.ts' } : PART_FILES[part]),
  globalSetup: './global-setup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  outputDir: `../../test-results/e2e${part ? `-${part}` : ''}`,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 860 },
    // The app honours reduced motion (theme/system.ts): dialogs and menus open and close without animations to wait for.
    reducedMotion: 'reduce',
    // Pages run under the BFF's Content-Security-Policy, and fixtures.ts fails a test on any violation (issue 9).
    bypassCSP: false,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
