import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never `npx playwright install`): `CHROMIUM_PATH`, else {@link DEFAULT_CHROMIUM}.
 * `global-setup.ts` starts a fresh DAM + BFF on free ports; tests get the address from `MAGPIE_E2E_BASE_URL`
 * (fixtures.ts), which also fails a test on any Content-Security-Policy violation in its pages (never `bypassCSP`).
 * Run: `npx playwright test -c tests/e2e/playwright.config.ts`.
 */
/**
 * `MAGPIE_E2E_PART`: `journeys` (the journeys, and the few generated-path specs of {@link MODEL_SPECS_WITH_JOURNEYS})
 * or `model` (the other generated-path specs of `model/`); unset, all of them. `npm test` runs the two parts at once,
 * each with a stack of its own (scripts/test.mjs), so the run takes as long as the longer part.
 */
const part = process.env.MAGPIE_E2E_PART;

/**
 * Generated-path specs that run with the journeys, to even out the two parts (measured 2026-11-29 on two cores:
 * journeys 16.1 min, model paths 17.4 min). They make their own data or answer their calls themselves, so they disturb
 * no journey.
 */
const MODEL_SPECS_WITH_JOURNEYS = ['memberEditList', 'revisionHistory'];
const withJourneys = new RegExp(`model/(${MODEL_SPECS_WITH_JOURNEYS.join('|')})\\.model\\.spec\\.ts$`);
const otherModelSpecs = new RegExp(`model/(?!(${MODEL_SPECS_WITH_JOURNEYS.join('|')})\\.model\\.spec\\.ts$)[^/]+\\.spec\\.ts$`);

/**
 * Debian's `chromium-headless-shell` (Chromium's headless build, the kind Playwright itself runs headless) when it is
 * installed, else Debian's full `chromium`. The shell has no browser UI to run: measured 2026-11-30 on two cores, the
 * same 12 model paths took 52.1 s in it against 76.7 s in `/usr/bin/chromium`, whose WebUI renderers alone used 13 %
 * of the CPU of a full run.
 */
const DEFAULT_CHROMIUM = existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium';

/** The trace mode: `MAGPIE_E2E_TRACE` (`off`, `on`, `retain-on-failure`), default `retain-on-failure`. */
function traceMode(value: string | undefined): 'off' | 'on' | 'retain-on-failure' {
  if (value === undefined || value === '') return 'retain-on-failure';
  if (value === 'off' || value === 'on' || value === 'retain-on-failure') return value;
  throw new Error(`MAGPIE_E2E_TRACE must be off, on or retain-on-failure, got "${value}"`);
}

export default defineConfig({
  testDir: '.',
  testMatch: part === 'model' ? 'model/**/*.spec.ts' : '**/*.spec.ts',
  ...(part === 'journeys' ? { testIgnore: otherModelSpecs } : part === 'model' ? { testIgnore: withJourneys } : {}),
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
    // Recording a trace (screencast and DOM snapshots at every action) costs CPU in every test, passed or not. `npm test`
    // turns it off (MAGPIE_E2E_TRACE=off, scripts/test.mjs); a run of a few specs keeps the trace of a failure.
    trace: traceMode(process.env.MAGPIE_E2E_TRACE),
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
