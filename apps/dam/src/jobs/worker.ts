import { randomUUID } from 'node:crypto';
import type { JobRow } from '../db/schema.ts';
import type { JobsRepository } from '../repositories/jobs.repository.ts';

/** A job handler: does the work for one claimed job; throwing makes the job retry (then fail). */
export type JobHandler = (job: JobRow) => Promise<void>;

/** Minimal logger the worker reports to. */
export interface WorkerLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Idle poll interval when the queue is empty (ms); an enqueue in this process wakes the worker at once. */
export const JOB_IDLE_POLL_MS = 1_000;
/** Delay before retrying a failed job (ms). */
export const JOB_RETRY_DELAY_MS = 5_000;

/**
 * Runs background jobs from the jobs table with `concurrency` loops in this process. Each loop claims one job at
 * a time (`FOR UPDATE SKIP LOCKED`), so any number of processes can share the queue.
 */
export class JobWorker {
  private readonly id = `worker-${randomUUID()}`;
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
    const workerId = `${this.id}-${index}`;
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
        const handler = this.handlers[job.kind];
        if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
        await handler(job);
        await this.jobs.complete(job.id);
      } catch (error) {
        const outcome = await this.jobs.fail(job, (error as Error).stack ?? String(error), JOB_RETRY_DELAY_MS).catch(() => 'failed');
        this.log.error({ err: error, jobId: job.id, kind: job.kind, outcome }, 'background job failed');
      } finally {
        this.active--;
      }
    }
  }
}
