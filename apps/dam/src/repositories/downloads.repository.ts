import type { Kysely } from 'kysely';
import type { Database, DownloadsTable } from '../db/schema.ts';
import type { Selectable } from 'kysely';

/** A prepared download as stored. */
export type DownloadRow = Selectable<DownloadsTable>;

/** Prepared ZIP downloads of a selection (issue 13; migration 0018). */
export class DownloadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a download of `assetIds` (in order) for `userId`, named `name`, until `expires`. */
  async create(download: { id: string; userId: number; name: string; assetIds: readonly number[]; expires: Date }): Promise<void> {
    await this.db
      .insertInto('downloads')
      .values({ id: download.id, user_id: download.userId, name: download.name, asset_ids: JSON.stringify(download.assetIds), expires: download.expires })
      .execute();
  }

  /** A download that has not expired at `now`, if any. */
  findLive(id: string, now: Date): Promise<DownloadRow | undefined> {
    return this.db.selectFrom('downloads').selectAll().where('id', '=', id).where('expires', '>', now).executeTakeFirst();
  }

  /** Removes the downloads that expired before `now`. */
  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('downloads').where('expires', '<=', now).execute();
  }
}
