import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../db/transaction.ts';
import {
  ASSET_COLUMNS,
  type AssetRow,
  type AssetUpdate,
  type CountKind,
  type Database,
  type FieldValues,
  type NewAsset,
  type WebVideo,
  type WritebackStatus,
} from '../db/schema.ts';
import { compileSearch, countedTerm, fieldLexemes, searchDocumentSql } from '../search/compile.ts';
import type { SearchNode } from '../search/expression.ts';
import type { Ordering, PageCursor } from '../search/ordering.ts';
import { escapeLike } from './like.ts';

/** Where to list assets: a whole archive, or a folder and everything below it. */
export interface AssetScope {
  archiveId: number;
  /** '' or undefined: the whole archive. */
  folderPath?: string;
  search?: SearchNode;
  /**
   * What the caller may see of the archive (spec 03 §3.9 AutoSearch, from the archive policy): only assets matching
   * it are counted or listed. Absent: every asset.
   */
  visibility?: SearchNode;
}

/** One row of a page with its sort value as text (for the next cursor). */
export type PagedAsset = AssetRow & { sort_key: string };

/** How long a cached hit count may be reused at most (ms), even when no change was seen (issue #4). */
export const COUNT_CACHE_TTL_MS = 30_000;
/** How many scopes' hit counts are kept (least recently used ones are dropped first). */
const COUNT_CACHE_SIZE = 500;
/**
 * Fewest hits a one-lexeme search must have for the DAM to keep its count as assets change (migration 0008).
 * Below it, counting the hits exactly is about as cheap as reading a kept count (a few ms at 1,000,000 assets).
 */
export const COUNTED_TERM_MIN_HITS = 10_000;
/** How long the registration of a term waits for writers that may have missed it (ms) before leaving it for later. */
const REGISTRATION_WAIT_MS = 1_000;
/** How long after a registration that could not finish the next one is tried (ms). */
const REGISTRATION_RETRY_MS = 60_000;
/** Rows of one kept count beyond which reading it folds the table first (writers fold it now and then anyway). */
const COMPACT_ABOVE_ROWS = 64;
/**
 * Advisory lock key of migration 0008: (19779, 0) is held shared by every transaction that changed assets, until it
 * ends; (19779, 1) by the one compaction at a time.
 */
const COUNTS_LOCK = 19779;

/** Tuning of {@link AssetsRepository} (tests lower the threshold). */
export interface AssetsRepositoryOptions {
  /** See {@link COUNTED_TERM_MIN_HITS}. */
  countedTermMinHits?: number;
}

/** A count that migration 0008 keeps: its kind and term (see `CountKind`). */
interface CountKey {
  kind: CountKind;
  term: string;
}

/**
 * The kept count that answers a scope exactly, if any: a whole archive (`a`), a folder and everything below it
 * (`d`), or a whole archive searched for one lexeme (`s`/`f`, see `countedTerm`).
 */
function countKeyOf(scope: AssetScope): CountKey | undefined {
  if (scope.visibility) return undefined;
  if (!scope.search) return scope.folderPath ? { kind: 'd', term: scope.folderPath } : { kind: 'a', term: '' };
  if (scope.folderPath) return undefined;
  const term = countedTerm(scope.search);
  return term && { kind: term.vector === 'search' ? 's' : 'f', term: term.lexeme };
}

/**
 * Assets: rows, listing, search and duplicate detection.
 *
 * Hit counts (`count`) stay exact and are cheap for the scopes a client opens most:
 * - Kept counts (migration 0008): triggers on `assets` keep, in the writer's own transaction, the number of assets
 *   per archive, per folder, and per registered lexeme and archive, so every DAM process reads counts that match
 *   the assets its snapshot sees. A one-lexeme search whose exact count reaches {@link COUNTED_TERM_MIN_HITS}
 *   registers its lexeme; from then on its count costs one index read, however many hits it has.
 * - Any other scope is counted once per search: its count is kept with the value of the `asset_generation`
 *   sequence it was counted at. A statement-level trigger advances that sequence on every insert, update or delete
 *   of assets (in any DAM process sharing the database), so a changed archive is counted again;
 *   {@link COUNT_CACHE_TTL_MS} bounds the life of a count taken while another transaction was committing.
 */
