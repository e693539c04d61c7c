/**
 * `npm run bench:load [-- --db pglite|postgres|both --sessions 50 --seconds 60]`: Magpie under the load of many
 * people at once (issue #9). Starts the DAM and the BFF as their own processes (as `npm start` does) on a fresh
 * data folder holding the real photos of `../shared/samples/photos`, logs `--sessions` browsers in through the BFF,
 * and lets each of them browse for `--seconds` as a logged-in person does, back to back with no pause:
 *
 * - browse (40 %): the archive list, the archive's collection (first page of assets embedded), then the grid's
 *   thumbnails (200 px previews of the first 24 assets, at most 6 at a time, as a browser fetches them);
 * - search (30 %): the archive searched for a word taken from the photos' keywords, then the hits' thumbnails;
 * - open an asset (30 %): the asset's `.info` and its 800 px preview.
 *
 * Requests are a browser's: `Accept-Encoding: gzip, deflate, br, zstd`, up to 6 connections per person, JSON never
 * from a cache (the web app reads with `cache: 'no-store'`), and each preview fetched once per person, since previews
 * are `immutable` (`--no-browser-cache` fetches them every time they are shown, a stress test).
 *
 * Reports requests/s, p50 / p99 latency (ms) and errors over all requests and per kind. Then, in the same run,
 * measures the ceiling of the HTTP stack: the collection request answered by a bare Fastify server from memory
 * (the same bytes, in the same coding), against the same collection request through the BFF, both with `--sessions` keep-alive
 * connections for `--ceiling-seconds`, and prints their ratio. The load comes from this process (undici pools over
 * loopback), which shares the 2 cores with the servers: every figure of one run pays the same tax.
 * `--profile <folder>` writes V8 CPU profiles of both servers there (open them in Chrome's DevTools).
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { Pool } from 'undici';
import { startTestCluster, type TestCluster } from '../tests/support/postgres.ts';
import { freePort, waitForUrl } from '../tests/support/net.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sessions: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    'ceiling-seconds': { type: 'string', default: '15' },
    warmup: { type: 'string', default: '5' },
    /**
     * Fetch every thumbnail and preview again each time it is shown, as a browser with its cache turned off would
     * (a stress test): by default each person keeps the previews it fetched, as a browser keeps immutable images.
     */
    'no-browser-cache': { type: 'boolean', default: false },
    /** Write V8 CPU profiles of the DAM and the BFF into this folder (`--cpu-prof`), to see where the time goes. */
    profile: { type: 'string' },
  },
});
const root = path.resolve(import.meta.dirname, '..');
const SAMPLES = path.resolve(root, '../shared/samples/photos');
const SESSIONS = Number(values.sessions);
const SECONDS = Number(values.seconds);
const CEILING_SECONDS = Number(values['ceiling-seconds']);
const WARMUP_SECONDS = Number(values.warmup);
const BROWSER_CACHE = !values['no-browser-cache'];
const PROFILE_ARGS = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
/** Thumbnails a grid shows at once and fetches first (spec 01 §2 grid), and how many a browser fetches in parallel. */
const GRID_THUMBNAILS = 24;
const BROWSER_PARALLEL = 6;
/** What a browser says it can decode (Chromium's `Accept-Encoding`). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const ARCHIVE = '/fotoweb/archives/5000-Photos/';
const COLLECTION = 'application/vnd.fotoware.collection+json';
const COLLECTION_LIST = 'application/vnd.fotoware.collectionlist+json';
const ASSET = 'application/vnd.fotoware.asset+json';

type Kind = 'archives' | 'collection' | 'search' | 'asset' | 'preview';

/** Latencies (ms) and errors of one kind of request. */
class Tally {
  readonly latencies: number[] = [];
  errors = 0;
  add(other: Tally): void {
    for (const l of other.latencies) this.latencies.push(l);
    this.errors += other.errors;
  }
  summary(seconds: number) {
    const sorted = Float64Array.from(this.latencies).sort();
    const pct = (p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
    return { requests: sorted.length, rps: sorted.length / seconds, p50: pct(50), p99: pct(99), errors: this.errors };
  }
}

/** One HTTP client over `connections` keep-alive connections, counting latencies per kind while `recording`. */
class Client {
  readonly pool: Pool;
  readonly tallies = new Map<Kind, Tally>();
  recording = false;
  readonly errorSamples: string[] = [];
  constructor(origin: string, connections: number) {
    this.pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 60_000 });
  }
  tally(kind: Kind): Tally {
    let t = this.tallies.get(kind);
    if (!t) this.tallies.set(kind, (t = new Tally()));
    return t;
  }
  /** Bodies read before, by ETag: the load generator decodes each answer once, to spare the 2 cores it shares. */
  private readonly decoded = new Map<string, string>();
  /** GETs `pathname`; answers the body as text when `read`, else discards it. Never throws: failures are counted. */
  async get(kind: Kind, pathname: string, headers: Record<string, string>, read = false): Promise<string | undefined> {
    const t0 = performance.now();
    try {
      const res = await this.pool.request({ method: 'GET', path: pathname, headers: { 'accept-encoding': ACCEPT_ENCODING, ...headers } });
      const etag = typeof res.headers.etag === 'string' ? res.headers.etag : undefined;
      const known = read && etag !== undefined ? this.decoded.get(etag) : undefined;
      let body: string | undefined;
      if (read && known === undefined) {
        body = decode(Buffer.from(await res.body.arrayBuffer()), res.headers['content-encoding']);
        if (etag !== undefined && res.statusCode === 200) this.decoded.set(etag, body);
      } else {
        await res.body.dump();
        body = known;
      }
      if (this.recording) {
        if (res.statusCode === 200) this.tally(kind).latencies.push(performance.now() - t0);
        else {
          this.tally(kind).errors++;
          if (this.errorSamples.length < 10) this.errorSamples.push(`${res.statusCode} ${kind} ${pathname}`);
        }
      }
      return res.statusCode === 200 ? body : undefined;
    } catch (error) {
      if (this.recording) {
        this.tally(kind).errors++;
        if (this.errorSamples.length < 10) this.errorSamples.push(`${(error as Error).message} ${kind} ${pathname}`);
      }
      return undefined;
    }
  }
  total(): Tally {
    const all = new Tally();
    for (const t of this.tallies.values()) all.add(t);
    return all;
  }
  reset(): void {
    this.tallies.clear();
    this.errorSamples.length = 0;
  }
}

