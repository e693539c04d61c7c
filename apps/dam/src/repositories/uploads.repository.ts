import { sql, type Kysely } from 'kysely';
import type { Database, UploadRow, UploadsTable } from '../db/schema.ts';

/** An upload to insert: everything but what the database and the upload's progress set. */
export type NewUpload = Omit<UploadRow, 'created' | 'modified' | 'received' | 'status' | 'asset_id' | 'error' | 'target_asset_id' | 'comment'> &
  Partial<Pick<UploadRow, 'target_asset_id' | 'comment'>>;

/** Statuses of an upload that is not finished: its declared bytes count against the user's cap. */
const UNFINISHED: UploadsTable['status'][] = ['awaitingData', 'pending', 'inProgress'];

/** The first key of the per-user advisory lock taken while checking the cap ('UQ'); the second is the user id. */
const UPLOAD_CAP_LOCK_SPACE = 0x5551;

/** Chunked uploads (FotoWeb API: Upload). */
export class UploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(upload: NewUpload): Promise<UploadRow> {
    return this.db
      .insertInto('uploads')
      .values({ ...upload, received: '[]', status: 'awaitingData', error: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /**
   * Creates an upload unless the user's unfinished uploads (awaiting data, pending or in progress), with this one,
   * would declare more than `capBytes` bytes; `capBytes` 0 means no cap. One user's creates are serialized by a
   * transaction-scoped advisory lock, so two parallel creates cannot both slip under the cap.
   * @returns the new upload, or `heldBytes` (bytes the user's unfinished uploads already declare) when refused.
   */
  async createWithinCap(upload: NewUpload, capBytes: number): Promise<{ upload: UploadRow } | { refused: true; heldBytes: number }> {
    if (capBytes === 0) return { upload: await this.create(upload) };
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${UPLOAD_CAP_LOCK_SPACE}::int, ${upload.user_id}::int)`.execute(trx);
      const { held } = await trx
        .selectFrom('uploads')
        .select(sql<number>`coalesce(sum(file_size), 0)::bigint`.as('held'))
        .where('user_id', '=', upload.user_id)
        .where('status', 'in', UNFINISHED)
        .executeTakeFirstOrThrow();
      if (Number(held) + upload.file_size > capBytes) return { refused: true as const, heldBytes: Number(held) };
      return { upload: await new UploadsRepository(trx).create(upload) };
    });
  }

  /**
   * Expires every upload that has awaited data since before `cutoff` (no chunk since then): status `failed` with
   * `error`. Guarded by the status, so an upload is expired once however many sweeps run.
   * @returns the ids of the uploads expired by this call.
   */
  async expireAwaitingSince(cutoff: Date, error: { value: string; message: string }): Promise<string[]> {
    const rows = await this.db
      .updateTable('uploads')
      .set({ status: 'failed', error: JSON.stringify(error), modified: new Date() })
      .where('status', '=', 'awaitingData')
      .where('modified', '<', cutoff)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** The uploads with these ids (unknown ids are left out). */
  async findByIds(ids: readonly string[]): Promise<UploadRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('uploads').selectAll().where('id', 'in', [...ids]).execute();
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
