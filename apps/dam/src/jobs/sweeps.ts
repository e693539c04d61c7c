import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { WorkerLogger } from './worker.ts';

/**
 * Periodic sweeps (abandoned uploads, issue 9; the trash's expired entries, issue 13): every DAM process offers a
 * one-attempt job of the sweep's kind at an interval, and a partial unique index on `jobs (kind)` for queued or
 * running jobs of that kind (migrations 0006 and 0018) turns every offer but one into a no-op, so sweeps never pile
 * up or run side by side. The job holds no state: a failed sweep is simply offered again at the next interval.
 */

/**
 * Queues one sweep of `kind` unless one is already queued or running (`ON CONFLICT DO NOTHING` on the kind's partial
 * unique index; a kind without one would queue every offer).
 * @returns true when this call queued the sweep.
 */
export async function offerSweep(db: Kysely<Database>, kind: string): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({ kind, payload: '{}', max_attempts: 1 })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** What {@link scheduleSweeps} needs: the database, the job kind, the interval (ms), a wake-up and a log. */
export interface SweepScheduleOptions {
  db: Kysely<Database>;
  kind: string;
  /** Milliseconds between two offers. */
  intervalMs: number;
  /** Called after this process queued a sweep (wakes the local worker). */
  onQueued: () => void;
  log: WorkerLogger;
}

/** A periodic offer of sweeps; {@link SweepSchedule.stop} ends it. */
export interface SweepSchedule {
  stop(): void;
}

/**
 * Offers a sweep every `intervalMs` (the first one after one interval, so short-lived processes such as the import
 * CLI add nothing to the queue). The timer never keeps the process alive.
 */
export function scheduleSweeps(options: SweepScheduleOptions): SweepSchedule {
  const timer = setInterval(() => {
    offerSweep(options.db, options.kind)
      .then((queued) => {
        if (queued) options.onQueued();
      })
      .catch((error: unknown) => options.log.error({ err: error, kind: options.kind }, 'offering a sweep failed'));
  }, options.intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/**
 * Deletes the finished runs of the sweep `kind` that ended more than `olderThanMs` ago (a sweep offered every minute
 * would otherwise leave 1,440 rows a day). Failed runs stay for a while longer like any failed job: only `done` goes.
 * @returns how many rows went.
 */
export async function forgetFinishedSweeps(db: Kysely<Database>, kind: string, olderThanMs: number): Promise<number> {
  const result = await db
    .deleteFrom('jobs')
    .where('kind', '=', kind)
    .where('status', '=', 'done')
    .where('finished', '<', new Date(Date.now() - olderThanMs))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