/** A body as text, decoded from its content coding as a browser does. */
function decode(bytes: Buffer, coding: string | string[] | undefined): string {
  if (coding === 'br') return zlib.brotliDecompressSync(bytes).toString('utf8');
  if (coding === 'gzip') return zlib.gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

interface AssetLinks {
  href: string;
  thumbnail: string | undefined;
  large: string | undefined;
}

const parsedLinks = new Map<string, AssetLinks[]>();

/** The assets of a collection answer (parsed once per distinct body). */
function assetsOf(body: string | undefined): AssetLinks[] {
  if (!body) return [];
  const known = parsedLinks.get(body);
  if (known) return known;
  const links = parseAssets(body);
  if (parsedLinks.size < 1000) parsedLinks.set(body, links);
  return links;
}

function parseAssets(body: string): AssetLinks[] {
  const json = JSON.parse(body) as { assets?: { data?: Array<{ href: string; previews?: Array<{ size: number; href: string; square?: boolean }> }> } };
  return (json.assets?.data ?? []).map((a) => ({
    href: a.href,
    thumbnail: a.previews?.find((p) => p.size === 200 && !p.square)?.href,
    large: a.previews?.find((p) => p.size === 800 && !p.square)?.href,
  }));
}

/**
 * Fetches images as a browser does: at most {@link BROWSER_PARALLEL} at a time, and (unless `--no-browser-cache`)
 * none it already holds in `cache` (previews are `immutable`).
 */
async function fetchAll(client: Client, kind: Kind, wanted: string[], headers: Record<string, string>, cache: Set<string>): Promise<void> {
  const urls = BROWSER_CACHE ? wanted.filter((url) => !cache.has(url)) : wanted;
  for (const url of urls) cache.add(url);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(BROWSER_PARALLEL, urls.length) }, async () => {
      while (next < urls.length) await client.get(kind, urls[next++]!, headers);
    }),
  );
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** One person: browse, search and open assets back to back until `until` (performance.now() ms). */
async function person(client: Client, cookie: string, words: string[], seed: number, until: () => number): Promise<void> {
  const random = rng(seed);
  const json = (accept: string) => ({ cookie, accept });
  const image = { cookie, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' };
  let known: AssetLinks[] = [];
  const images = new Set<string>();
  while (performance.now() < until()) {
    const r = random();
    if (r < 0.4 || known.length === 0) {
      await client.get('archives', '/fotoweb/archives/', json(COLLECTION_LIST));
      const page = assetsOf(await client.get('collection', ARCHIVE, json(COLLECTION), true));
      if (page.length > 0) known = page;
      await fetchAll(
        client,
        'preview',
        page.slice(0, GRID_THUMBNAILS).flatMap((a) => (a.thumbnail ? [a.thumbnail] : [])),
        image,
        images,
      );
    } else if (r < 0.7) {
      const word = words[Math.floor(random() * words.length)]!;
      const hits = assetsOf(await client.get('search', `${ARCHIVE}?q=${encodeURIComponent(word)}`, json(COLLECTION), true));
      await fetchAll(
        client,
        'preview',
        hits.slice(0, GRID_THUMBNAILS).flatMap((a) => (a.thumbnail ? [a.thumbnail] : [])),
        image,
        images,
      );
    } else {
      const asset = known[Math.floor(random() * known.length)]!;
      await client.get('asset', asset.href, json(ASSET));
      if (asset.large) await fetchAll(client, 'preview', [asset.large], image, images);
    }
  }
}

/** `connections` loops GETting one path for `seconds`; answers its tally. */
async function hammer(client: Client, pathname: string, headers: Record<string, string>, connections: number, seconds: number): Promise<Tally> {
  client.reset();
  client.recording = true;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) await client.get('collection', pathname, headers);
    }),
  );
  client.recording = false;
  return client.tally('collection');
}

