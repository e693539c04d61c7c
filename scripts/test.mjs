#!/usr/bin/env node
// @ts-check
/**
 * `npm test`: every test Magpie has, in one run, on a fresh machine too.
 *
 * 1. Makes sure the system tools exist: Debian's Chromium (end-to-end tests) and PostgreSQL's server binaries
 *    (the DAM suite's PostgreSQL run). As root it installs them with apt; otherwise it stops with the command to
 *    run. It never skips the end-to-end tests silently.
 * 2. Runs: generated API types up to date, lint (ESLint), Prettier, type-check of every workspace and the web build
 *    (these five at once), unit tests (packages, web), the DAM suite on PGlite, the same suite on a private
 *    PostgreSQL cluster, the BFF suite, the bundle budget (scripts/check-bundle-budget.mjs), and Playwright.
 * 3. Prints one closing line `N passed, N failed` over all tests, and exits non-zero if anything failed.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.tmp', 'test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

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

/**
 * The end-to-end browser: `CHROMIUM_PATH`, else Debian's `chromium-headless-shell` (Chromium's headless build, about a
 * third faster per test than the full browser: tests/e2e/playwright.config.ts), else Debian's full `chromium`.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_CHROMIUM = '/usr/bin/chromium';
const chromiumPath = () => process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) || !fs.existsSync(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM);

const missing = [];
// As root, the headless shell is installed even where the full browser is, for its speed.
if (!fs.existsSync(chromiumPath()) || (isRoot && !process.env.CHROMIUM_PATH && !fs.existsSync(HEADLESS_SHELL))) missing.push('chromium-headless-shell');
if (!hasPostgresServer()) missing.push('postgresql');
if (missing.length) {
  if (!isRoot) {
    console.error(`Missing system packages: ${missing.join(', ')}. Install them with:\n  sudo apt-get install -y ${missing.join(' ')}\nThen run npm test again.`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(', ')} with apt…`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const install = (/** @type {string[]} */ packages) => run('apt-get', ['install', '-y', '-qq', ...packages, 'fonts-dejavu-core'], env) === 0;
  // A Debian without the headless shell's package still has the full browser.
  const fallback = missing.map((name) => (name === 'chromium-headless-shell' ? 'chromium' : name));
  if (run('apt-get', ['update', '-qq'], env) !== 0 || !(install(missing) || install(fallback))) {
    console.error('apt-get could not install the system packages the tests need.');
    process.exit(1);
  }
}
const CHROMIUM = chromiumPath();

/**
 * A command without a report, run beside the others of its step (`together`): their output is printed whole, each
 * under its own heading, as each one ends.
 * @typedef {{ name: string, cmd: string, args: string[] }} Check
 */

/** @type {Array<{ name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, report?: string, parts?: string[], together?: Check[] }>} */
const steps = [
  {
    // Single-threaded tools, so on two cores they take about the time of the longest (tsc) rather than their sum.
    name: 'checks and the web build, at once',
    cmd: '',
    args: [],
    together: [
      { name: 'generated API types are current', cmd: 'npm', args: ['run', 'check:api'] },
      { name: 'lint', cmd: 'npm', args: ['run', 'lint'] },
      { name: 'format (Prettier)', cmd: 'npm', args: ['run', '--silent', 'format:check'] },
      { name: 'type-check', cmd: 'npm', args: ['run', 'typecheck'] },
      { name: 'web build', cmd: 'npm', args: ['run', 'build'] },
    ],
  },
  { name: 'unit tests', cmd: 'npx', args: ['vitest', 'run', '--project', 'unit'], report: 'unit' },
  { name: 'DAM on PGlite', cmd: 'npx', args: ['vitest', 'run', '--project', 'dam'], report: 'dam-pglite' },
  { name: 'DAM on PostgreSQL', cmd: 'npx', args: ['vitest', 'run', '--project', 'dam'], env: { MAGPIE_TEST_DB: 'postgres' }, report: 'dam-postgres' },
  { name: 'BFF', cmd: 'npx', args: ['vitest', 'run', '--project', 'bff'], report: 'bff' },
  { name: 'bundle budget (login page JavaScript, gzip)', cmd: 'npm', args: ['run', '--silent', 'check:bundle'] },
  {
    name: 'end-to-end (Playwright, Chromium): the journeys and the machines’ paths at once, each on a stack of its own',
    cmd: 'npx',
    args: ['playwright', 'test', '-c', 'tests/e2e/playwright.config.ts', '--reporter=list,json'],
    // No trace recording in the full run (tests/e2e/playwright.config.ts): it costs CPU in every test; rerun a failed spec
    // alone to get its trace.
    env: { CHROMIUM_PATH: CHROMIUM, MAGPIE_E2E_TRACE: process.env.MAGPIE_E2E_TRACE ?? 'off' },
    report: 'e2e',
    parts: ['journeys', 'model'],
  },
];

/**
 * Runs one command per part at once (`MAGPIE_E2E_PART`), each line of their output prefixed with its part; resolves
 * with the worst exit status. Two runs keep both cores busy (a third or fourth part was measured no faster: 2026-11-29,
 * four parts of 13–15 minutes each against two of 12–16 minutes).
 * @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} env @param {string[]} parts
 * @param {(part: string) => NodeJS.ProcessEnv} envOf
 */
