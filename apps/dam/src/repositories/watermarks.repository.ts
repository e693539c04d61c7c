import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, WatermarkRow, WatermarksTable } from '../db/schema.ts';

/** A watermark's stored values: name, position, opacity and scale (percent), its image's size (px) and key. */
export type WatermarkValues = Pick<WatermarksTable, 'name' | 'position' | 'opacity' | 'scale' | 'width' | 'height' | 'image_key'>;

/** Watermarks (migration 0037, issue 16). */
export class WatermarksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every watermark, by name (case aside). */
  list(): Promise<WatermarkRow[]> {
    return this.db
      .selectFrom('watermarks')
      .selectAll()
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  }

  /** One watermark by id, or undefined. */
  findById(id: string): Promise<WatermarkRow | undefined> {
    return this.db.selectFrom('watermarks').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Whether another watermark than `exceptId` is named `name` (case aside). */
  async nameTaken(name: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom('watermarks')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${name})`);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Creates a watermark. @throws a unique violation (23505) for a name taken meanwhile. */
  create(id: string, values: WatermarkValues): Promise<WatermarkRow> {
    return this.db
      .insertInto('watermarks')
      .values({ id, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Replaces a watermark's values (a new `modified`, its version); undefined for an unknown id. */
  update(id: string, values: WatermarkValues): Promise<WatermarkRow | undefined> {
    return this.db
      .updateTable('watermarks')
      .set({ ...values, modified: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  }

  /** Deletes a watermark; false for an unknown id. */
  async delete(id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('watermarks').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
