/** Background tasks (`/fotoweb/me/background-tasks/`; fotoweb-api-notes §6.2; spec 01 §4, §7): metadata edits and duplicates. */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskStatus } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, EDIT_REQUEST, requestsFor, sample } from '../../testing/requests.ts';

let sut: TestDam;
const { upload, get, patch, post, fileFields, userWith } = requestsFor(() => sut);
const REFERENCE = sample('iptc-xmp/IPTC-PhotometadataRef-Std2019.1_resized.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('background tasks (metadata-edit-request)', () => {
  it('edits several assets in the background: 201 with a location, polled until done with per-asset results', async () => {
    const urls = [await upload(sample('iptc-xmp/iptc-staff-photographer-example.jpg'), 'batch'), await upload(sample('iptc-xmp/BlueSquare.jpg'), 'batch')];
    const res = await post(
      '/fotoweb/me/background-tasks/',
      {
        assets: urls.map((href) => ({ href })),
        'job-metadata': [
          { field: 25, value: ['batch', 'edited'] },
          { field: 116, value: '© Magpie' },
        ],
      },
      sut.adminToken,
      EDIT_REQUEST,
    );
    expect(res.statusCode).toBe(201);
    const created = res.json() as { location: string; status: string; maxInterval: number };
    expect(created).toEqual({ location: expect.stringMatching(/^\/fotoweb\/me\/background-tasks\/[A-Za-z0-9_-]+$/), status: 'pending', maxInterval: 5000 });
    expect(res.headers.location).toBe(created.location);
    await sut.ctx.worker.drain();
    const poll = await sut.app.inject({ method: 'GET', url: created.location, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.task-status+json' } });
    expect(poll.statusCode).toBe(200);
    const status = poll.json() as TaskStatus;
    expect(status.task).toMatchObject({ type: 'metadata-edit', status: 'done', href: created.location });
    expect(status.job).toMatchObject({ status: 'done', updates: { frequency: 1000 }, progress: { done: 2, total: 2 } });
    expect(status.job.result.map((r) => r.href)).toEqual(urls);
    for (const result of status.job.result) {
      expect(result.done).toBe(true);
      expect(result['changed-fields']).toContainEqual({ field: 25, value: ['batch', 'edited'] });
      expect(result['changed-builtinFields']).toContainEqual({ field: 'tags', value: ['batch', 'edited'] });
    }
    for (const url of urls) {
      expect((await get(url)).metadata).toMatchObject({ 25: { value: ['batch', 'edited'] }, 116: { value: '© Magpie' } });
      expect(await fileFields(url)).toMatchObject({ 25: ['batch', 'edited'], 116: '© Magpie' });
    }
    const stranger = await sut.createUser('stranger');
    expect((await sut.app.inject({ method: 'GET', url: created.location, headers: bearer(stranger.token) })).statusCode).toBe(404);
  });

  it('checks assets, permissions, fields and the media type before creating the task', async () => {
    const href = '/fotoweb/archives/5000-Photos/batch/BlueSquare.jpg.info';
    const body = (assets: string[], fields: unknown[] = [{ field: 5, value: 'x' }]) => ({ assets: assets.map((h) => ({ href: h })), 'job-metadata': fields });
    const unknown = await post('/fotoweb/me/background-tasks/', body([href, '/fotoweb/archives/5000-Photos/none.jpg.info']), sut.adminToken, EDIT_REQUEST);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'assets.1.href', message: expect.any(String) }]);
    const badField = await post(
      '/fotoweb/me/background-tasks/',
      body(
        [href],
        [
          { field: 5, value: 'ok' },
          { field: 55, value: '2020-01-01' },
        ],
      ),
      sut.adminToken,
      EDIT_REQUEST,
    );
    expect(badField.statusCode).toBe(400);
    expect(badField.json().issues).toEqual([{ path: 'job-metadata.1', message: expect.stringContaining('read-only') }]);
    const reader = await userWith('batch-reader', ['View']);
    expect((await post('/fotoweb/me/background-tasks/', body([href]), reader.token, EDIT_REQUEST)).statusCode).toBe(403);
    expect((await post('/fotoweb/me/background-tasks/', body([href]), sut.adminToken, 'application/vnd.fotoware.action-request+json')).statusCode).toBe(415);
    expect((await post('/fotoweb/me/background-tasks/', { assets: [], 'job-metadata': [] }, sut.adminToken, EDIT_REQUEST)).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me/background-tasks/unknown', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
  });
});

describe('background tasks (duplicate-request)', () => {
  beforeAll(async () => {
    // An asset with two revisions, as the revisions tests leave it: revision 1 as ingested, then a title change.
    const url = await upload(REFERENCE, 'history');
    expect((await patch(url, { 5: { value: 'Retitled' } })).statusCode).toBe(200);
    await sut.ctx.worker.drain();
  });

  it("duplicates an asset at a revision (duplicate-request) into a new asset with that revision's metadata, in the file too", async () => {
    const url = `/fotoweb/archives/5000-Photos/history/${path.basename(REFERENCE.path)}.info`;
    const current = await get(url);
    const DUPLICATE = 'application/vnd.fotoware.duplicate-request+json';
    const res = await post('/fotoweb/me/background-tasks/', { assets: [{ href: url, revision: 1 }, { href: url }] }, sut.adminToken, DUPLICATE);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.duplicate-response+json');
    await sut.ctx.worker.drain();
    const status = await get<TaskStatus>(res.json().location);
    expect(status.job.status).toBe('done');
    const [atFirst, asNow] = status.job.result;
    const base = path.basename(REFERENCE.path, '.jpg');
    expect(atFirst).toMatchObject({ done: true, 'result-filename': `${base} (2).jpg`, 'result-href': url.replace(`${base}.jpg`, `${base}%20(2).jpg`) });
    expect(asNow).toMatchObject({ done: true, 'result-filename': `${base} (3).jpg` });
    const copy = await get(atFirst!['result-href']!);
    expect(copy.metadata['5']).toEqual({ value: REFERENCE.exiftool.Title.XMP });
    expect(copy.contentHash).toBe(current.contentHash);
    expect((await get(asNow!['result-href']!)).metadata).toEqual(current.metadata);
    expect(await fileFields(atFirst!['result-href']!)).toMatchObject({ 5: REFERENCE.exiftool.Title.XMP, 25: REFERENCE.exiftool.Keywords.XMP });

    const unknown = await post('/fotoweb/me/background-tasks/', { assets: [{ href: url, revision: 99 }] }, sut.adminToken, DUPLICATE);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toEqual([{ path: 'assets.0.revision', message: 'Revision 99 does not exist.' }]);
    const plain = await sut.createUser('no-duplicates');
    expect((await post('/fotoweb/me/background-tasks/', { assets: [{ href: url }] }, plain.token, DUPLICATE)).statusCode).toBe(403);
  });
});
