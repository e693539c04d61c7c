import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, MetadataView, MetadataViewUpdate, Revision, RevisionList, TaskStatus } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { readMetadata } from '../../media/metadata.ts';
import { DEFAULT_METADATA_VIEW } from '../../metadata/default-view.ts';
import { BackgroundTasksRepository } from '../../repositories/background-tasks.repository.ts';

/** One sample as ExifTool read it (manifest.json). */
interface Sample {
  path: string;
  exiftool: { Title: { XMP: string | null }; Keywords: { XMP: string[] | null }; Description: { XMP: string | null } };
}
const MANIFEST = JSON.parse(fs.readFileSync(path.join(SAMPLES_DIR, 'manifest.json'), 'utf8')) as Sample[];
const sample = (p: string) => MANIFEST.find((s) => s.path === p)!;
const STRINGS = sample('iptc-xmp/Photoshop_test_strings.jpg');
const PHOTOMECHANIC = sample('iptc-xmp/metapm_PhotoMechanic.jpg');
const EMPTY = sample('iptc-xmp/metaphotoshop.jpg');
const REFERENCE = sample('iptc-xmp/IPTC-PhotometadataRef-Std2019.1_resized.jpg');

let sut: TestDam;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ASSET_UPDATE = 'application/vnd.fotoware.assetupdate+json';
const EDIT_REQUEST = 'application/vnd.fotoware.metadata-edit-request+json';

async function upload(file: Sample, folder: string): Promise<string> {
  const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, file.path), { folder });
  expect(status.status).toBe('done');
  return status.result!.assetUrl;
}
const get = async <T = Asset>(url: string, token = sut.adminToken) => (await sut.app.inject({ method: 'GET', url, headers: bearer(token) })).json() as T;
const patch = (url: string, metadata: unknown, token = sut.adminToken, contentType = ASSET_UPDATE) =>
  sut.app.inject({ method: 'PATCH', url, headers: { ...bearer(token), 'content-type': contentType }, payload: JSON.stringify({ metadata }) });
const post = (url: string, body?: unknown, token = sut.adminToken, contentType = 'application/json') =>
  sut.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': contentType }) }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
/** The stored original of an asset, read again with ExifTool through Magpie's field mapping. */
async function fileFields(assetUrl: string) {
  const match = /^\/fotoweb\/archives\/5000-Photos\/(.+)\/([^/]+)\.info$/.exec(assetUrl)!;
  const row = await sut.ctx.repos.assets.findByPath(5000, decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  return (await readMetadata(sut.ctx.files.localPath(row!.storage_key))).fields;
}
async function userWith(name: string, permissions: string[]) {
  const user = await sut.createUser(name);
  await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: user.id, permissions });
  return user;
}

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
});