/** Starts a bare Fastify server answering `body` for every GET (the HTTP stack's ceiling). */
function startBareServer(port: number, body: Buffer, contentEncoding: string | undefined): ChildProcess {
  const file = path.join(os.tmpdir(), `magpie-bare-${process.pid}-${port}.json`);
  fs.writeFileSync(file, body);
  const coding = contentEncoding ? `.header('content-encoding', ${JSON.stringify(contentEncoding)})` : '';
  const script = `
    import Fastify from 'fastify';
    import fs from 'node:fs';
    const body = fs.readFileSync(${JSON.stringify(file)});
    const app = Fastify({ logger: false });
    app.get('/*', (request, reply) => { reply.header('content-type', ${JSON.stringify(`${COLLECTION}; charset=utf-8`)})${coding}.send(body); });
    app.get('/health', () => 'ok');
    await app.listen({ host: '127.0.0.1', port: ${port} });
  `;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: path.join(root, 'apps/bff'), stdio: 'inherit' });
}

const fmt = (s: ReturnType<Tally['summary']>) =>
  `${s.rps.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(1).padStart(6)} ms  p99 ${s.p99.toFixed(1).padStart(6)} ms  ${s.errors} errors  (${s.requests} requests)`;

async function run(db: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `magpie-bench-load-${db}-`));
  let cluster: TestCluster | undefined;
  const children: ChildProcess[] = [];
  const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
  process.on('exit', stopAll);
  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      MAGPIE_DATA_DIR: dataDir,
      MAGPIE_ADMIN_PASSWORD: 'bench-password',
      MAGPIE_BFF_CLIENT_SECRET: 'bench-bff-secret-0123456789',
      MAGPIE_SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
      MAGPIE_LOGIN_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
    };
    if (db === 'postgres') {
      cluster = await startTestCluster();
      env.DATABASE_URL = cluster.createDatabase('bench_load');
    }
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/dam/src/cli/import.ts', SAMPLES], { cwd: root, env: { ...env, DAM_URL: 'http://127.0.0.1:9' }, stdio: 'ignore' });

    const damPort = await freePort();
    const bffPort = await freePort();
    children.push(
      spawn(process.execPath, [...PROFILE_ARGS, '--import', 'tsx', 'apps/dam/src/main.ts'], { cwd: root, env: { ...env, DAM_PORT: String(damPort) }, stdio: 'inherit' }),
    );
    await waitForUrl(`http://127.0.0.1:${damPort}/fotoweb/health`, 120_000);
    children.push(
      spawn(process.execPath, [...PROFILE_ARGS, '--import', 'tsx', 'apps/bff/src/main.ts'], {
        cwd: root,
        env: { ...env, PORT: String(bffPort), HOST: '127.0.0.1', DAM_URL: `http://127.0.0.1:${damPort}` },
        stdio: 'inherit',
      }),
    );
    await waitForUrl(`http://127.0.0.1:${bffPort}/fotoweb/views/session`, 120_000);

    // Log every person in, as a browser does: CSRF cookie first, then the login form.
    const bff = `http://127.0.0.1:${bffPort}`;
    const cookies: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const first = await fetch(`${bff}/fotoweb/views/session`);
      const csrf = /magpie_csrf=([^;]+)/.exec(first.headers.getSetCookie().join('; '))?.[1] ?? '';
      const login = await fetch(`${bff}/fotoweb/views/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf, cookie: `magpie_csrf=${csrf}` },
        body: JSON.stringify({ username: 'admin', password: 'bench-password' }),
      });
      if (!login.ok) throw new Error(`BFF login failed: ${login.status} ${await login.text()}`);
      const set = login.headers.getSetCookie().map((c) => c.split(';')[0]!);
      cookies.push([...set, ...(set.some((c) => c.startsWith('magpie_csrf=')) ? [] : [`magpie_csrf=${csrf}`])].join('; '));
    }

    // Words to search for: the keywords of the photos in the archive.
    const manifest = JSON.parse(fs.readFileSync(path.join(root, '../shared/samples/manifest.json'), 'utf8')) as Array<{ path: string; exiftool: Record<string, any> | null }>;
    const words = [
      ...new Set(
        manifest
          .filter((m) => m.path.startsWith('photos/'))
          .flatMap((m) => (m.exiftool?.Keywords?.XMP ?? m.exiftool?.Keywords?.IPTC ?? []) as unknown[])
          .map((k) => String(k).trim().split(/\s+/)[0]!)
          .filter((w) => /^[\p{L}]{3,}$/u.test(w)),
      ),
    ].slice(0, 40);
    if (words.length === 0) words.push('photo');

    // A browser opens up to BROWSER_PARALLEL connections per site: no request waits here for a connection.
    const client = new Client(bff, SESSIONS * BROWSER_PARALLEL);
    let deadline = performance.now() + WARMUP_SECONDS * 1000;
    await Promise.all(cookies.map((cookie, i) => person(client, cookie, words, 1000 + i, () => deadline)));
    client.reset();
    client.recording = true;
    const started = performance.now();
    deadline = started + SECONDS * 1000;
    await Promise.all(cookies.map((cookie, i) => person(client, cookie, words, i, () => deadline)));
    const elapsed = (performance.now() - started) / 1000;
    client.recording = false;

    console.log(`\n${db}: ${SESSIONS} sessions browsing through the BFF for ${SECONDS} s (${os.cpus().length} cores)`);
    console.log(`  all          ${fmt(client.total().summary(elapsed))}`);
    for (const kind of ['archives', 'collection', 'search', 'asset', 'preview'] as Kind[]) {
      const t = client.tallies.get(kind);
      if (t) console.log(`  ${kind.padEnd(12)} ${fmt(t.summary(elapsed))}`);
    }
    if (client.errorSamples.length) console.log(`  error samples: ${client.errorSamples.join(' | ')}`);

    // The ceiling: the same collection request, answered from memory by a bare Fastify server with the bytes the BFF
    // answers, twice: as a browser asks (compressed, when the DAM compresses) and as a client that asks for no coding.
    for (const acceptEncoding of [ACCEPT_ENCODING, 'identity']) {
      const sample = await client.pool.request({ method: 'GET', path: ARCHIVE, headers: { cookie: cookies[0]!, accept: COLLECTION, 'accept-encoding': acceptEncoding } });
      const collectionBytes = Buffer.from(await sample.body.arrayBuffer());
      const collectionCoding = sample.headers['content-encoding'] as string | undefined;
      const collectionBody = decode(collectionBytes, collectionCoding);
      const port = await freePort();
      const server = startBareServer(port, collectionBytes, collectionCoding);
      children.push(server);
      await waitForUrl(`http://127.0.0.1:${port}/health`);
      fs.rmSync(path.join(os.tmpdir(), `magpie-bare-${process.pid}-${port}.json`), { force: true });
      const bare = new Client(`http://127.0.0.1:${port}`, SESSIONS);
      const headers = { accept: COLLECTION, 'accept-encoding': acceptEncoding };
      await hammer(bare, ARCHIVE, headers, SESSIONS, 2);
      const bareTally = (await hammer(bare, ARCHIVE, headers, SESSIONS, CEILING_SECONDS)).summary(CEILING_SECONDS);
      const viaBff = (await hammer(client, ARCHIVE, { ...headers, cookie: cookies[0]! }, SESSIONS, CEILING_SECONDS)).summary(CEILING_SECONDS);
      const sent = collectionCoding ? `${(collectionBytes.length / 1024).toFixed(0)} KiB as ${collectionCoding}` : 'uncompressed';
      console.log(
        `  collection GET (${(collectionBody.length / 1024).toFixed(0)} KiB, ${sent}; Accept-Encoding: ${acceptEncoding}), ${SESSIONS} connections, ${CEILING_SECONDS} s each:`,
      );
      console.log(`    bare Fastify from memory ${fmt(bareTally)}`);
      console.log(`    through BFF and DAM      ${fmt(viaBff)}`);
      console.log(`    ratio BFF/bare: ${((viaBff.rps / bareTally.rps) * 100).toFixed(1)} %`);
      await bare.pool.close();
      server.kill('SIGTERM');
    }
    await client.pool.close();
  } finally {
    stopAll();
    await Promise.all(children.map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
    cluster?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const dbs = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const db of dbs) await run(db);
process.exit(0);
