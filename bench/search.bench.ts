/**
 * `npm run bench:search [-- --assets 100000 --db pglite|postgres|both --runs 40]`: search latency at 100,000 assets
 * (issue #4) or more (issue 9: `--assets 1000000 --db postgres`). Builds a corpus whose metadata is drawn from the
 * real samples (titles, keywords, creators, cities, countries from `../shared/samples/manifest.json`, mixed per
 * asset, with spread-out dates, sizes and pixel sizes; half the assets carry the common keyword), VACUUM ANALYZEs it
 * as autovacuum would, then measures p50 and p95 of whole collection requests (`app.inject`, so routing,
 * permissions, the search, the count and the presentation of a 100-asset page are all in the figure) for: a rare
 * word, a common word's first page, a field predicate, a date range with a doctype, a global search, and page 1
 * against page 500 through the keyset links; each once counted and once with its hits not counted yet (the
 * `asset_generation` sequence advanced before every timed request, as any change of an asset does), and the same
 * for a member whose access-list entry has an AutoSearch filter (issue 12). Kept answers are
 * off (`MAGPIE_ANSWER_CACHE_BYTES=0`): every request searches. Also prints the
 * first search of the common word ever (it registers the word's kept count) and its exact count alone. Writes the
 * EXPLAIN plans of the main queries to `apps/dam/src/search/plans/<db>.txt` (100,000 assets) or
 * `<db>-<assets>.txt`.
 *
 * Options: `--builder rows|sql` how the corpus is built (default `rows` up to 100,000 assets: rows made here, the
 * corpus of the recorded figures; `sql` above: the same distributions built by PostgreSQL with generate_series,
 * about 4 minutes for 1,000,000 on two busy cores); `--database-url <url>` measures an existing PostgreSQL database
 * instead of a fresh private cluster (built there when empty, reused as is when it already holds `--assets` assets).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDamApp, createDamContext, fieldLexemes, loadDamConfig, searchDocumentSql, sql, type DamContext } from '@magpie/dam';
import { startTestCluster } from '../tests/support/postgres.ts';
import { adminBenchToken, benchToken } from './tokens.ts';

const { values } = parseArgs({
  options: {
    assets: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'both' },
    runs: { type: 'string', default: '40' },
    builder: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const N = Number(values.assets);
const RUNS = Number(values.runs);
/** `rows` inserts rows built here (the corpus of the recorded 100,000 figures), `sql` lets PostgreSQL build them. */
const BUILDER = values.builder ?? (N > 100_000 ? 'sql' : 'rows');
const manifest = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../shared/samples/manifest.json'), 'utf8')) as Array<{
  path: string;
  exiftool: Record<string, any> | null;
}>;

// Vocabulary from the real samples.
const pick = <T>(list: T[], i: number) => list[i % list.length]!;
const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const titles = manifest.map((m) => clean(m.exiftool?.Title?.XMP) ?? clean(m.exiftool?.Title?.IPTC)).filter((v): v is string => Boolean(v));
const keywordPool = [
  ...new Set(
    manifest
      .flatMap((m) => (m.exiftool?.Keywords?.XMP ?? m.exiftool?.Keywords?.IPTC ?? []) as string[])
      .map((k) => String(k).trim())
      .filter(Boolean),
  ),
];
const creators = [...new Set(manifest.flatMap((m) => (m.exiftool?.Creator?.XMP ?? m.exiftool?.Creator?.IPTC ?? []) as string[]).map(String))];
const cities = [...new Set(manifest.map((m) => clean(m.exiftool?.City?.XMP) ?? clean(m.exiftool?.City?.IPTC)).filter((v): v is string => Boolean(v)))];
const countries = [...new Set(manifest.map((m) => clean(m.exiftool?.Country?.XMP) ?? clean(m.exiftool?.Country?.IPTC)).filter((v): v is string => Boolean(v)))];
const names = manifest.map((m) => path.basename(m.path));
const doctypes = ['image', 'image', 'image', 'image', 'movie', 'document', 'graphic', 'audio'];
const RARE = 'zanzibarquokka';
const COMMON = 'harbour';

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
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
    await ctx.database.db
      .insertInto('assets')
      .values(rows as never)
      .execute();
    if ((offset / BATCH) % 40 === 0) process.stderr.write(`  ${offset + rows.length} / ${N}\n`);
  }
  for (let f = 0; f < Math.ceil(N / 10_000); f++) await ctx.repos.archives.ensureFolder(archive.id, `batch-${f}`);
  await sql`VACUUM ANALYZE assets`.execute(ctx.database.db);
}

