import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, ProcessingProfileRow, ProcessingProfilesTable, RenditionRow, RenditionsTable } from '../db/schema.ts';

/** A processing profile's settable part: name, longest side (px) or null, format, quality 1–100, whether it stamps the archive's watermark (false when left out). */
export type ProcessingProfileValues = Pick<ProcessingProfilesTable, 'name' | 'size' | 'format' | 'quality'> & { watermark?: boolean | undefined };

/** Processing profiles (migration 0034, issue 16). */
export class ProcessingProfilesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every profile, by name (case aside). */
  async list(): Promise<ProcessingProfileRow[]> {
    return this.db
      .selectFrom('processing_profiles')
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** One profile by id, or undefined. */
  async findById(id: string): Promise<ProcessingProfileRow | undefined> {
    return this.db.selectFrom('processing_profiles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether another profile than `exceptId` is named `name` (case aside). */
  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('processing_profiles')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Creates a profile with the given id. @throws a unique violation (23505) for a name taken meanwhile. */
  async create(id: string, values: ProcessingProfileValues): Promise<ProcessingProfileRow> {
    return this.db
      .insertInto('processing_profiles')
      .values({ id, ...values, watermark: values.watermark ?? false })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Replaces a profile's values; undefined for an unknown id. */
  async update(id: string, values: ProcessingProfileValues): Promise<ProcessingProfileRow | undefined> {
    return this.db
      .updateTable('processing_profiles')
      .set({ ...values, watermark: values.watermark ?? false, modified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a profile; false for an unknown id. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('processing_profiles').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

/** Requested renditions (migration 0034, issue 16). */
export class RenditionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a requested rendition. */
  async create(row: Insertable<RenditionsTable>): Promise<void> {
    await this.db.insertInto('renditions').values(row).execute();
  }

  /** A rendition by id, expired or not. */
  async findById(id: string): Promise<RenditionRow | undefined> {
    return this.db.selectFrom('renditions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A rendition by id unless it expired before `now`. */
  async findLive(id: string, now: Date): Promise<RenditionRow | undefined> {
    return this.db.selectFrom('renditions').selectAll().where('id', '=', id).where('expires', '>', now).executeTakeFirst();
  }

  /**
   * A rendition that `spec` would make again and that lives past `liveAt`: the same user, asset file (`source_key`, so
   * a new version is not served an old file), size, box, format and quality, queued or made (not failed); the newest.
   */
  async findReusable(
    spec: Pick<RenditionRow, 'user_id' | 'asset_id' | 'source_key' | 'size' | 'width' | 'height' | 'format' | 'quality' | 'watermark'>,
    liveAt: Date,
  ): Promise<RenditionRow | undefined> {
    let query = this.db
      .selectFrom('renditions')
      .selectAll()
      .where('user_id', '=', spec.user_id)
      .where('asset_id', '=', spec.asset_id)
      .where('source_key', '=', spec.source_key)
      .where('status', '!=', 'failed')
      .where('expires', '>', liveAt);
    for (const column of ['size', 'width', 'height', 'format', 'quality', 'watermark'] as const) {
      const value = spec[column];
      query = value === null ? query.where(column, 'is', null) : query.where(column, '=', value);
    }
    return query.orderBy('created', 'desc').limit(1).executeTakeFirst();
  }

  /** Records a queued rendition as made (its file at `storageKey`) or failed (`error`); false when it is gone or no longer queued. */
  async finish(id: string, outcome: { storageKey: string } | { error: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('renditions')
      .set('storageKey' in outcome ? { status: 'done', storage_key: outcome.storageKey } : { status: 'failed', error: outcome.error })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Up to `limit` renditions that expired before `now` (their ids, oldest first). */
  async expiredIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom('renditions').select('id').where('expires', '<=', now).orderBy('expires').limit(limit).execute();
    return rows.map((row) => row.id);
  }

  /** Deletes renditions by id. */
  async deleteIds(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.db.deleteFrom('renditions').where('id', 'in', ids).execute();
  }
}
