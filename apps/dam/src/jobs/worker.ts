import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { JobRow } from '../db/schema.ts';
import { JOB_LOCK_TIMEOUT_MS, type JobsRepository } from '../repositories/jobs.repository.ts';

/**
 * A job handler: does the work for one claimed job; throwing makes the job retry (then fail).
 *
 * `signal` aborts (reason: {@link JobLockLostError}) when this worker no longer holds the job: another process took
 * it over, or the lock could not be renewed for {@link JOB_LOCK_GIVE_UP_MS}. A handler should check it before each
 * step that changes something and stop there; whatever it does after the abort is not recorded as the job's outcome.
 * Because a job can be taken over half done, handlers must be idempotent: a second run finishes what the first began
 * and never does it twice.
 */
export type JobHandler = ((job: JobRow, signal: AbortSignal) => Promise<void>) & {
  /**
   * Records, where the job's user sees it (an upload's status, an asset's write-back status), that the job was
   * given up without running again: every allowed attempt ended with its process dying (a native crash, an
   * out-of-memory kill), so running it once more would likely kill another process. Optional; the job is marked
   * failed either way.
   */
  giveUp?: (job: JobRow, reason: string) => Promise<void>;
  /**
   * How long to wait before the next attempt after attempt number `job.attempts` failed (ms): a back-off of the
   * handler's own (mail waits longer and longer for an SMTP server that is down). Optional; without it every retry
   * waits {@link JOB_RETRY_DELAY_MS}.
   */
  retryDelayMs?: (job: JobRow) => number;
};

/** The error text of a job given up because its processes died during every allowed attempt. */
export const JOB_GIVEN_UP_REASON = 'Every allowed attempt of this job ended with its process stopping; it is not run again.';

/** Minimal logger the worker reports to. */
export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Idle poll interval when the queue is empty (ms); an enqueue in this process wakes the worker at once. */
export const JOB_IDLE_POLL_MS = 1_000;
/** Delay before retrying a failed job (ms), unless its handler has a back-off of its own (`JobHandler.retryDelayMs`). */
export const JOB_RETRY_DELAY_MS = 5_000;
/**
 * How often a worker renews the lock of the job it runs (ms): the heartbeat that tells other processes the job's
 * process is alive. Five of them fit in {@link JOB_LOCK_TIMEOUT_MS}, so a slow database round trip or a busy moment
 * never lets a live job be taken over.
 */
export const JOB_HEARTBEAT_INTERVAL_MS = 5_000;
/**
 * How long a worker keeps treating a job as its own without a successful renewal (ms), e.g. while the database is
 * unreachable. It is 10 s shorter than {@link JOB_LOCK_TIMEOUT_MS}, measured from when the last successful renewal
 * was sent (never later than the database stamped it): the worker stops (aborts the handler) before any other
 * process may take the job over, so the two never both believe they run it.
 */
export const JOB_LOCK_GIVE_UP_MS = JOB_LOCK_TIMEOUT_MS - 10_000;

/** Why a job's handler was aborted: this worker lost the job's lock. */
export class JobLockLostError extends Error {
  constructor(
    readonly jobId: number,
    reason: string,
  ) {
    super(`Background job ${jobId} is no longer held by this worker: ${reason}.`);
    this.name = 'JobLockLostError';
  }
}

/**
 * Runs background jobs from the jobs table with `concurrency` loops in this process. Each loop claims one job at
 * a time (`FOR UPDATE SKIP LOCKED`), so any number of processes can share the queue. While a job runs its loop
 * renews the job's lock every {@link JOB_HEARTBEAT_INTERVAL_MS}; when the job turns out to be taken over, the handler
 * is aborted and the job's outcome is left to the worker that holds it now (see {@link JobsRepository}).
 */
export class JobWorker {
  /** Names this process in `jobs.locked_by` (`host:pid:random:loop`), so an operator sees who holds a job. */
  private readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private running = false;
  private wake: (() => void) | undefined;
  private readonly loops: Promise<void>[] = [];
  private idleWaiters: Array<() => void> = [];
  private active = 0;

  constructor(
    private readonly jobs: JobsRepository,
    private readonly handlers: Record<string, JobHandler>,
    private readonly log: WorkerLogger,
    private readonly concurrency = 2,
  ) {}

  /** Starts the loops (no-op when already running or with concurrency 0). */
  start(): void {
    if (this.running || this.concurrency === 0) return;
    this.running = true;
    for (let i = 0; i < this.concurrency; i++) this.loops.push(this.loop(i));
  }

  /** Wakes idle loops, e.g. right after a job was queued. */
  notify(): void {
    this.wake?.();
  }

  /** Stops after the jobs in hand finish. */
  async stop(): Promise<void> {
    this.running = false;
    this.notify();
    await Promise.all(this.loops);
    this.loops.length = 0;
  }

