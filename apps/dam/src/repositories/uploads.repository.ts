import { sql, type Kysely } from 'kysely';
import type { Database, UploadRow, UploadsTable } from '../db/schema.ts';

/** Chunked uploads (FotoWeb API: Upload). */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(upload: Omit<UploadRow, 'created' | 'modified' | 'received' | 'status' | 'asset_id' | 'error' | 'target_asset_id' | 'comment'> & Partial<Pick<UploadRow, 'target_asset_id' | 'comment'>>): Promise<UploadRow> {
    return this.db
      .insertInto('uploads')
      .values({ ...upload, received: '[]', status: 'awaitingData', error: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Records a received chunk atomically and answers the upload after the change, or undefined when the chunk
   * index had already been recorded (a duplicate).
   */
  async markChunkReceived(id: string, index: number): Promise<UploadRow | undefined> {
    const result = await sql<UploadRow>`
      UPDATE uploads SET received = received || to_jsonb(${index}::int), modified = now()
      WHERE id = ${id} AND status = 'awaitingData' AND NOT (received @> to_jsonb(${index}::int))
      RETURNING *`.execute(this.db);
    return result.rows[0];
  }

  /** Moves the upload to a new status; `from` guards the transition so two requests cannot both take it. */
  async transition(
    id: string,
    from: UploadsTable['status'][],
    to: UploadsTable['status'],
    extra: { asset_id?: number | null; error?: { value: string; message: string } | null } = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({
        status: to,
        modified: new Date(),
        ...(extra.asset_id !== undefined ? { asset_id: extra.asset_id } : {}),
        ...(extra.error !== undefined ? { error: JSON.stringify(extra.error) } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
