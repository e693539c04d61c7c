/** Saving an asset's metadata: `PATCH <asset>` (assetupdate) and the fields given with an upload (issue 5). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, RevisionList } from '@magpie/api-types';
import { createTestDam, SAMPLES_DIR, type TestDam } from '../../testing/harness.ts';
import { ASSET_UPDATE, bearer, requestsFor, sample, type Sample } from '../../testing/requests.ts';

let sut: TestDam;
const { upload, get, patch, fileFields, userWith } = requestsFor(() => sut);
const STRINGS = sample('iptc-xmp/Photoshop_test_strings.jpg');

beforeAll(async () => {
  sut = await createTestDam();
});
afterAll(async () => {
  await sut?.close();
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
    expect(
      (await sut.app.inject({ method: 'PATCH', url: href, headers: { ...bearer(sut.adminToken), 'content-type': ASSET_UPDATE }, payload: '{"metadata":{"x":1}}' })).statusCode,
    ).toBe(400);
    const reader = await userWith('reader', ['View', 'Preview']);
    const forbidden = await patch(href, { 5: { value: 'x' } }, reader.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().value).toBe('Forbidden');
    expect((await patch('/fotoweb/archives/5000-Photos/patch/missing.jpg.info', { 5: { value: 'x' } })).statusCode).toBe(404);
    const outsider = await sut.createUser('outsider');
    await sut.ctx.repos.archives.setAcl(5000, { principalType: 'user', principalId: outsider.id, permissions: [] });
    const hidden = await sut.app.inject({
      method: 'PATCH',
      url: href.replace('5000-Photos', '4999-Nope'),
      headers: { ...bearer(outsider.token), 'content-type': ASSET_UPDATE },
      payload: '{"metadata":{}}',
    });
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
