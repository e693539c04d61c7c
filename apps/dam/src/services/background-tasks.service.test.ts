/**
 * Running background tasks (the `background-task` job): resuming after a crash, recording an asset that fails, and
 * stopping when the job is taken over (its signal aborts). The HTTP side is routes/background-tasks/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../testing/harness.ts';
import { requestsFor, sample } from '../testing/requests.ts';
import { BackgroundTasksRepository } from '../repositories/background-tasks.repository.ts';

let sut: TestDam;
const { upload, get, patch } = requestsFor(() => sut);
const REFERENCE = sample('iptc-xmp/IPTC-PhotometadataRef-Std2019.1_resized.jpg');

beforeAll(async () => {
  sut = await createTestDam();
  // Two assets in `batch` already edited once (as a metadata-edit task leaves them), and one with two revisions in
  // `history` (revision 1 as ingested, then a title change).
  for (const file of ['iptc-xmp/iptc-staff-photographer-example.jpg', 'iptc-xmp/BlueSquare.jpg']) {
    expect((await patch(await upload(sample(file), 'batch'), { 25: { value: ['batch', 'edited'] } })).statusCode).toBe(200);
  }
  const url = await upload(REFERENCE, 'history');
  expect((await patch(url, { 5: { value: 'Retitled' } })).statusCode).toBe(200);
  await sut.ctx.worker.drain();
});
afterAll(async () => {
  await sut?.close();
});

describe('running a task', () => {
  it('continues a task after a crash: assets with a result are not edited again', async () => {
    const done = '/fotoweb/archives/5000-Photos/batch/BlueSquare.jpg.info';
    const unedited = '/fotoweb/archives/5000-Photos/batch/iptc-staff-photographer-example.jpg.info';
    const ids = await Promise.all([done, unedited].map(async (href) => Number((await get(href)).uniqueid)));
    const counts = await Promise.all([done, unedited].map(async (href) => (await get(href)).revisioncount));
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const tasks = new BackgroundTasksRepository(sut.ctx.database.db);
    const request = {
      assets: [
        { href: done, assetId: ids[0] },
        { href: unedited, assetId: ids[1] },
      ],
      fields: { 40: { value: 'Resumed' } },
    };
    await tasks.create({ id: 'resumed-task', userId: admin.id, type: 'metadata-edit', request, total: 2 });
    await tasks.appendResult('resumed-task', { href: done, done: true, 'changed-fields': [], 'changed-builtinFields': [], error: null });
    await sut.ctx.backgroundTasks.run('resumed-task');
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/resumed-task');
    expect(status.job).toMatchObject({ status: 'done', progress: { done: 2, total: 2 } });
    expect(status.job.result[1]).toMatchObject({ href: unedited, done: true, 'changed-fields': [{ field: 40, value: 'Resumed' }] });
    expect((await get(done)).revisioncount).toBe(counts[0]);
    expect((await get(unedited)).revisioncount).toBe(counts[1]! + 1);
  });

  it('records an asset whose duplicate cannot be made as failed, and ends the task failed when none succeeded', async () => {
    const href = `/fotoweb/archives/5000-Photos/history/${path.basename(REFERENCE.path)}.info`;
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'history', path.basename(REFERENCE.path)))!;
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const file = sut.ctx.files.localPath(row.storage_key);
    await new BackgroundTasksRepository(sut.ctx.database.db).create({
      id: 'lost-file',
      userId: admin.id,
      type: 'duplicate',
      request: { assets: [{ href, assetId: row.id }] },
      total: 1,
    });
    fs.renameSync(file, `${file}.away`);
    try {
      await sut.ctx.backgroundTasks.run('lost-file');
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/lost-file');
    expect(status.job.status).toBe('failed');
    expect(status.job.result).toEqual([
      { href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value: 'TaskFailed', message: expect.stringContaining('no such file') } },
    ]);
  });
});

describe('background tasks taken over by another worker (the job signal aborts)', () => {
  const url = `/fotoweb/archives/5000-Photos/history/${path.basename(REFERENCE.path)}.info`;

  async function duplicateTask(id: string, count: number) {
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'history', path.basename(REFERENCE.path)))!;
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const assets = Array.from({ length: count }, (_, i) => ({ href: `${url}#${i}`, assetId: row.id }));
    await new BackgroundTasksRepository(sut.ctx.database.db).create({ id, userId: admin.id, type: 'duplicate', request: { assets }, total: count });
  }
  const copies = async () => (await get<{ assetCount: number }>('/fotoweb/archives/5000-Photos/history/', sut.adminToken)).assetCount;

  it('makes no copy and records nothing when the signal has already aborted', async () => {
    await duplicateTask('aborted-before', 1);
    const before = await copies();
    await expect(sut.ctx.backgroundTasks.run('aborted-before', AbortSignal.abort(new Error('taken over')))).rejects.toThrow('taken over');
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/aborted-before');
    expect(status.job).toMatchObject({ status: 'pending', progress: { done: 0, total: 1 }, result: [] });
    expect(await copies()).toBe(before);
  });

  it('records the copy it made, then stops before the next asset once the signal aborts', async () => {
    await duplicateTask('aborted-midway', 2);
    const before = await copies();
    const takeover = new AbortController();
    // The real copy, after which the job is taken over (as when a heartbeat renewal fails mid-task).
    const duplicate = sut.ctx.ingest.duplicate.bind(sut.ctx.ingest);
    let copiesMade = 0;
    const spy = vi.spyOn(sut.ctx.ingest, 'duplicate').mockImplementation(async (request) => {
      const copy = await duplicate(request);
      copiesMade++;
      takeover.abort(new Error('taken over'));
      return copy;
    });
    try {
      await expect(sut.ctx.backgroundTasks.run('aborted-midway', takeover.signal)).rejects.toThrow('taken over');
    } finally {
      spy.mockRestore();
    }
    expect(copiesMade).toBe(1);
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/aborted-midway');
    expect(status.job).toMatchObject({ status: 'inProgress', progress: { done: 1, total: 2 } });
    expect(status.job.result[0]).toMatchObject({ href: `${url}#0`, done: true });
    expect(await copies()).toBe(before + 1);

    // The worker that took the job over finishes it without copying the first asset again.
    await sut.ctx.backgroundTasks.run('aborted-midway');
    const done = await get<TaskStatus>('/fotoweb/me/background-tasks/aborted-midway');
    expect(done.job).toMatchObject({ status: 'done', progress: { done: 2, total: 2 } });
    expect(await copies()).toBe(before + 2);
  });
});
