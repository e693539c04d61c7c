import { sql, type Kysely } from 'kysely';
import type { Database, UploadMetadataField, UploadRow, UploadsTable } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';

/** An upload to insert: everything but what the database and the upload's progress set. */
export type NewUpload = Omit<UploadRow, 'created' | 'modified' | 'received' | 'status' | 'asset_id' | 'error' | 'target_asset_id' | 'comment' | 'metadata' | 'original_key'> &
  Partial<Pick<UploadRow, 'target_asset_id' | 'comment'>> & {
    /** The metadata fields given with the upload (none: empty). */
    metadata: UploadMetadataField[];
  };

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
      .values({ ...upload, metadata: JSON.stringify(upload.metadata), received: '[]', status: 'awaitingData', error: null })
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
    return inTransaction(this.db, async (trx) => {
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
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  /** How many uploads into the archive are not finished (awaiting data, pending or in progress). */
  async countUnfinishedIn(archiveId: number): Promise<number> {
    const row = await this.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('archive_id', '=', archiveId)
      .where('status', 'in', ['awaitingData', 'pending', 'inProgress'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Points the unfinished uploads into archive `from` at archive `to` (its assets are moving there). */
  async moveUnfinished(from: number, to: number): Promise<void> {
    await this.db.updateTable('uploads').set({ archive_id: to }).where('archive_id', '=', from).where('status', 'in', ['awaitingData', 'pending', 'inProgress']).execute();
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

  /**
   * Moves the upload to a new status; `from` guards the transition so two requests cannot both take it. `original_key`
   * null clears the recorded original (the asset holds it now, or its files were removed).
   */
  async transition(
    id: string,
    from: UploadsTable['status'][],
    to: UploadsTable['status'],
    extra: { asset_id?: number | null; error?: { value: string; message: string } | null; original_key?: null } = {},
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('uploads')
      .set({
        status: to,
        modified: new Date(),
        ...(extra.asset_id !== undefined ? { asset_id: extra.asset_id } : {}),
        ...(extra.error !== undefined ? { error: JSON.stringify(extra.error) } : {}),
        ...(extra.original_key !== undefined ? { original_key: extra.original_key } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Records the metadata fields of an upload made before migration 0011 (read once from its old metadata.json). */
  async setMetadata(id: string, fields: UploadMetadataField[]): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ metadata: JSON.stringify(fields) })
      .where('id', '=', id)
      .where('metadata', 'is', null)
      .execute();
  }

  /**
   * Records the file store key the ingest is about to store the upload's original under (migration 0011), replacing
   * none: call it before anything is stored for the key, and settle an earlier recorded key first.
   * @returns false when another key is still recorded (an earlier run's, not settled) or the upload is gone.
   */
  async recordOriginalKey(id: string, key: string): Promise<boolean> {
    const result = await this.db.updateTable('uploads').set({ original_key: key }).where('id', '=', id).where('original_key', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Clears the recorded original key if it still is `key` (guarded, so two settlers cannot both act on one key).
   * @returns true when this call cleared it.
   */
  async clearOriginalKey(id: string, key: string): Promise<boolean> {
    const result = await this.db.updateTable('uploads').set({ original_key: null }).where('id', '=', id).where('original_key', '=', key).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * The asset whose current file or one of whose revisions is stored under `key`, or undefined when none is: a
   * recorded original that no asset holds is an orphan. Runs only to settle a recorded key (after a crash), so it
   * scans rather than keep an index on every asset's key.
   */
  async assetHoldingKey(key: string): Promise<number | undefined> {
    const current = await this.db.selectFrom('assets').select('id').where('storage_key', '=', key).executeTakeFirst();
    if (current) return current.id;
    const kept = await this.db.selectFrom('asset_revisions').select('asset_id').where('storage_key', '=', key).executeTakeFirst();
    return kept?.asset_id;
  }

  /**
   * Finished uploads (done or failed) last changed before `cutoff` that still record an original key: what a process
   * that died between finishing and clearing, or a job that was lost, left for the sweep.
   */
  findFinishedWithOriginalKey(cutoff: Date, limit: number): Promise<UploadRow[]> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('original_key', 'is not', null)
      .where('modified', '<', cutoff)
      .where('status', 'in', ['done', 'failed'])
      .orderBy('modified')
      .limit(limit)
      .execute();
  }
}