export class AssetsRepository {
  private readonly counts = new Map<string, { n: number; generation: string; at: number }>();
  /** When a registration that could not finish was last tried, per archive and term (ms since epoch). */
  private readonly registrationTried = new Map<string, number>();
  private readonly countedTermMinHits: number;

  constructor(
    private readonly db: Kysely<Database>,
    options: AssetsRepositoryOptions = {},
  ) {
    this.countedTermMinHits = options.countedTermMinHits ?? COUNTED_TERM_MIN_HITS;
  }

  /** Inserts an asset and fills its search vector from its metadata and file name. */
  async insert(asset: NewAsset & { metadata: FieldValues }): Promise<AssetRow> {
    const row = await this.db
      .insertInto('assets')
      .values({ ...asset, metadata: JSON.stringify(asset.metadata) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.refreshSearchVector(row.id, asset.metadata, asset.filename);
    return (await this.findById(row.id))!;
  }

  /**
   * Recomputes what search reads from an asset's metadata: the weighted `search_vector` (every field and the file
   * name), the `field_vector` lexemes of field predicates, the number of filled fields (`ms`) and the IPTC date
   * created (`it`, field 55).
   */
  async refreshSearchVector(id: number, metadata: FieldValues, filename: string): Promise<void> {
    const lexemes = fieldLexemes(metadata);
    const created = typeof metadata['55'] === 'string' && /^\d{4}-\d{2}-\d{2}/.test(metadata['55']) ? metadata['55'].slice(0, 10) : null;
    await this.db
      .updateTable('assets')
      .set({
        search_vector: searchDocumentSql(metadata, filename),
        field_vector: sql<string>`array_to_tsvector(${lexemes}::text[])`,
        metadata_fields: Object.values(metadata).filter((v) => (Array.isArray(v) ? v.length > 0 : v.trim() !== '')).length,
        iptc_date: created,
      })
      .where('id', '=', id)
      .execute();
  }

  /** The asset row locked for update until the transaction ends (use on a transaction's repository). */
  findByIdForUpdate(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').select(ASSET_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /**
   * Records the state of an asset's web-playable copy (issue 16) while the asset still holds the file it was made from
   * (`state.source`, a store key): a new version of the file meanwhile leaves the row alone.
   * @returns whether the row was changed.
   */
  async setWebVideo(id: number, state: WebVideo): Promise<boolean> {
    const result = await this.db
      .updateTable('assets')
      .set({ web_video: JSON.stringify(state) })
      .where('id', '=', id)
      .where('storage_key', '=', state.source)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sets columns of an asset. */
  async update(id: number, set: AssetUpdate): Promise<void> {
    await this.db.updateTable('assets').set(set).where('id', '=', id).execute();
  }

  /**
   * Records a finished write-back when the asset has not changed since it was read (`modified`): clears the pending
   * field ids and sets the state and the file's new size (bytes). Answers false when the asset changed meanwhile
   * (the caller writes again).
   */
  async finishWriteback(id: number, modified: Date, outcome: { status: WritebackStatus; message: string | null; filesize: number }): Promise<boolean> {
    const result = await this.db
      .updateTable('assets')
      .set({ writeback_fields: '[]', writeback_status: outcome.status, writeback_message: outcome.message, filesize: outcome.filesize })
      .where('id', '=', id)
      // Dates travel in ms; PostgreSQL keeps µs (now() at ingest), so compare at ms precision.
      .where(sql<Date>`date_trunc('milliseconds', modified)`, '=', modified)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  findById(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').select(ASSET_COLUMNS).where('id', '=', id).executeTakeFirst();
  }

  /** The live assets of `ids` (not in the trash), in no particular order. */
  async findByIds(ids: readonly number[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('id', 'in', [...ids])
      .where('deleted', 'is', null)
      .execute();
  }

  /**
   * Which of `ids` match a search (an AutoSearch visibility filter, spec 03 §3.9), in one query: live assets, or with
   * `inTrash` those in the trash (issue 13).
   */
  async matchingIds(ids: readonly number[], node: SearchNode, options: { inTrash?: boolean } = {}): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where('id', 'in', [...ids])
      .where('deleted', options.inTrash ? 'is not' : 'is', null)
      .where(compileSearch(node))
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Whether asset `id` (live or in the trash) matches a search (an AutoSearch visibility filter, spec 03 §3.9). */
  async matches(id: number, node: SearchNode): Promise<boolean> {
    const row = await this.db.selectFrom('assets').select('id').where('id', '=', id).where(compileSearch(node)).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether the archive holds any asset, live or in the trash, read from the assets themselves (not the kept counts). */
  async anyInArchive(archiveId: number): Promise<boolean> {
    return (await this.db.selectFrom('assets').select('id').where('archive_id', '=', archiveId).limit(1).executeTakeFirst()) !== undefined;
  }

  /** How many of the archive's assets are in the trash (issue 13). */
  async countInTrash(archiveId: number): Promise<number> {
    const row = await this.db
      .selectFrom('assets')
      .select(sql<string>`count(*)`.as('n'))
      .where('archive_id', '=', archiveId)
      .where('deleted', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** How many live assets archive `archiveId` holds (exact, from the kept counts). */
  countInArchive(archiveId: number): Promise<number> {
    return this.count({ archiveId });
  }

  /**
   * Files of archive `from` whose folder and name (case-insensitively) are taken in archive `to`: what would stop
   * {@link moveArchive}. At most `limit`, as `folder/name`.
   */
  async moveConflicts(from: number, to: number, limit = 10): Promise<string[]> {
    const rows = await this.db
      .selectFrom('assets as a')
      .innerJoin('assets as b', (join) =>
        join
          .on('b.archive_id', '=', to)
          .on('b.deleted', 'is', null)
          .onRef('b.folder_path', '=', 'a.folder_path')
          .on((eb) => eb(eb.fn('lower', ['b.filename']), '=', eb.fn('lower', ['a.filename']))),
      )
      .select(['a.folder_path', 'a.filename'])
      .where('a.archive_id', '=', from)
      .where('a.deleted', 'is', null)
      .orderBy('a.folder_path')
      .orderBy('a.filename')
      .limit(limit)
      .execute();
    return rows.map((r) => (r.folder_path ? `${r.folder_path}/${r.filename}` : r.filename));
  }

  /** Moves every asset of archive `from` into archive `to`, folders kept (the caller creates them there). @returns how many. */
  async moveArchive(from: number, to: number): Promise<number> {
    const result = await this.db.updateTable('assets').set({ archive_id: to }).where('archive_id', '=', from).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  findByPath(archiveId: number, folderPath: string, filename: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('archive_id', '=', archiveId)
      .where('folder_path', '=', folderPath)
      .where('deleted', 'is', null)
      .where((eb) => eb(eb.fn('lower', ['filename']), '=', filename.toLowerCase()))
      .executeTakeFirst();
  }

  /**
   * The live assets of the archive at `paths` (file names compared without regard to case), in one query per 1,000
   * paths; those not found are left out.
   */
  async findByPaths(archiveId: number, paths: ReadonlyArray<{ folderPath: string; filename: string }>): Promise<AssetRow[]> {
    const rows: AssetRow[] = [];
    for (let start = 0; start < paths.length; start += 1000) {
      const chunk = paths.slice(start, start + 1000);
      rows.push(
        ...(await this.db
          .selectFrom('assets')
          .select(ASSET_COLUMNS)
          .where('archive_id', '=', archiveId)
          .where('deleted', 'is', null)
          .where(
            sql<boolean>`(folder_path, lower(filename)) IN (SELECT * FROM unnest(${sql.val(chunk.map((p) => p.folderPath))}::text[], ${sql.val(chunk.map((p) => p.filename.toLowerCase()))}::text[]))`,
          )
          .execute()),
      );
    }
    return rows;
  }

  /** An asset of the archive with the same content (SHA-256), if any: the duplicate check. */
  findByHash(archiveId: number, contentHash: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('archive_id', '=', archiveId)
      .where('content_hash', '=', contentHash)
      .where('deleted', 'is', null)
      .executeTakeFirst();
  }

  /** Whether a file name is taken in a folder (case-insensitively). */
  async nameTaken(archiveId: number, folderPath: string, filename: string): Promise<boolean> {
    return (await this.findByPath(archiveId, folderPath, filename)) !== undefined;
  }

  private scoped(scope: AssetScope, db: Kysely<Database> = this.db) {
    let query = db.selectFrom('assets').where('archive_id', '=', scope.archiveId).where('assets.deleted', 'is', null);
    if (scope.folderPath) {
      const prefix = `${escapeLike(scope.folderPath)}/%`;
      query = query.where((eb) => eb.or([eb('folder_path', '=', scope.folderPath!), eb('folder_path', 'like', prefix)]));
    }
    if (scope.search) query = query.where(compileSearch(scope.search));
    if (scope.visibility) query = query.where(compileSearch(scope.visibility));
    return query;
  }

  /**
   * The assets of the scope added after the asset `afterId` and up to the asset `upTo` (ids in that range; a search
   * alert's high-water mark and the newest asset when it looked, issue 15): how many there are, and the first `limit`
   * of them by id.
   */
  async addedAfter(scope: AssetScope, afterId: number, upTo: number, limit: number): Promise<{ count: number; rows: AssetRow[] }> {
    const count = await this.scoped(scope)
      .where('assets.id', '>', afterId)
      .where('assets.id', '<=', upTo)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const n = Number(count.n);
    if (n === 0) return { count: 0, rows: [] };
    const rows = await this.scoped(scope)
      .where('assets.id', '>', afterId)
      .where('assets.id', '<=', upTo)
      .select(ASSET_COLUMNS.map((c) => `assets.${c}` as const))
      .orderBy('assets.id')
      .limit(limit)
      .execute();
    return { count: n, rows };
  }

  /**
   * One page of assets in the scope, in `ordering`. Keyset cursors (`after`/`before` a row) seek with the sort
   * index, so a deep page costs what the first costs; `offset` cursors (plain `;p=N`) skip rows; `last` reads the
   * tail backwards. Rows come with their sort value as text for the next cursor.
   */
  async listPage(scope: AssetScope, ordering: Ordering, cursor: PageCursor, limit: number, total?: number): Promise<PagedAsset[]> {
    const forward = cursor.mode !== 'before' && cursor.mode !== 'last';
    const direction = forward ? ordering.direction : ordering.direction === 'asc' ? 'desc' : 'asc';
    let query = this.scoped(scope)
      .select(ASSET_COLUMNS.map((c) => `assets.${c}` as const))
      .select(ordering.asText.as('sort_key'));
    if (cursor.mode === 'after' || cursor.mode === 'before') {
      const op = (cursor.mode === 'after') === (ordering.direction === 'asc') ? sql.raw('>') : sql.raw('<');
      query = query.where(sql<boolean>`(${ordering.expression}, assets.id) ${op} (${ordering.cast(cursor.sortValue)}, ${cursor.id})`);
    }
    let pageLimit = limit;
    if (cursor.mode === 'last' && total !== undefined) pageLimit = total - cursor.index * limit;
    query = query
      .orderBy(sql`${ordering.expression} ${sql.raw(direction)}`)
      .orderBy('assets.id', direction)
      .limit(Math.max(0, pageLimit));
    if (cursor.mode === 'offset') query = query.offset(cursor.index * limit);
    const rows = (await query.execute()) as PagedAsset[];
    return forward ? rows : rows.reverse();
  }

  /**
   * The number of assets in a scope (for a search, its hits), exact as of the moment it is read. A kept count answers
   * at once when one covers the scope (see the class comment); otherwise the scope is counted, reusing the count of
   * an identical scope while no asset changed since. A one-lexeme search with {@link COUNTED_TERM_MIN_HITS} hits or
   * more registers its lexeme (outside a transaction only), so every later count of it is a kept one.
   */
  async count(scope: AssetScope): Promise<number> {
    const countKey = countKeyOf(scope);
    if (countKey) {
      const kept = await this.keptCount(scope.archiveId, countKey);
      if (kept !== undefined) return kept;
    }
    const key = JSON.stringify([scope.archiveId, scope.folderPath ?? '', scope.search ?? null, scope.visibility ?? null]);
    const { rows } = await sql<{ generation: string }>`SELECT (last_value::text || ':' || is_called::text) AS generation FROM asset_generation`.execute(this.db);
    const generation = rows[0]!.generation;
    const cached = this.counts.get(key);
    const now = Date.now();
    if (cached && cached.generation === generation && now - cached.at < COUNT_CACHE_TTL_MS) {
      this.counts.delete(key);
      this.counts.set(key, cached);
      return cached.n;
    }
    const n = await this.countHits(scope, countKey);
    this.counts.delete(key);
    this.counts.set(key, { n, generation, at: now });
    if (this.counts.size > COUNT_CACHE_SIZE) this.counts.delete(this.counts.keys().next().value!);
    return n;
  }

  /**
   * Counts a scope's assets. A one-lexeme search is first counted up to {@link COUNTED_TERM_MIN_HITS} only: with
   * fewer hits that is its count; with more, its kept count is started, which counts it once.
   */
  private async countHits(scope: AssetScope, countKey: CountKey | undefined): Promise<number> {
    if ((countKey?.kind === 's' || countKey?.kind === 'f') && !this.db.isTransaction) {
      const limit = this.countedTermMinHits;
      const few = await this.db
        .selectFrom(
          this.scoped(scope)
            .select(sql<number>`1`.as('hit'))
            .limit(limit)
            .as('hits'),
        )
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      if (Number(few.n) < limit) return Number(few.n);
      const started = await this.keepCount(scope, countKey);
      if (started !== undefined) return started;
    }
    const row = await this.scoped(scope)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * A kept count (migration 0008): the sum of its rows, read in one snapshot. `d` sums the folder and every folder
   * below it. Undefined for a lexeme that is not registered or whose count has no starting row yet.
   */
  private async keptCount(archiveId: number, key: CountKey): Promise<number | undefined> {
    let query = this.db
      .selectFrom('asset_counts')
      .select([sql<number>`coalesce(sum(hits), 0)::bigint`.as('n'), sql<number>`count(*)::int`.as('parts')])
      .where('archive_id', '=', archiveId)
      .where('kind', '=', key.kind);
    if (key.kind === 'd') {
      // `term` sorts bytewise (COLLATE "C"): the paths below a folder are those from "<path>/" up to "<path>0".
      query = query.where((eb) => eb.or([eb('term', '=', key.term), eb.and([eb('term', '>=', `${key.term}/`), eb('term', '<', `${key.term}0`)])]));
    } else if (key.kind === 's' || key.kind === 'f') {
      const kind = key.kind;
      query = query
        .where('term', '=', key.term)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('asset_counted_terms as t')
              .select('t.ready')
              .where('t.archive_id', '=', archiveId)
              .where('t.kind', '=', kind)
              .where('t.term', '=', key.term)
              .where('t.ready', '=', true),
          ),
        );
    } else {
      query = query.where('term', '=', '');
    }
    const row = await query.executeTakeFirstOrThrow();
    // Without a ready registration no row matches: parts 0. A kept `a`/`d` count with no rows is 0 assets.
    if ((key.kind === 's' || key.kind === 'f') && Number(row.parts) === 0) return undefined;
    if (Number(row.parts) > COMPACT_ABOVE_ROWS) await sql`SELECT asset_counts_compact()`.execute(this.db);
    return Number(row.n);
  }

  /**
   * Starts keeping the count of a one-lexeme search and answers it (the exact count, from the snapshot its
   * starting row was taken in), or undefined when that could not be done now (then the caller's count stands).
   *
   * Exactness across DAM processes and concurrent writers: (1) the registration commits, and from then on every
   * writer's trigger adds rows for the lexeme; (2) this waits until no transaction that changed assets before that
   * is still running (each holds the shared advisory lock until it ends; polled with a try, so writers never queue
   * behind it); (3) in one statement, the starting row is the exact count less the rows writers added since (1),
   * and the registration becomes ready. Writers that committed before (3)'s snapshot are in the exact count, and
   * their rows are subtracted; later ones add their rows on top.
   */
  private async keepCount(scope: AssetScope, key: CountKey): Promise<number | undefined> {
    if (key.kind !== 's' && key.kind !== 'f') return undefined;
    const kind = key.kind;
    const tried = `${scope.archiveId}:${kind}:${key.term}`;
    if (Date.now() - (this.registrationTried.get(tried) ?? 0) < REGISTRATION_RETRY_MS) return undefined;
    await this.db
      .insertInto('asset_counted_terms')
      .values({ archive_id: scope.archiveId, kind, term: key.term })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (!(await this.waitForEarlierWriters())) {
      this.registrationTried.set(tried, Date.now());
      if (this.registrationTried.size > COUNT_CACHE_SIZE) this.registrationTried.delete(this.registrationTried.keys().next().value!);
      return undefined;
    }
    return inTransaction(this.db, async (trx) => {
      const claimed = await trx
        .updateTable('asset_counted_terms')
        .set({ ready: true })
        .where('archive_id', '=', scope.archiveId)
        .where('kind', '=', kind)
        .where('term', '=', key.term)
        .where('ready', '=', false)
        .returning('archive_id')
        .executeTakeFirst();
      // Another DAM process started it meanwhile: its starting row stands, and so does the caller's count.
      if (!claimed) return undefined;
      const exact = this.scoped(scope, trx).select(sql<number>`count(*)::bigint`.as('n'));
      const { rows } = await sql<{ n: number }>`
        WITH exact AS (${exact}),
          added AS (SELECT coalesce(sum(hits), 0)::bigint AS d FROM asset_counts WHERE archive_id = ${scope.archiveId} AND kind = ${kind} AND term = ${key.term}),
          start AS (INSERT INTO asset_counts (archive_id, kind, term, hits) SELECT ${scope.archiveId}, ${kind}, ${key.term}, n - d FROM exact, added RETURNING hits)
        SELECT n FROM exact`.execute(trx);
      return Number(rows[0]!.n);
    });
  }

  /**
   * Waits until no transaction that changed assets before now is still running, polling the exclusive form of the
   * advisory lock every writer holds shared; false after {@link REGISTRATION_WAIT_MS}.
   */
  private async waitForEarlierWriters(): Promise<boolean> {
    const deadline = Date.now() + REGISTRATION_WAIT_MS;
    for (;;) {
      const free = await inTransaction(
        this.db,
        async (trx) => (await sql<{ free: boolean }>`SELECT pg_try_advisory_xact_lock(${COUNTS_LOCK}, 0) AS free`.execute(trx)).rows[0]!.free,
      );
      if (free) return true;
      if (Date.now() >= deadline) return false;
      await sleep(10);
    }
  }
}
