import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never `npx playwright install`): `CHROMIUM_PATH` or /usr/bin/chromium.
 * `global-setup.ts` starts a fresh DAM + BFF on free ports; tests get the address from `MAGPIE_E2E_BASE_URL`
 * (fixtures.ts), which also fails a test on any Content-Security-Policy violation in its pages (never `bypassCSP`).
 * Run: `npx playwright test -c tests/e2e/playwright.config.ts`.
 */
/**
 * `MAGPIE_E2E_PART` splits the run in four for `npm test`, which runs the parts at once, each with a stack of its own
 * (scripts/test.mjs): the specs wait on the browser far more than they compute (about half a core each on two
 * cores), so four parts take about as long as the longest. `journeys-1` runs the journeys of {@link JOURNEYS_FIRST},
 * `journeys-2` the other journeys, `model-1` the generated-path specs of {@link MODEL_FIRST}, `model-2` the other ones
 * (a new spec joins the second part of its kind). `journeys` and `model` run all of a kind; unset, everything.
 * The lists balance the parts by the specs' recorded durations.
 */
const part = process.env.MAGPIE_E2E_PART;

/** Journeys of the first journeys part (about 5 minutes). */
const JOURNEYS_FIRST = ['users-and-groups', 'archives', 'metadata', 'change-password', 'walking-skeleton', 'api-clients', 'folder-tiles', 'security-headers', 'archive-tiles'];
/** Generated-path specs of the first model part (about 7 minutes). */
const MODEL_FIRST = ['taxonomyTree', 'fieldEditor', 'revisionHistory', 'groupSave', 'uploadPopover', 'albumShare', 'passwordChange', 'apiClientRegister'];

const JOURNEY = /[\\/]tests[\\/]e2e[\\/][^\\/]+\.spec\.ts$/;
const MODEL = /[\\/]model[\\/][^\\/]+\.spec\.ts$/;
const journeysFirst = new RegExp(`[\\\\/]tests[\\\\/]e2e[\\\\/](${JOURNEYS_FIRST.join('|')})\\.spec\\.ts$`);
const modelFirst = new RegExp(`[\\\\/]model[\\\\/](${MODEL_FIRST.join('|')})\\.model\\.spec\\.ts$`);

/** Which specs the part runs (`testMatch`) and leaves out (`testIgnore`). */
const PARTS: Record<string, { testMatch: RegExp; testIgnore?: RegExp }> = {
  journeys: { testMatch: JOURNEY },
  'journeys-1': { testMatch: journeysFirst },
  'journeys-2': { testMatch: JOURNEY, testIgnore: journeysFirst },
  model: { testMatch: MODEL },
  'model-1': { testMatch: modelFirst },
  'model-2': { testMatch: MODEL, testIgnore: modelFirst },
};
const selection = part === undefined ? { testMatch: '**/*.spec.ts' } : PARTS[part];
if (!selection) throw new Error(`MAGPIE_E2E_PART must be one of ${Object.keys(PARTS).join(', ')}`);

export default defineConfig({
  testDir: '.',
  ...selection,
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
