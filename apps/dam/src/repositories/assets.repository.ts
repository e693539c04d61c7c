import { sql, type Kysely } from 'kysely';
import type { AssetRow, Database, FieldValues, NewAsset } from '../db/schema.ts';
import { compileSearch, searchDocumentSql } from '../search/compile.ts';
import type { SearchNode } from '../search/expression.ts';

/** Where to list assets: a whole archive, or a folder and everything below it. */
export interface AssetScope {
  archiveId: number;
  /** '' or undefined: the whole archive. */
  folderPath?: string;
  search?: SearchNode;
}

function joinValues(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(' ') : (value ?? '');
}

/** Assets: rows, listing, search and duplicate detection. */
export class AssetsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts an asset and fills its search vector from its metadata and file name. */
  async insert(asset: NewAsset & { metadata: FieldValues }): Promise<AssetRow> {
    const row = await this.db
      .insertInto('assets')
      .values({ ...asset, metadata: JSON.stringify(asset.metadata) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.refreshSearchVector(row.id, asset.metadata, asset.filename);
    return (await this.findById(row.id))!;
  }

  /** Recomputes the stored `search_vector` (title, keywords, byline, description, file name). */
  async refreshSearchVector(id: number, metadata: FieldValues, filename: string): Promise<void> {
    const document = searchDocumentSql({
      title: joinValues(metadata['5']),
      keywords: joinValues(metadata['25']),
      byline: joinValues(metadata['80']),
      description: joinValues(metadata['120']),
      filename: `${filename} ${filename.replace(/[._\-]+/g, ' ')}`,
    });
    await this.db.updateTable('assets').set({ search_vector: document }).where('id', '=', id).execute();
  }

  findById(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPath(archiveId: number, folderPath: string, filename: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('folder_path', '=', folderPath)
      .where((eb) => eb(eb.fn('lower', ['filename']), '=', filename.toLowerCase()))
      .executeTakeFirst();
  }

  /** An asset of the archive with the same content (SHA-256), if any: the duplicate check. */
  findByHash(archiveId: number, contentHash: string): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('archive_id', '=', archiveId).where('content_hash', '=', contentHash).executeTakeFirst();
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
    if (scope.search) {
      const search = scope.search;
      query = query.where((eb) => compileSearch(eb, search));
    }
    return query;
  }

  /** One page of assets in the scope, newest modification first (FotoWeb's default order). */
  listPage(scope: AssetScope, page: { offset: number; limit: number }): Promise<AssetRow[]> {
    return this.scoped(scope).selectAll().orderBy('modified', 'desc').orderBy('id', 'desc').offset(page.offset).limit(page.limit).execute();
  }

  async count(scope: AssetScope): Promise<number> {
    const row = await this.scoped(scope).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
