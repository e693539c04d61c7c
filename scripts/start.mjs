#!/usr/bin/env node
// @ts-check
/**
 * `npm start`: builds the web app when it is missing or older than its sources, and runs Magpie on the embedded default: the DAM on
 * 127.0.0.1:DAM_PORT (8090) with PGlite in MAGPIE_DATA_DIR (./data), and the BFF on PORT (8080, all interfaces),
 * which serves the web app. With DAM_URL set, only the BFF starts and talks to that DAM. Configuration comes only
 * from environment variables (README "Configuration").
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSecrets } from './secrets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
const dataDir = path.resolve(env.MAGPIE_DATA_DIR || path.join(root, 'data'));
const damPort = env.DAM_PORT || '8090';
const port = env.PORT || '8080';
const externalDam = Boolean(env.DAM_URL);
const damUrl = env.DAM_URL || `http://127.0.0.1:${damPort}`;
const secrets = loadSecrets(dataDir, env);

/** What the web app is built from: a file here newer than the build means the build is stale (e.g. after a pull). */
const WEB_SOURCES = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/api-types/src', 'packages/machines/src'];

/** @param {string} file @returns {number} the newest modification time (ms) under `file`, 0 when absent. */
function newestMtime(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(file).reduce((newest, name) => Math.max(newest, newestMtime(path.join(file, name))), stat.mtimeMs);
}

const builtIndex = path.join(root, 'apps/web/dist/index.html');
const builtAt = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (builtAt === 0 || WEB_SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt)) {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Rebuilding the web app (its sources changed since the last build)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@magpie/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Everything the DAM and the BFF write (data folder, logs) is readable by this user only: files 0600, folders 0700
// (issue 9). Set after the build so that the built web app keeps ordinary modes.
process.umask(0o077);

const common = {
  ...env,
  MAGPIE_DATA_DIR: dataDir,
  MAGPIE_BFF_CLIENT_SECRET: secrets.bffClientSecret,
  MAGPIE_CLI_CLIENT_SECRET: secrets.cliClientSecret,
};
/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

/** @param {string} name @param {string} script @param {NodeJS.ProcessEnv} childEnv */
function run(name, script, childEnv) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: childEnv, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`Magpie ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    stop(code || 1);
  });
  children.push(child);
  return child;
}

/** @param {number} code */
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  const timer = setTimeout(() => process.exit(code), 10_000);
  timer.unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

/** @param {string} url @param {number} timeoutMs */
async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

if (!externalDam) {
  run('DAM', 'apps/dam/src/main.ts', { ...common, DAM_PORT: damPort, DAM_HOST: env.DAM_HOST || '127.0.0.1' });
  await waitFor(`${damUrl}/fotoweb/health`, 120_000).catch((error) => {
    console.error(String(error));
    stop(1);
  });
}
run('BFF', 'apps/bff/src/main.ts', { ...common, PORT: port, DAM_URL: damUrl, MAGPIE_SESSION_SECRET: secrets.sessionSecret });
await waitFor(`http://127.0.0.1:${port}/fotoweb/views/session`, 60_000)
  .then(() => {
    const passwordFile = path.join(dataDir, 'initial-admin-password');
    console.log(`\nMagpie is running at http://localhost:${port}/`);
    console.log(
      env.MAGPIE_ADMIN_PASSWORD
        ? 'Log in as "admin" with MAGPIE_ADMIN_PASSWORD.'
        : fs.existsSync(passwordFile)
          ? `Log in as "admin"; the first password is in ${passwordFile}.`
          : 'Log in as "admin".',
    );
    console.log(`API documentation: http://localhost:${port}/docs\n`);
  })
  .catch((error) => {
    console.error(String(error));
    stop(1);
  });