/**
 * The same corpus built by PostgreSQL itself (`INSERT … SELECT generate_series`, 100,000 rows a statement): the
 * vocabulary and the distributions of {@link buildCorpus} (half the assets carry the common keyword, one in 20,000
 * the rare word), random draws from `hashint4` of the row number, and the vectors made by the same functions as
 * `searchDocumentSql` and `fieldLexemes` (field lexemes pre-split here with `fieldLexemes`, so words split as the
 * DAM splits them). Used for `--assets` above 100,000, where the row builder takes too long.
 */
async function buildCorpusSql(ctx: DamContext) {
  const archive = (await ctx.repos.archives.findByName('Photos'))!;
  // Space-joined field lexemes of one value, without the field's presence marker.
  const lex = (field: string, list: string[]) =>
    list.map((v) =>
      fieldLexemes({ [field]: v })
        .filter((l) => l !== `f${field}`)
        .join(' '),
    );
  const STEP = 100_000;
  for (let from = 0; from < N; from += STEP) {
    const to = Math.min(N, from + STEP);
    await sql`
      INSERT INTO assets (archive_id, folder_path, filename, filesize, content_hash, mime, doctype, storage_key, has_preview,
        width, height, oriented_width, oriented_height, orientation, colorspace, resolution, metadata, technical, previews,
        warnings, created, modified, created_by, modified_by, camera_time, iptc_date, metadata_fields, search_vector, field_vector)
      SELECT ${archive.id}, 'batch-' || (i / 10000), filename, 20000 + floor(r[1] * 30000000)::bigint, 'bench-' || i,
        'image/jpeg', doctype, 'bench/' || i, false, width, height, width, height, 1, 'rgb', 72,
        jsonb_build_object('5', title || ' ' || i, '25', to_jsonb(keywords), '80', jsonb_build_array(creator), '90', city, '101', country, '55', created55),
        '{}', '[]', '[]', modified, modified, 'bench', 'bench', camera_time, created55, 6,
        setweight(to_tsvector('simple', title || ' ' || i), 'A') ||
        setweight(to_tsvector('simple', array_to_string(keywords, ' ') || ' ' || creator), 'B') ||
        setweight(to_tsvector('simple', '  ' || filename || ' ' || regexp_replace(filename, '[._\-]+', ' ', 'g')), 'C') ||
        setweight(to_tsvector('simple', created55 || ' ' || city || ' ' || country), 'D'),
        array_to_tsvector(string_to_array(concat_ws(' ', 'f5', nullif(title_lex, ''), 'f5_' || i, 'f25', nullif(k1_lex, ''), nullif(k2_lex, ''),
          CASE WHEN common THEN 'f25_' || ${COMMON} END, CASE WHEN rare THEN 'f25_' || ${RARE} END,
          'f55', 'f55_' || replace(created55, '-', ' f55_'), CASE WHEN trim(creator) <> '' THEN 'f80' END, nullif(creator_lex, ''), 'f90', nullif(city_lex, ''), 'f101', nullif(country_lex, '')), ' '))
      FROM generate_series(${from}::int, ${to - 1}::int) AS i
      CROSS JOIN LATERAL (SELECT ARRAY(SELECT (hashint4(i * 16 + k) & 2147483647)::float8 / 2147483648 FROM generate_series(1, 9) AS k) AS r) AS draws
      CROSS JOIN LATERAL (SELECT
        (${titles}::text[])[1 + i % ${titles.length}] AS title, (${lex('5', titles)}::text[])[1 + i % ${titles.length}] AS title_lex,
        1 + floor(r[2] * ${keywordPool.length})::int AS k1, 1 + floor(r[3] * ${keywordPool.length})::int AS k2,
        r[4] < 0.5 AS common, i % 20000 = 7 AS rare,
        1 + floor(r[5] * ${creators.length})::int AS c, 1 + floor(r[6] * ${cities.length})::int AS ci, 1 + floor(r[7] * ${countries.length})::int AS co,
        to_char(timestamptz '2005-01-01Z' + r[8] * interval '7305 days', 'YYYY-MM-DD') AS created55,
        timestamptz '2005-01-01Z' + r[9] * interval '7305 days' AS modified,
        timestamptz '2005-01-01Z' + ((hashint4(i * 16 + 10) & 2147483647)::float8 / 2147483648) * interval '7305 days' AS camera_time,
        400 + (hashint4(i * 16 + 11) & 2147483647) % 5600 AS width, 300 + (hashint4(i * 16 + 12) & 2147483647) % 4000 AS height,
        (${doctypes}::text[])[1 + (hashint4(i * 16 + 13) & 2147483647) % ${doctypes.length}] AS doctype,
        lpad(i::text, 6, '0') || '-' || (${names}::text[])[1 + i % ${names.length}] AS filename) AS d
      CROSS JOIN LATERAL (SELECT
        ARRAY[(${keywordPool}::text[])[k1], (${keywordPool}::text[])[k2]] || CASE WHEN common THEN ARRAY[${COMMON}] ELSE '{}'::text[] END
          || CASE WHEN rare THEN ARRAY[${RARE}] ELSE '{}'::text[] END AS keywords,
        (${lex('25', keywordPool)}::text[])[k1] AS k1_lex, (${lex('25', keywordPool)}::text[])[k2] AS k2_lex,
        (${creators}::text[])[c] AS creator, (${lex('80', creators)}::text[])[c] AS creator_lex,
        (${cities}::text[])[ci] AS city, (${lex('90', cities)}::text[])[ci] AS city_lex,
        (${countries}::text[])[co] AS country, (${lex('101', countries)}::text[])[co] AS country_lex) AS m`.execute(ctx.database.db);
    process.stderr.write(`  ${to} / ${N}\n`);
  }
  for (let f = 0; f < Math.ceil(N / 10_000); f++) await ctx.repos.archives.ensureFolder(archive.id, `batch-${f}`);
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
  if (kind === 'postgres' && values['database-url']) {
    databaseUrl = values['database-url'];
  } else if (kind === 'postgres') {
    cluster = await startTestCluster();
    databaseUrl = cluster.createDatabase('bench');
  }
  const config = loadDamConfig({
    MAGPIE_DATA_DIR: dataDir,
    MAGPIE_ADMIN_PASSWORD: 'bench',
    LOG_LEVEL: 'silent',
    MAGPIE_WORKERS: '0',
    MAGPIE_ANSWER_CACHE_BYTES: '0',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const ctx = await createDamContext(config, { info() {}, error() {} });
  const { rows: present } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM assets`.execute(ctx.database.db);
  if (present[0]!.n === 0) {
    process.stderr.write(`${kind}: building ${N} assets (${BUILDER} builder)…\n`);
    const t0 = performance.now();
    await (BUILDER === 'sql' ? buildCorpusSql(ctx) : buildCorpus(ctx));
    process.stderr.write(`${kind}: corpus built in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
  } else if (present[0]!.n !== N) {
    throw new Error(`--database-url holds ${present[0]!.n} assets, not ${N}`);
  }
  const app = await buildDamApp(ctx);
  const token = await adminBenchToken(app, ctx);
  const headers = { authorization: `Bearer ${token}`, accept: 'application/vnd.fotoware.assetlist+json' };
  const get = (url: string) => async () => (await app.inject({ method: 'GET', url, headers })).statusCode;
  const base = '/fotoweb/archives/5000-Photos/';
  const q = (e: string) => `${base}?q=${encodeURIComponent(e)}`;

  // Page 500 through the keyset links: walk next links once to find it (not measured).
  const deepest = Math.min(500, Math.ceil(N / config.pageSize) - 1);
  let page500 = base;
  for (let p = 0; p < deepest; p++) page500 = (await app.inject({ method: 'GET', url: page500, headers })).json().paging.next;

  // A database reused with --database-url forgets the lexemes an earlier run registered, so the first search of the
  // common word below is a first one again.
  await sql`DELETE FROM asset_counts WHERE kind IN ('s', 'f')`.execute(ctx.database.db);
  await sql`DELETE FROM asset_counted_terms`.execute(ctx.database.db);

  // The very first search of the common word: counted exactly, then its lexeme is registered and its count kept
  // (migration 0008). One request, not a percentile.
  const t0 = performance.now();
  const firstStatus = await get(q(COMMON))();
  const firstEver = { ms: performance.now() - t0, status: firstStatus };

  // Advancing the sequence the count cache is keyed on makes the next request count its hits again, unless a kept
  // count answers it.
  const forgetCounts = () => sql`SELECT nextval('asset_generation')`.execute(ctx.database.db);
  const shapes: Array<[string, string]> = [
    ['rare word', q(RARE)],
    ['common word, first page', q(COMMON)],
    ['field predicate 25:<keyword>', q(`25:${keywordPool[3]!.split(/\s+/)[0]}`)],
    ['date range + doctype', `${base}?mtf=2015-01-01&mtt=2016-12-31&dt=movie`],
    ['global search (common word)', `/fotoweb/archives/?q=${encodeURIComponent(COMMON)}`],
    ['page 1 (default order)', base],
    [`page ${deepest} (keyset link)`, page500],
  ];
  const results = [];
  for (const [label, url] of shapes) {
    results.push(await measure(label, get(url)));
    results.push(await measure(`${label}, hits not counted yet`, get(url), forgetCounts));
  }
  // A member whose access-list entry limits what they see (issue 12, spec 03 §3.9 AutoSearch): every list, count and
  // search adds the filter to its SQL, and kept counts never answer it.
  const filterKeyword = keywordPool[3]!.split(/\s+/)[0]!;
  const { hashPassword } = await import('../apps/dam/src/lib/crypto.ts');
  const member = await ctx.repos.users.create({ username: 'bench-filtered', fullName: 'Bench Filtered', passwordHash: await hashPassword('bench-filtered') });
  const group = await sql<{ id: number }>`INSERT INTO groups (name) VALUES ('Bench filtered') RETURNING id`.execute(ctx.database.db);
  await ctx.repos.users.addToGroups(member.id, [group.rows[0]!.id]);
  await ctx.repos.archives.setAcl(5000, { principalType: 'group', principalId: group.rows[0]!.id, permissions: ['View', 'Preview'], autoSearch: `25:${filterKeyword}` });
  await sql`INSERT INTO group_permissions (group_id, permission) VALUES (${group.rows[0]!.id}, 'api')`.execute(ctx.database.db);
  // Registered Users' entry on Photos has no filter and would lift it: this member sees Photos through the filtered entry only.
  await sql`DELETE FROM archive_acl WHERE archive_id = 5000 AND principal_type = 'group' AND principal_id <> ${group.rows[0]!.id}`.execute(ctx.database.db);
  const filteredToken = await benchToken(app, ctx, member.id, 'bench-filtered');
  const getFiltered = (url: string) => async () => (await app.inject({ method: 'GET', url, headers: { ...headers, authorization: `Bearer ${filteredToken}` } })).statusCode;
  for (const [label, url] of [
    [`AutoSearch member (25:${filterKeyword}): page 1`, base],
    ['AutoSearch member: rare word', q(RARE)],
    ['AutoSearch member: common word', q(COMMON)],
  ] as const) {
    results.push(await measure(label, getFiltered(url)));
    results.push(await measure(`${label}, hits not counted yet`, getFiltered(url), forgetCounts));
  }
  // What the first request of the common word paid before kept counts: its exact count alone.
  const exactCount = () => sql`SELECT count(*) FROM assets WHERE archive_id = 5000 AND search_vector @@ ${`'${COMMON}'`}::tsquery`.execute(ctx.database.db).then(() => 200);
  const exact = await measure('exact count of the common word (SQL only; what its first request used to pay)', exactCount);
  const explain = async (label: string, query: string) => {
    const rows = await sql.raw(`EXPLAIN ${query}`).execute(ctx.database.db);
    return `-- ${label}\n${(rows.rows as Array<Record<string, string>>).map((r) => Object.values(r)[0]).join('\n')}`;
  };
  const plans = [
    await explain('rare word', `SELECT id FROM assets WHERE archive_id = 5000 AND search_vector @@ '''${RARE}'''::tsquery ORDER BY modified DESC, id DESC LIMIT 100`),
    await explain(
      'common word count, exact (its first search ever, and searches no kept count answers)',
      `SELECT count(*) FROM assets WHERE archive_id = 5000 AND search_vector @@ '''${COMMON}'''::tsquery`,
    ),
    await explain(
      'common word count, kept (migration 0008)',
      `SELECT coalesce(sum(hits), 0)::bigint AS n, count(*)::int AS parts FROM asset_counts WHERE archive_id = 5000 AND kind = 's' AND term = '${COMMON}' AND EXISTS (SELECT t.ready FROM asset_counted_terms AS t WHERE t.archive_id = 5000 AND t.kind = 's' AND t.term = '${COMMON}' AND t.ready = true)`,
    ),
    await explain('field predicate', `SELECT id FROM assets WHERE archive_id = 5000 AND field_vector @@ '''f25_${COMMON}'''::tsquery ORDER BY modified DESC, id DESC LIMIT 100`),
    await explain(
      'date range + doctype count',
      `SELECT count(*) FROM assets WHERE archive_id = 5000 AND assets.modified >= '2015-01-01' AND assets.modified < '2017-01-01' AND assets.doctype = 'movie'`,
    ),
    await explain('keyset page', `SELECT id FROM assets WHERE archive_id = 5000 AND (modified, id) < ('2015-01-01'::timestamptz, 1) ORDER BY modified DESC, id DESC LIMIT 100`),
  ];
  await app.close();
  await ctx.close();
  cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { kind, results, plans, firstEver, exact };
}

const kinds = values.db === 'both' ? (['pglite', 'postgres'] as const) : [values.db as 'pglite' | 'postgres'];
for (const kind of kinds) {
  const { results, plans, firstEver, exact } = await benchOne(kind);
  console.log(`\nsearch on ${kind}, ${N} assets, ${RUNS} runs each (whole request via app.inject, 100 assets per page):`);
  console.log('| query | p50 ms | p95 ms | status |\n|---|---|---|---|');
  for (const r of results) console.log(`| ${r.label} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.status} |`);
  console.log(`| ${exact.label} | ${exact.p50.toFixed(1)} | ${exact.p95.toFixed(1)} | ${exact.status} |`);
  console.log(`first search of the common word ever (counts it, then keeps its count): ${firstEver.ms.toFixed(1)} ms, status ${firstEver.status}`);
  const p1 = results.find((r) => r.label === 'page 1 (default order)')!;
  const deep = results.find((r) => r.label.endsWith('(keyset link)'))!;
  console.log(`${deep.label} / page 1 (p50): ${(deep.p50 / p1.p50).toFixed(2)}`);
  // The recorded plans are those of the 100,000-asset corpus; other sizes get their own file.
  const planFile = N === 100_000 ? `${kind}.txt` : `${kind}-${N}.txt`;
  fs.mkdirSync(path.join(import.meta.dirname, '../apps/dam/src/search/plans'), { recursive: true });
  fs.writeFileSync(path.join(import.meta.dirname, `../apps/dam/src/search/plans/${planFile}`), `${plans.join('\n\n')}\n`);
}
process.exit(0);