  /** Resolves when the queue is empty and no job is in hand (tests, the import CLI). */
  async drain(): Promise<void> {
    for (;;) {
      if (this.active === 0 && (await this.jobs.countPending()) === 0) return;
      await new Promise<void>((resolve) => {
        this.idleWaiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  private async sleep(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      const previous = this.wake;
      this.wake = () => {
        clearTimeout(timer);
        previous?.();
        resolve();
      };
    });
    this.wake = undefined;
  }

  private async loop(index: number): Promise<void> {
    const workerId = `${this.id}:${index}`;
    while (this.running) {
      let job: JobRow | undefined;
      try {
        job = await this.jobs.claim(workerId);
      } catch (error) {
        this.log.error({ err: error }, 'claiming a job failed');
      }
      if (!job) {
        for (const resolve of this.idleWaiters.splice(0)) resolve();
        await this.sleep(JOB_IDLE_POLL_MS);
        continue;
      }
      this.active++;
      try {
        await this.run(job, workerId);
      } finally {
        this.active--;
      }
    }
  }

  /** Runs one claimed job under its heartbeat and records the outcome, unless the job was taken over meanwhile. */
  private async run(job: JobRow, workerId: string): Promise<void> {
    const handler = this.handlers[job.kind];
    if (job.attempts > job.max_attempts) return this.giveUp(job, workerId, handler);
    const heartbeat = this.heartbeat(job, workerId);
    let failure: { error: unknown } | undefined;
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler(job, heartbeat.signal);
    } catch (error) {
      failure = { error };
    } finally {
      heartbeat.stop();
    }
    const lost = (reason: unknown = 'another worker took it over') =>
      this.log.info({ jobId: job.id, kind: job.kind, reason: String(reason) }, 'background job no longer held by this worker; its outcome is left to the worker that took it over');
    if (heartbeat.signal.aborted) return lost(heartbeat.signal.reason);
    try {
      if (!failure) {
        if (!(await this.jobs.complete(job, workerId))) lost();
        return;
      }
      const { error } = failure;
      const retryDelayMs = handler?.retryDelayMs?.(job) ?? JOB_RETRY_DELAY_MS;
      const outcome = await this.jobs.fail(job, workerId, (error as Error).stack ?? String(error), retryDelayMs);
      if (outcome === 'lost') return lost();
      this.log.error({ err: error, jobId: job.id, kind: job.kind, outcome }, 'background job failed');
    } catch (error) {
      // The database is unreachable: the job stays running and is taken over once its heartbeat is stale.
      this.log.error({ err: error, jobId: job.id, kind: job.kind, handlerError: failure?.error }, 'recording a background job outcome failed');
    }
  }

  /**
   * A job taken over after its last allowed attempt (only a takeover claims a job past `max_attempts`): its
   * processes died during every attempt, so it is marked failed without running, and its handler's `giveUp` tells
   * the user. Never throws: a database failure leaves the job to be taken over again.
   */
  private async giveUp(job: JobRow, workerId: string, handler: JobHandler | undefined): Promise<void> {
    this.log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts - 1 }, 'background job given up: its process stopped during every attempt');
    try {
      await handler?.giveUp?.(job, JOB_GIVEN_UP_REASON);
      await this.jobs.fail(job, workerId, JOB_GIVEN_UP_REASON, 0);
    } catch (error) {
      this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'recording a given-up background job failed');
    }
  }

  /**
   * Renews the job's lock every {@link JOB_HEARTBEAT_INTERVAL_MS} until stopped. The signal aborts when a renewal
   * finds the job taken over, or when no renewal succeeded for {@link JOB_LOCK_GIVE_UP_MS} (times on the monotonic
   * clock, from when a renewal was sent).
   */
  private heartbeat(job: JobRow, workerId: string): { signal: AbortSignal; stop(): void } {
    const controller = new AbortController();
    let renewedAt = performance.now();
    let renewing = false;
    let stopped = false;
    const lose = (reason: string) => {
      clearInterval(timer);
      if (!stopped && !controller.signal.aborted) controller.abort(new JobLockLostError(job.id, reason));
    };
    const timer = setInterval(() => {
      if (performance.now() - renewedAt > JOB_LOCK_GIVE_UP_MS) return lose(`its lock could not be renewed for ${JOB_LOCK_GIVE_UP_MS} ms`);
      if (renewing) return;
      renewing = true;
      const sentAt = performance.now();
      this.jobs
        .renew(job, workerId)
        .then(
          (held) => (held ? (renewedAt = sentAt) : lose('another worker took it over')),
          (error: unknown) => this.log.error({ err: error, jobId: job.id }, 'renewing a background job lock failed'),
        )
        .finally(() => {
          renewing = false;
        });
    }, JOB_HEARTBEAT_INTERVAL_MS);
    return {
      signal: controller.signal,
      stop: () => {
        stopped = true;
        clearInterval(timer);
      },
    };
  }
}
