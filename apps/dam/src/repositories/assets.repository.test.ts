import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../testing/harness.ts';
import { parseSearchExpression } from '../search/expression.ts';
import { compileSearch } from '../search/compile.ts';
import { createDamContext, type DamContext } from '../context.ts';
import { loadDamConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { AssetsRepository } from './assets.repository.ts';

let sut: TestDam;
const ARCHIVE = '/fotoweb/archives/5000-Photos/';
const PHOTOS = ['Landscape_1.jpg', 'Portrait_1.jpg', 'Landscape_3.jpg', 'Portrait_3.jpg'].map((name) => `photos/orientation/${name}`).map((p) => path.join(SAMPLES_DIR, p));

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(() => sut.close());

/** Counts hits through the HTTP API (a search collection's `assetCount`). */
async function hits(q: string): Promise<number> {
  const response = await sut.app.inject({
    method: 'GET',
    url: `${ARCHIVE}?q=${encodeURIComponent(q)}`,
    headers: { authorization: `Bearer ${sut.adminToken}`, accept: 'application/vnd.fotoware.collectioninfo+json' },
  });
  expect(response.statusCode).toBe(200);
  return response.json().assetCount as number;
}

describe('hit counts are counted once per search and follow every change (issue #4)', () => {
  it('a repeated count is answered from the cache while no asset changed', async () => {
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[0]!, { filename: 'countcache-a.jpg' })).status).toBe('done');
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[3]!, { filename: 'other.jpg' })).status).toBe('done');
    const archive = (await sut.ctx.repos.archives.findByName('Photos'))!;
    const scope = { archiveId: archive.id, search: parseSearchExpression('fn:countcache*')! };
    expect(await sut.ctx.repos.assets.count(scope)).toBe(1);
    // A row written behind the repository's back without advancing the generation stays invisible to the cache,
    // which proves the second answer came from it; advancing the generation makes it count again.
    await sql`ALTER TABLE assets DISABLE TRIGGER USER`.execute(sut.ctx.database.db);
    try {
      await sql`UPDATE assets SET filename = 'countcache-b.jpg' WHERE filename = 'other.jpg'`.execute(sut.ctx.database.db);
    } finally {
      await sql`ALTER TABLE assets ENABLE TRIGGER USER`.execute(sut.ctx.database.db);
    }
    expect(await sut.ctx.repos.assets.count(scope)).toBe(1);
    await sql`SELECT nextval('asset_generation')`.execute(sut.ctx.database.db);
    expect(await sut.ctx.repos.assets.count(scope)).toBe(2);
  });

  it('an upload, an update and a delete each show in the next count', async () => {
    const before = await hits('fn:counted-*');
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[1]!, { filename: 'counted-1.jpg' })).status).toBe('done');
    expect(await hits('fn:counted-*')).toBe(before + 1);
    expect((await sut.upload(sut.adminToken, ARCHIVE, PHOTOS[2]!, { filename: 'counted-2.jpg' })).status).toBe('done');
    expect(await hits('fn:counted-*')).toBe(before + 2);
    await sql`UPDATE assets SET filename = 'renamed-2.jpg' WHERE filename = 'counted-2.jpg'`.execute(sut.ctx.database.db);
    expect(await hits('fn:counted-*')).toBe(before + 1);
    await sql`DELETE FROM assets WHERE filename = 'counted-1.jpg'`.execute(sut.ctx.database.db);
    expect(await hits('fn:counted-*')).toBe(before);
  });
});

/** Assets written by {@link addAsset} so far (their names and hashes are unique). */
let added = 0;

/** One asset row written through the repository (insert, then its search vectors), as ingest writes it. */
async function addAsset(repo: AssetsRepository, archiveId: number, folder: string, keywords: string[]): Promise<number> {
  const n = ++added;
  const asset = await repo.insert({
    archive_id: archiveId,
    folder_path: folder,
    filename: `kept-${n}.jpg`,
    filesize: 1000 + n,
    content_hash: `kept-${n}`,
    mime: 'image/jpeg',
    doctype: 'image',
    storage_key: `kept/${n}`,
    width: 10,
    height: 10,
    oriented_width: 10,
    oriented_height: 10,
    orientation: 1,
    colorspace: 'rgb',
    resolution: 72,
    technical: '{}',
    previews: '[]',
    warnings: '[]',
    created_by: 'test',
    modified_by: 'test',
    metadata: { '5': `Kept ${n}`, '25': keywords },
  });
  return asset.id;
}

