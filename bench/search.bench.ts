/**
 * `npm run bench:search [-- --assets 100000 --db pglite|postgres|both]`: search latency at 100,000 assets
 * (issue #4). Builds a corpus whose metadata is drawn from the real samples (titles, keywords, creators, cities,
 * countries from `../shared/samples/manifest.json`, mixed per asset, with spread-out dates, sizes and pixel sizes),
 * then measures p50 and p95 of whole collection requests (`app.inject`, so routing, permissions, the search, the
 * count and the presentation of a 100-asset page are all in the figure) for: a rare word, a common word's first
 * page, a field predicate, a date range with a doctype, a global search, and page 1 against page 500 through the
 * keyset links. Prints a table per database and the EXPLAIN plans of the main queries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDamApp, createDamContext, fieldLexemes, loadDamConfig, searchDocumentSql, sql, type DamContext } from '../apps/dam/src/index.ts';
import { startTestCluster } from '../tests/support/postgres.ts';

const { values } = parseArgs({ options: { assets: { type: 'string', default: '100000' }, db: { type: 'string', default: 'both' }, runs: { type: 'string', default: '40' } } });
const N = Number(values.assets);
const RUNS = Number(values.runs);
const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../shared/samples/manifest.json'), 'utf8')) as Array<{ path: string; exiftool: Record<string, any> | null }>;

// Vocabulary from the real samples.
const pick = <T>(list: T[], i: number) => list[i % list.length]!;
const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const titles = manifest.map((m) => clean(m.exiftool?.Title?.XMP) ?? clean(m.exiftool?.Title?.IPTC)).filter((v): v is string => Boolean(v));
const keywordPool = [...new Set(manifest.flatMap((m) => (m.exiftool?.Keywords?.XMP ?? m.exiftool?.Keywords?.IPTC ?? []) as string[]).map((k) => String(k).trim()).filter(Boolean))];
const creators = [...new Set(manifest.flatMap((m) => (m.exiftool?.Creator?.XMP ?? m.exiftool?.Creator?.IPTC ?? []) as string[]).map(String))];
const cities = [...new Set(manifest.map((m) => clean(m.exiftool?.City?.XMP) ?? clean(m.exiftool?.City?.IPTC)).filter((v): v is string => Boolean(v)))];
const countries = [...new Set(manifest.map((m) => clean(m.exiftool?.Country?.XMP) ?? clean(m.exiftool?.Country?.IPTC)).filter((v): v is string => Boolean(v)))];
const names = manifest.map((m) => path.basename(m.path));
const doctypes = ['image', 'image', 'image', 'image', 'movie', 'document', 'graphic', 'audio'];
const RARE = 'zanzibarquokka';
const COMMON = 'harbour';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

async function buildCorpus(ctx: DamContext) {
  const archive = (await ctx.repos.archives.findByName('Photos'))!;
  const random = rng(42);
  const start = Date.UTC(2005, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  const BATCH = 500;
  for (let offset = 0; offset < N; offset += BATCH) {
    const rows = [];
    for (let i = offset; i < Math.min(N, offset + BATCH); i++) {
      const r = random;
      const keywords = [pick(keywordPool, Math.floor(r() * 1e6)), pick(keywordPool, Math.floor(r() * 1e6))];
      if (r() < 0.5) keywords.push(COMMON);
      if (i % 20_000 === 7) keywords.push(RARE);
      const metadata: Record<string, string | string[]> = {
        '5': `${pick(titles, i)} ${i}`,
        '25': keywords,
        '80': [pick(creators, Math.floor(r() * 1e6))],
        '90': pick(cities, Math.floor(r() * 1e6)),
        '101': pick(countries, Math.floor(r() * 1e6)),
        '55': new Date(start + r() * span).toISOString().slice(0, 10),
      };
      const filename = `${i.toString().padStart(6, '0')}-${pick(names, i)}`;
      const modified = new Date(start + r() * span);
      const width = 400 + Math.floor(r() * 5600);
      const height = 300 + Math.floor(r() * 4000);
      rows.push({
        archive_id: archive.id,
        folder_path: `batch-${Math.floor(i / 10_000)}`,
        filename,
        filesize: 20_000 + Math.floor(r() * 30_000_000),
        content_hash: `bench-${i}`,
        mime: 'image/jpeg',
        doctype: pick(doctypes, Math.floor(r() * 1e6)),
        storage_key: `bench/${i}`,
        has_preview: false,
        width,
        height,
        oriented_width: width,
        oriented_height: height,
        orientation: 1,
        colorspace: 'rgb',
        resolution: 72,
        metadata: JSON.stringify(metadata),
        technical: '{}',
        previews: '[]',
        warnings: '[]',
        created: modified,
        modified,
        created_by: 'bench',
        modified_by: 'bench',
        camera_time: new Date(start + r() * span),
        iptc_date: metadata['55'] as string,
        metadata_fields: 6,
        search_vector: searchDocumentSql(metadata, filename),
        field_vector: sql<string>`array_to_tsvector(${fieldLexemes(metadata)}::text[])`,
      });
    }
    await ctx.database.db.insertInto('assets').values(rows as never).execute();
    if ((offset / BATCH) % 40 === 0) process.stderr.write(`  ${offset + rows.length} / ${N}\n`);
  }
  for (let f = 0; f < 10; f++) await ctx.repos.archives.ensureFolder(archive.id, `batch-${f}`);
  await sql`VACUUM ANALYZE assets`.execute(ctx.database.db);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Times `run` RUNS times after 3 warm-ups; `before` runs untimed before each timed run. */
