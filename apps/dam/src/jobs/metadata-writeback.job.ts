import { sql, type Kysely } from 'kysely';
import type { Database, JobRow, WritebackStatus } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { AssetsRepository } from '../repositories/assets.repository.ts';
import type { FileStore } from '../storage/file-store.ts';
import { MetadataWriteError, writeMetadata } from '../media/writeback.ts';
import { withoutServerPaths } from '../lib/server-paths.ts';

/** Write-backs of one asset never overlap in this process: ExifTool replaces the file, the last rename would win. */
const running = new Map<number, Promise<void>>();

async function serialized(assetId: number, work: () => Promise<void>): Promise<void> {
  const before = running.get(assetId) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(work);
  running.set(assetId, mine);
  try {
    await mine;
  } finally {
    if (running.get(assetId) === mine) running.delete(assetId);
  }
}

/** Runs `work` while holding an asset's write-back lock; see {@link postgresAssetLock}. */
export type AssetLock = (assetId: number, work: () => Promise<void>) => Promise<void>;

/** The first key of the write-back's PostgreSQL advisory locks ('MW'); the second is the asset id. */
const WRITEBACK_LOCK_SPACE = 0x4d57;

/**
 * Write-backs of one asset across every DAM process sharing a PostgreSQL database: a transaction-scoped advisory
 * lock on (`WRITEBACK_LOCK_SPACE`, asset id) is held while `work` writes the file, so a slower process cannot rename
 * an older version of the file over a newer one. It holds one pooled connection for the write (ExifTool, usually
 * well under a second). Not for PGlite, whose one connection the work itself needs (one process there anyway).
 */
export function postgresAssetLock(db: Kysely<Database>): AssetLock {
  return (assetId, work) =>
    inTransaction(db, async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${WRITEBACK_LOCK_SPACE}::int, ${assetId}::int)`.execute(trx);
      await work();
    });
}

/** Rounds of write-then-record before giving the asset up to the next job (the asset kept changing meanwhile). */
const MAX_ROUNDS = 5;

/**
 * The `metadata-writeback` background job (issue 5 "Saving and writeback"): writes the values of the asset's
 * pending field ids (`writeback_fields`) into its original file with ExifTool, then records `written` and the new
 * file size, unless the asset changed meanwhile (then it writes again). A format ExifTool cannot write ends as
 * `unsupported` (the metadata stays in the database); other failures retry, and the last attempt records `failed`
 * with the reason. The content hash stays the hash of the file as received (docs/decisions.md). Write-backs of one
 * asset never overlap: within the process, and across processes through `lock` ({@link postgresAssetLock}). A run
 * taken over by another worker (`signal` aborted) stops before its next write or record; the run that took over
 * writes the pending fields again (writing the same values twice is harmless).
 * @throws MetadataWriteError `Failed` on a non-final attempt, so the worker retries.
 */
export function metadataWritebackJob(deps: { assets: AssetsRepository; files: FileStore; lock?: AssetLock | undefined }) {
  const acrossProcesses: AssetLock = deps.lock ?? ((_assetId, work) => work());
  const run = async (job: JobRow, signal?: AbortSignal): Promise<void> => {
    const { assetId } = job.payload as { assetId: number };
    await serialized(assetId, () =>
      acrossProcesses(assetId, async () => {
        for (let round = 0; round < MAX_ROUNDS; round++) {
          signal?.throwIfAborted();
          const asset = await deps.assets.findById(assetId);
          if (!asset || asset.writeback_fields.length === 0) return;
          const values = Object.fromEntries(asset.writeback_fields.map((id) => [id, asset.metadata[id] ?? null]));
          let status: WritebackStatus = 'written';
          let message: string | null = null;
          let filesize = asset.filesize;
          try {
            filesize = await writeMetadata(deps.files.localPath(asset.storage_key), asset.mime, values, asset.metadata);
          } catch (error) {
            if (!(error instanceof MetadataWriteError)) throw error;
            if (error.value === 'Unsupported') {
              status = 'unsupported';
              message = `The metadata is kept in Magpie only: ${withoutServerPaths(error.message)}`;
            } else if (job.attempts >= job.max_attempts) {
              status = 'failed';
              message = `The metadata could not be written into the file; it is kept in Magpie. ${withoutServerPaths(error.message)}`;
            } else {
              throw error;
            }
          }
          signal?.throwIfAborted();
          if (await deps.assets.finishWriteback(assetId, asset.modified, { status, message, filesize })) return;
        }
      }),
    );
  };
  /** The asset says its metadata stays in Magpie when every attempt's process died writing it (`JobHandler.giveUp`). */
  const giveUp = async (job: JobRow): Promise<void> => {
    const asset = await deps.assets.findById((job.payload as { assetId: number }).assetId);
    if (!asset || asset.writeback_fields.length === 0) return;
    const message = 'The metadata could not be written into the file (the server stopped each time it tried); it is kept in Magpie.';
    await deps.assets.finishWriteback(asset.id, asset.modified, { status: 'failed', message, filesize: asset.filesize });
  };
  return Object.assign(run, { giveUp });
}
