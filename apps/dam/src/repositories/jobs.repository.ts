import { sql, type Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema.ts';

/**
 * How long a running job's lock may go without a heartbeat before another worker takes the job over (ms): its
 * process died (`kill -9`, a lost machine). Workers renew every `JOB_HEARTBEAT_INTERVAL_MS` (5 s, jobs/worker.ts), so
 * this is five missed heartbeats; with the 1 s idle poll a dead process's job is running again at most 26 s after
 * the death (issue 9: "taken over by another process within 30 s"). Compared on the database's clock only, so the
 * clocks of the DAM machines do not matter.
 */
export const JOB_LOCK_TIMEOUT_MS = 25_000;

/** The lease a worker holds on a claimed job: it still owns the job while the row carries both values. */
export type JobLease = Pick<JobRow, 'id' | 'attempts'>;

/**
 * The background-job table. Workers claim with `FOR UPDATE SKIP LOCKED`, so several DAM processes on PostgreSQL
 * share the queue without taking the same job. The worker running a job renews its lock ({@link JobsRepository.renew}); a job left
 * `running` whose heartbeat is older than {@link JOB_LOCK_TIMEOUT_MS} is claimed again (architecture.md: Data and
 * scale). A claim increments `attempts` and writes `locked_by`: together they fence the holder, so renewing,
 * completing and failing a job all answer whether the caller still held it, and a worker whose job was taken over
 * can change nothing of it.
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

  /**
   * Claims the oldest runnable job for `workerId`: a queued job whose `run_after` has come, or a running job whose
   * heartbeat is older than {@link JOB_LOCK_TIMEOUT_MS} (taken over; this counts as an attempt). Answers undefined
   * when there is none.
   */
  async claim(workerId: string): Promise<JobRow | undefined> {
    const result = await sql<JobRow>`
      UPDATE jobs SET status = 'running', locked_at = now(), heartbeat_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (status = 'queued' AND run_after <= now())
           OR (status = 'running' AND coalesce(heartbeat_at, locked_at) < now() - ${JOB_LOCK_TIMEOUT_MS}::int * interval '1 millisecond')
        ORDER BY id
        FOR UPDATE SKIP LOCKED
        LIMIT 1)
      RETURNING *`.execute(this.db);
    return result.rows[0];
  }

  /** The fence: the job is still running under this worker's claim (not taken over since). */
  private held(lease: JobLease, workerId: string) {
    return this.db.updateTable('jobs').where('id', '=', lease.id).where('status', '=', 'running').where('locked_by', '=', workerId).where('attempts', '=', lease.attempts);
  }

  /**
   * Renews the lock of a job this worker runs (the heartbeat).
   * @returns false when the job is no longer this worker's: another worker took it over.
   */
  async renew(lease: JobLease, workerId: string): Promise<boolean> {
    const result = await this.held(lease, workerId)
      .set({ heartbeat_at: sql`now()` })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Marks a job done, if this worker still holds it.
   * @returns false when another worker took the job over (its outcome is that worker's to record).
   */
  async complete(lease: JobLease, workerId: string): Promise<boolean> {
    const result = await this.held(lease, workerId).set({ status: 'done', finished: new Date(), locked_at: null, locked_by: null, heartbeat_at: null }).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Records a failure, if this worker still holds the job: it is retried after `retryDelayMs` until it has used its
   * attempts, then fails for good.
   * @returns `lost` (nothing recorded) when another worker took the job over.
   */
  async fail(job: JobRow, workerId: string, error: string, retryDelayMs: number): Promise<'retry' | 'failed' | 'lost'> {
    const final = job.attempts >= job.max_attempts;
    const result = await this.held(job, workerId)
      .set({
        status: final ? 'failed' : 'queued',
        last_error: error.slice(0, 2000),
        run_after: new Date(Date.now() + retryDelayMs),
        locked_at: null,
        locked_by: null,
        heartbeat_at: null,
        finished: final ? new Date() : null,
      })
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return 'lost';
    return final ? 'failed' : 'retry';
  }

  /**
   * Releases every running job at once (embedded mode only: at start no other process can hold a job, so every
   * `running` job was interrupted by a crash or stop and need not wait for {@link JOB_LOCK_TIMEOUT_MS}).
   */
  async requeueInterrupted(): Promise<number> {
    const result = await this.db
      .updateTable('jobs')
      .set({ status: 'queued', locked_at: null, locked_by: null, heartbeat_at: null })
      .where('status', '=', 'running')
      .executeTakeFirst();
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
