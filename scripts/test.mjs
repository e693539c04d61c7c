#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every test Magpie has, in one run, on a fresh machine too.
 *
 * 1. Makes sure the system tools exist: Debian's Chromium (end-to-end tests) and PostgreSQL's server binaries
 *    (the DAM suite's PostgreSQL run). As root it installs them with apt; otherwise it stops with the command to
 *    run. It never skips the end-to-end tests silently.
 * 2. Runs: generated API types up to date, lint (ESLint), type-check of every workspace, unit tests (packages, web),
 *    the DAM suite on PGlite, the same suite on a private PostgreSQL cluster, the BFF suite, the web build, the bundle
 *    budget (scripts/check-bundle-budget.mjs), and Playwright.
 * 3. Prints one closing line `N passed, N failed` over all tests, and exits non-zero if anything failed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;

/** @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function hasPostgresServer() {
  const base = '/usr/lib/postgresql';
  return fs.existsSync(base) && fs.readdirSync(base).some((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')));
}

const missing = [];
if (!fs.existsSync(CHROMIUM)) missing.push('chromium');
if (!hasPostgresServer()) missing.push('postgresql');
if (missing.length) {
  if (!isRoot) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo apt-get install -y ${missing.join(' ')}\nThen run npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update', '-qq'], env) !== 0 || run('apt-get', ['install', '-y', '-qq', ...missing, 'fonts-dejavu-core'], env) !== 0) {
    console.error('apt-get could not install the system packages the tests need.');
    process.exit(1);
  }
}

/** @type {Array<{ name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, report?: string }>} */
const steps = [
  { name: 'generated API types are current', cmd: 'npm', args: ['run', 'check:api'] },
  { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
  { name: 'format (Prettier)', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
  { name: 'type-check', cmd: 'npm', args: ['run', 'typecheck'] },
  { name: 'unit tests', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit'], report: 'unit' },
  { name: 'DAM on PGlite', cmd: 'npx', args: ['vitest', 'run', '--project', 'dam'], report: 'dam-pglite' },
  { name: 'DAM on PostgreSQL', cmd: 'npx', args: ['vitest', 'run', '--project', 'dam'], env: { MAGPIE_TEST_DB: 'postgres' }, report: 'dam-postgres' },
  { name: 'BFF', cmd: 'npx', args: ['vitest', 'run', '--project', 'bff'], report: 'bff' },
  { name: 'web build', cmd: 'npm', args: ['run', 'build'] },
  { name: 'bundle budget (login page JavaScript, gzip)', cmd: 'npm', args: ['run', '--silent', 'check:bundle'] },
  { name: 'end-to-end (Playwright, Chromium)', cmd: 'npx', args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts'], env: { CHROMIUM_PATH: CHROMIUM }, report: 'e2e' },
];

const failedSteps = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const args = [...step.args];
  const env = { ...step.env };
  if (step.report === 'e2e') env.PLAYWRIGHT_JSON_OUTPUT_NAME = path.join(reports, 'e2e.json');
  else if (step.report) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${step.report}.json`)}`);
  const status = run(step.cmd, args, env);
  if (status !== 0) failedSteps.push(step.name);
  if (step.report) {
    try {
      const json = JSON.parse(fs.readFileSync(path.join(reports, `${step.report}.json`), 'utf8'));
      if (step.report === 'e2e') {
        passed += json.stats?.expected ?? 0;
        failed += (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0);
      } else {
        passed += json.numPassedTests ?? 0;
        failed += json.numFailedTests ?? 0;
      }
    } catch {
      if (status !== 0) failed += 1;
    }
  } else if (status !== 0) {
    failed += 1;
  }
}

console.log('');
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