async function measure(label: string, run: () => Promise<number>, before?: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const t0 = performance.now();
    status = await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { label, p50: percentile(times, 50), p95: percentile(times, 95), status };
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'magpie-bench-search-'));
  let cluster: Awaited<ReturnType<typeof startTestCluster>> | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    cluster = await startTestCluster();
    databaseUrl = cluster.createDatabase('bench');
  }
  const config = loadDamConfig({ MAGPIE_DATA_DIR: dataDir, MAGPIE_ADMIN_PASSWORD: 'bench', LOG_LEVEL: 'silent', MAGPIE_WORKERS: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  process.stderr.write(`${kind}: building ${N} assets…\n`);
  const t0 = performance.now();
  await buildCorpus(ctx);
  process.stderr.write(`${kind}: corpus built in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  const app = await buildDamApp(ctx);
  const admin = (await ctx.repos.users.findByUsername('admin'))!;
  const { hashPassword } = await import('../apps/dam/src/lib/crypto.ts');
  await ctx.repos.tokens.upsertClient({ clientId: 'bench', name: 'bench', secretHash: await hashPassword('bench'), userId: admin.id });
  const token = (await app.inject({ method: 'POST', url: '/fotoweb/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'grant_type=client_credentials&client_id=bench&client_secret=bench' })).json().access_token as string;
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.fotoware.assetlist+json' };
  const get = (url: string) => async () => (await app.inject({ method: 'GET', url, headers })).statusCode;
  const base = '/fotoweb/archives/5000-Photos/';
  const q = (e: string) => `${base}?q=${encodeURIComponent(e)}`;

  // Page 500 through the keyset links: walk next links once to find it (not measured).
  const deepest = Math.min(500, Math.ceil(N / config.pageSize) - 1);
  let page500 = base;
  for (let p = 0; p < deepest; p++) page500 = (await app.inject({ method: 'GET', url: page500, headers })).json().paging.next;

  // Advancing the sequence the count cache is keyed on makes the next request count its hits again.
  const forgetCounts = () => sql`SELECT nextval('asset_generation')`.execute(ctx.database.db);
  const results = [
    await measure('rare word', get(q(RARE))),
    await measure('common word, first page', get(q(COMMON))),
    await measure('common word, first page, hits not counted yet', get(q(COMMON)), forgetCounts),
    await measure('field predicate 25:<keyword>', get(q(`25:${keywordPool[3]!.split(/\s+/)[0]}`))),
    await measure('date range + doctype', get(`${base}?mtf=2015-01-01&mtt=2016-12-31&dt=movie`)),
    await measure('global search', get(`/fotoweb/archives/?q=${encodeURIComponent(COMMON)}`)),
    await measure('global search, hits not counted yet', get(`/fotoweb/archives/?q=${encodeURIComponent(COMMON)}`), forgetCounts),
    await measure('page 1 (default order)', get(base)),
    await measure(`page ${deepest} (keyset link)`, get(page500)),
  ];
  const explain = async (label: string, query: string) => {
    const rows = await sql.raw(`EXPLAIN ${query}`).execute(ctx.database.db);
    return `-- ${label}\n${(rows.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n')}`;
  };
  const plans = [
    await explain('rare word', `SELECT id FROM assets WHERE archive_id = 5000 AND search_vector @@ '''${RARE}'''::tsquery ORDER BY modified DESC, id DESC LIMIT 100`),
    await explain('common word count', `SELECT count(*) FROM assets WHERE archive_id = 5000 AND search_vector @@ '''${COMMON}'''::tsquery`),
    await explain('field predicate', `SELECT id FROM assets WHERE archive_id = 5000 AND field_vector @@ '''f25_${COMMON}'''::tsquery ORDER BY modified DESC, id DESC LIMIT 100`),
    await explain('keyset page', `SELECT id FROM assets WHERE archive_id = 5000 AND (modified, id) < ('2015-01-01'::timestamptz, 1) ORDER BY modified DESC, id DESC LIMIT 100`),
  ];
  await app.close();
  await ctx.close();
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind, results, plans };
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const { results, plans } = await benchOne(kind);
  console.log(`\nsearch on ${kind}, ${N} assets, ${RUNS} runs each (whole request via app.inject, 100 assets per page):`);
  console.log('| query | p50 ms | p95 ms | status |\n|---|---|---|---|');
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.status} |`);
  const p1 = results.find((r) => r.label.startsWith('page 1'))!;
  const p500 = results.at(-1)!;
  console.log(`${p500.label} / page 1 (p50): ${(p500.p50 / p1.p50).toFixed(2)}`);
  fs.mkdirSync(path.join(import.meta.dirname, '../apps/dam/src/search/plans'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, `../apps/dam/src/search/plans/${kind}.txt`), `${plans.join('\n\n')}\n`);
}
process.exit(0);
