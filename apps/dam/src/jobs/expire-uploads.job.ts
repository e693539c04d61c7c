import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { UploadsService } from '../services/uploads.service.ts';
import type { JobHandler } from './worker.ts';
import { offerSweep, scheduleSweeps, type SweepSchedule, type SweepScheduleOptions } from './sweeps.ts';

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
 * Queues one upload sweep unless one is already queued or running, in this process or any other sharing the database
 * ({@link offerSweep} with migration 0006's index `jobs_one_upload_sweep_idx`).
 * @returns true when this call queued the sweep.
 */
export function offerUploadSweep(db: Kysely<Database>): Promise<boolean> {
  return offerSweep(db, EXPIRE_UPLOADS_JOB);
}

/** A periodic offer of upload sweeps ({@link scheduleSweeps} of `expire-uploads`); `stop()` ends it. */
export function scheduleUploadSweeps(options: Omit<SweepScheduleOptions, 'kind'>): SweepSchedule {
  return scheduleSweeps({ ...options, kind: EXPIRE_UPLOADS_JOB });
}
