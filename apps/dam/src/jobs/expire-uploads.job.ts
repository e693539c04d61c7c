import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { UploadsService } from '../services/uploads.service.ts';
import type { JobHandler, WorkerLogger } from './worker.ts';

/** The job kind that sweeps abandoned uploads ({@link UploadsService.expireAbandoned}). */
export const EXPIRE_UPLOADS_JOB = 'expire-uploads';

/** Longest wait between two offers of a sweep (ms): an upload expires at most this long after its time. */
export const UPLOAD_SWEEP_MAX_INTERVAL_MS = 60 * 60_000;

/**
 * The `expire-uploads` background job: one sweep of abandoned uploads (issue 9, bounded disk). It holds no state of
 * its own, so a failed sweep is simply offered again at the next interval.
 */
export function expireUploadsJob(deps: { uploads: Pick<UploadsService, 'expireAbandoned'> }): JobHandler {
  return async () => {
    await deps.uploads.expireAbandoned();
  };
}

/**
 * How often each DAM process offers a sweep (ms): half the upload expiry, so an upload is gone at most 1.5 × the
 * expiry after its last chunk, and at most {@link UPLOAD_SWEEP_MAX_INTERVAL_MS}; at least 1 s.
 * @param expirySeconds - `MAGPIE_UPLOAD_EXPIRY_SECONDS` (with 0, expiry is off and leftovers are swept hourly).
 */
export function uploadSweepIntervalMs(expirySeconds: number): number {
  if (expirySeconds <= 0) return UPLOAD_SWEEP_MAX_INTERVAL_MS;
  return Math.max(1_000, Math.min(UPLOAD_SWEEP_MAX_INTERVAL_MS, (expirySeconds * 1000) / 2));
}

/**
 * Queues one sweep unless one is already queued or running, in this process or any other sharing the database:
 * migration 0006's partial unique index `jobs_one_upload_sweep_idx` turns a second offer into a no-op (`ON
 * CONFLICT DO NOTHING`), so sweeps never pile up or run side by side. One attempt: the next offer is the retry.
 * (Written here rather than in jobs.repository.ts, which another change owns; it belongs there as
 * `enqueueUnlessPending(kind)` later.)
 * @returns true when this call queued the sweep.
 */
export async function offerUploadSweep(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({ kind: EXPIRE_UPLOADS_JOB, payload: '{}', max_attempts: 1 })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A periodic offer of sweeps; {@link UploadSweepSchedule.stop} ends it. */
export interface UploadSweepSchedule {
  stop(): void;
}

/**
 * Offers a sweep every `intervalMs` (the first one after one interval, so short-lived processes such as the import
 * CLI add nothing to the queue). The timer never keeps the process alive.
 * @param onQueued - called after this process queued a sweep (wakes the local worker).
 */
export function scheduleUploadSweeps(options: { db: Kysely<Database>; intervalMs: number; onQueued: () => void; log: WorkerLogger }): UploadSweepSchedule {
  const timer = setInterval(() => {
    offerUploadSweep(options.db)
      .then((queued) => {
        if (queued) options.onQueued();
      })
      .catch((error: unknown) => options.log.error({ err: error }, 'offering an upload sweep failed'));
  }, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