/** Rewrites an asset's keywords the way a metadata save does (row, then search vectors). */
async function setKeywords(repo: AssetsRepository, id: number, keywords: string[]): Promise<void> {
  const asset = (await repo.findById(id))!;
  const metadata = { ...asset.metadata, '25': keywords };
  await repo.update(id, { metadata: JSON.stringify(metadata) });
  await repo.refreshSearchVector(id, metadata, asset.filename);
}

/**
 * Every kept count (migration 0008) against the assets themselves: per archive, per folder, and per registered
 * lexeme. Answers how many registered lexemes were checked.
 */
async function expectKeptCountsExact(db: Kysely<Database>): Promise<number> {
  const kept = (
    await sql<{ archive_id: number; kind: string; term: string; n: number }>`
    SELECT archive_id, kind, term, sum(hits)::int AS n FROM asset_counts GROUP BY 1, 2, 3`.execute(db)
  ).rows;
  const keptOf = (archive: number, kind: string, term: string) => kept.find((k) => k.archive_id === archive && k.kind === kind && k.term === term)?.n ?? 0;
  const archives = (await sql<{ archive_id: number; n: number }>`SELECT archive_id, count(*)::int AS n FROM assets GROUP BY 1`.execute(db)).rows;
  for (const a of archives) expect(keptOf(a.archive_id, 'a', ''), `archive ${a.archive_id}`).toBe(a.n);
  const folders = (await sql<{ archive_id: number; folder_path: string; n: number }>`SELECT archive_id, folder_path, count(*)::int AS n FROM assets GROUP BY 1, 2`.execute(db))
    .rows;
  for (const f of folders) expect(keptOf(f.archive_id, 'd', f.folder_path), `folder ${f.folder_path}`).toBe(f.n);
  // No kept count for a folder or archive that has no assets.
  for (const k of kept.filter((k) => k.kind === 'a' || k.kind === 'd')) {
    expect(k.n === 0 || folders.some((f) => f.archive_id === k.archive_id && (k.kind === 'a' || f.folder_path === k.term)), `${k.kind} ${k.term}`).toBe(true);
  }
  const terms = (await sql<{ archive_id: number; kind: string; term: string }>`SELECT archive_id, kind, term FROM asset_counted_terms WHERE ready`.execute(db)).rows;
  for (const t of terms) {
    const vector = t.kind === 's' ? sql.ref('search_vector') : sql.ref('field_vector');
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM assets WHERE archive_id = ${t.archive_id} AND ${vector} @@ ${`'${t.term}'`}::tsquery`.execute(db);
    expect(keptOf(t.archive_id, t.kind, t.term), `${t.kind} ${t.term}`).toBe(rows[0]!.n);
  }
  return terms.length;
}

/** Whether a lexeme's count is kept (registered and started) in an archive. */
async function isKept(db: Kysely<Database>, archiveId: number, kind: 's' | 'f', term: string): Promise<boolean> {
  const row = await db.selectFrom('asset_counted_terms').select('ready').where('archive_id', '=', archiveId).where('kind', '=', kind).where('term', '=', term).executeTakeFirst();
  return row?.ready === true;
}

describe('kept counts (issue 9: exact counts of large searches without counting them)', () => {
  let archiveId: number;
  let sutRepo: AssetsRepository;
  const search = (q: string) => parseSearchExpression(q)!;

  beforeAll(async () => {
    archiveId = (await sut.ctx.repos.archives.findByName('Photos'))!.id;
    // A low threshold, so a handful of assets is a "frequent" lexeme.
    sutRepo = new AssetsRepository(sut.ctx.database.db, { countedTermMinHits: 3 });
  });

  it('counts archives and folders (with everything below them) from kept counts, through every insert, move and delete', async () => {
    const ids = [];
    for (const folder of ['kf', 'kf/inner', 'kf/inner/deep', 'kfx', 'k_%', 'k_%/sub']) ids.push(await addAsset(sutRepo, archiveId, folder, ['plain']));
    expect(await sutRepo.count({ archiveId, folderPath: 'kf' })).toBe(3);
    expect(await sutRepo.count({ archiveId, folderPath: 'kf/inner' })).toBe(2);
    expect(await sutRepo.count({ archiveId, folderPath: 'kfx' })).toBe(1);
    expect(await sutRepo.count({ archiveId, folderPath: 'k_%' })).toBe(2);
    await sutRepo.update(ids[2]!, { folder_path: 'kfx' });
    expect(await sutRepo.count({ archiveId, folderPath: 'kf' })).toBe(2);
    expect(await sutRepo.count({ archiveId, folderPath: 'kfx' })).toBe(2);
    await sql`DELETE FROM assets WHERE id = ${ids[0]!}`.execute(sut.ctx.database.db);
    expect(await sutRepo.count({ archiveId, folderPath: 'kf' })).toBe(1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM assets WHERE archive_id = ${archiveId}`.execute(sut.ctx.database.db);
    expect(await sutRepo.count({ archiveId })).toBe(rows[0]!.n);
    // The answer comes from the kept rows, not from counting: a row added behind the triggers' back shows.
    await sql`INSERT INTO asset_counts (archive_id, kind, term, hits) VALUES (${archiveId}, 'd', 'kfx', 1000)`.execute(sut.ctx.database.db);
    expect(await sutRepo.count({ archiveId, folderPath: 'kfx' })).toBe(1002);
    await sql`INSERT INTO asset_counts (archive_id, kind, term, hits) VALUES (${archiveId}, 'd', 'kfx', -1000)`.execute(sut.ctx.database.db);
    await expectKeptCountsExact(sut.ctx.database.db);
  });

  it('starts keeping the count of a frequent word or field word, then follows every insert, update and delete', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push(await addAsset(sutRepo, archiveId, 'kw', ['gullwing', 'coast']));
    await addAsset(sutRepo, archiveId, 'kw', ['coast']);
    expect(await sutRepo.count({ archiveId, search: search('gullwing') })).toBe(4);
    expect(await sutRepo.count({ archiveId, search: search('25:gullwing') })).toBe(4);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'gullwing')).toBe(true);
    expect(await isKept(sut.ctx.database.db, archiveId, 'f', 'f25_gullwing')).toBe(true);
    // Several words, prefixes and folder scopes are counted, never kept.
    expect(await sutRepo.count({ archiveId, search: search('gullwing coast') })).toBe(4);
    expect(await sutRepo.count({ archiveId, search: search('gullw*') })).toBe(4);
    expect(await sutRepo.count({ archiveId, folderPath: 'kw', search: search('coast') })).toBe(5);
    expect(await sut.ctx.database.db.selectFrom('asset_counted_terms').select('term').where('term', 'like', 'gullw%').execute()).toHaveLength(1);

    await addAsset(sutRepo, archiveId, 'kw', ['gullwing']);
    expect(await sutRepo.count({ archiveId, search: search('gullwing') })).toBe(5);
    await setKeywords(sutRepo, ids[0]!, ['coast']);
    await setKeywords(sutRepo, ids[1]!, ['gullwing', 'coast', 'extra']);
    expect(await sutRepo.count({ archiveId, search: search('gullwing') })).toBe(4);
    expect(await sutRepo.count({ archiveId, search: search('25:gullwing') })).toBe(4);
    // Fewer hits than the threshold: counted, not kept.
    expect(await sutRepo.count({ archiveId, search: search('extra') })).toBe(1);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'extra')).toBe(false);
    await sql`DELETE FROM assets WHERE id = ANY(${[ids[2]!, ids[3]!]}::int[])`.execute(sut.ctx.database.db);
    expect(await sutRepo.count({ archiveId, search: search('gullwing') })).toBe(2);
    expect(await sutRepo.count({ archiveId, search: search('"gullwing"') })).toBe(2);
    // A bulk update in one statement (the four assets left in the folder).
    await sql`UPDATE assets SET search_vector = search_vector || 'gullwing'::tsvector WHERE folder_path = 'kw'`.execute(sut.ctx.database.db);
    expect(await sutRepo.count({ archiveId, search: search('gullwing') })).toBe(4);
    // An update that touches no vector and no folder adds no rows.
    const before = await sut.ctx.database.db
      .selectFrom('asset_counts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    await sql`UPDATE assets SET writeback_status = 'written' WHERE folder_path = 'kw'`.execute(sut.ctx.database.db);
    const after = await sut.ctx.database.db
      .selectFrom('asset_counts')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await expectKeptCountsExact(sut.ctx.database.db)).toBeGreaterThanOrEqual(2);
    // The collection answer carries the kept count.
    expect(await hits('gullwing')).toBe(4);
  });

  it('starts a count from the exact count less the rows writers added after the registration', async () => {
    for (let i = 0; i < 3; i++) await addAsset(sutRepo, archiveId, 'kr', ['latecomer']);
    // Registered (as by a DAM process that stopped before starting the count); a writer then adds its row.
    await sut.ctx.database.db.insertInto('asset_counted_terms').values({ archive_id: archiveId, kind: 's', term: 'latecomer' }).execute();
    await addAsset(sutRepo, archiveId, 'kr', ['latecomer']);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'latecomer')).toBe(false);
    expect(await sutRepo.count({ archiveId, search: search('latecomer') })).toBe(4);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'latecomer')).toBe(true);
    await addAsset(sutRepo, archiveId, 'kr', ['latecomer']);
    expect(await sutRepo.count({ archiveId, search: search('latecomer') })).toBe(5);
    await expectKeptCountsExact(sut.ctx.database.db);
  });

  it('folds the rows of each count into one and keeps every count', async () => {
    const db = sut.ctx.database.db;
    for (let i = 0; i < 5; i++) await addAsset(sutRepo, archiveId, 'kc', ['gullwing']);
    // Writers fold the table now and then on their own; two rows that cancel out make sure something is split.
    await sql`INSERT INTO asset_counts (archive_id, kind, term, hits) VALUES (${archiveId}, 'd', 'kc-none', 7), (${archiveId}, 'd', 'kc-none', -7)`.execute(db);
    const splitKeys = sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM asset_counts GROUP BY archive_id, kind, term HAVING count(*) > 1) s`;
    expect((await splitKeys.execute(db)).rows[0]!.n).toBeGreaterThan(0);
    await sql`SELECT asset_counts_compact()`.execute(db);
    expect((await splitKeys.execute(db)).rows[0]!.n).toBe(0);
    expect(await db.selectFrom('asset_counts').select('hits').where('term', '=', 'kc-none').execute()).toEqual([]);
    expect(await sutRepo.count({ archiveId, folderPath: 'kc' })).toBe(5);
    await expectKeptCountsExact(db);
  });

  it('answers every search with its exact count on any database, kept or not (a mix of searches after a mix of changes)', async () => {
    const db = sut.ctx.database.db;
    const words = ['gullwing', 'coast', 'harbourmaster'];
    for (let i = 0; i < 12; i++)
      await addAsset(
        sutRepo,
        archiveId,
        i % 2 ? 'mix' : 'mix/sub',
        words.filter((_, w) => (i >> w) & 1),
      );
    const queries = ['gullwing', 'coast', 'harbourmaster', '25:coast', '25:harbourmaster', 'coast gullwing', 'coast OR harbourmaster', 'NOT coast', 'harbour*'];
    for (let round = 0; round < 3; round++) {
      for (const q of queries) {
        const expected = await sut.ctx.repos.assets.count({ archiveId, search: search(q) });
        const exact = await db
          .selectFrom('assets')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('archive_id', '=', archiveId)
          .where(compileSearch(search(q)))
          .executeTakeFirstOrThrow();
        expect(await sutRepo.count({ archiveId, search: search(q) }), q).toBe(exact.n);
        expect(expected, q).toBe(exact.n);
      }
      const { rows } = await sql<{ id: number }>`SELECT id FROM assets WHERE folder_path LIKE 'mix%' ORDER BY id`.execute(db);
      await setKeywords(sutRepo, rows[round]!.id, ['harbourmaster']);
      await sql`DELETE FROM assets WHERE id = ${rows[rows.length - 1 - round]!.id}`.execute(db);
      await addAsset(sutRepo, archiveId, 'mix', ['coast', 'gullwing']);
    }
    await expectKeptCountsExact(db);
  });
});

describe.runIf(inject('postgresUrl'))('kept counts with two DAM processes on one PostgreSQL database (issue 9)', () => {
  let other: DamContext;
  let archiveId: number;
  const search = (q: string) => parseSearchExpression(q)!;

  beforeAll(async () => {
    archiveId = (await sut.ctx.repos.archives.findByName('Photos'))!.id;
    other = await createDamContext(
      loadDamConfig({
        DATABASE_URL: sut.config.databaseUrl!,
        MAGPIE_DATA_DIR: sut.config.dataDir,
        MAGPIE_ADMIN_PASSWORD: 'admin-password',
        LOG_LEVEL: 'silent',
        MAGPIE_WORKERS: '0',
      }),
      { info() {}, error() {} },
    );
  });
  afterAll(() => other?.close());

  it('sees the counts the other process keeps and changes, and registering waits for writers that could miss the registration', async () => {
    const mine = new AssetsRepository(sut.ctx.database.db, { countedTermMinHits: 3 });
    const theirs = new AssetsRepository(other.database.db, { countedTermMinHits: 3 });
    for (let i = 0; i < 4; i++) await addAsset(theirs, archiveId, 'two', ['tandem']);
    // A writer of the other process is in the middle of a transaction that adds a hit when this one registers the
    // word: the registration waits for it, and the count includes its asset once it commits.
    const writer = other.database.db.transaction().execute(async (trx) => {
      await addAsset(new AssetsRepository(trx), archiveId, 'two', ['tandem']);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const counted = await mine.count({ archiveId, search: search('tandem') });
    await writer;
    expect(counted).toBe(5);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'tandem')).toBe(true);
    expect(await theirs.count({ archiveId, search: search('tandem') })).toBe(5);

    // Concurrent writers in both processes (inserts, keyword changes, deletes), then every kept count is exact.
    const ids = (await sql<{ id: number }>`SELECT id FROM assets WHERE folder_path = 'two' ORDER BY id`.execute(other.database.db)).rows.map((r) => r.id);
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => addAsset(i % 2 ? mine : theirs, archiveId, i % 3 ? 'two' : 'two/sub', ['tandem'])),
      setKeywords(mine, ids[0]!, ['solo']),
      setKeywords(theirs, ids[1]!, ['solo', 'tandem']),
      sql`DELETE FROM assets WHERE id = ${ids[2]!}`.execute(other.database.db),
      mine.count({ archiveId, search: search('25:tandem') }),
    ]);
    expect(await mine.count({ archiveId, search: search('tandem') })).toBe(11);
    expect(await theirs.count({ archiveId, search: search('tandem') })).toBe(11);
    expect(await theirs.count({ archiveId, folderPath: 'two' })).toBe(12);
    expect(await mine.count({ archiveId, search: search('25:tandem') })).toBe(11);
    await expectKeptCountsExact(sut.ctx.database.db);
  });

  it('leaves a registration for later when a writer holds on past the wait, and the count stays exact meanwhile', async () => {
    const mine = new AssetsRepository(sut.ctx.database.db, { countedTermMinHits: 3 });
    for (let i = 0; i < 3; i++) await addAsset(mine, archiveId, 'slow', ['laggard']);
    const writer = other.database.db.transaction().execute(async (trx) => {
      await addAsset(new AssetsRepository(trx), archiveId, 'slow', ['laggard']);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mine.count({ archiveId, search: search('laggard') })).toBe(3);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'laggard')).toBe(false);
    await writer;
    // Another process (no retry pause of its own) finishes the registration, counting the writer's asset.
    const theirs = new AssetsRepository(other.database.db, { countedTermMinHits: 3 });
    expect(await theirs.count({ archiveId, search: search('laggard') })).toBe(4);
    expect(await isKept(sut.ctx.database.db, archiveId, 's', 'laggard')).toBe(true);
    expect(await mine.count({ archiveId, search: search('laggard') })).toBe(4);
    await expectKeptCountsExact(sut.ctx.database.db);
  });
});
