import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { waitUntil } from '../testing/dam-process.ts';
import { JOB_LOCK_TIMEOUT_MS } from '../repositories/jobs.repository.ts';
import { JOB_GIVEN_UP_REASON, JOB_HEARTBEAT_INTERVAL_MS, JobLockLostError, JobWorker } from './worker.ts';

let dam: TestDam;
beforeAll(async () => {
  dam = await createTestDam({ MAGPIE_WORKERS: '0' });
});
afterAll(() => dam.close());

/** Makes a running job's last heartbeat `ageMs` old, as if its worker had stopped renewing it that long ago. */
async function heartbeatAge(jobId: number, ageMs: number) {
  await sql`UPDATE jobs SET heartbeat_at = now() - ${ageMs}::int * interval '1 millisecond' WHERE id = ${jobId}`.execute(dam.ctx.database.db);
}

const jobRow = (id: number) => dam.ctx.database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('job locks with a heartbeat (issue 9)', () => {
  it('leaves a job with a recent heartbeat to its worker, and hands over one whose heartbeat is stale', async () => {
    const sut = dam.ctx.repos.jobs;
    const id = await sut.enqueue('lease-test', {});
    const first = (await sut.claim('first'))!;
    expect(first).toMatchObject({ id, status: 'running', locked_by: 'first', attempts: 1 });

    expect(await sut.claim('second')).toBeUndefined();
    await heartbeatAge(id, JOB_LOCK_TIMEOUT_MS - 2_000);
    expect(await sut.claim('second')).toBeUndefined();
    expect(await sut.renew(first, 'first')).toBe(true);

    await heartbeatAge(id, JOB_LOCK_TIMEOUT_MS + 1_000);
    const second = (await sut.claim('second'))!;
    expect(second).toMatchObject({ id, status: 'running', locked_by: 'second', attempts: 2 });
    expect(await sut.complete(second, 'second')).toBe(true);
  });

  it('lets a worker whose job was taken over neither renew, complete nor fail it (fencing)', async () => {
    const sut = dam.ctx.repos.jobs;
    const id = await sut.enqueue('lease-test', {});
    const first = (await sut.claim('first'))!;
    await heartbeatAge(id, JOB_LOCK_TIMEOUT_MS + 1_000);
    const second = (await sut.claim('second'))!;
    expect(second.id).toBe(id);

    expect(await sut.renew(first, 'first')).toBe(false);
    expect(await sut.complete(first, 'first')).toBe(false);
    expect(await sut.fail(first, 'first', 'boom', 0)).toBe('lost');
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'second', attempts: 2, last_error: null });

    // The same worker name with an older claim (attempts) is not the holder either.
    expect(await sut.complete({ id, attempts: 1 }, 'second')).toBe(false);
    expect(await sut.complete(second, 'second')).toBe(true);
    expect(await jobRow(id)).toMatchObject({ status: 'done', locked_by: null, heartbeat_at: null });
  });

  it('renews the lock while a job runs, and aborts the handler and records nothing once the job is taken over', async () => {
    const events: string[] = [];
    let started: (() => void) | undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    let abortReason: unknown;
    const handler = async (_job: unknown, signal: AbortSignal) => {
      started!();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      abortReason = signal.reason;
      throw signal.reason;
    };
    const sut = new JobWorker(
      dam.ctx.repos.jobs,
      { 'lease-test-run': handler },
      { info: (_o, msg) => events.push(`info ${msg}`), error: (_o, msg) => events.push(`error ${msg}`) },
      1,
    );
    const id = await dam.ctx.repos.jobs.enqueue('lease-test-run', {});
    sut.start();
    try {
      await running;
      const claimed = await jobRow(id);
      expect(claimed.status).toBe('running');

      // The heartbeat moves on while the handler works.
      await waitUntil('a heartbeat', JOB_HEARTBEAT_INTERVAL_MS * 2, async () => (await jobRow(id)).heartbeat_at!.getTime() > claimed.heartbeat_at!.getTime());

      // Another process takes the job over (as after a stale heartbeat): the handler is told at the next heartbeat.
      await sql`UPDATE jobs SET locked_by = 'another-process', attempts = attempts + 1, heartbeat_at = now() WHERE id = ${id}`.execute(dam.ctx.database.db);
      await waitUntil('the handler to be aborted', JOB_HEARTBEAT_INTERVAL_MS * 2, () => abortReason !== undefined);
      expect(abortReason).toBeInstanceOf(JobLockLostError);
      await waitUntil('the worker to let the job go', 5_000, () => events.some((e) => e.includes('no longer held by this worker')));
    } finally {
      await sut.stop();
    }
    // The handler threw after the abort, yet nothing was recorded: the job is the other process's.
    expect(await jobRow(id)).toMatchObject({ status: 'running', locked_by: 'another-process', last_error: null });
    expect(events.filter((e) => e.startsWith('error'))).toEqual([]);
  }, 60_000);

  it('gives up, without running it again, a job whose process died during every allowed attempt', async () => {
    const ran: number[] = [];
    const givenUp: string[] = [];
    const handler = Object.assign(async (job: { id: number }) => void ran.push(job.id), {
      giveUp: async (_job: unknown, reason: string) => void givenUp.push(reason),
    });
    const id = await dam.ctx.repos.jobs.enqueue('lease-test-crash', {}, { maxAttempts: 2 });
    // Two claims whose processes died (as a native crash or an OOM kill would leave them): the last allowed attempt.
    for (const worker of ['crashed-1', 'crashed-2']) {
      expect(await dam.ctx.repos.jobs.claim(worker)).toMatchObject({ id, locked_by: worker });
      await heartbeatAge(id, JOB_LOCK_TIMEOUT_MS + 1_000);
    }
    const sut = new JobWorker(dam.ctx.repos.jobs, { 'lease-test-crash': handler }, { info: () => {}, error: () => {} }, 1);
    sut.start();
    try {
      await waitUntil('the job to be given up', 10_000, async () => (await jobRow(id)).status === 'failed');
    } finally {
      await sut.stop();
    }
    expect(ran).toEqual([]);
    expect(givenUp).toEqual([JOB_GIVEN_UP_REASON]);
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, last_error: JOB_GIVEN_UP_REASON, locked_by: null });
  }, 60_000);
});
