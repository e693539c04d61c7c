import { sql, type Kysely } from 'kysely';
import type { AssetRevisionsTable, Database, RevisionRow } from '../db/schema.ts';
import type { Insertable } from 'kysely';

/** A new revision without its number (the repository numbers revisions 1, 2, 3… per asset). */
export type NewRevision = Omit<Insertable<AssetRevisionsTable>, 'number' | 'id'>;

/** An asset's revisions (spec 01 §7 Revisions); keeps `assets.revision_count` equal to the number of rows. */
export class RevisionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every revision of an asset, newest first. */
  list(assetId: number): Promise<RevisionRow[]> {
    return this.db.selectFrom('asset_revisions').selectAll().where('asset_id', '=', assetId).orderBy('number', 'desc').execute();
  }

  /** Revision `number` (1-based) of an asset, if it exists. */
  find(assetId: number, number: number): Promise<RevisionRow | undefined> {
    return this.db.selectFrom('asset_revisions').selectAll().where('asset_id', '=', assetId).where('number', '=', number).executeTakeFirst();
  }

  /** The newest revision numbered below `number`, if any (what a revision changed from). */
  previous(assetId: number, number: number): Promise<RevisionRow | undefined> {
    return this.db.selectFrom('asset_revisions').selectAll().where('asset_id', '=', assetId).where('number', '<', number).orderBy('number', 'desc').limit(1).executeTakeFirst();
  }

  /** Appends a revision numbered one above the newest and updates the asset's revision count. */
  async append(revision: NewRevision): Promise<RevisionRow> {
    const { next } = await this.db
      .selectFrom('asset_revisions')
      .select(sql<number>`coalesce(max(number), 0) + 1`.as('next'))
      .where('asset_id', '=', revision.asset_id)
      .executeTakeFirstOrThrow();
    const row = await this.db
      .insertInto('asset_revisions')
      .values({ ...revision, number: Number(next) })
      .returningAll()
      .executeTakeFirstOrThrow();
    await this.recount(revision.asset_id);
    return row;
  }

  /** Removes a revision and updates the asset's revision count. */
  async delete(assetId: number, number: number): Promise<void> {
    await this.db.deleteFrom('asset_revisions').where('asset_id', '=', assetId).where('number', '=', number).execute();
    await this.recount(assetId);
  }

  /** Whether any revision of the asset other than `exceptNumber` keeps the file `storageKey`. */
  async fileInUse(assetId: number, storageKey: string, exceptNumber: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('asset_revisions')
      .select('id')
      .where('asset_id', '=', assetId)
      .where('storage_key', '=', storageKey)
      .where('number', '!=', exceptNumber)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async recount(assetId: number): Promise<void> {
    await sql`UPDATE assets SET revision_count = (SELECT count(*) FROM asset_revisions WHERE asset_id = ${assetId}) WHERE id = ${assetId}`.execute(this.db);
  }
}
