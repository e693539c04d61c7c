/**
 * Starts a fresh Magpie stack for the end-to-end tests: the DAM (embedded PGlite in a temporary
 * `MAGPIE_DATA_DIR`) and the BFF serving the built web app, each on a free port. Used by `global-setup.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** How long each server may take to answer its health check (PGlite's first start runs migrations). */
const STARTUP_TIMEOUT_MS = 180_000;

/** A running stack. */
export interface Stack {
  readonly baseUrl: string;
  readonly damUrl: string;
  readonly adminUser: string;
  readonly adminPassword: string;
  readonly dataDir: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function tail(file: string, lines = 40): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

async function waitFor(url: string, child: ChildProcess, logFile: string, name: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastError = '';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}:\n${tail(logFile)}`);
    try {
      const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(5_000) });
      if (response.ok) return;
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${name} did not answer ${url} within ${STARTUP_TIMEOUT_MS} ms (${lastError}):\n${tail(logFile)}`);
}

function start(name: string, script: string, env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The desktop tool's installer the e2e DAM is configured with (issue 15; the desktopTool model's installer). */
export const E2E_DESKTOP_TOOL_INSTALLER = { href: '/fotoweb/fwdt/FotoWebDesktop-8.2.msi', version: '8.2' } as const;
/** Where the e2e site's subscription is managed (issue 15): Buy now and "Manage subscription" open it. */
export const E2E_MANAGE_SUBSCRIPTION_URL = 'https://billing.example.com/magpie';

/** The built web app the BFF serves: `MAGPIE_E2E_WEB_DIST`, default `apps/web/dist`. */
export const WEB_DIST = path.resolve(process.env.MAGPIE_E2E_WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'));

/** Builds the web app when `apps/web/dist` has no index.html (the BFF serves that folder). */
export async function ensureWebBuilt(): Promise<void> {
  if (existsSync(path.join(WEB_DIST, 'index.html'))) return;
  if (process.env.MAGPIE_E2E_WEB_DIST) throw new Error(`MAGPIE_E2E_WEB_DIST=${WEB_DIST} has no index.html`);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '-w', '@magpie/web'], { cwd: REPO_ROOT, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed with code ${code}`))));
    child.on('error', reject);
  });
}

/** How a stack's DAM sends mail. */
export interface StackOptions {
  /**
   * `SMTP_URL`: the DAM sends through this server as `e2e@magpie.test` (`MAGPIE_MAIL_FROM`). Without it the stack runs
   * the embedded default, and mail is held in the outbox.
   */
  smtpUrl?: string;
}

/**
 * Starts the DAM and the BFF on free ports with a temporary data directory and fresh secrets.
 * @throws Error with the end of a server's log when it exits or does not answer within {@link STARTUP_TIMEOUT_MS}.
 */
export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'magpie-e2e-'));
  const damPort = await freePort();
  const bffPort = await freePort();
  const adminPassword = `e2e-${randomBytes(12).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('hex');
  const sessionSecret = randomBytes(32).toString('hex');
  const damUrl = `http://127.0.0.1:${damPort}`;
  const baseUrl = `http://127.0.0.1:${bffPort}`;

  const dam = start(
    'DAM',
    'apps/dam/src/main.ts',
    {
      MAGPIE_DATA_DIR: dataDir,
      DAM_HOST: '127.0.0.1',
      DAM_PORT: String(damPort),
      MAGPIE_ADMIN_PASSWORD: adminPassword,
      MAGPIE_BFF_CLIENT_SECRET: clientSecret,
      // One Pro seat (nobody has that license by default): the batch journey shows a user skipped for want of one.
      MAGPIE_LICENSE_SEATS: '70=1',
      // Search alerts (issue 15) are looked at every second, so an `immediate` alert's mail arrives within a test's patience.
      MAGPIE_ALERT_SWEEP_MS: '1000',
      // The desktop tool's installer and a trial subscription (issue 15): desktopTool.model.spec and subscription.spec.
      MAGPIE_FWDT_WIN_URL: E2E_DESKTOP_TOOL_INSTALLER.href,
      MAGPIE_FWDT_WIN_VERSION: E2E_DESKTOP_TOOL_INSTALLER.version,
      MAGPIE_SUBSCRIPTION_STATE: 'trial',
      MAGPIE_MANAGE_SUBSCRIPTION_URL: E2E_MANAGE_SUBSCRIPTION_URL,
      // Never the SMTP server of the shell the tests run in.
      ...(options.smtpUrl ? { SMTP_URL: options.smtpUrl, MAGPIE_MAIL_FROM: 'Magpie <e2e@magpie.test>' } : { SMTP_URL: '', MAGPIE_MAIL_FROM: '' }),
      LOG_LEVEL: process.env.MAGPIE_E2E_LOG_LEVEL ?? 'warn',
    },
    path.join(dataDir, 'dam.log'),
  );
  const children: ChildProcess[] = [dam];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    if (!process.env.MAGPIE_E2E_KEEP_DATA) await fs.rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${damUrl}/fotoweb/health`, dam, path.join(dataDir, 'dam.log'), 'DAM');
    const bff = start(
      'BFF',
      'apps/bff/src/main.ts',
      {
        HOST: '127.0.0.1',
        PORT: String(bffPort),
        DAM_URL: damUrl,
        MAGPIE_BFF_CLIENT_SECRET: clientSecret,
        MAGPIE_SESSION_SECRET: sessionSecret,
        WEB_DIST,
        // Every spec signs in as admin from 127.0.0.1. Successful logins never count against the login limits (tested
        // in the BFF's own suite); a high limit keeps failed ones, should a spec try some, from holding up the next.
        MAGPIE_LOGIN_RATE_LIMIT: '1000',
        LOG_LEVEL: process.env.MAGPIE_E2E_LOG_LEVEL ?? 'warn',
      },
      path.join(dataDir, 'bff.log'),
    );
    children.push(bff);
    await waitFor(`${baseUrl}/fotoweb/views/session`, bff, path.join(dataDir, 'bff.log'), 'BFF');
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, damUrl, adminUser: 'admin', adminPassword, dataDir, stop };
}