function runParts(cmd, args, env, parts, envOf) {
  return Promise.all(
    parts.map(
      (part) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, ...envOf(part), MAGPIE_E2E_PART: part } });
          for (const stream of [child.stdout, child.stderr]) {
            let rest = '';
            stream.on('data', (data) => {
              const lines = (rest + data.toString()).split('\n');
              rest = lines.pop() ?? '';
              for (const line of lines) process.stdout.write(`[${part}] ${line}\n`);
            });
            stream.on('end', () => rest && process.stdout.write(`[${part}] ${rest}\n`));
          }
          child.on('exit', (code) => resolve(code ?? 1));
          child.on('error', () => resolve(1));
        }),
    ),
  ).then((codes) => codes.reduce((worst, code) => Math.max(worst, code), 0));
}

/**
 * Runs `checks` at once, each one's output kept and printed under its name when it ends.
 * @param {Check[]} checks
 * @returns {Promise<string[]>} the names of those that failed
 */
function runTogether(checks) {
  return Promise.all(
    checks.map(
      (check) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(check.cmd, check.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          /** @type {Buffer[]} */
          const output = [];
          child.stdout.on('data', (data) => output.push(data));
          child.stderr.on('data', (data) => output.push(data));
          const done = (/** @type {number} */ code) => {
            console.log(`\n── ${check.name} (${code === 0 ? 'passed' : 'FAILED'}, ${Math.round((Date.now() - started) / 1000)} s) ──`);
            process.stdout.write(Buffer.concat(output));
            resolve(code === 0 ? undefined : check.name);
          };
          child.on('close', (code) => done(code ?? 1));
          child.on('error', () => done(1));
        }),
    ),
  ).then((names) => names.filter((name) => name !== undefined));
}

/**
 * The failed tests of a Vitest JSON report, as `file › test name — first line of the error`; a file that failed to
 * load counts as one entry.
 * @param {any} json @returns {string[]}
 */
function vitestFailures(json) {
  const out = [];
  for (const file of json.testResults ?? []) {
    const rel = path.relative(root, file.name ?? '');
    const failures = (file.assertionResults ?? []).filter((/** @type {any} */ t) => t.status === 'failed');
    for (const t of failures) out.push(`${rel} › ${t.fullName} — ${firstLine(t.failureMessages?.[0])}`);
    if (!failures.length && file.status === 'failed') out.push(`${rel} — ${firstLine(file.message)}`);
  }
  return out;
}

/**
 * The unexpected or flaky tests of a Playwright JSON report, as `file › title — first line of the error`.
 * @param {any} json @returns {string[]}
 */
function playwrightFailures(json) {
  const out = [];
  /** @param {any} suite @param {string[]} titles */
  const walk = (suite, titles) => {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results?.find((/** @type {any} */ r) => r.error)?.error?.message;
          out.push(`${[...here, spec.title].join(' › ')} (${test.status}) — ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of json.suites ?? []) walk(suite, []);
  return out;
}

/** @param {string | undefined} text */
function firstLine(text) {
  const escape = String.fromCharCode(27);
  return (
    (text ?? '')
      .split(`${escape}[`)
      .map((part, i) => (i === 0 ? part : part.replace(/^[0-9;]*m/, '')))
      .join('')
      .split('\n')
      .find((l) => l.trim()) ?? ''
  );
}

const failedSteps = [];
/** Names of the failed tests, with the first line of their error, printed again at the end so a CI log shows them. */
const failedTests = [];
let passed = 0;
let failed = 0;
for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  if (step.together) {
    const failures = await runTogether(step.together);
    failedSteps.push(...failures);
    failed += failures.length;
    console.log(`(${Math.round((Date.now() - started) / 1000)} s)`);
    continue;
  }
  const args = [...step.args];
  const env = { ...step.env };
  /** The report files the step writes. */
  let reportFiles = step.report ? [path.join(reports, `${step.report}.json`)] : [];
  let status;
  if (step.parts) {
    reportFiles = step.parts.map((part) => path.join(reports, `${step.report}-${part}.json`));
    status = await runParts(step.cmd, args, env, step.parts, (part) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `${step.report}-${part}.json`) }));
  } else {
    if (step.report) args.push('--reporter=default', '--reporter=json', `--outputFile.json=${reportFiles[0]}`);
    status = run(step.cmd, args, env);
  }
  if (status !== 0) failedSteps.push(step.name);
  let counted = 0;
  for (const file of reportFiles) {
    try {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (step.parts) {
        passed += json.stats?.expected ?? 0;
        failed += (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0);
        failedTests.push(...playwrightFailures(json).map((name) => `${step.name}: ${name}`));
      } else {
        passed += json.numPassedTests ?? 0;
        failed += json.numFailedTests ?? 0;
        failedTests.push(...vitestFailures(json).map((name) => `${step.name}: ${name}`));
      }
      counted++;
    } catch {
      // No report: counted below.
    }
  }
  if (status !== 0 && counted < Math.max(1, reportFiles.length)) failed += 1;
  console.log(`(${step.name}: ${Math.round((Date.now() - started) / 1000)} s)`);
}

console.log('');
for (const name of failedTests) console.log(`✗ ${name}`);
if (failedSteps.length) console.log(`Failed steps: ${failedSteps.join('; ')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failedSteps.length ? 1 : 0);
