/**
 * `npm run bench:downloads [-- --assets 10000 --runs 3]`: a ZIP download of a large selection (issue 13: "a ZIP of
 * 10,000 assets streams, never buffers"). Stores one real photo from `../shared/samples`, gives the Photos archive
 * `--assets` assets that share its stored file (rows made by PostgreSQL, each its own file name), then measures on
 * the embedded default (PGlite), through `app.inject` as the site owner: `POST /fotoweb/me/downloads/` with every
 * asset's href (every asset resolved and checked: visible, Download), and the `GET` that streams the ZIP (bytes
 * counted as they arrive, the server's peak RSS sampled meanwhile). Prints the median of `--runs` of each.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDamApp, createDamContext, loadDamConfig, sql } from '@magpie/dam';
import { adminBenchToken } from './tokens.ts';

const { values } = parseArgs({ options: { assets: { type: 'string', default: '10000' }, runs: { type: 'string', default: '3' } } });
const N = Number(values.assets);
const RUNS = Number(values.runs);
const SAMPLE = path.join(import.meta.dirname, '../../shared/samples/photos/orientation/Landscape_1.jpg');

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-bench-downloads-'));
const config = loadDamConfig({ MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'bench', LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0' });
const ctx = await createDamContext(config, { info() {}, error() {} });
try {
  const archive = (await ctx.repos.archives.findByName('Photos'))!;
  const key = 'bench/landscape-1.jpg';
  // putOriginal moves the file it is given: give it a copy, never the sample itself.
  const copy = path.join(dataDir, 'sample-copy.jpg');
  fs.copyFileSync(SAMPLE, copy);
  await ctx.files.putOriginal(key, copy);
  const size = fs.statSync(SAMPLE).size;
  process.stderr.write(`making ${N} assets…\n`);
  await sql`
    INSERT INTO assets (archive_id, folder_path, filename, filesize, content_hash, mime, doctype, storage_key, created_by, modified_by)
    SELECT ${archive.id}, 'bench/' || (g / 1000), 'photo-' || g || '.jpg', ${size}, 'bench', 'image/jpeg', 'image', ${key}, 'bench', 'bench'
    FROM generate_series(1, ${N}) AS g`.execute(ctx.database.db);
  const app = await buildDamApp(ctx);
  const token = await adminBenchToken(app, ctx);
  const hrefs = Array.from({ length: N }, (_, i) => `/fotoweb/archives/${archive.id}-Photos/bench/${Math.floor((i + 1) / 1000)}/photo-${i + 1}.jpg.info`);

  const creates: number[] = [];
  const streams: number[] = [];
  let zipBytes = 0;
  let peakRss = 0;
  for (let run = 0; run < RUNS; run++) {
    let t0 = performance.now();
    const created = await app.inject({
      method: 'POST',
      url: '/fotoweb/me/downloads/',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      payload: JSON.stringify({ assets: hrefs.map((href) => ({ href })) }),
    });
    if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`create: ${created.statusCode} ${created.body.slice(0, 300)}`);
    creates.push(performance.now() - t0);
    const { href } = created.json() as { href: string };
    t0 = performance.now();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    const response = await app.inject({ method: 'GET', url: href, headers: { authorization: `Bearer ${token}` }, payloadAsStream: true });
    zipBytes = 0;
    for await (const chunk of response.stream()) zipBytes += (chunk as Buffer).length;
    clearInterval(sampler);
    streams.push(performance.now() - t0);
  }
  const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
  console.log(`ZIP download of ${N} assets (PGlite), median of ${RUNS}:`);
  console.log(`  POST /fotoweb/me/downloads/ (resolve and check every asset): ${(median(creates) / 1000).toFixed(2)} s`);
  console.log(
    `  GET the ZIP (${mib(zipBytes)} MiB streamed): ${(median(streams) / 1000).toFixed(2)} s, ${(zipBytes / 1024 / 1024 / (median(streams) / 1000)).toFixed(0)} MiB/s; peak RSS ${mib(peakRss)} MiB`,
  );
  await app.close();
} finally {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
