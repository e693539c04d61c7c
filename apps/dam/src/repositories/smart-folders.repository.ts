import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SmartFoldersTable } from '../db/schema.ts';

/** A smart folder as stored. */
export type SmartFolderRow = Selectable<SmartFoldersTable>;

/** An archive's smart folders (issue 13; migration 0018): saved searches in their order. */
export class SmartFoldersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The archive's smart folders in order. */
  list(archiveId: number): Promise<SmartFolderRow[]> {
    return this.db.selectFrom('smart_folders').selectAll().where('archive_id', '=', archiveId).orderBy('position').orderBy('id').execute();
  }

  /** One smart folder of the archive, if it exists. */
  find(archiveId: number, id: number): Promise<SmartFolderRow | undefined> {
    return this.db.selectFrom('smart_folders').selectAll().where('archive_id', '=', archiveId).where('id', '=', id).executeTakeFirst();
  }

  /** The archive's smart folder named `name` (case aside), if any. */
  findByName(archiveId: number, name: string): Promise<SmartFolderRow | undefined> {
    return this.db
      .selectFrom('smart_folders')
      .selectAll()
      .where('archive_id', '=', archiveId)
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
  }

  /**
   * Adds a smart folder at the end of the archive's list.
   * @throws the database's unique violation (23505) for a name the archive has.
   */
  async create(folder: { archiveId: number; name: string; folderPath: string; query: string; createdBy: string }): Promise<SmartFolderRow> {
    return this.db
      .insertInto('smart_folders')
      .values({
        archive_id: folder.archiveId,
        name: folder.name,
        folder_path: folder.folderPath,
        query: folder.query,
        created_by: folder.createdBy,
        position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM smart_folders WHERE archive_id = ${folder.archiveId})`,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Sets its name or search. @throws the database's unique violation (23505) for a name the archive has. */
  async update(id: number, set: { name?: string; folderPath?: string; query?: string }): Promise<void> {
    const columns = {
      ...(set.name !== undefined ? { name: set.name } : {}),
      ...(set.folderPath !== undefined ? { folder_path: set.folderPath } : {}),
      ...(set.query !== undefined ? { query: set.query } : {}),
    };
    if (Object.keys(columns).length === 0) return;
    await this.db.updateTable('smart_folders').set(columns).where('id', '=', id).execute();
  }

  /** Moves a smart folder to `position` (0-based, clamped to the list) and numbers the archive's list 0, 1, 2… again. */
  async move(archiveId: number, id: number, position: number): Promise<void> {
    const order = (await this.list(archiveId)).map((row) => row.id).filter((other) => other !== id);
    order.splice(Math.min(position, order.length), 0, id);
    await this.number(order);
  }

  /** Numbers the archive's list 0, 1, 2… in its order (after a delete). */
  async renumber(archiveId: number): Promise<void> {
    await this.number((await this.list(archiveId)).map((row) => row.id));
  }

  private async number(order: readonly number[]): Promise<void> {
    for (const [index, rowId] of order.entries()) await this.db.updateTable('smart_folders').set({ position: index }).where('id', '=', rowId).execute();
  }

  /** Removes a smart folder. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('smart_folders').where('id', '=', id).execute();
  }
}