describe('metadata views', () => {
  it('links every asset to its archive view, which maps the built-in fields and the keywords taxonomy', async () => {
    const url = await upload(EMPTY, 'views');
    const asset = await get(url);
    expect(asset.metadataEditor).toEqual({ href: expect.stringMatching(/^\/fotoweb\/editors\/[0-9a-f-]{36}$/), name: 'Photos' });
    const res = await sut.app.inject({ method: 'GET', url: asset.metadataEditor!.href, headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.metadata-set+json' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.metadata-set+json');
    const view = res.json() as MetadataView;
    const ids = Object.fromEntries(Object.entries(view.builtinFields).map(([role, f]) => [role, f?.field.id]));
    expect(ids).toEqual(DEFAULT_METADATA_VIEW.builtinFields);
    expect(view.builtinFields.tags).toMatchObject({ field: { id: 25, 'multi-instance': true, taxonomyHref: '/fotoweb/api/taxonomies/25/' }, isWritable: true });
    const fields = view.detailRegions.flatMap((r) => r.fields);
    expect(fields.find((f) => f.field.id === 55)).toMatchObject({ isWritable: false, field: { 'data-type': 'date' } });
    const collection = await get<{ metadataEditor: unknown }>('/fotoweb/archives/5000-Photos/');
    expect(collection.metadataEditor).toEqual(asset.metadataEditor);
  });

  it('answers 404 for unknown views and views of archives the caller cannot see', async () => {
    const hidden = await sut.ctx.repos.archives.create({ name: 'Hidden' });
    const user = await sut.createUser('viewer');
    const viewOf = (archiveId: number) => `/fotoweb/editors/00000000-0000-4000-8000-${String(archiveId).padStart(12, '0')}`;
    expect((await sut.app.inject({ method: 'GET', url: viewOf(hidden.id), headers: bearer(user.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/editors/nope', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: viewOf(5000), headers: bearer(user.token) })).statusCode).toBe(200);
  });

  it('lets administrators change a view (PUT), refuses others (403) and bad views (400), and applies it to the next edit', async () => {
    const url = await upload(PHOTOMECHANIC, 'view-change');
    const href = (await get(url)).metadataEditor!.href;
    const changed: MetadataViewUpdate = structuredClone(DEFAULT_METADATA_VIEW);
    changed.name = 'Newsroom';
    changed.detailRegions[0]!.fields[0]!.required = true; // Title
    const put = (body: unknown, token = sut.adminToken) =>
      sut.app.inject({ method: 'PUT', url: href, headers: { ...bearer(token), 'content-type': 'application/vnd.fotoware.metadata-set+json' }, payload: JSON.stringify(body) });
    const user = await sut.createUser('not-admin');
    expect((await put(changed, user.token)).statusCode).toBe(403);
    const duplicate = structuredClone(changed);
    duplicate.detailRegions[1]!.fields.push(duplicate.detailRegions[0]!.fields[0]!);
    const bad = await put(duplicate);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ value: 'InvalidRequest', issues: [{ path: 'detailRegions' }] });
    const ok = await put(changed);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Newsroom', builtinFields: { title: { required: true } } });
    expect((await get(url)).builtinFields.find((f) => f.field === 'title')).toEqual({ field: 'title', required: true, value: PHOTOMECHANIC.exiftool.Title.XMP });
    const listed = await get<{ assets: { data: Asset[] } }>('/fotoweb/archives/5000-Photos/view-change/');
    expect(listed.assets.data[0]!.builtinFields.find((f) => f.field === 'title')?.required).toBe(true);
    const cleared = await patch(url, { 5: { value: '' } });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().issues).toEqual([{ path: 'metadata.5', message: 'Title (5) is required.' }]);
    expect((await put(DEFAULT_METADATA_VIEW)).statusCode).toBe(200);
  });
  it('makes a taxonomy-only field take only values its taxonomy items carry with Set', async () => {
    const url = await upload(sample('iptc-xmp/Canon_EOS_600D_keywords.jpg'), 'taxonomy-only');
    const href = (await get(url)).metadataEditor!.href;
    const view: MetadataViewUpdate = structuredClone(DEFAULT_METADATA_VIEW);
    view.detailRegions[0]!.fields.find((f) => f.field.id === 25)!['taxonomy-only'] = true;
    const put = (body: unknown) => sut.app.inject({ method: 'PUT', url: href, headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    expect((await put(view)).statusCode).toBe(200);
    const item = (body: unknown) => post('/fotoweb/api/taxonomies/25/', body);
    expect((await item({ name: 'Harbour', value: 'harbour' })).statusCode).toBe(201);
    expect((await item({ name: 'Places', value: 'places', acl: ['Navigate', 'Query'] })).statusCode).toBe(201);
    expect((await patch(url, { 25: { value: ['harbour'] } })).statusCode).toBe(200);
    const refused = await patch(url, { 25: { value: ['harbour', 'places', 'boats'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().issues).toEqual([{ path: 'metadata.25', message: 'Keywords (25) takes values from its taxonomy only, not "places", "boats".' }]);
    expect((await put(DEFAULT_METADATA_VIEW)).statusCode).toBe(200);
  });
});

describe('PATCH <asset> (assetupdate)', () => {
  it('saves fields, answers the updated asset, makes a revision, updates search and writes the file', async () => {
    const url = await upload(STRINGS, 'patch');
    const before = await get(url);
    expect(before.metadata['5']).toEqual({ value: STRINGS.exiftool.Title.XMP });
    const res = await patch(url, { 5: { value: ' Harbour at dawn ' }, 25: { value: ['boats', 'harbour', 'boats'] }, 90: { value: 'Bergen' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/vnd.fotoware.asset+json');
    const asset = res.json() as Asset;
    expect(asset.metadata).toMatchObject({ 5: { value: 'Harbour at dawn' }, 25: { value: ['boats', 'harbour'] }, 90: { value: 'Bergen' } });
    expect(asset.metadata['120']).toEqual(before.metadata['120']);
    expect(asset.builtinFields.find((f) => f.field === 'title')?.value).toBe('Harbour at dawn');
    expect(asset.revisioncount).toBe(2);
    expect(asset.metadataWriteback).toEqual({ status: 'pending', message: null });
    const found = await get<{ assets: { data: Asset[] } }>(`/fotoweb/archives/5000-Photos/?q=${encodeURIComponent('90:Bergen')}`);
    expect(found.assets.data.map((a) => a.href)).toEqual([url]);

    await sut.ctx.worker.drain();
    const written = await get(url);
    expect(written.metadataWriteback).toEqual({ status: 'written', message: null });
    expect(await fileFields(url)).toMatchObject({ 5: 'Harbour at dawn', 25: ['boats', 'harbour'], 90: 'Bergen', 120: STRINGS.exiftool.Description.XMP });
    expect(written.filesize).toBe(fs.statSync(sut.ctx.files.localPath((await sut.ctx.repos.assets.findById(Number(written.uniqueid)))!.storage_key)).size);
    expect(written.contentHash).toBe(before.contentHash);
  });

  it('keeps every one of several saves sent at once, in the database and in the file', async () => {
    const url = await upload(sample('iptc-xmp/IPTC-PhotometadataRef-Std2021.1.jpg'), 'concurrent');
    const edits = { 90: 'Oslo', 95: 'Viken', 101: 'Norway', 110: 'Credit line', 115: 'Source' };
    const answers = await Promise.all(Object.entries(edits).map(([id, value]) => patch(url, { [id]: { value } })));
    expect(answers.map((a) => a.statusCode)).toEqual(Object.keys(edits).map(() => 200));
    const asset = await get(url);
    expect(asset.revisioncount).toBe(1 + Object.keys(edits).length);
    expect(Object.fromEntries(Object.keys(edits).map((id) => [id, asset.metadata[id]?.value]))).toEqual(edits);
    await sut.ctx.worker.drain();
    expect(await fileFields(url)).toMatchObject(edits);
    expect((await get(url)).metadataWriteback?.status).toBe('written');
  });

  it('clears a bag with [] and a single field with "", and a body that changes nothing makes no revision', async () => {
    const url = await upload(sample('iptc-xmp/ESA_Hubble_Jupiter.jpg'), 'clear');
    const cleared = (await patch(url, { 25: { value: [] }, 5: { value: '' } })).json() as Asset;
    expect(cleared.metadata['25']).toBeUndefined();
    expect(cleared.metadata['5']).toBeUndefined();
    const same = (await patch(url, { 25: { value: [] } })).json() as Asset;
    expect(same.revisioncount).toBe(cleared.revisioncount);
    await sut.ctx.worker.drain();
    const fields = await fileFields(url);
    expect(fields['25']).toBeUndefined();
    expect(fields['5']).toBeUndefined();
  });

  it.each([
    ['an unknown field', { 9999: { value: 'x' } }, 'metadata.9999', 'not in this archive'],
    ['a read-only field', { 55: { value: '2020-01-01' } }, 'metadata.55', 'read-only'],
    ['a list for a single field', { 5: { value: ['a', 'b'] } }, 'metadata.5', 'one value'],
    ['a value over max-size', { 5: { value: 'x'.repeat(65) } }, 'metadata.5', 'longer than 64'],
    ['a value failing the regexp', { 100: { value: 'no' } }, 'metadata.100', 'Two or three capital letters'],
    ['a number out of range', { 320: { value: '9' } }, 'metadata.320', 'from 0 to 5'],
    ['a value outside a dropdown', { 10: { value: 'Lost' } }, 'metadata.10', 'one of'],
    ['a line break in a one-line field', { 5: { value: 'a\nb' } }, 'metadata.5', 'line breaks'],
  ])('answers 400 for %s and saves nothing', async (_name, metadata, issuePath, message) => {
    const url = (await sut.ctx.repos.assets.findByPath(5000, 'patch', 'Photoshop_test_strings.jpg'))!;
    const href = `/fotoweb/archives/5000-Photos/patch/Photoshop_test_strings.jpg.info`;
    const res = await patch(href, { ...metadata, 90: { value: 'Oslo' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ value: 'InvalidRequest', heading: 'Invalid request' });
    expect(res.json().issues).toEqual([{ path: issuePath, message: expect.stringContaining(message) }]);
    expect((await sut.ctx.repos.assets.findById(url.id))!.metadata).toEqual(url.metadata);
  });

  it('answers 400 for a malformed body, 403 without EditText, 404 for unknown or hidden assets, 415 for other media types', async () => {
    const href = `/fotoweb/archives/5000-Photos/patch/Photoshop_test_strings.jpg.info`;
    expect((await sut.app.inject({ method: 'PATCH', url: href, headers: { ...bearer(sut.adminToken), 'content-type': ASSET_UPDATE }, payload: '{"metadata":{"x":1}}' })).statusCode).toBe(400);
    const reader = await userWith('reader', ['View', 'Preview']);
    const forbidden = await patch(href, { 5: { value: 'x' } }, reader.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().value).toBe('Forbidden');
    expect((await patch('/fotoweb/archives/5000-Photos/patch/missing.jpg.info', { 5: { value: 'x' } })).statusCode).toBe(404);
    const outsider = await sut.createUser('outsider');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: outsider.id, permissions: [] });
    const hidden = await sut.app.inject({ method: 'PATCH', url: href.replace('5000-Photos', '4999-Nope'), headers: { ...bearer(outsider.token), 'content-type': ASSET_UPDATE }, payload: '{"metadata":{}}' });
    expect(hidden.statusCode).toBe(404);
    expect((await patch(href, { 5: { value: 'x' } }, sut.adminToken, 'text/plain')).statusCode).toBe(415);
  });
});

describe('metadata given with an upload (Upload API metadata.fields)', () => {
  it('applies add, append, prepend and erase after the ingest as a revision by the uploader, and reports refused fields', async () => {
    const file = sample('iptc-xmp/ESA_Hubble_Jupiter_variant.jpg') as Sample & { exiftool: { Keywords: { XMP: string[] } } };
    const fields = [
      { id: 5, value: 'Given on upload' },
      { id: 25, action: 'append', value: ['uploaded'] },
      { id: 90, action: 'prepend', value: 'Noordwijk' },
      { id: 120, action: 'erase' },
      { id: 9999, value: 'nowhere' },
      { id: 55, value: '2020-01-01' },
    ];
    const status = await sut.upload(sut.adminToken, '/fotoweb/archives/5000-Photos/', path.join(SAMPLES_DIR, file.path), { folder: 'upload-metadata', metadata: { fields } });
    expect(status.status).toBe('done');
    const asset = await get(status.result!.assetUrl);
    expect(asset.metadata['5']).toEqual({ value: 'Given on upload' });
    expect(asset.metadata['25']).toEqual({ value: [...file.exiftool.Keywords.XMP, 'uploaded'] });
    expect(asset.metadata['90']).toEqual({ value: 'Noordwijk' });
    expect(asset.metadata['120']).toBeUndefined();
    expect(asset.warnings).toEqual(expect.arrayContaining([expect.stringContaining('Field 9999'), expect.stringContaining('Date Created (55) is read-only')]));
    const [newest] = (await get<RevisionList>(asset.revisions.href)).data;
    expect(newest).toMatchObject({ number: 2, kind: 'metadata', createdBy: 'admin', comment: 'Metadata given with the upload.' });
    await sut.ctx.worker.drain();
    expect(await fileFields(status.result!.assetUrl)).toMatchObject({ 5: 'Given on upload', 25: [...file.exiftool.Keywords.XMP, 'uploaded'] });
  });
});

describe('background tasks (metadata-edit-request)', () => {
  it('edits several assets in the background: 201 with a location, polled until done with per-asset results', async () => {
    const urls = [await upload(sample('iptc-xmp/iptc-staff-photographer-example.jpg'), 'batch'), await upload(sample('iptc-xmp/BlueSquare.jpg'), 'batch')];
    const res = await post('/fotoweb/me/background-tasks/', { assets: urls.map((href) => ({ href })), 'job-metadata': [{ field: 25, value: ['batch', 'edited'] }, { field: 116, value: '© Magpie' }] }, sut.adminToken, EDIT_REQUEST);
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
    const badField = await post('/fotoweb/me/background-tasks/', body([href], [{ field: 5, value: 'ok' }, { field: 55, value: '2020-01-01' }]), sut.adminToken, EDIT_REQUEST);
    expect(badField.statusCode).toBe(400);
    expect(badField.json().issues).toEqual([{ path: 'job-metadata.1', message: expect.stringContaining('read-only') }]);
    const reader = await userWith('batch-reader', ['View']);
    expect((await post('/fotoweb/me/background-tasks/', body([href]), reader.token, EDIT_REQUEST)).statusCode).toBe(403);
    expect((await post('/fotoweb/me/background-tasks/', body([href]), sut.adminToken, 'application/vnd.fotoware.rename-request+json')).statusCode).toBe(415);
    expect((await post('/fotoweb/me/background-tasks/', { assets: [] , 'job-metadata': [] }, sut.adminToken, EDIT_REQUEST)).statusCode).toBe(400);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/me/background-tasks/unknown', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
  });
  it('continues a task after a crash: assets with a result are not edited again', async () => {
    const done = '/fotoweb/archives/5000-Photos/batch/BlueSquare.jpg.info';
    const todo = '/fotoweb/archives/5000-Photos/batch/iptc-staff-photographer-example.jpg.info';
    const ids = await Promise.all([done, todo].map(async (href) => Number((await get(href)).uniqueid)));
    const counts = await Promise.all([done, todo].map(async (href) => (await get(href)).revisioncount));
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const tasks = new BackgroundTasksRepository(sut.ctx.database.db);
    const request = { assets: [{ href: done, assetId: ids[0] }, { href: todo, assetId: ids[1] }], fields: { 40: { value: 'Resumed' } } };
    await tasks.create({ id: 'resumed-task', userId: admin.id, type: 'metadata-edit', request, total: 2 });
    await tasks.appendResult('resumed-task', { href: done, done: true, 'changed-fields': [], 'changed-builtinFields': [], error: null });
    await sut.ctx.backgroundTasks.run('resumed-task');
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/resumed-task');
    expect(status.job).toMatchObject({ status: 'done', progress: { done: 2, total: 2 } });
    expect(status.job.result[1]).toMatchObject({ href: todo, done: true, 'changed-fields': [{ field: 40, value: 'Resumed' }] });
    expect((await get(done)).revisioncount).toBe(counts[0]);
    expect((await get(todo)).revisioncount).toBe(counts[1]! + 1);
  });
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

  it('duplicates an asset at a revision (duplicate-request) into a new asset with that revision\'s metadata, in the file too', async () => {
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

  it('records an asset whose duplicate cannot be made as failed, and ends the task failed when none succeeded', async () => {
    const href = `/fotoweb/archives/5000-Photos/history/${path.basename(REFERENCE.path)}.info`;
    const row = (await sut.ctx.repos.assets.findByPath(5000, 'history', path.basename(REFERENCE.path)))!;
    const admin = (await sut.ctx.repos.users.findByUsername('admin'))!;
    const file = sut.ctx.files.localPath(row.storage_key);
    await new BackgroundTasksRepository(sut.ctx.database.db).create({ id: 'lost-file', userId: admin.id, type: 'duplicate', request: { assets: [{ href, assetId: row.id }] }, total: 1 });
    fs.renameSync(file, `${file}.away`);
    try {
      await sut.ctx.backgroundTasks.run('lost-file');
    } finally {
      fs.renameSync(`${file}.away`, file);
    }
    const status = await get<TaskStatus>('/fotoweb/me/background-tasks/lost-file');
    expect(status.job.status).toBe('failed');
    expect(status.job.result).toEqual([{ href, done: false, 'changed-fields': [], 'changed-builtinFields': [], error: { value: 'TaskFailed', message: expect.stringContaining('no such file') } }]);
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
