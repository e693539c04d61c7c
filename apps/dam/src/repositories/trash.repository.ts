import { sql, type Kysely } from 'kysely';
import { ASSET_COLUMNS, type AssetRow, type Database, type StoredPreview } from '../db/schema.ts';

/** What purging an asset leaves to remove from the file store: the files no other asset or revision uses, and its previews. */
export interface PurgedFiles {
  /** Store keys of originals (the asset's and its revisions') that nothing else refers to. */
  storageKeys: string[];
  /** The asset's previews when it was purged. */
  previews: StoredPreview[];
}

/**
 * The trash (issue 13; migration 0018): assets whose `deleted` is set. They keep their row, revisions and files until
 * restored or purged; every other query of assets leaves them out.
 */
export class TrashRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The trash of the archives `archiveIds`, most recently deleted first, at most `limit` (rows as services use them). */
  async list(archiveIds: readonly number[], limit: number): Promise<AssetRow[]> {
    if (archiveIds.length === 0) return [];
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('deleted', 'is not', null)
      .where('archive_id', 'in', [...archiveIds])
      .orderBy('deleted', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** How many assets of the archives `archiveIds` are in the trash. */
  async count(archiveIds: readonly number[]): Promise<number> {
    if (archiveIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('assets')
      .select(sql<string>`count(*)`.as('n'))
      .where('deleted', 'is not', null)
      .where('archive_id', 'in', [...archiveIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The trash entries among `ids` (assets in the trash), in no particular order. */
  async find(ids: readonly number[]): Promise<AssetRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('id', 'in', [...ids])
      .where('deleted', 'is not', null)
      .execute();
  }

  /** Moves a live asset to the trash, naming who did it. @returns false when it is absent or already there. */
  async moveToTrash(id: number, userName: string): Promise<boolean> {
    const result = await this.db.updateTable('assets').set({ deleted: new Date(), deleted_by: userName }).where('id', '=', id).where('deleted', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Takes an asset out of the trash, back where it was. @returns false when it is not in the trash.
   * @throws the database's unique violation (23505) when a live asset took its name meanwhile.
   */
  async restore(id: number): Promise<boolean> {
    const result = await this.db.updateTable('assets').set({ deleted: null, deleted_by: null }).where('id', '=', id).where('deleted', 'is not', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Removes an asset in the trash for good: its row and, by cascade, its revisions, album places and pins. Call
   * inside a transaction. @returns the files to remove once it commits, or undefined when it was not in the trash.
   */
  async purge(id: number): Promise<PurgedFiles | undefined> {
    const asset = await this.db.selectFrom('assets').select(['storage_key', 'previews']).where('id', '=', id).where('deleted', 'is not', null).forUpdate().executeTakeFirst();
    if (!asset) return undefined;
    const revisionKeys = await this.db.selectFrom('asset_revisions').select('storage_key').where('asset_id', '=', id).execute();
    const keys = [...new Set([asset.storage_key, ...revisionKeys.map((r) => r.storage_key)])];
    await this.db.deleteFrom('assets').where('id', '=', id).execute();
    // A duplicate or copy has its own key; a key another asset or revision still names stays.
    const stillUsed = new Set([
      ...(await this.db.selectFrom('assets').select('storage_key').where('storage_key', 'in', keys).execute()).map((r) => r.storage_key),
      ...(await this.db.selectFrom('asset_revisions').select('storage_key').where('storage_key', 'in', keys).execute()).map((r) => r.storage_key),
    ]);
    return { storageKeys: keys.filter((key) => !stillUsed.has(key)), previews: asset.previews };
  }

  /** Ids of trash entries deleted before `before`, oldest first, at most `limit`. */
  async expired(before: Date, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('assets').select('id').where('deleted', '<', before).orderBy('deleted').limit(limit).execute();
    return rows.map((row) => row.id);
  }
}
