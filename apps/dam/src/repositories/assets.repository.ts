import { sql, type Kysely } from 'kysely';
import { ASSET_COLUMNS, type AssetRow, type AssetUpdate, type Database, type FieldValues, type NewAsset, type WritebackStatus } from '../db/schema.ts';
import { compileSearch, fieldLexemes, searchDocumentSql } from '../search/compile.ts';
import type { SearchNode } from '../search/expression.ts';
import type { Ordering, PageCursor } from '../search/ordering.ts';

/** Where to list assets: a whole archive, or a folder and everything below it. */
export interface AssetScope {
  archiveId: number;
  /** '' or undefined: the whole archive. */
  folderPath?: string;
  search?: SearchNode;
}

/** One row of a page with its sort value as text (for the next cursor). */
export type PagedAsset = AssetRow & { sort_key: string };

/** How long a cached hit count may be reused at most (ms), even when no change was seen (issue #4). */
export const COUNT_CACHE_TTL_MS = 30_000;
/** How many scopes' hit counts are kept (least recently used ones are dropped first). */
const COUNT_CACHE_SIZE = 500;

/**
 * Assets: rows, listing, search and duplicate detection.
 *
 * Hit counts are counted once per search: `count` keeps each scope's count with the value of the
 * `asset_generation` sequence it was counted at. A statement-level trigger advances that sequence on every
 * insert, update or delete of assets (in any DAM process sharing the database), so a changed archive is counted
 * again; {@link COUNT_CACHE_TTL_MS} bounds the life of a count taken while another transaction was committing.
 */
export class AssetsRepository {
  private readonly counts = new Map<string, { n: number; generation: string; at: number }>();

  constructor(private readonly db: Kysely<Database>) {}

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

  findByPath(archiveId: number, folderPath: string, filename: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('archive_id', '=', archiveId)
      .where('folder_path', '=', folderPath)
      .where((eb) => eb(eb.fn('lower', ['filename']), '=', filename.toLowerCase()))
      .executeTakeFirst();
  }

  /** An asset of the archive with the same content (SHA-256), if any: the duplicate check. */
  findByHash(archiveId: number, contentHash: string): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').select(ASSET_COLUMNS).where('archive_id', '=', archiveId).where('content_hash', '=', contentHash).executeTakeFirst();
  }

  /** Whether a file name is taken in a folder (case-insensitively). */
  async nameTaken(archiveId: number, folderPath: string, filename: string): Promise<boolean> {
    return (await this.findByPath(archiveId, folderPath, filename)) !== undefined;
  }

  private scoped(scope: AssetScope) {
    let query = this.db.selectFrom('assets').where('archive_id', '=', scope.archiveId);
    if (scope.folderPath) {
      const prefix = `${scope.folderPath.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`;
      query = query.where((eb) => eb.or([eb('folder_path', '=', scope.folderPath!), eb('folder_path', 'like', prefix)]));
    }
    if (scope.search) query = query.where(compileSearch(scope.search));
    return query;
  }

  /**
   * One page of assets in the scope, in `ordering`. Keyset cursors (`after`/`before` a row) seek with the sort
   * index, so a deep page costs what the first costs; `offset` cursors (plain `;p=N`) skip rows; `last` reads the
   * tail backwards. Rows come with their sort value as text for the next cursor.
   */
  async listPage(scope: AssetScope, ordering: Ordering, cursor: PageCursor, limit: number, total?: number): Promise<PagedAsset[]> {
    const forward = cursor.mode !== 'before' && cursor.mode !== 'last';
    const direction = forward ? ordering.direction : ordering.direction === 'asc' ? 'desc' : 'asc';
    let query = this.scoped(scope).select(ASSET_COLUMNS.map((c) => `assets.${c}` as const)).select(ordering.asText.as('sort_key'));
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
   * The number of assets in a scope (for a search, its hits). Reuses the count of an identical scope while no
   * asset changed since it was counted (see the class comment), so paging through a search counts it once.
   */
  async count(scope: AssetScope): Promise<number> {
    const key = JSON.stringify([scope.archiveId, scope.folderPath ?? '', scope.search ?? null]);
    const { rows } = await sql<{ generation: string }>`SELECT (last_value::text || ':' || is_called::text) AS generation FROM asset_generation`.execute(this.db);
    const generation = rows[0]!.generation;
    const cached = this.counts.get(key);
    const now = Date.now();
    if (cached && cached.generation === generation && now - cached.at < COUNT_CACHE_TTL_MS) {
      this.counts.delete(key);
      this.counts.set(key, cached);
      return cached.n;
    }
    const row = await this.scoped(scope).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const n = Number(row.n);
    this.counts.delete(key);
    this.counts.set(key, { n, generation, at: now });
    if (this.counts.size > COUNT_CACHE_SIZE) this.counts.delete(this.counts.keys().next().value!);
    return n;
  }
}
