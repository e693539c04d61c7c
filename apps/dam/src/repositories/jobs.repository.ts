import { sql, type Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema.ts';

/** How long a running job may stay locked before another worker takes it over (ms): a crashed worker's job. */
export const JOB_LOCK_TIMEOUT_MS = 10 * 60_000;

/**
 * The background-job table. Workers claim with `FOR UPDATE SKIP LOCKED`, so several DAM processes on PostgreSQL
 * share the queue without taking the same job, and a job left `running` by a crash is claimed again once its lock
 * is older than {@link JOB_LOCK_TIMEOUT_MS} (architecture.md: Data and scale).
 */
export class JobsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(kind: string, payload: Record<string, unknown>, options: { maxAttempts?: number } = {}): Promise<number> {
    const row = await this.db
      .insertInto('jobs')
      .values({ kind, payload: JSON.stringify(payload), max_attempts: options.maxAttempts ?? 3 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Claims the oldest runnable job for `workerId`, or answers undefined when there is none. */
  async claim(workerId: string): Promise<JobRow | undefined> {
    const staleBefore = new Date(Date.now() - JOB_LOCK_TIMEOUT_MS);
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'queued' AND run_after <= now()) OR (status = 'running' AND locked_at < ${staleBefore})
        ORDER BY id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING *`.execute(this.db);
    return result.rows[0];
  }

  async complete(id: number): Promise<void> {
    await this.db.updateTable('jobs').set({ status: 'done', finished: new Date(), locked_at: null, locked_by: null }).where('id', '=', id).execute();
  }

  /** Records a failure: the job is retried after `retryDelayMs` until it has used its attempts, then fails for good. */
  async fail(job: JobRow, error: string, retryDelayMs: number): Promise<'retry' | 'failed'> {
    const final = job.attempts >= job.max_attempts;
    await this.db
      .updateTable('jobs')
      .set({
        status: final ? 'failed' : 'queued',
        last_error: error.slice(0, 2000),
        run_after: new Date(Date.now() + retryDelayMs),
        locked_at: null,
        locked_by: null,
        finished: final ? new Date() : null,
      })
      .where('id', '=', job.id)
      .execute();
    return final ? 'failed' : 'retry';
  }

  /**
   * Releases every job held by a worker of this process that is gone (embedded mode: at start no other process can
   * hold a job, so every `running` job was interrupted by a crash or stop).
   */
  async requeueInterrupted(): Promise<number> {
    const result = await this.db.updateTable('jobs').set({ status: 'queued', locked_at: null, locked_by: null }).where('status', '=', 'running').executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  countPending(): Promise<number> {
    return this.db
      .selectFrom('jobs')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}
