import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { escapeLike } from './like.ts';

/**
 * Folder changes that touch a folder's whole subtree (issue 13): renaming, which moves the paths of the folder, its
 * sub-folders, their assets and the uploads on their way there, and deleting an empty subtree. Call inside one
 * transaction (`db/transaction.ts`), after locking the archive.
 */
export class FoldersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A folder of `parentPath` ('' for the archive's root) whose name is `name` without regard to case, if any. */
  findSibling(archiveId: number, parentPath: string, name: string) {
    return this.db
      .selectFrom('folders')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where('parent_path', '=', parentPath)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', eb.fn('lower', [eb.val(name)])))
      .executeTakeFirst();
  }

  /** Whether a live asset is in the folder `path` or below it (one in the trash makes the folder again on restore). */
  async holdsAssets(archiveId: number, path: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assets')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('deleted', 'is', null)
      .where((eb) => eb.or([eb('folder_path', '=', path), eb('folder_path', 'like', `${escapeLike(path)}/%`)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an unfinished upload is on its way into the folder `path` or below it. */
  async awaitsUploads(archiveId: number, path: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('uploads')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('status', 'in', ['awaitingData', 'pending', 'inProgress'])
      .where((eb) => eb.or([eb('folder_path', '=', path), eb('folder_path', 'like', `${escapeLike(path)}/%`)]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Gives the folder `from` the path `to` (same parent, new last segment `name`): the folder, its sub-folders, the
   * assets in them and the uploads on their way there.
   */
  async renameSubtree(archiveId: number, from: string, to: string, name: string): Promise<void> {
    const below = `${escapeLike(from)}/%`;
    // Where the rest of a path after `from` starts, counted by the database in characters (JavaScript's length counts
    // UTF-16 units, which differs for names with emoji or other characters beyond the BMP).
    const cut = sql<number>`char_length(${from}) + 1`;
    // Sub-folders first (their paths and parents move), then the folder itself.
    await this.db
      .updateTable('folders')
      .set({
        path: sql`${to} || substr(path, ${cut})`,
        parent_path: sql`${to} || substr(parent_path, ${cut})`,
      })
      .where('archive_id', '=', archiveId)
      .where('path', 'like', below)
      .execute();
    await this.db.updateTable('folders').set({ path: to, name }).where('archive_id', '=', archiveId).where('path', '=', from).execute();
    for (const table of ['assets', 'uploads'] as const) {
      await this.db.updateTable(table).set({ folder_path: to }).where('archive_id', '=', archiveId).where('folder_path', '=', from).execute();
      await this.db
        .updateTable(table)
        .set({ folder_path: sql`${to} || substr(folder_path, ${cut})` })
        .where('archive_id', '=', archiveId)
        .where('folder_path', 'like', below)
        .execute();
    }
  }

  /** Deletes the folder `path` and its sub-folders (the caller checked they hold nothing). */
  async deleteSubtree(archiveId: number, path: string): Promise<void> {
    await this.db
      .deleteFrom('folders')
      .where('archive_id', '=', archiveId)
      .where((eb) => eb.or([eb('path', '=', path), eb('path', 'like', `${escapeLike(path)}/%`)]))
      .execute();
  }

  /**
   * Sets a folder's tile: `color`, `icon` and the cover `posterAssetId` (undefined: unchanged; null: back to the
   * default).
   */
  async setTile(archiveId: number, path: string, tile: { color?: string | null; icon?: string | null; posterAssetId?: number | null }): Promise<void> {
    const set = {
      ...(tile.color !== undefined ? { color: tile.color } : {}),
      ...(tile.icon !== undefined ? { icon: tile.icon } : {}),
      ...(tile.posterAssetId !== undefined ? { poster_asset_id: tile.posterAssetId } : {}),
    };
    if (Object.keys(set).length === 0) return;
    await this.db.updateTable('folders').set(set).where('archive_id', '=', archiveId).where('path', '=', path).execute();
  }
}
