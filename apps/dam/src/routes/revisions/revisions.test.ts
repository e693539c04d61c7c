/** An asset's revisions under `<asset>/__revisions/` (spec 01 §7 Revisions). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, Revision, RevisionList } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';

let sut: TestDam;
const { upload, get, patch, post, fileFields, userWith } = requestsFor(() => sut);
const REFERENCE = sample('iptc-xmp/IPTC-PhotometadataRef-Std2019.1_resized.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('revisions', () => {
  it('lists who changed what, compares revisions, rolls back and restores the database and the file', async () => {
    const url = await upload(REFERENCE, 'history');
    const revisionsUrl = (await get(url)).revisions.href;
    expect(revisionsUrl).toBe(url.replace(/\.info$/, '/__revisions/'));
    const original = { 5: REFERENCE.exiftool.Title.XMP!, 25: REFERENCE.exiftool.Keywords.XMP! };
    expect(await fileFields(url)).toMatchObject(original);
    await patch(url, { 5: { value: 'Second title' } });
    await patch(url, { 25: { value: ['third'] }, 5: { value: 'Third title' } });

    const list = await get<RevisionList>(revisionsUrl);
    expect(list.data.map((r) => [r.number, r.kind, r.current, r.createdBy])).toEqual([
      [3, 'metadata', true, 'admin'],
      [2, 'metadata', false, 'admin'],
      [1, 'ingest', false, 'admin'],
    ]);
    expect(list.data[1]!.changes).toEqual([{ field: 5, label: 'Title', before: original[5], after: 'Second title' }]);
    expect(list.data[0]!.href).toBe(`${revisionsUrl}3`);
    expect((await get<Revision>(`${revisionsUrl}2`)).number).toBe(2);

    const compare = await post(`${revisionsUrl}compare`, { leftRevision: 1, rightRevision: 3 });
    expect(compare.statusCode).toBe(200);
    expect(compare.json()).toEqual({
      leftRevision: 1,
      rightRevision: 3,
      fileDiffers: false,
      differences: [
        { field: 5, label: 'Title', before: original[5], after: 'Third title' },
        { field: 25, label: 'Keywords', before: original[25], after: ['third'] },
      ],
    });

    const undo = await post(`${revisionsUrl}3/rollback`);
    expect(undo.statusCode).toBe(200);
    expect((undo.json() as Asset).metadata).toMatchObject({ 5: { value: 'Second title' }, 25: { value: original[25] } });
    await sut.ctx.worker.drain();
    expect(await fileFields(url)).toMatchObject({ 5: 'Second title', 25: original[25] });

    const restore = await post(`${revisionsUrl}1/rollback-to`, { rollbackType: 'metadata' });
    expect(restore.statusCode).toBe(200);
    const restored = restore.json() as Asset;
    expect(restored.revisioncount).toBe(5);
    expect((await get<RevisionList>(revisionsUrl)).data[0]).toMatchObject({ number: 5, kind: 'rollback', rolledBackTo: 1 });
    const first = await get<Revision>(`${revisionsUrl}1`);
    expect((await sut.ctx.repos.assets.findById(Number(restored.uniqueid)))!.metadata).toMatchObject(original);
    expect(Object.fromEntries(Object.entries(restored.metadata).map(([k, v]) => [k, v.value]))).toMatchObject(original);
    expect((await post(`${revisionsUrl}compare`, { leftRevision: 1, rightRevision: 5 })).json().differences).toEqual([]);
    expect(first.kind).toBe('ingest');
    await sut.ctx.worker.drain();
    expect(await fileFields(url)).toMatchObject(original);
  });

  it('deletes older revisions only (409 for the current), and checks HistoryView, HistoryManage and HistoryRollback', async () => {
    const url = (await get(`/fotoweb/archives/5000-Photos/history/${path.basename(REFERENCE.path)}.info`)).revisions.href;
    const viewer = await userWith('history-viewer', ['View', 'HistoryView']);
    expect((await sut.app.inject({ method: 'GET', url, headers: bearer(viewer.token) })).statusCode).toBe(200);
    expect((await sut.app.inject({ method: 'DELETE', url: `${url}2`, headers: bearer(viewer.token) })).statusCode).toBe(403);
    expect((await post(`${url}2/rollback`, undefined, viewer.token)).statusCode).toBe(403);
    const plain = await userWith('no-history', ['View']);
    expect((await sut.app.inject({ method: 'GET', url, headers: bearer(plain.token) })).statusCode).toBe(403);

    const current = (await get<RevisionList>(url)).data[0]!.number;
    const conflict = await sut.app.inject({ method: 'DELETE', url: `${url}${current}`, headers: bearer(sut.adminToken) });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().value).toBe('Conflict');
    expect((await sut.app.inject({ method: 'DELETE', url: `${url}2`, headers: bearer(sut.adminToken) })).statusCode).toBe(204);
    expect((await get<RevisionList>(url)).data.map((r) => r.number)).not.toContain(2);
    expect((await sut.app.inject({ method: 'GET', url: `${url}2`, headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: `${url}x`, headers: bearer(sut.adminToken) })).statusCode).toBe(400);
    expect((await post(`${url}1/rollback`)).statusCode).toBe(409);
    expect((await post(`${url}compare`, { leftRevision: 1 })).statusCode).toBe(400);
    expect((await post(`${url}compare`, { leftRevision: 1, rightRevision: 99 })).statusCode).toBe(404);
    expect((await post(`${url}1/rollback-to`, { rollbackType: 'everything' })).statusCode).toBe(400);
  });

  it('makes a file revision for a new version uploaded to the asset URL, keeping the metadata, and rolls the file back', async () => {
    const url = await upload(sample('iptc-xmp/iptc-independent-photographer-example.jpg'), 'versions');
    await patch(url, { 5: { value: 'Kept across versions' } });
    const before = await get(url);
    const next = path.join(SAMPLES_DIR, 'iptc-xmp/iptc-agency-photographer-example.jpg');
    const status = await sut.upload(sut.adminToken, url, next);
    expect(status).toMatchObject({ status: 'done', result: { assetUrl: url } });
    const after = await get(url);
    expect(after.contentHash).not.toBe(before.contentHash);
    expect(after.metadata['5']).toEqual({ value: 'Kept across versions' });
    const [newest] = (await get<RevisionList>(after.revisions.href)).data;
    expect(newest).toMatchObject({ kind: 'file', fileChanged: true, contentHash: after.contentHash, filesize: fs.statSync(next).size });
    await sut.ctx.worker.drain();
    expect((await fileFields(url))['5']).toBe('Kept across versions');

    const again = await sut.upload(sut.adminToken, url, next);
    expect(again).toMatchObject({ status: 'failed', error: { value: 'DuplicateAsset' } });

    const back = await post(`${after.revisions.href}${newest!.number - 1}/rollback-to`, { rollbackType: 'file' });
    expect(back.statusCode).toBe(200);
    expect((back.json() as Asset).contentHash).toBe(before.contentHash);
    expect((back.json() as Asset).metadata['5']).toEqual({ value: 'Kept across versions' });

    const third = path.join(SAMPLES_DIR, 'photos/small/Canon_40D.jpg');
    expect((await sut.upload(sut.adminToken, url, third)).status).toBe('done');
    const [thirdRevision] = (await get<RevisionList>(after.revisions.href)).data;
    expect(thirdRevision).toMatchObject({ kind: 'file', filesize: fs.statSync(third).size });
    const undo = await post(`${after.revisions.href}${thirdRevision!.number}/rollback`);
    expect(undo.statusCode).toBe(200);
    expect((undo.json() as Asset).contentHash).toBe(before.contentHash);
    expect((undo.json() as Asset).attributes.imageattributes?.pixelwidth).toBe(before.attributes.imageattributes?.pixelwidth);
  });
});
