/**
 * `npm run bench:proxy`: requests per second for one collection GET (the Photos archive with its first page of
 * assets), straight to the DAM and through the BFF (session cookie, validation, token, proxy), measured in the same
 * run and reported as a ratio. Both servers run as their own processes, as in production; the load comes from this
 * process over keep-alive connections on loopback.
 *
 * Options: `--seconds N` per measurement (default 10), `--connections N` (default 16).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, waitForUrl } from '../tests/support/net.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' } } });
const root = path.resolve(import.meta.dirname, '..');
const samples = path.resolve(root, '../shared/samples/iptc-xmp');
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-bench-proxy-'));
const env = {
  ...process.env,
  MAGPIE_DATA_DIR: dataDir,
  MAGPIE_ADMIN_PASSWORD: 'bench-password',
  MAGPIE_BFF_CLIENT_SECRET: 'bench-bff-secret-0123456789',
  MAGPIE_SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
  LOG_LEVEL: 'warn',
};
execFileSync(process.execPath, ['--import', 'tsx', 'apps/dam/src/cli/import.ts', samples], { cwd: root, env: { ...env, DAM_URL: 'http://127.0.0.1:9' }, stdio: 'ignore' });

const damPort = await freePort();
const bffPort = await freePort();
const children: ChildProcess[] = [];
const stopAll = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('exit', stopAll);
children.push(spawn(process.execPath, ['--import', 'tsx', 'apps/dam/src/main.ts'], { cwd: root, env: { ...env, DAM_PORT: String(damPort) }, stdio: 'inherit' }));
await waitForUrl(`http://127.0.0.1:${damPort}/fotoweb/health`);
children.push(
  spawn(process.execPath, ['--import', 'tsx', 'apps/bff/src/main.ts'], {
    cwd: root,
    env: { ...env, PORT: String(bffPort), HOST: '127.0.0.1', DAM_URL: `http://127.0.0.1:${damPort}` },
    stdio: 'inherit',
  }),
);
await waitForUrl(`http://127.0.0.1:${bffPort}/fotoweb/views/session`);

// A DAM token (as the BFF would hold it) and a BFF session (as a browser would hold it).
const token = (
  (await await fetch(`http://127.0.0.1:${damPort}/fotoweb/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'bench-password', client_id: 'magpie-bff', client_secret: env.MAGPIE_BFF_CLIENT_SECRET }),
  }).then((r) => r.json())) as { access_token: string }
).access_token;
const sessionRes = await fetch(`http://127.0.0.1:${bffPort}/fotoweb/views/session`);
const csrf = /magpie_csrf=([^;]+)/.exec(sessionRes.headers.getSetCookie().join('; '))?.[1] ?? '';
const login = await fetch(`http://127.0.0.1:${bffPort}/fotoweb/views/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `magpie_csrf=${csrf}` },
  body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
});
if (!login.ok) throw new Error(`BFF login failed: ${login.status} ${await login.text()}`);
const cookie = [`magpie_csrf=${csrf}`, ...login.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');

const PATH = '/fotoweb/archives/5000-Photos/';
const ACCEPT = 'application/vnd.fotoware.collection+json';

/** Runs `CONNECTIONS` keep-alive request loops for `seconds` and answers requests/s and latency percentiles (ms). */
async function load(port: number, headers: Record<string, string>, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now();
      const req = http.get({ host: '127.0.0.1', port, path: PATH, agent, headers: { accept: ACCEPT, ...headers } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0);
          else errors++;
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < deadline) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { rps: latencies.length / elapsed, p50: pct(50), p95: pct(95), errors };
}

const damHeaders = { authorization: `Bearer ${token}` };
const bffHeaders = { cookie };
await load(damPort, damHeaders, 2);
await load(bffPort, bffHeaders, 2);
const direct = await load(damPort, damHeaders, SECONDS);
const proxied = await load(bffPort, bffHeaders, SECONDS);
const fmt = (r: typeof direct) => `${r.rps.toFixed(0)} req/s (p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, ${r.errors} errors)`;
console.log(`proxy: GET ${PATH} (collection, 40 assets, ${CONNECTIONS} connections, ${SECONDS} s each)`);
console.log(`  DAM direct:  ${fmt(direct)}`);
console.log(`  through BFF: ${fmt(proxied)}`);
console.log(`  ratio BFF/DAM: ${(proxied.rps / direct.rps).toFixed(2)}`);
stopAll();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
