/** Metadata views (`/fotoweb/editors/{id}`, issue 5; fotoweb-api-notes §4). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asset, MetadataView, MetadataViewUpdate } from '@magpie/api-types';
import { createTestDam, type TestDam } from '../../testing/harness.ts';
import { bearer, requestsFor, sample } from '../../testing/requests.ts';
import { DEFAULT_METADATA_VIEW } from '../../metadata/default-view.ts';

let sut: TestDam;
const { upload, get, patch, post } = requestsFor(() => sut);
const PHOTOMECHANIC = sample('iptc-xmp/metapm_PhotoMechanic.jpg');
const EMPTY = sample('iptc-xmp/metaphotoshop.jpg');

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
    const res = await sut.app.inject({
      method: 'GET',
      url: asset.metadataEditor!.href,
      headers: { ...bearer(sut.adminToken), accept: 'application/vnd.fotoware.metadata-set+json' },
    });
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
    // The thumbnail's lines (issue 16): the file name, then the title and the tags fields, as the asset fills them.
    expect(view.thumbnailFields.label).toMatchObject({ field: null, valueStore: 'filename', views: ['mobile', 'desktop', 'widgets', 'web', 'pro'] });
    expect(view.thumbnailFields.firstLine).toMatchObject({ field: { id: DEFAULT_METADATA_VIEW.builtinFields.title }, valueStore: 'metadata', isWritable: true });
    expect(view.thumbnailFields.secondLine).toMatchObject({ field: { id: 25, 'multi-instance': true }, valueStore: 'metadata' });
    expect(view.thumbnailFields.additionalFields).toEqual([]);
    expect(asset.thumbnailFields.label.value).toBe(asset.filename);
  });

  it('answers 404 for unknown views and views of archives the caller cannot see', async () => {
    const hidden = await sut.ctx.repos.archives.create({ name: 'Hidden' });
    const user = await sut.createUser('viewer');
    const viewOf = (archiveId: number) => `/fotoweb/editors/00000000-0000-4000-8000-${String(archiveId).padStart(12, '0')}`;
    expect((await sut.app.inject({ method: 'GET', url: viewOf(hidden.id), headers: bearer(user.token) })).statusCode).toBe(404);
    expect((await sut.app.inject({ method: 'GET', url: '/fotoweb/editors/nope', headers: bearer(sut.adminToken) })).statusCode).toBe(404);
    // A number no archive id can reach names no view (not a database error).
    const huge = await sut.app.inject({ method: 'GET', url: '/fotoweb/editors/00000000-0000-4000-8000-999999999999', headers: bearer(sut.adminToken) });
    expect(huge.statusCode).toBe(404);
    expect(huge.json().value).toBe('NotFound');
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
    const put = (body: unknown) =>
      sut.app.inject({ method: 'PUT', url: href, headers: { ...bearer(sut.adminToken), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
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
