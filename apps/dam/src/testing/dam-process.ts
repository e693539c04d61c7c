import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { TEST_BFF_CLIENT } from './harness.ts';
import { freePort, waitUntil } from '../../../../tests/support/net.ts';

export { freePort };

/** The repository's root (where `node --import tsx apps/dam/src/main.ts` is run from). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** How long a spawned DAM may take to answer its health check (ms): tsx compiles the server on a busy 2-core box. */
const START_TIMEOUT_MS = 90_000;

/** A DAM server running in its own process (`apps/dam/src/main.ts`), as `npm start` runs it. */
export interface DamProcess {
  child: ChildProcess;
  pid: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote to stdout and stderr so far (for failure messages). */
  output(): string;
}

export { waitUntil };

/**
 * Starts `apps/dam/src/main.ts` with `env` added to a minimal environment (data folder, port, the test BFF client,
 * admin password `admin-password`) and waits for its health check.
 * @throws Error with the process's output when it exits or does not answer within 90 s.
 */
export async function startDamProcess(env: Record<string, string>): Promise<DamProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'apps/dam/src/main.ts')], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DAM_HOST: '127.0.0.1',
      DAM_PORT: String(port),
      MAGPIE_ADMIN_PASSWORD: 'admin-password',
      MAGPIE_BFF_CLIENT_ID: TEST_BFF_CLIENT.id,
      MAGPIE_BFF_CLIENT_SECRET: TEST_BFF_CLIENT.secret,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  let ended = false;
  void exited.then(() => (ended = true));
  await waitUntil(
    `the DAM on port ${port} to start`,
    START_TIMEOUT_MS,
    async () => {
      if (ended) throw new Error(`The DAM exited during start:\n${output}`);
      return fetch(`${url}/fotoweb/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    250,
  ).catch((error: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${error.message}\n${output}`);
  });
  return { child, pid: child.pid!, url, exited, output: () => output };
}

/** Stops a DAM process this test started, if it still runs (SIGKILL: tests do not wait for a graceful stop). */
export async function killDamProcess(dam: DamProcess | undefined): Promise<void> {
  if (!dam || dam.child.exitCode !== null || dam.child.signalCode !== null) return;
  dam.child.kill('SIGKILL');
  await dam.exited;
}

/** An admin access token from a DAM process (password grant through the test BFF client). */
export async function adminToken(url: string, password = 'admin-password'): Promise<string> {
  const res = await fetch(`${url}/fotoweb/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password, client_id: TEST_BFF_CLIENT.id, client_secret: TEST_BFF_CLIENT.secret }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Uploads a file through a DAM process's chunked upload API (FotoWeb API: Upload) into `destination`, without
 * waiting for the ingest; with `chunks`, sends only that many chunks (an unfinished upload).
 * @returns the upload id (its status is at `/fotoweb/api/uploads/<id>/status`).
 */
export async function sendUpload(url: string, token: string, destination: string, filePath: string, options: { chunks?: number } = {}): Promise<string> {
  const auth = { authorization: `Bearer ${token}` };
  const bytes = await fsp.readFile(filePath);
  const created = await fetch(`${url}/fotoweb/api/uploads`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ destination, filename: path.basename(filePath), fileSize: bytes.length }),
  });
  if (created.status !== 200) throw new Error(`upload of ${filePath} refused: ${created.status} ${await created.text()}`);
  const ticket = (await created.json()) as { id: string; chunkSize: number; numChunks: number };
  for (let index = 0; index < Math.min(ticket.numChunks, options.chunks ?? Infinity); index++) {
    const form = new FormData();
    form.append('chunk', new Blob([bytes.subarray(index * ticket.chunkSize, (index + 1) * ticket.chunkSize)]), 'chunk');
    const res = await fetch(`${url}/fotoweb/api/uploads/${ticket.id}/chunks/${index}`, { method: 'POST', headers: auth, body: form });
    if (res.status !== 204) throw new Error(`chunk ${index} of ${filePath} refused: ${res.status} ${await res.text()}`);
  }
  return ticket.id;
}

/** The status body of an upload (`awaitingData`, `pending`, `inProgress`, `done`, `failed`). */
export async function uploadStatus(
  url: string,
  token: string,
  id: string,
): Promise<{ status: string; result: { assetUrl: string } | null; error: { value: string; message: string } | null }> {
  const res = await fetch(`${url}/fotoweb/api/uploads/${id}/status`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`status of upload ${id}: ${res.status} ${await res.text()}`);
  return res.json() as never;
}

/** Linux: the pids whose parent is `pid` (from /proc), e.g. the ExifTool processes of a DAM. */
export function childPids(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = processStat(Number(entry));
    if (stat && stat.ppid === pid) children.push(Number(entry));
  }
  return children;
}

/** Linux: the command line of a process, or undefined when it is gone. */
export function commandLine(pid: number): string | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return undefined;
  }
}

/** Linux: whether a process still runs (a zombie waiting to be reaped has ended). */
export function isRunning(pid: number): boolean {
  const stat = processStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
}

function processStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state!, ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}
